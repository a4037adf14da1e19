// Longest Road (RULES.md AWARD-01..06, D-08): the trail length and the award, with
// `expect: {longest-road: P|none}` and `expect: {vp: ...}` on logs over the fixture board, and
// catan::rules::road_length on hand-built states.
//
// Red's set-up: settlements A = [0, -1, S] and B = [1, -2, S] (both on the hills [0, -1]),
// roads A-[-1, 0, N] and B-[1, -1, N]. Red's main trail below runs
//   [1, -1, N] - B - [0, 0, N] - A - [-1, 0, N] - [-1, -1, S] - [-2, 0, N] - [-2, -1, S]
// through both of red's settlements (7 roads). Blue's runs from [-2, 0, N] (where blue later
// settles and cuts red's trail) along the top coast:
//   [-2, 0, N] - [-1, -2, S] - [-1, -1, N] - [0, -2, S] - [0, -1, N] - [1, -3, S] - [1, -2, N]
//   - [2, -3, S].
// Red's income: an 11 gives red a lumber (white a lumber, orange a wool), a 6 gives red 2
// brick (blue a brick, white and orange a grain). Blue's: 10 ore + brick, 3 lumber.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "base_island.hpp"
#include "core/geometry.hpp"
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

// The state where the replay of `yaml` ends.
catan::core::GameState state_after(const std::string& yaml) {
  auto docs = catan::log::read_string(yaml);
  REQUIRE(!docs.empty());
  REQUIRE(docs.front().game);
  auto out = catan::replay::replay("test.yaml", *docs.front().game, {});
  REQUIRE(out.state);
  return *out.state;
}

constexpr int kRed = 0, kBlue = 1;

// Turns 1-5: red builds its 7-road trail and takes Longest Road with the 5th.
// Turns 6-10: blue builds 6 roads (its trail is 6) and ends turn 10 holding {grain 1, brick 2,
// lumber 2, wool 1}, enough for the 7th road [1, -2, NE] or the settlement [-2, 0, N].
Log two_long_roads(const std::string& rules = "") {
  Log g(rules);
  g.roll(11);
  g.act("road: [0, -1, SE]");  // [-1, 0, N] - A - [0, 0, N]: 2
  g.end();
  g.pass(6);
  g.pass(11);
  g.pass(6);
  g.roll(11);  // red {wool 2, brick 4, lumber 2}
  g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 2}}");
  g.act("road: [0, -1, E], expect: {longest-road: none, vp: {red: 2}}");              // 4
  g.act("road: [-1, -1, SE], expect: {longest-road: red, vp: {red: 4}}");             // 5
  g.act("road: [-2, 0, NE]");                                                         // 6
  g.act("road: [-2, -1, SE], expect: {longest-road: red, hands: {red: {wool: 1}}}");  // 7
  g.end();
  g.roll(10);  // blue {ore 2, grain 1, brick 4}
  g.act("trade: {with: white, give: {ore: 1}, get: {lumber: 3}}");
  g.act("trade: {with: orange, give: {ore: 1}, get: {wool: 1}}");
  g.act("road: [-1, -2, SE]");
  g.act("road: [-2, -1, E]");
  g.act("road: [0, -2, SE], expect: {hands: {blue: {grain: 1, brick: 1, wool: 1}}}");  // 4
  g.end();
  g.pass(3);
  g.pass(3);
  g.pass(10);
  g.roll(6);  // blue {ore 1, grain 1, brick 3, lumber 2, wool 1}
  g.act("trade: {with: orange, give: {ore: 1}, get: {lumber: 2, wool: 1}}");
  g.act("trade: {with: red, give: {wool: 1}, get: {brick: 1}}");
  g.act("road: [0, -2, E]");  // 5
  g.act(
      "road: [1, -3, SE], expect: {longest-road: red, vp: {red: 4, blue: 2}, hands: {blue: "
      "{grain: 1, brick: 2, lumber: 2, wool: 1}}}");  // 6
  REQUIRE(g.active == kBlue);
  return g;
}

