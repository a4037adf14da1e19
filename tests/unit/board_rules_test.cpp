// The game header: COMP-01 terrain, COMP-03 number tokens, COMP-04 harbors, BOARD-01 the
// robber on the desert, BOARD-03 the A-R spiral (board-tokens: spiral, RULES.md D-12).
// Header violations carry no action number (0) and point at the header part at fault.
#include <catch2/catch.hpp>
#include <string>

#include "fixture.hpp"
#include "text_checks.hpp"

using catan::diag::Status;
using catan::test::header;
using catan::test::line_of;
using catan::test::run;
using catan::test::setup;

namespace {

using catan::test::count_lines;
using catan::test::game;
using catan::test::replace_once;

// The fixture header with its `hexes:` block replaced.
std::string with_hexes(const std::string& hexes, const std::string& rules = "") {
  std::string h = header(rules);
  const size_t from = h.find("  hexes:\n");
  const size_t to = h.find("  harbors:\n");
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  return h.substr(0, from) + "  hexes:\n" + hexes + h.substr(to);
}

// The first line of the hexes / harbors sequences: where whole-board violations point.
constexpr const char* kFirstHex = "{at: [0, -2], terrain: mountains, number: 10}";
constexpr const char* kFirstHarbor = "{at: [0, -2, NW], trade: \"3:1\"}";

}  // namespace

#define CHECK_HEADER_VIOLATION(yaml, rule_id, needle) \
  do {                                                \
    const std::string y_ = (yaml);                    \
    const auto v_ = run(y_);                          \
    INFO(v_.message);                                 \
    CHECK(v_.status == Status::Illegal);              \
    CHECK(v_.rule == (rule_id));                      \
    CHECK(v_.action == 0);                            \
    CHECK(count_lines(y_, needle) == 1);              \
    CHECK(v_.line == line_of(y_, needle));            \
  } while (0)

// ---------------------------------------------------------------- COMP-01

TEST_CASE("board: the standard 19 hexes with 4/4/4/3/3/1 terrain are accepted (COMP-01)",
          "[rules][board]") {
  CHECK_ACCEPTED(header() + setup());
  SECTION("hexes may be listed in any order") {
    std::string h = header();
    h = replace_once(h, "    - {at: [0, -2], terrain: mountains, number: 10}\n", "");
    h = replace_once(h, "    - {at: [0, 2], terrain: pasture, number: 11}\n",
                     "    - {at: [0, 2], terrain: pasture, number: 11}\n"
                     "    - {at: [0, -2], terrain: mountains, number: 10}\n");
    CHECK_ACCEPTED(h + setup());
  }
}

TEST_CASE("board: a wrong terrain distribution is COMP-01", "[rules][board]") {
  SECTION("four hills and two mountains") {
    const std::string y = replace_once(header(), "{at: [2, 0], terrain: mountains, number: 8}",
                                       "{at: [2, 0], terrain: hills, number: 8}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-01", kFirstHex);
  }
  SECTION("two deserts") {
    // The second desert also loses its token, so the tokens stay a full set minus one 9;
    // the terrain count is checked first.
    const std::string y = replace_once(header(), "{at: [-2, 0], terrain: fields, number: 9}",
                                       "{at: [-2, 0], terrain: desert}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-01", kFirstHex);
  }
  SECTION("18 hexes") {
    const std::string y =
        replace_once(header(), "    - {at: [0, 2], terrain: pasture, number: 11}\n", "") + setup();
    CHECK_HEADER_VIOLATION(y, "COMP-01", kFirstHex);
  }
  SECTION("a hex off the island is reported at that hex") {
    const std::string y = replace_once(header(), "{at: [0, 2], terrain: pasture, number: 11}",
                                       "{at: [3, 0], terrain: pasture, number: 11}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-01", "{at: [3, 0], terrain: pasture");
  }
  SECTION("a hex listed twice is reported at the second listing") {
    const std::string y = replace_once(header(), "{at: [0, 2], terrain: pasture, number: 11}",
                                       "{at: [0, -2], terrain: pasture, number: 11}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-01", "{at: [0, -2], terrain: pasture");
  }
}

// ---------------------------------------------------------------- COMP-03

