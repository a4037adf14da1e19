// The order of checks inside one entry follows RULES.md section 4: turn ownership and phase
// (check_gate), then the action's own rules (payment before placement). apply() dispatches
// the effect, then re-evaluates the win (WIN-02).
#include "rules/engine.hpp"

#include "rules/detail.hpp"

namespace catan::rules {

using namespace detail;
using core::ActionKind;
using core::Phase;

namespace {

void reveal_cards(GameState& s, const Action& a) {
  int left = a.count;
  for (auto& d : s.players[a.player].devs)
    if (left > 0 && !d.hidden && d.card == core::DevCard::VictoryPoint && !d.revealed)
      d.revealed = true, --left;
  s.ledger.reveal(a.player, a.count);
}

// After the win: the winner's reveal and claim, and the rest of the winning card.
void apply_after_win(GameState& s, const Action& a) {
  if (a.kind == ActionKind::Reveal) reveal_cards(s, a);
  if (a.kind == ActionKind::Robber) {
    detail::apply_robber(s, a);
    s.phase = Phase::Over;
    s.robber_after_win = false;
  }
  if (a.kind == ActionKind::Road) {
    detail::place_road(s, a.player, a.edge.id);
    --s.free_roads;
  }
}
}  // namespace

namespace {
std::optional<Violation> check_entry(const GameState& s, const Action& a);
// The action's own rules, after the gate (inlined into both callers: the base game's path
// pays no extra call).
[[gnu::always_inline]] inline std::optional<Violation> check_action(const GameState& s,
                                                                    const Action& a);
}  // namespace

std::optional<Violation> check(const GameState& s, const Action& a) {
  if (s.board->edition->turn_structures) {
    auto v = check_entry(s, a);
    if (v) v->rule = rule_56(s, v->rule);
    return v;
  }
  if (auto v = check_gate(s, a)) return v;
  return check_action(s, a);
}

std::optional<GameState> next_turn_start(const GameState& s, const Action& a) {
  if (s.phase != Phase::SpecialBuild && s.phase != Phase::Partner) return {};
  if (!starts_next_turn(s, a)) return {};
  std::optional<GameState> next = s;
  begin_next_turn(*next);
  return next;
}

namespace {

std::optional<Violation> check_entry(const GameState& s, const Action& a) {
  if (s.phase == Phase::SpecialBuild || s.phase == Phase::Partner) {
    if (starts_next_turn(s, a)) {  // the entry is the next turn's first (once per turn)
      GameState next = s;
      begin_next_turn(next);
      return check_entry(next, a);
    }
    if (s.phase == Phase::SpecialBuild) {
      if (auto v = check_special_build(s, a)) return v;
      return check_action(s, a);
    }
  }
  if (auto v = check_gate(s, a)) return v;
  return check_action(s, a);
}

inline std::optional<Violation> check_action(const GameState& s, const Action& a) {
  if (s.phase == Phase::Setup) return check_setup(s, a);
  switch (a.kind) {
    case ActionKind::Settlement:
      return check_settlement(s, a);
    case ActionKind::Road:
      return check_road(s, a, free_road(s, a));
    case ActionKind::City:
      return check_city(s, a);
    case ActionKind::Roll:
      return check_roll(s, a);
    case ActionKind::Discard:
      return check_discard(s, a);
    case ActionKind::Robber:
      return check_robber(s, a);
    case ActionKind::Trade:
      return check_trade(s, a);
    case ActionKind::BankTrade:
      return check_bank_trade(s, a);
    case ActionKind::Buy:
      return check_buy(s, a);
    case ActionKind::Play:
      return check_play(s, a);
    case ActionKind::Reveal:
      return check_reveal(s, a);
    case ActionKind::Claim:
      return check_claim(s, a);
    case ActionKind::EndTurn:
      return {};
  }
  return {};
}

}  // namespace

std::optional<Violation> road_placement(const GameState& s, int p, core::EdgeId e) {
  return detail::road_placement(s, p, e);
}

void apply(GameState& s, const Action& a) {
  ++s.actions_applied;
  if (s.phase == Phase::Over) {
    apply_after_win(s, a);
    return;
  }
  if (s.phase == Phase::Setup) {
    apply_setup(s, a);
    return;
  }
  if ((s.phase == Phase::SpecialBuild || s.phase == Phase::Partner) && starts_next_turn(s, a)) {
    begin_next_turn(s);
    if (s.phase == Phase::Over) {  // a player at the target won as their turn began
      apply_after_win(s, a);
      return;
    }
  }
  if (s.phase == Phase::SpecialBuild && window_entry(a)) note_window(s, a);
  if (s.phase == Phase::RoadBuilding && a.player == s.active && a.kind != ActionKind::Road) {
    s.phase = s.resume;  // the free roads not placed are forfeited (D-06 up-to-two)
    s.free_roads = s.free_roads_required = 0;
  }
  switch (a.kind) {
    case ActionKind::Settlement:
      s.players[a.player].hand -= core::cost::kSettlement;
      s.bank += core::cost::kSettlement;
      s.built = true;
      place_settlement(s, a.player, a.corner.id);
      break;
    case ActionKind::Road:
      if (free_road(s, a)) {
        place_road(s, a.player, a.edge.id);
        --s.free_roads;
        if (s.free_roads_required > 0) --s.free_roads_required;
        if (s.free_roads == 0) s.phase = s.resume;
      } else {
        s.players[a.player].hand -= core::cost::kRoad;
        s.bank += core::cost::kRoad;
        s.built = true;
        place_road(s, a.player, a.edge.id);
      }
      break;
    case ActionKind::City:
      apply_city(s, a);
      s.built = true;
      break;
    case ActionKind::Roll:
      apply_roll(s, a);
      break;
    case ActionKind::Discard:
      apply_discard(s, a);
      break;
    case ActionKind::Robber:
      apply_robber(s, a);
      break;
    case ActionKind::Trade:
      apply_trade(s, a);
      break;
    case ActionKind::BankTrade:
      apply_bank_trade(s, a);
      break;
    case ActionKind::Buy:
      apply_buy(s, a);
      break;
    case ActionKind::Play:
      apply_play(s, a);
      break;
    case ActionKind::Reveal:
      if (a.player == s.active) {
        reveal_cards(s, a);
        if (s.options.win_detection == core::WinDetection::Declared &&
            s.vp_min(a.player) >= s.options.victory_points)
          declare_win(s, a.player);
      }
      break;
    case ActionKind::Claim:
      // check_claim established that the active player can be at the target; with unseen
      // cards the claim says they are.
      if (s.ledger.any_hidden())
        s.ledger.add(
            s.ledger.vp_bound(a.player, s.options.victory_points - s.public_vp(a.player), 1 << 20));
      declare_win(s, a.player);
      return;
    case ActionKind::EndTurn:
      if (!a.end_build) apply_end_turn(s);  // `end: build` closed a window (note_window)
      break;
  }
  detect_win(s);
}

}  // namespace catan::rules
