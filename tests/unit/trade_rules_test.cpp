// Trading (RULES.md TRADE-01..12, D-10, D-13, TURN-04 under D-04): every rule once kept and
// once broken, on the fixture board after the fixture set-up.
//
// After the set-up: red {wool 2, brick 1}, blue {ore 1, grain 1, brick 1}, white {lumber 2,
// grain 1}, orange {grain 2, wool 1}; nobody is on a harbor, so every rate is 4:1. A roll of
// 4 gives red and blue a wool and orange 2 grain; 10 gives blue ore + brick; 8 gives white a
// lumber; 11 gives red and white a lumber and orange a wool.
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

// Turn 1: red rolls 4 (action 17): red {wool 3, brick 1}, blue {ore 1, grain 1, brick 1,
// wool 1}, white {lumber 2, grain 1}, orange {grain 4, wool 1}.
Log red_after_a_4(const std::string& rules = "") {
  Log g(rules);
  g.roll(4);
  return g;
}

// As red_after_a_4, then red buys orange's wool: red {wool 4}.
Log red_with_four_wool(const std::string& rules = "") {
  Log g = red_after_a_4(rules);
  g.act(
      "trade: {with: orange, give: {brick: 1}, get: {wool: 1}}, expect: {hands: {red: {wool: "
      "4}}}");
  return g;
}

// Blue gathers cards on turns 1-6 and, on turn 6, buys two lumber from white: blue {ore 6,
// grain 1, brick 5, wool 1, lumber 2}. Next: a road [0, -2, W] to the 3:1 harbor corner
// [0, -3, S] and a settlement there.
Log blue_before_the_harbor(const std::string& rules = "") {
  Log g(rules);
  g.pass(10);
  g.pass(10);
  g.pass(10);
  g.pass(4);
  g.pass(10);
  g.roll(10);
  g.act(
      "trade: {with: white, give: {brick: 1}, get: {lumber: 2}}, expect: {hands: {blue: {ore: "
      "6, grain: 1, brick: 5, wool: 1, lumber: 2}}}");
  return g;
}

// Red gathers cards on turns 1-5 and, on turn 5, builds a road [1, -2, E] and a settlement on
// [2, -3, S], a corner of the wool harbor [1, -2, NE]: red {wool 3}.
Log red_on_the_wool_harbor() {
  Log g;
  g.pass(6);   // red brick +2
  g.pass(4);   // red wool +1
  g.pass(11);  // red lumber +1
  g.pass(11);  // red lumber +1
  g.roll(2);   // red wool +1: red {wool 4, brick 3, lumber 2}
  g.act("trade: {with: orange, give: {brick: 1}, get: {grain: 1}}");
  g.act("road: [1, -2, E]");
  g.act("settlement: [2, -3, S], expect: {hands: {red: {wool: 3}}}");
  return g;
}

// White rolls 8 on each of turns 1-7 (each 8 gives white a lumber): white {lumber 9, grain 1}
// on its turn 7.
Log white_with_nine_lumber() {
  Log g;
  for (int t = 0; t < 6; ++t) g.pass(8);
  g.roll(8, ", expect: {hands: {white: {lumber: 9, grain: 1}}}");
  REQUIRE(g.active == 2);
  return g;
}

}  // namespace

TEST_CASE("trade: TRADE-01 a domestic trade involves the active player, after the roll",
          "[rules][trade]") {
  SECTION("kept: red trades with white") {
    Log g = red_after_a_4();
    g.act(
        "trade: {with: white, give: {wool: 1}, get: {lumber: 1}}, expect: {hands: {red: "
        "{wool: 2, brick: 1, lumber: 1}, white: {lumber: 1, grain: 1, wool: 1}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("blue and white trade on red's turn") {
    Log g = red_after_a_4();
    const int n = g.add("blue", "trade: {with: white, give: {brick: 1}, get: {lumber: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-01", n, g.line("blue, trade"));
  }
  SECTION("red trades with red") {
    Log g = red_after_a_4();
    const int n = g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-01", n, g.line("with: red"));
  }
  SECTION("red trades before the 7 is resolved (TURN-03)") {
    Log g;
    g.roll(7);
    const int n = g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 1}}");
    CHECK_BROKEN(g.run(), "TURN-03", n, g.line("with: white"));
  }
}

