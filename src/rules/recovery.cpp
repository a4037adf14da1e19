// check --keep-going (recovery.hpp): the adjustments that let a replay go on after a
// deviation. Every action is still applied only where check() allows it; a piece whose
// place is free is the one exception, placed directly.
#include "rules/recovery.hpp"

#include "rules/detail.hpp"
#include "rules/engine.hpp"

namespace catan::rules {
namespace {

using core::ActionKind;
using core::Phase;
using core::ResourceSet;
using detail::name;

// Sets p's hand to `target`; the bank gives or takes the difference (never below zero: the
// log's word stands even where the cards cannot have come from the bank).
void set_hand(GameState& s, int p, const ResourceSet& target) {
  for (int r = 0; r < core::kResourceCount; ++r) {
    const int t = std::max(0, target.n[r]);
    s.bank.n[r] = std::max(0, s.bank.n[r] - (t - s.players[p].hand.n[r]));
    s.players[p].hand.n[r] = t;
  }
}

ResourceSet at_least_zero(ResourceSet x) {
  for (int& v : x.n) v = std::max(0, v);
  return x;
}

// What `a` makes each player pay (hand to bank or to the trade partner).
std::vector<ResourceSet> payments(const GameState& s, const Action& a) {
  std::vector<ResourceSet> pay(s.players.size());
  switch (a.kind) {
    case ActionKind::Settlement:
      if (s.phase != Phase::Setup) pay[a.player] = core::cost::kSettlement;
      break;
    case ActionKind::Road:
      if (s.phase != Phase::Setup && !detail::free_road(s, a)) pay[a.player] = core::cost::kRoad;
      break;
    case ActionKind::City:
      pay[a.player] = core::cost::kCity;
      break;
    case ActionKind::Buy:
      pay[a.player] = core::cost::kDevCard;
      break;
    case ActionKind::BankTrade:
    case ActionKind::Discard:
      pay[a.player] = a.give;
      break;
    case ActionKind::Trade:
      pay[a.player] = a.give;
      if (a.other >= 0 && a.other < s.player_count()) pay[a.other] = a.get;
      break;
    default:
      break;
  }
  return pay;
}

// The missing cards of every payment, from the bank when it holds them all.
bool top_up(GameState& s, const Action& a, std::vector<std::string>& steps) {
  const std::vector<ResourceSet> pay = payments(s, a);
  std::vector<ResourceSet> missing(pay.size());
  ResourceSet all;
  for (size_t p = 0; p < pay.size(); ++p) {
    missing[p] = at_least_zero(pay[p] - s.players[p].hand);
    all += missing[p];
  }
  if (all.empty() || !s.bank.contains(all)) return false;
  for (size_t p = 0; p < pay.size(); ++p) {
    if (missing[p].empty()) continue;
    s.players[p].hand += missing[p];
    s.bank -= missing[p];
    steps.push_back(fmt::format("{} moved from the bank to {}'s hand for the payment",
                                core::to_string(missing[p]), name(s, static_cast<int>(p))));
  }
  return true;
}

// In set-up: the placement the step wants (its player's settlement, then the road) on a
// free place without the distance and attachment rules, so that set-up goes on and every
// later entry is not refused for set-up being incomplete (SETUP-08). False for another
// player's or kind's placement, a taken place, or one off the island.
bool force_setup_place(GameState& s, const Action& a, std::vector<std::string>& steps) {
  if (a.player != s.setup_player(s.setup_step)) return false;
  if (s.setup_settlement == core::kNone) {
    if (a.kind != ActionKind::Settlement || a.corner.id == core::kNone ||
        s.corner_owner[a.corner.id] != core::kNoPlayer)
      return false;
    steps.push_back(fmt::format("the set-up settlement was placed on {} without the distance rule",
                                s.topo().corner_text(a.corner.id)));
  } else {
    if (a.kind != ActionKind::Road || a.edge.id == core::kNone ||
        s.edge_owner[a.edge.id] != core::kNoPlayer)
      return false;
    steps.push_back(fmt::format(
        "the set-up road was placed on {} without the rule that it touch the settlement",
        s.topo().edge_text(a.edge.id)));
  }
  apply(s, a);  // set-up: places the piece, pays the starting cards, moves to the next step
  return true;
}

// A settlement, city or road on a free place, without the placement rules: pays what the
// hand holds of the cost. False when the place is taken, off the island, or no piece is left.
// A robber move refused for its steal (a victim without a building on the hex, the
// mover, a card the victim does not hold, ...), by the active player while the robber is
// to move: the robber moves to the logged hex, and the logged steal is made when the
// victim holds that card (the log's word), else left out. False for anything else.
bool force_robber(GameState& s, const Action& a, std::vector<std::string>& steps) {
  if (a.kind != ActionKind::Robber || a.player != s.active || s.phase != Phase::MoveRobber ||
      a.hex.id == core::kNone || a.hex.id == s.robber)
    return false;
  Action b = a;
  const bool steal = a.has_steal && a.stolen.resource && a.steal_from >= 0 &&
                     a.steal_from < s.player_count() && a.steal_from != a.player &&
                     s.players[a.steal_from].hand[*a.stolen.resource] > 0;
  b.has_steal = steal;
  std::string what = fmt::format("the robber was moved to {}", core::hex_text(a.hex.hex));
  if (steal)
    what += fmt::format(" and the steal the log gives was made ({} from {})",
                        core::to_string(*a.stolen.resource), name(s, a.steal_from));
  else if (a.has_steal)
    what += " without the steal the log gives";
  ++s.actions_applied;
  detail::apply_robber(s, b);
  steps.push_back(std::move(what));
  return true;
}

bool force_place(GameState& s, const Action& a, std::vector<std::string>& steps) {
  if (s.phase == Phase::Setup) return force_setup_place(s, a, steps);
  if (a.kind == ActionKind::Robber) return force_robber(s, a, steps);
  if (s.phase == Phase::Over) return false;
  const int p = a.player;
  core::PlayerState& ps = s.players[p];
  ResourceSet cost;
  std::string what;
  if (a.kind == ActionKind::Settlement && a.corner.id != core::kNone &&
      s.corner_owner[a.corner.id] == core::kNoPlayer && ps.settlements < s.edition().settlements) {
    cost = core::cost::kSettlement;
    what = fmt::format("the settlement was placed on {} without the placement rules",
                       s.topo().corner_text(a.corner.id));
  } else if (a.kind == ActionKind::City && a.corner.id != core::kNone &&
             s.corner_owner[a.corner.id] == p &&
             s.corner_building[a.corner.id] == core::Building::Settlement &&
             ps.cities < s.edition().cities) {
    cost = core::cost::kCity;
    what = fmt::format("the city was placed on {}", s.topo().corner_text(a.corner.id));
  } else if (a.kind == ActionKind::Road && a.edge.id != core::kNone &&
             s.edge_owner[a.edge.id] == core::kNoPlayer && ps.roads < s.edition().roads) {
    cost = core::cost::kRoad;
    what = fmt::format("the road was placed on {} without the placement rules",
                       s.topo().edge_text(a.edge.id));
  } else {
    return false;
  }
  ResourceSet paid;
  for (int r = 0; r < core::kResourceCount; ++r) paid.n[r] = std::min(cost.n[r], ps.hand.n[r]);
  ps.hand -= paid;
  s.bank += paid;
  if (!(paid == cost)) what += fmt::format(", paying only {}", core::to_string(paid));
  ++s.actions_applied;
  s.built = true;
  if (a.kind == ActionKind::Settlement)
    detail::place_settlement(s, p, a.corner.id);
  else if (a.kind == ActionKind::Road)
    detail::place_road(s, p, a.edge.id);
  else {
    s.corner_building[a.corner.id] = core::Building::City;
    --ps.settlements;
    ++ps.cities;
  }
  detail::detect_win(s);
  steps.push_back(std::move(what));
  return true;
}

}  // namespace

Recovery recover_action(GameState& s, const Action& a, const core::Violation& v,
                        std::vector<core::World>* worlds) {
  Recovery out;
  out.players.push_back(a.player);
  if (a.kind == ActionKind::Trade && a.other >= 0) out.players.push_back(a.other);
  if (a.has_steal && a.steal_from >= 0) out.players.push_back(a.steal_from);
  GameState t = s;
  Action b = a;
  bool gains = false, takes = false, active = false, rolled = false, paid = false,
       discarded = false, waived = false;
  std::optional<Violation> w = v;
  for (;;) {
    if (!w || w->severity != core::Severity::Error) break;
    if (w->focus == core::Focus::Gains && b.gains && !gains) {
      gains = true;
      b.gains.reset();
    } else if (w->focus == core::Focus::Takes && b.takes && !takes) {
      takes = true;
      b.takes.reset();
    } else if (t.phase != Phase::Setup && t.phase != Phase::Over && b.kind != ActionKind::Discard &&
               b.player != t.active && !active) {
      active = true;
      out.steps.push_back(fmt::format("{} was taken as the active player (instead of {})",
                                      name(t, b.player), name(t, t.active)));
      t.active = b.player;
    } else if (t.phase == Phase::PreRoll && b.kind != ActionKind::Roll &&
               b.kind != ActionKind::Play && !rolled) {
      rolled = true;
      out.steps.push_back(fmt::format("turn {}'s roll was taken as made", t.turn));
      t.phase = Phase::Main;
      t.rolled = true;
    } else if (b.kind == ActionKind::Discard && w->rule == core::Rule::ROBBER_01 && !discarded &&
               b.player >= 0 && b.player < t.player_count() && t.discard_owed[b.player] > 0 &&
               !b.hidden_owed && b.give.total() + b.hidden_cards > 0 &&
               t.players[b.player].hand.contains(b.give) &&
               t.players[b.player].hand.total() >= b.give.total() + b.hidden_cards) {
      // A discard of the wrong count: the log's discard stands for what was owed, so that
      // the 7 is resolved and the turn goes on (in a player view, its unseen cards too).
      discarded = true;
      const std::string what = b.hidden_cards == 0
                                   ? core::to_string(b.give)
                                   : fmt::format("{} card(s)", b.give.total() + b.hidden_cards);
      out.steps.push_back(
          fmt::format("{}'s discard of {} as the log gives it was taken for the "
                      "{} owed",
                      name(t, b.player), what, t.discard_owed[b.player]));
      t.discard_owed[b.player] = b.give.total() + b.hidden_cards;
    } else if (b.kind != ActionKind::Discard && !waived &&
               (t.phase == Phase::Discard || t.resume == Phase::Discard)) {
      // The log goes on without the discards still owed on the 7: they are waived (the
      // players keep their cards: which ones would they have given?), so that the robber
      // moves and the turn goes on.
      waived = true;
      for (int q = 0; q < t.player_count(); ++q)
        if (t.discard_owed[q] > 0) {
          out.steps.push_back(fmt::format("{}'s discard of {} card(s), not in the log, was waived",
                                          name(t, q), t.discard_owed[q]));
          t.discard_owed[q] = 0;
        }
      Phase& at = t.phase == Phase::Discard ? t.phase : t.resume;
      at = Phase::MoveRobber;
    } else if (!paid && top_up(t, b, out.steps)) {
      paid = true;
    } else {
      break;
    }
    w = check(t, b);
  }
  if (!w || w->severity != core::Severity::Error) {
    const std::vector<ResourceSet> before = [&] {
      std::vector<ResourceSet> h;
      for (const auto& ps : t.players) h.push_back(ps.hand);
      return h;
    }();
    const bool in_play = t.phase != Phase::Setup;
    if (worlds && b.has_hidden()) expand_private(t, b, *worlds);
    apply(t, b);
    if (gains) {
      for (int p = 0; p < t.player_count(); ++p) {
        // What the entry produced for p (a settlement built in play produces nothing).
        const ResourceSet got = a.kind == ActionKind::Settlement && in_play
                                    ? ResourceSet{}
                                    : t.players[p].hand - before[p];
        const ResourceSet logged =
            p < static_cast<int>(a.gains->size()) ? (*a.gains)[p] : ResourceSet{};
        if (!(got == logged)) set_hand(t, p, t.players[p].hand - got + logged);
      }
      out.steps.push_back("the production the log gives was adopted");
    }
    if (takes) {
      const core::Resource res = a.resource;
      int total = 0;
      for (int q = 0; q < t.player_count(); ++q) {
        if (q == a.player) continue;
        const int logged = q < static_cast<int>(a.takes->size()) ? (*a.takes)[q] : 0;
        const int taken = std::min(std::max(0, logged), before[q][res]);
        t.players[q].hand[res] = before[q][res] - taken;
        total += taken;
      }
      t.players[a.player].hand[res] = before[a.player][res] + total;
      out.steps.push_back(fmt::format("the Monopoly takes the log gives were adopted ({} {})",
                                      total, core::to_string(res)));
    }
    s = std::move(t);
    out.applied = true;
    return out;
  }
  std::vector<std::string> placed;
  GameState u = s;
  if (force_place(u, a, placed)) {
    s = std::move(u);
    out.steps.clear();
    out.steps.push_back(std::move(placed.front()));
    out.applied = true;
    return out;
  }
  ++s.actions_applied;
  out.steps.clear();
  out.not_applied = *w;
  return out;
}

std::vector<ResourceSet> production_gap(const GameState& s, const Action& a) {
  if (a.kind != ActionKind::Roll || !a.gains || a.roll_total() == 7 || s.phase != Phase::PreRoll)
    return {};
  const detail::Production pr = detail::compute_production(s, a.roll_total());
  std::vector<ResourceSet> gap(s.players.size());
  bool any = false;
  for (size_t p = 0; p < gap.size(); ++p) {
    const ResourceSet logged = p < a.gains->size() ? (*a.gains)[p] : ResourceSet{};
    gap[p] = logged - pr.granted[p];
    any = any || !(gap[p] == ResourceSet{});
  }
  if (!any) gap.clear();
  return gap;
}

void add_to_hands(GameState& s, const std::vector<ResourceSet>& gap) {
  for (size_t p = 0; p < gap.size() && p < s.players.size(); ++p)
    set_hand(s, static_cast<int>(p), s.players[p].hand + gap[p]);
}

std::optional<std::string> adopt_expectation(GameState& s, core::Expectation& e, int& player) {
  player = -1;
  // In the order check_expectation reports them: the awards before the VP they change.
  auto holder = [&](int p) { return p == core::kNoPlayer ? std::string("nobody") : name(s, p); };
  if (e.longest_road) {
    const int want = *e.longest_road;
    e.longest_road.reset();
    if (want != s.longest_road && want >= core::kNoPlayer && want < s.player_count()) {
      s.longest_road = want;
      player = want;
      return fmt::format("Longest Road with {}, as the log gives it, was adopted", holder(want));
    }
  }
  if (e.largest_army) {
    const int want = *e.largest_army;
    e.largest_army.reset();
    if (want != s.largest_army && want >= core::kNoPlayer && want < s.player_count()) {
      s.largest_army = want;
      player = want;
      return fmt::format("Largest Army with {}, as the log gives it, was adopted", holder(want));
    }
  }
  for (int p = 0; p < s.player_count(); ++p) {
    player = p;
    if (p < static_cast<int>(e.hands.size()) && e.hands[p]) {
      const ResourceSet want = *e.hands[p];
      e.hands[p].reset();
      if (!(want == s.players[p].hand)) {
        set_hand(s, p, want);
        return fmt::format("{}'s hand as the log gives it, {}, was adopted", name(s, p),
                           core::to_string(want));
      }
    }
    if (p < static_cast<int>(e.cards.size()) && e.cards[p]) {
      const int want = *e.cards[p];
      e.cards[p].reset();
      if (want != s.players[p].hand.total())
        return fmt::format("a card count cannot be adopted (which cards?): {} keeps {}", name(s, p),
                           core::to_string(s.players[p].hand));
    }
    if (p < static_cast<int>(e.vp.size()) && e.vp[p]) {
      const int want = *e.vp[p];
      e.vp[p].reset();
      if (want != s.victory_points(p))
        return fmt::format(
            "VP cannot be adopted (they follow from pieces, cards and awards): {} keeps {} VP",
            name(s, p), s.victory_points(p));
    }
  }
  player = -1;
  if (e.bank) {
    const ResourceSet want = *e.bank;
    e.bank.reset();
    if (!(want == s.bank)) {
      s.bank = at_least_zero(want);
      return fmt::format("the bank as the log gives it, {}, was adopted", core::to_string(want));
    }
  }
  if (e.robber) {
    const core::HexRef want = *e.robber;
    e.robber.reset();
    if (want.id != s.robber && want.id != core::kNone) {
      s.robber = want.id;
      return fmt::format("the robber on {}, as the log gives it, was adopted",
                         core::hex_text(want.hex));
    }
  }
  return std::nullopt;
}

}  // namespace catan::rules
