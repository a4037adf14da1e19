// Illegal variants of a legal log: each changes one decision or one assertion so that a
// known rule is broken at a known action. The expected verdict comes from the mutation's
// preconditions (read off the replayed state), never from running the checker on it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/action.hpp"
#include "core/rule_catalog.hpp"
#include "log/model.hpp"

namespace catan::gen {

struct Mutation {
  std::string kind;
  core::Rule rule;
  int action = 0;    // 1-based entry number of the illegal entry in the mutated log
  std::string what;  // one line for the file's header
  std::vector<core::Action> actions;
};

// The mutation kinds, in a fixed order (`catan-referee mutate --kind`).
const std::vector<std::string>& mutation_kinds();
// At most one mutation per kind (kinds whose preconditions never occur are skipped).
// Throws std::invalid_argument if the game is not legal to begin with.
std::vector<Mutation> mutate(const log::Game& game, uint64_t seed,
                             const std::string& only_kind = "");
// The catan-log/1 text of a mutated game with its `# expect:` header.
std::string mutation_yaml(const log::Game& game, const Mutation& m, const std::string& source_name);

}  // namespace catan::gen
