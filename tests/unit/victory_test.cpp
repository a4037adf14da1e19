// Victory: WIN-01 VP sources, WIN-02 the win on one's own turn ends the game, WIN-03 no win on
// another's turn (claims and `result.winner`), WIN-04 claims and reveals below the target
// (RULES.md section 1 WIN, D-09; LOG-FORMAT.md "The end of a game").
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

constexpr const char* kThreeVp = "{victory-points: 3}";

// Red's turn 1: a 6, a trade with white, a road and a settlement at [1, -2, NE] (action 20):
// red's third VP.
const std::string kRedThirdSettlement =
    "  - {player: red, roll: [3, 3]}\n"
    "  - {player: red, trade: {with: white, give: {wool: 1}, get: {lumber: 2, grain: 1}}}\n"
    "  - {player: red, road: [1, -2, E]}\n"
    "  - {player: red, settlement: [1, -2, NE]}\n";

// Red's turn 1: a 12, trades for an ore and a grain, and a victory point card (action 20).
const std::string kRedBuysVpCard =
    "  - {player: red, roll: [6, 6]}\n"
    "  - {player: red, trade: {with: blue, give: {brick: 1}, get: {ore: 1}}}\n"
    "  - {player: red, trade: {with: orange, give: {wool: 1}, get: {grain: 1}}}\n"
    "  - {player: red, buy: victory-point}\n";

// Blue upgrades [0, -2, S] to a city on turn 2 (action 21).
const std::string kBlueCity =
    "  - {player: red, roll: [4, 6]}\n"
    "  - {player: red, end: turn}\n"
    "  - {player: blue, roll: [5, 5]}\n"
    "  - {player: blue, trade: {with: orange, give: {brick: 1}, get: {grain: 1}}}\n"
    "  - {player: blue, city: [0, -2, S]}\n";

// A 3-player game to 5 VP on a board of its own where blue gains Longest Road on red's turn.
// Blue's trail runs along the top coast [0,-2,N] .. [2,-2,NE], white's along the bottom coast
// [0,2,SE] .. [-2,2,S]; white reaches 5 roads first (turn 6: Longest Road, 4 VP), blue ties at
// 5 and builds a third settlement (turn 8: 3 VP, white keeps the award). On turn 10 red's
// settlement [-1, 2, SE] (action 42) splits white's road: blue alone has 5 and takes the
// award, reaching 5 VP on red's turn.
const std::string kOffTurnLongestRoad = R"(format: catan-log/1
rules: {victory-points: 5}
players: [red, blue, white]
board:
  hexes:
    - {at: [0, -2], terrain: forest, number: 8}
    - {at: [1, -2], terrain: pasture, number: 2}
    - {at: [2, -2], terrain: hills, number: 8}
    - {at: [-1, -1], terrain: fields, number: 12}
    - {at: [0, -1], terrain: hills, number: 4}
    - {at: [1, -1], terrain: mountains, number: 3}
    - {at: [2, -1], terrain: pasture, number: 10}
    - {at: [-2, 0], terrain: fields, number: 9}
    - {at: [-1, 0], terrain: forest, number: 11}
    - {at: [0, 0], terrain: desert}
    - {at: [1, 0], terrain: mountains, number: 3}
    - {at: [2, 0], terrain: pasture, number: 9}
    - {at: [-2, 1], terrain: forest, number: 10}
    - {at: [-1, 1], terrain: mountains, number: 4}
    - {at: [0, 1], terrain: fields, number: 5}
    - {at: [1, 1], terrain: pasture, number: 5}
    - {at: [-2, 2], terrain: hills, number: 6}
    - {at: [-1, 2], terrain: fields, number: 11}
    - {at: [0, 2], terrain: forest, number: 6}
  harbors:
    - {at: [0, -2, NW], trade: "3:1"}
    - {at: [1, -2, NE], trade: wool}
    - {at: [2, -1, E], trade: "3:1"}
    - {at: [1, 1, E], trade: "3:1"}
    - {at: [0, 2, SE], trade: brick}
    - {at: [-1, 2, SW], trade: lumber}
    - {at: [-2, 1, W], trade: "3:1"}
    - {at: [-2, 0, NW], trade: grain}
    - {at: [-1, -1, NW], trade: ore}
  robber: [0, 0]
