// Set-up (variable set-up): SETUP-01 player count, SETUP-02 starting player (roll-off
// variant), SETUP-03 snake order, SETUP-04 settlement then attached road, SETUP-05 siting,
// SETUP-06 free, SETUP-07 starting resources, SETUP-08 nothing else, SETUP-09 first turn.
#include <catch2/catch.hpp>
#include <string>

#include "fixture.hpp"
#include "text_checks.hpp"

using catan::diag::Status;
using catan::test::header;
using catan::test::kSetupActions;
using catan::test::line_of;
using catan::test::run;
using catan::test::setup;

namespace {

using catan::test::count_lines;
using catan::test::game;
using catan::test::replace_once;

// The fixture set-up with one entry replaced.
std::string setup_with(const std::string& from, const std::string& to) {
  return replace_once(setup(), from, to);
}

// The 3-player snake (red, blue, white, white, blue, red) on the fixture's spots.
const std::string kSetup3 = R"(  - {player: red, settlement: [0, -1, S]}
  - {player: red, road: [0, -1, SW]}
  - {player: blue, settlement: [1, -1, SE]}
  - {player: blue, road: [1, -1, E]}
  - {player: white, settlement: [-1, 1, S]}
  - {player: white, road: [-1, 1, SE]}
  - {player: white, settlement: [-2, 1, N]}
  - {player: white, road: [-2, 1, NW]}
  - {player: blue, settlement: [0, -2, S]}
  - {player: blue, road: [0, -2, SW]}
  - {player: red, settlement: [1, -2, S]}
  - {player: red, road: [1, -2, SE]}
)";
constexpr const char* kThree = "[red, blue, white]";

// The fixture set-up with red's two placements swapped: [1, -2, S] first, [0, -1, S] second.
std::string red_swapped() {
  const std::string first =
      "  - {player: red, settlement: [0, -1, S]}\n  - {player: red, road: [0, -1, SW]}\n";
  const std::string second =
      "  - {player: red, settlement: [1, -2, S]}\n  - {player: red, road: [1, -2, SE]}\n";
  std::string s = replace_once(setup(), first, "@FIRST@");
  s = replace_once(s, second, first);
  return replace_once(s, "@FIRST@", second);
}

}  // namespace

// ---------------------------------------------------------------- SETUP-01

TEST_CASE("setup: 3 or 4 players are accepted (SETUP-01)", "[rules][setup]") {
  SECTION("four") { CHECK_ACCEPTED(header() + setup()); }
  SECTION("three") {
    CHECK_ACCEPTED(header("", kThree) + kSetup3 + "  - {player: red, roll: [1, 1]}\n");
  }
}

TEST_CASE("setup: other player counts are SETUP-01 (X56 from five)", "[rules][setup]") {
  SECTION("five players on the base island: the five-six extension's island is missing") {
    const std::string y = header("", "[red, blue, white, orange, green]") + setup();
    CHECK_VIOLATION(y, "X56-COMP-01", 0, "{at: [0, -2], terrain: mountains, number: 10}");
  }
  SECTION("seven players: more than the five-six extension seats") {
    const std::string y = header("", "[red, blue, white, orange, green, brown, black]") + setup();
    CHECK_VIOLATION(y, "X56-SETUP-01", 0,
                    "players: [red, blue, white, orange, green, brown, black]");
  }
  SECTION("two players") {
    const std::string y = header("", "[red, blue]") + "  - {player: red, settlement: [0, -1, S]}\n";
    CHECK_VIOLATION(y, "SETUP-01", 0, "players: [red, blue]");
  }
}

// ---------------------------------------------------------------- SETUP-02

namespace {
constexpr const char* kRollOff = "{start-player: highest-roll-reroll-ties}";
}

