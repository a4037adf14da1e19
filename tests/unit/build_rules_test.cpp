// Building: BUILD-01..10, COMP-09 (names off the island) and ROBBER-09 (the robber does not
// stop building), RULES.md section 1 BUILD. Payments are never logged; they show through
// `expect:` hands and bank.
//
// Red's pieces after the fixture set-up: settlements [0, -1, S] and [1, -2, S]; roads
// [0, -1, SW] (to [-1, 0, N]) and [1, -2, SE] (to [1, -1, N]). The coastal corner
// [1, -2, NE] (= [2, -3, S], pasture 2 and forest 9, on the wool harbor) is one road away.
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

// Red's turn 1 up to the action phase (actions 17-18): a 6 gives red 2 brick, then white
// trades 2 lumber and a grain for a wool. Red holds wool 1, brick 3, lumber 2, grain 1:
// a road and a settlement, with a brick to spare.
const std::string kRedRich =
    "  - {player: red, roll: [3, 3]}\n"
    "  - {player: red, trade: {with: white, give: {wool: 1}, get: {lumber: 2, grain: 1}}}\n";

// Blue's turn 2 up to the action phase (actions 17-20): two 10s and a trade with orange;
// blue holds ore 3, grain 2, brick 2: a city.
const std::string kBlueCanUpgrade =
    "  - {player: red, roll: [4, 6]}\n"
    "  - {player: red, end: turn}\n"
    "  - {player: blue, roll: [5, 5]}\n"
    "  - {player: blue, trade: {with: orange, give: {brick: 1}, get: {grain: 1}}}\n";

}  // namespace

// ---------------------------------------------------------------- BUILD-01

TEST_CASE("build: each build costs exactly its price (BUILD-01)", "[rules][build]") {
  SECTION("a road is 1 lumber + 1 brick, a settlement 1 lumber + 1 brick + 1 wool + 1 grain") {
    CHECK_ACCEPTED(
        game(kRedRich +
             "  - {player: red, road: [1, -2, E], expect: {hands: {red: {wool: 1, brick: "
             "2, lumber: 1, grain: 1}}, bank: {lumber: 18, brick: 15, wool: 16, grain: "
             "13, ore: 18}}}\n"
             "  - {player: red, settlement: [1, -2, NE], expect: {hands: {red: {brick: "
             "1}}, bank: {lumber: 19, brick: 16, wool: 17, grain: 14, ore: 18}}}\n"));
  }
  SECTION("a city is 3 ore + 2 grain") {
    CHECK_ACCEPTED(game(kBlueCanUpgrade +
                        "  - {player: blue, city: [0, -2, S], expect: {hands: {blue: {brick: 2}}, "
                        "bank: {lumber: 17, brick: 15, wool: 16, grain: 17, ore: 19}}}\n"));
  }
  SECTION("a development card is 1 ore + 1 wool + 1 grain") {
    CHECK_ACCEPTED(
        game("  - {player: red, roll: [6, 6]}\n"
             "  - {player: red, trade: {with: blue, give: {brick: 1}, get: {ore: 1}}}\n"
             "  - {player: red, trade: {with: orange, give: {wool: 1}, get: {grain: 1}}}\n"
             "  - {player: red, buy: knight, expect: {hands: {red: {}}}}\n"));
  }
}

// RULES.md BUILD-01: "A settlement paid with {lumber, brick, wool, ore} ✗ BUILD-01". The log
// records payments only through `expect:`; the engine reports any such mismatch after set-up
// as COMP-05 (during set-up it reports the cost-specific SETUP-06).
TEST_CASE("build: an expectation claiming a wrong price is BUILD-01", "[rules][build]") {
  SECTION("a road paid with 2 lumber") {
    const std::string y =
        game(kRedRich +
             "  - {player: red, road: [1, -2, E], expect: {hands: {red: {wool: 1, "
             "brick: 3, grain: 1}}}}\n");
    CHECK_VIOLATION(y, "BUILD-01", kSetupActions + 3, "{player: red, road: [1, -2, E]");
  }
  SECTION("a settlement paid with ore instead of grain (the bank's view)") {
    const std::string y = game(kRedRich +
                               "  - {player: red, road: [1, -2, E]}\n"
                               "  - {player: red, settlement: [1, -2, NE], expect: {bank: {lumber: "
                               "19, brick: 16, wool: 17, grain: 13, ore: 19}}}\n");
    CHECK_VIOLATION(y, "BUILD-01", kSetupActions + 4, "{player: red, settlement: [1, -2, NE]");
  }
}

