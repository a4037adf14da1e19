// Rolls and production: COMP-08 dice, PROD-01..06 (RULES.md; PROD-04 in both bank-shortage
// modes, D-01). Production claims are made with `gains:` on the roll; players not listed
// receive nothing.
//
// Fixture production by number (after the set-up): 2 red wool; 3 blue lumber, orange lumber,
// white ore; 4 red wool, blue wool, orange grain 2; 5 orange wool, white brick; 6 red brick 2,
// blue brick, white grain, orange grain; 8 white lumber; 9 white grain; 10 blue ore, blue
// brick; 11 red lumber, white lumber, orange wool; 12 blue grain.
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

}  // namespace

// ---------------------------------------------------------------- COMP-08

TEST_CASE("production: two dice showing 1 to 6 are accepted (COMP-08)", "[rules][production]") {
  SECTION("double one") { CHECK_ACCEPTED(game("  - {player: red, roll: [1, 1]}\n")); }
  SECTION("double six") { CHECK_ACCEPTED(game("  - {player: red, roll: [6, 6]}\n")); }
}

TEST_CASE("production: a roll that is not two dice of 1 to 6 is COMP-08", "[rules][production]") {
  SECTION("a die showing 7") {
    CHECK_VIOLATION(game("  - {player: red, roll: [6, 7]}\n"), "COMP-08", kSetupActions + 1,
                    "{player: red, roll: [6, 7]}");
  }
  SECTION("a die showing 0") {
    CHECK_VIOLATION(game("  - {player: red, roll: [0, 3]}\n"), "COMP-08", kSetupActions + 1,
                    "{player: red, roll: [0, 3]}");
  }
  SECTION("one die") {
    CHECK_VIOLATION(game("  - {player: red, roll: [5]}\n"), "COMP-08", kSetupActions + 1,
                    "{player: red, roll: [5]}");
  }
  SECTION("three dice") {
    CHECK_VIOLATION(game("  - {player: red, roll: [1, 2, 3]}\n"), "COMP-08", kSetupActions + 1,
                    "{player: red, roll: [1, 2, 3]}");
  }
  SECTION("a roll-off die (start-player: highest-roll-reroll-ties), at the round, action 0") {
    const std::string y =
        game("rolloff:\n  - {red: [6, 7], blue: [1, 1], white: [1, 2], orange: [2, 2]}\n",
             "{start-player: highest-roll-reroll-ties}");
    CHECK_VIOLATION(y, "COMP-08", 0, "{red: [6, 7], blue: [1, 1]");
  }
  SECTION("a negative die on a later turn") {
    const std::string y = game(
        "  - {player: red, roll: [1, 1]}\n"
        "  - {player: red, end: turn}\n"
        "  - {player: blue, roll: [-1, 4]}\n");
    CHECK_VIOLATION(y, "COMP-08", kSetupActions + 3, "{player: blue, roll: [-1, 4]}");
  }
}

// ---------------------------------------------------------------- PROD-01

namespace {
// Red rolls a 7 and puts the robber on the forest 11 [-1, 0] (red's and white's), stealing
// white's lumber; blue then rolls 11. Actions 17-20.
const std::string kRobberOnForest11 =
    "  - {player: red, roll: [3, 4]}\n"
    "  - {player: red, robber: [-1, 0], steal: {from: white, card: lumber}}\n"
    "  - {player: red, end: turn}\n";
}  // namespace

TEST_CASE("production: exactly the hexes with the rolled number produce (PROD-01)",
          "[rules][production]") {
  SECTION("both 3s produce") {
    CHECK_ACCEPTED(
        game("  - {player: red, roll: [1, 2], gains: {blue: {lumber: 1}, white: {ore: 1}, "
             "orange: {lumber: 1}}}\n"));
  }
  SECTION("the hex under the robber does not") {
    CHECK_ACCEPTED(game(kRobberOnForest11 +
                        "  - {player: blue, roll: [5, 6], gains: {orange: {wool: 1}}, expect: "
                        "{hands: {red: {wool: 2, brick: 1, lumber: 1}, white: {lumber: 1, grain: "
                        "1}}}}\n"));
  }
  SECTION("the robber's old hex produces again once it has moved on") {
    CHECK_ACCEPTED(
        game("  - {player: red, roll: [3, 4]}\n"
             "  - {player: red, robber: [-1, 0], steal: {from: white, card: lumber}}\n"
             "  - {player: red, end: turn}\n"
             "  - {player: blue, roll: [4, 3]}\n"
             "  - {player: blue, robber: [1, 1], steal: {from: orange, card: wool}}\n"
             "  - {player: blue, end: turn}\n"
             "  - {player: white, roll: [5, 6], gains: {red: {lumber: 1}, white: {lumber: "
             "1}, orange: {wool: 1}}}\n"));
  }
}