// Red builds roads from A only: [-1, -1, SE], [-2, 0, NE], [-2, -1, SE], [-3, 0, E] make the
// 5-trail A ... [-3, 1, N]; blue builds 2 roads to [-2, 0, N] on turn 2 and settles there on
// turn 6, splitting red's trail into 3 + 2.
Log short_trail_cut() {
  Log g;
  g.roll(11);
  g.act("road: [-1, -1, SE]");
  g.end();
  g.roll(6);  // blue {ore 1, grain 1, brick 2}
  g.act("trade: {with: white, give: {ore: 1}, get: {lumber: 2}}");
  g.act("road: [-1, -2, SE]");
  g.act("road: [-2, -1, E]");
  g.end();
  g.pass(11);
  g.pass(11);
  g.roll(6);  // red {wool 2, brick 4, lumber 2}
  g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 1}}");
  g.act("road: [-2, 0, NE]");
  g.act("road: [-2, -1, SE], expect: {longest-road: none}");
  g.act("road: [-3, 0, E], expect: {longest-road: red, vp: {red: 4}}");
  g.end();
  g.roll(10);  // blue {grain 1, brick 2, ore 1}
  g.act("trade: {with: white, give: {ore: 1}, get: {lumber: 1}}");
  g.act("trade: {with: orange, give: {brick: 1}, get: {wool: 1}}");
  return g;
}

// Red's roads [0, -1, SE], [0, -1, E] and the branch [-1, 0, E] at A: five roads, but the
// longest trail is 4 ([-1, 1, N] or [-1, 0, N] - A - [0, 0, N] - B - [1, -1, N]).
Log red_fork() {
  Log g;
  g.roll(11);
  g.act("road: [0, -1, SE]");
  g.end();
  g.pass(6);
  g.pass(11);
  g.pass(11);
  g.roll(6);  // red {wool 2, brick 4, lumber 2}
  g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 1}}");
  g.act("road: [0, -1, E]");
  return g;
}

// Red's roads round the empty forest [2, -2], starting from its road end [1, -1, N]: five of the
// six sides on turns 1 and 5 (the trail B - [1, -1, N] - ... - [2, -2, S] is 6).
Log ring_open() {
  Log g;
  g.roll(11);
  g.act("road: [1, -2, E]");
  g.end();
  g.pass(6);
  g.pass(11);
  g.pass(6);
  g.roll(11);  // red {wool 2, brick 4, lumber 2}
  g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 2}}");
  g.act("road: [2, -3, SE]");
  g.act("road: [2, -2, NE]");
  g.act("road: [2, -2, E]");
  g.act("road: [2, -2, SE], expect: {longest-road: red, vp: {red: 4}}");
  g.end();
  g.pass(11);
  g.pass(6);
  g.pass(10);
  g.roll(10);  // red, turn 9: {lumber 1, brick 2}
  return g;
}

}  // namespace

