#include "diag/render_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <vector>

#include "diag/utf8.hpp"

namespace catan::diag {

std::string_view to_string(Status s) {
  switch (s) {
    case Status::Legal:
      return "legal";
    case Status::Incomplete:
      return "incomplete";
    case Status::Illegal:
      return "illegal";
    case Status::Malformed:
      return "malformed";
    case Status::Unsupported:
      return "unsupported";
  }
  return "?";
}

namespace {
constexpr const char* kBold = "\033[1m";
constexpr const char* kRed = "\033[1;31m";
constexpr const char* kYellow = "\033[1;33m";
constexpr const char* kCyan = "\033[36m";
constexpr const char* kReset = "\033[0m";
}  // namespace

std::string visible(std::string_view s) {
  bool plain = true;
  for (char c : s) plain &= c >= 0x20 && c < 0x7f;
  if (plain) return std::string(s);
  std::string out;
  out.reserve(s.size() + 16);
  for (size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    const size_t len = decode_utf8(s, i, cp);
    if (len == 0) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(s[i]));
      ++i;
      continue;
    }
    if (cp == '\t')
      out += "\\t";
    else if (cp == '\n')
      out += "\\n";
    else if (cp == '\r')
      out += "\\r";
    else if (cp < 0x20 || cp == 0x7f)
      out += fmt::format("\\x{:02x}", static_cast<unsigned>(cp));
    else if ((cp >= 0x80 && cp <= 0x9f) || cp == 0x61c || cp == 0x200e || cp == 0x200f ||
             (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff)
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
    else
      out.append(s.substr(i, len));
    i += len;
  }
  return out;
}

namespace {
// Terminal columns of escaped text: one per code point (escapes are ASCII).
size_t width(std::string_view shown) {
  size_t n = 0;
  for (char c : shown) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}
}  // namespace

LineWindow line_window(std::string_view line, size_t column, size_t max_bytes) {
  if (line.size() <= max_bytes) return {0, line.size()};
  // Back to the first byte of the character at i: at most three continuation bytes, so a
  // run of stray continuation bytes (not UTF-8) is cut where it is, not walked through.
  auto start_of = [&](size_t i) {
    auto continuation = [&](size_t k) {
      return k < line.size() && (static_cast<unsigned char>(line[k]) & 0xC0) == 0x80;
    };
    for (size_t k = 0; k < 3 && i - k > 0 && continuation(i - k); ++k)
      if (!continuation(i - k - 1)) return i - k - 1;
    return i;
  };
  const size_t col = std::min(column, line.size());
  const size_t before = max_bytes * 2 / 5;  // the column sits at two fifths of the window
  size_t lo = col > before ? col - before : 0;
  if (lo + max_bytes > line.size()) lo = line.size() - max_bytes;
  lo = start_of(lo);
  size_t hi = lo + max_bytes;
  hi = hi >= line.size() ? line.size() : start_of(hi);
  if (hi < col) hi = col;  // the window always holds the column
  return {lo, hi};
}

std::string json_path(std::string_view text, size_t offset) {
  const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first == std::string_view::npos || offset >= text.size() || offset <= first) return "";
  if (text[first] != '{' && text[first] != '[') return "";
  const size_t next = text.find_first_not_of(" \t\r\n", first + 1);
  if (next == std::string_view::npos ||
      std::string_view(text[first] == '{' ? "\"}" : "\"{[]-0123456789tfn").find(text[next]) ==
          std::string_view::npos)
    return "";  // a YAML flow collection, not JSON
  struct Frame {
    bool array = false;
    size_t index = 0;
    std::string_view key = {};
    bool want_key = true;
  };
  std::vector<Frame> stack;
  for (size_t i = first; i < offset && i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      size_t j = i + 1;
      while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
      if (j >= offset) break;  // the position is inside this string
      if (!stack.empty() && !stack.back().array && stack.back().want_key) {
        stack.back().key = text.substr(i + 1, j - i - 1);
        stack.back().want_key = false;
      }
      i = j;
    } else if (c == '{' || c == '[') {
      stack.push_back({c == '['});
    } else if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
    } else if (c == ',' && !stack.empty()) {
      if (stack.back().array)
        ++stack.back().index;
      else
        stack.back().want_key = true;
    }
  }
  std::string path;
  for (const Frame& f : stack) {
    if (f.array) {
      path += fmt::format("[{}]", f.index);
      continue;
    }
    if (f.key.empty() && f.want_key) break;  // at a key: the object itself
    const bool plain = !f.key.empty() && std::all_of(f.key.begin(), f.key.end(), [](char k) {
      return std::isalnum(static_cast<unsigned char>(k)) || k == '_' || k == '-';
    });
    path += plain ? (path.empty() ? "" : ".") + std::string(f.key)
                  : fmt::format("[\"{}\"]", visible(f.key));
  }
  return path;
}

