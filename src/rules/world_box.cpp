#include "rules/world_box.hpp"

#include <fmt/format.h>

#include "rules/detail.hpp"

namespace catan::rules {

using core::ActionKind;
using core::Phase;
using core::ResourceSet;
using core::World;

namespace {
constexpr int kR = core::kResourceCount;
}  // namespace

WorldBox::WorldBox(const std::vector<World>& worlds, int players, int cards)
    : n_(players),
      cards_(cards),
      lo_(static_cast<size_t>(players) + 1),
      hi_(static_cast<size_t>(players) + 1),
      total_lo_(static_cast<size_t>(players), 1 << 20),
      total_hi_(static_cast<size_t>(players), 0) {
  for (auto& l : lo_) l.n.fill(cards_);
  for (const World& w : worlds) {
    for (int p = 0; p <= n_; ++p) {
      const uint8_t* h = p == n_ ? w.bank() : w.hand(p);
      int total = 0;
      for (int r = 0; r < kR; ++r) {
        lo_[p].n[r] = std::min<int>(lo_[p].n[r], h[r]);
        hi_[p].n[r] = std::max<int>(hi_[p].n[r], h[r]);
        total += h[r];
      }
      if (p < n_) {
        total_lo_[p] = std::min(total_lo_[p], total);
        total_hi_[p] = std::max(total_hi_[p], total);
      }
    }
  }
}

void WorldBox::load_permissive(GameState& s) const {
  for (int p = 0; p < n_; ++p) s.players[p].hand = hi_[p];
  s.bank = hi_[n_];
}

bool WorldBox::certain(const Violation& v) {
  switch (v.rule) {
    // Production claims (the bank's contents decide shortages), the steal's eligibility,
    // Year of Plenty's count and Monopoly's takes are not monotone in the cards held.
    case core::Rule::PROD_01:
    case core::Rule::PROD_02:
    case core::Rule::PROD_03:
    case core::Rule::PROD_04:
    case core::Rule::PROD_05:
    case core::Rule::PROD_06:
    case core::Rule::ROBBER_06:
    case core::Rule::ROBBER_04:
    case core::Rule::DEV_09:
    case core::Rule::DEV_10:
    case core::Rule::COMP_05:
      return false;
    default:
      return true;
  }
}

void WorldBox::pay(int who, const ResourceSet& r) {  // every world holds r (checked)
  for (int i = 0; i < kR; ++i) {
    lo_[who].n[i] = std::max(lo_[who].n[i], r.n[i]) - r.n[i];
    hi_[who].n[i] -= r.n[i];
  }
  if (who < n_) total_lo_[who] -= r.total(), total_hi_[who] -= r.total();
}

void WorldBox::receive(int who, const ResourceSet& r) {
  lo_[who] += r;
  hi_[who] += r;
  if (who < n_) total_lo_[who] += r.total(), total_hi_[who] += r.total();
}

bool WorldBox::apply(const GameState& s, const Action& a) {
  const int p = a.player, bank = n_;
  const bool free = detail::free_road(s, a);
  if (s.phase == Phase::Setup) {
    if (a.kind == ActionKind::Settlement && s.setup_step >= s.player_count()) {
      const ResourceSet r = detail::starting_resources(s, a.corner.id);
      pay(bank, r);
      receive(p, r);
    }
    return true;
  }
  if (s.phase == Phase::Over && a.kind != ActionKind::Robber) return true;
  auto move = [&](int from, int to, const ResourceSet& r) {
    pay(from, r);
    receive(to, r);
  };
  switch (a.kind) {
    case ActionKind::Settlement:
      move(p, bank, core::cost::kSettlement);
      break;
    case ActionKind::City:
      move(p, bank, core::cost::kCity);
      break;
    case ActionKind::Road:
      if (!free) move(p, bank, core::cost::kRoad);
      break;
    case ActionKind::Buy:
      move(p, bank, core::cost::kDevCard);
      break;
    case ActionKind::Roll: {
      const int total = a.roll_total();
      if (total == 7) {
        for (int q = 0; q < n_; ++q)
          if (total_lo_[q] != total_hi_[q]) return false;  // who owes a discard is unknown
        break;
      }
      const detail::Production pr = detail::compute_production(s, total);
      for (int r = 0; r < kR; ++r) {
        int demand = 0, claimants = 0, only = -1;
        for (int q = 0; q < n_; ++q) {
          demand += pr.entitled[q].n[r];
          if (pr.entitled[q].n[r] > 0) ++claimants, only = q;
        }
        if (demand == 0) continue;
        // Each claimant gets its entitlement, nothing, or (alone) what the bank holds.
        int given_lo = 0, given_hi = 0;
        for (int q = 0; q < n_; ++q) {
          const int e = pr.entitled[q].n[r];
          if (e == 0) continue;
          int g_lo = e, g_hi = e;
          if (a.gains) {
            g_lo = g_hi = (*a.gains)[q].n[r];
          } else if (demand > lo_[bank].n[r]) {  // a shortage in some world
            g_lo = 0;
            if (claimants == 1 &&
                s.options.bank_shortage == core::BankShortage::SingleRecipientTakesRest)
              g_lo = std::min(e, lo_[bank].n[r]);
            if (demand > hi_[bank].n[r])
              g_hi = claimants == 1 &&
                             s.options.bank_shortage == core::BankShortage::SingleRecipientTakesRest
                         ? std::min(e, hi_[bank].n[r])
                         : 0;
          }
          (void)only;
          lo_[q].n[r] += g_lo, hi_[q].n[r] += g_hi;
          total_lo_[q] += g_lo, total_hi_[q] += g_hi;
          given_lo += g_lo, given_hi += g_hi;
        }
        lo_[bank].n[r] = std::max(0, lo_[bank].n[r] - given_hi);
        hi_[bank].n[r] = std::max(0, hi_[bank].n[r] - given_lo);
      }
      break;
    }
    case ActionKind::Discard: {
      move(p, bank, a.give);
      const int unseen = a.hidden_owed ? s.discard_owed[p] : a.hidden_cards;
      for (int r = 0; r < kR; ++r) {
        lo_[p].n[r] = std::max(0, lo_[p].n[r] - unseen);
        hi_[bank].n[r] = std::min(cards_, hi_[bank].n[r] + std::min(unseen, hi_[p].n[r]));
      }
      total_lo_[p] -= unseen, total_hi_[p] -= unseen;
      break;
    }
    case ActionKind::Robber:
      if (a.has_steal && a.stolen.resource) {
        move(a.steal_from, p, ResourceSet::of({{*a.stolen.resource, 1}}));
      } else if (a.has_steal && a.stolen.hidden) {
        const int v = a.steal_from;
        for (int r = 0; r < kR; ++r) {
          if (hi_[v].n[r] > 0) ++hi_[p].n[r];
          lo_[v].n[r] = std::max(0, lo_[v].n[r] - 1);
        }
        --total_lo_[v], --total_hi_[v], ++total_lo_[p], ++total_hi_[p];
      }
      break;
    case ActionKind::Trade:
      move(p, a.other, a.give);
      move(a.other, p, a.get);
      break;
    case ActionKind::BankTrade:
      move(p, bank, a.give);
      move(bank, p, a.get);
      break;
    case ActionKind::Play:
      if (a.card == core::DevCard::YearOfPlenty) move(bank, p, a.get);
      if (a.card == core::DevCard::Monopoly) {
        const int r = static_cast<int>(a.resource);
        for (int q = 0; q < n_; ++q) {
          if (q == p) continue;
          const int t_lo = a.takes ? (*a.takes)[q] : lo_[q].n[r];
          const int t_hi = a.takes ? (*a.takes)[q] : hi_[q].n[r];
          lo_[p].n[r] += t_lo, hi_[p].n[r] += t_hi;
          total_lo_[p] += t_lo, total_hi_[p] += t_hi;
          total_lo_[q] -= t_hi, total_hi_[q] -= t_lo;
          lo_[q].n[r] = hi_[q].n[r] = 0;
        }
      }
      break;
    default:
      break;
  }
  tighten();
  return true;
}

bool WorldBox::tighten() {
  for (int pass = 0; pass < 2; ++pass) {
    // Conservation: 19 cards of each resource between the hands and the bank.
    for (int r = 0; r < kR; ++r) {
      int sum_lo = 0, sum_hi = 0;
      for (int p = 0; p <= n_; ++p) sum_lo += lo_[p].n[r], sum_hi += hi_[p].n[r];
      for (int p = 0; p <= n_; ++p) {
        hi_[p].n[r] = std::min(hi_[p].n[r], cards_ - (sum_lo - lo_[p].n[r]));
        lo_[p].n[r] = std::max(lo_[p].n[r], cards_ - (sum_hi - hi_[p].n[r]));
      }
    }
    // Hand sizes, and the bank's size (every card not in a hand).
    int held_lo = 0, held_hi = 0;
    for (int p = 0; p <= n_; ++p) {
      int t_lo = 0, t_hi = 0;
      if (p < n_) {
        total_lo_[p] = std::max(total_lo_[p], 0);
        t_lo = total_lo_[p], t_hi = total_hi_[p];
        held_lo += t_lo, held_hi += t_hi;
      } else {
        t_lo = kR * cards_ - held_hi, t_hi = kR * cards_ - held_lo;
      }
      int sum_lo = 0, sum_hi = 0;
      for (int r = 0; r < kR; ++r) sum_lo += lo_[p].n[r], sum_hi += hi_[p].n[r];
      if (p < n_) total_lo_[p] = std::max(t_lo, sum_lo), total_hi_[p] = std::min(t_hi, sum_hi);
      for (int r = 0; r < kR; ++r) {
        hi_[p].n[r] = std::min(hi_[p].n[r], t_hi - (sum_lo - lo_[p].n[r]));
        lo_[p].n[r] = std::max(lo_[p].n[r], t_lo - (sum_hi - hi_[p].n[r]));
      }
    }
  }
  for (int p = 0; p <= n_; ++p) {
    for (int r = 0; r < kR; ++r)
      if (lo_[p].n[r] > hi_[p].n[r] || hi_[p].n[r] < 0) return false;
    if (p < n_ && total_lo_[p] > total_hi_[p]) return false;
  }
  return true;
}

std::optional<std::vector<WorldBox>> WorldBox::sevens(int discard_limit, size_t limit) const {
  // Per player, the ranges of hand sizes that owe the same discard: all sizes up to the
  // limit owe none; above it, the two sizes 2k and 2k+1 owe k.
  std::vector<std::vector<std::pair<int, int>>> choices(static_cast<size_t>(n_));
  size_t combinations = 1;
  for (int p = 0; p < n_; ++p) {
    auto& c = choices[p];
    const int lo = total_lo_[p], hi = total_hi_[p];
    if (lo <= discard_limit) c.push_back({lo, std::min(hi, discard_limit)});
    for (int t = std::max(lo, discard_limit + 1); t <= hi;) {
      const int end = std::min(hi, t / 2 * 2 + 1);
      c.push_back({t, end});
      t = end + 1;
    }
    combinations *= c.size();
    if (combinations > limit) return std::nullopt;
  }
  std::vector<WorldBox> out;
  std::vector<size_t> pick(static_cast<size_t>(n_), 0);
  for (;;) {
    WorldBox b = *this;
    for (int p = 0; p < n_; ++p) std::tie(b.total_lo_[p], b.total_hi_[p]) = choices[p][pick[p]];
    if (b.tighten()) out.push_back(std::move(b));
    int p = 0;
    while (p < n_ && ++pick[p] == choices[p].size()) pick[p] = 0, ++p;
    if (p == n_) break;
  }
  return out;
}

std::optional<Violation> WorldBox::expect(const GameState& s, const core::Expectation& e) {
  auto none = [](core::MessageId m, std::initializer_list<core::Arg> args) {
    return detail::fail(m, args, core::Focus::Expect);
  };
  for (int p = 0; p < n_; ++p) {
    if (p < static_cast<int>(e.hands.size()) && e.hands[p]) {
      const ResourceSet& h = *e.hands[p];
      for (int r = 0; r < kR; ++r)
        if (h.n[r] < lo_[p].n[r] || h.n[r] > hi_[p].n[r])
          return none(core::MessageId::expect_hand_approx, {detail::who(s, p), h});
      lo_[p] = hi_[p] = h;
      total_lo_[p] = total_hi_[p] = h.total();
    }
    if (p < static_cast<int>(e.cards.size()) && e.cards[p]) {
      if (*e.cards[p] < total_lo_[p] || *e.cards[p] > total_hi_[p])
        return none(core::MessageId::expect_cards_approx, {detail::who(s, p), *e.cards[p]});
      total_lo_[p] = total_hi_[p] = *e.cards[p];
    }
  }
  if (e.bank) {
    for (int r = 0; r < kR; ++r)
      if (e.bank->n[r] < lo_[n_].n[r] || e.bank->n[r] > hi_[n_].n[r])
        return none(core::MessageId::expect_bank_approx, {*e.bank});
    lo_[n_] = hi_[n_] = *e.bank;
  }
  if (!tighten()) return unmet(s, e);  // each value fits, but not all of them at once
  return {};
}

Violation WorldBox::unmet(const GameState& s, const core::Expectation& e) {
  // The first value asserted, in the order expect() looks.
  for (int p = 0; p < s.player_count(); ++p) {
    if (p < static_cast<int>(e.hands.size()) && e.hands[p])
      return detail::fail(core::MessageId::expect_hand_approx, {detail::who(s, p), *e.hands[p]},
                          core::Focus::Expect);
    if (p < static_cast<int>(e.cards.size()) && e.cards[p])
      return detail::fail(core::MessageId::expect_cards_approx, {detail::who(s, p), *e.cards[p]},
                          core::Focus::Expect);
  }
  return detail::fail(core::MessageId::expect_bank_approx, {e.bank.value_or(core::ResourceSet{})},
                      core::Focus::Expect);
}

bool WorldBox::asserts_cards(const core::Expectation& e) {
  for (const auto& h : e.hands)
    if (h) return true;
  for (const auto& c : e.cards)
    if (c) return true;
  return e.bank.has_value();
}

void WorldBox::settle_seven(GameState& s) const {
  bool any = false;
  for (int p = 0; p < n_; ++p) {
    const int held = total_lo_[p];
    s.discard_owed[p] = discard_debt(held, s.options);
    any = any || s.discard_owed[p] > 0;
  }
  s.phase = any ? Phase::Discard : Phase::MoveRobber;
}

size_t WorldBox::size_bound() const {
  // Hands of a known size: count them per player; the bank follows from conservation.
  size_t product = 1;
  for (int p = 0; p < n_; ++p) {
    size_t count = 1;
    for (int r = 0; r < kR; ++r) {
      if (hi_[p].n[r] < lo_[p].n[r]) return 0;  // an empty interval: no point at all
      count *= static_cast<size_t>(hi_[p].n[r] - lo_[p].n[r] + 1);
    }
    if (count > 0 && product > (size_t{1} << 40) / count) return size_t{1} << 40;
    product *= count;
  }
  return product;
}

std::optional<std::vector<World>> WorldBox::points(size_t limit) const {
  if (size_bound() > limit * 8) return std::nullopt;
  std::vector<World> out;
  // An assertion can narrow an interval past its other end: the box holds no point (and
  // the enumeration below would not end).
  for (int p = 0; p <= n_; ++p)
    for (int r = 0; r < kR; ++r)
      if (hi_[p].n[r] < lo_[p].n[r]) return out;
  for (int p = 0; p < n_; ++p)
    if (total_hi_[p] < total_lo_[p]) return out;
  std::vector<std::vector<ResourceSet>> hands(static_cast<size_t>(n_));
  for (int p = 0; p < n_; ++p) {
    ResourceSet h = lo_[p];
    for (;;) {
      const int t = h.total();
      if (t >= total_lo_[p] && t <= total_hi_[p]) hands[p].push_back(h);
      int r = 0;
      while (r < kR && h.n[r] == hi_[p].n[r]) h.n[r] = lo_[p].n[r], ++r;
      if (r == kR) break;
      ++h.n[r];
    }
  }
  std::vector<size_t> pick(static_cast<size_t>(n_), 0);
  for (int p = 0; p < n_; ++p)
    if (hands[p].empty()) return out;
  for (;;) {
    World w;
    ResourceSet bank;
    bank.n.fill(cards_);
    bool ok = true;
    for (int p = 0; p < n_; ++p) {
      w.set_hand(p, hands[p][pick[p]]);
      bank -= hands[p][pick[p]];
    }
    for (int r = 0; r < kR; ++r) ok = ok && bank.n[r] >= lo_[n_].n[r] && bank.n[r] <= hi_[n_].n[r];
    if (ok) {
      w.set_bank(bank);
      out.push_back(w);
      if (out.size() > limit) return std::nullopt;
    }
    int p = 0;
    while (p < n_ && ++pick[p] == hands[p].size()) pick[p] = 0, ++p;
    if (p == n_) break;
  }
  return out;
}

}  // namespace catan::rules
