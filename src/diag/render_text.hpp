// The compiler-style text rendering of reports:
//   file:line:col: error[RULE-ID]: message
//     note: ...
#pragma once

#include <string>
#include <string_view>

#include "diag/diagnostic.hpp"

namespace catan::diag {

// The text a report points into: a whole file, or one document of a stream read a piece at
// a time, whose first line is the file's line `first_line`.
struct SourceText {
  std::string_view text;
  int first_line = 1;
  SourceText() = default;
  SourceText(std::string_view t, int first = 1) : text(t), first_line(first) {}    // NOLINT
  SourceText(const std::string& t, int first = 1) : text(t), first_line(first) {}  // NOLINT
  SourceText(const char* t, int first = 1) : text(t), first_line(first) {}         // NOLINT
};

struct TextStyle {
  bool color = false;                  // ANSI colours for a terminal
  const SourceText* source = nullptr;  // the text, for the excerpt under the message
};

std::string render_text(const Diagnostic& d, const TextStyle& style = {});
// The note saying where in the game a diagnostic is, as log text (not escaped): "action 24
// by orange (turn 4, orange's turn, ...)", or the situation alone; "" when neither is known.
std::string action_note(const Diagnostic& d);
// One report: its error or warnings, then (unless quiet) a one-line verdict.
std::string render_text(const GameReport& r, bool quiet, const TextStyle& style = {});
// The source line `line` with a caret under `column` and a tilde under the rest of the token
// ("" when the line is not in the source).
// A line longer than kExcerptBytes shows a window of it around the column, "…" at each cut
// end, the caret under the same character.
std::string excerpt(const SourceText& source, int line, int column);
inline constexpr size_t kExcerptBytes = 100;
// The bytes [begin, end) of `line` to show around byte `column` (0-based): all of it when it
// is at most `max_bytes` long, else at most `max_bytes` on UTF-8 character boundaries, the
// column at about two fifths of the window.
struct LineWindow {
  size_t begin = 0, end = 0;
};
LineWindow line_window(std::string_view line, size_t column, size_t max_bytes);
// The path to the JSON value that starts at byte `offset` of `text`, as
// `action_records[41]` or `state.tiles[3].tile`; "" when the text is not JSON (a YAML flow
// collection is not) or the value is the whole document.
std::string json_path(std::string_view text, size_t offset);
// `at` with its end filled in from the source: a flow collection up to its closing bracket
// (over lines), a quoted scalar to its closing quote, else the token up to a delimiter (a
// block-style entry: its first key). `at` unchanged when the line or column is not in the
// source.
Location extent(const SourceText& source, Location at);
// Log-controlled text made harmless on a terminal: control characters (C0 including NUL,
// ESC, BEL, CR; DEL; C1), bidi and line-separator controls and invalid UTF-8 become visible
// escapes (\x1b, \r, \u202e, \xff); everything else is kept.
std::string visible(std::string_view s);
// A run's verdicts counted as the summary line states them (check, the installed API).
struct RunCounts {
  int legal = 0, incomplete = 0, illegal = 0, malformed = 0, unsupported = 0, warnings = 0;
  int failing_warnings = 0;  // warnings that make the exit status 1 (Diagnostic::fails_run)
  int deviations = 0, deviant_games = 0;  // --keep-going
  void add(const GameReport& r);
};
// "3 game(s): 1 legal (0 incomplete), 1 illegal, 1 malformed", then ", U unsupported" when
// some are, "; W warning(s) that fail the run" when some do (check --strict,
// --require-assertions) and " in S.SS s" when an elapsed time is given (>= 0).
std::string summary_line(int legal, int incomplete, int illegal, int malformed, int unsupported = 0,
                         int failing_warnings = 0, double elapsed_seconds = -1);
// check --keep-going, after the summary line: "keep-going: 5 deviation(s) in 2 game(s)".
std::string deviations_line(int deviations, int games);

}  // namespace catan::diag
