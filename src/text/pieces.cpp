#include "text/pieces.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace catan::text {
namespace {

// The first '\n' or '\r' in [from, text.size()), or npos.
size_t line_break(std::string_view text, size_t from) {
  const char* b = text.data();
  const size_t n = text.size() - from;
  const void* lf = std::memchr(b + from, '\n', n);
  const size_t lf_at = lf ? static_cast<size_t>(static_cast<const char*>(lf) - b) : text.size();
  const void* cr = std::memchr(b + from, '\r', lf_at - from);
  if (cr) return static_cast<size_t>(static_cast<const char*>(cr) - b);
  return lf ? lf_at : std::string_view::npos;
}

bool blank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

size_t PieceScanner::scan(std::string_view text, bool eof) {
  while (pos_ < text.size()) {
    const size_t ls = pos_;
    const std::string_view rest = text.substr(ls);
    if (ls > 0) {
      // A `---` marker: three dashes, then a blank, a line break or the end of the input.
      if (rest.size() < 4 && !eof && std::string_view("---").substr(0, rest.size()) == rest)
        return 0;  // cannot tell yet
      const bool marker = rest.substr(0, 3) == "---" && (rest.size() == 3 || blank(rest[3]) ||
                                                         rest[3] == '\n' || rest[3] == '\r');
      if (marker && content_) return ls;
      if (json_ == 1 && rest[0] == '{' && last_ == '}') return ls;
    }
    const size_t e = line_break(text, ls);
    if (e == std::string_view::npos && !eof) return 0;  // the line is not complete yet
    const size_t end = e == std::string_view::npos ? text.size() : e;
    size_t first = ls;
    while (first < end && blank(text[first])) ++first;
    if (first < end && text[first] != '#' && !(text[first] == '%' && !content_ && first == ls)) {
      content_ = true;
      if (json_ < 0) json_ = text[first] == '{' ? 1 : 0;
      size_t last = end;
      while (last > first && blank(text[last - 1])) --last;
      last_ = text[last - 1];
    }
    pos_ = end == text.size() ? end : end + 1;
  }
  return eof ? text.size() : 0;
}

size_t complete_entries_prefix(std::string_view t) {
  size_t at = t.substr(0, 8) == "actions:" ? 0 : t.find("\nactions:");
  if (at == std::string_view::npos) return 0;
  if (t[at] == '\n') ++at;
  const size_t last_nl = t.rfind('\n');
  if (last_nl == std::string_view::npos || last_nl < at) return 0;
  int item_indent = -1;
  size_t first_item = std::string_view::npos, last_item = std::string_view::npos;
  for (size_t ls = t.find('\n', at) + 1; ls <= last_nl; ls = t.find('\n', ls) + 1) {
    const size_t eol = t.find('\n', ls);
    size_t c = ls;
    while (c < eol && t[c] == ' ') ++c;
    if (c == eol || t[c] == '#' || t[c] == '\r') continue;  // blank or comment
    const int indent = static_cast<int>(c - ls);
    const bool item = t[c] == '-' && (c + 1 == eol || t[c + 1] == ' ' || t[c + 1] == '\r');
    if (item_indent < 0) {
      if (!item) return 0;  // a flow sequence, or no sequence
      item_indent = indent;
    }
    if (indent < item_indent || (indent == item_indent && !item)) {
      return ls;  // the sequence ended: every item before is complete
    }
    if (indent == item_indent) {
      if (first_item == std::string_view::npos) first_item = ls;
      last_item = ls;
    }
  }
  return last_item != first_item ? last_item : 0;
}

int count_line_breaks(std::string_view text) {
  // Counted in blocks of 128 bytes with a byte counter, which compilers vectorize.
  long n = 0;
  const char* p = text.data();
  size_t left = text.size();
  for (; left >= 128; left -= 128, p += 128) {
    uint8_t block = 0;
    for (int i = 0; i < 128; ++i) block += p[i] == '\n';
    n += block;
  }
  n += std::count(p, p + left, '\n');
  for (const void* cr = std::memchr(text.data(), '\r', text.size()); cr;) {
    const size_t k = static_cast<size_t>(static_cast<const char*>(cr) - text.data());
    if (k + 1 == text.size() || text[k + 1] != '\n') ++n;  // a lone CR
    cr =
        k + 1 < text.size() ? std::memchr(text.data() + k + 1, '\r', text.size() - k - 1) : nullptr;
  }
  return static_cast<int>(std::min<long>(n, 0x7fffffff));
}

}  // namespace catan::text