TEST_CASE("setup: the starting player is as logged, or the unique roll-off winner (SETUP-02)",
          "[rules][setup]") {
  SECTION("as-logged: the first player listed starts, whatever a roll-off says") {
    CHECK_ACCEPTED(header() + setup() + "  - {player: red, roll: [1, 1]}\n");
    CHECK_ACCEPTED(header() + setup() +
                   "rolloff:\n  - {red: [1, 1], blue: [6, 6], white: [2, 2], orange: [3, 3]}\n");
  }
  SECTION("roll-off: red rolls highest") {
    CHECK_ACCEPTED(header(kRollOff) + setup() +
                   "rolloff:\n  - {red: [6, 5], blue: [3, 3], white: [2, 2], orange: [1, 1]}\n");
  }
  SECTION("roll-off: only the tied-highest re-roll, and red wins the re-roll") {
    CHECK_ACCEPTED(header(kRollOff) + setup() +
                   "rolloff:\n"
                   "  - {red: [6, 6], blue: [6, 6], white: [1, 2], orange: [3, 3]}\n"
                   "  - {red: [5, 5], blue: [2, 1]}\n");
  }
  SECTION("roll-off: two rounds of ties") {
    CHECK_ACCEPTED(header(kRollOff) + setup() +
                   "rolloff:\n"
                   "  - {red: [4, 4], blue: [1, 1], white: [5, 3], orange: [6, 2]}\n"
                   "  - {red: [3, 3], white: [2, 4], orange: [1, 2]}\n"
                   "  - {white: [1, 1], red: [1, 2]}\n");
  }
}

TEST_CASE("setup: a roll-off that does not make the first player the unique winner is SETUP-02",
          "[rules][setup]") {
  SECTION("a tie for the highest total that is never re-rolled") {
    const std::string y =
        header(kRollOff) + setup() +
        "rolloff:\n  - {red: [4, 4], blue: [6, 2], white: [1, 2], orange: [3, 3]}\n";
    CHECK_VIOLATION(y, "SETUP-02", 0, "{red: [4, 4], blue: [6, 2]");
  }
  SECTION("a player who was not tied for the highest re-rolls") {
    const std::string y = header(kRollOff) + setup() +
                          "rolloff:\n"
                          "  - {red: [6, 6], blue: [6, 6], white: [1, 2], orange: [3, 3]}\n"
                          "  - {red: [5, 5], blue: [2, 1], white: [1, 1]}\n";
    CHECK_VIOLATION(y, "SETUP-02", 0, "{red: [5, 5], blue: [2, 1], white: [1, 1]}");
  }
  SECTION("a player missing from the first round") {
    const std::string y =
        header(kRollOff) + setup() + "rolloff:\n  - {red: [6, 6], blue: [2, 2], white: [1, 2]}\n";
    CHECK_VIOLATION(y, "SETUP-02", 0, "{red: [6, 6], blue: [2, 2], white: [1, 2]}");
  }
  SECTION("the winner is not the first player listed") {
    const std::string y =
        header(kRollOff) + setup() +
        "rolloff:\n  - {red: [3, 3], blue: [6, 6], white: [1, 2], orange: [3, 4]}\n";
    CHECK_VIOLATION(y, "SETUP-02", 0, "players: [red, blue, white, orange]");
  }
  SECTION("no roll-off logged") {
    CHECK_VIOLATION(header(kRollOff) + setup(), "SETUP-02", 0,
                    "players: [red, blue, white, orange]");
  }
}

// ---------------------------------------------------------------- SETUP-03

TEST_CASE("setup: placements in snake order are accepted (SETUP-03)", "[rules][setup]") {
  SECTION("four players: red blue white orange orange white blue red") {
    CHECK_ACCEPTED(header() + setup());
  }
  SECTION("three players: red blue white white blue red") {
    CHECK_ACCEPTED(header("", kThree) + kSetup3);
  }
}