TEST_CASE("board: 18 tokens, one per non-desert hex, are accepted in any layout (COMP-03)",
          "[rules][board]") {
  // Swap the 2 and the 12 of the standard board: still one of each.
  std::string h = header();
  h = replace_once(h, "{at: [1, -2], terrain: pasture, number: 2}",
                   "{at: [1, -2], terrain: pasture, number: 12}");
  h = replace_once(h, "{at: [-1, -1], terrain: fields, number: 12}",
                   "{at: [-1, -1], terrain: fields, number: 2}");
  CHECK_ACCEPTED(h + setup());
}

TEST_CASE("board: wrong number tokens are COMP-03", "[rules][board]") {
  SECTION("a token on the desert") {
    const std::string y = replace_once(header(), "{at: [0, 0], terrain: desert}",
                                       "{at: [0, 0], terrain: desert, number: 6}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-03", "{at: [0, 0], terrain: desert, number: 6}");
  }
  SECTION("a resource hex without a token") {
    const std::string y = replace_once(header(), "{at: [2, 0], terrain: mountains, number: 8}",
                                       "{at: [2, 0], terrain: mountains}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-03", "{at: [2, 0], terrain: mountains}");
  }
  SECTION("a 7 token") {
    const std::string y = replace_once(header(), "{at: [2, 0], terrain: mountains, number: 8}",
                                       "{at: [2, 0], terrain: mountains, number: 7}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-03", "{at: [2, 0], terrain: mountains, number: 7}");
  }
  SECTION("a 13 token") {
    const std::string y = replace_once(header(), "{at: [2, 0], terrain: mountains, number: 8}",
                                       "{at: [2, 0], terrain: mountains, number: 13}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-03", "{at: [2, 0], terrain: mountains, number: 13}");
  }
  SECTION("three 6s and one 8") {
    const std::string y = replace_once(header(), "{at: [2, 0], terrain: mountains, number: 8}",
                                       "{at: [2, 0], terrain: mountains, number: 6}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-03", kFirstHex);
  }
}

// ---------------------------------------------------------------- COMP-04

TEST_CASE("board: nine harbors, four 3:1 and one per resource, are accepted (COMP-04)",
          "[rules][board]") {
  SECTION("as in the fixture") { CHECK_ACCEPTED(header() + setup()); }
  SECTION("a harbor path named through a sea hex") {
    const std::string y = replace_once(header(), "{at: [0, -2, NW], trade: \"3:1\"}",
                                       "{at: [0, -3, SE], trade: \"3:1\"}") +
                          setup();
    CHECK_ACCEPTED(y);
  }
}

TEST_CASE("board: wrong harbors are COMP-04", "[rules][board]") {
  SECTION("eight harbors") {
    const std::string y =
        replace_once(header(), "    - {at: [1, 1, E], trade: \"3:1\"}\n", "") + setup();
    CHECK_HEADER_VIOLATION(y, "COMP-04", kFirstHarbor);
  }
  SECTION("ten harbors") {
    const std::string y = replace_once(header(), "    - {at: [1, 1, E], trade: \"3:1\"}\n",
                                       "    - {at: [1, 1, E], trade: \"3:1\"}\n"
                                       "    - {at: [2, -2, NE], trade: \"3:1\"}\n") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-04", kFirstHarbor);
  }
  SECTION("five generic harbors and no wool harbor") {
    const std::string y = replace_once(header(), "{at: [1, -2, NE], trade: wool}",
                                       "{at: [1, -2, NE], trade: \"3:1\"}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-04", kFirstHarbor);
  }
  SECTION("a harbor on an inland path") {
    const std::string y = replace_once(header(), "{at: [1, 1, E], trade: \"3:1\"}",
                                       "{at: [0, 0, E], trade: \"3:1\"}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-04", "{at: [0, 0, E], trade:");
  }
  SECTION("two harbors on one path, the second named through its alias") {
    const std::string y = replace_once(header(), "{at: [1, 1, E], trade: \"3:1\"}",
                                       "{at: [0, -3, SE], trade: \"3:1\"}") +
                          setup();
    CHECK_HEADER_VIOLATION(y, "COMP-04", "{at: [0, -3, SE], trade:");
  }
}

// ---------------------------------------------------------------- BOARD-01

TEST_CASE("board: the robber starting on the desert is accepted (BOARD-01)", "[rules][board]") {
  SECTION("robber: given as the desert") { CHECK_ACCEPTED(header() + setup()); }
  SECTION("robber: omitted") {
    CHECK_ACCEPTED(replace_once(header(), "  robber: [0, 0]\n", "") + setup());
  }
}

