// The development-card ledger against brute force: random small ledgers (a small deck, so
// that its caps bind) whose every question is also answered by enumerating each kind of
// every unseen card. The ledger answers by a flow; this is the definition it must meet.
#include <array>
#include <catch2/catch.hpp>
#include <functional>
#include <optional>
#include <random>
#include <vector>

#include "core/dev_ledger.hpp"

namespace {

using catan::core::DevCard;
using catan::core::DevLedger;
using catan::core::kDevCardKinds;

constexpr int kInf = 1 << 20;

// The ledger's constraints as the test made them, and their definition by enumeration.
struct Model {
  std::array<int, kDevCardKinds> deck{};
  int players = 0;
  std::vector<DevLedger::Card> cards;
  std::vector<DevLedger::Bound> bounds;

  int cards_of(int p) const {
    int n = 0;
    for (const auto& c : cards) n += c.player == p;
    return n;
  }
  int bought_before(int p, int turn) const {
    int n = 0;
    for (const auto& c : cards) n += c.player == p && c.turn < turn;
    return n;
  }
  bool meets(const std::vector<int>& kind, const std::vector<DevLedger::Bound>& extra) const {
    std::array<int, kDevCardKinds> used{};
    for (int k : kind) ++used[k];
    for (int k = 0; k < kDevCardKinds; ++k)
      if (used[k] > deck[k]) return false;
    auto holds = [&](const DevLedger::Bound& b) {
      int seen = 0, n = 0;
      for (size_t i = 0; i < cards.size(); ++i) {
        if (cards[i].player != b.player) continue;
        if (seen++ >= b.prefix) break;
        n += kind[i] == static_cast<int>(b.kind);
      }
      return b.lo <= n && n <= b.hi;
    };
    for (const auto& b : bounds)
      if (!holds(b)) return false;
    for (const auto& b : extra)
      if (!holds(b)) return false;
    return true;
  }
  // Calls `f` with every assignment of kinds that meets the seen kinds (and `pin`).
  template <class F>
  void each(const std::optional<std::pair<size_t, DevCard>>& pin, F&& f) const {
    std::vector<int> kind(cards.size(), 0);
    std::function<void(size_t)> go = [&](size_t i) {
      if (i == cards.size()) return f(kind);
      for (int k = 0; k < kDevCardKinds; ++k) {
        if (cards[i].kind && static_cast<int>(*cards[i].kind) != k) continue;
        if (pin && pin->first == i && static_cast<int>(pin->second) != k) continue;
        kind[i] = k;
        go(i + 1);
      }
    };
    go(0);
  }
  bool feasible(const std::vector<DevLedger::Bound>& extra = {},
                const std::optional<std::pair<size_t, DevCard>>& pin = {}) const {
    bool any = false;
    each(pin, [&](const std::vector<int>& kind) { any = any || meets(kind, extra); });
    return any;
  }
  std::pair<int, int> vp_range(int p) const {
    int lo = kInf, hi = -1;
    each({}, [&](const std::vector<int>& kind) {
      if (!meets(kind, {})) return;
      int n = 0;
      for (size_t i = 0; i < cards.size(); ++i)
        n += cards[i].player == p && kind[i] == static_cast<int>(DevCard::VictoryPoint);
      lo = std::min(lo, n), hi = std::max(hi, n);
    });
    return {lo, hi};
  }
};

}  // namespace

TEST_CASE("dev ledger property: every answer is the brute-force answer", "[rules][view]") {
  std::mt19937 rng(20261205);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  int questions = 0, yes = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Model m;
    m.players = 1 + pick(3);
    for (int k = 0; k < kDevCardKinds; ++k) m.deck[k] = 1 + pick(3);
    DevLedger l(m.players, m.deck);
    int turn = 1, plays = 0, unseen = 0;
    std::vector<std::array<int, kDevCardKinds>> played(static_cast<size_t>(m.players));
    std::vector<int> revealed(static_cast<size_t>(m.players), 0);
    for (int step = 0; step < 14; ++step) {
      const int p = pick(m.players);
      const auto kind = static_cast<DevCard>(pick(kDevCardKinds));
      const int op = pick(10);
      if (op < 5 && unseen < 7) {  // a purchase, unseen more often than not
        std::optional<DevCard> k;
        if (pick(3) == 0) k = kind;
        INFO("trial " << trial << " step " << step << ": feasible_buy");
        const bool want = [&] {
          Model next = m;
          next.cards.push_back({p, kind, turn, step});
          return next.feasible();
        }();
        CHECK(l.feasible_buy(p, kind, turn, step) == want);
        ++questions;
        // The checker refuses a purchase no assignment allows (COMP-06): only feasible ones.
        Model next = m;
        next.cards.push_back({p, k, turn, step});
        if (!next.feasible()) continue;
        l.buy(p, k, turn, step);
        unseen += !k;
        m.cards.push_back({p, k, turn, step});
      } else if (op < 8) {  // a play, when the ledger allows it
        const int before = m.bought_before(p, turn);
        DevLedger::Bound b{p, kind, before, played[p][static_cast<int>(kind)] + 1, kInf};
        const bool want = kind != DevCard::VictoryPoint && m.feasible({b});
        if (kind == DevCard::VictoryPoint) continue;  // never played
        INFO("trial " << trial << " step " << step << ": feasible_play");
        CHECK(l.feasible_play(p, kind, turn) == want);
        ++questions;
        if (want) {
          l.play(p, kind, turn);
          ++played[p][static_cast<int>(kind)];
          m.bounds.push_back(b);
          ++plays;
        }
      } else if (op == 8) {  // a reveal, when some assignment has that many VP cards
        const DevLedger::Bound b = l.vp_bound(p, revealed[p] + 1, kInf);
        if (!m.feasible({b})) continue;
        l.reveal(p, 1);
        ++revealed[p];
        m.bounds.push_back(b);
      } else {  // a bound on VP cards, as a possible win the log went past adds
        const DevLedger::Bound b = l.vp_bound(p, 0, pick(3));
        if (!m.feasible({b})) continue;
        l.add(b);
        m.bounds.push_back(b);
      }
      turn += pick(2);
      // Every question about the ledger now.
      INFO("trial " << trial << " step " << step);
      REQUIRE(l.feasible() == m.feasible());
      for (int q = 0; q < m.players; ++q) {
        const auto [lo, hi] = m.vp_range(q);
        CHECK(l.min_vp(q) == lo);
        CHECK(l.max_vp(q) == hi);
        const DevLedger::Bound exact = l.vp_bound(q, pick(3), pick(4));
        CHECK(l.feasible({exact}) == m.feasible({exact}));
        questions += 3;
      }
      for (size_t i = 0; i < m.cards.size(); ++i) {
        const auto kind = static_cast<DevCard>(pick(kDevCardKinds));
        const bool want = m.feasible({}, std::pair<size_t, DevCard>{i, kind});
        yes += want;
        CHECK(l.possible_kind(i, kind) == want);
        ++questions;
      }
    }
    (void)plays;
  }
  // The cases are not all one answer.
  CHECK(questions > 5000);
  CHECK(yes > questions / 10);
  CHECK(yes < questions);
}
