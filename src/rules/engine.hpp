// The rules engine for base Catan (3-4 players), following the adopted catalog
// ../shared/rules/RULES.md: the 6th-edition reading of seed 001 where sources differ,
// with every variant of its section 0.4 selectable through core::Options.
//
// check() is a const question: the first rule the action breaks, or nothing.
// apply() is the only mutation and assumes check() passed (or returned a warning).
// Neither prints; violations are data (core::Violation).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/action.hpp"
#include "core/board.hpp"
#include "core/state.hpp"
#include "core/violation.hpp"

namespace catan::rules {

using core::Action;
using core::GameState;
using core::Violation;

// The game header: player count (SETUP-01), board (COMP-01/03/04, BOARD-01/03/04),
// start-player roll-off (SETUP-02). Returns the validated board or the first violation.
struct Setup {
  std::optional<core::Board> board;
  std::optional<Violation> violation;
  std::string unsupported;  // a rules option this engine cannot check yet (not a verdict)
};
Setup build_board(const core::BoardSpec& spec, const core::Options& options);
std::optional<Violation> check_players(int count);
std::optional<Violation> check_rolloff(const core::Rolloff& rolloff, int players,
                                       const core::Options& options);

std::optional<Violation> check(const GameState& s, const Action& a);
void apply(GameState& s, const Action& a);
// What check_expectation needs of the state an entry was applied to: it tells a broken
// Longest Road (AWARD-04/05) or a deferred award (AWARD-09) from other wrong claims.
struct Prior {
  core::Phase phase = core::Phase::Setup;
  int active = 0;
  int turn = 0;
  int longest_road = core::kNoPlayer;
  int largest_army = core::kNoPlayer;
  std::vector<int> road_length;  // per player
};
Prior prior_of(const GameState& s);
// Assertions about the state after an entry (`expect:`).
std::optional<Violation> check_expectation(const Prior& before, const GameState& after,
                                           const Action& a, const core::Expectation& e);
// The end-of-log `result.winner` assertion (-1 when absent is not passed here).
std::optional<Violation> check_result(const GameState& end, int claimed_winner);

// Structural invariants (COMP-05, COMP-07, COMP-10, BUILD-05, WIN-01 bookkeeping):
// empty when all hold. Asserted after every apply in builds with CATAN_CHECK_INVARIANTS.
std::vector<std::string> check_invariants(const GameState& s);

// Every legal action in a state (open_spiel's LegalActions): decisions and chance outcomes
// fully specified (all 36 dice pairs, each card kind the deck still holds, each card a
// victim holds). Discards and domestic trades are a bounded but varied subset. Each
// returned action passes check() (or draws only a warning).
std::vector<Action> legal_actions(const GameState& s);

// BUILD-03/08/10 for a road by p on e, ignoring cost and turn (for generators).
std::optional<Violation> road_placement(const GameState& s, int p, core::EdgeId e);

// AWARD-01: longest trail through p's roads, not through opponents' buildings.
int road_length(const GameState& s, int p);

}  // namespace catan::rules
