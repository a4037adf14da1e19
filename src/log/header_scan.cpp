#include "log/header_scan.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>

namespace catan::log {

namespace {

constexpr size_t npos = std::string_view::npos;

// The same for JSON (one object, or one a line): a top-level key other than `result` after
// `"actions"` in any of the objects. A scan of the top level only: strings are skipped
// whole, nested values by their depth; malformed text is left to the parser.
bool json_keys_after_actions_exact(std::string_view text) {
  // One pass, a table lookup a byte: only quotes, brackets and commas matter, and inside a
  // string only its closing quote (memchr jumps there; a quote after an odd run of
  // backslashes is escaped).
  static constexpr std::array<uint8_t, 256> kSpecial = [] {
    std::array<uint8_t, 256> t{};
    t['"'] = 1;
    t['{'] = t['['] = 2;
    t['}'] = t[']'] = 3;
    t[','] = 4;
    return t;
  }();
  const char* p = text.data();
  const char* const end = p + text.size();
  int depth = 0;
  bool want_key = false, seen_actions = false;
  while (p < end) {
    switch (kSpecial[static_cast<unsigned char>(*p)]) {
      case 0:
        ++p;
        continue;
      case 1: {
        const char* q = p + 1;
        for (;;) {
          q = static_cast<const char*>(std::memchr(q, '"', static_cast<size_t>(end - q)));
          if (!q) return false;
          const char* b = q;
          while (b > p + 1 && b[-1] == '\\') --b;
          if ((q - b) % 2 == 0) break;
          ++q;
        }
        if (depth == 1 && want_key) {
          const std::string_view key(p + 1, static_cast<size_t>(q - p - 1));
          if (seen_actions && key != "result") return true;
          seen_actions = seen_actions || key == "actions";
          want_key = false;
        }
        p = q + 1;
        continue;
      }
      case 2:
        if (++depth == 1) want_key = *p == '{';
        break;
      case 3:
        if (--depth == 0) seen_actions = false;  // the next line's object starts afresh
        if (depth < 0) return false;
        break;
      default:
        if (depth == 1) want_key = true;
        break;
    }
    ++p;
  }
  return false;
}

bool json_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The last position before `i` that is not JSON whitespace, or npos.
size_t back_skip(std::string_view t, size_t i) {
  while (i > 0)
    if (!json_space(t[--i])) return i;
  return npos;
}

// The opening quote of the JSON string whose closing quote is at `q`, or npos. Walking
// back inside a string, a quote after an odd run of backslashes is one of its characters.
size_t string_start(std::string_view t, size_t q) {
  for (size_t i = q; i > 0;) {
    const void* p = memrchr(t.data(), '"', i);
    if (!p) return npos;
    const size_t j = static_cast<size_t>(static_cast<const char*>(p) - t.data());
    size_t b = j;
    while (b > 0 && t[b - 1] == '\\') --b;
    if ((j - b) % 2 == 0) return j;
    i = j;
  }
  return npos;
}

// The first position of the JSON value whose last byte is at `e`, or npos: a string, a
// bracketed value (walked back whole: only short ones are asked for) or a literal.
size_t value_start(std::string_view t, size_t e) {
  const char c = t[e];
  if (c == '"') return string_start(t, e);
  if (c == '}' || c == ']') {
    int depth = 0;
    for (size_t i = e + 1; i-- > 0;) {
      const char x = t[i];
      if (x == '"') {
        i = string_start(t, i);
        if (i == npos) return npos;
      } else if (x == '}' || x == ']') {
        ++depth;
      } else if ((x == '{' || x == '[') && --depth == 0) {
        return i;
      }
    }
    return npos;
  }
  auto literal = [](char x) {
    return (x >= '0' && x <= '9') || (x >= 'a' && x <= 'z') || x == '-' || x == '+' || x == '.' ||
           x == 'E';
  };
  if (!literal(c)) return npos;
  size_t i = e;
  while (i > 0 && literal(t[i - 1])) --i;
  return i;
}

// Whether an item (a JSON object or a YAML sequence item) holds a `player` key with a
// one-word value: an entry, which a player list or a roll-off round cannot be.
bool names_a_player(std::string_view item) {
  constexpr std::string_view kKey = "player";
  for (size_t at = item.find(kKey); at != npos; at = item.find(kKey, at + 1)) {
    const char before = at > 0 ? item[at - 1] : ' ';
    if (before != '"' && before != '\'' && before != '{' && before != ',' && before != ' ' &&
        before != '\n')
      continue;
    size_t i = at + kKey.size();
    if (i < item.size() && (item[i] == '"' || item[i] == '\'')) {
      if (item[i] != before) continue;
      ++i;
    } else if (before == '"' || before == '\'') {
      continue;
    }
    while (i < item.size() && item[i] == ' ') ++i;
    if (i >= item.size() || item[i] != ':') continue;
    ++i;
    while (i < item.size() && (item[i] == ' ' || item[i] == '\t')) ++i;
    if (i >= item.size()) return false;
    const char v = item[i];
    if (v == '"' || v == '\'' || v == '_' || (v >= 'a' && v <= 'z') || (v >= 'A' && v <= 'Z') ||
        (v >= '0' && v <= '9') || static_cast<unsigned char>(v) >= 0x80)
      return true;
  }
  return false;
}

// JSON, from the end: the members of the last object after its `actions`, without
// walking the entries. Empty when the text is not in the shape this reads.
}  // namespace

std::optional<bool> json_header_after_actions_from_end(std::string_view t) {
  size_t i = back_skip(t, t.size());
  if (i == npos || t[i] != '}') return std::nullopt;
  i = back_skip(t, i);
  if (i == npos) return std::nullopt;
  if (t[i] == '{') return false;  // {}
  for (;;) {
    // A member's value ends at i.
    if (t[i] == ']') {
      const size_t last = back_skip(t, i);
      if (last == npos) return std::nullopt;
      if (t[last] != '[') {
        const size_t item = value_start(t, last);
        if (item == npos) return std::nullopt;
        if (t[item] == '{' && names_a_player(t.substr(item, last + 1 - item)))
          return false;  // the entries: every member after them is walked
      }
    }
    const size_t value = value_start(t, i);
    if (value == npos) return std::nullopt;
    const size_t colon = back_skip(t, value);
    if (colon == npos || t[colon] != ':') return std::nullopt;
    const size_t close = back_skip(t, colon);
    if (close == npos || t[close] != '"') return std::nullopt;
    const size_t open = string_start(t, close);
    if (open == npos) return std::nullopt;
    const std::string_view key = t.substr(open + 1, close - open - 1);
    if (key == "actions") return false;
    if (key != "result") return true;
    const size_t before = back_skip(t, open);
    if (before == npos) return std::nullopt;
    if (t[before] == '{') return false;  // no `actions` in this object
    if (t[before] != ',') return std::nullopt;
    i = back_skip(t, before);
    if (i == npos) return std::nullopt;
  }
}

// Block YAML, from the end: the top-level keys after `actions:`, and the last item of its
// block sequence (whose indentation the line after `actions:` gives). Empty when the text
// is not in the shape this reads.
std::optional<bool> yaml_header_after_actions_from_end(std::string_view t) {
  size_t at = 0;
  if (t.substr(0, 8) != "actions:") {
    at = t.find("\nactions:");
    if (at == npos) return false;  // no top-level `actions:` (as the scan says)
    ++at;
  }
  // `actions:` ends its line (a comment aside); its first item gives the indentation.
  size_t nl = t.find('\n', at);
  if (nl == npos) return std::nullopt;
  const std::string_view rest_of_line = t.substr(at + 8, nl - at - 8);
  const size_t mark = rest_of_line.find_first_not_of(" \t\r");
  if (mark != npos && rest_of_line[mark] != '#') return std::nullopt;  // a flow value
  size_t indent = npos;
  for (size_t ls = nl + 1; ls < t.size();) {
    size_t le = t.find('\n', ls);
    if (le == npos) le = t.size();
    const std::string_view line = t.substr(ls, le - ls);
    const size_t first = line.find_first_not_of(' ');
    if (first != npos && line[first] != '#' && line[first] != '\r') {
      if (line[first] != '-' ||
          (first + 1 < line.size() && line[first + 1] != ' ' && line[first + 1] != '\r'))
        return std::nullopt;  // not a block sequence item
      indent = first;
      break;
    }
    ls = le + 1;
  }
  if (indent == npos) return std::nullopt;
  // From the end, a line at a time.
  size_t end = t.size();
  size_t block_end = npos;  // where the value block being walked back ends
  while (end > nl) {
    const void* p = memrchr(t.data(), '\n', end);
    const size_t ls = p ? static_cast<size_t>(static_cast<const char*>(p) - t.data()) + 1 : 0;
    std::string_view line = t.substr(ls, end - ls);
    const size_t line_end = end;
    end = ls > 0 ? ls - 1 : 0;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const size_t first = line.find_first_not_of(' ');
    if (first == npos || line[first] == '#') continue;
    if (first == 0 && line[0] != '-') {
      if (line.substr(0, 3) == "..." || line.substr(0, 3) == "---") return std::nullopt;
      if (line.substr(0, 8) == "actions:") return false;
      if (line.substr(0, 7) != "result:") return true;
      block_end = npos;
      continue;
    }
    if (block_end == npos) block_end = line_end;
    if (first == indent && (first + 1 == line.size() || line[first + 1] == ' ')) {
      if (names_a_player(t.substr(ls + first + 1, block_end - ls - first - 1))) return false;
      return std::nullopt;  // a roll-off round or a player: the shape decides nothing here
    }
  }
  return std::nullopt;
}

// Whether a block YAML text has a top-level key other than `result` after `actions:` (a
// header part the entries need): then its entries are not streamed, and one read of the
// whole tree replaces a second read of the text.
bool yaml_header_after_actions_scanned(std::string_view text) {
  // The first top-level `actions:` (forward: rfind compares at every position before it;
  // a later one is a duplicate key, reported when the tree is read).
  size_t at = 0;
  if (text.substr(0, 8) != "actions:") {
    at = text.find("\nactions:");
    if (at == std::string_view::npos) return false;
    ++at;
  }
  for (size_t nl = text.find('\n', at); nl != std::string_view::npos;
       nl = text.find('\n', nl + 1)) {
    const std::string_view line = text.substr(nl + 1, 8);
    if (line.empty() || line[0] == ' ' || line[0] == '-' || line[0] == '#' || line[0] == '\n' ||
        line[0] == '.' || line.substr(0, 7) == "result:")
      continue;
    return true;
  }
  return false;
}

// The same, fast for what writers write: the top-level keys before `"actions"` are read
// exactly (the header is small); a header key that did not come before can only follow if
// its quoted name occurs somewhere after (memmem, a few GB/s); only then is the whole text
// scanned exactly. A repeated key is the parser's error, not this scan's concern.
bool json_header_after_actions_scanned(std::string_view text) {
  static constexpr std::array<std::string_view, 7> kHeaderKeys{
      "\"format\"", "\"game\"", "\"rules\"", "\"players\"", "\"board\"", "\"rolloff\"", "\"view\""};
  std::array<bool, kHeaderKeys.size()> before{};
  int depth = 0;
  bool want_key = false;
  size_t actions_at = std::string_view::npos;
  for (size_t i = 0; i < text.size() && actions_at == std::string_view::npos; ++i) {
    const char c = text[i];
    if (c == '"') {
      size_t j = i + 1;
      while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
      if (j >= text.size()) return false;
      if (depth == 1 && want_key) {
        const std::string_view key = text.substr(i, j - i + 1);  // with its quotes
        if (key == "\"actions\"") actions_at = j + 1;
        for (size_t k = 0; k < kHeaderKeys.size(); ++k)
          before[k] = before[k] || key == kHeaderKeys[k];
        want_key = false;
      }
      i = j;
    } else if (c == '{' || c == '[') {
      if (++depth == 1) want_key = c == '{';
    } else if (c == '}' || c == ']') {
      if (--depth <= 0) return false;  // the object ended without actions
    } else if (c == ',' && depth == 1) {
      want_key = true;
    }
  }
  if (actions_at == std::string_view::npos) return false;
  const std::string_view rest = text.substr(actions_at);
  for (size_t k = 0; k < kHeaderKeys.size(); ++k)
    if (!before[k] &&
        memmem(rest.data(), rest.size(), kHeaderKeys[k].data(), kHeaderKeys[k].size()) != nullptr)
      return json_keys_after_actions_exact(text);
  return false;
}

bool yaml_header_after_actions(std::string_view text) {
  if (const std::optional<bool> tail = yaml_header_after_actions_from_end(text)) return *tail;
  return yaml_header_after_actions_scanned(text);
}

bool json_header_after_actions(std::string_view text) {
  if (const std::optional<bool> tail = json_header_after_actions_from_end(text)) return *tail;
  return json_header_after_actions_scanned(text);
}

}  // namespace catan::log
