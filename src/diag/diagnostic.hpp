// Diagnostics as data: produced by replay, rendered by diag/render_*.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/message.hpp"
#include "core/options.hpp"
#include "core/rule_catalog.hpp"
#include "core/violation.hpp"

namespace catan::diag {

struct Location {
  std::string file;
  int line = 0;  // 1-based; 0 = unknown
  int column = 0;
  // The end of the extent (the entry, value or token) that starts here: its last line and
  // the column just past its last character, as SARIF counts; 0 = unknown.
  int end_line = 0;
  int end_column = 0;
  // A JSON source (an imported export): the path to the value, e.g. `action_records[41]`
  // (diag::extent fills it in); "" otherwise.
  std::string json_path = {};
};

struct Diagnostic {
  core::Severity severity = core::Severity::Error;
  std::optional<core::Rule> rule;  // none for malformed input
  std::string title;               // without a rule: what the error is ("" = malformed input)
  std::string message;
  // The message as a template of the message table and its arguments (core/messages.def),
  // when it has one: every rule's diagnostic; none for malformed input.
  std::optional<core::Message> msg;
  Location at;
  int action = 0;         // 1-based entry number; 0 = the game header or the end of the log
  int turn = -1;          // 0 = set-up; -1 = not applicable
  std::string player;     // the acting player
  std::string situation;  // "turn 12, red's turn, action phase"
  std::vector<core::Note> notes;
  // check --keep-going, a deviation after the first: the earlier deviation it may follow
  // from (its action, 0 for none; its rule), as the "may follow from" note says.
  int follows_action = 0;
  std::optional<core::Rule> follows_rule;
  // A warning that makes check's exit status 1 (--strict, --require-assertions), as check
  // decided: every format shows it among what fails the run.
  bool fails_run = false;
};

enum class Status : uint8_t { Legal, Incomplete, Illegal, Malformed, Unsupported };
std::string_view to_string(Status s);

// How many entries asserted each kind of derived effect, over the entries checked (for
// check --require-assertions): `gains` of production rolls, Monopoly `takes`, and the
// `expect` parts (hands or cards, vp, an award holder, bank, robber).
struct AssertionCounts {
  int rolls = 0;  // production rolls (not a 7) checked
  int gains = 0, takes = 0, hands = 0, vp = 0, awards = 0, bank = 0, robber = 0;
  int roll_without_gains = 0;  // the first production roll without `gains` (0: none)
  Location roll_without_gains_at;
  Location game_at;  // the game's document
};

// check --keep-going on an illegal game: how far the replay went on after `error`.
struct KeepGoing {
  std::vector<core::Note> after_first;  // what the referee adopted or skipped to go on
  int replayed = 0;     // entries judged, up to the end of the log or to where it stopped
  int stopped_at = 0;   // the entry where it could not go on (0: it reached the end)
  std::string stopped;  // why not ("" when it reached the end)
};

// The verdict on one game (one document of a stream).
struct GameReport {
  std::string file;
  int index = 0;   // document index in the stream
  std::string id;  // game.id
  Status status = Status::Legal;
  std::optional<Diagnostic> error;  // Illegal, Malformed, Unsupported
  // Malformed: the problems after the first (the reader goes on after a shape error).
  std::vector<Diagnostic> more_errors;
  std::vector<Diagnostic> warnings;
  int actions = 0;  // entries in the log
  int checked = 0;  // entries replayed
  int turns = 0;
  std::string winner;
  // Player-view logs: distinct worlds at the end and at the peak (0 for a complete log),
  // and the first entry left unjudged when the worlds outgrew --max-worlds (0: none).
  size_t worlds = 0, peak_worlds = 0;
  int unjudged_from = 0;
  // A player view won with unseen victory-point cards: some consistent world had no winner
  // until an assertion (`result`, `claim: win`, `expect: {vp}`) or a later entry kept the
  // worlds where the winner had them.
  bool win_rests_on_unseen = false;
  // Past --max-worlds the worlds were held as constraints (rules::WorldModel, exact): the
  // counts above are then --max-worlds + 1, read "more than --max-worlds".
  bool worlds_constrained = false;
  int approximate_from = 0, approximate_to = 0;  // entries checked approximately (0: none)
  std::optional<core::Options> options;  // the rules options in force (none: header not read)
  // Shown only when asked for (check --require-assertions).
  std::optional<AssertionCounts> assertions;
  // check --keep-going: every deviation after `error`, in order, and how far it went.
  std::vector<Diagnostic> deviations;
  std::optional<KeepGoing> keep_going;
};

// What the whole run was checked with, for the reports that describe the run.
struct RunInfo {
  std::string tool_version;
  std::vector<std::string> rule_overrides;  // the --rule KEY=VALUE items, in order
  std::string help_uri_base;                // SARIF helpUri: base + "#RULE-ID"; "" = none
  bool keep_going = false;                  // check --keep-going: count the deviations
  // check: warnings about the run rather than a game ("no games found in DIR"), and whether
  // they make the exit status 1 (--strict), as check decided.
  std::vector<std::string> run_warnings{};
  bool run_warnings_fail = false;
  // SARIF: the absolute directory that relative file names are relative to (check: the
  // working directory), declared as %SRCROOT%; "" = relative names without a base.
  std::string source_root{};
};
// The warnings of a game that make the exit status 1 (Diagnostic::fails_run).
int failing_warnings(const GameReport& r);
// The run's own warnings that make the exit status 1.
inline int failing_warnings(const RunInfo& run) {
  return run.run_warnings_fail ? static_cast<int>(run.run_warnings.size()) : 0;
}
// The defaults with the run's --rule overrides applied: the options in force for every
// game whose log sets no `rules:` of its own.
core::Options run_options(const RunInfo& run);

}  // namespace catan::diag
