// Trading: TRADE-01..05 domestic (D-13), TRADE-06..12 maritime with harbor rates (D-10),
// and TURN-04 under `turn-phases: strict` (no trade after the turn's first build or purchase).
#include <algorithm>
#include <array>

#include "rules/detail.hpp"

namespace catan::rules::detail {

using core::HarborKind;
using core::Resource;
using core::ResourceSet;

namespace {

Verdict strict_phase(const GameState& s) {
  if (s.options.turn_phases == core::TurnPhases::Strict && s.built)
    return fail(M::trade_after_build);
  return {};
}

// True when p has a road, but no building, at a harbor of kind k (TRADE-10).
bool road_only_at(const GameState& s, int p, HarborKind k) {
  for (const core::Harbor& h : s.board->harbors)
    if (h.kind == k && s.edge_owner[h.edge] == p) return true;
  for (const core::Harbor& h : s.board->harbors) {
    if (h.kind != k) continue;
    for (core::CornerId c : s.topo().edge_corners(h.edge))
      for (core::EdgeId e : s.topo().corner_edges(c))
        if (s.edge_owner[e] == p) return true;
  }
  return false;
}

}  // namespace

Verdict check_trade(const GameState& s, const Action& a) {
  const int p = a.player, q = a.other;
  if (q == p) return fail(M::trade_self, {who(s, p)}, Focus::Value);
  if (!a.dev_in_trade.empty()) return fail(M::trade_card, {a.dev_in_trade}, Focus::Value);
  if (auto v = strict_phase(s)) return v;
  ResourceSet give = a.give, get = a.get;
  for (int r = 0; r < core::kResourceCount; ++r) {
    if (give.n[r] == 0 || get.n[r] == 0) continue;
    if (s.options.domestic_same_type == core::SameTypeTrade::Forbid)
      return fail(M::trade_same_type, {static_cast<Resource>(r)}, Focus::Value);
    int net = std::min(give.n[r], get.n[r]);  // D-13 `allow`: net the sides out
    give.n[r] -= net;
    get.n[r] -= net;
  }
  if (give.empty() || get.empty())
    return fail(M::trade_one_sided, {who(s, p), a.give, who(s, q), a.get}, Focus::Value);
  if (!s.players[p].hand.contains(a.give))
    return with(fail(M::trade_without_cards, {who(s, p), a.give}, Focus::Value), "hand",
                hand_note(s, p), s.players[p].hand);
  if (!s.players[q].hand.contains(a.get))
    return with(fail(M::trade_without_cards, {who(s, q), a.get}, Focus::Value), "hand",
                hand_note(s, q), s.players[q].hand);
  return {};
}

void apply_trade(GameState& s, const Action& a) {
  s.players[a.player].hand -= a.give;
  s.players[a.player].hand += a.get;
  s.players[a.other].hand -= a.get;
  s.players[a.other].hand += a.give;
}

namespace {

// A few ints held inline: bank trade rates and the totals they allow (a trade is checked on
// every bank entry, and vectors here were a fifth of the replay's allocations).
template <size_t N>
class SmallInts {
 public:
  void add(int v) { v_[n_++] = v; }
  const int* begin() const { return v_.data(); }
  const int* end() const { return v_.data() + n_; }
  int* begin() { return v_.data(); }
  int* end() { return v_.data() + n_; }
  bool empty() const { return n_ == 0; }
  size_t size() const { return n_; }
  int front() const { return v_[0]; }
  int operator[](size_t i) const { return v_[i]; }
  void clear() { n_ = 0; }
  void assign(const SmallInts& o) {
    std::copy(o.begin(), o.end(), v_.begin());
    n_ = o.n_;
  }