// The payment rule is the payer's: another player's wrong hand asserted on a build entry is
// bookkeeping (COMP-05), whatever it was wrong from; the payer's is BUILD-01 even when it is
// asserted after another player's right hand.
TEST_CASE("build: BUILD-01 only for the player who paid; another hand is COMP-05",
          "[rules][build]") {
  SECTION("blue's hand, wrong on red's road") {
    const std::string y = game(kRedRich +
                               "  - {player: red, road: [1, -2, E], expect: {hands: {blue: "
                               "{ore: 7}}}}\n");
    CHECK_VIOLATION(y, "COMP-05", kSetupActions + 3, "{player: red, road: [1, -2, E]");
  }
  SECTION("red's hand, wrong on red's road, after blue's card count") {
    const std::string y =
        game(kRedRich + "  - {player: red, road: [1, -2, E], expect: {cards: {red: 4}}}\n");
    CHECK_VIOLATION(y, "BUILD-01", kSetupActions + 3, "{player: red, road: [1, -2, E]");
  }
  SECTION("white's card count, wrong on red's settlement") {
    const std::string y = game(kRedRich +
                               "  - {player: red, road: [1, -2, E]}\n"
                               "  - {player: red, settlement: [1, -2, NE], expect: {cards: {white: "
                               "9}}}\n");
    CHECK_VIOLATION(y, "COMP-05", kSetupActions + 4, "{player: red, settlement: [1, -2, NE]");
  }
}

TEST_CASE("build: an expectation claiming a wrong price is at least rejected", "[rules][build]") {
  const std::string y = game(kRedRich +
                             "  - {player: red, road: [1, -2, E], expect: {hands: {red: {wool: 1, "
                             "brick: 3, grain: 1}}}}\n");
  const auto v = run(y);
  CHECK(v.status == Status::Illegal);
  CHECK(v.action == kSetupActions + 3);
  CHECK(v.line == line_of(y, "{player: red, road: [1, -2, E]"));
}

// ---------------------------------------------------------------- BUILD-02

TEST_CASE("build: a builder holding the cost pays the bank (BUILD-02)", "[rules][build]") {
  CHECK_ACCEPTED(game(kRedRich +
                      "  - {player: red, road: [1, -2, E]}\n"
                      "  - {player: red, road: [1, -2, NE], expect: {hands: {red: {wool: "
                      "1, brick: 1, grain: 1}}}}\n"));
}

TEST_CASE("build: building without holding the cost is BUILD-02", "[rules][build]") {
  SECTION("a road without lumber") {
    const std::string y =
        game("  - {player: red, roll: [1, 1]}\n  - {player: red, road: [1, -2, E]}\n");
    CHECK_VIOLATION(y, "BUILD-02", kSetupActions + 2, "{player: red, road: [1, -2, E]}");
  }
  SECTION("a second road once the lumber is spent") {
    const std::string y = game(kRedRich +
                               "  - {player: red, road: [1, -2, E]}\n"
                               "  - {player: red, road: [1, -2, NE]}\n"
                               "  - {player: red, road: [2, -2, NW]}\n");
    CHECK_VIOLATION(y, "BUILD-02", kSetupActions + 5, "{player: red, road: [2, -2, NW]}");
  }
  SECTION("a settlement without grain") {
    const std::string y = game(
        "  - {player: red, roll: [3, 3]}\n"
        "  - {player: red, trade: {with: white, give: {wool: 1}, get: {lumber: 2}}}\n"
        "  - {player: red, road: [1, -2, E]}\n"
        "  - {player: red, settlement: [1, -2, NE]}\n");
    CHECK_VIOLATION(y, "BUILD-02", kSetupActions + 4, "{player: red, settlement: [1, -2, NE]}");
  }
  SECTION("a city without ore") {
    const std::string y =
        game("  - {player: red, roll: [1, 1]}\n  - {player: red, city: [0, -1, S]}\n");
    CHECK_VIOLATION(y, "BUILD-02", kSetupActions + 2, "{player: red, city: [0, -1, S]}");
  }
}

