#include "text/syntax_words.hpp"

#include <optional>
#include <vector>

namespace catan::text {
namespace {

struct Line {
  std::string_view text;  // without the line break
  size_t offset = 0;      // of its first byte in the text
};

std::vector<Line> split_lines(std::string_view text, int up_to) {
  std::vector<Line> lines;
  size_t pos = 0;
  while (pos <= text.size() && static_cast<int>(lines.size()) < up_to) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(pos, end - pos);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    lines.push_back({l, pos});
    if (end == text.size()) break;
    pos = end + 1;
  }
  return lines;
}

int indent_of(std::string_view l) {
  size_t i = 0;
  while (i < l.size() && l[i] == ' ') ++i;
  return static_cast<int>(i);
}

// A line with content (not blank, not only a comment).
bool has_content(std::string_view l) {
  size_t i = l.find_first_not_of(" \t");
  return i != std::string_view::npos && l[i] != '#';
}

// The line without its comment and trailing blanks (a `#` after a blank or at the start,
// outside quotes, begins a comment).
std::string_view without_comment(std::string_view l) {
  char quote = 0;
  for (size_t i = 0; i < l.size(); ++i) {
    char c = l[i];
    if (quote) {
      if (quote == '"' && c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '#' && (i == 0 || l[i - 1] == ' ' || l[i - 1] == '\t')) {
      l = l.substr(0, i);
      break;
    }
  }
  while (!l.empty() && (l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
  return l;
}

struct Open {
  char bracket;
  Mark at;
};

// The flow brackets still open just before `stop` (line, column), and a closing bracket at
// `stop` that does not match, if any. Quotes and comments are skipped.
struct FlowScan {
  std::vector<Open> open;
  std::optional<Open> mismatch;  // the closer at `stop` and what it would close
};

FlowScan scan_flow(const std::vector<Line>& lines, Mark stop) {
  FlowScan s;
  for (size_t li = 0; li < lines.size(); ++li) {
    const int line = static_cast<int>(li) + 1;
    std::string_view l = lines[li].text;
    char quote = 0;
    for (size_t i = 0; i < l.size(); ++i) {
      const int col = static_cast<int>(i) + 1;
      if (line == stop.line && col >= stop.column) {
        const char c = l[i];
        if (!quote && (c == '}' || c == ']') && !s.open.empty()) {
          char want = s.open.back().bracket == '{' ? '}' : ']';
          if (c != want) s.mismatch = Open{c, {line, col}};
        }
        return s;
      }
      const char c = l[i];
      if (quote) {
        if (quote == '"' && c == '\\')
          ++i;
        else if (c == quote)
          quote = 0;
        continue;
      }
      if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '#' && (i == 0 || l[i - 1] == ' ' || l[i - 1] == '\t')) {
        break;
      } else if (c == '{' || c == '[') {
        s.open.push_back({c, {line, col}});
      } else if ((c == '}' || c == ']') && !s.open.empty()) {
        s.open.pop_back();
      }
    }
  }
  return s;
}

std::string pos(Mark m) {
  return "line " + std::to_string(m.line) + " column " + std::to_string(m.column);
}
std::string name_of(char bracket) { return bracket == '{' ? "mapping `{`" : "list `[`"; }
char closer(char bracket) { return bracket == '{' ? '}' : ']'; }

// yaml-cpp's words, in plain words, for when the text says nothing more.
std::string plain_words(std::string_view m) {
  struct Pair {
    std::string_view raw, plain;
  };
  static const Pair kPlain[] = {
      {"end of map not found",
       "a mapping is not closed where it should be: this line does not line up with the keys "
       "above it"},
      {"end of sequence not found",
       "a list is not closed where it should be: this line does not line up with the `- ` "
       "entries above it"},
      {"end of map flow not found",
       "a `{...}` mapping is not closed properly here: expected `,` or `}` (quote a value that "
       "holds `:`, `,`, `[`, `]`, `{` or `}`)"},
      {"end of sequence flow not found",
       "a `[...]` list is not closed properly here: expected `,` or `]`"},
      {"illegal flow end", "this closing bracket has no opening bracket to close"},
      {"illegal block entry",
       "a `- ` list entry is not allowed here: check the indentation of this line and the line "
       "above"},
      {"illegal map key", "a `? ` key is not allowed here"},
      {"illegal map value",
       "a `:` is not allowed here: a plain value cannot hold `: ` (quote it), and a key must "
       "start its own line or follow `{` or `,`"},
      {"illegal EOF in scalar", "the file ends inside a quoted string: a closing quote is missing"},
      {"illegal document indicator in scalar",
       "`---` or `...` at the start of a line ends a document, here inside a quoted string: a "
       "closing quote is missing before it"},
      {"illegal character in scalar", "a character here is not allowed in a plain value: quote it"},
      {"unknown token", "the parser cannot make sense of the text here"},
      {"unknown escape character",
       "an unknown `\\` escape in a double-quoted string: write `\\\\` for a backslash, or use "
       "single quotes"},
      {"bad character found while scanning hex number",
       "a `\\x`, `\\u` or `\\U` escape in a double-quoted string is not followed by hex digits"},
      {"invalid unicode", "a `\\u` or `\\U` escape names no Unicode character"},
      {"end of verbatim tag not found", "a `!<` tag is not closed by `>`"},
  };
  for (const Pair& p : kPlain)
    if (m.substr(0, p.raw.size()) == p.raw) return std::string(p.plain);
  return std::string(m);
}

}  // namespace

PlainSyntaxError explain_syntax_error(std::string_view text, Mark at,
                                      std::string_view parser_message) {
  if (text.empty() || at.line <= 0) return {at, plain_words(parser_message)};
  const std::vector<Line> lines = split_lines(text, at.line);

  // 0. A NUL byte outside quotes, on or before that line: yaml-cpp reads it as the end of
  // its input and gives up past it with unrelated words ("unknown escape character").
  {
    char quote = 0;  // quoted scalars may go on over lines
    for (size_t li = 0; li < lines.size(); ++li) {
      const std::string_view l = lines[li].text;
      for (size_t i = 0; i < l.size(); ++i) {
        const char c = l[i];
        if (quote) {
          if (quote == '"' && c == '\\')
            ++i;
          else if (c == quote)
            quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '#' && (i == 0 || l[i - 1] == ' ' || l[i - 1] == '\t')) {
          i = l.find('\0', i);  // a comment: no quotes, but a NUL counts
          if (i == std::string_view::npos) break;
        }
        if (!quote && i < l.size() && l[i] == '\0') {
          return {{static_cast<int>(li) + 1, static_cast<int>(i) + 1},
                  "a NUL byte (U+0000) is not allowed here: a log is text (write `\\0` inside "
                  "a double-quoted string for the character)"};
        }
      }
    }
  }

  // 1. A tab in the indentation, on or before the line where the parser gave up.
  for (size_t li = 0; li < lines.size(); ++li) {
    std::string_view l = lines[li].text;
    size_t first = l.find_first_not_of(" \t");
    if (first == std::string_view::npos || l[first] == '#') continue;
    size_t tab = l.substr(0, first).find('\t');
    if (tab != std::string_view::npos)
      return {{static_cast<int>(li) + 1, static_cast<int>(tab) + 1},
              "a tab character in the indentation: YAML indents with spaces only (replace the "
              "tab with spaces)"};
  }

  // 2. Flow brackets: one closed by the wrong bracket, or one left open on an earlier line.
  const FlowScan flow = scan_flow(lines, at);
  if (flow.mismatch && !flow.open.empty()) {
    const Open& o = flow.open.back();
    return {flow.mismatch->at, std::string("this `") + flow.mismatch->bracket +
                                   "` comes before the " + name_of(o.bracket) + " opened at " +
                                   pos(o.at) + " is closed: a `" + closer(o.bracket) +
                                   "` is missing"};
  }
  if (!flow.open.empty() && flow.open.front().at.line < at.line) {
    const Open& o = flow.open.front();
    return {o.at, "this " + name_of(o.bracket) + " is never closed: a `" + closer(o.bracket) +
                      "` is missing (the parser noticed at " + pos(at) + ")"};
  }

  const std::string_view here = at.line <= static_cast<int>(lines.size())
                                    ? lines[static_cast<size_t>(at.line) - 1].text
                                    : std::string_view{};
  // 3. `-` glued to the value: `-{player: ...}` is a plain value, not a list entry.
  {
    std::string_view t = without_comment(here);
    size_t first = t.find_first_not_of(' ');
    if (first != std::string_view::npos && t[first] == '-' && first + 1 < t.size() &&
        (t[first + 1] == '{' || t[first + 1] == '['))
      return {{at.line, static_cast<int>(first) + 1},
              "`-` starts a list entry only when a space follows it: write `- " +
                  std::string(1, t[first + 1]) + "` here"};
  }

  // 4. Indentation: the line where the parser gave up against the content line above it.
  const std::string_view m = parser_message;
  const bool block_error =
      m.rfind("end of map not found", 0) == 0 || m.rfind("end of sequence not found", 0) == 0 ||
      m.rfind("illegal block entry", 0) == 0 || m.rfind("illegal map value", 0) == 0;
  if (block_error && has_content(here)) {
    int above = at.line - 1;
    while (above >= 1 && !has_content(lines[static_cast<size_t>(above) - 1].text)) --above;
    if (above >= 1) {
      std::string_view prev = without_comment(lines[static_cast<size_t>(above) - 1].text);
      const int e = indent_of(here), p = indent_of(prev);
      const bool opens_block = !prev.empty() && prev.back() == ':';
      if (opens_block && e <= p)
        return {{at.line, e + 1},
                "expected an indented block after `" +
                    std::string(prev.substr(static_cast<size_t>(p))) + "` on line " +
                    std::to_string(above) + ": indent this line"};
      if (!opens_block && e != p)
        return {{at.line, e + 1},
                "bad indentation: this line is indented " + std::to_string(e) +
                    " space(s), the line above it (line " + std::to_string(above) + ") " +
                    std::to_string(p) + "; the entries of one list or mapping line up"};
    }
  }
  return {at, plain_words(parser_message)};
}

}  // namespace catan::text
