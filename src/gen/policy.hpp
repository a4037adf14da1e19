// A simple seeded playing policy: greedy for cities and settlements, eager enough to buy,
// play and trade that generated games contain every kind of entry.
#pragma once

#include <vector>

#include "core/action.hpp"
#include "core/state.hpp"
#include "gen/generator.hpp"
#include "gen/rng.hpp"

namespace catan::gen {

class Policy {
 public:
  Policy(const GenOptions& opt, Rng& rng) : opt_(opt), rng_(rng) {}
  // Picks one of `legal` (never empty outside a finished game).
  core::Action choose(const core::GameState& s, const std::vector<core::Action>& legal);

 private:
  core::Action choose_from(const core::GameState& s, const std::vector<core::Action>& legal);
  const GenOptions& opt_;
  Rng& rng_;
  int actions_this_turn_ = 0;
  int last_turn_ = -1;
};

}  // namespace catan::gen