std::string excerpt(const SourceText& src, int shown_line, int column) {
  const int line = shown_line - src.first_line + 1;  // in the text at hand
  if (line < 1 || column < 1) return {};
  const std::string_view source = src.text;
  // Lines end at LF, CRLF or a lone CR (YAML 1.2), as the reader counts them.
  auto line_end = [&](size_t from) { return source.find_first_of("\r\n", from); };
  size_t start = 0;
  for (int l = 1; l < line; ++l) {
    start = line_end(start);
    if (start == std::string::npos) return {};
    start += source.compare(start, 2, "\r\n") == 0 ? 2 : 1;
  }
  size_t end = line_end(start);
  std::string text(
      source.substr(start, end == std::string::npos ? std::string::npos : end - start));
  const size_t col = static_cast<size_t>(column - 1);
  if (col > text.size()) return {};
  for (char& c : text)
    if (c == '\t') c = ' ';
  // Underline the token: a bracketed value up to its closing bracket, else up to a delimiter.
  size_t len = 1;
  if (col < text.size() && (text[col] == '[' || text[col] == '{')) {
    const char open = text[col], close = open == '[' ? ']' : '}';
    int depth = 0;
    for (size_t i = col; i < text.size(); ++i) {
      depth += text[i] == open;
      depth -= text[i] == close;
      if (depth == 0) {
        len = i - col + 1;
        break;
      }
    }
  } else {
    while (col + len < text.size() &&
           std::string_view(" ,:}]#").find(text[col + len]) == std::string_view::npos)
      ++len;
  }
  // A long line (a one-line JSON export, a flow collection) is shown as a window around the
  // column, "…" marking each cut end; the token's underline stops at the window's end.
  const LineWindow win = line_window(text, col, kExcerptBytes);
  const std::string_view shown_text = std::string_view(text).substr(win.begin, win.end - win.begin);
  const std::string lead = win.begin > 0 ? "…" : "", tail = win.end < text.size() ? "…" : "";
  const size_t at = std::min(col - win.begin, shown_text.size());
  len = std::min(len, shown_text.size() > at ? shown_text.size() - at : 0);
  // The line is shown escaped; the caret goes under the token where it is shown.
  const std::string before = lead + visible(shown_text.substr(0, at));
  const size_t shown_len = std::max<size_t>(1, width(visible(shown_text.substr(at, len))));
  std::string gutter = fmt::format("{:>5} | ", shown_line);
  return gutter + lead + visible(shown_text) + tail + "\n" + std::string(gutter.size() - 2, ' ') +
         "| " + std::string(width(before), ' ') + "^" + std::string(shown_len - 1, '~') + "\n";
}

namespace {
// Where line `line` (1-based) starts, or npos; lines end at LF, CRLF or a lone CR.
size_t line_start(std::string_view src, int line) {
  size_t at = 0;
  for (int l = 1; l < line; ++l) {
    at = src.find_first_of("\r\n", at);
    if (at == std::string_view::npos) return at;
    at += src.compare(at, 2, "\r\n") == 0 ? 2 : 1;
  }
  return at;
}
size_t line_end(std::string_view src, size_t from) {
  const size_t e = src.find_first_of("\r\n", from);
  return e == std::string_view::npos ? src.size() : e;
}
}  // namespace