TEST_CASE("setup: a placement out of snake order is SETUP-03", "[rules][setup]") {
  SECTION("the 5th placement by the starter instead of the last player") {
    const std::string y = header() + setup_with(
                                         "  - {player: orange, settlement: [0, 1, S]}\n"
                                         "  - {player: orange, road: [0, 1, SE]}\n",
                                         "  - {player: red, settlement: [0, 1, S]}\n"
                                         "  - {player: red, road: [0, 1, SE]}\n");
    CHECK_VIOLATION(y, "SETUP-03", 9, "{player: red, settlement: [0, 1, S]}");
  }
  SECTION("the starter places twice in the first round") {
    const std::string y = header() + setup_with("  - {player: blue, settlement: [1, -1, SE]}\n",
                                                "  - {player: red, settlement: [1, -1, SE]}\n");
    CHECK_VIOLATION(y, "SETUP-03", 3, "{player: red, settlement: [1, -1, SE]}");
  }
  SECTION("three players: the second round starts with blue instead of white") {
    const std::string y =
        header("", kThree) + replace_once(kSetup3,
                                          "  - {player: white, settlement: [-2, 1, N]}\n"
                                          "  - {player: white, road: [-2, 1, NW]}\n"
                                          "  - {player: blue, settlement: [0, -2, S]}\n"
                                          "  - {player: blue, road: [0, -2, SW]}\n",
                                          "  - {player: blue, settlement: [0, -2, S]}\n"
                                          "  - {player: blue, road: [0, -2, SW]}\n"
                                          "  - {player: white, settlement: [-2, 1, N]}\n"
                                          "  - {player: white, road: [-2, 1, NW]}\n");
    CHECK_VIOLATION(y, "SETUP-03", 7, "{player: blue, settlement: [0, -2, S]}");
  }
}

// ---------------------------------------------------------------- SETUP-04

TEST_CASE("setup: a settlement followed by a road from it is accepted (SETUP-04)",
          "[rules][setup]") {
  SECTION("as in the fixture") { CHECK_ACCEPTED(header() + setup()); }
  SECTION("the road named by an alias") {
    CHECK_ACCEPTED(header() + setup_with("{player: red, road: [0, -1, SW]}",
                                         "{player: red, road: [-1, 0, NE]}"));
  }
  SECTION("the road may lead in any direction from the settlement") {
    CHECK_ACCEPTED(header() + setup_with("{player: red, road: [0, -1, SW]}",
                                         "{player: red, road: [0, -1, SE]}"));
  }
}

TEST_CASE("setup: anything but a settlement then an attached road is SETUP-04", "[rules][setup]") {
  SECTION("a road before the settlement") {
    const std::string y = header() + "  - {player: red, road: [0, -1, SE]}\n" + setup();
    CHECK_VIOLATION(y, "SETUP-04", 1, "{player: red, road: [0, -1, SE]}");
  }
  SECTION("two settlements in a row") {
    const std::string y = header() + setup_with("{player: red, road: [0, -1, SW]}",
                                                "{player: red, settlement: [2, 0, S]}");
    CHECK_VIOLATION(y, "SETUP-04", 2, "{player: red, settlement: [2, 0, S]}");
  }
  SECTION("in round 2 the road touches the first settlement, not the one just placed") {
    const std::string y = header() + setup_with("{player: blue, road: [0, -2, SW]}",
                                                "{player: blue, road: [1, -1, SE]}");
    CHECK_VIOLATION(y, "SETUP-04", 14, "{player: blue, road: [1, -1, SE]}");
  }
  SECTION("the road on a path that already holds a road") {
    const std::string y = header() + setup_with("{player: blue, road: [0, -2, SW]}",
                                                "{player: blue, road: [-1, 0, NE]}");
    CHECK_VIOLATION(y, "SETUP-04", 14, "{player: blue, road: [-1, 0, NE]}");
  }
}

// ---------------------------------------------------------------- SETUP-05

TEST_CASE("setup: settlements on empty intersections two paths apart are accepted (SETUP-05)",
          "[rules][setup]") {
  SECTION("as in the fixture: no road connection needed, the two need not connect") {
    CHECK_ACCEPTED(header() + setup());
  }
  SECTION("exactly two paths from another player's settlement") {
    // red's second settlement [1, -1, N] is exactly two paths from blue's [1, -1, SE].
    CHECK_ACCEPTED(header() + setup_with("  - {player: red, settlement: [1, -2, S]}\n"
                                         "  - {player: red, road: [1, -2, SE]}\n",
                                         "  - {player: red, settlement: [1, -1, N]}\n"
                                         "  - {player: red, road: [1, -1, NW]}\n"));
  }
}

