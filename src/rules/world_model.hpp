// The worlds of a branch held as constraints instead of one by one, once there are more than
// --max-worlds of them: every count a world holds (each hand's resources, the bank's) is a
// linear expression over integer unknowns (which card each hidden steal took, which cards
// each hidden discard gave up, whether a short bank paid), and every entry adds what it
// asked of the world (rules/world_steps.hpp) as constraints on them. A world is consistent
// exactly when the unknowns have values meeting every constraint, so the model is exact:
// nothing is lost however many worlds there are. Each question ("does some world let the
// player pay for a city?") is one satisfiability check by Z3, asked only when the branch's
// witness world (a world known to be consistent, kept by Position) answers no.
//
// The first worlds are a set of explicit worlds (the branch's worlds when they were last few),
// and the steps since then build the rest.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "core/world.hpp"
#include "rules/world_steps.hpp"

namespace catan::rules {

class WorldModel {
 public:
  // The worlds that `steps` leave of `roots`, in a game of `players` players.
  WorldModel(const std::vector<core::World>& roots, const std::vector<const WorldStep*>& steps,
             int players);
  WorldModel(const WorldModel& o);
  WorldModel& operator=(const WorldModel& o);
  WorldModel(WorldModel&&) noexcept;
  WorldModel& operator=(WorldModel&&) noexcept;
  ~WorldModel();

  // The worlds after `step` (worlds that fail its conditions are dropped).
  void add(const WorldStep& step);
  // Keeps only the worlds that meet every condition.
  void restrict(const std::vector<Condition>& all);
  // Drops the worlds that meet every condition.
  void exclude(const std::vector<Condition>& all);
  // A consistent world that meets every condition of `extra`, if there is one. `hint`, a
  // world known to be consistent, answers first: itself when it meets them, and no world
  // when it fails one that reads only hand sizes while they agree between worlds.
  std::optional<core::World> find(const std::vector<Condition>& extra = {},
                                  const core::World* hint = nullptr) const;
  // Per count, the fewest and most over the worlds, and per player the fewest and most cards
  // in hand. Nullopt when no world is left.
  struct Bounds {
    core::World lo, hi;
    std::array<int, core::kMaxWorldPlayers> size_lo{}, size_hi{};
  };
  std::optional<Bounds> bounds() const;
  // Whether every world gives each player the hand size `w` does. Asks the solver only
  // after an entry that may have made sizes differ (a short bank's production, a Monopoly
  // without `takes`), and remembers the answer.
  bool sizes_as_in(const core::World& w);
  size_t checks() const;  // satisfiability checks asked so far (a measure of its work)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int players_;
  bool sizes_may_differ_ = false;
};

}  // namespace catan::rules