Location extent(const SourceText& source, Location shown) {
  constexpr size_t kMaxScan = 1 << 20;  // a runaway flow collection is not followed further
  const int offset = source.first_line - 1;
  Location at = shown;
  at.line -= offset;  // in the text at hand
  if (at.line < 1 || at.column < 1) return shown;
  const std::string_view src(source.text);
  const size_t start = line_start(src, at.line);
  if (start == std::string_view::npos) return shown;
  const size_t eol = line_end(src, start);
  const size_t pos = start + static_cast<size_t>(at.column - 1);
  if (pos >= eol) return shown;
  size_t end = std::string_view::npos;  // just past the extent's last character
  const char c = src[pos];
  if (c == '[' || c == '{') {
    int depth = 0;
    char quote = 0;
    for (size_t i = pos; i < src.size() && i - pos < kMaxScan; ++i) {
      const char x = src[i];
      const char prev = i > pos ? src[i - 1] : ' ';
      if (quote) {
        if (x == '\\' && quote == '"')
          ++i;  // an escape in a double-quoted scalar
        else if (x == quote)
          quote = 0;
      } else if ((x == '"' || x == '\'') &&
                 std::string_view(" \t\r\n[{,:").find(prev) != std::string_view::npos) {
        quote = x;  // a quoted scalar starts (a quote inside a plain scalar does not)
      } else if (x == '#' && std::string_view(" \t\r\n").find(prev) != std::string_view::npos) {
        i = line_end(src, i) - 1;  // a comment, to the end of its line
      } else if (x == '[' || x == '{') {
        ++depth;
      } else if ((x == ']' || x == '}') && --depth == 0) {
        end = i + 1;
        break;
      }
    }
  } else if (c == '"' || c == '\'') {
    const size_t close = src.find(c, pos + 1);
    if (close != std::string_view::npos && close < eol) end = close + 1;
  }
  if (end == std::string_view::npos) {  // a plain token (or an unclosed bracket or quote)
    end = pos + 1;
    while (end < eol && std::string_view(" ,:}]#").find(src[end]) == std::string_view::npos) ++end;
  }
  // The end as a line and a column: count the line breaks inside the extent.
  int line = at.line;
  size_t ls = start;
  for (size_t i = pos; i < end; ++i) {
    if (src[i] == '\n' || (src[i] == '\r' && (i + 1 >= src.size() || src[i + 1] != '\n'))) {
      ++line;
      ls = i + 1;
    }
  }
  shown.end_line = line + offset;
  shown.end_column = static_cast<int>(end - ls) + 1;
  if (offset == 0) shown.json_path = json_path(src, pos);  // a JSON source: the value's path
  return shown;
}

std::string action_note(const Diagnostic& d) {
  if (d.action > 0)
    return fmt::format("action {}{}{}", d.action, d.player.empty() ? "" : " by " + d.player,
                       d.situation.empty() ? "" : " (" + d.situation + ")");
  return d.situation;
}

std::string render_text(const Diagnostic& d, const TextStyle& style) {
  const bool error = d.severity == core::Severity::Error;
  auto paint = [&](const char* code, const std::string& s) {
    return style.color ? std::string(code) + s + kReset : s;
  };
  // A file that could not be read has no position: `file: error: ...`.
  const std::string where =
      d.at.line > 0 ? fmt::format("{}:{}:{}:", visible(d.at.file), d.at.line, d.at.column)
                    : visible(d.at.file) + ":";
  std::string out =
      paint(kBold, where) + " " +
      paint(error ? kRed : kYellow, std::string(error ? "error" : "warning") +
                                        (d.rule ? fmt::format("[{}]", core::id(*d.rule)) : ""));
  out += ": " + paint(kBold, visible(d.message)) + "\n";
  if (style.source) out += excerpt(*style.source, d.at.line, d.at.column);
  if (!d.at.json_path.empty())
    out += paint(kCyan, "  note:") + " JSON path: " + visible(d.at.json_path) + "\n";
  if (const std::string where = action_note(d); !where.empty())
    out += paint(kCyan, "  note:") + " " + visible(where) + "\n";
  for (const auto& n : d.notes)
    out += paint(kCyan, "  note:") + fmt::format(" {}: {}\n", visible(n.label), visible(n.text));
  if (d.rule)
    out += paint(kCyan, "  note:") + fmt::format(" rule {}: {} (catan-referee explain {})\n",
                                                 core::id(*d.rule), core::info(*d.rule).title,
                                                 core::id(*d.rule));
  return out;
}

namespace {
// Player-view logs: how many worlds the verdict was reached against.
std::string worlds_note(const GameReport& r) {
  if (r.peak_worlds == 0) return "";
  std::string out =
      r.worlds_constrained
          ? fmt::format(" (player view: more than {} consistent worlds, held as constraints",
                        r.peak_worlds - 1)
          : fmt::format(" (player view: {} consistent world(s) at the end, at most {}", r.worlds,
                        r.peak_worlds);
  if (r.approximate_from > 0)
    out +=
        fmt::format("; actions {}-{} checked approximately", r.approximate_from, r.approximate_to);
  if (r.unjudged_from > 0) out += fmt::format("; not judged from action {}", r.unjudged_from);
  if (r.win_rests_on_unseen)
    out += fmt::format(
        "; the win rests on unseen victory point cards: the worlds where {} "
        "won are those kept",
        visible(r.winner));
  return out + ")";
}
}  // namespace

