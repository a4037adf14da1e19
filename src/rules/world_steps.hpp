// What a player-view entry does to the private part of the game (hands and bank), written as
// data instead of as a loop over worlds: the linear conditions the entry asks of a world
// before it (PrivateCheck's questions), the change every world sees alike, the hidden part
// (which card was stolen, which cards were discarded, how many a Monopoly took, what a
// short bank paid), and the entry's assertions on hands, card counts and the bank after it.
//
// A branch keeps the steps of its entries as a shared history. Past --max-worlds the history
// is handed to a WorldModel (rules/world_model.hpp), which holds the same worlds as integer
// constraints instead of one by one. step_worlds() is the steps' meaning one world at a
// time; invariant builds compare it with the explicit worlds after every entry.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "core/state.hpp"
#include "core/world.hpp"
#include "rules/engine.hpp"

namespace catan::rules {

// A count of a world: World::n's index (player p's resource r at p * 5 + r, the bank's after
// the players').
inline constexpr int kWorldCounts = static_cast<int>(std::tuple_size_v<decltype(core::World::n)>);
inline constexpr int kBankCount = core::kMaxWorldPlayers * core::kResourceCount;

// sum(coef[i] * count[i]) + constant, compared with zero, or (Among) one of `values`' bits.
struct Condition {
  enum Kind : uint8_t { AtLeastZero, Zero, Among };
  std::array<int8_t, kWorldCounts> coef{};
  int constant = 0;
  Kind kind = AtLeastZero;
  uint32_t values = 0;  // Among: bit v set when the value may be v (0..31)
  int value(const core::World& w) const;
  bool holds(const core::World& w) const;
};

struct WorldStep {
  enum Hidden : uint8_t { None, Steal, Discard, Monopoly, Produce };
  std::vector<Condition> require;            // what the entry asks of the world before it
  std::array<int8_t, kWorldCounts> delta{};  // what every world gains (+) and pays (-)
  Hidden hidden = None;
  int player = -1;    // Steal: the thief; Discard, Monopoly: the player
  int from = -1;      // Steal: the victim
  int cards = 0;      // Discard: how many cards were not seen
  int resource = 0;   // Monopoly
  bool rest = false;  // Produce: a lone claimant takes what a short bank holds (D-01)
  std::array<std::array<uint8_t, core::kResourceCount>, core::kMaxWorldPlayers> entitled{};
  std::vector<Condition> assert_after;  // the entry's `expect` on hands, cards and the bank
  // Produce: resource r's demand on the bank, its claimants, and the last of them.
  struct Demand {
    int total = 0, claimants = 0, last = -1;
  };
  Demand demand(int r) const;
};

// The step of `a` applied to `before` (its public part: the world is not read), for an entry
// the rules allow in some world of that state.
WorldStep step_of(const GameState& before, const Action& a);
// The conditions of an `expect`'s hands, card counts and bank.
std::vector<Condition> assertion_conditions(const core::Expectation& e, int players);
// Player p holds between lo and hi cards (the debts of a 7 when hand sizes differ).
std::vector<Condition> size_between(int p, int lo, int hi);
// Every world the step leaves of `w`: none when `w` fails a condition.
std::vector<core::World> step_worlds(const WorldStep& step, const core::World& w);
// The worlds of the step's visible and hidden effect on `w`, before its assertions.
std::vector<core::World> step_effect(const WorldStep& step, const core::World& w);

// The steps of a branch since its position began, shared between the branches a split made.
struct WorldHistory {
  std::shared_ptr<const WorldHistory> parent;
  WorldStep step;
  size_t length = 0;
};
using HistoryPtr = std::shared_ptr<const WorldHistory>;
HistoryPtr extend(const HistoryPtr& h, WorldStep step);
// The steps in order, first to last.
std::vector<const WorldStep*> steps_of(const HistoryPtr& h);

}  // namespace catan::rules