TEST_CASE("setup: a set-up settlement on a taken or adjacent intersection is SETUP-05",
          "[rules][setup]") {
  SECTION("next to red's settlement") {
    const std::string y = header() + setup_with(
                                         "  - {player: blue, settlement: [1, -1, SE]}\n"
                                         "  - {player: blue, road: [1, -1, E]}\n",
                                         "  - {player: blue, settlement: [0, -1, SE]}\n"
                                         "  - {player: blue, road: [0, -1, E]}\n");
    CHECK_VIOLATION(y, "SETUP-05", 3, "{player: blue, settlement: [0, -1, SE]}");
  }
  SECTION("next to the player's own first settlement") {
    // [0, 0, N] (= [0, -1, SE]) is next to red's own [0, -1, S].
    const std::string y = header() + setup_with(
                                         "  - {player: red, settlement: [1, -2, S]}\n"
                                         "  - {player: red, road: [1, -2, SE]}\n",
                                         "  - {player: red, settlement: [0, 0, N]}\n"
                                         "  - {player: red, road: [0, 0, NE]}\n");
    CHECK_VIOLATION(y, "SETUP-05", 15, "{player: red, settlement: [0, 0, N]}");
  }
  SECTION("on another player's settlement, named by an alias") {
    // [-1, 0, NE] is red's [0, -1, S].
    const std::string y = header() + setup_with(
                                         "  - {player: blue, settlement: [1, -1, SE]}\n"
                                         "  - {player: blue, road: [1, -1, E]}\n",
                                         "  - {player: blue, settlement: [-1, 0, NE]}\n"
                                         "  - {player: blue, road: [-1, 0, E]}\n");
    CHECK_VIOLATION(y, "SETUP-05", 3, "{player: blue, settlement: [-1, 0, NE]}");
  }
}

// ---------------------------------------------------------------- SETUP-06

TEST_CASE("setup: expectations that set-up costs nothing hold (SETUP-06)", "[rules][setup]") {
  std::string s = setup();
  s = replace_once(s, "{player: red, road: [0, -1, SW]}",
                   "{player: red, road: [0, -1, SW], expect: {hands: {red: {}}, cards: {red: 0}, "
                   "bank: {lumber: 19, brick: 19, wool: 19, grain: 19, ore: 19}}}");
  s = replace_once(s, "{player: blue, road: [0, -2, SW]}",
                   "{player: blue, road: [0, -2, SW], expect: {hands: {blue: {ore: 1, grain: 1, "
                   "brick: 1}}}}");
  s = replace_once(s, "{player: red, road: [1, -2, SE]}",
                   "{player: red, road: [1, -2, SE], expect: {hands: {red: {wool: 2, brick: 1}, "
                   "white: {lumber: 2, grain: 1}, orange: {grain: 2, wool: 1}}, bank: {lumber: 17, "
                   "brick: 17, wool: 16, grain: 15, ore: 18}}}");
  CHECK_ACCEPTED(header() + s);
}

TEST_CASE("setup: an expectation that claims a set-up payment is SETUP-06", "[rules][setup]") {
  SECTION("blue pays a brick for the second road") {
    const std::string y =
        header() + setup_with("{player: blue, road: [0, -2, SW]}",
                              "{player: blue, road: [0, -2, SW], expect: {hands: {blue: {ore: 1, "
                              "grain: 1}}}}");
    CHECK_VIOLATION(y, "SETUP-06", 14, "{player: blue, road: [0, -2, SW]");
  }
  SECTION("orange pays a grain and a wool for the second settlement") {
    const std::string y =
        header() + setup_with("{player: orange, settlement: [0, 1, S]}",
                              "{player: orange, settlement: [0, 1, S], expect: {hands: {orange: "
                              "{grain: 1}}}}");
    CHECK_VIOLATION(y, "SETUP-06", 9, "{player: orange, settlement: [0, 1, S]");
  }
  SECTION("white holds one card fewer after the second road") {
    const std::string y =
        header() + setup_with("{player: white, road: [-2, 1, NW]}",
                              "{player: white, road: [-2, 1, NW], expect: {cards: {white: 2}}}");
    CHECK_VIOLATION(y, "SETUP-06", 12, "{player: white, road: [-2, 1, NW]");
  }
  SECTION("the bank is paid for red's first road") {
    const std::string y =
        header() + setup_with("{player: red, road: [0, -1, SW]}",
                              "{player: red, road: [0, -1, SW], expect: {bank: {lumber: 20, brick: "
                              "20, wool: 19, grain: 19, ore: 19}}}");
    CHECK_VIOLATION(y, "SETUP-06", 2, "{player: red, road: [0, -1, SW]");
  }
}