TEST_CASE("longest road: AWARD-01 and AWARD-02 a trail of five takes it; branches are not added",
          "[rules][award][longest-road]") {
  SECTION("kept: the fork's five roads give a trail of 4, so nobody holds it") {
    Log g = red_fork();
    g.act("road: [-1, 0, E], expect: {longest-road: none, vp: {red: 2}}");
    CHECK_LEGAL(g.run());
    const auto s = state_after(g.text);
    CHECK(s.players[kRed].roads == 5);
    CHECK(catan::rules::road_length(s, kRed) == 4);
  }
  SECTION("kept: one more road makes the trail 5") {
    Log g = red_fork();
    g.act("road: [-1, 0, E]");
    g.act("road: [-1, 0, SE], expect: {longest-road: red, vp: {red: 4, blue: 2}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("the log gives red the award for the fork (AWARD-02: length 4)") {
    Log g = red_fork();
    const int n = g.act("road: [-1, 0, E], expect: {longest-road: red}");
    CHECK_BROKEN(g.run(), "AWARD-02", n, g.line("road: [-1, 0, E]"));
  }
  SECTION("the log gives it at four") {
    Log g = red_fork();
    g.act("road: [-1, 0, E]");
    g.end();
    const int n = g.roll(10, ", expect: {longest-road: red}");
    CHECK_BROKEN(g.run(), "AWARD-02", n, g.line("roll: [4, 6], expect"));
  }
}

TEST_CASE("longest road: AWARD-01 a loop counts every road once", "[rules][award][longest-road]") {
  SECTION("kept: closing the ring round [2, -2] makes the trail 7") {
    Log g = ring_open();
    g.act("road: [1, -1, NE], expect: {longest-road: red, vp: {red: 4}}");
    g.end();
    CHECK_LEGAL(g.run());
    const auto s = state_after(g.text);
    CHECK(catan::rules::road_length(s, kRed) == 7);
  }
  SECTION("before closing it: 6") {
    Log g = ring_open();
    CHECK_LEGAL(g.run());
    CHECK(catan::rules::road_length(state_after(g.text), kRed) == 6);
  }
}

TEST_CASE("longest road: AWARD-01 the player's own settlements never interrupt",
          "[rules][award][longest-road]") {
  Log g = two_long_roads();
  CHECK_LEGAL(g.run());
  const auto s = state_after(g.text);
  CHECK(catan::rules::road_length(s, kRed) == 7);   // through A and B
  CHECK(catan::rules::road_length(s, kBlue) == 6);  // through [0, -2, S]
}

TEST_CASE("longest road: AWARD-01 the log may not credit a shorter road",
          "[rules][award][longest-road]") {
  Log g = two_long_roads();
  const int n = g.act("end: turn, expect: {longest-road: blue}");
  CHECK_BROKEN(g.run(), "AWARD-01", n, g.line("end: turn, expect: {longest-road: blue}"));
}

TEST_CASE("longest road: AWARD-03 equalling the holder never moves it",
          "[rules][award][longest-road]") {
  SECTION("kept: blue reaches 7 like red; red keeps it") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE], expect: {longest-road: red, vp: {red: 4, blue: 2}}");
    g.end();
    CHECK_LEGAL(g.run());
    CHECK(catan::rules::road_length(state_after(g.text), kBlue) == 7);
  }
  SECTION("the log moves it to blue") {
    Log g = two_long_roads();
    const int n = g.act("road: [1, -2, NE], expect: {longest-road: blue}");
    CHECK_BROKEN(g.run(), "AWARD-03", n, g.line("road: [1, -2, NE]"));
  }
}

TEST_CASE("longest road: AWARD-03 and AWARD-09 a strictly longer trail takes it at once",
          "[rules][award][longest-road]") {
  SECTION("kept: blue's 8th road beats red's 7 on that very entry") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE]");
    g.act("road: [2, -3, SE], expect: {longest-road: blue, vp: {red: 2, blue: 4}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("the log still names red: rejected") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE]");
    const int n = g.act("road: [2, -3, SE], expect: {longest-road: red}");
    const Verdict v = g.run();
    INFO(v.rule << ": " << v.message);
    CHECK(v.status == Status::Illegal);
    CHECK(v.action == n);
    CHECK(v.line == g.line("road: [2, -3, SE]"));
  }
}

// RULES.md AWARD-09: "The award change is deferred to the end of the turn in the log ✗
// AWARD-09". A log still naming the previous holder on the entry that moved the award breaks
// the rule that moved it (AWARD-03 here); when it names the new holder later in the turn,
// the entry cites AWARD-09.
TEST_CASE("longest road: AWARD-09 is the rule a deferred award change breaks", "[rules][awards]") {
  SECTION("changed at the end of the turn") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE]");
    const int n = g.act("road: [2, -3, SE], expect: {longest-road: red}");
    g.act("end: turn, expect: {longest-road: blue}");
    CHECK_BROKEN(g.run(), "AWARD-09", n, g.line("road: [2, -3, SE]"));
  }
  SECTION("changed at the end of the turn, with --keep-going: one deviation, AWARD-09") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE]");
    const int n = g.act("road: [2, -3, SE], expect: {longest-road: red}");
    g.act("end: turn, expect: {longest-road: blue, vp: {blue: 4}}");
    g.active = (g.active + 1) % 4;
    g.pass(8);
    catan::replay::Settings st;
    st.keep_going = true;
    const auto reports = catan::replay::check_source("test.yaml", g.text, st);
    REQUIRE(reports.size() == 1);
    const auto& r = reports.front();
    REQUIRE(r.error);
    CHECK(catan::core::id(*r.error->rule) == "AWARD-09");
    CHECK(r.error->action == n);
    INFO((r.deviations.empty() ? std::string() : r.deviations[0].message));
    CHECK(r.deviations.empty());  // the end of the turn names the engine's holder again
  }
  SECTION("never changed") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE]");
    const int n = g.act("road: [2, -3, SE], expect: {longest-road: red}");
    g.act("end: turn, expect: {longest-road: red}");
    CHECK_BROKEN(g.run(), "AWARD-03", n, g.line("road: [2, -3, SE]"));
  }
}