TEST_CASE("production: gains from the robber's hex are PROD-01", "[rules][production]") {
  SECTION("red and white credited with the blocked forest 11") {
    const std::string y = game(kRobberOnForest11 +
                               "  - {player: blue, roll: [5, 6], gains: {red: {lumber: 1}, white: "
                               "{lumber: 1}, orange: {wool: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-01", kSetupActions + 4, "{player: blue, roll: [5, 6]");
  }
  SECTION("only white credited") {
    const std::string y = game(kRobberOnForest11 +
                               "  - {player: blue, roll: [6, 5], gains: {white: {lumber: 1}, "
                               "orange: {wool: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-01", kSetupActions + 4, "{player: blue, roll: [6, 5]");
  }
}

// ---------------------------------------------------------------- PROD-02

namespace {
// Two 10s give blue 3 ore; orange trades blue a grain; blue upgrades [0, -2, S] (mountains 10,
// hills 6, fields 12) to a city on turn 2. Actions 17-22; white's turn 3 starts at 23.
const std::string kBlueCity =
    "  - {player: red, roll: [4, 6]}\n"
    "  - {player: red, end: turn}\n"
    "  - {player: blue, roll: [5, 5]}\n"
    "  - {player: blue, trade: {with: orange, give: {brick: 1}, get: {grain: 1}}}\n"
    "  - {player: blue, city: [0, -2, S], expect: {hands: {blue: {brick: 2}}}}\n"
    "  - {player: blue, end: turn}\n";
}  // namespace

TEST_CASE("production: a settlement yields 1 card, a city 2, per producing hex (PROD-02)",
          "[rules][production]") {
  SECTION("blue's city and settlement on a 10") {
    CHECK_ACCEPTED(
        game(kBlueCity + "  - {player: white, roll: [6, 4], gains: {blue: {ore: 2, brick: 1}}}\n"));
  }
  SECTION("red's two settlements on the hills 6, with the other players") {
    CHECK_ACCEPTED(
        game("  - {player: red, roll: [3, 3], gains: {red: {brick: 2}, blue: {brick: 1}, "
             "white: {grain: 1}, orange: {grain: 1}}}\n"));
  }
  SECTION("orange's two settlements on the fields 4") {
    CHECK_ACCEPTED(
        game("  - {player: red, roll: [1, 3], gains: {red: {wool: 1}, blue: {wool: 1}, "
             "orange: {grain: 2}}}\n"));
  }
  SECTION("the city on a 12 and a 6") {
    CHECK_ACCEPTED(game(kBlueCity +
                        "  - {player: white, roll: [6, 6], gains: {blue: {grain: 2}}}\n"
                        "  - {player: white, end: turn}\n"
                        "  - {player: orange, roll: [2, 4], gains: {red: {brick: 2}, blue: {brick: "
                        "2}, white: {grain: 1}, orange: {grain: 1}}}\n"));
  }
}

TEST_CASE("production: a city counted as one card is PROD-02", "[rules][production]") {
  SECTION("on the mountains 10") {
    const std::string y =
        game(kBlueCity + "  - {player: white, roll: [6, 4], gains: {blue: {ore: 1, brick: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-02", kSetupActions + 7, "{player: white, roll: [6, 4]");
  }
  SECTION("on the fields 12") {
    const std::string y =
        game(kBlueCity + "  - {player: white, roll: [6, 6], gains: {blue: {grain: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-02", kSetupActions + 7, "{player: white, roll: [6, 6]");
  }
}

// ---------------------------------------------------------------- PROD-03

namespace {
// Red builds the road [1, -2, E] along the forest 9 [2, -2], where red has no building.
// Blue's 9 then produces only white's grain from the fields 9. Actions 17-21.
const std::string kRedRoadByForest9 =
    "  - {player: red, roll: [3, 3]}\n"
    "  - {player: red, trade: {with: white, give: {wool: 1}, get: {lumber: 2, grain: 1}}}\n"
    "  - {player: red, road: [1, -2, E]}\n"
    "  - {player: red, end: turn}\n";
}  // namespace

