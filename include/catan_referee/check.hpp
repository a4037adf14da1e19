// catan_referee: checking games as `catan-referee check` does: the same verdicts, with the
// same options (rules options and profile, keep-going, strict, required assertions). Part
// of the installed C++ API (docs/API.md); needs only the standard library.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "catan_referee/read.hpp"
#include "catan_referee/report.hpp"

namespace catan_referee {

struct CheckOptions {
  // Rules options for every game, each "KEY=VALUE" as `check --rule` takes it
  // ("bank-shortage=strict"; "profile=NAME" resets every option to that profile). A bad
  // one throws Error.
  std::vector<std::string> rules;
  bool keep_going = false;  // go on after a game's first deviation, reporting every one
  bool strict = false;      // every warning fails the run (exit status, passed())
  // Unset: assertions are not required (and not counted). Set: a legal game that omits
  // these kinds ("gains", "hands", "vp", "awards", or "all"; empty = all) gets a warning
  // that fails the run, and every game has its AssertionCounts. Another kind throws Error.
  std::optional<std::vector<std::string>> require_assertions;
  // Player-view logs: the most distinct worlds kept exactly (0: the CLI's default).
  std::size_t max_worlds = 0;
};

// Checks the file `path` a document at a time, in bounded memory, as `catan-referee
// check PATH` does (a file that cannot be read is one malformed game).
Report check_file(const std::string& path, const CheckOptions& options = {},
                  const ReadOptions& read = {});
// Checks a text held in memory; `name` names it in positions.
Report check_text(const std::string& text, const std::string& name = "<text>",
                  const CheckOptions& options = {}, const ReadOptions& read = {});
// Checks the games already read; the Report can also render each game as HTML.
Report check(const Log& log, const CheckOptions& options = {});

}  // namespace catan_referee
