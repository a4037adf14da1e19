// check's progress line on a terminal: one line on standard error, rewritten in place
// ("checked 1200 games (3 of 10 files), 450 games/s, about 12 s left"), cleared before any
// other output so that it never mixes with it, and gone at the end.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>

namespace catan::cli {

class Progress {
 public:
  // Draws nothing unless `enabled` (check: standard error is a terminal, no --quiet).
  // `files` is how many files the run reads (the ETA comes from the files left); `out` is
  // flushed before each drawing, so that what was printed comes first.
  Progress(bool enabled, size_t files, std::ostream& out);
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
  bool shown_ = false, drawn_ = false;
  size_t files_, files_done_ = 0, games_ = 0;
  std::ostream& out_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace catan::cli
