// The STAC legacy line reader (stac_line.hpp).
#include "import/stac/stac_line.hpp"

#include <array>
#include <charconv>

namespace catan::importers::stac {
namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// Chat messages: their last field is free text that runs to the end (GAME-TEXT-MESSAGE: to
// the closing ']'), so '|' and '=' in it are text.
bool is_chat(std::string_view type) {
  return type == "SOCGameTextMsg" || type == "GAME-TEXT-MESSAGE";
}

// Splits `body` (starting at 0-based column `base` of the line) at '|' into fields; stops
// before `text_at` (npos: the whole body).
bool split(std::string_view body, size_t base, std::vector<Field>& out) {
  for (size_t s = 0; s <= body.size();) {
    size_t bar = body.find('|', s);
    if (bar == std::string_view::npos) bar = body.size();
    if (out.size() == kMaxFields) return false;
    std::string_view tok = body.substr(s, bar - s);
    Field f;
    f.column = static_cast<int>(base + s + 1);
    const size_t eq = tok.find('=');
    if (eq == std::string_view::npos) {
      f.value = tok;
      f.value_column = f.column;
    } else {
      f.key = tok.substr(0, eq);
      f.value = tok.substr(eq + 1);
      f.value_column = static_cast<int>(base + s + eq + 2);
    }
    out.push_back(f);
    s = bar + 1;
  }
  return true;
}

}  // namespace

const Field* Line::field(std::string_view key) const {
  for (const Field& f : fields)
    if (f.key == key) return &f;
  return nullptr;
}

std::optional<std::string_view> Line::get(std::string_view key) const {
  if (const Field* f = field(key)) return f->value;
  return std::nullopt;
}

bool has_stamp(std::string_view l) {
  // YYYY:MM:DD:hh:mm:ss:ms:+zone:
  static constexpr std::string_view kShape = "dddd:dd:dd:dd:dd:dd:ddd:sdddd:";
  if (l.size() < kShape.size()) return false;
  for (size_t i = 0; i < kShape.size(); ++i) {
    const char want = kShape[i], c = l[i];
    if (want == 'd' && !digit(c)) return false;
    if (want == 's' && c != '+' && c != '-') return false;
    if (want == ':' && c != ':') return false;
  }
  return true;
}

std::optional<int> to_int(std::string_view s, int base) {
  if (base == 16 && s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  if (s.empty() || s.size() > 12) return std::nullopt;
  int v = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v, base);
  if (ec != std::errc() || p != end) return std::nullopt;
  return v;
}

ParsedLine parse_line(std::string_view l, int number) {
  ParsedLine out;
  if (l.size() > kMaxLineBytes) {
    out.error = LineError{1, "line longer than " + std::to_string(kMaxLineBytes) +
                                 " bytes: not a STAC legacy message"};
    return out;
  }
  if (!has_stamp(l)) {
    out.error = LineError{1,
                          "a line must start with the time stamp YYYY:MM:DD:hh:mm:ss:ms:+zone: "
                          "and go on MessageType:key=value|..."};
    return out;
  }
  const size_t t = kStampBytes;
  const size_t colon = l.find(':', t);
  Line m;
  m.number = number;
  m.type_column = static_cast<int>(t + 1);
  m.type = l.substr(t, colon == std::string_view::npos ? std::string_view::npos : colon - t);
  bool good = !m.type.empty();
  for (char c : m.type)
    good = good && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || digit(c) || c == '-');
  if (!good || colon == std::string_view::npos) {
    out.error = LineError{m.type_column,
                          "after the time stamp a line must hold MessageType: (letters, digits "
                          "and '-', then ':')"};
    return out;
  }
  std::string_view body = l.substr(colon + 1);
  size_t base = colon + 1;
  if (m.type == "GAME-TEXT-MESSAGE") {  // [game=...|player=...|...|text=...]
    if (body.size() < 2 || body.front() != '[' || body.back() != ']') {
      out.error = LineError{static_cast<int>(base + 1),
                            "GAME-TEXT-MESSAGE: the fields must be enclosed in [ and ]"};
      return out;
    }
    body = body.substr(1, body.size() - 2);
    base += 1;
  }
  size_t text_at = std::string_view::npos;
  if (is_chat(m.type)) {
    text_at = body.find("|text=");
    if (text_at == std::string_view::npos) {
      out.error = LineError{static_cast<int>(base + 1),
                            std::string(m.type) + ": no text= field (the chat text comes last)"};
      return out;
    }
  }
  if (!split(body.substr(0, text_at), base, m.fields)) {
    out.error = LineError{m.type_column, std::string(m.type) + ": more than " +
                                             std::to_string(kMaxFields) + " fields"};
    return out;
  }
  if (text_at != std::string_view::npos) {
    Field f;
    f.key = "text";
    f.value = body.substr(text_at + 6);
    f.column = static_cast<int>(base + text_at + 2);
    f.value_column = f.column + 5;
    m.fields.push_back(f);
  }
  out.line = std::move(m);
  return out;
}

CardsOrError read_cards(const Line& m, std::string_view key) {
  static constexpr std::array<std::string_view, 6> kNames{"clay",  "ore",  "sheep",
                                                          "wheat", "wood", "unknown"};
  static constexpr std::array<core::Resource, 5> kRes{core::Resource::Brick, core::Resource::Ore,
                                                      core::Resource::Wool, core::Resource::Grain,
                                                      core::Resource::Lumber};
  CardsOrError out;
  size_t i = 0;
  while (i < m.fields.size() && m.fields[i].key != key) ++i;
  if (i == m.fields.size()) {
    out.error = LineError{m.type_column, std::string(m.type) + ": no " + std::string(key) +
                                             "= field (" + std::string(key) +
                                             "=clay=N|ore=N|sheep=N|wheat=N|wood=N|unknown=N)"};
    return out;
  }
  Cards c;
  for (size_t k = 0; k < kNames.size(); ++k) {
    std::string_view name, value;
    int column = 0;
    if (i + k >= m.fields.size()) {
      out.error =
          LineError{m.fields.back().column, std::string(m.type) + " " + std::string(key) +
                                                ": the set ends before " + std::string(kNames[k]) +
                                                "= (truncated line?)"};
      return out;
    }
    const Field& f = m.fields[i + k];
    if (k == 0) {  // `key=clay=N`: the name and number are the field's value
      const size_t eq = f.value.find('=');
      name = f.value.substr(0, eq);
      value = eq == std::string_view::npos ? std::string_view{} : f.value.substr(eq + 1);
      column = f.value_column;
    } else {
      name = f.key;
      value = f.value;
      column = f.column;
    }
    const auto n = to_int(value);
    if (name != kNames[k] || !n || *n < 0 || *n > 1000) {
      out.error = LineError{column, std::string(m.type) + " " + std::string(key) + ": expected " +
                                        std::string(kNames[k]) +
                                        "=N (a count 0..1000) at this place of the set"};
      return out;
    }
    if (k < 5)
      c.known[kRes[k]] = *n;
    else
      c.unknown = *n;
  }
  out.cards = c;
  return out;
}

}  // namespace catan::importers::stac