// ---------------------------------------------------------------- SETUP-07

TEST_CASE("setup: the second settlement yields one card per adjacent producing hex (SETUP-07)",
          "[rules][setup]") {
  SECTION("all four second settlements, gains asserted") {
    std::string s = setup();
    s = replace_once(
        s, "{player: orange, settlement: [0, 1, S]}",
        "{player: orange, settlement: [0, 1, S], gains: {orange: {grain: 2, wool: 1}}}");
    s = replace_once(
        s, "{player: white, settlement: [-2, 1, N]}",
        "{player: white, settlement: [-2, 1, N], gains: {white: {lumber: 2, grain: 1}}}");
    s = replace_once(s, "{player: blue, settlement: [0, -2, S]}",
                     "{player: blue, settlement: [0, -2, S], gains: {blue: {ore: 1, grain: 1, "
                     "brick: 1}}}");
    s = replace_once(s, "{player: red, settlement: [1, -2, S]}",
                     "{player: red, settlement: [1, -2, S], gains: {red: {wool: 2, brick: 1}}}");
    CHECK_ACCEPTED(header() + s);
  }
  SECTION("a first-round settlement yields nothing") {
    CHECK_ACCEPTED(header() + setup_with("{player: red, settlement: [0, -1, S]}",
                                         "{player: red, settlement: [0, -1, S], gains: {}}"));
  }
  SECTION("the desert yields nothing, and the robber on it does not matter") {
    // red places [1, -2, S] first and [0, -1, S] (hills, forest, desert) second.
    std::string s = red_swapped();
    s = replace_once(s, "{player: red, settlement: [0, -1, S]}",
                     "{player: red, settlement: [0, -1, S], gains: {red: {brick: 1, lumber: 1}}}");
    CHECK_ACCEPTED(header() + s);
  }
}

TEST_CASE("setup: wrong starting resources are SETUP-07", "[rules][setup]") {
  SECTION("an extra card") {
    const std::string y =
        header() + setup_with("{player: red, settlement: [1, -2, S]}",
                              "{player: red, settlement: [1, -2, S], gains: {red: {wool: 2, brick: "
                              "1, ore: 1}}}");
    CHECK_VIOLATION(y, "SETUP-07", 15, "{player: red, settlement: [1, -2, S]");
  }
  SECTION("one card per terrain type instead of per hex") {
    const std::string y =
        header() + setup_with("{player: orange, settlement: [0, 1, S]}",
                              "{player: orange, settlement: [0, 1, S], gains: {orange: {grain: 1, "
                              "wool: 1}}}");
    CHECK_VIOLATION(y, "SETUP-07", 9, "{player: orange, settlement: [0, 1, S]");
  }
  SECTION("cards for a first-round settlement") {
    const std::string y =
        header() + setup_with("{player: red, settlement: [0, -1, S]}",
                              "{player: red, settlement: [0, -1, S], gains: {red: {brick: 1, "
                              "lumber: 1}}}");
    CHECK_VIOLATION(y, "SETUP-07", 1, "{player: red, settlement: [0, -1, S]");
  }
  SECTION("cards for a player who did not place") {
    const std::string y =
        header() + setup_with("{player: white, settlement: [-2, 1, N]}",
                              "{player: white, settlement: [-2, 1, N], gains: {white: {lumber: 2, "
                              "grain: 1}, red: {lumber: 1}}}");
    CHECK_VIOLATION(y, "SETUP-07", 11, "{player: white, settlement: [-2, 1, N]");
  }
  SECTION("a card for the desert") {
    std::string s = red_swapped();
    s = replace_once(s, "{player: red, settlement: [0, -1, S]}",
                     "{player: red, settlement: [0, -1, S], gains: {red: {brick: 1, lumber: 1, "
                     "grain: 1}}}");
    const std::string y = header() + s;
    CHECK_VIOLATION(y, "SETUP-07", 15, "{player: red, settlement: [0, -1, S]");
  }
}

