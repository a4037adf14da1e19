// YAML syntax errors in plain words (log/syntax_words.hpp): what is wrong and where the
// user has to look, instead of yaml-cpp's "illegal map value" at the place it gave up.
#include "text/syntax_words.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "fixture.hpp"
#include "log/reader.hpp"
#include "text_checks.hpp"

using catan::log::read_string;
using catan::test::header;
using catan::test::line_of;
using catan::test::replace_once;
using catan::test::setup;

namespace {

struct Said {
  int line = 0, column = 0;
  std::string message;
};

Said read_error(const std::string& yaml) {
  const auto docs = read_string(yaml);
  REQUIRE(!docs.empty());
  REQUIRE(docs[0].error);
  CHECK(docs[0].error->kind == catan::text::ReadErrorKind::Yaml);
  return {docs[0].error->at.line, docs[0].error->at.column, docs[0].error->message};
}

const std::string kValid = header() + setup();
const std::string kHex = "    - {at: [1, -2], terrain: pasture, number: 2}";

}  // namespace

TEST_CASE("syntax words: a tab in the indentation is named at the tab", "[reader][syntax]") {
  const std::string y = replace_once(kValid, "  - {player: red, road: [0, -1, SW]}",
                                     "\t- {player: red, road: [0, -1, SW]}");
  const Said s = read_error(y);
  INFO(s.message);
  CHECK(s.line == line_of(y, "\t- {player: red"));
  CHECK(s.column == 1);
  CHECK_THAT(s.message, Catch::Contains("tab character in the indentation"));
  CHECK_THAT(s.message, !Catch::Contains("illegal"));
}

TEST_CASE("syntax words: a bracket never closed is named where it opens", "[reader][syntax]") {
  SECTION("a missing `}` at the end of a line") {
    const std::string y = replace_once(kValid, kHex, kHex.substr(0, kHex.size() - 1));
    const Said s = read_error(y);
    INFO(s.message);
    CHECK(s.line == line_of(y, "{at: [1, -2]"));
    CHECK(s.column == 7);
    CHECK_THAT(s.message, Catch::Contains("never closed: a `}` is missing"));
  }
  SECTION("a `}` before the `]` it should follow") {
    const std::string y =
        replace_once(kValid, kHex, "    - {at: [1, -2, terrain: pasture, number: 2}");
    const Said s = read_error(y);
    INFO(s.message);
    CHECK(s.line == line_of(y, "{at: [1, -2, terrain"));
    CHECK(s.column == static_cast<int>(kHex.size()) - 1);  // at the `}` (one `]` fewer)
    CHECK_THAT(s.message, Catch::Contains("a `]` is missing"));
    CHECK_THAT(s.message, Catch::Contains("column 12"));
  }
}

TEST_CASE("syntax words: a line that does not line up says both indentations", "[reader][syntax]") {
  SECTION("one space short in a list") {
    const std::string y = replace_once(kValid, kHex, kHex.substr(1));
    const Said s = read_error(y);
    INFO(s.message);
    CHECK(s.line == line_of(y, "{at: [1, -2]"));
    CHECK(s.column == 4);
    CHECK_THAT(s.message, Catch::Contains("indented 3 space(s)"));
    CHECK_THAT(s.message, Catch::Contains("4"));
  }
  SECTION("two spaces too many in the actions") {
    const std::string y = replace_once(kValid, "  - {player: red, road: [0, -1, SW]}",
                                       "    - {player: red, road: [0, -1, SW]}");
    const Said s = read_error(y);
    INFO(s.message);
    CHECK(s.line == line_of(y, "    - {player: red, road"));
    CHECK_THAT(s.message, Catch::Contains("bad indentation"));
  }
}

TEST_CASE("syntax words: `-` glued to its entry", "[reader][syntax]") {
  const std::string y = replace_once(kValid, "  - {player: red, road: [0, -1, SW]}",
                                     "  -{player: red, road: [0, -1, SW]}");
  const Said s = read_error(y);
  INFO(s.message);
  CHECK(s.line == line_of(y, "-{player: red, road"));
  CHECK(s.column == 3);
  CHECK_THAT(s.message, Catch::Contains("write `- {` here"));
}

TEST_CASE("syntax words: the parser's words become plain words", "[reader][syntax]") {
  using catan::text::explain_syntax_error;
  for (const char* raw :
       {"illegal map value", "end of map not found", "end of sequence not found",
        "end of map flow not found", "end of sequence flow not found", "illegal flow end",
        "illegal block entry", "illegal EOF in scalar", "unknown escape character: q"}) {
    INFO(raw);
    const auto plain = explain_syntax_error({}, {3, 4}, raw);
    CHECK(plain.at.line == 3);
    CHECK(plain.at.column == 4);
    CHECK(plain.message != raw);
    CHECK_THAT(plain.message, !Catch::Contains("illegal"));
  }
  // A message it does not know stays as it was.
  CHECK(explain_syntax_error({}, {1, 1}, "something new").message == "something new");
}

TEST_CASE("syntax words: a NUL byte outside quotes is named at its own column") {
  using namespace std::string_literals;
  const std::string text = "format: catan-log/1\nplayers: [a, b\0c]\n"s;
  // yaml-cpp gives up two columns past it, calling it an unknown escape.
  const auto e = catan::text::explain_syntax_error(text, {2, 17}, "unknown escape character");
  CHECK(e.at.line == 2);
  CHECK(e.at.column == 15);
  CHECK(e.message.find("a NUL byte (U+0000)") != std::string::npos);
  // Inside quotes it is the quoted value's (shown escaped), not this error.
  const std::string quoted = "players: [\"b\0c\", d]\nx: [\n"s;
  const auto q =
      catan::text::explain_syntax_error(quoted, {2, 5}, "end of sequence flow not found");
  CHECK(q.message.find("NUL") == std::string::npos);
}
