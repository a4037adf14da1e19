// Assertions (LOG-FORMAT.md "Optional assertions"; src/rules/assertions.cpp): `expect`
// hands/cards/vp/bank/robber/longest-road/largest-army, `gains` on a roll and the final
// `result`. A wrong claim is reported like an illegal action, with the rule it contradicts, at
// the entry (action number, line) and at the column of the `expect:` or `gains:` value.
//
// After the fixture set-up: red {wool 2, brick 1}, blue {ore 1, grain 1, brick 1}, white
// {lumber 2, grain 1}, orange {grain 2, wool 1}; every player has 2 VP; the bank holds
// {lumber 17, brick 17, wool 16, grain 15, ore 18}; the robber is on the desert [0, 0].
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

// 1-based column of the value of `key` (e.g. "expect: ") on the only line holding `needle`.
int value_column(const Log& g, const std::string& needle, const std::string& key) {
  const int line = g.line(needle);
  size_t begin = 0;
  for (int n = 1; n < line; ++n) begin = g.text.find('\n', begin) + 1;
  const std::string text = g.text.substr(begin, g.text.find('\n', begin) - begin);
  const size_t at = text.find(key);
  REQUIRE(at != std::string::npos);
  return static_cast<int>(at + key.size()) + 1;
}

// The set-up, then red's turn 1 roll of 10 (blue: ore + brick) as action 17.
Log after_a_10() {
  Log g;
  g.roll(10);
  return g;
}

}  // namespace

TEST_CASE("assertions: each `expect` key holds when it matches the state", "[rules][assertions]") {
  Log g = after_a_10();
  g.act(
      "end: turn, expect: {hands: {red: {wool: 2, brick: 1}, blue: {ore: 2, grain: 1, brick: "
      "2}, white: {lumber: 2, grain: 1}, orange: {grain: 2, wool: 1}}, cards: {red: 3, blue: 5, "
      "white: 3, orange: 3}, vp: {red: 2, blue: 2, white: 2, orange: 2}, longest-road: none, "
      "largest-army: none, bank: {lumber: 17, brick: 16, wool: 16, grain: 15, ore: 17}, robber: "
      "[0, 0]}");
  CHECK_LEGAL(g.run());
}

TEST_CASE("assertions: a wrong `expect` names the rule it contradicts, at the value",
          "[rules][assertions]") {
  struct Case {
    const char* expect;
    const char* rule;
  };
  const Case cases[] = {
      {"{hands: {blue: {ore: 2, grain: 1, brick: 1}}}", "COMP-05"},
      {"{hands: {red: {}}}", "COMP-05"},
      {"{cards: {blue: 4}}", "COMP-05"},
      {"{bank: {lumber: 17, brick: 17, wool: 16, grain: 15, ore: 17}}", "COMP-05"},
      {"{vp: {blue: 3}}", "WIN-01"},
      {"{robber: [0, -2]}", "ROBBER-03"},
      {"{longest-road: red}", "AWARD-02"},
      {"{largest-army: blue}", "AWARD-07"},
  };
  for (const Case& c : cases) {
    SECTION(c.expect) {
      Log g = after_a_10();
      const int n = g.act(std::string("end: turn, expect: ") + c.expect);
      const Verdict v = g.run();
      CHECK_BROKEN(v, c.rule, n, g.line(c.expect));
      CHECK(v.column == value_column(g, c.expect, "expect: "));
    }
  }
}