TEST_CASE("production: a road next to the rolled hex receives nothing (PROD-03)",
          "[rules][production]") {
  CHECK_ACCEPTED(
      game(kRedRoadByForest9 + "  - {player: blue, roll: [4, 5], gains: {white: {grain: 1}}}\n"));
}

TEST_CASE("production: a card credited for a road is PROD-03", "[rules][production]") {
  SECTION("red's road along the forest 9, with white's grain right") {
    const std::string y = game(kRedRoadByForest9 +
                               "  - {player: blue, roll: [4, 5], gains: {red: {lumber: 1}, white: "
                               "{grain: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-03", kSetupActions + 5, "{player: blue, roll: [4, 5]");
  }
  SECTION("red's road along the forest 9, on red's own later roll") {
    const std::string y = game(kRedRoadByForest9 +
                               "  - {player: blue, roll: [1, 1]}\n"
                               "  - {player: blue, end: turn}\n"
                               "  - {player: white, roll: [1, 1]}\n"
                               "  - {player: white, end: turn}\n"
                               "  - {player: orange, roll: [1, 1]}\n"
                               "  - {player: orange, end: turn}\n"
                               "  - {player: red, roll: [6, 3], gains: {red: {lumber: 1}, white: "
                               "{grain: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-03", kSetupActions + 11, "{player: red, roll: [6, 3]");
  }
}

// ---------------------------------------------------------------- PROD-04

namespace {

// Seven 4s in a row (turns 1-7, actions 17-30) give orange 14 grain: the bank keeps 1 grain
// (and 2 wool). Orange then rolls on turn 8, action 31.
std::string drain_grain() {
  const char* order[] = {"red", "blue", "white", "orange", "red", "blue", "white"};
  std::string out;
  for (const char* p : order)
    out +=
        std::string("  - {player: ") + p + ", roll: [2, 2]}\n  - {player: " + p + ", end: turn}\n";
  return out;
}

constexpr const char* kStrict = "{bank-shortage: strict}";
constexpr const char* kBankOneGrain =
    "bank: {lumber: 17, brick: 17, wool: 1, grain: 1, ore: 18}";  // after a 2 (red's wool)

}  // namespace

TEST_CASE("production: bank shortage per resource type (PROD-04)", "[rules][production]") {
  SECTION("the drain leaves one grain in the bank") {
    CHECK_ACCEPTED(game(drain_grain() + "  - {player: orange, roll: [1, 1], expect: {" +
                        kBankOneGrain + "}}\n"));
  }
  SECTION("default: the only player owed grain takes what is left; wool is paid in full") {
    CHECK_ACCEPTED(
        game(drain_grain() +
             "  - {player: orange, roll: [1, 3], gains: {red: {wool: 1}, blue: {wool: 1}, "
             "orange: {grain: 1}}, expect: {bank: {lumber: 17, brick: 17, wool: 0, grain: "
             "0, ore: 18}, hands: {orange: {grain: 17, wool: 1}}}}\n"));
  }
  SECTION("strict: the only player owed grain receives none") {
    CHECK_ACCEPTED(game(
        drain_grain() + "  - {player: orange, roll: [1, 3], gains: {red: {wool: 1}, blue: {wool: "
                        "1}}, expect: {bank: {lumber: 17, brick: 17, wool: 0, grain: 1, ore: "
                        "18}}}\n",
        kStrict));
  }
  SECTION("both modes: two players owed grain receive none; brick is paid in full") {
    const std::string body =
        drain_grain() +
        "  - {player: orange, roll: [3, 3], gains: {red: {brick: 2}, blue: "
        "{brick: 1}}, expect: {bank: {lumber: 17, brick: 14, wool: 2, grain: 1, "
        "ore: 18}}}\n";
    CHECK_ACCEPTED(game(body));
    CHECK_ACCEPTED(game(body, kStrict));
  }
}

