// The effect of an entry on the private part of the game (hands and bank), one world at a
// time, for player-view logs. It mirrors apply(): builds with CATAN_CHECK_INVARIANTS compare
// the two after every entry of every complete log (replay/replay.cpp).
#include "rules/detail.hpp"
#include "rules/engine.hpp"
#include "rules/position.hpp"

namespace catan::rules {

using core::ActionKind;
using core::Phase;
using core::ResourceSet;
using core::World;

namespace {

void give(World& w, int from, int to, const ResourceSet& r) {  // to == -1: the bank
  uint8_t* a = from < 0 ? w.bank() : w.hand(from);
  uint8_t* b = to < 0 ? w.bank() : w.hand(to);
  for (int i = 0; i < core::kResourceCount; ++i) {
    a[i] = static_cast<uint8_t>(a[i] - r.n[i]);
    b[i] = static_cast<uint8_t>(b[i] + r.n[i]);
  }
}

}  // namespace

void expand_private(const GameState& s, const Action& a, std::vector<World>& out) {
  World w;
  for (int p = 0; p < s.player_count(); ++p) w.set_hand(p, s.players[p].hand);
  w.set_bank(s.bank);
  const int p = a.player;
  const bool free = detail::free_road(s, a);
  if (s.phase == Phase::Setup) {
    if (a.kind == ActionKind::Settlement && s.setup_step >= s.player_count())
      give(w, -1, p, detail::starting_resources(s, a.corner.id));
    out.push_back(w);
    return;
  }
  if (s.phase == Phase::Over && a.kind != ActionKind::Robber) {
    out.push_back(w);
    return;
  }
  switch (a.kind) {
    case ActionKind::Settlement:
      give(w, p, -1, core::cost::kSettlement);
      break;
    case ActionKind::City:
      give(w, p, -1, core::cost::kCity);
      break;
    case ActionKind::Road:
      if (!free) give(w, p, -1, core::cost::kRoad);
      break;
    case ActionKind::Buy:
      give(w, p, -1, core::cost::kDevCard);
      break;
    case ActionKind::Roll:
      if (a.roll_total() != 7) {
        const detail::Production pr = detail::compute_production(s, a.roll_total());
        for (int q = 0; q < s.player_count(); ++q) give(w, -1, q, pr.granted[q]);
      }
      break;
    case ActionKind::Discard: {
      give(w, p, -1, a.give);
      const int unseen = a.hidden_owed ? s.discard_owed[p] : a.hidden_cards;
      if (unseen > 0) {
        detail::each_pick(s.players[p].hand - a.give, unseen, [&](const ResourceSet& pick) {
          World x = w;
          give(x, p, -1, pick);
          out.push_back(x);
          return true;
        });
        return;
      }
      break;
    }
    case ActionKind::Robber:
      if (a.has_steal && a.stolen.resource) {
        give(w, a.steal_from, p, ResourceSet::of({{*a.stolen.resource, 1}}));
      } else if (a.has_steal && a.stolen.hidden) {
        for (int r = 0; r < core::kResourceCount; ++r) {
          const auto res = static_cast<core::Resource>(r);
          if (s.players[a.steal_from].hand[res] == 0) continue;
          World x = w;
          give(x, a.steal_from, p, ResourceSet::of({{res, 1}}));
          out.push_back(x);
        }
        return;
      }
      break;
    case ActionKind::Trade:
      give(w, p, a.other, a.give);
      give(w, a.other, p, a.get);
      break;
    case ActionKind::BankTrade:
      give(w, p, -1, a.give);
      give(w, -1, p, a.get);
      break;
    case ActionKind::Play:
      if (a.card == core::DevCard::YearOfPlenty) give(w, -1, p, a.get);
      if (a.card == core::DevCard::Monopoly)
        for (int q = 0; q < s.player_count(); ++q)
          if (q != p) give(w, q, p, ResourceSet::of({{a.resource, s.players[q].hand[a.resource]}}));
      break;
    case ActionKind::Reveal:
    case ActionKind::Claim:
    case ActionKind::EndTurn:
      break;
  }
  out.push_back(w);
}

namespace {

bool holds(const uint8_t* h, const ResourceSet& r) {
  for (int i = 0; i < core::kResourceCount; ++i)
    if (h[i] < r.n[i]) return false;
  return true;
}

int total(const uint8_t* h) {
  int t = 0;
  for (int i = 0; i < core::kResourceCount; ++i) t += h[i];
  return t;
}

}  // namespace

PrivateCheck::PrivateCheck(const GameState& s, const Action& a) : s_(s), a_(a) {
  if (s.phase == Phase::Setup || a.kind != ActionKind::Roll || !a.gains || a.roll_total() == 7)
    return;
  const detail::Production pr = detail::compute_production(s, a.roll_total());
  state_covers_ = true;
  for (int r = 0; r < core::kResourceCount; ++r) {
    for (int q = 0; q < s.player_count(); ++q) demand_[r] += pr.entitled[q].n[r];
    state_covers_ = state_covers_ && demand_[r] <= s.bank.n[r];
  }
}

bool PrivateCheck::operator()(const World& w) const {
  const GameState& s = s_;
  const Action& a = a_;
  const int p = a.player;
  if (s.phase == Phase::Setup) return true;  // set-up reads no hand
  switch (a.kind) {
    case ActionKind::Settlement:
      return holds(w.hand(p), core::cost::kSettlement);
    case ActionKind::City:
      return holds(w.hand(p), core::cost::kCity);
    case ActionKind::Road:
      return detail::free_road(s, a) || holds(w.hand(p), core::cost::kRoad);
    case ActionKind::Buy:
      return s.phase == Phase::Over || holds(w.hand(p), core::cost::kDevCard);
    case ActionKind::Trade:
      return holds(w.hand(p), a.give) && holds(w.hand(a.other), a.get);
    case ActionKind::BankTrade:
      return holds(w.hand(p), a.give) && holds(w.bank(), a.get);
    case ActionKind::Discard:
      return holds(w.hand(p), a.give) && total(w.hand(p)) - a.give.total() >= a.hidden_cards;
    case ActionKind::Robber: {
      if (a.has_steal) {
        if (total(w.hand(a.steal_from)) == 0) return false;
        return !a.stolen.resource || w.hand(a.steal_from)[static_cast<int>(*a.stolen.resource)] > 0;
      }
      if (s.options.robber_steal != core::RobberSteal::Mandatory) return true;
      for (int v = 0; v < s.player_count(); ++v) {  // an omitted steal: nobody to rob
        if (v == p || total(w.hand(v)) == 0) continue;
        for (core::CornerId c : s.topo().hex_corners(a.hex.id))
          if (s.corner_owner[c] == v) return false;
      }
      return true;
    }
    case ActionKind::Roll: {
      if (!a.gains || a.roll_total() == 7) return true;
      // Production claims depend on the bank (PROD-04). Where both this world's bank and
      // the allowing state's cover every resource's demand, both pay every entitlement in
      // full, so this world allows the claims as that state did; else ask the rules.
      bool covered = state_covers_;
      for (int r = 0; r < core::kResourceCount && covered; ++r) covered = demand_[r] <= w.bank()[r];
      if (covered) return true;
      GameState t = s;
      load(t, w);
      return !detail::check_roll(t, a);
    }
    case ActionKind::Play:
      if (a.card == core::DevCard::YearOfPlenty) {
        const bool forbid = s.options.year_of_plenty_shortage == core::YearOfPlentyShortage::Forbid;
        const int required = forbid ? 2 : std::min(2, total(w.bank()));
        return a.get.total() == required && holds(w.bank(), a.get);
      }
      if (a.card == core::DevCard::Monopoly && a.takes) {
        for (int q = 0; q < s.player_count(); ++q)
          if (q != p && (*a.takes)[q] != w.hand(q)[static_cast<int>(a.resource)]) return false;
      }
      return true;
    default:
      return true;
  }
}

PrivateEffect private_effect(const GameState& s, const Action& a,
                             const std::vector<World>& worlds) {
  PrivateEffect out;
  // A card the worlds hold was not seen (a steal, a discard): one world becomes several. A
  // hidden purchase is not one: its kind is the ledger's, its cost the same in every world.
  if (a.stolen.hidden || a.hidden_cards > 0 || a.hidden_owed) return out;
  switch (a.kind) {
    case ActionKind::Play:
      if (a.card == core::DevCard::Monopoly) return out;  // each world hands over its own count
      break;
    case ActionKind::Roll:
      if (a.roll_total() != 7) {
        // Production is the same in every world unless some world's bank runs short (PROD-04).
        const detail::Production pr = detail::compute_production(s, a.roll_total());
        for (int r = 0; r < core::kResourceCount; ++r) {
          int demand = 0;
          for (int q = 0; q < s.player_count(); ++q) demand += pr.entitled[q].n[r];
          for (const World& w : worlds)
            if (w.bank()[r] < demand) return out;
        }
      }
      break;
    default:
      break;
  }
  std::vector<World> one;
  expand_private(s, a, one);  // s holds worlds.front()
  out.uniform = one.size() == 1;
  out.before = capture(s);
  if (out.uniform) out.after = one.front();
  return out;
}

}  // namespace catan::rules
