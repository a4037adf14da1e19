// One run's machine-readable report, written to an ostream as the games are decided
// (issue 11): each format keeps only what it must, and linear time in games and files.
//
// Where each format's parts are written (docs/REPORT-FORMAT.md, "Written as games are
// decided"):
// - json: the opening (format, tool, rule_overrides, rules_options, "games": [) at
//   construction; each game as it comes; the closing and the summary at finish().
// - jsonl: one line per game as it comes; nothing at construction or finish().
// - sarif: the opening with the driver and its rules at construction; each game's results
//   as it comes; the run's properties and the closing at finish().
// - github: each game's annotations as it comes; the summary line(s) at finish().
// - junit: nothing before finish(): <testsuites> carries the run's totals and each
//   <testsuite> its file's counts, so finished <testsuite>s wait in an unlinked temporary
//   file, and the current file's <testcase>s in memory up to 64 KiB, beyond that in a
//   second one (diag/spool.hpp; memory only when no temporary file can be made).
//
// Writes are checked by the caller: a failed write sets the ostream's badbit (or throws,
// when its exceptions() ask for it) during game() or finish(). Nothing is flushed.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string_view>

#include "diag/diagnostic.hpp"

namespace catan::diag {

class ReportStream {
 public:
  virtual ~ReportStream() = default;
  // Each game in run order (files in path order; games of one file consecutively, or JUnit
  // gives a file that comes back a <testsuite> of its own).
  virtual void game(const GameReport& r) = 0;
  // Once, after the last game: closing elements, summary. Without it the report is left
  // unfinished (JUnit's: unwritten).
  virtual void finish() = 0;
  // Rendered bytes held in memory, not yet written to the ostream: 0 after each game but
  // for JUnit, whose current file's latest <testcase>s wait (up to 64 KiB and one more).
  virtual size_t held_bytes() const { return 0; }
};

// What fails the run is told, not decided, by the renderers: a warning's fails_run and the
// run's run_warnings / run_warnings_fail (diagnostic.hpp), as check set them. Every format
// shows them: json's summary counts them (failing_warnings) and names the run's warnings,
// jsonl marks each diagnostic, sarif gives such a warning level "error" and counts them in
// the run's properties, junit makes its game a failed test case (the run's warnings a
// test case each), github annotates it as an error and counts it on the summary line.
//
// format: json | jsonl | sarif | junit | github (check --format); any other throws
// std::invalid_argument. `run` as the whole-run renderers take it (github and json count
// the deviations when run.keep_going; jsonl ignores it). `out` must outlive the
// stream.
std::unique_ptr<ReportStream> make_report_stream(std::string_view format, const RunInfo& run,
                                                 std::ostream& out);

}  // namespace catan::diag