TEST_CASE("board: a robber not on the desert is BOARD-01", "[rules][board]") {
  SECTION("on a forest") {
    const std::string y = replace_once(header(), "robber: [0, 0]", "robber: [1, 0]") + setup();
    CHECK_HEADER_VIOLATION(y, "BOARD-01", "robber: [1, 0]");
  }
  SECTION("on a sea hex") {
    const std::string y = replace_once(header(), "robber: [0, 0]", "robber: [3, 0]") + setup();
    CHECK_HEADER_VIOLATION(y, "BOARD-01", "robber: [3, 0]");
  }
}

// ---------------------------------------------------------------- BOARD-03

namespace {

// Tokens A-R: 5 2 6 3 8 10 9 12 11 4 8 10 9 4 5 6 3 11, counter-clockwise from the corner
// hex [0, -2] (down the left side first): [0,-2] [-1,-1] [-2,0] [-2,1] [-2,2] [-1,2] [0,2]
// [1,1] [2,0] [2,-1] [2,-2] [1,-2], then the inner ring [0,-1] [-1,0] [-1,1] [0,1] [1,0]
// [1,-1], the desert in the centre. Terrain as in the fixture.
const std::string kSpiralFromTopLeft = R"(    - {at: [0, -2], terrain: mountains, number: 5}
    - {at: [1, -2], terrain: pasture, number: 10}
    - {at: [2, -2], terrain: forest, number: 8}
    - {at: [-1, -1], terrain: fields, number: 2}
    - {at: [0, -1], terrain: hills, number: 9}
    - {at: [1, -1], terrain: pasture, number: 11}
    - {at: [2, -1], terrain: hills, number: 4}
    - {at: [-2, 0], terrain: fields, number: 6}
    - {at: [-1, 0], terrain: forest, number: 4}
    - {at: [0, 0], terrain: desert}
    - {at: [1, 0], terrain: forest, number: 3}
    - {at: [2, 0], terrain: mountains, number: 11}
    - {at: [-2, 1], terrain: forest, number: 3}
    - {at: [-1, 1], terrain: mountains, number: 5}
    - {at: [0, 1], terrain: fields, number: 6}
    - {at: [1, 1], terrain: pasture, number: 12}
    - {at: [-2, 2], terrain: hills, number: 8}
    - {at: [-1, 2], terrain: fields, number: 10}
    - {at: [0, 2], terrain: pasture, number: 9}
)";

// The same spiral from the corner hex [2, 0] (up the right side first): [2,0] [2,-1] [2,-2]
// [1,-2] [0,-2] [-1,-1] [-2,0] [-2,1] [-2,2] [-1,2] [0,2] [1,1], then [1,0] [1,-1] [0,-1]
// [-1,0] [-1,1] [0,1].
const std::string kSpiralFromRight = R"(    - {at: [0, -2], terrain: mountains, number: 8}
    - {at: [1, -2], terrain: pasture, number: 3}
    - {at: [2, -2], terrain: forest, number: 6}
    - {at: [-1, -1], terrain: fields, number: 10}
    - {at: [0, -1], terrain: hills, number: 5}
    - {at: [1, -1], terrain: pasture, number: 4}
    - {at: [2, -1], terrain: hills, number: 2}
    - {at: [-2, 0], terrain: fields, number: 9}
    - {at: [-1, 0], terrain: forest, number: 6}
    - {at: [0, 0], terrain: desert}
    - {at: [1, 0], terrain: forest, number: 9}
    - {at: [2, 0], terrain: mountains, number: 5}
    - {at: [-2, 1], terrain: forest, number: 12}
    - {at: [-1, 1], terrain: mountains, number: 3}
    - {at: [0, 1], terrain: fields, number: 11}
    - {at: [1, 1], terrain: pasture, number: 10}
    - {at: [-2, 2], terrain: hills, number: 11}
    - {at: [-1, 2], terrain: fields, number: 4}
    - {at: [0, 2], terrain: pasture, number: 8}
)";

