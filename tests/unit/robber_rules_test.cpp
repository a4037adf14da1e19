// The 7 and the robber (RULES.md ROBBER-01..09, D-03, D-05): every rule once kept and once
// broken, on the fixture board after the fixture set-up.
//
// After the set-up: red {wool 2, brick 1}, blue {ore 1, grain 1, brick 1}, white {lumber 2,
// grain 1}, orange {grain 2, wool 1}. A 10 gives only blue (ore 1 + brick 1), so three 10s
// leave blue with 9 cards. Hexes touched: [0,-2] blue only, [1,-2] red only, [0,1] orange only,
// [0,0] (the desert) red only.
#include <catch2/catch.hpp>
#include <string>

#include "fixture.hpp"
#include "log_builder.hpp"

namespace {

using catan::diag::Status;
using catan::test::Verdict;

using catan::test::dice;
using catan::test::kNames;
using catan::test::Log;

// Turns 1-3 roll 10, 10 and `third`; orange (turn 4) then rolls a 7 as action 23.
// third = 10: blue holds 9 {ore 4, grain 1, brick 4}; 12: 8 {ore 3, grain 2, brick 3};
// 9: 7 {ore 3, grain 1, brick 3} (the 9 gives white a grain).
Log seven_on_turn_4(int third = 10) {
  Log g;
  g.pass(10);
  g.pass(10);
  g.pass(third);
  g.roll(7);
  REQUIRE(g.count == 23);
  return g;
}

}  // namespace

TEST_CASE("robber: a 7 makes each player above seven cards discard half, rounded down",
          "[rules][robber]") {
  SECTION("nine cards: blue discards four, then orange moves and steals") {
    Log g = seven_on_turn_4(10);
    g.add("blue", "discard: {ore: 2, brick: 2}, expect: {cards: {blue: 5}}");
    g.add("orange",
          "robber: [0, -2], steal: {from: blue, card: ore}, expect: {hands: {blue: "
          "{ore: 1, grain: 1, brick: 2}, orange: {grain: 2, wool: 1, ore: 1}}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("eight cards: four") {
    Log g = seven_on_turn_4(12);
    g.add("blue", "discard: {ore: 1, grain: 1, brick: 2}");
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: ore}");
    CHECK_LEGAL(g.run());
  }
  SECTION("seven cards: none, the robber moves at once") {
    Log g = seven_on_turn_4(9);
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: brick}");
    g.end();
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE(
    "robber: ROBBER-01 a discard of the wrong size, by the wrong player or of cards not "
    "held",
    "[rules][robber]") {
  SECTION("nine cards, three discarded") {
    Log g = seven_on_turn_4(10);
    const int n = g.add("blue", "discard: {ore: 3}");
    CHECK_BROKEN(g.run(), "ROBBER-01", n, g.line("discard: {ore: 3}"));
  }
  SECTION("nine cards, five discarded") {
    Log g = seven_on_turn_4(10);
    const int n = g.add("blue", "discard: {ore: 3, brick: 2}");
    CHECK_BROKEN(g.run(), "ROBBER-01", n, g.line("discard: {ore: 3, brick: 2}"));
  }
  SECTION("a player holding exactly seven discards one") {
    Log g = seven_on_turn_4(9);
    const int n = g.add("blue", "discard: {ore: 1}");
    CHECK_BROKEN(g.run(), "ROBBER-01", n, g.line("discard: {ore: 1}"));
  }
  SECTION("a player holding three discards while blue still owes") {
    Log g = seven_on_turn_4(10);
    const int n = g.add("red", "discard: {wool: 1}");
    CHECK_BROKEN(g.run(), "ROBBER-01", n, g.line("discard: {wool: 1}"));
  }
  SECTION("the right count of cards blue does not hold") {
    Log g = seven_on_turn_4(10);
    const int n = g.add("blue", "discard: {lumber: 4}");
    CHECK_BROKEN(g.run(), "ROBBER-01", n, g.line("discard: {lumber: 4}"));
  }
  SECTION("a discard without a 7") {
    Log g;
    g.roll(10);
    const int n = g.add("blue", "discard: {ore: 1}");
    CHECK_BROKEN(g.run(), "ROBBER-01", n, g.line("discard: {ore: 1}"));
  }
}

TEST_CASE("robber: ROBBER-02 every discard comes before the robber, and only once",
          "[rules][robber]") {
  SECTION("kept: the discard, then the robber") {
    Log g = seven_on_turn_4(10);
    g.add("blue", "discard: {ore: 4}");
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: brick}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("the robber moves while blue still owes four") {
    Log g = seven_on_turn_4(10);
    const int n = g.add("orange", "robber: [0, -2], steal: {from: blue, card: brick}");
    CHECK_BROKEN(g.run(), "ROBBER-02", n, g.line("robber: [0, -2]"));
  }
  SECTION("blue discards a second time for the same 7") {
    Log g = seven_on_turn_4(10);
    g.add("blue", "discard: {ore: 2, brick: 2}");
    const int n = g.add("blue", "discard: {grain: 1}");
    CHECK_BROKEN(g.run(), "ROBBER-02", n, g.line("discard: {grain: 1}"));
  }
}

TEST_CASE("robber: ROBBER-03 the robber moves to another land hex (D-03 desert allowed)",
          "[rules][robber]") {
  SECTION("kept: onto another hex") {
    Log g = seven_on_turn_4(9);
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: ore}, expect: {robber: [0, -2]}");
    CHECK_LEGAL(g.run());
  }
  SECTION("left on the desert where it stands") {
    Log g = seven_on_turn_4(9);
    const int n = g.add("orange", "robber: [0, 0]");
    CHECK_BROKEN(g.run(), "ROBBER-03", n, g.line("orange, robber: [0, 0]"));
  }
  SECTION("moved off the island") {
    Log g = seven_on_turn_4(9);
    const int n = g.add("orange", "robber: [3, 0]");
    CHECK_BROKEN(g.run(), "ROBBER-03", n, g.line("robber: [3, 0]"));
  }
  SECTION("moved without a 7 or a knight") {
    Log g;
    g.roll(10);
    const int n = g.act("robber: [0, -2], steal: {from: blue, card: ore}");
    CHECK_BROKEN(g.run(), "ROBBER-03", n, g.line("robber: [0, -2]"));
  }
  // Back to the desert on the next 7: red is the only one on [0, 0], so nobody can be robbed.
  auto back_to_desert = [](const std::string& rules) {
    Log g(rules);
    g.pass(10);
    g.pass(10);
    g.pass(9);
    g.roll(7);
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: ore}");
    g.end();
    g.roll(7);  // red, turn 5: nobody holds more than 7
    return g;
  };
  SECTION("back to the desert: allowed by default") {
    Log g = back_to_desert("");
    g.act("robber: [0, 0], expect: {robber: [0, 0]}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("back to the desert: `robber-desert: forbidden`") {
    Log g = back_to_desert("{robber-desert: forbidden}");
    const int n = g.act("robber: [0, 0], expect: {robber: [0, 0]}");
    CHECK_BROKEN(g.run(), "ROBBER-03", n, g.line("red, robber: [0, 0]"));
  }
}

