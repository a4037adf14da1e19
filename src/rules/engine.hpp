// The rules engine for base Catan (3-4 players), following the adopted catalog
// ../shared/rules/RULES.md: the 6th-edition reading of seed 001 where sources differ,
// with every variant of its section 0.4 selectable through core::Options.
//
// check() is a const question: the first rule the action breaks, or nothing.
// apply() is the only mutation and assumes check() passed (or returned a warning).
// Neither prints; violations are data (core::Violation).
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/action.hpp"
#include "core/board.hpp"
#include "core/per_player.hpp"
#include "core/state.hpp"
#include "core/violation.hpp"
#include "core/world.hpp"

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
// The edition a header asks for (RULES-5-6.md, decisions): the five-six player extension
// when 5 or more players are named or the board lies beyond the base island, else the base.
const core::Edition& edition_for(int players, const core::BoardSpec& spec);
// The board of `edition` as the spec lays it out (COMP-01/03/04, BOARD-01/03/04; on the
// five-six island the X56 rules that replace them).
Setup build_board(const core::BoardSpec& spec, const core::Options& options,
                  const core::Edition& edition = core::Edition::base());
// SETUP-01 (X56-SETUP-01): the edition's player range; the five-six island with 3 or 4
// players only under board-56-players: any (D-28).
std::optional<Violation> check_players(int count,
                                       const core::Edition& edition = core::Edition::base(),
                                       const core::Options& options = {});
// X56-PAIR-09: paired turns with fewer than five players are not supported (a message), "".
std::string unsupported_turns(const core::Edition& edition, const core::Options& options,
                              int players);
std::optional<Violation> check_rolloff(const core::Rolloff& rolloff, int players,
                                       const core::Options& options);

std::optional<Violation> check(const GameState& s, const Action& a);
void apply(GameState& s, const Action& a);
// When `a` is the entry that begins the next turn after a Special Build Phase or player 2's
// phase (check() judges it at that turn's start): that start, for a diagnostic's situation.
// Nothing otherwise (the state is copied only then).
std::optional<GameState> next_turn_start(const GameState& s, const Action& a);
// What check_expectation needs of the state an entry was applied to: it tells a broken
// Longest Road (AWARD-04/05) or a deferred award (AWARD-09) from other wrong claims.
struct Prior {
  core::Phase phase = core::Phase::Setup;
  int active = 0;
  int turn = 0;
  int longest_road = core::kNoPlayer;
  int largest_army = core::kNoPlayer;
  core::PerPlayer<int> road_length;  // per player
};
Prior prior_of(const GameState& s);
// Assertions about the state after an entry (`expect:`).
std::optional<Violation> check_expectation(const Prior& before, const GameState& after,
                                           const Action& a, const core::Expectation& e);
// What a passed expectation tells about unseen cards (VP cards, with `expect: vp`).
void narrow(GameState& s, const core::Expectation& e);
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
// Only the candidates `admit` takes are checked (a filter by kind or player costs what the
// actions it keeps cost, not every candidate's check).
std::vector<Action> legal_actions(const GameState& s,
                                  const std::function<bool(const Action&)>& admit);
// The candidates legal_actions checks, unchecked (those `admit` takes). A player view's
// legal actions are the candidates of each branch's states that some world allows.
// `kinds`: a mask of the kinds made at all (bit 1 << ActionKind); kinds outside it cost
// nothing, not even their enumeration.
inline constexpr uint32_t kAllKinds = ~uint32_t{0};
constexpr uint32_t kind_bit(core::ActionKind k) { return uint32_t{1} << static_cast<int>(k); }
std::vector<Action> candidate_actions(const GameState& s,
                                      const std::function<bool(const Action&)>& admit,
                                      uint32_t kinds = kAllKinds);

// BUILD-03/08/10 for a road by p on e, ignoring cost and turn (for generators).
std::optional<Violation> road_placement(const GameState& s, int p, core::EdgeId e);

// The private part (hands and bank) after `a`, for the world loaded in `s` (the state
// before `a`, which check() allowed): one world, or one per way to choose the cards the
// recorder did not see (a hidden steal, a hidden discard). apply() does the same to a
// complete state; builds with CATAN_CHECK_INVARIANTS compare the two on every entry.
void expand_private(const GameState& s, const Action& a, std::vector<core::World>& out);
// How an entry that check() allowed on one world treats the others (the fast path of
// player-view checking). Public rules hold alike in every world, so only what reads the
// private part is asked again: `allows` is exactly that part of check(); `delta` is the
// change every surviving world undergoes alike, when there is one (nullopt: the effect
// differs between worlds, use expand_private).
struct PrivateEffect {
  bool uniform = false;
  core::World before, after;  // a representative world before and after: the delta
};
// Whether world `w` allows `a`, asking only what reads its cards, for an entry that check()
// allowed in `s` (a world's hands and bank, or the most permissive hands of a branch): the
// public rules hold alike in every world. What does not depend on the world (a roll's
// demand on the bank) is worked out once, for the many worlds asked. `s` and `a` must
// outlive it.
class PrivateCheck {
 public:
  PrivateCheck(const GameState& s, const Action& a);
  bool operator()(const core::World& w) const;

 private:
  const GameState& s_;
  const Action& a_;
  // A roll with `gains`: each resource's demand, and whether `s`'s bank covers all of it.
  std::array<int, core::kResourceCount> demand_{};
  bool state_covers_ = false;
};
PrivateEffect private_effect(const GameState& s, const Action& a,
                             const std::vector<core::World>& worlds);
// ROBBER-01: the cards a player holding `held` owes at a 7 (-1: none).
inline int discard_debt(int held, const core::Options& o) {
  return held > o.discard_limit ? held / 2 : -1;
}
// After a 7: who owes a discard, from the hands now loaded (ROBBER-01), and the phase.
void settle_seven(GameState& s);

// AWARD-01: longest trail through p's roads, not through opponents' buildings.
int road_length(const GameState& s, int p);

// A longest trail itself, for diagnostics (road_length is the fast count): p's paths in trail
// order from `start` to `end`; empty edges when p has no road. `Reading::Catanatron` never
// walks onto a corner holding an opponent's building (catanatron's longest_acyclic_path),
// so there an opponent's building may stand only where the trail starts.
struct Trail {
  std::vector<core::EdgeId> edges;
  core::CornerId start = core::kNone, end = core::kNone;
};
enum class TrailReading : uint8_t { Rules, Catanatron };
Trail longest_trail(const GameState& s, int p, TrailReading reading = TrailReading::Rules);

}  // namespace catan::rules
