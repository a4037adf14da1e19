// catan_referee: the verdicts of a check and their rendering in every report format of
// `catan-referee check --format` (text, json, jsonl, sarif, junit, github) and the HTML
// game page of `catan-referee report`. Part of the installed C++ API (docs/API.md); needs
// only the standard library.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catan_referee/diagnostic.hpp"

namespace catan_referee {

// The verdict on one game.
struct GameVerdict {
  std::string file;  // the input's name, as positions give it
  int index = 0;     // the document's index in the input, from 0
  std::string id;    // `id:` of the game, "" when absent
  Status status = Status::legal;
  std::optional<Diagnostic> error;  // illegal, malformed, unsupported: the first error
  std::vector<Diagnostic> warnings;
  // keep_going: every deviation after `error`, in order.
  std::vector<Diagnostic> deviations;
  int actions = 0;  // entries in the log
  int checked = 0;  // entries replayed
  int turns = 0;
  std::string winner;  // "" when nobody won
  // Counted when check was asked to require assertions (CheckOptions::require_assertions).
  std::optional<AssertionCounts> assertions;
  // Legal or incomplete, and no warning that fails the run.
  bool passed() const noexcept {
    if (status != Status::legal && status != Status::incomplete) return false;
    for (const Diagnostic& w : warnings)
      if (w.fails_run) return false;
    return true;
  }
};

struct RenderOptions {
  bool color = false;         // text: ANSI colours
  bool quiet = false;         // text: diagnostics only, no verdict lines, no summary
  std::string help_uri_base;  // sarif: each rule's helpUri is this + "#RULE-ID" ("": none)
};

// The formats Report::render takes: "text", "json", "jsonl", "sarif", "junit", "github",
// and "html" (a Report of check(const Log&) only; one page per game).
std::vector<std::string> report_formats();

// The verdicts of one check, in the order of the games. Cheap to copy (shared, immutable).
class Report {
 public:
  const std::vector<GameVerdict>& games() const;
  // The exit status `catan-referee check` gives these games: 0 every game passed, 1 some
  // illegal or a warning that fails the run, 2 some malformed or unsupported.
  int exit_status() const;
  // The whole report in `format` ("text", "json", "jsonl", "sarif", "junit", "github"),
  // byte for byte as `check --format FORMAT` writes it for these games (text: without the
  // time on the summary line). Throws Error for another format.
  std::string render(std::string_view format, const RenderOptions& options = {}) const;
  // The HTML page of game `game` as `catan-referee report` writes it (self-contained: the
  // board at every step, a timeline, the verdict). Only for a Report of check(const Log&);
  // throws Error otherwise, for a malformed game, or past games().size().
  std::string render_html(std::size_t game) const;

  struct Impl;  // opaque: defined inside the library

 private:
  friend struct Access;
  explicit Report(std::shared_ptr<const Impl> impl);
  std::shared_ptr<const Impl> impl_;
};

}  // namespace catan_referee
