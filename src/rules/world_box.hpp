// The approximation of a world set that has grown past --max-worlds: per player and
// resource the interval of counts still possible, the same for the bank, and each hand's
// size. Sound: every world consistent with the log lies inside the box, so an entry is
// rejected only when no point of the box allows it. The box returns to exact worlds (all
// its points that conserve 19 cards per resource and keep the hand sizes) once those are
// few enough.
#pragma once

#include <optional>
#include <vector>

#include "core/state.hpp"
#include "core/world.hpp"
#include "rules/engine.hpp"

namespace catan::rules {

struct HandRange {
  core::ResourceSet lo, hi;
};

class WorldBox {
 public:
  // `cards`: the bank's stack of each resource in the game's edition.
  WorldBox(const std::vector<core::World>& worlds, int players, int cards);

  // The state with the most cards every hand and the bank may hold: a rule that fails
  // there because of missing cards fails in every world.
  void load_permissive(GameState& s) const;
  // Whether a violation found on the permissive state holds in every world of the box
  // (false for rules whose checks are not monotone in the cards held).
  static bool certain(const Violation& v);
  // Applies an allowed entry; false when the box cannot follow it (hand sizes that differ
  // between worlds at a 7: the caller splits the box with sevens()).
  bool apply(const GameState& before, const Action& a);
  // At a 7 whose hand sizes differ between the box's points (production that some worlds'
  // bank could not pay): one box per combination of discard obligations, each narrowed to
  // the hand sizes that owe it, empty ones left out. The discards that follow (their counts
  // are public) keep the branches that agree. Nullopt past `limit` combinations.
  std::optional<std::vector<WorldBox>> sevens(int discard_limit, size_t limit) const;
  // `expect` hands, cards and bank: a violation when no point of the box satisfies them;
  // else the box is narrowed to them.
  std::optional<Violation> expect(const GameState& s, const core::Expectation& e);
  // The violation of `e`'s hands, cards and bank when no point of the box meets them all
  // (its first asserted value), and whether `e` asserts any of them.
  static Violation unmet(const GameState& s, const core::Expectation& e);
  static bool asserts_cards(const core::Expectation& e);
  // The box's points (conserving cards, with the known hand sizes) when there are at most
  // `limit` of them.
  std::optional<std::vector<core::World>> points(size_t limit) const;
  size_t size_bound() const;  // the product of the per-hand counts, saturated
  // After a 7 (apply() returned true, so every hand size is known): who owes a discard.
  void settle_seven(GameState& s) const;
  HandRange hand(int p) const { return {lo_[p], hi_[p]}; }
  HandRange bank() const { return {lo_.back(), hi_.back()}; }
  std::pair<int, int> size(int p) const { return {total_lo_[p], total_hi_[p]}; }

 private:
  int n_;
  int cards_;                                     // of each resource in the game
  std::vector<core::ResourceSet> lo_, hi_;        // players, then the bank
  std::vector<int> total_lo_, total_hi_;          // hand sizes
  void pay(int who, const core::ResourceSet& r);  // who == n_: the bank
  void receive(int who, const core::ResourceSet& r);
  // Narrows the box to its points with the constraint; false when none is left (as far as
  // the intervals can tell).
  bool tighten();
};

}  // namespace catan::rules