std::string render_text(const GameReport& r, bool quiet, const TextStyle& style) {
  std::string out;
  if (r.error) out += render_text(*r.error, style);
  for (const auto& e : r.more_errors) out += render_text(e, style);
  for (const auto& w : r.warnings) out += render_text(w, style);
  for (const auto& d : r.deviations) out += render_text(d, style);  // check --keep-going
  if (quiet) return out;
  const std::string file = visible(r.file);
  if (r.status == Status::Malformed && r.error && r.error->at.line == 0)  // not read at all
    return out + fmt::format("{}: not read\n", file);
  std::string game = r.id.empty() ? fmt::format("game {}", r.index + 1)
                                  : fmt::format("game {} ({})", r.index + 1, visible(r.id));
  switch (r.status) {
    case Status::Legal:
      out += fmt::format("{}: {}: legal: {} actions, {} won on turn {}{}\n", file, game, r.actions,
                         visible(r.winner), r.turns, worlds_note(r));
      break;
    case Status::Incomplete:
      out += fmt::format("{}: {}: legal, incomplete: {} actions, no winner yet (turn {}){}\n", file,
                         game, r.actions, r.turns, worlds_note(r));
      break;
    case Status::Illegal:
      out += fmt::format("{}: {}: illegal: {} at action {} of {}\n", file, game,
                         r.error && r.error->rule ? core::id(*r.error->rule) : "?",
                         r.error ? r.error->action : 0, r.actions);
      break;
    case Status::Malformed:
      if (r.more_errors.empty())
        out += fmt::format("{}: {}: malformed\n", file, game);
      else
        out +=
            fmt::format("{}: {}: malformed ({} problems)\n", file, game, r.more_errors.size() + 1);
      break;
    case Status::Unsupported:
      out += fmt::format("{}: {}: not checked (unsupported)\n", file, game);
      break;
  }
  if (r.keep_going && r.status == Status::Illegal) {
    const KeepGoing& k = *r.keep_going;
    out +=
        fmt::format("{}: {}: keep-going: {} deviation(s), ", file, game, r.deviations.size() + 1);
    if (k.stopped_at > 0)
      out += fmt::format("stopped at action {}: {}\n", k.stopped_at, visible(k.stopped));
    else
      out += fmt::format("replayed to the end ({} actions)\n", k.replayed);
    for (const auto& n : k.after_first)
      out += fmt::format("  note: after action {}: {}: {}\n", r.error ? r.error->action : 0,
                         visible(n.label), visible(n.text));
  }
  if (r.assertions && r.status != Status::Malformed && r.status != Status::Unsupported) {
    const AssertionCounts& c = *r.assertions;
    out += fmt::format(
        "{}: {}: assertions checked: gains {} (of {} production rolls), takes {}, hands {}, "
        "vp {}, awards {}, bank {}, robber {}\n",
        file, game, c.gains, c.rolls, c.takes, c.hands, c.vp, c.awards, c.bank, c.robber);
  }
  return out;
}

void RunCounts::add(const GameReport& r) {
  if (r.keep_going && r.error) {
    deviations += 1 + static_cast<int>(r.deviations.size());
    ++deviant_games;
  }
  switch (r.status) {
    case Status::Legal:
      ++legal;
      break;
    case Status::Incomplete:
      ++incomplete;
      break;
    case Status::Illegal:
      ++illegal;
      break;
    case Status::Unsupported:
      ++unsupported;
      break;
    default:
      ++malformed;
      break;
  }
  warnings += static_cast<int>(r.warnings.size());
  failing_warnings += diag::failing_warnings(r);
}

std::string summary_line(int legal, int incomplete, int illegal, int malformed, int unsupported,
                         int failing_warnings, double elapsed_seconds) {
  std::string out = fmt::format("{} game(s): {} legal ({} incomplete), {} illegal, {} malformed",
                                legal + incomplete + illegal + malformed + unsupported,
                                legal + incomplete, incomplete, illegal, malformed);
  if (unsupported > 0) out += fmt::format(", {} unsupported", unsupported);
  if (failing_warnings > 0)
    out += fmt::format("; {} {} the run", failing_warnings,
                       failing_warnings == 1 ? "warning that fails" : "warnings that fail");
  if (elapsed_seconds >= 0) out += fmt::format(" in {:.2f} s", elapsed_seconds);
  return out + "\n";
}

std::string deviations_line(int deviations, int games) {
  return fmt::format("keep-going: {} deviation(s) in {} game(s)\n", deviations, games);
}

}  // namespace catan::diag