actions:
  - {player: red, settlement: [0, 1, SE]}
  - {player: red, road: [0, 1, SE]}
  - {player: blue, settlement: [0, -2, N]}
  - {player: blue, road: [0, -2, NE]}
  - {player: white, settlement: [0, 2, SE]}
  - {player: white, road: [0, 2, SE]}
  - {player: white, settlement: [-2, 2, S], gains: {white: {brick: 1}}}
  - {player: white, road: [-2, 2, SE]}
  - {player: blue, settlement: [2, -2, NE], gains: {blue: {brick: 1}}}
  - {player: blue, road: [2, -2, NE]}
  - {player: red, settlement: [-1, 0, N], gains: {red: {lumber: 1, grain: 1, brick: 1}}}
  - {player: red, road: [-1, 0, NE]}
  - {player: red, roll: [2, 4], gains: {red: {lumber: 1}, white: {lumber: 1, brick: 1}}}
  - {player: red, road: [-1, 2, E]}
  - {player: red, end: turn}
  - {player: blue, roll: [4, 4], gains: {blue: {lumber: 1, brick: 1}}}
  - {player: blue, road: [1, -2, NW]}
  - {player: blue, end: turn}
  - {player: white, roll: [3, 3]}
  - {player: white, road: [0, 2, SW]}
  - {player: white, road: [-1, 2, SE]}
  - {player: white, end: turn}
  - {player: red, roll: [1, 5]}
  - {player: red, end: turn}
  - {player: blue, roll: [2, 6]}
  - {player: blue, road: [1, -2, NE]}
  - {player: blue, end: turn}
  - {player: white, roll: [5, 1]}
  - {player: white, road: [-1, 2, SW], expect: {longest-road: white, vp: {white: 4}}}
  - {player: white, end: turn}
  - {player: red, roll: [2, 3]}
  - {player: red, end: turn}
  - {player: blue, roll: [1, 4]}
  - {player: blue, trade: {with: red, give: {brick: 1}, get: {lumber: 3, wool: 1, grain: 1}}}
  - {player: blue, trade: {with: white, give: {lumber: 1}, get: {brick: 2}}}
  - {player: blue, road: [2, -2, NW], expect: {longest-road: white}}
  - {player: blue, settlement: [1, -2, NE], expect: {vp: {blue: 3}}}
  - {player: blue, end: turn}
  - {player: white, roll: [1, 2]}
  - {player: white, end: turn}
  - {player: red, roll: [2, 1]}
  - {player: red, settlement: [-1, 2, SE], expect: {longest-road: blue, vp: {blue: 5, red: 3, white: 2}}}
)";
constexpr int kOffTurnActions = 42;

}  // namespace

#define CHECK_STATUS(yaml, expected)     \
  do {                                   \
    const auto v_ = run(yaml);           \
    INFO(v_.rule << ": " << v_.message); \
    CHECK(v_.status == (expected));      \
    CHECK(v_.rule.empty());              \
  } while (0)

// ---------------------------------------------------------------- WIN-01

TEST_CASE("victory: VP are settlements, cities x2, awards x2 and VP cards (WIN-01)",
          "[rules][victory]") {
  SECTION("two settlements each after the set-up") {
    CHECK_STATUS(game("  - {player: red, roll: [1, 1], expect: {vp: {red: 2, blue: 2, white: 2, "
                      "orange: 2}}}\n"),
                 Status::Incomplete);
  }
  SECTION("a third settlement") {
    CHECK_STATUS(
        game(kRedThirdSettlement + "  - {player: red, end: turn, expect: {vp: {red: 3}}}\n"),
        Status::Incomplete);
  }
  SECTION("a city counts 2 and replaces its settlement") {
    CHECK_STATUS(game(kBlueCity + "  - {player: blue, end: turn, expect: {vp: {blue: 3}}}\n"),
                 Status::Incomplete);
  }
  SECTION("a hidden victory point card") {
    CHECK_STATUS(game(kRedBuysVpCard + "  - {player: red, end: turn, expect: {vp: {red: 3}}}\n"),
                 Status::Incomplete);
  }
  SECTION("Longest Road") { CHECK_STATUS(kOffTurnLongestRoad, Status::Incomplete); }
}

