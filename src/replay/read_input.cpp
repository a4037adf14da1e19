#include "replay/read_input.hpp"

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>

#include "log/reader.hpp"

namespace catan::replay {
namespace {

constexpr size_t kChunk = size_t{1} << 20;
constexpr size_t kFirstRead = size_t{64} << 10;
constexpr int kPauseMs = 20;  // live input: how long the writer is quiet before a pause

// Line and column of byte `offset` of `t`: CR, LF and CRLF each end a line.
OverLimit position_of(std::string_view t, size_t offset, int first_line) {
  const std::string_view before = t.substr(0, offset);
  const int breaks = text::count_line_breaks(before);
  const size_t last = before.find_last_of("\r\n");
  const size_t line_start = last == std::string_view::npos ? 0 : last + 1;
  return {first_line + breaks,
          static_cast<int>(std::min<size_t>(offset - line_start + 1, 0x7fffffff))};
}

}  // namespace

InputReader::InputReader(int fd, size_t max_document_bytes) : fd_(fd), limit_(max_document_bytes) {
  struct stat st {};
  const off_t at = ::lseek(fd_, 0, SEEK_CUR);
  if (::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode) && at >= 0 && st.st_size >= at) {
    sized_ = true;
    left_ = static_cast<size_t>(st.st_size - at);
  }
}
InputReader::~InputReader() = default;

bool InputReader::fill() {
  if (eof_ || error_ != 0) return false;
  // Room for the next read: 64 KiB at first (a small file needs no more), doubling up to
  // reads of 1 MiB; for a regular file, what is left of it (up to 1 MiB). What was handed
  // out is dropped first, so the buffer grows only with the piece being read; it is not
  // zero-filled, since the bytes are read over at once.
  // A regular file: what is left of it, and one byte more to see its end.
  const size_t need =
      sized_ ? std::min(kChunk, left_ + 1) : std::min(kChunk, std::max(cap_, kFirstRead));
  if (cap_ - end_ < need && begin_ > 0) {
    std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (cap_ - end_ < need) {
    const size_t cap = std::max(end_ + need, cap_ * 2);
    std::unique_ptr<char[]> bigger(new char[cap]);
    if (end_ > 0) std::memcpy(bigger.get(), buf_.get(), end_);
    buf_ = std::move(bigger);
    cap_ = cap;
  }
  for (;;) {
    const ssize_t n = ::read(fd_, buf_.get() + end_, std::min(kChunk, cap_ - end_));
    if (n < 0) {
      if (errno == EINTR) continue;
      error_ = errno;
      return false;
    }
    if (n == 0) {
      eof_ = true;
      return false;
    }
    end_ += static_cast<size_t>(n);
    if (sized_ && static_cast<size_t>(n) > left_) sized_ = false;  // the file grew
    if (sized_) left_ -= static_cast<size_t>(n);
    return true;
  }
}

bool InputReader::next(Piece& piece) { return next(piece, {}); }

bool InputReader::next(Piece& piece, const StallHandler& stalled) {
  if (over_ || error_ != 0) return false;
  for (;;) {
    const std::string_view have(buf_.get() + begin_, end_ - begin_);
    const size_t n = scanner_.scan(have, eof_);
    if (n > 0 || (eof_ && !started_)) {
      const size_t len = std::min(n, limit_ + 1);
      if (len > limit_) {  // the piece passed the limit before it ended
        over_ = position_of(have, limit_, line_);
        return false;
      }
      piece.text = have.substr(0, n);
      piece.first_line = line_;
      line_ += text::count_line_breaks(piece.text);
      begin_ += n;
      started_ = true;
      scanner_.reset();
      return true;
    }
    if (eof_ || error_ != 0) return false;
    if (have.size() > limit_) {
      over_ = position_of(have, limit_, line_);
      return false;
    }
    if (stalled && !have.empty()) {
      // A pause is 20 ms with nothing to read: a writer streaming a recorded file into the
      // pipe is not waited on (each momentary empty pipe used to cost a re-read of the
      // document so far: a fifth more time over a long stream), and a game being played
      // gets its verdict 20 ms after the entry that decides it.
      pollfd pfd{fd_, POLLIN, 0};
      if (::poll(&pfd, 1, kPauseMs) == 0) stalled(have, line_);
    }
    if (!fill() && error_ != 0) return false;
  }
}

std::string_view InputReader::peek(const std::function<bool(std::string_view)>& enough) {
  while (!enough({buf_ ? buf_.get() + begin_ : "", end_ - begin_}) && fill()) {
  }
  return {buf_ ? buf_.get() + begin_ : "", end_ - begin_};
}

bool InputReader::rest(std::string& out) {
  while (fill()) {
    if (end_ - begin_ > limit_) break;
  }
  if (error_ != 0) return false;
  const std::string_view have(buf_ ? buf_.get() + begin_ : "", end_ - begin_);
  if (have.size() > limit_) {
    over_ = position_of(have, limit_, line_);
    return false;
  }
  out.assign(have);
  begin_ = end_;
  started_ = true;
  return true;
}

int read_input(int fd, size_t max_document_bytes, std::string& text,
               std::optional<OverLimit>& over) {
  InputReader in(fd, max_document_bytes);
  InputReader::Piece p;
  while (in.next(p)) text.append(p.text);
  over = in.over();
  return in.error();
}

std::optional<size_t> parse_size(const std::string& s) {
  size_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p == s.data() || v == 0) return std::nullopt;
  std::string unit(p, s.data() + s.size());
  if (unit.size() > 1 && (unit.substr(1) == "iB" || unit.substr(1) == "B")) unit.resize(1);
  size_t mult = 1;
  if (unit == "K" || unit == "k")
    mult = size_t{1} << 10;
  else if (unit == "M")
    mult = size_t{1} << 20;
  else if (unit == "G")
    mult = size_t{1} << 30;
  else if (!unit.empty() && unit != "B")
    return std::nullopt;
  if (v > SIZE_MAX / mult) return std::nullopt;
  return v * mult;
}

}  // namespace catan::replay
