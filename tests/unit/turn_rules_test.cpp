// Turn structure: TURN-01 clockwise order, TURN-02 one roll first, TURN-05 ending the turn,
// TURN-06 who may act, TURN-07 nothing after the game ends (RULES.md, section 1 TURN).
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

// Header (with `rules`), the fixture set-up, then `body`: entries numbered from 17.

// Red's first turn up to the action phase: a 6 gives red 2 brick (red then holds wool 2,
// brick 3), white trades red 2 lumber and a grain for a wool (red: wool 1, brick 3,
// lumber 2, grain 1). Actions 17-18.
const std::string kRedTradesWithWhite =
    "  - {player: red, trade: {with: white, give: {wool: 1}, get: {lumber: 2, grain: 1}}}\n";
const std::string kRedRichTurn1 = "  - {player: red, roll: [3, 3]}\n" + kRedTradesWithWhite;

// A 7 on red's first turn: nobody holds more than 7 cards, so red moves the robber at once.
const std::string kRedRollsSeven = "  - {player: red, roll: [3, 4]}\n";
const std::string kRobberOnBluesPasture =
    "  - {player: red, robber: [1, -1], steal: {from: blue, card: ore}}\n";

}  // namespace

// ---------------------------------------------------------------- TURN-01

TEST_CASE("turn: turns pass clockwise, round after round (TURN-01)", "[rules][turn]") {
  CHECK_ACCEPTED(
      game("  - {player: red, roll: [1, 1]}\n"
           "  - {player: red, end: turn}\n"
           "  - {player: blue, roll: [1, 2]}\n"
           "  - {player: blue, end: turn}\n"
           "  - {player: white, roll: [2, 2]}\n"
           "  - {player: white, end: turn}\n"
           "  - {player: orange, roll: [2, 3]}\n"
           "  - {player: orange, end: turn}\n"
           "  - {player: red, roll: [6, 6]}\n"
           "  - {player: red, end: turn}\n"
           "  - {player: blue, roll: [5, 6]}\n"));
}

TEST_CASE("turn: a roll by anyone but the next player clockwise is TURN-01", "[rules][turn]") {
  SECTION("white rolls after red's turn (blue is next)") {
    const std::string y = game(
        "  - {player: red, roll: [1, 1]}\n"
        "  - {player: red, end: turn}\n"
        "  - {player: white, roll: [1, 2]}\n");
    CHECK_VIOLATION(y, "TURN-01", kSetupActions + 3, "{player: white, roll: [1, 2]}");
  }
  SECTION("red rolls again after its own turn") {
    const std::string y = game(
        "  - {player: red, roll: [1, 1]}\n"
        "  - {player: red, end: turn}\n"
        "  - {player: red, roll: [1, 2]}\n");
    CHECK_VIOLATION(y, "TURN-01", kSetupActions + 3, "{player: red, roll: [1, 2]}");
  }
  SECTION("blue rolls after orange's turn (the round starts again with red)") {
    const std::string y = game(
        "  - {player: red, roll: [1, 1]}\n"
        "  - {player: red, end: turn}\n"
        "  - {player: blue, roll: [1, 2]}\n"
        "  - {player: blue, end: turn}\n"
        "  - {player: white, roll: [2, 2]}\n"
        "  - {player: white, end: turn}\n"
        "  - {player: orange, roll: [2, 3]}\n"
        "  - {player: orange, end: turn}\n"
        "  - {player: blue, roll: [6, 6]}\n");
    CHECK_VIOLATION(y, "TURN-01", kSetupActions + 9, "{player: blue, roll: [6, 6]}");
  }
}

// ---------------------------------------------------------------- TURN-02

TEST_CASE("turn: one roll, then the action phase (TURN-02)", "[rules][turn]") {
  SECTION("roll, trade, build") {
    CHECK_ACCEPTED(game(kRedRichTurn1 + "  - {player: red, road: [1, -2, E]}\n"
                                        "  - {player: red, end: turn}\n"));
  }
  SECTION("a 7: roll, robber, then build") {
    CHECK_ACCEPTED(
        game(kRedRollsSeven + kRobberOnBluesPasture +
             "  - {player: red, trade: {with: white, give: {wool: 1}, get: {lumber: 1}}}\n"
             "  - {player: red, road: [1, -2, E]}\n"
             "  - {player: red, end: turn}\n"));
  }
  SECTION("a development card played before the roll") {
    // Red buys a knight on turn 1 and plays it before rolling on turn 5.
    CHECK_ACCEPTED(
        game("  - {player: red, roll: [6, 6]}\n"
             "  - {player: red, trade: {with: blue, give: {brick: 1}, get: {ore: 1}}}\n"
             "  - {player: red, trade: {with: orange, give: {wool: 1}, get: {grain: 1}}}\n"
             "  - {player: red, buy: knight}\n"
             "  - {player: red, end: turn}\n"
             "  - {player: blue, roll: [1, 2]}\n"
             "  - {player: blue, end: turn}\n"
             "  - {player: white, roll: [1, 2]}\n"
             "  - {player: white, end: turn}\n"
             "  - {player: orange, roll: [1, 2]}\n"
             "  - {player: orange, end: turn}\n"
             "  - {player: red, play: knight}\n"
             "  - {player: red, robber: [1, -1], steal: {from: blue, card: brick}}\n"
             "  - {player: red, roll: [2, 2]}\n"
             "  - {player: red, end: turn}\n"));
  }
}