TEST_CASE("victory: a VP count that miscounts a source is WIN-01", "[rules][victory]") {
  SECTION("a settlement counted twice") {
    const std::string y =
        game(kRedThirdSettlement + "  - {player: red, end: turn, expect: {vp: {red: 4}}}\n");
    CHECK_VIOLATION(y, "WIN-01", kSetupActions + 5, "{player: red, end: turn, expect:");
  }
  SECTION("a city counted 3") {
    const std::string y =
        game(kBlueCity + "  - {player: blue, end: turn, expect: {vp: {blue: 4}}}\n");
    CHECK_VIOLATION(y, "WIN-01", kSetupActions + 6, "{player: blue, end: turn, expect:");
  }
  SECTION("the city's settlement still counted") {
    const std::string y =
        game(kBlueCity + "  - {player: blue, end: turn, expect: {vp: {blue: 5}}}\n");
    CHECK_VIOLATION(y, "WIN-01", kSetupActions + 6, "{player: blue, end: turn, expect:");
  }
  SECTION("a hidden victory point card left out") {
    const std::string y =
        game(kRedBuysVpCard + "  - {player: red, end: turn, expect: {vp: {red: 2}}}\n");
    CHECK_VIOLATION(y, "WIN-01", kSetupActions + 5, "{player: red, end: turn, expect:");
  }
  SECTION("roads counted") {
    const std::string y = game("  - {player: red, roll: [1, 1], expect: {vp: {red: 4}}}\n");
    CHECK_VIOLATION(y, "WIN-01", kSetupActions + 1, "{player: red, roll: [1, 1], expect:");
  }
  SECTION("Longest Road left out") {
    std::string y = kOffTurnLongestRoad;
    y.replace(y.find("expect: {longest-road: white, vp: {white: 4}}"),
              std::string("expect: {longest-road: white, vp: {white: 4}}").size(),
              "expect: {longest-road: white, vp: {white: 2}}");
    CHECK_VIOLATION(y, "WIN-01", 29, "{player: white, road: [-1, 2, SW]");
  }
}

// ---------------------------------------------------------------- WIN-02

TEST_CASE("victory: reaching the target on one's own turn ends the game (WIN-02)",
          "[rules][victory]") {
  SECTION("by a settlement") {
    CHECK_STATUS(game(kRedThirdSettlement, kThreeVp), Status::Legal);
    CHECK_STATUS(game(kRedThirdSettlement + "result: {winner: red}\n", kThreeVp), Status::Legal);
  }
  SECTION("by a hidden victory point card, revealed and claimed after the end") {
    CHECK_STATUS(game(kRedBuysVpCard + "  - {player: red, reveal: 1}\n"
                                       "  - {player: red, claim: win}\n"
                                       "result: {winner: red}\n",
                      kThreeVp),
                 Status::Legal);
  }
  SECTION("at the start of the turn of a player who reached it on another's turn") {
    CHECK_STATUS(kOffTurnLongestRoad +
                     "  - {player: red, end: turn}\n"
                     "result: {winner: blue}\n",
                 Status::Legal);
  }
  SECTION("under win-detection: declared, at the claim") {
    CHECK_STATUS(game(kRedThirdSettlement + "  - {player: red, end: turn}\n"
                                            "  - {player: blue, roll: [1, 1]}\n"
                                            "  - {player: blue, end: turn}\n"
                                            "  - {player: white, roll: [1, 1]}\n"
                                            "  - {player: white, end: turn}\n"
                                            "  - {player: orange, roll: [1, 1]}\n"
                                            "  - {player: orange, end: turn}\n"
                                            "  - {player: red, claim: win}\n"
                                            "result: {winner: red}\n",
                      "{victory-points: 3, win-detection: declared}"),
                 Status::Legal);
  }
}

TEST_CASE("victory: a result naming someone other than the winner is WIN-02", "[rules][victory]") {
  SECTION("red won, the result names blue") {
    const std::string y = game(kRedThirdSettlement + "result: {winner: blue}\n", kThreeVp);
    CHECK_VIOLATION(y, "WIN-02", 0, "result: {winner: blue}");
  }
  SECTION("nobody won, the result names red") {
    const std::string y =
        game(kRedThirdSettlement + "  - {player: red, end: turn}\nresult: {winner: red}\n");
    CHECK_VIOLATION(y, "WIN-02", 0, "result: {winner: red}");
  }
  SECTION("blue won at the start of its turn, the result names white") {
    const std::string y =
        kOffTurnLongestRoad + "  - {player: red, end: turn}\nresult: {winner: white}\n";
    CHECK_VIOLATION(y, "WIN-02", 0, "result: {winner: white}");
  }
}

// ---------------------------------------------------------------- WIN-03

