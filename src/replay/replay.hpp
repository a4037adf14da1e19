// Walks a read game through the rules: the only place where the log model, the rules
// and the diagnostics meet.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/state.hpp"
#include "diag/diagnostic.hpp"
#include "log/model.hpp"

namespace catan::replay {

struct Settings {
  std::vector<std::pair<std::string, std::string>> rule_overrides;  // --rule key=value
  int stop_before = 0;   // >0: stop before applying this entry (for `show`)
  int stop_at_turn = 0;  // >0: stop before the first entry of this turn
};

struct Outcome {
  diag::GameReport report;
  std::optional<core::GameState> state;  // the state where replay stopped
};

Outcome replay(const std::string& file, const log::Game& game, const Settings& settings);
diag::GameReport malformed(const std::string& file, const log::Document& doc);

}  // namespace catan::replay
