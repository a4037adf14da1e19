#include "core/dev_ledger.hpp"

#include <algorithm>
#include <climits>

namespace catan::core {
namespace {

// A small max-flow (augmenting paths by depth-first search): the networks here have at most
// a few hundred edges and a flow of at most a few dozen units.
class Flow {
 public:
  explicit Flow(int nodes) : adj_(static_cast<size_t>(nodes)) {}
  void edge(int u, int v, int cap) {
    if (cap <= 0) return;
    adj_[u].push_back(static_cast<int>(to_.size()));
    to_.push_back(v), cap_.push_back(cap);
    adj_[v].push_back(static_cast<int>(to_.size()));
    to_.push_back(u), cap_.push_back(0);
  }
  int max_flow(int s, int t) {
    int total = 0;
    for (;;) {
      seen_.assign(adj_.size(), 0);
      int f = push(s, t, INT_MAX);
      if (f == 0) return total;
      total += f;
    }
  }

 private:
  std::vector<std::vector<int>> adj_;
  std::vector<int> to_, cap_;
  std::vector<char> seen_;
  int push(int u, int t, int limit) {
    if (u == t) return limit;
    seen_[u] = 1;
    for (int e : adj_[u]) {
      const int v = to_[e];
      if (cap_[e] <= 0 || seen_[v]) continue;
      if (int f = push(v, t, std::min(limit, cap_[e])); f > 0) {
        cap_[e] -= f;
        cap_[e ^ 1] += f;
        return f;
      }
    }
    return 0;
  }
};

constexpr int kInf = 1 << 20;

}  // namespace

void DevLedger::buy(int player, std::optional<DevCard> kind, int turn, int action) {
  if (player >= static_cast<int>(owned_.size())) owned_.resize(static_cast<size_t>(player) + 1);
  owned_[player].push_back(static_cast<int>(cards_.size()));
  cards_.push_back({player, kind, turn, action});
  hidden_ += !kind;
  changed();
}

int DevLedger::hidden_of(int player) const {
  int n = 0;
  for (int i : owned_[player]) n += !cards_[i].kind;
  return n;
}

int DevLedger::bought_before(int player, int turn) const {
  int n = 0;
  for (int i : owned_[player]) n += cards_[i].turn < turn;
  return n;
}

int DevLedger::unplayed(int player) const {
  int played = 0;
  if (player < static_cast<int>(plays_.size()))
    for (int n : plays_[player]) played += n;
  return cards_of(player) - played;
}

int DevLedger::plays_of(int player, DevCard kind) const {
  return player < static_cast<int>(plays_.size()) ? plays_[player][static_cast<int>(kind)] : 0;
}

void DevLedger::play(int player, DevCard kind, int turn) {
  if (player >= static_cast<int>(plays_.size())) plays_.resize(static_cast<size_t>(player) + 1);
  const int j = ++plays_[player][static_cast<int>(kind)];
  bounds_.push_back({player, kind, bought_before(player, turn), j, kInf});
  changed();
}

void DevLedger::reveal(int player, int count) {
  if (player >= static_cast<int>(revealed_.size()))
    revealed_.resize(static_cast<size_t>(player) + 1);
  revealed_[player] += count;
  bounds_.push_back(vp_bound(player, revealed_[player], kInf));
  changed();
}

DevLedger::Bound DevLedger::vp_bound(int player, int lo, int hi) const {
  return {player, DevCard::VictoryPoint, cards_of(player), lo, hi};
}

bool DevLedger::feasible(const std::vector<Bound>& extra) const {
  // The same question is asked once per world of a player-view log (an `expect: vp`).
  std::vector<std::pair<std::vector<Bound>, bool>>& asked = memo().feasible;
  for (const auto& [q, answer] : asked)
    if (q == extra) return answer;
  const bool ok = solve(extra, nullptr);
  if (asked.size() >= kMemoFeasible) asked.clear();
  asked.emplace_back(extra, ok);
  return ok;
}

std::optional<bool> DevLedger::answered(const Question& q) const {
  for (const auto& [asked, answer] : memo_->answers)
    if (asked == q) return answer;
  return std::nullopt;
}

bool DevLedger::feasible_play(int player, DevCard kind, int turn) const {
  // The answer depends on the turn only through the cards bought before it: keyed by their
  // number, it holds over the turns that bought none.
  const int before = bought_before(player, turn);
  // Every card played so far was bought before its own turn, so among these `before` cards:
  // when none is left over, no assignment plays another (the flow would say no, slowly).
  if (before <= cards_of(player) - unplayed(player)) return false;
  const Question q{false, player, kind, before};
  if (auto known = answered(q)) return *known;
  Bound b{player, kind, before, plays_of(player, kind) + 1, kInf};
  const bool ok = solve({b}, nullptr);
  memo().answers.emplace_back(q, ok);
  return ok;
}

bool DevLedger::feasible_buy(int player, DevCard kind, int turn, int action) const {
  // The new card comes after every card the bounds count (plays count the cards bought
  // before their turns; VP bounds all of a player's cards), so the answer does not depend
  // on the turn or the action: keyed without them.
  const Question q{true, player, kind, 0};
  if (auto known = answered(q)) return *known;
  DevLedger next = *this;
  next.buy(player, kind, turn, action);
  const bool ok = next.feasible();
  memo().answers.emplace_back(q, ok);
  return ok;
}

int DevLedger::min_vp(int player) const {
  std::vector<std::pair<int, int>>& vp = memo().vp;
  if (vp.size() != owned_.size()) vp.assign(owned_.size(), {-1, -1});
  int& cached = vp[player].first;
  if (cached >= 0) return cached;
  // "at most u victory-point cards" is feasible from some u on: binary search for it.
  int lo = 0, hi = std::min(unplayed(player), deck_[static_cast<int>(DevCard::VictoryPoint)]);
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (solve({vp_bound(player, 0, mid)}, nullptr))
      hi = mid;
    else
      lo = mid + 1;
  }
  return cached = lo;
}