TEST_CASE("turn: acting before the roll, or rolling twice, is TURN-02", "[rules][turn]") {
  SECTION("a road before the roll") {
    CHECK_VIOLATION(game("  - {player: red, road: [1, -2, E]}\n"), "TURN-02", kSetupActions + 1,
                    "{player: red, road: [1, -2, E]}");
  }
  SECTION("a settlement before the roll") {
    CHECK_VIOLATION(game("  - {player: red, settlement: [1, -2, NE]}\n"), "TURN-02",
                    kSetupActions + 1, "{player: red, settlement: [1, -2, NE]}");
  }
  SECTION("a city before the roll") {
    CHECK_VIOLATION(game("  - {player: red, city: [0, -1, S]}\n"), "TURN-02", kSetupActions + 1,
                    "{player: red, city: [0, -1, S]}");
  }
  SECTION("a domestic trade before the roll") {
    CHECK_VIOLATION(
        game("  - {player: red, trade: {with: white, give: {wool: 1}, get: {lumber: 1}}}\n"),
        "TURN-02", kSetupActions + 1, "{player: red, trade:");
  }
  SECTION("a maritime trade before the roll") {
    CHECK_VIOLATION(game("  - {player: red, bank: {give: {wool: 2}, get: {ore: 1}}}\n"), "TURN-02",
                    kSetupActions + 1, "{player: red, bank:");
  }
  SECTION("a purchase before the roll") {
    CHECK_VIOLATION(game("  - {player: red, buy: knight}\n"), "TURN-02", kSetupActions + 1,
                    "{player: red, buy: knight}");
  }
  SECTION("a second roll after production") {
    const std::string y = game(
        "  - {player: red, roll: [1, 1]}\n"
        "  - {player: red, roll: [2, 2]}\n");
    CHECK_VIOLATION(y, "TURN-02", kSetupActions + 2, "{player: red, roll: [2, 2]}");
  }
  SECTION("a second roll while the robber must move") {
    const std::string y = game(kRedRollsSeven + "  - {player: red, roll: [2, 2]}\n");
    CHECK_VIOLATION(y, "TURN-02", kSetupActions + 2, "{player: red, roll: [2, 2]}");
  }
  SECTION("a second roll after building") {
    const std::string y = game(kRedRichTurn1 +
                               "  - {player: red, road: [1, -2, E]}\n"
                               "  - {player: red, roll: [2, 2]}\n");
    CHECK_VIOLATION(y, "TURN-02", kSetupActions + 4, "{player: red, roll: [2, 2]}");
  }
}

// ---------------------------------------------------------------- TURN-05

TEST_CASE("turn: the active player ends the turn after rolling (TURN-05)", "[rules][turn]") {
  SECTION("after production") {
    CHECK_ACCEPTED(game("  - {player: red, roll: [1, 1]}\n  - {player: red, end: turn}\n"));
  }
  SECTION("after a 7 is resolved") {
    CHECK_ACCEPTED(game(kRedRollsSeven + kRobberOnBluesPasture + "  - {player: red, end: turn}\n"));
  }
}

TEST_CASE("turn: ending a turn early, or someone else's turn, is TURN-05", "[rules][turn]") {
  SECTION("without rolling") {
    CHECK_VIOLATION(game("  - {player: red, end: turn}\n"), "TURN-05", kSetupActions + 1,
                    "{player: red, end: turn}");
  }
  SECTION("before the robber has moved after a 7") {
    CHECK_VIOLATION(game(kRedRollsSeven + "  - {player: red, end: turn}\n"), "TURN-05",
                    kSetupActions + 2, "{player: red, end: turn}");
  }
  SECTION("by a player who is not active") {
    const std::string y = game("  - {player: red, roll: [1, 1]}\n  - {player: blue, end: turn}\n");
    CHECK_VIOLATION(y, "TURN-05", kSetupActions + 2, "{player: blue, end: turn}");
  }
}

// ---------------------------------------------------------------- TURN-06

TEST_CASE("turn: the active player acts, others take part passively (TURN-06)", "[rules][turn]") {
  // White takes part in red's trade; blue, white and orange receive production on red's roll.
  CHECK_ACCEPTED(
      game("  - {player: red, roll: [3, 3], gains: {red: {brick: 2}, blue: {brick: 1}, white: "
           "{grain: 1}, "
           "orange: {grain: 1}}}\n" +
           kRedTradesWithWhite +
           "  - {player: red, road: [1, -2, E]}\n"
           "  - {player: red, settlement: [1, -2, NE]}\n"));
}