TEST_CASE("assertions: `expect` is checked after the entry is applied", "[rules][assertions]") {
  SECTION("kept: the trade's effect") {
    Log g = after_a_10();
    g.act(
        "trade: {with: white, give: {wool: 1}, get: {lumber: 1}}, expect: {hands: {red: {wool: "
        "1, brick: 1, lumber: 1}}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("the state before the trade") {
    Log g = after_a_10();
    const int n = g.act(
        "trade: {with: white, give: {wool: 1}, get: {lumber: 1}}, expect: "
        "{hands: {red: {wool: 2, brick: 1}}}");
    CHECK_BROKEN(g.run(), "COMP-05", n, g.line("with: white"));
  }
  SECTION("an illegal entry is reported before its own `expect`") {
    Log g = after_a_10();
    const int n = g.act("road: [0, -1, SE], expect: {vp: {red: 9}}");
    CHECK_BROKEN(g.run(), "BUILD-02", n, g.line("road: [0, -1, SE]"));
  }
  SECTION("several wrong keys: the hands come first") {
    Log g = after_a_10();
    const int n = g.act("end: turn, expect: {robber: [1, 1], vp: {red: 5}, hands: {red: {}}}");
    CHECK_BROKEN(g.run(), "COMP-05", n, g.line("robber: [1, 1]"));
  }
  SECTION("several wrong keys: the vp before the robber") {
    Log g = after_a_10();
    const int n = g.act("end: turn, expect: {robber: [1, 1], vp: {red: 5}}");
    CHECK_BROKEN(g.run(), "WIN-01", n, g.line("robber: [1, 1]"));
  }
}

TEST_CASE("assertions: a wrong `expect` during the set-up contradicts SETUP-06",
          "[rules][assertions]") {
  Log g;
  g.text = catan::test::header();
  g.count = 0;
  g.add("red", "settlement: [0, -1, S]");
  SECTION("kept: nobody holds a card yet") {
    g.add("red",
          "road: [0, -1, SW], expect: {cards: {red: 0}, bank: {lumber: 19, brick: 19, "
          "wool: 19, grain: 19, ore: 19}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("the log charges red for the road") {
    const int n = g.add("red",
                        "road: [0, -1, SW], expect: {bank: {lumber: 20, brick: 20, wool: "
                        "19, grain: 19, ore: 19}}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "SETUP-06", n, g.line("road: [0, -1, SW]"));
    CHECK(v.column == value_column(g, "road: [0, -1, SW]", "expect: "));
  }
}

TEST_CASE("assertions: a block-style `expect` is reported at its first key",
          "[rules][assertions]") {
  Log g = after_a_10();
  g.text += "  - player: red\n    end: turn\n    expect:\n      vp: {red: 3}\n";
  const Verdict v = g.run();
  CHECK_BROKEN(v, "WIN-01", 18, g.line("vp: {red: 3}"));
  CHECK(v.column == 7);
}

TEST_CASE("assertions: `gains` on a roll lists exactly what each player received",
          "[rules][assertions]") {
  SECTION("kept: a 6 (red 2 brick, blue a brick, white and orange a grain)") {
    Log g;
    g.roll(6,
           ", gains: {red: {brick: 2}, blue: {brick: 1}, white: {grain: 1}, orange: {grain: "
           "1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: a roll nobody collects from, with empty gains") {
    Log g;
    g.roll(8, ", gains: {white: {lumber: 1}}");
    g.end();
    g.roll(9, ", gains: {white: {grain: 1}, red: {}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("a player left out (PROD-06)") {
    Log g;
    const int n = g.roll(6, ", gains: {red: {brick: 2}, white: {grain: 1}, orange: {grain: 1}}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "PROD-06", n, g.line("gains: {red: {brick: 2}, white"));
    CHECK(v.column == value_column(g, "gains: {red: {brick: 2}, white", "gains: "));
  }
  SECTION("a card too many (PROD-06)") {
    Log g;
    const int n = g.roll(10, ", gains: {blue: {ore: 2, brick: 1}}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "PROD-06", n, g.line("gains: {blue: {ore: 2"));
    CHECK(v.column == value_column(g, "gains: {blue: {ore: 2", "gains: "));
  }
  SECTION("a 7 produces nothing (PROD-05)") {
    Log g;
    const int n = g.roll(7, ", gains: {red: {wool: 1}}");
    CHECK_BROKEN(g.run(), "PROD-05", n, g.line("gains: {red: {wool: 1}}"));
  }
}

TEST_CASE("assertions: `result` names the winner the replay computes", "[rules][assertions]") {
  // With `victory-points: 3` blue wins on turn 2 by buying a victory point card.
  auto won_by_blue = [](const std::string& winner) {
    Log g("{victory-points: 3}");
    g.pass(4);
    g.roll(10);
    g.act("buy: victory-point");
    g.act("claim: win");
    g.text += "result: {winner: " + winner + "}\n";
    return g;
  };
  SECTION("kept") {
    const Verdict v = won_by_blue("blue").run();
    CHECK(v.status == Status::Legal);
    CHECK(v.rule.empty());
  }
  SECTION("the wrong winner") {
    Log g = won_by_blue("red");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "WIN-02", 0, g.line("result:"));
    CHECK(v.column == value_column(g, "result:", "winner: "));
  }
  SECTION("a winner where nobody won") {
    Log g = after_a_10();
    g.end();
    g.text += "result: {winner: red}\n";
    const Verdict v = g.run();
    CHECK_BROKEN(v, "WIN-02", 0, g.line("result:"));
    CHECK(v.column == value_column(g, "result:", "winner: "));
  }
}