TEST_CASE("trade: TRADE-02 only resource cards change hands (DEV-11)", "[rules][trade]") {
  SECTION("kept: resources both ways") {
    Log g = red_after_a_4();
    g.act("trade: {with: blue, give: {wool: 1}, get: {ore: 1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("a knight offered") {
    Log g = red_after_a_4();
    const int n = g.act("trade: {with: blue, give: {knight: 1}, get: {ore: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-02", n, g.line("knight: 1"));
  }
  SECTION("a victory point card asked for") {
    Log g = red_after_a_4();
    const int n = g.act("trade: {with: blue, give: {wool: 1}, get: {victory-point: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-02", n, g.line("victory-point: 1"));
  }
}

TEST_CASE("trade: TRADE-03 no gifts", "[rules][trade]") {
  SECTION("kept: three wool for one lumber") {
    Log g = red_after_a_4();
    g.act("trade: {with: white, give: {wool: 3}, get: {lumber: 1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("red gives nothing") {
    Log g = red_after_a_4();
    const int n = g.act("trade: {with: white, give: {}, get: {lumber: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-03", n, g.line("give: {}"));
  }
  SECTION("white gives nothing") {
    Log g = red_after_a_4();
    const int n = g.act("trade: {with: white, give: {wool: 1}, get: {}}");
    CHECK_BROKEN(g.run(), "TRADE-03", n, g.line("get: {}"));
  }
}

TEST_CASE("trade: TRADE-04 no type on both sides of a domestic trade (D-13)", "[rules][trade]") {
  SECTION("kept: different types") {
    Log g = red_after_a_4();
    g.act("trade: {with: orange, give: {wool: 1}, get: {grain: 1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("wool for wool") {
    Log g = red_after_a_4();
    const int n = g.act("trade: {with: orange, give: {wool: 1}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-04", n, g.line("get: {wool: 1}"));
  }
  SECTION("wool on both sides of a mixed trade") {
    Log g = red_after_a_4();
    const int n =
        g.act("trade: {with: orange, give: {wool: 1, brick: 1}, get: {wool: 1, grain: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-04", n, g.line("get: {wool: 1, grain: 1}"));
  }
  SECTION("`domestic-same-type-both-sides: allow` nets the sides out") {
    Log g = red_after_a_4("{domestic-same-type-both-sides: allow}");
    g.act(
        "trade: {with: orange, give: {wool: 2}, get: {wool: 1, grain: 1}}, expect: {hands: "
        "{red: {wool: 2, brick: 1, grain: 1}, orange: {grain: 3, wool: 2}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("`allow`: wool for wool nets to a gift (TRADE-03)") {
    Log g = red_after_a_4("{domestic-same-type-both-sides: allow}");
    const int n = g.act("trade: {with: orange, give: {wool: 1}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-03", n, g.line("get: {wool: 1}"));
  }
}

TEST_CASE("trade: TRADE-05 any ratio, but each side holds what it gives", "[rules][trade]") {
  SECTION("kept: one wool for four grain") {
    Log g = red_after_a_4();
    g.act(
        "trade: {with: orange, give: {wool: 1}, get: {grain: 4}}, expect: {cards: {red: 7, "
        "orange: 2}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("red gives four wool holding three") {
    Log g = red_after_a_4();
    const int n = g.act("trade: {with: orange, give: {wool: 4}, get: {grain: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-05", n, g.line("give: {wool: 4}"));
  }
  SECTION("white gives ore it does not hold") {
    Log g = red_after_a_4();
    const int n = g.act("trade: {with: white, give: {wool: 1}, get: {ore: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-05", n, g.line("get: {ore: 1}"));
  }
}

TEST_CASE("trade: TRADE-06 only the active player trades with the bank", "[rules][trade]") {
  SECTION("kept: red, 4:1") {
    Log g = red_with_four_wool();
    g.act("bank: {give: {wool: 4}, get: {ore: 1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("blue on red's turn") {
    Log g = red_after_a_4();
    g.end();
    g.roll(10);  // blue is active now
    const int n = g.add("red", "bank: {give: {wool: 4}, get: {ore: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-06", n, g.line("red, bank"));
  }
}

TEST_CASE("trade: TRADE-07 4:1 gives four of one type for one card of another the bank holds",
          "[rules][trade]") {
  SECTION("kept") {
    Log g = red_with_four_wool();
    g.act("bank: {give: {wool: 4}, get: {ore: 1}}, expect: {hands: {red: {ore: 1}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("five wool for one card") {
    Log g = red_with_four_wool();
    g.end();
    g.pass(2);  // red wool 5
    g.pass(10);
    g.pass(10);
    g.roll(10);  // red, turn 5
    const int n = g.act("bank: {give: {wool: 5}, get: {ore: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-07", n, g.line("give: {wool: 5}"));
  }
  SECTION("nothing received") {
    Log g = red_with_four_wool();
    const int n = g.act("bank: {give: {wool: 4}, get: {}}");
    CHECK_BROKEN(g.run(), "TRADE-07", n, g.line("get: {}"));
  }
  SECTION("four wool not held") {
    Log g = red_after_a_4();
    const int n = g.act("bank: {give: {wool: 4}, get: {ore: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-07", n, g.line("give: {wool: 4}"));
  }
  SECTION("the bank has no grain left") {
    // Eight 4s: orange's 2 grain each empty the bank of grain (the 8th gives orange the last
    // one, PROD-04), red's wool grows to 10.
    Log g;
    for (int t = 0; t < 8; ++t) g.pass(4);
    g.roll(8);  // red, turn 9
    SECTION("kept: ore, which the bank holds") {
      g.act(
          "bank: {give: {wool: 4}, get: {ore: 1}}, expect: {bank: {lumber: 16, brick: 17, "
          "wool: 4, grain: 0, ore: 17}}");
      CHECK_LEGAL(g.run());
    }
    SECTION("broken: grain") {
      const int n = g.act("bank: {give: {wool: 4}, get: {grain: 1}}");
      CHECK_BROKEN(g.run(), "TRADE-07", n, g.line("get: {grain: 1}"));
    }
  }
}

TEST_CASE("trade: TRADE-07 and D-10 maritime trades of one type for the same type",
          "[rules][trade]") {
  SECTION("forbidden by default") {
    Log g = red_with_four_wool();
    const int n = g.act("bank: {give: {wool: 4}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-07", n, g.line("give: {wool: 4}, get: {wool: 1}"));
  }
  SECTION("`maritime-same-type: allow`") {
    Log g = red_with_four_wool("{maritime-same-type: allow}");
    g.act("bank: {give: {wool: 4}, get: {wool: 1}}, expect: {hands: {red: {wool: 1}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("trade: TRADE-07 a 2 + 2 mix is no 4:1 trade", "[rules][trade]") {
  Log g = red_with_four_wool();
  const int n = g.act("bank: {give: {lumber: 2, wool: 2}, get: {ore: 1}}");
  CHECK_BROKEN(g.run(), "TRADE-07", n, g.line("lumber: 2, wool: 2"));
}

TEST_CASE("trade: TRADE-08 3:1 needs the player's building on a generic harbor", "[rules][trade]") {
  SECTION("kept: blue settles on [0, -3, S] and trades 3 ore for a grain") {
    Log g = blue_before_the_harbor();
    g.act("road: [0, -2, W]");
    g.act("settlement: [0, -3, S]");
    g.act(
        "bank: {give: {ore: 3}, get: {grain: 1}}, expect: {hands: {blue: {ore: 3, brick: 3, "
        "grain: 1}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("3:1 with no harbor") {
    Log g = blue_before_the_harbor();
    const int n = g.act("bank: {give: {ore: 3}, get: {grain: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-08", n, g.line("give: {ore: 3}"));
  }
  SECTION("6:2 at a generic harbor") {
    Log g = blue_before_the_harbor();
    g.act("road: [0, -2, W]");
    g.act("settlement: [0, -3, S]");
    g.act(
        "bank: {give: {ore: 6}, get: {grain: 1, wool: 1}}, expect: {hands: {blue: {brick: 3, "
        "grain: 1, wool: 1}}}");
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("trade: TRADE-09 2:1 only for the harbor's own resource", "[rules][trade]") {
  SECTION("kept: red gives 2 wool at the wool harbor") {
    Log g = red_on_the_wool_harbor();
    g.act("bank: {give: {wool: 2}, get: {ore: 1}}, expect: {hands: {red: {wool: 1, ore: 1}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("2 grain at the wool harbor") {
    Log g = red_on_the_wool_harbor();
    const int n = g.act("bank: {give: {grain: 2}, get: {ore: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-09", n, g.line("give: {grain: 2}"));
  }
  SECTION("2 wool before red builds there") {
    Log g;
    g.pass(6);
    g.pass(4);
    g.pass(11);
    g.pass(11);
    g.roll(2);
    const int n = g.act("bank: {give: {wool: 2}, get: {ore: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-09", n, g.line("give: {wool: 2}"));
  }
}

TEST_CASE("trade: TRADE-10 a road at a harbor gives no rate", "[rules][trade]") {
  SECTION("kept: the settlement gives it") {
    Log g = red_on_the_wool_harbor();
    g.act("bank: {give: {wool: 2}, get: {grain: 1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("red's road reaches the wool harbor, no settlement") {
    Log g;
    g.pass(6);
    g.pass(4);
    g.pass(11);
    g.pass(11);
    g.roll(2);
    g.act("road: [1, -2, E]");
    const int n = g.act("bank: {give: {wool: 2}, get: {ore: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-10", n, g.line("give: {wool: 2}"));
  }
  SECTION("blue's road reaches the 3:1 harbor, no settlement") {
    Log g = blue_before_the_harbor();
    g.act("road: [0, -2, W]");
    const int n = g.act("bank: {give: {ore: 3}, get: {grain: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-10", n, g.line("give: {ore: 3}"));
  }
  SECTION("blue's set-up road touches the ore harbor [-1, -1, NW]") {
    Log g;
    g.pass(10);
    g.roll(10);  // blue {ore 3, grain 1, brick 3}
    const int n = g.act("bank: {give: {ore: 2}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-10", n, g.line("give: {ore: 2}"));
  }
}

TEST_CASE("trade: TRADE-11 a harbor serves the turn it is built on, except under strict phases",
          "[rules][trade]") {
  SECTION("`turn-phases: combined` (default): build, then trade") {
    Log g = blue_before_the_harbor();
    g.act("road: [0, -2, W]");
    g.act("settlement: [0, -3, S]");
    g.act("bank: {give: {ore: 3}, get: {wool: 1}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("`turn-phases: strict`: the trade after the build is TURN-04") {
    Log g = blue_before_the_harbor("{turn-phases: strict}");
    g.act("road: [0, -2, W]");
    g.act("settlement: [0, -3, S]");
    const int n = g.act("bank: {give: {ore: 3}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "TURN-04", n, g.line("give: {ore: 3}"));
  }
  SECTION("`turn-phases: strict`: trading before building is fine") {
    Log g = red_after_a_4("{turn-phases: strict}");
    g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 1}}");
    g.act("road: [0, -1, SE]");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("`turn-phases: strict`: a domestic trade after a purchase is TURN-04") {
    Log g("{turn-phases: strict}");
    g.pass(4);
    g.roll(10);
    g.act("buy: knight");
    const int n = g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "TURN-04", n, g.line("with: red"));
  }
}

TEST_CASE("trade: TRADE-12 repeated and multi-unit maritime trades", "[rules][trade]") {
  SECTION("kept: 8 lumber for 2 ore") {
    Log g = white_with_nine_lumber();
    g.act(
        "bank: {give: {lumber: 8}, get: {ore: 2}}, expect: {hands: {white: {lumber: 1, grain: "
        "1, ore: 2}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: 8 lumber for an ore and a wool") {
    Log g = white_with_nine_lumber();
    g.act("bank: {give: {lumber: 8}, get: {ore: 1, wool: 1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: two trades of 4 in one turn") {
    Log g = white_with_nine_lumber();
    g.act("bank: {give: {lumber: 4}, get: {ore: 1}}");
    g.act(
        "bank: {give: {lumber: 4}, get: {brick: 1}}, expect: {hands: {white: {lumber: 1, "
        "grain: 1, ore: 1, brick: 1}}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("7 lumber for 2 ore (TRADE-07)") {
    Log g = white_with_nine_lumber();
    const int n = g.act("bank: {give: {lumber: 7}, get: {ore: 2}}");
    CHECK_BROKEN(g.run(), "TRADE-07", n, g.line("give: {lumber: 7}"));
  }
  SECTION("8 lumber for 3 ore") {
    Log g = white_with_nine_lumber();
    const int n = g.act("bank: {give: {lumber: 8}, get: {ore: 3}}");
    CHECK_BROKEN(g.run(), "TRADE-12", n, g.line("get: {ore: 3}"));
  }
}

TEST_CASE("trade: 4:1 stays allowed beside a harbor; a count fitting no rate names the rates",
          "[rules][trade]") {
  // Blue on the generic harbor [0, -3, S]: blue {ore 6, brick 3}.
  auto blue_on_the_harbor = [] {
    Log g = blue_before_the_harbor();
    g.act("road: [0, -2, W]");
    g.act("settlement: [0, -3, S]");
    return g;
  };
  SECTION("kept: 4 ore for 1 at a 3:1 harbor") {
    Log g = blue_on_the_harbor();
    g.act(
        "bank: {give: {ore: 4}, get: {grain: 1}}, expect: {hands: {blue: {ore: 2, brick: 3, "
        "grain: 1}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: 4 wool for 1, then 2 wool for 1, at the wool harbor") {
    Log g = red_on_the_wool_harbor();
    g.end();
    g.pass(4);
    g.pass(4);
    g.pass(4);
    g.roll(4, ", expect: {hands: {red: {wool: 7}}}");
    g.act("bank: {give: {wool: 4}, get: {ore: 1}}");
    g.act("bank: {give: {wool: 2}, get: {ore: 1}}, expect: {hands: {red: {wool: 1, ore: 2}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("5 ore fits neither 4:1 nor 3:1") {
    Log g = blue_on_the_harbor();
    const int n = g.act("bank: {give: {ore: 5}, get: {grain: 1}}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "TRADE-07", n, g.line("give: {ore: 5}"));
    CHECK_THAT(v.message, Catch::Contains("3:1, 4:1"));
  }
  SECTION("4 ore for 2 cards is worth only 1") {
    Log g = blue_on_the_harbor();
    const int n = g.act("bank: {give: {ore: 4}, get: {grain: 2}}");
    CHECK_BROKEN(g.run(), "TRADE-12", n, g.line("give: {ore: 4}"));
  }
}
