// The five-six player turn structures (RULES-5-6.md): the Special Build Phase after each
// turn (X56-SBP-01..08, special-build-order: strict | any) and paired players (X56-PAIR-01..09,
// paired-win), chosen by turn-structure-56 (X56-TURN-01). Only games on the five-six island
// reach this file: GameState::special_build() and paired() are false on the base island.
#include "rules/detail.hpp"

namespace catan::rules::detail {

using core::ActionKind;
using core::Phase;

namespace {

// Clockwise seats from the player whose turn ended: 1 is the next player.
int offset(const GameState& s, int p) {
  return (p - s.active + s.player_count()) % s.player_count();
}
bool strict(const GameState& s) {
  return s.options.special_build_order == core::SpecialBuildOrder::Strict;
}
bool done(const GameState& s, int p) { return (s.windows_done >> p) & 1; }

// Under strict order, whether p may act in a window now: not after a later window, and not
// after closing their own.
bool window_open_for(const GameState& s, int p) {
  if (!strict(s)) return true;
  if (p == s.active || done(s, p)) return false;
  return s.window == core::kNoPlayer || offset(s, s.window) <= offset(s, p);
}

}  // namespace

bool window_entry(const Action& a) {
  switch (a.kind) {
    case ActionKind::Road:
    case ActionKind::Settlement:
    case ActionKind::City:
    case ActionKind::Buy:
      return true;
    case ActionKind::EndTurn:
      return a.end_build;
    default:
      return false;
  }
}

bool starts_next_turn(const GameState& s, const Action& a) {
  if (s.phase == Phase::SpecialBuild) {
    const int next = (s.active + 1) % s.player_count();
    return a.player == next && (!window_entry(a) || !window_open_for(s, next));
  }
  // Player 2 did not close their phase: the next player 1's first entry that can begin a
  // turn (a roll, a card, a reveal or a claim) does. Any other entry of theirs is judged in
  // the running turn, where they hold no role (RULES-5-6.md X56-TURN-01's example).
  if (s.phase == Phase::Partner && a.player == (s.lead + 1) % s.player_count())
    return a.kind == ActionKind::Roll || a.kind == ActionKind::Play ||
           a.kind == ActionKind::Reveal || a.kind == ActionKind::Claim;
  return false;
}

Verdict check_special_build(const GameState& s, const Action& a) {
  const int p = a.player, ender = s.active;
  if (window_entry(a)) {
    if (window_open_for(s, p)) return {};
    if (p == ender) return fail(M::sbp_ender_builds, {who(s, p)});
    if (done(s, p) && s.window == p) return fail(M::sbp_window_closed, {who(s, p), who(s, ender)});
    return fail(M::sbp_window_passed, {who(s, p), who(s, ender), who(s, s.window)});
  }
  switch (a.kind) {
    case ActionKind::Claim:
      return fail(M::sbp_claim, {who(s, p), who(s, ender)});
    case ActionKind::Reveal:
    case ActionKind::Discard:
      return {};  // judged by their own rules
    case ActionKind::EndTurn:
      return fail(M::sbp_end_turn,
                  {who(s, p), who(s, ender), who(s, (ender + 1) % s.player_count())});
    default:
      return fail(M::sbp_forbidden, {who(s, p), verb(a.kind), who(s, ender)});
  }
}

void note_window(GameState& s, const Action& a) {
  const int p = a.player;
  if (strict(s) && s.window != p) {
    // Opening p's window closes every window before it in clockwise order.
    for (int q = 0; q < s.player_count(); ++q)
      if (q != s.active && offset(s, q) < offset(s, p)) s.windows_done |= uint8_t(1u << q);
    s.window = p;
  }
  if (a.end_build) s.windows_done |= uint8_t(1u << p);
}

Verdict gate_paired(const GameState& s, const Action& a) {
  const int p = a.player, one = s.player_one(), two = s.partner_of(one);
  if (a.kind == ActionKind::Discard || a.kind == ActionKind::Reveal) return {};
  if (s.phase == Phase::Partner) {
    if (p == one) return fail(M::pair_lead_after_part, {who(s, one), s.turn, who(s, two)});
    return fail(M::pair_no_role, {who(s, p), s.turn, who(s, one), who(s, two)});
  }
  if (p != two) return fail(M::pair_no_role, {who(s, p), s.turn, who(s, one), who(s, two)});
  switch (a.kind) {
    case ActionKind::Play:
      if (s.phase == Phase::PreRoll && !s.rolled)
        return fail(M::pair_card_before_roll, {who(s, p), who(s, one)});
      return fail(M::pair_partner_in_lead_part, {who(s, p), s.turn, verb(a.kind), who(s, one)});
    case ActionKind::Trade:
    case ActionKind::BankTrade:
      return fail(M::pair_partner_in_lead_part, {who(s, p), s.turn, verb(a.kind), who(s, one)});
    case ActionKind::Roll:
      return fail(M::pair_partner_forbidden, {who(s, p), s.turn, verb(a.kind)});
    default:
      return fail(M::pair_before_phase, {who(s, p), s.turn, verb(a.kind), who(s, one)});
  }
}

Verdict gate_partner_phase(const GameState& s, const Action& a) {
  switch (a.kind) {
    case ActionKind::Roll:
    case ActionKind::Trade:
      return fail(M::pair_partner_forbidden, {who(s, a.player), s.turn, verb(a.kind)});
    case ActionKind::Robber:
      return fail(M::robber_without_seven);
    default:
      return {};
  }
}

void next_turn(GameState& s) {
  if (s.phase == Phase::Partner) s.active = s.lead;
  s.lead = core::kNoPlayer;
  s.window = core::kNoPlayer;
  s.windows_done = 0;
  s.active = (s.active + 1) % s.player_count();
  ++s.turn;
  s.phase = Phase::PreRoll;
  s.rolled = false;
  s.last_roll = 0;
  s.dev_played = false;
  s.built = false;
  s.free_roads = 0;
  s.free_roads_required = 0;
  s.robber_from_knight = false;
}

void begin_next_turn(GameState& s) {
  next_turn(s);
  detect_win(s);  // a player at the target wins at the start of their turn (X56-SBP-06, -PAIR-08)
}

void end_part(GameState& s) {
  if (s.special_build() && s.phase != Phase::SpecialBuild) {
    s.phase = Phase::SpecialBuild;  // `active` stays the player whose turn ended
    s.window = core::kNoPlayer;
    s.windows_done = 0;
  } else if (s.paired() && s.phase != Phase::Partner) {
    s.lead = s.active;
    s.active = s.partner_of(s.lead);
    s.phase = Phase::Partner;
    s.dev_played = false;  // one card per part (X56-PAIR-06)
    s.built = false;
    s.free_roads = s.free_roads_required = 0;
    s.robber_from_knight = false;
  } else {
    next_turn(s);
  }
}

Rule rule_56(const GameState& s, Rule r) {
  if (s.paired() && (r == Rule::DEV_03 || r == Rule::DEV_04)) return Rule::X56_PAIR_06;
  return s.edition().rule(r);
}

}  // namespace catan::rules::detail