// ---------------------------------------------------------------- BUILD-03

TEST_CASE("build: a road joined to the builder's road or building is accepted (BUILD-03)",
          "[rules][build]") {
  SECTION("extending a road") {
    CHECK_ACCEPTED(game(kRedRich + "  - {player: red, road: [1, -2, E]}\n"
                                   "  - {player: red, road: [1, -2, NE]}\n"));
  }
  SECTION("from the builder's settlement") {
    CHECK_ACCEPTED(game(kRedRich + "  - {player: red, road: [0, -1, SE]}\n"));
  }
  SECTION("up to an opponent's settlement, and on from a free corner") {
    // [-1, -1, E] runs from red's road end [-1, 0, N] to blue's settlement [0, -2, S].
    CHECK_ACCEPTED(game(kRedRich + "  - {player: red, road: [-1, -1, E]}\n"
                                   "  - {player: red, road: [-1, 0, NW]}\n"));
  }
}

TEST_CASE("build: a road not joined to the builder's network is BUILD-03", "[rules][build]") {
  SECTION("far from everything") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, road: [2, 0, E]}\n"), "BUILD-03",
                    kSetupActions + 3, "{player: red, road: [2, 0, E]}");
  }
  SECTION("joined only through an opponent's settlement") {
    // After [-1, -1, E], red's only road at blue's [0, -2, S] is on blue's settlement:
    // [0, -2, SE] may not continue through it.
    const std::string y = game(kRedRich +
                               "  - {player: red, road: [-1, -1, E]}\n"
                               "  - {player: red, road: [0, -2, SE]}\n");
    CHECK_VIOLATION(y, "BUILD-03", kSetupActions + 4, "{player: red, road: [0, -2, SE]}");
  }
  SECTION("next to an opponent's road only") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, road: [1, 0, NE]}\n"), "BUILD-03",
                    kSetupActions + 3, "{player: red, road: [1, 0, NE]}");
  }
}

TEST_CASE("build: BUILD-03 names the interrupting building only when there is one",
          "[rules][build]") {
  SECTION("no opponent near: no interruption named") {
    const auto v = run(game(kRedRich + "  - {player: red, road: [2, 0, E]}\n"));
    CHECK(v.rule == "BUILD-03");
    CHECK_THAT(v.message, !Catch::Contains("interrupts"));
  }
  SECTION("blue's settlement [0, -2, S] cuts red's road [-1, -1, E] off") {
    const auto v = run(game(kRedRich + "  - {player: red, road: [-1, -1, E]}\n"
                                       "  - {player: red, road: [0, -2, SE]}\n"));
    CHECK(v.rule == "BUILD-03");
    CHECK_THAT(v.message, Catch::Contains("blue's settlement at") && Catch::Contains("interrupts"));
  }
}

// ---------------------------------------------------------------- BUILD-04

namespace {
// Red builds [1, -2, E] and [1, -2, NE] on turn 1; blue's 11 on turn 2 gives red the lumber
// for a settlement, built on turn 5 (action 29). Actions 17-28.
const std::string kRedTwoRoadsThenTurn5 = kRedRich +
                                          "  - {player: red, road: [1, -2, E]}\n"
                                          "  - {player: red, road: [1, -2, NE]}\n"
                                          "  - {player: red, end: turn}\n"
                                          "  - {player: blue, roll: [5, 6]}\n"
                                          "  - {player: blue, end: turn}\n"
                                          "  - {player: white, roll: [6, 6]}\n"
                                          "  - {player: white, end: turn}\n"
                                          "  - {player: orange, roll: [6, 6]}\n"
                                          "  - {player: orange, end: turn}\n"
                                          "  - {player: red, roll: [1, 1], expect: {hands: {red: "
                                          "{wool: 2, brick: 1, lumber: 1, grain: 1}}}}\n";
}  // namespace

