// catan_referee: what the referee says about a game, as plain data: a diagnostic (an
// error or a warning, with its rule, place and message), a game's status, the counts of
// assertions checked, and the one exception type of the API. Part of the installed C++
// API (docs/API.md); needs only the standard library.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace catan_referee {

// The verdict on one game, as `catan-referee check` prints it.
enum class Status {
  legal,        // every entry is legal and the game is won
  incomplete,   // every entry is legal; the log ends before a winner
  illegal,      // an entry breaks a rule (Diagnostic::rule says which)
  malformed,    // the text is not a readable catan-log/1 game (or record)
  unsupported,  // readable, but asks for what this version does not check
};
// "legal", "incomplete", "illegal", "malformed", "unsupported".
std::string_view to_string(Status s) noexcept;

enum class Severity { error, warning };

// One error or warning, with where it points in the file it was read from.
struct Diagnostic {
  Severity severity = Severity::error;
  std::string rule;     // "ROBBER-01" (docs/rules.md); "" for malformed input
  std::string title;    // a warning without a rule: what it is ("missing assertions")
  std::string message;  // one line
  std::string file;     // as given ("<stdin>", "<text>" for text without a name)
  int line = 0;         // 1-based; 0 = unknown
  int column = 0;       // 1-based; 0 = unknown
  int end_line = 0;     // the extent pointed at: last line, column past its end (0 = unknown)
  int end_column = 0;
  int action = 0;                  // the entry's number (1-based); 0 = the header or the end
  int turn = -1;                   // 0 = set-up; -1 = not applicable
  std::string player;              // the acting player, "" when none
  std::vector<std::string> notes;  // "LABEL: TEXT" lines, as the text report prints them
  bool fails_run = false;  // a warning that makes check's exit status 1 (strict, assertions)
  // The compiler-style text: "FILE:LINE:COLUMN: error[RULE]: MESSAGE" and its notes.
  std::string text;
};

// How many entries asserted each kind of derived effect (check with require_assertions).
struct AssertionCounts {
  int rolls = 0;  // production rolls (not a 7) checked
  int gains = 0;  // of them, with `gains`
  int takes = 0, hands = 0, vp = 0, awards = 0, bank = 0, robber = 0;
};

// Thrown for a call that cannot be done as asked: an unknown rules option, format or
// report format, a header that cannot be read, an index out of range. A game that breaks
// a rule is not an exception: it is a verdict. `diagnostic` holds the position when the
// problem is in a text (a live game's header).
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what, std::optional<Diagnostic> d = std::nullopt)
      : std::runtime_error(what), diagnostic(std::move(d)) {}
  std::optional<Diagnostic> diagnostic;
};

}  // namespace catan_referee