TEST_CASE("turn: a non-active player rolling, building, buying or playing is TURN-06",
          "[rules][turn]") {
  const std::string after_roll = "  - {player: red, roll: [1, 1]}\n";
  SECTION("blue builds a road on red's turn") {
    CHECK_VIOLATION(game(after_roll + "  - {player: blue, road: [1, -1, NE]}\n"), "TURN-06",
                    kSetupActions + 2, "{player: blue, road: [1, -1, NE]}");
  }
  SECTION("blue builds a road before red has rolled") {
    CHECK_VIOLATION(game("  - {player: blue, road: [1, -1, NE]}\n"), "TURN-06", kSetupActions + 1,
                    "{player: blue, road: [1, -1, NE]}");
  }
  SECTION("white builds a settlement on red's turn") {
    CHECK_VIOLATION(game(after_roll + "  - {player: white, settlement: [-2, 0, N]}\n"), "TURN-06",
                    kSetupActions + 2, "{player: white, settlement: [-2, 0, N]}");
  }
  SECTION("blue builds a city on red's turn") {
    CHECK_VIOLATION(game(after_roll + "  - {player: blue, city: [0, -2, S]}\n"), "TURN-06",
                    kSetupActions + 2, "{player: blue, city: [0, -2, S]}");
  }
  SECTION("orange buys a development card on red's turn") {
    CHECK_VIOLATION(game(after_roll + "  - {player: orange, buy: knight}\n"), "TURN-06",
                    kSetupActions + 2, "{player: orange, buy: knight}");
  }
  SECTION("orange plays a development card on red's turn") {
    CHECK_VIOLATION(game(after_roll + "  - {player: orange, play: knight}\n"), "TURN-06",
                    kSetupActions + 2, "{player: orange, play: knight}");
  }
  SECTION("blue rolls after red's roll") {
    CHECK_VIOLATION(game(after_roll + "  - {player: blue, roll: [2, 2]}\n"), "TURN-06",
                    kSetupActions + 2, "{player: blue, roll: [2, 2]}");
  }
}

// ---------------------------------------------------------------- TURN-07

namespace {

// With victory-points 3, red's third building at action 20 wins the game.
const std::string kRedWinsAt20 = kRedRichTurn1 +
                                 "  - {player: red, road: [1, -2, E]}\n"
                                 "  - {player: red, settlement: [1, -2, NE]}\n";
constexpr const char* kThreeVp = "{victory-points: 3}";

}  // namespace

TEST_CASE("turn: after the win only the winner's claim may follow (TURN-07)", "[rules][turn]") {
  SECTION("the log stops at the winning entry") {
    const auto v = run(game(kRedWinsAt20, kThreeVp));
    CHECK(v.status == Status::Legal);
    CHECK(v.rule.empty());
  }
  SECTION("the winner records the win") {
    const auto v = run(game(kRedWinsAt20 + "  - {player: red, claim: win}\n", kThreeVp));
    CHECK(v.status == Status::Legal);
    CHECK(v.rule.empty());
  }
}

TEST_CASE("turn: any other entry after the win is TURN-07", "[rules][turn]") {
  SECTION("the winner ends the turn") {
    CHECK_VIOLATION(game(kRedWinsAt20 + "  - {player: red, end: turn}\n", kThreeVp), "TURN-07",
                    kSetupActions + 5, "{player: red, end: turn}");
  }
  SECTION("the winner builds on") {
    CHECK_VIOLATION(game(kRedWinsAt20 + "  - {player: red, road: [1, -2, NE]}\n", kThreeVp),
                    "TURN-07", kSetupActions + 5, "{player: red, road: [1, -2, NE]}");
  }
  SECTION("the winner trades on") {
    CHECK_VIOLATION(
        game(kRedWinsAt20 +
                 "  - {player: red, trade: {with: blue, give: {brick: 1}, get: {ore: 1}}}\n",
             kThreeVp),
        "TURN-07", kSetupActions + 5, "{player: red, trade: {with: blue");
  }
  SECTION("the next player rolls") {
    CHECK_VIOLATION(game(kRedWinsAt20 + "  - {player: blue, roll: [2, 2]}\n", kThreeVp), "TURN-07",
                    kSetupActions + 5, "{player: blue, roll: [2, 2]}");
  }
  SECTION("a claim after the record of the win is still fine, a later end is not") {
    CHECK_VIOLATION(game(kRedWinsAt20 + "  - {player: red, claim: win}\n"
                                        "  - {player: red, end: turn}\n",
                         kThreeVp),
                    "TURN-07", kSetupActions + 6, "{player: red, end: turn}");
  }
}
