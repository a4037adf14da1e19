#include "cli/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <ostream>
#include <utility>

namespace catan::cli {

namespace {

void write_err(const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(STDERR_FILENO, s.data() + done, s.size() - done);
    if (n <= 0) return;  // a terminal that refuses: no progress, the run goes on
    done += static_cast<size_t>(n);
  }
}

// "12 s", "3 min 20 s", "1 h 05 min".
std::string duration(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {:02} s", s / 60, s % 60);
  return fmt::format("{} h {:02} min", s / 3600, s % 3600 / 60);
}

constexpr const char* kErase = "\r\x1b[K";  // to the start of the line, erase it

}  // namespace

Progress::Progress(bool enabled, size_t files, std::ostream& out, std::string verb)
    : enabled_(enabled),
      verb_(std::move(verb)),
      files_(files),
      out_(out),
      start_(std::chrono::steady_clock::now()) {}

bool progress_wanted(bool to_stdout) {
  return isatty(STDERR_FILENO) && !(to_stdout && isatty(STDOUT_FILENO));
}

void Progress::clear() {
  if (!shown_) return;
  write_err(kErase);
  shown_ = false;
}

void Progress::game_done() {
  ++games_;
  maybe_draw();
}

void Progress::file_done() {
  ++files_done_;
  maybe_draw();
}

std::string Progress::line(double seconds) const {
  std::string text = fmt::format("{} {} game{}", verb_, games_, games_ == 1 ? "" : "s");
  if (files_ > 1) text += fmt::format(" ({} of {} files)", files_done_, files_);
  if (seconds >= 0.05) text += fmt::format(", {:.0f} games/s", games_ / seconds);
  if (files_ > 1 && files_done_ > 0 && files_done_ < files_)
    text += ", about " + duration(seconds * (files_ - files_done_) / files_done_) + " left";
  return text;
}

void Progress::maybe_draw() {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  drawn_ = true;
  last_draw_ = now;
  out_.flush();  // what was printed before goes out before the line
  const std::chrono::duration<double> elapsed = now - start_;
  write_err(kErase + line(elapsed.count()));
  shown_ = true;
}

}  // namespace catan::cli