TEST_CASE("build: a settlement at the end of the builder's road is accepted (BUILD-04)",
          "[rules][build]") {
  SECTION("at the end of a dead-end road") {
    CHECK_ACCEPTED(game(kRedRich + "  - {player: red, road: [1, -2, E]}\n"
                                   "  - {player: red, settlement: [1, -2, NE]}\n"));
  }
  SECTION("between two of the builder's roads, mid-route (D-17)") {
    CHECK_ACCEPTED(game(kRedTwoRoadsThenTurn5 + "  - {player: red, settlement: [1, -2, NE]}\n"));
  }
}

TEST_CASE("build: a settlement no road of the builder reaches is BUILD-04", "[rules][build]") {
  SECTION("an empty, well-spaced corner") {
    const std::string y = game(
        "  - {player: red, roll: [1, 1]}\n"
        "  - {player: red, trade: {with: white, give: {wool: 1}, get: {lumber: 1, grain: 1}}}\n"
        "  - {player: red, settlement: [2, 0, S]}\n");
    CHECK_VIOLATION(y, "BUILD-04", kSetupActions + 3, "{player: red, settlement: [2, 0, S]}");
  }
  SECTION("one path beyond the end of the builder's road") {
    // [1, -2, E] ends at [1, -2, NE]; [1, -2, N] is the next corner along the coast.
    const std::string y = game(kRedRich +
                               "  - {player: red, road: [1, -2, E]}\n"
                               "  - {player: red, settlement: [1, -2, N]}\n");
    CHECK_VIOLATION(y, "BUILD-04", kSetupActions + 4, "{player: red, settlement: [1, -2, N]}");
  }
}

// ---------------------------------------------------------------- BUILD-05

TEST_CASE("build: a settlement two paths from every building is accepted (BUILD-05)",
          "[rules][build]") {
  // [1, -2, NE] is two paths from red's own [1, -2, S].
  CHECK_ACCEPTED(game(kRedRich + "  - {player: red, road: [1, -2, E]}\n"
                                 "  - {player: red, settlement: [1, -2, NE]}\n"));
}

TEST_CASE("build: a settlement next to any building is BUILD-05", "[rules][build]") {
  SECTION("next to the builder's own settlement") {
    // [1, -1, N], the end of red's set-up road, is next to red's [1, -2, S].
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, settlement: [1, -1, N]}\n"), "BUILD-05",
                    kSetupActions + 3, "{player: red, settlement: [1, -1, N]}");
  }
  SECTION("next to an opponent's settlement") {
    // [2, -2, S] is next to blue's [1, 0, N].
    const std::string y = game(kRedRich +
                               "  - {player: red, road: [1, -1, NE]}\n"
                               "  - {player: red, settlement: [2, -2, S]}\n");
    CHECK_VIOLATION(y, "BUILD-05", kSetupActions + 4, "{player: red, settlement: [2, -2, S]}");
  }
}

// ---------------------------------------------------------------- BUILD-06

TEST_CASE("build: coastal intersections are legal (BUILD-06)", "[rules][build]") {
  SECTION("a paid settlement on a corner with two land hexes, named through a sea hex") {
    CHECK_ACCEPTED(game(kRedRich +
                        "  - {player: red, road: [1, -2, E]}\n"
                        "  - {player: red, settlement: [2, -3, S], expect: {vp: {red: 3}}}\n"));
  }
  SECTION("a paid settlement on a corner with one land hex") {
    CHECK_ACCEPTED(game(kRedTwoRoadsThenTurn5 + "  - {player: red, settlement: [1, -2, N]}\n"));
  }
  SECTION("a set-up settlement on a corner with one land hex yields one card") {
    // red places [1, -2, S] first and [0, -2, N] (= [0, -3, SE], mountains only) second.
    const std::string first =
        "  - {player: red, settlement: [0, -1, S]}\n  - {player: red, road: [0, -1, SW]}\n";
    const std::string second =
        "  - {player: red, settlement: [1, -2, S]}\n  - {player: red, road: [1, -2, SE]}\n";
    std::string s =
        replace_once(setup(), second,
                     "  - {player: red, settlement: [0, -3, SE], gains: {red: {ore: 1}}}\n"
                     "  - {player: red, road: [0, -2, NE]}\n");
    s = replace_once(s, first, second);
    CHECK_ACCEPTED(header() + s +
                   "  - {player: red, roll: [1, 1], expect: {hands: {red: {ore: 1, wool: 1}}}}\n");
  }
}

