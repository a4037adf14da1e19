// The progress line on a terminal (check, generate, import, report): one line on standard
// error, rewritten in place ("checked 1200 games (3 of 10 files), 450 games/s, about 12 s
// left"), cleared before any other output so that it never mixes with it, and gone at the
// end.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>

namespace catan::cli {

class Progress {
 public:
  // Draws nothing unless `enabled` (standard error is a terminal, no --quiet; see
  // progress_wanted). `files` is how many files the run reads or writes (the ETA comes
  // from the files left); `out` is flushed before each drawing, so that what was printed
  // comes first. `verb` says what was done to each game: "checked", "generated", ...
  Progress(bool enabled, size_t files, std::ostream& out, std::string verb = "checked");
  ~Progress() { clear(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Call before writing to standard output or error: erases the line when it is shown.
  void clear();
  // One more game decided / file finished; redraws at most ten times a second (the first
  // game at once).
  void game_done();
  void file_done();

 private:
  void maybe_draw();
  std::string line(double seconds) const;

  bool enabled_;
  std::string verb_;
  bool shown_ = false, drawn_ = false;
  size_t files_, files_done_ = 0, games_ = 0;
  std::ostream& out_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

// Marks one file done when it goes out of scope (a loop body with several exits).
class FileDone {
 public:
  explicit FileDone(Progress& p) : p_(p) {}
  ~FileDone() { p_.file_done(); }
  FileDone(const FileDone&) = delete;
  FileDone& operator=(const FileDone&) = delete;

 private:
  Progress& p_;
};

// Whether a command shows progress: standard error is a terminal, and standard output is
// not that terminal too when the command writes its games there (`to_stdout`).
bool progress_wanted(bool to_stdout);

}  // namespace catan::cli
