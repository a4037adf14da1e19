#include "gen/policy.hpp"

#include <algorithm>

namespace catan::gen {

using core::Action;
using core::ActionKind;
using core::Resource;
using core::ResourceSet;

namespace {

int pips(int number) { return number == 0 ? 0 : 6 - std::abs(7 - number); }

int corner_value(const core::GameState& s, core::CornerId c) {
  int v = 0;
  for (core::HexId h : s.topo().corner_hexes(c)) v += pips(s.board->hexes[h].number);
  return v;
}

std::vector<const Action*> of_kind(const std::vector<Action>& legal, ActionKind k) {
  std::vector<const Action*> out;
  for (const auto& a : legal)
    if (a.kind == k) out.push_back(&a);
  return out;
}

// What the player is short of for the next city, settlement or development card.
ResourceSet wanted(const core::GameState& s, int p) {
  const ResourceSet& h = s.players[p].hand;
  for (const ResourceSet* goal :
       {&core::cost::kCity, &core::cost::kSettlement, &core::cost::kDevCard}) {
    ResourceSet lack;
    for (int r = 0; r < 5; ++r) lack.n[r] = std::max(0, goal->n[r] - h.n[r]);
    if (!lack.empty() && lack.total() <= 2) return lack;
  }
  return core::cost::kSettlement;
}

}  // namespace

Action Policy::choose(const core::GameState& s, const std::vector<Action>& legal) {
  if (s.turn != last_turn_) last_turn_ = s.turn, actions_this_turn_ = 0;
  ++actions_this_turn_;
  // Five and six players: the Special Build Phase's windows or player 2's phase, each
  // entry chosen among those (often) or among the next turn's first entries.
  if (s.phase == core::Phase::SpecialBuild || s.phase == core::Phase::Partner) {
    std::vector<Action> part, next;
    for (const Action& a : legal) {
      const bool window = a.kind == ActionKind::Road || a.kind == ActionKind::Settlement ||
                          a.kind == ActionKind::City || a.kind == ActionKind::Buy ||
                          (a.kind == ActionKind::EndTurn && a.end_build);
      const bool in_part = s.phase == core::Phase::SpecialBuild ? window : a.player == s.active;
      (in_part ? part : next).push_back(a);
    }
    if (!part.empty() && (next.empty() || (actions_this_turn_ < 30 && rng_.chance(0.6))))
      return choose_from(s, part);
    if (!next.empty()) return choose_from(s, next);
  }
  return choose_from(s, legal);
}

Action Policy::choose_from(const core::GameState& s, const std::vector<Action>& legal) {
  auto pick = [&](const std::vector<const Action*>& v) { return *v[rng_.below(v.size())]; };
  auto best_corner = [&](const std::vector<const Action*>& v) {
    const Action* best = v[0];
    int best_score = -1;
    for (const Action* a : v) {
      int score = corner_value(s, a->corner.id) * 4 + static_cast<int>(rng_.below(4));
      // Cutting an opponent's road (two of its roads meet here) is worth a lot.
      for (int q = 0; q < s.player_count(); ++q) {
        int roads = 0;
        for (core::EdgeId e : s.topo().corner_edges(a->corner.id)) roads += s.edge_owner[e] == q;
        if (q != a->player && roads >= 2) score += q == s.longest_road ? 60 : 20;
      }
      if (score > best_score) best = a, best_score = score;
    }
    return *best;
  };
  const int p = s.active;

  if (s.phase == core::Phase::Setup) {
    auto settlements = of_kind(legal, ActionKind::Settlement);
    if (!settlements.empty()) return best_corner(settlements);
    return pick(of_kind(legal, ActionKind::Road));
  }
  // Chance outcomes: fair dice; a card the victim holds, weighted by count.
  auto rolls = of_kind(legal, ActionKind::Roll);
  auto plays = of_kind(legal, ActionKind::Play);
  if (!rolls.empty()) {
    for (const Action* a : plays)
      if (a->card == core::DevCard::Knight && rng_.chance(0.35)) return *a;
    const int d1 = static_cast<int>(rng_.below(6)) + 1, d2 = static_cast<int>(rng_.below(6)) + 1;
    for (const Action* a : rolls)
      if (a->dice[0] == d1 && a->dice[1] == d2) return *a;
  }
  auto discards = of_kind(legal, ActionKind::Discard);
  if (!discards.empty()) return pick(discards);
  auto robbers = of_kind(legal, ActionKind::Robber);
  if (!robbers.empty()) {
    // The hex hurting opponents most, then a victim, then a card by the victim's counts.
    core::HexId target = robbers[0]->hex.id;
    int best = -1;
    for (const Action* a : robbers) {
      int score = static_cast<int>(rng_.below(3));
      for (core::CornerId c : s.topo().hex_corners(a->hex.id)) {
        int o = s.corner_owner[c];
        if (o == p)
          score -= 20;
        else if (o != core::kNoPlayer)
          score += pips(s.board->hexes[a->hex.id].number) + 1;
      }
      if (score > best) best = score, target = a->hex.id;
    }
    std::vector<const Action*> here;
    for (const Action* a : robbers)
      if (a->hex.id == target) here.push_back(a);
    std::vector<const Action*> steals;
    for (const Action* a : here)
      if (a->has_steal) steals.push_back(a);
    if (steals.empty()) return *here[0];
    const int victim = steals[rng_.below(steals.size())]->steal_from;
    int total = s.players[victim].hand.total();
    int roll = static_cast<int>(rng_.below(static_cast<uint64_t>(total)));
    for (const Action* a : steals) {
      if (a->steal_from != victim) continue;
      roll -= s.players[victim].hand[*a->stolen.resource];
      if (roll < 0) return *a;
    }
    return *steals[0];
  }
  if (s.phase == core::Phase::RoadBuilding) {
    auto roads = of_kind(legal, ActionKind::Road);
    if (!roads.empty()) return pick(roads);
  }
  // The action phase.
  auto ends = of_kind(legal, ActionKind::EndTurn);
  if (actions_this_turn_ > 40 && !ends.empty()) return *ends[0];
  if (auto v = of_kind(legal, ActionKind::City); !v.empty() && rng_.chance(0.95))
    return best_corner(v);
  if (auto v = of_kind(legal, ActionKind::Settlement); !v.empty() && rng_.chance(0.95))
    return best_corner(v);
  if (!plays.empty() && rng_.chance(0.5)) {
    const Action& a = pick(plays);
    if (a.card != core::DevCard::YearOfPlenty) return a;
    ResourceSet want = wanted(s, p);
    for (const Action* y : plays)
      if (y->card == core::DevCard::YearOfPlenty && want.contains(y->get)) return *y;
    return a;
  }
  if (auto v = of_kind(legal, ActionKind::Buy); !v.empty() && rng_.chance(0.5 * opt_.build_bias)) {
    // The card drawn is chance: weight each kind by the copies left in the deck.
    int left = s.deck_left();
    int roll = static_cast<int>(rng_.below(static_cast<uint64_t>(left)));
    for (const Action* a : v) {
      int k = static_cast<int>(a->card);
      roll -= s.edition().deck[k] - s.deck_drawn[k];
      if (roll < 0) return *a;
    }
    return *v[0];
  }
  if (auto v = of_kind(legal, ActionKind::Road);
      !v.empty() && s.players[p].roads < 13 && rng_.chance(0.35 * opt_.build_bias)) {
    // Head for a corner where an opponent's roads meet (a settlement there cuts them).
    for (const Action* a : v)
      for (core::CornerId c : s.topo().edge_corners(a->edge.id)) {
        int theirs = 0;
        for (core::EdgeId e : s.topo().corner_edges(c))
          theirs += s.edge_owner[e] != core::kNoPlayer && s.edge_owner[e] != p;
        if (theirs >= 2 && s.corner_owner[c] == core::kNoPlayer && rng_.chance(0.5)) return *a;
      }
    return pick(v);
  }
  const ResourceSet want = wanted(s, p);
  if (auto v = of_kind(legal, ActionKind::BankTrade);
      !v.empty() && rng_.chance(std::min(1.0, 0.7 * opt_.trade_bias))) {
    std::vector<const Action*> useful;
    for (const Action* a : v) {
      bool gets_needed = false, gives_spare = true;
      for (int r = 0; r < 5; ++r) {
        if (a->get.n[r] > 0 && want.n[r] > 0) gets_needed = true;
        if (a->give.n[r] > 0 && want.n[r] > 0) gives_spare = false;
      }
      if (gets_needed && gives_spare) useful.push_back(a);
    }
    if (!useful.empty()) return pick(useful);
  }
  if (auto v = of_kind(legal, ActionKind::Trade);
      !v.empty() && rng_.chance(std::min(1.0, 0.15 * opt_.trade_bias))) {
    std::vector<const Action*> useful;
    for (const Action* a : v) {
      bool ok = false;
      for (int r = 0; r < 5; ++r) ok = ok || (a->get.n[r] > 0 && want.n[r] > 0);
      for (int r = 0; r < 5; ++r) ok = ok && !(a->give.n[r] > 0 && want.n[r] > 0);
      if (ok) useful.push_back(a);
    }
    if (!useful.empty()) return pick(useful);
  }
  if (!ends.empty()) return *ends[0];
  return pick(std::vector<const Action*>{&legal[0]});
}

}  // namespace catan::gen
