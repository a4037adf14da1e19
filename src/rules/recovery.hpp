// check --keep-going: how the referee goes on after a deviation, the way an engine author
// fixes one. Where the log states a value (a roll's gains, Monopoly's takes, an `expect`ed
// hand, award holder, bank or robber) the state takes the log's word; where an action is
// illegal, what can be applied is applied and the rest is said. Data only, never printed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/action.hpp"
#include "core/state.hpp"
#include "core/violation.hpp"
#include "core/world.hpp"

namespace catan::rules {

struct Recovery {
  bool applied = false;            // the entry changed the state (wholly or in part)
  std::vector<std::string> steps;  // what was adopted or adjusted to go on, in order
  // The refusal that still stands when the entry was skipped (none when applied): its message
  // is formatted by diag, as every message is.
  std::optional<core::Violation> not_applied;
  std::vector<int> players;  // the players the deviation involves (acting one first)
};

// After check(s, a) refused `a` with the error `v`: adjusts a copy of `s` step by step
// until check allows `a`, then applies it there, adopting the gains or takes the log
// asserts. The steps, each at most once: the log's gains or takes are set aside (and
// adopted after the entry); the logged player becomes the active one; before a roll, the
// roll is taken as made; the cards missing for the payment move from the bank (when it holds
// them) to the payer's hand. When check still refuses, a settlement, city or road is placed
// if its place is free (paying what the hand holds; in set-up, when it is the placement the
// step wants, with its starting cards); anything else is skipped. Either way
// the entry counts as applied (`actions_applied`), so that later entries keep their numbers.
//
// `worlds` (a player view: an entry that hides a card, whose private effect differs between
// worlds): when given and the entry is applied after the adjustments, the worlds after its
// private effect (rules::expand_private on the adjusted state) are added there, and `s`
// takes only its public effect; when it stays empty, `s`'s hands are the world after it.
Recovery recover_action(core::GameState& s, const core::Action& a, const core::Violation& v,
                        std::vector<core::World>* worlds = nullptr);

// A production roll's gains as the log gives them, minus what the rules grant, per player
// (empty when they agree, or for a roll without gains or of 7). --keep-going remembers the
// gap it adopted per roll total: a piece placed to go on that the log's engine does not
// have (or the reverse) makes the same gap on every later roll of that number, and such a
// roll is the same difference again, not a new deviation.
std::vector<core::ResourceSet> production_gap(const core::GameState& s, const core::Action& a);
// Adds `gap` to the hands (never below zero), the bank giving or taking the difference (never
// below zero: the log's word stands).
void add_to_hands(core::GameState& s, const std::vector<core::ResourceSet>& gap);

// After check_expectation(before, s, a, e) failed: adopts into `s` the first value of `e`
// that differs from `s` (in the order check_expectation looks: per player hands, card
// count, VP; then Longest Road, Largest Army, bank, robber) and removes it from `e`, so the
// next check_expectation finds the next difference. A card count or VP cannot be adopted
// (which cards? which points?): the state keeps its own and says so. Returns what was done,
// or nullopt when no part of `e` differs; `player` is the player it was about (or -1).
std::optional<std::string> adopt_expectation(core::GameState& s, core::Expectation& e, int& player);

}  // namespace catan::rules