TEST_CASE("robber: ROBBER-04 one card from an adjacent opponent who holds it (D-05)",
          "[rules][robber]") {
  SECTION("kept") {
    Log g = seven_on_turn_4(10);
    g.add("blue", "discard: {ore: 2, brick: 2}");
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: grain}");
    CHECK_LEGAL(g.run());
  }
  SECTION("from a player with no building on the hex") {
    Log g = seven_on_turn_4(10);
    g.add("blue", "discard: {ore: 2, brick: 2}");
    const int n = g.add("orange", "robber: [0, -2], steal: {from: white, card: lumber}");
    CHECK_BROKEN(g.run(), "ROBBER-04", n, g.line("steal: {from: white"));
  }
  SECTION("a card the victim does not hold") {
    Log g = seven_on_turn_4(10);
    g.add("blue", "discard: {ore: 2, brick: 2}");
    const int n = g.add("orange", "robber: [0, -2], steal: {from: blue, card: wool}");
    CHECK_BROKEN(g.run(), "ROBBER-04", n, g.line("card: wool"));
  }
  SECTION("no steal although blue is on the hex and holds cards (mandatory)") {
    Log g = seven_on_turn_4(10);
    g.add("blue", "discard: {ore: 2, brick: 2}");
    const int n = g.add("orange", "robber: [0, -2]");
    CHECK_BROKEN(g.run(), "ROBBER-04", n, g.line("robber: [0, -2]"));
  }
  SECTION("no steal under `robber-steal: optional`") {
    Log g("{robber-steal: optional}");
    g.pass(10);
    g.pass(10);
    g.pass(10);
    g.roll(7);
    g.add("blue", "discard: {ore: 2, brick: 2}");
    g.add("orange", "robber: [0, -2], expect: {cards: {blue: 5, orange: 3}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  // Red spends every card on turn 1, so red is on [1, -2] alone with an empty hand.
  auto red_empty = [] {
    Log g;
    g.roll(10);
    g.act("trade: {with: white, give: {wool: 2}, get: {lumber: 1}}");
    g.act("road: [0, -1, SE], expect: {cards: {red: 0}}");
    g.end();
    g.pass(10);
    g.pass(10);
    g.roll(7);
    g.add("blue", "discard: {ore: 2, brick: 2}");
    return g;
  };
  SECTION("from an empty hand") {
    Log g = red_empty();
    const int n = g.add("orange", "robber: [1, -2], steal: {from: red, card: wool}");
    CHECK_BROKEN(g.run(), "ROBBER-04", n, g.line("steal: {from: red"));
  }
  SECTION("nobody to rob: no steal is kept") {
    Log g = red_empty();
    g.add("orange", "robber: [1, -2]");
    g.end();
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("robber: ROBBER-05 the mover never robs themself", "[rules][robber]") {
  SECTION("kept: orange alone on [0, 1], so no steal") {
    Log g = seven_on_turn_4(9);
    g.add("orange", "robber: [0, 1]");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("orange steals from orange") {
    Log g = seven_on_turn_4(9);
    const int n = g.add("orange", "robber: [0, 1], steal: {from: orange, card: grain}");
    CHECK_BROKEN(g.run(), "ROBBER-05", n, g.line("steal: {from: orange"));
  }
}

TEST_CASE("robber: ROBBER-08 only resource cards are stolen", "[rules][robber]") {
  SECTION("kept: a resource") {
    Log g = seven_on_turn_4(9);
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: grain}");
    CHECK_LEGAL(g.run());
  }
  SECTION("a knight named as the stolen card") {
    Log g = seven_on_turn_4(9);
    const int n = g.add("orange", "robber: [0, -2], steal: {from: blue, card: knight}");
    CHECK_BROKEN(g.run(), "ROBBER-08", n, g.line("card: knight"));
  }
}

namespace {
// Blue buys a knight on turn 2 and holds 9 cards when its turn 6 begins (action 33 next).
Log knight_with_nine_cards() {
  Log g;
  g.pass(4);  // blue +wool, red +wool, orange +2 grain
  g.roll(10);
  g.act("buy: knight");
  g.end();
  g.pass(10);
  g.pass(10);
  g.pass(10);
  g.act("play: knight, expect: {cards: {blue: 9}}");
  return g;
}
}  // namespace

TEST_CASE("robber: ROBBER-07 a knight moves the robber and steals, with no discards",
          "[rules][robber]") {
  SECTION("kept: blue holds 9 cards and nobody discards") {
    Log g = knight_with_nine_cards();
    g.act("robber: [1, -2], steal: {from: red, card: wool}, expect: {cards: {blue: 10}}");
    g.roll(10);
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("a discard after the knight") {
    Log g = knight_with_nine_cards();
    const int n = g.act("discard: {ore: 2, brick: 2}");
    CHECK_BROKEN(g.run(), "ROBBER-07", n, g.line("discard: {ore: 2, brick: 2}"));
  }
}

namespace {
// The fixture board with [-1, 0] forest 6 and [-1, 2] fields 11 swapped in, so that red's
// settlement [0, -1, S] touches two 6s: the hills [0, -1] and the forest [-1, 0] (white's
// [-2, 1, N] touches the forest too). Red rolls a 7 on turn 1 and robs the hills.
Log robber_on_the_hills() {
  std::string h = catan::test::header();
  auto swap = [&h](const std::string& from, const std::string& to) {
    const auto at = h.find(from);
    REQUIRE(at != std::string::npos);
    h.replace(at, from.size(), to);
  };
  swap("{at: [-1, 0], terrain: forest, number: 11}", "{at: [-1, 0], terrain: forest, number: 6}");
  swap("{at: [-1, 2], terrain: fields, number: 6}", "{at: [-1, 2], terrain: fields, number: 11}");
  Log g(h, true);
  g.roll(7);
  g.act("robber: [0, -1], steal: {from: blue, card: ore}");
  g.end();
  return g;
}
}  // namespace

TEST_CASE("robber: ROBBER-06 the robber blocks only its own hex", "[rules][robber]") {
  SECTION("kept: on a 6 the forest still yields red and white their lumber") {
    Log g = robber_on_the_hills();
    g.roll(6, ", gains: {red: {lumber: 1}, white: {lumber: 1}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("the log credits the robbed hills to red, who also has a road along them") {
    Log g = robber_on_the_hills();
    const int n = g.roll(6, ", gains: {red: {lumber: 1, brick: 2}, white: {lumber: 1}}");
    CHECK_BROKEN(g.run(), "PROD-01", n, g.line("brick: 2}"));
  }
  SECTION("the log credits the robbed hills to blue, who has no road there (PROD-01)") {
    Log g = robber_on_the_hills();
    const int n = g.roll(6, ", gains: {red: {lumber: 1}, blue: {brick: 1}, white: {lumber: 1}}");
    CHECK_BROKEN(g.run(), "PROD-01", n, g.line("blue: {brick: 1}"));
  }
  SECTION("the log denies red the forest") {
    Log g = robber_on_the_hills();
    const int n = g.roll(6, ", gains: {white: {lumber: 1}}");
    CHECK_BROKEN(g.run(), "ROBBER-06", n, g.line("gains: {white: {lumber: 1}}"));
  }
}

TEST_CASE("robber: ROBBER-09 the robber does not stop building beside it", "[rules][robber]") {
  Log g;
  g.roll(7);
  g.act("robber: [0, -1], steal: {from: blue, card: ore}");
  g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 1}}");
  g.act("road: [0, -1, SE], expect: {robber: [0, -1], hands: {red: {wool: 1, ore: 1}}}");
  g.end();
  g.roll(10, ", gains: {blue: {ore: 1, brick: 1}}");  // a 10 is not blocked by the robber
  CHECK_LEGAL(g.run());
}