// ---------------------------------------------------------------- SETUP-08

TEST_CASE("setup: the first roll after the last set-up road is accepted (SETUP-08)",
          "[rules][setup]") {
  CHECK_ACCEPTED(header() + setup() + "  - {player: red, roll: [1, 1]}\n");
}

TEST_CASE("setup: any other action during set-up is SETUP-08", "[rules][setup]") {
  const std::string first_round =
      replace_once(setup(), "  - {player: orange, settlement: [0, 1, S]}\n", "  - ENTRY\n");
  auto during = [&](const std::string& entry) {
    return header() + replace_once(first_round, "  - ENTRY\n", "  - " + entry + "\n");
  };
  SECTION("a roll before anything was placed") {
    const std::string y = header() + "  - {player: red, roll: [3, 4]}\n" + setup();
    CHECK_VIOLATION(y, "SETUP-08", 1, "{player: red, roll: [3, 4]}");
  }
  SECTION("a roll between the rounds") {
    CHECK_VIOLATION(during("{player: orange, roll: [2, 2]}"), "SETUP-08", 9,
                    "{player: orange, roll: [2, 2]}");
  }
  SECTION("a maritime trade") {
    CHECK_VIOLATION(during("{player: orange, bank: {give: {grain: 4}, get: {ore: 1}}}"), "SETUP-08",
                    9, "{player: orange, bank:");
  }
  SECTION("a domestic trade") {
    CHECK_VIOLATION(
        during("{player: orange, trade: {with: red, give: {grain: 1}, get: {wool: 1}}}"),
        "SETUP-08", 9, "{player: orange, trade:");
  }
  SECTION("a city") {
    CHECK_VIOLATION(during("{player: orange, city: [1, 0, S]}"), "SETUP-08", 9,
                    "{player: orange, city: [1, 0, S]}");
  }
  SECTION("a purchase") {
    CHECK_VIOLATION(during("{player: orange, buy: knight}"), "SETUP-08", 9,
                    "{player: orange, buy: knight}");
  }
  SECTION("ending a turn") {
    CHECK_VIOLATION(during("{player: orange, end: turn}"), "SETUP-08", 9,
                    "{player: orange, end: turn}");
  }
}

// ---------------------------------------------------------------- SETUP-09

TEST_CASE("setup: the starting player takes the first regular turn (SETUP-09)", "[rules][setup]") {
  SECTION("red rolls first") {
    CHECK_ACCEPTED(header() + setup() +
                   "  - {player: red, roll: [1, 1]}\n  - {player: red, end: turn}\n"
                   "  - {player: blue, roll: [1, 1]}\n");
  }
  SECTION("three players: red rolls first") {
    CHECK_ACCEPTED(header("", kThree) + kSetup3 + "  - {player: red, roll: [6, 6]}\n");
  }
}

TEST_CASE("setup: anyone but the starting player rolling first is SETUP-09", "[rules][setup]") {
  SECTION("the last player to place (and first in round 2) rolls") {
    const std::string y = header() + setup() + "  - {player: orange, roll: [1, 1]}\n";
    CHECK_VIOLATION(y, "SETUP-09", kSetupActions + 1, "{player: orange, roll: [1, 1]}");
  }
  SECTION("the next player clockwise rolls") {
    const std::string y = header() + setup() + "  - {player: blue, roll: [1, 1]}\n";
    CHECK_VIOLATION(y, "SETUP-09", kSetupActions + 1, "{player: blue, roll: [1, 1]}");
  }
}
