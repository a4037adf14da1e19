// The excerpt under a diagnostic on a long line (a one-line JSON export): a window around
// the column with "…" at the cut ends, the caret under the right character, UTF-8 kept
// whole, control characters escaped; and the JSON path of the value (diag::json_path).
#include <catch2/catch.hpp>
#include <string>

#include "diag/render_text.hpp"

namespace {

using catan::diag::excerpt;
using catan::diag::json_path;
using catan::diag::SourceText;

// The excerpt's two lines: the shown text and the caret line, without the gutter.
std::pair<std::string, std::string> split(const std::string& ex) {
  const size_t nl = ex.find('\n');
  REQUIRE(nl != std::string::npos);
  const std::string first = ex.substr(0, nl);
  std::string second = ex.substr(nl + 1);
  if (!second.empty() && second.back() == '\n') second.pop_back();
  const size_t bar = first.find(" | "), bar2 = second.find("| ");
  REQUIRE(bar != std::string::npos);
  REQUIRE(bar2 != std::string::npos);
  return {first.substr(bar + 3), second.substr(bar2 + 2)};
}

// Code points before byte `n` (the terminal column of a byte).
size_t columns(const std::string& s, size_t n) {
  size_t c = 0;
  for (size_t i = 0; i < n && i < s.size(); ++i)
    c += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  return c;
}

// The byte where terminal column `col` starts.
size_t byte_at(const std::string& s, size_t col) {
  size_t c = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (c++ == col) return i;
  }
  return s.size();
}

bool valid_utf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

}  // namespace

TEST_CASE("a long line gets a window around the column, the caret under the token") {
  std::string line = "{\"action_records\": [";
  for (int i = 0; i < 400; ++i)
    line += (i ? ", " : "") + std::string("[\"RED\", \"ROLL\", [3, 4]]");
  line += "]}";
  const size_t target = line.find("[\"RED\", \"ROLL\", [3, 4]]", line.size() / 2);
  const std::string ex = excerpt(SourceText(line), 1, static_cast<int>(target) + 1);
  REQUIRE(!ex.empty());
  const auto [shown, caret] = split(ex);
  CHECK(columns(shown, shown.size()) <= 102);  // about 100 columns and the two "…"
  CHECK(shown.rfind("…", 0) == 0);
  CHECK(shown.size() >= 3);
  CHECK(shown.substr(shown.size() - 3) == "…");
  const size_t at = caret.find('^');
  REQUIRE(at != std::string::npos);
  CHECK(shown.compare(byte_at(shown, at), 23, "[\"RED\", \"ROLL\", [3, 4]]") == 0);
  CHECK(caret.find("~~~~~~~~~~~~~~~~~~~~~~") == at + 1);  // the whole bracketed value
}

TEST_CASE("a window at the start or the end of a long line has one cut end") {
  const std::string line = "xyz: " + std::string(500, 'a');
  auto [shown, caret] = split(excerpt(SourceText(line), 1, 1));
  CHECK(shown.rfind("xyz", 0) == 0);
  CHECK(shown.substr(shown.size() - 3) == "…");
  CHECK(caret.find('^') == 0);
  const std::string tail = std::string(500, 'b') + " end";
  std::tie(shown, caret) = split(excerpt(SourceText(tail), 1, static_cast<int>(tail.size()) - 2));
  CHECK(shown.rfind("…", 0) == 0);
  CHECK(shown.substr(shown.size() - 3) == "end");
  CHECK(shown.compare(byte_at(shown, caret.find('^')), 3, "end") == 0);
}

TEST_CASE("a window never cuts a UTF-8 character, and the caret counts characters") {
  for (int shift = 0; shift < 4; ++shift) {
    std::string line = std::string(static_cast<size_t>(shift), 'x');
    for (int i = 0; i < 150; ++i) line += "é€";  // 2- and 3-byte characters
    const size_t target = line.size();
    line += "TOKEN";
    for (int i = 0; i < 150; ++i) line += "ü𝄞";  // 2- and 4-byte characters
    const std::string ex = excerpt(SourceText(line), 1, static_cast<int>(target) + 1);
    CHECK(valid_utf8(ex));
    const auto [shown, caret] = split(ex);
    CHECK(shown.find("\\x") == std::string::npos);  // no cut character shown as escaped bytes
    CHECK(shown.find("é€") != std::string::npos);
    CHECK(shown.find("ü𝄞") != std::string::npos);
    CHECK(shown.compare(byte_at(shown, caret.find('^')), 5, "TOKEN") == 0);
    CHECK(caret.find("^~~~~") != std::string::npos);
  }
}