 private:
  std::array<int, N> v_{};  // the first n_ are the values
  size_t n_ = 0;
};
using Rates = SmallInts<3>;  // 2:1, 3:1, 4:1 at most

}  // namespace

Verdict check_bank_trade(const GameState& s, const Action& a) {
  const int p = a.player;
  if (auto v = strict_phase(s)) return v;
  if (a.give.empty() || a.get.empty())
    return fail(M::bank_trade_one_sided, {a.give, a.get}, Focus::Value);
  int types = 0;
  for (int r = 0; r < core::kResourceCount; ++r) types += a.give.n[r] > 0;
  // The rates p may use for a resource (D-10, LOG-FORMAT `bank`): 4:1 always, 3:1 with a
  // generic harbor, 2:1 with that resource's harbor; best first.
  auto rates_for = [&](Resource res) {
    Rates rates;
    if (s.on_harbor(p, static_cast<HarborKind>(static_cast<int>(res)))) rates.add(2);
    if (s.on_harbor(p, HarborKind::Generic)) rates.add(3);
    rates.add(4);
    return rates;
  };
  auto rates_text = [](const Rates& rates) {
    std::string out;
    for (int rate : rates) out += fmt::format("{}{}:1", out.empty() ? "" : ", ", rate);
    return out;
  };
  auto rates_note = [&] {  // built only for a diagnostic
    std::string rates;
    for (int r = 0; r < core::kResourceCount; ++r) {
      const Resource res = static_cast<Resource>(r);
      rates += fmt::format("{}{} {}", rates.empty() ? "" : ", ", core::to_string(res),
                           rates_text(rates_for(res)));
    }
    return rates;
  };
  // Each type given fits one of its rates; `totals` is every card count the trade may get.
  // (At most 3 rates for each of 5 types: 3^5 = 243 totals, held without allocating.)
  SmallInts<243> totals, next;
  totals.add(0);
  for (int r = 0; r < core::kResourceCount; ++r) {
    const Resource res = static_cast<Resource>(r);
    const int n = a.give[res];
    if (n == 0) continue;
    const Rates rates = rates_for(res);
    Rates units;
    for (int rate : rates)
      if (n % rate == 0) units.add(n / rate);
    if (!units.empty()) {
      next.clear();
      for (int t : totals)
        for (int u : units)
          if (std::find(next.begin(), next.end(), t + u) == next.end()) next.add(t + u);
      totals.assign(next);
      continue;
    }
    const int rate = rates.front();
    const HarborKind special = static_cast<HarborKind>(r);
    Rule rule = Rule::TRADE_07;
    // A single type given in twos or threes is a harbor attempt (TRADE-08/09/10); a mix of
    // types is a malformed 4:1 (TRADE-07: "exactly 4 cards of one type").
    if (types == 1 && n % 2 == 0 && rate > 2)
      rule = road_only_at(s, p, special) ? Rule::TRADE_10 : Rule::TRADE_09;
    if (types == 1 && n % 3 == 0 && rate > 3)
      rule = road_only_at(s, p, HarborKind::Generic) ? Rule::TRADE_10 : Rule::TRADE_08;
    return with(
        fail(rule, M::bank_trade_rate, {who(s, p), n, res, rates_text(rates)}, Focus::Value),
        "rates", rates_note() + " (from settlements and cities on harbors)");
  }
  if (std::find(totals.begin(), totals.end(), a.get.total()) == totals.end()) {
    std::sort(totals.begin(), totals.end());
    std::string worth;
    for (size_t i = 0; i < totals.size(); ++i)
      worth += fmt::format("{}{}", i == 0 ? "" : i + 1 == totals.size() ? " or " : ", ", totals[i]);
    return with(fail(M::bank_trade_worth, {who(s, p), a.give, worth, a.get}, Focus::Value), "rates",
                rates_note());
  }
  if (s.options.maritime_same_type == core::SameTypeTrade::Forbid)
    for (int r = 0; r < core::kResourceCount; ++r)
      if (a.give.n[r] > 0 && a.get.n[r] > 0)
        return fail(M::bank_trade_same_type, {static_cast<Resource>(r)}, Focus::Value);
  if (!s.players[p].hand.contains(a.give))
    return with(fail(M::bank_trade_without_cards, {who(s, p), a.give}, Focus::Value), "hand",
                hand_note(s, p), s.players[p].hand);
  if (!s.bank.contains(a.get))
    return with(fail(M::bank_cannot_pay, {a.get}, Focus::Value), "bank", core::to_string(s.bank),
                s.bank);
  return {};
}

void apply_bank_trade(GameState& s, const Action& a) {
  s.players[a.player].hand -= a.give;
  s.players[a.player].hand += a.get;
  s.bank += a.give;
  s.bank -= a.get;
}

}  // namespace catan::rules::detail