// ---------------------------------------------------------------- BUILD-07

TEST_CASE("build: a city replaces the builder's own settlement (BUILD-07)", "[rules][build]") {
  SECTION("named canonically") {
    CHECK_ACCEPTED(
        game(kBlueCanUpgrade + "  - {player: blue, city: [0, -2, S], expect: {vp: {blue: 3}}}\n"));
  }
  SECTION("named by an alias") {
    CHECK_ACCEPTED(game(kBlueCanUpgrade +
                        "  - {player: blue, city: [-1, -1, NE], expect: {vp: {blue: 3}}}\n"));
  }
}

TEST_CASE("build: a city anywhere but on the builder's own settlement is BUILD-07",
          "[rules][build]") {
  SECTION("on another player's settlement") {
    CHECK_VIOLATION(game(kBlueCanUpgrade + "  - {player: blue, city: [0, -1, S]}\n"), "BUILD-07",
                    kSetupActions + 5, "{player: blue, city: [0, -1, S]}");
  }
  SECTION("on an empty corner") {
    CHECK_VIOLATION(game(kBlueCanUpgrade + "  - {player: blue, city: [2, 0, S]}\n"), "BUILD-07",
                    kSetupActions + 5, "{player: blue, city: [2, 0, S]}");
  }
  SECTION("on the end of the builder's own road") {
    CHECK_VIOLATION(game(kBlueCanUpgrade + "  - {player: blue, city: [2, -2, S]}\n"), "BUILD-07",
                    kSetupActions + 5, "{player: blue, city: [2, -2, S]}");
  }
}

// ---------------------------------------------------------------- BUILD-08

namespace {

// Red builds settlements A [1, -2, NE] (turn 1), C [2, -2, NE] (turn 5) and D [2, -1, NE]
// (turn 9): five on the board at action 45 (and Longest Road, 6 roads from [1, -2, S]); the
// roads to E [2, 0, NE] follow (actions 46-47) and red still holds a settlement's cost. Production
// and trades supply 11 lumber, 11 brick, 4 wool and 4 grain.
const std::string kRedFiveSettlements =
    "  - {player: red, roll: [3, 3]}\n"
    "  - {player: red, trade: {with: white, give: {wool: 1}, get: {lumber: 2, grain: 2}}}\n"
    "  - {player: red, road: [1, -2, E]}\n"
    "  - {player: red, settlement: [1, -2, NE], expect: {hands: {red: {brick: 1, grain: 1}}}}\n"
    "  - {player: red, end: turn}\n"
    "  - {player: blue, roll: [1, 2]}\n"
    "  - {player: blue, end: turn}\n"
    "  - {player: white, roll: [2, 4]}\n"
    "  - {player: white, end: turn}\n"
    "  - {player: orange, roll: [5, 6]}\n"
    "  - {player: orange, end: turn}\n"
    "  - {player: red, roll: [4, 2]}\n"
    "  - {player: red, trade: {with: blue, give: {grain: 1}, get: {lumber: 1, brick: 4}}}\n"
    "  - {player: red, trade: {with: white, give: {brick: 1}, get: {wool: 1, grain: 2, lumber: "
    "1}}}\n"
    "  - {player: red, trade: {with: orange, give: {brick: 1}, get: {grain: 5, wool: 2, lumber: "
    "1}}}\n"
    "  - {player: red, road: [2, -2, NW]}\n"
    "  - {player: red, road: [2, -2, NE]}\n"
    "  - {player: red, settlement: [2, -2, NE]}\n"
    "  - {player: red, road: [2, -2, E], expect: {hands: {red: {brick: 3, wool: 2, grain: 6}}}}\n"
    "  - {player: red, end: turn}\n"
    "  - {player: blue, roll: [5, 6]}\n"
    "  - {player: blue, end: turn}\n"
    "  - {player: white, roll: [4, 5]}\n"
    "  - {player: white, end: turn}\n"
    "  - {player: orange, roll: [3, 6]}\n"
    "  - {player: orange, end: turn}\n"
    "  - {player: red, roll: [1, 5]}\n"
    "  - {player: red, road: [2, -1, NE]}\n"
    "  - {player: red, settlement: [2, -1, NE], expect: {vp: {red: 7}, longest-road: red}}\n"
    "  - {player: red, road: [2, -1, E]}\n"
    "  - {player: red, road: [2, 0, NE], expect: {hands: {red: {brick: 1, wool: 1, grain: 5, "
    "lumber: 1}}}}\n";

}  // namespace