TEST_CASE("production: gains that ignore a bank shortage are PROD-04", "[rules][production]") {
  const std::string roll =
      "  - {player: orange, roll: [1, 3], gains: {red: {wool: 1}, blue: {wool: 1}";
  SECTION("default: the single recipient is paid in full") {
    const std::string y = game(drain_grain() + roll + ", orange: {grain: 2}}}\n");
    CHECK_VIOLATION(y, "PROD-04", kSetupActions + 15, "{player: orange, roll: [1, 3]");
  }
  SECTION("default: the single recipient gets nothing") {
    const std::string y = game(drain_grain() + roll + "}}\n");
    CHECK_VIOLATION(y, "PROD-04", kSetupActions + 15, "{player: orange, roll: [1, 3]");
  }
  SECTION("strict: the single recipient takes what is left") {
    const std::string y = game(drain_grain() + roll + ", orange: {grain: 1}}}\n", kStrict);
    CHECK_VIOLATION(y, "PROD-04", kSetupActions + 15, "{player: orange, roll: [1, 3]");
  }
  SECTION("two players owed grain, one of them paid") {
    const std::string y = game(drain_grain() +
                               "  - {player: orange, roll: [3, 3], gains: {red: {brick: 2}, blue: "
                               "{brick: 1}, white: {grain: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-04", kSetupActions + 15, "{player: orange, roll: [3, 3]");
  }
  SECTION("strict: two players owed grain, one of them paid") {
    const std::string y = game(drain_grain() +
                                   "  - {player: orange, roll: [3, 3], gains: {red: {brick: 2}, "
                                   "blue: {brick: 1}, orange: {grain: 1}}}\n",
                               kStrict);
    CHECK_VIOLATION(y, "PROD-04", kSetupActions + 15, "{player: orange, roll: [3, 3]");
  }
}

// ---------------------------------------------------------------- PROD-05

TEST_CASE("production: a 7 produces nothing (PROD-05)", "[rules][production]") {
  CHECK_ACCEPTED(
      game("  - {player: red, roll: [3, 4], gains: {}}\n"
           "  - {player: red, robber: [-1, 0], steal: {from: white, card: lumber}}\n"));
  CHECK_ACCEPTED(game("  - {player: red, roll: [6, 1], gains: {red: {}, blue: {}}}\n"));
}

TEST_CASE("production: gains on a 7 are PROD-05", "[rules][production]") {
  SECTION("the roller") {
    CHECK_VIOLATION(game("  - {player: red, roll: [3, 4], gains: {red: {wool: 1}}}\n"), "PROD-05",
                    kSetupActions + 1, "{player: red, roll: [3, 4]");
  }
  SECTION("another player, on a later turn") {
    const std::string y = game(
        "  - {player: red, roll: [1, 1]}\n"
        "  - {player: red, end: turn}\n"
        "  - {player: blue, roll: [5, 2], gains: {white: {ore: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-05", kSetupActions + 3, "{player: blue, roll: [5, 2]");
  }
}

// ---------------------------------------------------------------- PROD-06

TEST_CASE("production: each player receives exactly the entitlement (PROD-06)",
          "[rules][production]") {
  CHECK_ACCEPTED(
      game("  - {player: red, roll: [5, 6], gains: {red: {lumber: 1}, white: {lumber: 1}, "
           "orange: {wool: 1}}, expect: {hands: {red: {wool: 2, brick: 1, lumber: 1}, "
           "white: {lumber: 3, grain: 1}, orange: {grain: 2, wool: 2}}}}\n"));
}

TEST_CASE("production: declining or exceeding the entitlement is PROD-06", "[rules][production]") {
  SECTION("white's grain left out") {
    const std::string y = game(
        "  - {player: red, roll: [3, 3], gains: {red: {brick: 2}, blue: {brick: "
        "1}, orange: {grain: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-06", kSetupActions + 1, "{player: red, roll: [3, 3]");
  }
  SECTION("an extra brick for red") {
    const std::string y = game(
        "  - {player: red, roll: [3, 3], gains: {red: {brick: 3}, blue: {brick: "
        "1}, white: {grain: 1}, orange: {grain: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-06", kSetupActions + 1, "{player: red, roll: [3, 3]");
  }
  SECTION("a card for a player with no building on the rolled hexes") {
    const std::string y =
        game("  - {player: red, roll: [1, 1], gains: {red: {wool: 1}, blue: {wool: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-06", kSetupActions + 1, "{player: red, roll: [1, 1]");
  }
  SECTION("the wrong resource") {
    const std::string y = game("  - {player: red, roll: [6, 6], gains: {blue: {ore: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-06", kSetupActions + 1, "{player: red, roll: [6, 6]");
  }
}

// ---------------------------------------------------------------- notes

