// Turn structure: who may act and in which phase (TURN-01..07, SETUP-08, SETUP-09), and
// the phase gates that belong to other areas (ROBBER-02, DEV-05, DEV-07, DEV-08, WIN-03).
#include "rules/detail.hpp"

namespace catan::rules::detail {

using core::ActionKind;
using core::Phase;

std::string_view verb(ActionKind k) {
  switch (k) {
    case ActionKind::Settlement:
      return "build a settlement";
    case ActionKind::Road:
      return "build a road";
    case ActionKind::City:
      return "build a city";
    case ActionKind::Roll:
      return "roll";
    case ActionKind::Discard:
      return "discard";
    case ActionKind::Robber:
      return "move the robber";
    case ActionKind::Trade:
      return "trade";
    case ActionKind::BankTrade:
      return "trade with the bank";
    case ActionKind::Buy:
      return "buy a development card";
    case ActionKind::Play:
      return "play a development card";
    case ActionKind::Reveal:
      return "reveal victory point cards";
    case ActionKind::Claim:
      return "claim the win";
    case ActionKind::EndTurn:
      return "end the turn";
  }
  return "act";
}

namespace {

std::string owed_list(const GameState& s) {
  std::string out;
  for (int p = 0; p < s.player_count(); ++p) {
    if (s.discard_owed[p] <= 0) continue;
    if (!out.empty()) out += ", ";
    out += fmt::format("{} owes {}", name(s, p), s.discard_owed[p]);
  }
  return out;
}

Verdict gate_over_impl(const GameState& s, const Action& a);

Verdict gate_over(const GameState& s, const Action& a) {
  Verdict v = gate_over_impl(s, a);
  if (v) {
    v->related_action = s.win_action;
    v->related_what = "the game was won";
  }
  return v;
}

Verdict gate_over_impl(const GameState& s, const Action& a) {
  if (a.player == s.winner && (a.kind == ActionKind::Reveal || a.kind == ActionKind::Claim))
    return {};
  // The rest of the card that won: a knight's robber move, Road Building's free roads.
  if (a.player == s.winner && a.kind == ActionKind::Robber && s.robber_after_win) return {};
  if (a.player == s.winner && a.kind == ActionKind::Road && s.free_roads > 0) return {};
  if (a.kind == ActionKind::Claim)
    return fail(M::claim_after_end,
                {who(s, a.player), s.win_action, who(s, s.winner), s.victory_points(s.winner)});
  return with(fail(M::act_after_end, {who(s, a.player), verb(a.kind), s.win_action,
                                      who(s, s.winner), s.victory_points(s.winner)}),
              "allowed after the end",
              "only the winner's `reveal` and `claim: win`, and the rest of a winning knight "
              "(its robber move) or Road Building (its free roads)");
}

Verdict gate_inactive(const GameState& s, const Action& a) {
  const core::PlayerArg player = who(s, a.player), act = who(s, s.active);
  switch (a.kind) {
    case ActionKind::Roll:
      if (s.phase == Phase::PreRoll && !s.rolled) {
        if (s.turn == 1) return fail(M::first_turn_roll, {act, player});
        return fail(
            M::roll_out_of_turn,
            {s.turn, act, who(s, (s.active + s.player_count() - 1) % s.player_count()), player});
      }
      return fail(M::roll_in_other_turn, {player, act, s.turn});
    case ActionKind::Trade:
      return fail(M::trade_not_active, {act, s.turn, player});
    case ActionKind::BankTrade:
      return fail(M::bank_trade_not_active, {act, s.turn});
    case ActionKind::EndTurn:
      return fail(M::end_not_active, {act, s.turn});
    case ActionKind::Claim:
      return fail(M::claim_other_turn, {player, act, s.turn});
    case ActionKind::Reveal:
    case ActionKind::Discard:
      return {};  // judged by their own rules
    default:
      return fail(M::act_not_active, {act, verb(a.kind), s.turn, player});
  }
}

}  // namespace

Verdict check_gate(const GameState& s, const Action& a) {
  if (s.phase == Phase::Over) return gate_over(s, a);
  if (a.kind == ActionKind::EndTurn && a.end_build && s.phase != Phase::SpecialBuild)
    return fail(M::end_build_outside, {who(s, a.player)});
  if (s.phase == Phase::Setup) {
    if (a.kind == ActionKind::Settlement || a.kind == ActionKind::Road) return {};
    return fail(M::setup_incomplete,
                {s.setup_step, s.setup_steps(), who(s, a.player), verb(a.kind)});
  }
  if (a.kind == ActionKind::Discard) return {};  // anyone who owes one; see check_discard
  if (a.player != s.active) {
    if (s.paired()) return gate_paired(s, a);
    if (s.special_build() && s.turn == 1 && !s.rolled && window_entry(a))
      return fail(M::sbp_first_turn, {who(s, a.player), who(s, s.active)});
    return gate_inactive(s, a);
  }

  Phase ph = s.phase;
  if (ph == Phase::RoadBuilding) {
    if (a.kind == ActionKind::Road) return {};
    if (s.free_roads_required > 0)
      return fail(M::free_roads_first, {who(s, a.player), s.free_roads_required,
                                        core::get_option(s.options, "road-building-shortfall")});
    ph = s.resume;
  }
  const bool any_time = s.options.dev_card_timing == core::DevCardTiming::AnyTimeOwnTurn;
  const bool always = a.kind == ActionKind::Reveal || a.kind == ActionKind::Claim;
  switch (ph) {
    case Phase::PreRoll:
      if (a.kind == ActionKind::Roll || a.kind == ActionKind::Play || always) return {};
      if (a.kind == ActionKind::EndTurn)
        return fail(M::end_without_roll, {who(s, a.player), s.turn});
      if (a.kind == ActionKind::Robber) return fail(M::robber_without_seven);
      return fail(M::roll_first, {who(s, a.player), verb(a.kind), s.turn});
    case Phase::Discard:
      if (always || (a.kind == ActionKind::Play && any_time)) return {};
      if (a.kind == ActionKind::Play) return fail(M::play_during_seven, {owed_list(s)});
      if (a.kind == ActionKind::Robber) {
        Violation v = with(fail(M::robber_before_discards), "discards owed", owed_list(s));
        v.related_action = s.roll_action;
        v.related_what = "the 7 was rolled";
        return v;
      }
      if (a.kind == ActionKind::EndTurn) return fail(M::end_during_seven, {s.turn, owed_list(s)});
      if (a.kind == ActionKind::Roll) return fail(M::rolled_already, {who(s, a.player)});
      return fail(M::act_during_seven, {who(s, a.player), verb(a.kind), owed_list(s)});
    case Phase::MoveRobber:
      if (a.kind == ActionKind::Robber) return {};
      if (s.robber_from_knight)
        return fail(M::knight_robber_next, {who(s, a.player), verb(a.kind)});
      if (always || (a.kind == ActionKind::Play && any_time)) return {};
      if (a.kind == ActionKind::Play) return fail(M::play_before_robber);
      if (a.kind == ActionKind::EndTurn) return fail(M::end_before_robber, {s.turn});
      if (a.kind == ActionKind::Roll) return fail(M::rolled_already, {who(s, a.player)});
      return fail(M::act_before_robber, {who(s, a.player), verb(a.kind)});
    case Phase::Main:
      if (a.kind == ActionKind::Roll)
        return fail(M::rolled_already_on_turn, {who(s, a.player), s.turn, s.last_roll});
      if (a.kind == ActionKind::Robber) return fail(M::robber_without_seven);
      return {};
    case Phase::Partner:
      return gate_partner_phase(s, a);
    default:
      return {};
  }
}

void apply_end_turn(GameState& s) {
  if (s.board->edition->turn_structures)
    end_part(s);  // a special build phase, player 2's phase, or the next turn
  else
    next_turn(s);
}

}  // namespace catan::rules::detail