TEST_CASE("a long run of stray UTF-8 continuation bytes is cut, never walked through") {
  // The fuzzer's finding (CI, stop 22): 0x80 repeated, the window's end walked back past
  // the column and the excerpt threw. Every column of such lines, and of lines that are
  // only continuation bytes, must give a window that holds the column.
  for (const std::string& line :
       {std::string(40, 'a') + std::string(400, '\x80') + "TOKEN" + std::string(300, '\xbf'),
        std::string(600, '\x80'), std::string(1, '\xf0') + std::string(500, '\x8f')}) {
    for (size_t col = 0; col <= line.size(); col += 7) {
      const auto w = catan::diag::line_window(line, col, catan::diag::kExcerptBytes);
      REQUIRE(w.begin <= col);
      REQUIRE(col <= w.end);
      REQUIRE(w.end <= line.size());
      REQUIRE(w.end - w.begin <= catan::diag::kExcerptBytes + 3);
      std::string ex;
      REQUIRE_NOTHROW(ex = excerpt(SourceText(line), 1, static_cast<int>(col) + 1));
      CHECK_FALSE(ex.empty());
    }
  }
  const std::string line = std::string(400, '\x80') + "TOKEN" + std::string(300, '\x80');
  const auto [shown, caret] = split(excerpt(SourceText(line), 1, 401));
  CHECK(shown.compare(byte_at(shown, caret.find('^')), 5, "TOKEN") == 0);
}

TEST_CASE("control characters in a long line are escaped, the caret still aligned") {
  std::string line;
  for (int i = 0; i < 30; ++i) line += "a\x1b[31m\tb";
  const size_t target = line.size();
  line += "here" + std::string(300, 'z');
  const auto [shown, caret] = split(excerpt(SourceText(line), 1, static_cast<int>(target) + 1));
  CHECK(shown.find('\x1b') == std::string::npos);
  CHECK(shown.find("\\x1b[31m") != std::string::npos);
  CHECK(shown.compare(byte_at(shown, caret.find('^')), 4, "here") == 0);
}

TEST_CASE("a short line is shown whole, as before") {
  const std::string text = "a: 1\nplayers: [red, blue]\n";
  const auto [shown, caret] = split(excerpt(SourceText(text), 2, 10));
  CHECK(shown == "players: [red, blue]");
  CHECK(caret == std::string(9, ' ') + "^" + std::string(10, '~'));  // "[red, blue]"
}

TEST_CASE("the JSON path of a value") {
  const std::string j = R"({"tiles": [{"a": 1}], "action_records": [["RED", "ROLL", [3, 4]], )"
                        R"(["BLUE", "END_TURN", null]], "odd key": {"x": [5, 6]}})";
  CHECK(json_path(j, j.find("[\"BLUE\"")) == "action_records[1]");
  CHECK(json_path(j, j.find("[\"RED\"")) == "action_records[0]");
  CHECK(json_path(j, j.find("[3, 4]")) == "action_records[0][2]");
  CHECK(json_path(j, j.find("\"END_TURN\"")) == "action_records[1][1]");
  CHECK(json_path(j, j.find("1}")) == "tiles[0].a");
  CHECK(json_path(j, j.find("6]")) == "[\"odd key\"].x[1]");
  CHECK(json_path(j, 0).empty());  // the whole document
  // A YAML flow document is not JSON.
  const std::string y = "{format: catan-log/1, actions: [{player: red}]}";
  CHECK(json_path(y, y.find("{player")).empty());
  // Strings with brackets, commas and escaped quotes do not count.
  const std::string s = R"({"a": ["x,]\"[", "y"], "b": 2})";
  CHECK(json_path(s, s.find("\"y\"")) == "a[1]");
  CHECK(json_path(s, s.find("2}")) == "b");
}