TEST_CASE("build: up to 5 settlements, and a city frees a settlement piece (BUILD-08)",
          "[rules][build]") {
  SECTION("the fifth settlement") { CHECK_ACCEPTED(game(kRedFiveSettlements)); }
  SECTION("a sixth after upgrading one to a city") {
    // Two more 10s give blue 2 more ore; red buys blue's 3 ore on turn 13.
    CHECK_ACCEPTED(game(kRedFiveSettlements +
                        "  - {player: red, end: turn}\n"
                        "  - {player: blue, roll: [4, 6]}\n"
                        "  - {player: blue, end: turn}\n"
                        "  - {player: white, roll: [1, 1]}\n"
                        "  - {player: white, end: turn}\n"
                        "  - {player: orange, roll: [5, 5]}\n"
                        "  - {player: orange, end: turn}\n"
                        "  - {player: red, roll: [6, 6]}\n"
                        "  - {player: red, trade: {with: blue, give: {grain: 1}, get: {ore: 3}}}\n"
                        "  - {player: red, city: [0, -1, S]}\n"
                        "  - {player: red, settlement: [2, 0, NE], expect: {vp: {red: 9}}}\n"));
  }
}

TEST_CASE("build: a sixth settlement on the board is BUILD-08", "[rules][build]") {
  const std::string y = game(kRedFiveSettlements + "  - {player: red, settlement: [2, 0, NE]}\n");
  CHECK_VIOLATION(y, "BUILD-08", kSetupActions + 32, "{player: red, settlement: [2, 0, NE]}");
}

// ---------------------------------------------------------------- BUILD-09

TEST_CASE("build: the active player builds as often as the cards allow (BUILD-09)",
          "[rules][build]") {
  CHECK_ACCEPTED(game(kRedRich + "  - {player: red, road: [1, -2, E]}\n"
                                 "  - {player: red, settlement: [1, -2, NE]}\n"
                                 "  - {player: red, end: turn}\n"));
}

// RULES.md's example is "✗ BUILD-09 / TURN-06"; turn ownership is checked first (section 4),
// so the engine reports TURN-06.
TEST_CASE("build: building on another player's turn is rejected as TURN-06 (BUILD-09)",
          "[rules][build]") {
  SECTION("a road") {
    const std::string y = game(kRedRich + "  - {player: white, road: [-2, 1, W]}\n");
    CHECK_VIOLATION(y, "TURN-06", kSetupActions + 3, "{player: white, road: [-2, 1, W]}");
  }
  SECTION("a city") {
    const std::string y =
        game("  - {player: red, roll: [1, 1]}\n  - {player: blue, city: [0, -2, S]}\n");
    CHECK_VIOLATION(y, "TURN-06", kSetupActions + 2, "{player: blue, city: [0, -2, S]}");
  }
}

// ---------------------------------------------------------------- BUILD-10

TEST_CASE("build: a road on an empty path is accepted (BUILD-10)", "[rules][build]") {
  CHECK_ACCEPTED(game(kRedRich + "  - {player: red, road: [1, -1, NE]}\n"));
}