int DevLedger::max_vp(int player) const {
  std::vector<std::pair<int, int>>& vp = memo().vp;
  if (vp.size() != owned_.size()) vp.assign(owned_.size(), {-1, -1});
  int& cached = vp[player].second;
  if (cached >= 0) return cached;
  // "at least u victory-point cards" is feasible up to some u: binary search for it.
  int lo = 0, hi = std::min(unplayed(player), deck_[static_cast<int>(DevCard::VictoryPoint)]);
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (solve({vp_bound(player, mid, kInf)}, nullptr))
      lo = mid;
    else
      hi = mid - 1;
  }
  return cached = lo;
}

bool DevLedger::possible_kind(size_t index, DevCard kind) const {
  const std::pair<size_t, DevCard> pin{index, kind};
  return solve({}, &pin);
}

bool DevLedger::solve(const std::vector<Bound>& extra,
                      const std::pair<size_t, DevCard>* pin) const {
  const int players = static_cast<int>(owned_.size());
  const int n_cards = static_cast<int>(cards_.size());
  // Per (player, kind): bounds on the chain edge after each position 1..m.
  std::vector<std::vector<std::array<std::pair<int, int>, kDevCardKinds>>> bound(
      static_cast<size_t>(players));
  for (int p = 0; p < players; ++p) bound[p].assign(owned_[p].size() + 1, {});
  for (int p = 0; p < players; ++p)
    for (auto& row : bound[p]) row.fill({0, kInf});
  auto apply = [&](const Bound& b) {
    if (b.player < 0 || b.player >= players) return b.lo <= 0;
    const int m = static_cast<int>(owned_[b.player].size());
    const int i = std::clamp(b.prefix, 0, m);
    if (i == 0) return b.lo <= 0;
    auto& [lo, hi] = bound[b.player][i][static_cast<int>(b.kind)];
    lo = std::max(lo, b.lo);
    hi = std::min(hi, b.hi);
    return lo <= hi && lo <= i;
  };
  for (const Bound& b : bounds_)
    if (!apply(b)) return false;
  for (const Bound& b : extra)
    if (!apply(b)) return false;

  // Nodes: S, T, S', T', cards, chain nodes (p, kind, position 1..m), kinds.
  std::vector<std::vector<int>> chain_base(static_cast<size_t>(players));
  int next = 4 + n_cards;
  for (int p = 0; p < players; ++p) {
    chain_base[p].resize(kDevCardKinds);
    for (int k = 0; k < kDevCardKinds; ++k) {
      chain_base[p][k] = next;
      next += static_cast<int>(owned_[p].size());
    }
  }
  const int kind_base = next;
  next += kDevCardKinds;
  const int S = 0, T = 1, S2 = 2, T2 = 3;
  Flow flow(next);
  std::vector<int> excess(static_cast<size_t>(next), 0);
  auto edge = [&](int u, int v, int lo, int hi) {
    flow.edge(u, v, hi - lo);
    excess[v] += lo;
    excess[u] -= lo;
  };
  for (int p = 0; p < players; ++p) {
    const int m = static_cast<int>(owned_[p].size());
    for (int pos = 0; pos < m; ++pos) {
      const int c = owned_[p][pos];
      const Card& card = cards_[c];
      edge(S, 4 + c, 1, 1);  // every card has exactly one kind
      for (int k = 0; k < kDevCardKinds; ++k) {
        bool allowed = !card.kind || static_cast<int>(*card.kind) == k;
        if (pin && pin->first == static_cast<size_t>(c))
          allowed = static_cast<int>(pin->second) == k;
        if (allowed) edge(4 + c, chain_base[p][k] + pos, 0, 1);
      }
    }
    for (int k = 0; k < kDevCardKinds; ++k)
      for (int pos = 0; pos < m; ++pos) {
        const auto [lo, hi] = bound[p][pos + 1][k];
        const int to = pos + 1 < m ? chain_base[p][k] + pos + 1 : kind_base + k;
        edge(chain_base[p][k] + pos, to, lo, std::min(hi, kInf));
      }
  }
  for (int k = 0; k < kDevCardKinds; ++k) edge(kind_base + k, T, 0, deck_[k]);
  edge(T, S, 0, kInf);
  int need = 0;
  for (int v = 0; v < next; ++v) {
    if (excess[v] > 0) flow.edge(S2, v, excess[v]), need += excess[v];
    if (excess[v] < 0) flow.edge(v, T2, -excess[v]);
  }
  return flow.max_flow(S2, T2) == need;
}

}  // namespace catan::core