// Causes before consequences: an entry asserting the wrong holder and the VP that holder
// would have is cited for the award, not for the VP it changes.
TEST_CASE("longest road: a wrong holder is cited before the VP it changes", "[rules][awards]") {
  Log g = two_long_roads();
  g.act("road: [1, -2, NE]");
  const int n = g.act("road: [2, -3, SE], expect: {vp: {red: 4, blue: 2}, longest-road: red}");
  CHECK_BROKEN(g.run(), "AWARD-03", n, g.line("road: [2, -3, SE]"));
}

TEST_CASE("longest road: AWARD-04 an opponent's settlement cuts a trail",
          "[rules][award][longest-road]") {
  SECTION("kept: blue settles inside red's 7 (now 6 + 1) and, at 7, takes it") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE]");
    g.act("settlement: [-2, 0, N], expect: {longest-road: blue, vp: {red: 2, blue: 5}}");
    g.end();
    CHECK_LEGAL(g.run());
    const auto s = state_after(g.text);
    CHECK(catan::rules::road_length(s, kRed) == 6);
    CHECK(catan::rules::road_length(s, kBlue) == 7);
  }
  SECTION("the log leaves the award with red, cut to 6 while blue has 7") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE]");
    const int n = g.act("settlement: [-2, 0, N], expect: {longest-road: red}");
    CHECK_BROKEN(g.run(), "AWARD-04", n, g.line("settlement: [-2, 0, N]"));
  }
  SECTION("the log leaves the award with red, cut to 3 with nobody else at 5") {
    Log g = short_trail_cut();
    const int n = g.act("settlement: [-2, 0, N], expect: {longest-road: red}");
    CHECK_BROKEN(g.run(), "AWARD-04", n, g.line("settlement: [-2, 0, N]"));
  }
}

