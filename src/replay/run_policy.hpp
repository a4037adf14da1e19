// What `check` (and the Python module's check) does to each game's report once it is
// judged: --require-assertions adds a warning when a legal game omits a required kind of
// assertion, --strict makes every warning fail the run, and the assertion counts are kept
// only when asked for. Decided here, once, so that every format and every caller agree.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diag/diagnostic.hpp"

namespace catan::replay {

// The title of the warning --require-assertions adds.
inline constexpr const char* kMissingAssertions = "missing assertions";
// The kinds --require-assertions takes ("all" stands for every one).
inline const std::vector<std::string>& assertion_kinds() {
  static const std::vector<std::string> kinds{"gains", "hands", "vp", "awards"};
  return kinds;
}

struct RunPolicy {
  bool strict = false;             // --strict: every warning fails the run
  bool require = false;            // --require-assertions given: counts kept, `kinds` required
  std::vector<std::string> kinds;  // of assertion_kinds(), or "all"
};

// Rules options for a run, each "KEY=VALUE" ("profile=NAME" too) as --rule takes them,
// checked and appended to `out` (Settings::rule_overrides). The first bad item stops it:
// the message names it after `option` ("--rule bank-shortage=x: ..."); empty when all hold.
// The CLI, the Python module and the installed API say it alike.
std::string parse_rule_overrides(const std::vector<std::string>& items,
                                 std::vector<std::pair<std::string, std::string>>& out,
                                 std::string_view option);

// A game that passed but omits a required kind of assertion gets a warning titled
// kMissingAssertions naming what is missing (the verdict stands; the run exits 1). gains:
// every production roll (not a 7) asserts what it paid; hands, vp, awards: the log asserts
// them at least once.
void require_assertions(diag::GameReport& r, const std::vector<std::string>& kinds);
// require_assertions when asked for (else the counts are dropped), and which warnings fail
// the run (Diagnostic::fails_run).
void apply_run_policy(diag::GameReport& r, const RunPolicy& p);

}  // namespace catan::replay