namespace {

// A named part of a note's detail (pairs) or of a Fields datum (DatumField).
template <class Named>
const catan::core::Datum* field(const std::vector<Named>& fs, const std::string& key) {
  for (const auto& [k, v] : fs)
    if (k == key) return &v;
  return nullptr;
}

}  // namespace

TEST_CASE("production notes: the hexes and buildings behind each entitlement",
          "[rules][production][notes]") {
  using catan::test::note_text;
  using catan::test::notes_of;
  SECTION("a city counted as one (PROD-02): blue's city and settlement on the 10s") {
    const std::string y =
        game(kBlueCity + "  - {player: white, roll: [6, 4], gains: {blue: {ore: 1, brick: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-02", kSetupActions + 7, "{player: white, roll: [6, 4]");
    const auto v = run(y);
    const auto notes = notes_of(v, "produces");
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].text ==
          "blue: [0, -2] mountains 10: city [0, -2, S] ore 2; [2, -1] hills 10: settlement "
          "[1, 0, N] brick 1");
    const auto* hexes = field(notes[0].detail, "hexes");
    REQUIRE(hexes);
    REQUIRE(hexes->items.size() == 2);
    const auto* buildings = field(hexes->items[0].fields, "buildings");
    REQUIRE(buildings);
    REQUIRE(buildings->items.size() == 1);
    CHECK(field(buildings->items[0].fields, "building")->name == "city");
    CHECK(field(buildings->items[0].fields, "yield")->number == 2);
    CHECK(note_text(v, "robbed").empty());  // the robber is on the desert
  }
  SECTION("a robbed hex (PROD-06 for orange's wool left out)") {
    const std::string y = game(kRobberOnForest11 + "  - {player: blue, roll: [5, 6], gains: {}}\n");
    CHECK_VIOLATION(y, "PROD-06", kSetupActions + 4, "{player: blue, roll: [5, 6]");
    const auto v = run(y);
    CHECK(note_text(v, "produces") == "orange: [0, 2] pasture 11: settlement [0, 1, S] wool 1");
    CHECK(notes_of(v, "produces").size() == 1);  // only orange's gains differ
    CHECK(note_text(v, "robbed") ==
          "the robber on [-1, 0] forest 11 produced nothing for red's settlement [0, -1, S], "
          "white's settlement [-2, 1, N] (ROBBER-06)");
  }
  SECTION("a shortage of another resource on the same roll (PROD-04 beside PROD-06)") {
    const std::string y = game(drain_grain() +
                               "  - {player: orange, roll: [3, 3], gains: {red: {brick: 1}, blue: "
                               "{brick: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-06", kSetupActions + 15, "{player: orange, roll: [3, 3]");
    const auto v = run(y);
    CHECK(note_text(v, "produces") ==
          "red: [0, -1] hills 6: settlement [1, -2, S] brick 1, settlement [0, -1, S] brick 1");
    CHECK(note_text(v, "shortage") ==
          "grain: the bank holds 1 of the 2 owed, so PROD-04 applies "
          "(single-recipient-takes-rest)");
  }
  SECTION("a shortage (PROD-04): the entitlement of both players owed grain") {
    const std::string y = game(drain_grain() +
                               "  - {player: orange, roll: [3, 3], gains: {red: {brick: 2}, blue: "
                               "{brick: 1}, white: {grain: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-04", kSetupActions + 15, "{player: orange, roll: [3, 3]");
    const auto v = run(y);
    CHECK(note_text(v, "bank") == "1 grain left, 2 owed");
    CHECK(note_text(v, "produces") == "white: [-1, 2] fields 6: settlement [-1, 1, S] grain 1");
    CHECK(note_text(v, "shortage").empty());  // PROD-04 itself says it
  }
  SECTION("a player whose only hex with the number is under the robber (PROD-01)") {
    const std::string y = game(kRobberOnForest11 +
                               "  - {player: blue, roll: [5, 6], gains: {red: {lumber: 1}, white: "
                               "{lumber: 1}, orange: {wool: 1}}}\n");
    CHECK_VIOLATION(y, "PROD-01", kSetupActions + 4, "{player: blue, roll: [5, 6]");
    const auto v = run(y);
    CHECK(note_text(v, "produces", 0) ==
          "red: no building on a hex that produces on 11 but [-1, 0], under the robber");
    CHECK(note_text(v, "produces", 1) ==
          "white: no building on a hex that produces on 11 but [-1, 0], under the robber");
    CHECK(notes_of(v, "produces").size() == 2);  // orange is paid right
  }
}
