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
  std::string why =
      fmt::format("the game ended after action {}, when {} reached {} VP on their turn",
                  s.win_action, name(s, s.winner), s.victory_points(s.winner));
  if (a.kind == ActionKind::Claim)
    return fail(Rule::WIN_03, fmt::format("{} claims the win, but {}", name(s, a.player), why));
  return with(
      fail(Rule::TURN_07, fmt::format("{} cannot {}: {}", name(s, a.player), verb(a.kind), why)),
      "allowed after the end",
      "only the winner's `reveal` and `claim: win`, and the rest of a winning knight "
      "(its robber move) or Road Building (its free roads)");
}

Verdict gate_inactive(const GameState& s, const Action& a) {
  const std::string& who = name(s, a.player);
  const std::string& act = name(s, s.active);
  switch (a.kind) {
    case ActionKind::Roll:
      if (s.phase == Phase::PreRoll && !s.rolled) {
        if (s.turn == 1)
          return fail(Rule::SETUP_09, fmt::format("the first regular turn belongs to the starting "
                                                  "player {}, but {} rolls",
                                                  act, who));
        return fail(
            Rule::TURN_01,
            fmt::format("turn {} belongs to {} (clockwise after {}), but {} "
                        "rolls",
                        s.turn, act, name(s, (s.active + s.player_count() - 1) % s.player_count()),
                        who));
      }
      return fail(Rule::TURN_06, fmt::format("{} rolls during {}'s turn {}", who, act, s.turn));
    case ActionKind::Trade:
      return fail(Rule::TRADE_01, fmt::format("only the active player {} may trade on turn {}; {} "
                                              "is not active",
                                              act, s.turn, who));
    case ActionKind::BankTrade:
      return fail(Rule::TRADE_06,
                  fmt::format("only the active player {} may trade with the bank on "
                              "turn {}",
                              act, s.turn));
    case ActionKind::EndTurn:
      return fail(Rule::TURN_05,
                  fmt::format("only the active player {} can end turn {}", act, s.turn));
    case ActionKind::Claim:
      return fail(Rule::WIN_03, fmt::format("{} claims the win on {}'s turn {}; a win counts only "
                                            "on one's own turn",
                                            who, act, s.turn));
    case ActionKind::Reveal:
    case ActionKind::Discard:
      return {};  // judged by their own rules
    default:
      return fail(Rule::TURN_06, fmt::format("only the active player {} may {} on turn {}; {} is "
                                             "not active",
                                             act, verb(a.kind), s.turn, who));
  }
}

}  // namespace

Verdict check_gate(const GameState& s, const Action& a) {
  if (s.phase == Phase::Over) return gate_over(s, a);
  if (s.phase == Phase::Setup) {
    if (a.kind == ActionKind::Settlement || a.kind == ActionKind::Road) return {};
    return fail(Rule::SETUP_08,
                fmt::format("set-up is not complete ({} of {} placements made); {} cannot {} yet",
                            s.setup_step, s.setup_steps(), name(s, a.player), verb(a.kind)));
  }
  if (a.kind == ActionKind::Discard) return {};  // anyone who owes one; see check_discard
  if (a.player != s.active) return gate_inactive(s, a);

  Phase ph = s.phase;
  if (ph == Phase::RoadBuilding) {
    if (a.kind == ActionKind::Road) return {};
    if (s.free_roads_required > 0)
      return fail(Rule::DEV_08,
                  fmt::format("Road Building: {} must place {} more free road(s) before anything "
                              "else (road-building-shortfall: {})",
                              name(s, a.player), s.free_roads_required,
                              core::get_option(s.options, "road-building-shortfall")));
    ph = s.resume;
  }
  const bool any_time = s.options.dev_card_timing == core::DevCardTiming::AnyTimeOwnTurn;
  const bool always = a.kind == ActionKind::Reveal || a.kind == ActionKind::Claim;
  switch (ph) {
    case Phase::PreRoll:
      if (a.kind == ActionKind::Roll || a.kind == ActionKind::Play || always) return {};
      if (a.kind == ActionKind::EndTurn)
        return fail(Rule::TURN_05,
                    fmt::format("{} ends turn {} without rolling", name(s, a.player), s.turn));
      if (a.kind == ActionKind::Robber)
        return fail(Rule::ROBBER_03, "the robber moves only after a 7 or a knight");
      return fail(Rule::TURN_02, fmt::format("{} must roll before trying to {} (turn {})",
                                             name(s, a.player), verb(a.kind), s.turn));
    case Phase::Discard:
      if (always || (a.kind == ActionKind::Play && any_time)) return {};
      if (a.kind == ActionKind::Play)
        return fail(Rule::DEV_05, fmt::format("no development card may be played while the 7 is "
                                              "resolved ({})",
                                              owed_list(s)));
      if (a.kind == ActionKind::Robber) {
        Violation v = with(fail(Rule::ROBBER_02, "the robber moves before every discard is made"),
                           "discards owed", owed_list(s));
        v.related_action = s.roll_action;
        v.related_what = "the 7 was rolled";
        return v;
      }
      if (a.kind == ActionKind::EndTurn)
        return fail(Rule::TURN_05, fmt::format("turn {} cannot end before the 7 is resolved ({})",
                                               s.turn, owed_list(s)));
      if (a.kind == ActionKind::Roll)
        return fail(Rule::TURN_02, fmt::format("{} already rolled this turn", name(s, a.player)));
      return fail(Rule::TURN_03, fmt::format("{} cannot {} before the 7 is resolved ({})",
                                             name(s, a.player), verb(a.kind), owed_list(s)));
    case Phase::MoveRobber:
      if (a.kind == ActionKind::Robber) return {};
      if (s.robber_from_knight)
        return fail(Rule::DEV_07, fmt::format("the knight {} played must be followed at once by "
                                              "{}'s robber move, not by an attempt to {}",
                                              name(s, a.player), name(s, a.player), verb(a.kind)));
      if (always || (a.kind == ActionKind::Play && any_time)) return {};
      if (a.kind == ActionKind::Play)
        return fail(Rule::DEV_05,
                    "no development card may be played while the 7 is resolved "
                    "(the robber has not moved yet)");
      if (a.kind == ActionKind::EndTurn)
        return fail(Rule::TURN_05,
                    fmt::format("turn {} cannot end before the robber moves", s.turn));
      if (a.kind == ActionKind::Roll)
        return fail(Rule::TURN_02, fmt::format("{} already rolled this turn", name(s, a.player)));
      return fail(Rule::TURN_03, fmt::format("{} cannot {} before the 7 is resolved (the robber "
                                             "has not moved yet)",
                                             name(s, a.player), verb(a.kind)));
    case Phase::Main:
      if (a.kind == ActionKind::Roll)
        return fail(Rule::TURN_02, fmt::format("{} already rolled on turn {} ({})",
                                               name(s, a.player), s.turn, s.last_roll));
      if (a.kind == ActionKind::Robber)
        return fail(Rule::ROBBER_03, "the robber moves only after a 7 or a knight");
      return {};
    default:
      return {};
  }
}

void apply_end_turn(GameState& s) {
  s.active = (s.active + 1) % s.player_count();
  ++s.turn;
  s.phase = core::Phase::PreRoll;
  s.rolled = false;
  s.last_roll = 0;
  s.dev_played = false;
  s.built = false;
  s.free_roads = 0;
  s.free_roads_required = 0;
  s.robber_from_knight = false;
}

}  // namespace catan::rules::detail