TEST_CASE("longest road: AWARD-05 a cut holder still tied for longest keeps it (D-08)",
          "[rules][award][longest-road]") {
  SECTION("kept: `holder-keeps` (default): red 6, blue 6, red keeps") {
    Log g = two_long_roads();
    g.act("settlement: [-2, 0, N], expect: {longest-road: red, vp: {red: 4, blue: 3}}");
    g.end();
    CHECK_LEGAL(g.run());
    const auto s = state_after(g.text);
    CHECK(catan::rules::road_length(s, kRed) == 6);
    CHECK(catan::rules::road_length(s, kBlue) == 6);
  }
  SECTION("the log sets it aside under the default") {
    Log g = two_long_roads();
    const int n = g.act("settlement: [-2, 0, N], expect: {longest-road: none}");
    CHECK_BROKEN(g.run(), "AWARD-05", n, g.line("settlement: [-2, 0, N]"));
  }
  SECTION("kept: `longest-road-broken-tie: set-aside`: nobody holds it") {
    Log g = two_long_roads("{longest-road-broken-tie: set-aside}");
    g.act("settlement: [-2, 0, N], expect: {longest-road: none, vp: {red: 2, blue: 3}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: the `catan-5e` profile sets it aside too") {
    Log g = two_long_roads("catan-5e");
    g.act("settlement: [-2, 0, N], expect: {longest-road: none}");
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: cut below five with nobody else at five, it returns to the bank") {
    Log g = short_trail_cut();
    g.act("settlement: [-2, 0, N], expect: {longest-road: none, vp: {red: 2, blue: 3}}");
    g.end();
    CHECK_LEGAL(g.run());
    CHECK(catan::rules::road_length(state_after(g.text), kRed) == 3);
  }
}

TEST_CASE("longest road: AWARD-06 from the bank only to a player alone at 5 or more",
          "[rules][award][longest-road]") {
  // Under set-aside the tie 6 - 6 leaves the award in the bank; red's 7th road takes it back.
  Log g = two_long_roads("{longest-road-broken-tie: set-aside}");
  g.act("settlement: [-2, 0, N]");
  g.end();
  SECTION("kept: tied, it stays in the bank; alone at 7, red takes it") {
    g.roll(11, ", expect: {longest-road: none}");  // white: red gets a lumber
    g.end();
    g.pass(10);
    g.roll(10);  // red, turn 13: {brick 1, lumber 1}
    g.act("road: [1, -2, E], expect: {longest-road: red, vp: {red: 4, blue: 3}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("the log gives it to blue during the tie") {
    const int n = g.roll(11, ", expect: {longest-road: blue}");
    CHECK_BROKEN(g.run(), "AWARD-06", n, g.line("expect: {longest-road: blue}"));
  }
}

namespace {

using catan::core::CornerDir;
using catan::core::EdgeDir;

// An empty fixture board: set roads and buildings by hand.
catan::core::GameState empty_board() {
  std::string yaml = catan::test::header();  // ends with "actions:\n"
  return state_after(yaml.substr(0, yaml.size() - 1) + " []\n");
}
void road(catan::core::GameState& s, int p, int q, int r, EdgeDir d) {
  const auto e = base_island().edge_id({q, r}, d);
  REQUIRE(e != catan::core::kNone);
  s.edge_owner[e] = static_cast<int8_t>(p);
}
void building(catan::core::GameState& s, int p, int q, int r, CornerDir d) {
  const auto c = base_island().corner_id({q, r}, d);
  REQUIRE(c != catan::core::kNone);
  s.corner_owner[c] = static_cast<int8_t>(p);
  s.corner_building[c] = catan::core::Building::Settlement;
}
// The six sides of hex [q, r].
void ring(catan::core::GameState& s, int p, int q, int r) {
  for (EdgeDir d : {EdgeDir::NE, EdgeDir::E, EdgeDir::SE, EdgeDir::SW, EdgeDir::W, EdgeDir::NW})
    road(s, p, q, r, d);
}
// [-1, 0, N] - A - [0, 0, N] - B - [1, -1, N] and on to [2, -2, S], [2, -1, N]: 6 roads.
void chain(catan::core::GameState& s, int p) {
  road(s, p, -1, 0, EdgeDir::NE);
  road(s, p, 0, -1, EdgeDir::SE);
  road(s, p, 0, -1, EdgeDir::E);
  road(s, p, 1, -2, EdgeDir::SE);
  road(s, p, 1, -1, EdgeDir::NE);
  road(s, p, 2, -2, EdgeDir::SE);
}

}  // namespace

TEST_CASE("longest road: road_length on hand-built boards", "[rules][award][longest-road]") {
  catan::core::GameState s = empty_board();
  SECTION("no roads: 0") { CHECK(catan::rules::road_length(s, kRed) == 0); }
  SECTION("a chain of 6") {
    chain(s, kRed);
    CHECK(catan::rules::road_length(s, kRed) == 6);
    CHECK(catan::rules::road_length(s, kBlue) == 0);
  }
  SECTION("a fork: the longer branch only") {
    chain(s, kRed);
    road(s, kRed, -1, 0, EdgeDir::E);                // A - [-1, 1, N]
    road(s, kRed, -1, 0, EdgeDir::SE);               // [-1, 1, N] - [-1, 0, S]
    CHECK(catan::rules::road_length(s, kRed) == 7);  // [-1, 0, S] ... [2, -1, N]
  }
  SECTION("a ring of six: 6; with a tail: 7") {
    ring(s, kRed, 2, -2);
    CHECK(catan::rules::road_length(s, kRed) == 6);
    road(s, kRed, 1, -2, EdgeDir::SE);
    CHECK(catan::rules::road_length(s, kRed) == 7);
  }
  SECTION("two rings sharing a side: one trail over all 11 roads") {
    ring(s, kRed, 2, -2);
    ring(s, kRed, 1, -1);
    CHECK(catan::rules::road_length(s, kRed) == 11);
  }
  SECTION("two separate pieces are not added") {
    ring(s, kRed, 2, -2);
    road(s, kRed, -2, 2, EdgeDir::SE);
    road(s, kRed, -2, 2, EdgeDir::SW);
    CHECK(catan::rules::road_length(s, kRed) == 6);
  }
  SECTION("an opponent's building splits the chain; a trail may end at it") {
    chain(s, kRed);
    building(s, kBlue, 1, -2, CornerDir::S);  // B's corner, 3 roads in, 3 out
    CHECK(catan::rules::road_length(s, kRed) == 3);
  }
  SECTION("the player's own building does not split it") {
    chain(s, kRed);
    building(s, kRed, 1, -2, CornerDir::S);
    building(s, kRed, 0, -1, CornerDir::S);
    CHECK(catan::rules::road_length(s, kRed) == 6);
  }
  SECTION("an opponent's building at the end of the chain costs nothing") {
    chain(s, kRed);
    building(s, kBlue, 2, -1, CornerDir::N);
    CHECK(catan::rules::road_length(s, kRed) == 6);
  }
  SECTION("an opponent's building on a ring leaves a 6-trail round it") {
    ring(s, kRed, 2, -2);
    building(s, kBlue, 2, -2, CornerDir::N);
    CHECK(catan::rules::road_length(s, kRed) == 6);
  }
}

namespace {

// The paths of a trail note's data, as their canonical names.
std::vector<std::string> trail_edges(const catan::core::Note& n) {
  std::vector<std::string> out;
  for (const auto& [k, v] : n.detail)
    if (k == "edges")
      for (const auto& e : v.items) out.push_back(base_island().edge_text(e.number));
  return out;
}
int datum(const catan::core::Note& n, const std::string& key) {
  for (const auto& [k, v] : n.data)
    if (k == key) return v;
  return -1;
}
std::string player_of(const catan::core::Note& n) {
  for (const auto& [k, v] : n.detail)
    if (k == "player") return v.name;
  return "";
}

// A trail is a walk: each path shares a corner with the next, no path twice, all p's.
void check_trail(const catan::core::GameState& s, int p) {
  const auto t = catan::rules::longest_trail(s, p);
  CHECK(static_cast<int>(t.edges.size()) == catan::rules::road_length(s, p));
  catan::core::CornerId at = t.start;
  for (size_t i = 0; i < t.edges.size(); ++i) {
    const auto e = t.edges[i];
    CHECK(s.edge_owner[e] == p);
    CHECK(std::count(t.edges.begin(), t.edges.end(), e) == 1);
    const auto ends = base_island().edge_corners(e);
    REQUIRE((ends[0] == at || ends[1] == at));
    at = ends[0] == at ? ends[1] : ends[0];
  }
  CHECK(at == t.end);
}

}  // namespace

TEST_CASE("longest road notes: the trails of the contenders and the rule deciding the holder",
          "[rules][award][longest-road][notes]") {
  SECTION("a tie: blue's 7 equals red's 7, red keeps it (AWARD-03)") {
    Log g = two_long_roads();
    const int n = g.act("road: [1, -2, NE], expect: {longest-road: blue}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-03", n, g.line("road: [1, -2, NE]"));
    const auto trails = catan::test::notes_of(v, "trail");
    REQUIRE(trails.size() == 2);
    CHECK(trails[0].text ==
          "red 7: [1, -2, SE] [0, -1, E] [0, -1, SE] [-1, 0, NE] [-1, -1, SE] [-2, 0, NE] "
          "[-2, -1, SE]");
    CHECK(trails[1].text ==
          "blue 7: [1, -2, NE] [1, -3, SE] [0, -2, E] [0, -2, SE] [-1, -1, NE] [-1, -2, SE] "
          "[-2, -1, E]");
    CHECK(player_of(trails[0]) == "red");
    CHECK(player_of(trails[1]) == "blue");
    CHECK(datum(trails[0], "length") == 7);
    CHECK(trail_edges(trails[1]).size() == 7);
    CHECK(catan::test::note_text(v, "award") ==
          "AWARD-03: only a strictly longer road takes the award from its holder; blue equals "
          "red's 7, so red keeps it (held since action 29)");  // red's 5th road, turn 5
    CHECK(catan::test::note_text(v, "road lengths") == "red 7, blue 7, white 1, orange 1");
  }
  SECTION("a cut: blue's settlement cuts red's 7 to 6 and blue, alone at 7, takes it (AWARD-04)") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE]");
    const int n = g.act("settlement: [-2, 0, N], expect: {longest-road: red}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-04", n, g.line("settlement: [-2, 0, N]"));
    const auto trails = catan::test::notes_of(v, "trail");
    REQUIRE(trails.size() == 2);
    CHECK(trails[0].text ==
          "red 6: [1, -2, SE] [0, -1, E] [0, -1, SE] [-1, 0, NE] [-1, -1, SE] [-2, 0, NE]; "
          "blue's settlement at [-2, 0, N] cuts it: a trail may end at an opponent's building "
          "but not pass it (AWARD-01)");
    CHECK(datum(trails[0], "length") == 6);
    CHECK(datum(trails[0], "catanatron-length") == -1);  // the same under catanatron's reading
    CHECK(catan::test::note_text(v, "award") ==
          "red's road was broken from 7 to 6 (AWARD-04); AWARD-05: blue alone has the longest "
          "road, 7, and takes it, on this entry (AWARD-09: at once)");
  }
  SECTION("a strictly longer road takes it on its own entry; the log keeps red (AWARD-03)") {
    Log g = two_long_roads();
    g.act("road: [1, -2, NE]");
    const int n = g.act("road: [2, -3, SE], expect: {longest-road: red}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-03", n, g.line("road: [2, -3, SE]"));
    CHECK(datum(catan::test::notes_of(v, "trail").at(1), "length") == 8);
    CHECK(catan::test::note_text(v, "award") ==
          "AWARD-03: blue's 8 is longer than red's 7, so blue takes it, on this entry (AWARD-09: "
          "at once)");
  }
  SECTION("branches are not added: a fork of five roads is a trail of 4 (AWARD-02)") {
    Log g = red_fork();
    const int n = g.act("road: [-1, 0, E], expect: {longest-road: red}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-02", n, g.line("road: [-1, 0, E]"));
    REQUIRE(catan::test::notes_of(v, "trail").size() == 1);
    CHECK(catan::test::note_text(v, "trail") ==
          "red 4: [1, -2, SE] [0, -1, E] [0, -1, SE] [-1, 0, NE]");
    CHECK(catan::test::note_text(v, "award") ==
          "AWARD-02: the longest road is 4, under 5, so the award stays in the bank");
  }
  SECTION("a tie in the bank leaves it there (AWARD-06)") {
    Log g = two_long_roads("{longest-road-broken-tie: set-aside}");
    g.act("settlement: [-2, 0, N]");
    g.end();
    const int n = g.roll(11, ", expect: {longest-road: blue}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-06", n, g.line("expect: {longest-road: blue}"));
    CHECK(catan::test::note_text(v, "award") ==
          "AWARD-06: red and blue tie at 6, so the award stays in the bank");
  }
  SECTION("a broken holder still tied keeps it (AWARD-05, holder-keeps)") {
    Log g = two_long_roads();
    const int n = g.act("settlement: [-2, 0, N], expect: {longest-road: none}");
    const Verdict v = g.run();
    CHECK_BROKEN(v, "AWARD-05", n, g.line("settlement: [-2, 0, N]"));
    CHECK(catan::test::note_text(v, "award") ==
          "red's road was broken from 7 to 6 (AWARD-04); AWARD-05: red is still the longest, "
          "tied with blue (longest-road-broken-tie: holder-keeps) and keeps it");
  }
}