TEST_CASE("victory: a win counts on the winner's own turn (WIN-03)", "[rules][victory]") {
  SECTION("blue, at the target since red's turn, wins when red ends the turn and claims it") {
    CHECK_STATUS(kOffTurnLongestRoad +
                     "  - {player: red, end: turn}\n"
                     "  - {player: blue, claim: win}\n"
                     "result: {winner: blue}\n",
                 Status::Legal);
  }
  SECTION("the active player at the target claims") {
    CHECK_STATUS(game(kRedThirdSettlement + "  - {player: red, claim: win}\n", kThreeVp),
                 Status::Legal);
  }
}

TEST_CASE("victory: a win claimed or recorded off the winner's turn is WIN-03",
          "[rules][victory]") {
  SECTION("blue claims on red's turn") {
    const std::string y = game("  - {player: red, roll: [1, 1]}\n  - {player: blue, claim: win}\n");
    CHECK_VIOLATION(y, "WIN-03", kSetupActions + 2, "{player: blue, claim: win}");
  }
  SECTION("blue, at the target, claims on red's turn") {
    const std::string y = kOffTurnLongestRoad + "  - {player: blue, claim: win}\n";
    CHECK_VIOLATION(y, "WIN-03", kOffTurnActions + 1, "{player: blue, claim: win}");
  }
  SECTION("the result names blue, who reached the target only on red's turn") {
    const std::string y = kOffTurnLongestRoad + "result: {winner: blue}\n";
    CHECK_VIOLATION(y, "WIN-03", 0, "result: {winner: blue}");
  }
  SECTION("another player claims after red has won") {
    const std::string y =
        game(kRedThirdSettlement + "  - {player: orange, claim: win}\n", kThreeVp);
    CHECK_VIOLATION(y, "WIN-03", kSetupActions + 5, "{player: orange, claim: win}");
  }
}

// TURN-07 where the game ends at an `end: turn` (LOG-FORMAT.md "The end of a game").
TEST_CASE("victory: after the end: turn that makes blue the winner, only blue's claim follows",
          "[rules][victory]") {
  SECTION("white rolls") {
    const std::string y = kOffTurnLongestRoad +
                          "  - {player: red, end: turn}\n"
                          "  - {player: white, roll: [1, 1]}\n";
    CHECK_VIOLATION(y, "TURN-07", kOffTurnActions + 2, "{player: white, roll: [1, 1]}");
  }
  SECTION("blue rolls") {
    const std::string y = kOffTurnLongestRoad +
                          "  - {player: red, end: turn}\n"
                          "  - {player: blue, roll: [1, 1]}\n";
    CHECK_VIOLATION(y, "TURN-07", kOffTurnActions + 2, "{player: blue, roll: [1, 1]}");
  }
}

// ---------------------------------------------------------------- WIN-04

TEST_CASE("victory: claims and reveals at the target are accepted (WIN-04)", "[rules][victory]") {
  SECTION("declared: a claim at the target ends the game") {
    CHECK_STATUS(game(kRedThirdSettlement + "  - {player: red, claim: win}\n",
                      "{victory-points: 3, win-detection: declared}"),
                 Status::Legal);
  }
  SECTION("declared: a reveal that shows the target ends the game") {
    CHECK_STATUS(game(kRedBuysVpCard + "  - {player: red, reveal: 1}\nresult: {winner: red}\n",
                      "{victory-points: 3, win-detection: declared}"),
                 Status::Legal);
  }
  SECTION("a reveal below the target is only a warning") {
    const auto v =
        run(game(kRedBuysVpCard + "  - {player: red, reveal: 1}\n  - {player: red, end: turn}\n"));
    CHECK(v.status == Status::Incomplete);
    CHECK(v.rule.empty());
    CHECK(v.warnings == 1);
    CHECK(v.first_warning_rule == "WIN-04");
  }
}

TEST_CASE("victory: a claim below the target is WIN-04", "[rules][victory]") {
  SECTION("before the roll") {
    CHECK_VIOLATION(game("  - {player: red, claim: win}\n"), "WIN-04", kSetupActions + 1,
                    "{player: red, claim: win}");
  }
  SECTION("with 3 of 10 VP") {
    const std::string y = game(kRedThirdSettlement + "  - {player: red, claim: win}\n");
    CHECK_VIOLATION(y, "WIN-04", kSetupActions + 5, "{player: red, claim: win}");
  }
  SECTION("declared: one VP short") {
    const std::string y = game(kRedBuysVpCard + "  - {player: red, claim: win}\n",
                               "{victory-points: 4, win-detection: declared}");
    CHECK_VIOLATION(y, "WIN-04", kSetupActions + 5, "{player: red, claim: win}");
  }
}
