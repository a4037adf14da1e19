#include "replay/read_input.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>

#include "diag/render_text.hpp"
#include "log/reader.hpp"

namespace catan::replay {
namespace {

constexpr size_t kChunk = size_t{1} << 20;

// Does a `---` document marker start at `ls` (a line start)? It is followed by a blank, a
// line break or the end of the text.
bool marker_at(const std::string& t, size_t ls, bool eof) {
  if (ls + 3 > t.size() || t.compare(ls, 3, "---") != 0) return false;
  if (ls + 3 == t.size()) return eof;
  const char c = t[ls + 3];
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Line and column of byte `offset`: CR, LF and CRLF each end a line.
OverLimit position_of(const std::string& t, size_t offset) {
  const char* b = t.data();
  int line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < offset;) {
    const void* lf = std::memchr(b + i, '\n', offset - i);
    const size_t end = lf ? static_cast<size_t>(static_cast<const char*>(lf) - b) : offset;
    // Lone CRs in [i, end) end lines too.
    for (const void* cr = std::memchr(b + i, '\r', end - i); cr;) {
      const size_t k = static_cast<size_t>(static_cast<const char*>(cr) - b);
      if (k + 1 < t.size() && t[k + 1] == '\n') break;  // the CR of a CRLF: the LF counts
      ++line;
      line_start = k + 1;
      cr = k + 1 < end ? std::memchr(b + k + 1, '\r', end - k - 1) : nullptr;
    }
    if (!lf) break;
    ++line;
    line_start = end + 1;
    i = end + 1;
  }
  return {line, static_cast<int>(std::min<size_t>(offset - line_start + 1, 0x7fffffff))};
}

}  // namespace

int read_input(int fd, size_t max_document_bytes, std::string& text,
               std::optional<OverLimit>& over) {
  size_t doc_start = 0;  // where the last document seen so far starts
  size_t scanned = 0;    // line breaks before this offset were looked at for markers
  const bool has_limit = max_document_bytes < SIZE_MAX / 2;
  for (bool eof = false; !eof;) {
    const size_t old = text.size();
    size_t want = kChunk;
    if (has_limit) want = std::min(want, doc_start + max_document_bytes + 1 - old);
    text.resize(old + want);
    ssize_t n = ::read(fd, text.data() + old, want);
    if (n < 0) {
      text.resize(old);
      if (errno == EINTR) continue;
      return errno;
    }
    text.resize(old + static_cast<size_t>(n));
    eof = n == 0;
    // Markers after the line breaks in [scanned, upto): the 4 bytes after a break must be
    // there (or the end of the input reached) to tell a marker.
    const size_t upto = eof ? text.size() : (text.size() >= 4 ? text.size() - 4 : 0);
    if (scanned == 0 && marker_at(text, 0, eof)) doc_start = 0;
    for (const char brk : {'\n', '\r'}) {
      for (size_t i = scanned; i < upto;) {
        const void* hit = std::memchr(text.data() + i, brk, upto - i);
        if (!hit) break;
        const size_t k = static_cast<size_t>(static_cast<const char*>(hit) - text.data());
        if (marker_at(text, k + 1, eof)) doc_start = std::max(doc_start, k + 1);
        i = k + 1;
      }
    }
    scanned = std::max(scanned, upto);
    if (has_limit && text.size() - doc_start > max_document_bytes) {
      over = position_of(text, doc_start + max_document_bytes);
      text.resize(doc_start);
      return 0;
    }
  }
  return 0;
}

std::string read_log_file(const std::string& path, std::string& text) {
  const std::string shown = diag::visible(path);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return shown + ": error: cannot open " + shown + ": " + std::strerror(errno);
  std::optional<OverLimit> over;
  const int err = read_input(fd, log::kDefaultMaxDocumentBytes, text, over);
  ::close(fd);
  if (err != 0) return shown + ": error: cannot read " + shown + ": " + std::strerror(err);
  if (over)
    return shown + ":" + std::to_string(over->line) + ":" + std::to_string(over->column) +
           ": error: this document passes " + std::to_string(log::kDefaultMaxDocumentBytes) +
           " bytes here; reading stopped";
  return {};
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