TEST_CASE("longest road notes: a trail that ends at opponents' buildings, and catanatron's count",
          "[rules][award][longest-road][notes]") {
  catan::core::GameState s = empty_board();
  chain(s, kRed);                           // [-1, 0, N] ... [2, -1, N]: 6 roads
  building(s, kBlue, -1, 0, CornerDir::N);  // at one end
  building(s, kBlue, 2, -1, CornerDir::N);  // and at the other
  s.players[kRed].road_length = catan::rules::road_length(s, kRed);
  REQUIRE(s.players[kRed].road_length == 6);
  s.longest_road = kRed;
  const auto before = catan::rules::prior_of(s);
  catan::core::Expectation e;
  e.longest_road = catan::core::kNoPlayer;
  const auto v = catan::rules::check_expectation(before, s, catan::core::Action{}, e);
  REQUIRE(v);
  // Red's road is not broken: red holds it alone at 6 (5 or more), so putting the award in
  // the bank breaks AWARD-02 (it was cited as AWARD-05, the rule for a broken holder).
  CHECK(catan::core::id(v->rule) == "AWARD-02");
  std::vector<catan::core::Note> trails;
  for (const auto& n : v->notes)
    if (n.label == "trail") trails.push_back(n);
  REQUIRE(trails.size() == 1);
  CHECK(trails[0].text ==
        "red 6: [2, -2, SE] [1, -1, NE] [1, -2, SE] [0, -1, E] [0, -1, SE] [-1, 0, NE]; blue's "
        "settlement at [2, -1, N] ends it, and the path into it counts (AWARD-01); blue's "
        "settlement at [-1, 0, N] ends it, and the path into it counts (AWARD-01) (catanatron, "
        "which never walks onto an opponent's building, counts 5)");
  CHECK(datum(trails[0], "length") == 6);
  CHECK(datum(trails[0], "catanatron-length") == 5);
  SECTION("one opponent's building at an end: catanatron agrees (it may start there)") {
    s.corner_owner[base_island().corner_id({2, -1}, CornerDir::N)] = catan::core::kNoPlayer;
    const auto w = catan::rules::check_expectation(before, s, catan::core::Action{}, e);
    REQUIRE(w);
    for (const auto& n : w->notes)
      if (n.label == "trail") {
        CHECK(n.text ==
              "red 6: [2, -2, SE] [1, -1, NE] [1, -2, SE] [0, -1, E] [0, -1, SE] [-1, 0, NE]; "
              "blue's settlement at [-1, 0, N] ends it, and the path into it counts (AWARD-01)");
        CHECK(datum(n, "catanatron-length") == -1);
      }
  }
}

