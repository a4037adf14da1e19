// Largest Army (RULES.md AWARD-07..09) and the awards' bookkeeping (COMP-10), on the fixture
// board after the fixture set-up: blue plays three knights, then white plays four.
//
// Income: a 10 gives blue ore + brick, a 12 blue a grain, a 4 red and blue a wool (orange 2
// grain); a 3 gives white an ore (blue and orange a lumber), a 9 white a grain. White buys
// red's wool with a lumber. Knights send the robber back and forth between [2, -2] and
// [2, 0], which touch no building, so no knight steals.
#include <catch2/catch.hpp>
#include <string>

#include "core/state.hpp"
#include "fixture.hpp"
#include "log/reader.hpp"
#include "log_builder.hpp"
#include "replay/replay.hpp"
#include "rules/engine.hpp"

namespace {

using catan::diag::Status;
using catan::test::Verdict;

using catan::test::dice;
using catan::test::kNames;
using catan::test::Log;

// Turns 1-10: blue buys knights on turns 2, 6 and 10 and plays the first on turn 6; white
// buys one on turn 7. Stops on blue's turn 10, after the 3rd purchase, before blue plays its
// 2nd knight.
Log blue_second_knight() {
  Log g;
  g.pass(4);
  g.roll(10);
  g.act("buy: knight");
  g.end();
  g.pass(3);
  g.pass(4);
  g.pass(12);
  g.roll(10);  // blue, turn 6
  g.act("buy: knight");
  g.act("play: knight, expect: {largest-army: none}");
  g.act("robber: [2, -2]");
  g.end();
  g.roll(9);  // white, turn 7: {lumber 2, grain 2, ore 1}
  g.act("trade: {with: red, give: {lumber: 1}, get: {wool: 4}}");
  g.act("buy: knight");
  g.end();
  g.pass(3);
  g.pass(4);
  g.roll(12);  // blue, turn 10
  g.act("buy: knight, expect: {cards: {blue: 5}}");
  REQUIRE(g.active == 1);
  return g;
}

// Through turn 14: blue's 2nd knight (turn 10); white buys a 2nd knight and plays its 1st
// (turn 11). Stops on blue's turn 14 after the roll, before blue's 3rd knight.
Log blue_third_knight() {
  Log g = blue_second_knight();
  g.act("play: knight");
  g.act("robber: [2, 0]");
  g.end();
  g.roll(3);  // white, turn 11
  g.act("buy: knight");
  g.act("play: knight");
  g.act("robber: [2, -2]");
  g.end();
  g.pass(9);
  g.pass(9);
  g.roll(10);  // blue, turn 14
  return g;
}

// Through turn 19: blue's 3rd knight (turn 14) takes the army; white buys its 3rd and 4th
// knights and plays its 2nd (turn 15). Stops on white's turn 19, before its 3rd knight.
Log white_third_knight() {
  Log g = blue_third_knight();
  g.act("play: knight, expect: {largest-army: blue}");
  g.act("robber: [2, 0]");
  g.end();
  g.roll(3);  // white, turn 15: {lumber 1, wool 2, ore 2, grain 2}
  g.act("buy: knight");
  g.act("buy: knight");
  g.act("play: knight, expect: {largest-army: blue}");
  g.act("robber: [2, -2]");
  g.end();
  g.pass(10);
  g.pass(10);
  g.pass(10);
  g.roll(10);  // white, turn 19
  REQUIRE(g.active == 2);
  return g;
}

// Through turn 23: white's 3rd knight (turn 19). Stops on white's turn 23, before its 4th.
Log white_fourth_knight() {
  Log g = white_third_knight();
  g.act("play: knight, expect: {largest-army: blue}");
  g.act("robber: [2, 0]");
  g.end();
  g.pass(10);
  g.pass(10);
  g.pass(10);
  g.roll(10);  // white, turn 23
  REQUIRE(g.active == 2);
  return g;
}

// The state where the replay of `yaml` ends.
catan::core::GameState state_after(const std::string& yaml) {
  auto docs = catan::log::read_string(yaml);
  REQUIRE(!docs.empty());
  REQUIRE(docs.front().game);
  auto out = catan::replay::replay("test.yaml", *docs.front().game, {});
  REQUIRE(out.state);
  return *out.state;
}

}  // namespace