TEST_CASE("build: a second piece on a path or intersection is BUILD-10", "[rules][build]") {
  SECTION("a road on another player's road") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, road: [1, -1, E]}\n"), "BUILD-10",
                    kSetupActions + 3, "{player: red, road: [1, -1, E]}");
  }
  SECTION("a road on another player's road, named by an alias") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, road: [2, -1, W]}\n"), "BUILD-10",
                    kSetupActions + 3, "{player: red, road: [2, -1, W]}");
  }
  SECTION("a road on the builder's own road") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, road: [1, -1, NW]}\n"), "BUILD-10",
                    kSetupActions + 3, "{player: red, road: [1, -1, NW]}");
  }
  SECTION("a settlement on another player's settlement") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, settlement: [1, 0, S]}\n"), "BUILD-10",
                    kSetupActions + 3, "{player: red, settlement: [1, 0, S]}");
  }
  SECTION("a settlement on the builder's own settlement") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, settlement: [1, -1, NW]}\n"), "BUILD-10",
                    kSetupActions + 3, "{player: red, settlement: [1, -1, NW]}");
  }
}

// ---------------------------------------------------------------- COMP-09

TEST_CASE("build: corners and paths named through sea hexes resolve to the island (COMP-09)",
          "[rules][build]") {
  SECTION("a road and a settlement named from the sea") {
    // [2, -2, W] is the path [1, -2, E]; [2, -3, S] is the corner [1, -2, NE].
    CHECK_ACCEPTED(game(kRedRich + "  - {player: red, road: [2, -2, W]}\n"
                                   "  - {player: red, settlement: [2, -3, S]}\n"));
  }
  SECTION("a set-up settlement named by an alias") {
    CHECK_ACCEPTED(header() + replace_once(setup(), "{player: blue, settlement: [0, -2, S]}",
                                           "{player: blue, settlement: [-1, -1, NE]}"));
  }
}

TEST_CASE("build: a corner or path off the island is COMP-09", "[rules][build]") {
  SECTION("a set-up settlement") {
    const std::string y = header() + replace_once(setup(), "{player: red, settlement: [0, -1, S]}",
                                                  "{player: red, settlement: [5, 5, N]}");
    CHECK_VIOLATION(y, "COMP-09", 1, "{player: red, settlement: [5, 5, N]}");
  }
  SECTION("a set-up road between two sea hexes") {
    const std::string y = header() + replace_once(setup(), "{player: red, road: [0, -1, SW]}",
                                                  "{player: red, road: [3, -3, NE]}");
    CHECK_VIOLATION(y, "COMP-09", 2, "{player: red, road: [3, -3, NE]}");
  }
  SECTION("a road") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, road: [3, -3, NE]}\n"), "COMP-09",
                    kSetupActions + 3, "{player: red, road: [3, -3, NE]}");
  }
  SECTION("a settlement") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, settlement: [3, -3, N]}\n"), "COMP-09",
                    kSetupActions + 3, "{player: red, settlement: [3, -3, N]}");
  }
  SECTION("a city") {
    CHECK_VIOLATION(game(kRedRich + "  - {player: red, city: [4, -4, S]}\n"), "COMP-09",
                    kSetupActions + 3, "{player: red, city: [4, -4, S]}");
  }
}

// ---------------------------------------------------------------- ROBBER-09

TEST_CASE("build: building next to the robber is accepted (ROBBER-09)", "[rules][build]") {
  // Blue's 7 puts the robber on the pasture 2 [1, -2] and steals red's brick; on turn 5 red
  // builds on a corner of that hex.
  const std::string body = kRedRich +
                           "  - {player: red, road: [1, -2, E]}\n"
                           "  - {player: red, end: turn}\n"
                           "  - {player: blue, roll: [3, 4]}\n"
                           "  - {player: blue, robber: [1, -2], steal: {from: red, card: brick}}\n"
                           "  - {player: blue, end: turn}\n"
                           "  - {player: white, roll: [1, 2]}\n"
                           "  - {player: white, end: turn}\n"
                           "  - {player: orange, roll: [2, 1]}\n"
                           "  - {player: orange, end: turn}\n"
                           "  - {player: red, roll: [6, 6], expect: {robber: [1, -2], hands: {red: "
                           "{wool: 1, brick: 1, lumber: 1, grain: 1}}}}\n";
  SECTION("a settlement on a corner of the robber's hex") {
    CHECK_ACCEPTED(
        game(body + "  - {player: red, settlement: [1, -2, NE], expect: {vp: {red: 3}}}\n"));
  }
  SECTION("a road along the robber's hex") {
    CHECK_ACCEPTED(game(body + "  - {player: red, road: [1, -2, NE]}\n"));
  }
}