TEST_CASE("longest road: longest_trail is a walk as long as road_length",
          "[rules][award][longest-road]") {
  catan::core::GameState s = empty_board();
  SECTION("no roads") { CHECK(catan::rules::longest_trail(s, kRed).edges.empty()); }
  SECTION("a chain, a fork, rings, a building") {
    chain(s, kRed);
    check_trail(s, kRed);
    road(s, kRed, -1, 0, EdgeDir::E);
    road(s, kRed, -1, 0, EdgeDir::SE);
    check_trail(s, kRed);
    ring(s, kRed, 2, -2);
    ring(s, kRed, 1, -1);
    check_trail(s, kRed);
    building(s, kBlue, 1, -2, CornerDir::S);
    check_trail(s, kRed);
    building(s, kBlue, 2, -2, CornerDir::N);
    check_trail(s, kRed);
  }
}

// road_length starts its search only at corners with one or three of the player's roads or
// an opponent's building (and once in a ring with neither); longest_trail still walks from
// every corner. They must agree on any network: random ones, grown mostly from their own
// ends so that branches and rings are common, with opponents' buildings on some corners.
TEST_CASE("longest road: road_length agrees with the search from every corner",
          "[rules][award][longest-road][property]") {
  const catan::core::GameState empty = empty_board();
  std::mt19937 rng(20261202);
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  int rings = 0, cut = 0;
  for (int round = 0; round < 5000; ++round) {
    catan::core::GameState s = empty;
    const int roads = 1 + pick(32);
    std::vector<catan::core::EdgeId> own;
    while (static_cast<int>(own.size()) < roads) {
      catan::core::EdgeId e = static_cast<catan::core::EdgeId>(pick(base_island().edge_count()));
      if (!own.empty() && pick(10) < 9) {  // next to a road already built
        const auto ends = base_island().edge_corners(own[pick(static_cast<int>(own.size()))]);
        const auto next = base_island().corner_edges(ends[pick(2)]);
        e = next[pick(static_cast<int>(next.size()))];
      }
      if (s.edge_owner[e] != catan::core::kNoPlayer) continue;
      s.edge_owner[e] = static_cast<int8_t>(kRed);
      own.push_back(e);
    }
    for (int k = pick(5); k > 0; --k) {
      const auto ends = base_island().edge_corners(own[pick(static_cast<int>(own.size()))]);
      s.corner_owner[ends[pick(2)]] = static_cast<int8_t>(pick(3) == 0 ? kRed : kBlue);
    }
    const int length = catan::rules::road_length(s, kRed);
    const auto trail = catan::rules::longest_trail(s, kRed);
    INFO("round " << round << ", " << roads << " roads");
    REQUIRE(length == static_cast<int>(trail.edges.size()));
    rings += trail.start == trail.end;
    cut += length < roads;
  }
  CHECK(rings > 20);  // closed trails, which the search must find from a corner of their own
  CHECK(cut > 1000);
}