TEST_CASE("awards: AWARD-07 Largest Army goes to the first with 3 played knights",
          "[rules][award][largest-army]") {
  SECTION("kept: 2 played (and 1 bought) is not enough") {
    Log g = blue_second_knight();
    g.act("play: knight, expect: {largest-army: none, vp: {blue: 2}}");
    g.act("robber: [2, 0]");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: the 3rd knight takes it at once, worth 2 VP") {
    Log g = blue_third_knight();
    g.act("play: knight, expect: {largest-army: blue, vp: {blue: 4, white: 2}}");
    g.act("robber: [2, 0], expect: {largest-army: blue}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("the log gives it to blue at 2 knights") {
    Log g = blue_second_knight();
    const int n = g.act("play: knight, expect: {largest-army: blue}");
    CHECK_BROKEN(g.run(), "AWARD-07", n, g.line("play: knight, expect: {largest-army: blue}"));
  }
  SECTION("the log withholds it at 3 knights") {
    Log g = blue_third_knight();
    g.act("play: knight");
    const int n = g.act("robber: [2, 0], expect: {largest-army: none}");
    CHECK_BROKEN(g.run(), "AWARD-07", n, g.line("robber: [2, 0], expect"));
  }
}

TEST_CASE("awards: AWARD-08 Largest Army moves only to strictly more knights",
          "[rules][award][largest-army]") {
  SECTION("kept: white's 3rd knight ties; blue keeps it") {
    Log g = white_third_knight();
    g.act("play: knight, expect: {largest-army: blue, vp: {blue: 4, white: 2}}");
    g.act("robber: [2, 0]");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: white's 4th knight takes it") {
    Log g = white_fourth_knight();
    g.act("play: knight, expect: {largest-army: white, vp: {blue: 2, white: 4}}");
    g.act("robber: [2, -2]");
    g.end();
    CHECK_LEGAL(g.run());
    const auto s = state_after(g.text);
    CHECK(s.players[1].knights_played == 3);
    CHECK(s.players[2].knights_played == 4);
  }
  SECTION("the log moves it to white at 3 - 3") {
    Log g = white_third_knight();
    const int n = g.act("play: knight, expect: {largest-army: white}");
    CHECK_BROKEN(g.run(), "AWARD-08", n, g.line("largest-army: white}"));
  }
  SECTION("the log leaves it with blue at 3 - 4") {
    Log g = white_fourth_knight();
    g.act("play: knight");
    const int n = g.act("robber: [2, -2], expect: {largest-army: blue}");
    CHECK_BROKEN(g.run(), "AWARD-08", n, g.line("robber: [2, -2], expect"));
  }
}

TEST_CASE("awards: AWARD-09 the award changes on the knight's own entry",
          "[rules][award][largest-army]") {
  SECTION("kept: asserted on the play, before the robber moves") {
    Log g = white_fourth_knight();
    g.act("play: knight, expect: {largest-army: white}");
    CHECK_LEGAL(g.run());
  }
  SECTION("the log defers the change to the robber move: rejected") {
    Log g = white_fourth_knight();
    const int n = g.act("play: knight, expect: {largest-army: blue}", "deferred");
    const Verdict v = g.run();
    INFO(v.rule << ": " << v.message);
    CHECK(v.status == Status::Illegal);
    CHECK(v.action == n);
    CHECK(v.line == g.line("# deferred"));
  }
}

// RULES.md AWARD-09: "The award change is deferred to the end of the turn in the log ✗
// AWARD-09". A log that still shows the old holder on the entry that moves the award breaks
// the rule that moves it (AWARD-08, or AWARD-07 for the first holder); once it makes the
// change later in the turn, the deferral is the fault, and the same entry cites AWARD-09.
TEST_CASE("awards: AWARD-09 is the rule a deferred award change breaks", "[rules][awards]") {
  SECTION("the 4th knight, changed on the robber move") {
    Log g = white_fourth_knight();
    const int n = g.act("play: knight, expect: {largest-army: blue}", "deferred");
    const int late = g.act("robber: [2, -2], expect: {largest-army: white}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-09", n, g.line("# deferred"));
    CHECK(note_text(v, "deferred") ==
          "the log makes this change only at action " + std::to_string(late) + " (test.yaml:" +
              std::to_string(g.line("robber: [2, -2], expect")) + ":5), not on action " +
              std::to_string(n) + ", which caused it: awards change at once");
  }
  SECTION("the 3rd knight, changed at the end of the turn") {
    Log g = blue_third_knight();
    const int n = g.act("play: knight, expect: {largest-army: none}", "deferred");
    g.act("robber: [2, -2]");
    g.act("end: turn, expect: {largest-army: blue}");
    CHECK_BROKEN(g.run(), "AWARD-09", n, g.line("# deferred"));
  }
  SECTION("never changed: the rule that moves it") {
    Log g = white_fourth_knight();
    const int n = g.act("play: knight, expect: {largest-army: blue}", "deferred");
    g.act("robber: [2, -2], expect: {largest-army: blue}");
    g.end();
    CHECK_BROKEN(g.run(), "AWARD-08", n, g.line("# deferred"));
  }
  SECTION("changed only in a later turn: not a deferral within the turn") {
    Log g = blue_third_knight();
    const int n = g.act("play: knight, expect: {largest-army: none}", "deferred");
    g.act("robber: [2, -2]");
    g.end();
    g.roll(8, ", expect: {largest-army: blue}");
    CHECK_BROKEN(g.run(), "AWARD-07", n, g.line("# deferred"));
  }
}

TEST_CASE("awards: COMP-10 one Largest Army and one Longest Road, worth 2 VP to one holder",
          "[rules][award]") {
  SECTION("kept: the transfer takes blue's 2 VP to white") {
    Log g = white_fourth_knight();
    g.act("play: knight, expect: {vp: {red: 2, blue: 2, white: 4, orange: 2}}");
    CHECK_LEGAL(g.run());
    const auto s = state_after(g.text);
    CHECK(s.largest_army == 2);
    CHECK(s.longest_road == catan::core::kNoPlayer);
    CHECK(catan::rules::check_invariants(s).empty());
  }
  auto comp10 = [](const catan::core::GameState& s) {
    for (const std::string& bad : catan::rules::check_invariants(s))
      if (bad.find("COMP-10") != std::string::npos) return true;
    return false;
  };
  SECTION("a Largest Army held with 2 knights breaks the invariant") {
    Log g = blue_second_knight();
    g.act("play: knight");
    auto s = state_after(g.text);
    CHECK_FALSE(comp10(s));
    s.largest_army = 1;
    CHECK(comp10(s));
  }
  SECTION("a Longest Road held with a 2-road trail breaks the invariant") {
    auto s = state_after(Log().text);
    CHECK_FALSE(comp10(s));
    s.longest_road = 0;
    CHECK(comp10(s));
  }
}

namespace {

int datum(const catan::core::Note& n, const std::string& key) {
  for (const auto& [k, v] : n.data)
    if (k == key) return v;
  return -1;
}

}  // namespace

TEST_CASE("awards notes: knights played per player and the rule deciding Largest Army",
          "[rules][award][largest-army][notes]") {
  using catan::test::note_text;
  using catan::test::notes_of;
  SECTION("2 knights are not enough (AWARD-07)") {
    Log g = blue_second_knight();
    const int n = g.act("play: knight, expect: {largest-army: blue}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-07", n, g.line("play: knight, expect: {largest-army: blue}"));
    CHECK(note_text(v, "knights played") == "red 0, blue 2, white 0, orange 0");
    REQUIRE(notes_of(v, "knights played").size() == 1);
    CHECK(datum(notes_of(v, "knights played")[0], "blue") == 2);
    CHECK(datum(notes_of(v, "knights played")[0], "red") == 0);
    CHECK(note_text(v, "award") ==
          "AWARD-07: nobody has played 3 knights, so the award stays in the bank");
  }
  SECTION("a tie at 3 leaves it with blue, who took it with the 3rd knight (AWARD-08)") {
    const int took = blue_third_knight().count + 1;  // blue's 3rd knight
    Log g = white_third_knight();
    const int n = g.act("play: knight, expect: {largest-army: white}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-08", n, g.line("largest-army: white}"));
    CHECK(note_text(v, "award") ==
          "AWARD-08: it moves only to strictly more knights; white equals blue's 3, so blue "
          "keeps it (held since action " +
              std::to_string(took) + ")");
  }
  SECTION("the 4th knight takes it on its own entry; the log keeps blue (AWARD-08)") {
    Log g = white_fourth_knight();
    const int n = g.act("play: knight, expect: {largest-army: blue}", "deferred");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-08", n, g.line("# deferred"));
    CHECK(note_text(v, "knights played") == "red 0, blue 3, white 4, orange 0");
    CHECK(note_text(v, "award") ==
          "AWARD-08: white's 4 knights are more than blue's 3, so white takes it on this entry "
          "(AWARD-09: at once)");
  }
  SECTION("the first to 3 takes it on its own entry (AWARD-07)") {
    Log g = blue_third_knight();
    const int n = g.act("play: knight, expect: {largest-army: none}", "deferred");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-07", n, g.line("# deferred"));
    CHECK(note_text(v, "award") ==
          "AWARD-07: blue is the first to play 3 knights and takes it on this entry (AWARD-09: "
          "at once)");
  }
}