// From [0, -2] again, with the desert on the outer ring at [-2, 0] (skipped by the letters)
// and fields in the centre, which takes the last token.
const std::string kSpiralDesertOnRing = R"(    - {at: [0, -2], terrain: mountains, number: 5}
    - {at: [1, -2], terrain: pasture, number: 8}
    - {at: [2, -2], terrain: forest, number: 4}
    - {at: [-1, -1], terrain: fields, number: 2}
    - {at: [0, -1], terrain: hills, number: 10}
    - {at: [1, -1], terrain: pasture, number: 3}
    - {at: [2, -1], terrain: hills, number: 11}
    - {at: [-2, 0], terrain: desert}
    - {at: [-1, 0], terrain: forest, number: 9}
    - {at: [0, 0], terrain: fields, number: 11}
    - {at: [1, 0], terrain: forest, number: 6}
    - {at: [2, 0], terrain: mountains, number: 12}
    - {at: [-2, 1], terrain: forest, number: 6}
    - {at: [-1, 1], terrain: mountains, number: 4}
    - {at: [0, 1], terrain: fields, number: 5}
    - {at: [1, 1], terrain: pasture, number: 9}
    - {at: [-2, 2], terrain: hills, number: 3}
    - {at: [-1, 2], terrain: fields, number: 8}
    - {at: [0, 2], terrain: pasture, number: 10}
)";

// The mirror image: the letters run clockwise from [0, -2] ([1,-2] next), inner ring
// [0,-1] [1,-1] [1,0] [0,1] [-1,1] [-1,0]. Valid counts, but not the spiral.
const std::string kClockwise = R"(    - {at: [0, -2], terrain: mountains, number: 5}
    - {at: [1, -2], terrain: pasture, number: 2}
    - {at: [2, -2], terrain: forest, number: 6}
    - {at: [-1, -1], terrain: fields, number: 10}
    - {at: [0, -1], terrain: hills, number: 9}
    - {at: [1, -1], terrain: pasture, number: 4}
    - {at: [2, -1], terrain: hills, number: 3}
    - {at: [-2, 0], terrain: fields, number: 8}
    - {at: [-1, 0], terrain: forest, number: 11}
    - {at: [0, 0], terrain: desert}
    - {at: [1, 0], terrain: forest, number: 5}
    - {at: [2, 0], terrain: mountains, number: 8}
    - {at: [-2, 1], terrain: forest, number: 4}
    - {at: [-1, 1], terrain: mountains, number: 3}
    - {at: [0, 1], terrain: fields, number: 6}
    - {at: [1, 1], terrain: pasture, number: 10}
    - {at: [-2, 2], terrain: hills, number: 11}
    - {at: [-1, 2], terrain: fields, number: 12}
    - {at: [0, 2], terrain: pasture, number: 9}
)";

constexpr const char* kSpiral = "{board-tokens: spiral}";

}  // namespace

TEST_CASE("board: tokens laid in the A-R spiral are accepted under board-tokens: spiral (BOARD-03)",
          "[rules][board]") {
  SECTION("from the top-left corner, desert in the centre") {
    CHECK_ACCEPTED(with_hexes(kSpiralFromTopLeft, kSpiral) + setup());
  }
  SECTION("from the right-hand corner") {
    CHECK_ACCEPTED(with_hexes(kSpiralFromRight, kSpiral) + setup());
  }
  SECTION("the desert on the outer ring is skipped") {
    const std::string h =
        replace_once(with_hexes(kSpiralDesertOnRing, kSpiral), "robber: [0, 0]", "robber: [-2, 0]");
    CHECK_ACCEPTED(h + setup());
  }
  SECTION("any layout with the right counts under the default counts-only") {
    CHECK_ACCEPTED(with_hexes(kClockwise) + setup());
    CHECK_ACCEPTED(header("{board-tokens: counts-only}") + setup());
  }
}

TEST_CASE("board: tokens off the A-R spiral are BOARD-03 under board-tokens: spiral",
          "[rules][board]") {
  SECTION("the fixture's board") {
    CHECK_HEADER_VIOLATION(header(kSpiral) + setup(), "BOARD-03", kFirstHex);
  }
  SECTION("the spiral run clockwise") {
    CHECK_HEADER_VIOLATION(with_hexes(kClockwise, kSpiral) + setup(), "BOARD-03",
                           "{at: [0, -2], terrain: mountains, number: 5}");
  }
  SECTION("two tokens of the inner ring swapped") {
    std::string h = with_hexes(kSpiralFromTopLeft, kSpiral);
    h = replace_once(h, "{at: [0, -1], terrain: hills, number: 9}",
                     "{at: [0, -1], terrain: hills, number: 11}");
    h = replace_once(h, "{at: [1, -1], terrain: pasture, number: 11}",
                     "{at: [1, -1], terrain: pasture, number: 9}");
    CHECK_HEADER_VIOLATION(h + setup(), "BOARD-03", "{at: [0, -2], terrain: mountains, number: 5}");
  }
}
