// Rules options (RULES.md section 0.4 and section 2, LOG-FORMAT.md `rules:`): for every
// variant key, one situation whose verdict the option changes the way section 2 says, checked
// under the default and under the variant; then `victory-points`, `discard-limit` and the
// `catan-5e` profile.
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

// `rules: {key: value}`, or no `rules:` at all for the default.
std::string with(const std::string& key, const std::string& value) {
  return value.empty() ? "" : "{" + key + ": " + value + "}";
}

catan::core::GameState state_after(const std::string& yaml) {
  auto docs = catan::log::read_string(yaml);
  REQUIRE(!docs.empty());
  REQUIRE(docs.front().game);
  auto out = catan::replay::replay("test.yaml", *docs.front().game, {});
  REQUIRE(out.state);
  return *out.state;
}

// Seven 4s leave 1 grain in the bank; the 8th (orange's turn 8) owes orange 2 grain, and
// orange is the only one owed grain (red and blue get a wool each).
Log eighth_4(const std::string& rules) {
  Log g(rules);
  for (int t = 0; t < 7; ++t) g.pass(4);
  return g;
}

}  // namespace

TEST_CASE("variants: bank-shortage (D-01)", "[rules][variants]") {
  const std::string all = ", gains: {red: {wool: 1}, blue: {wool: 1}, orange: {grain: 1}}";
  const std::string none = ", gains: {red: {wool: 1}, blue: {wool: 1}}";
  SECTION("single-recipient-takes-rest (default): orange takes the last grain") {
    Log g = eighth_4("");
    g.roll(4, all);
    CHECK_LEGAL(g.run());
  }
  SECTION("strict: nobody receives it") {
    Log g = eighth_4(with("bank-shortage", "strict"));
    const int n = g.roll(4, all);
    CHECK_BROKEN(g.run(), "PROD-04", n, g.line("orange: {grain: 1}"));
  }
  SECTION("strict: kept") {
    Log g = eighth_4(with("bank-shortage", "strict"));
    g.roll(4, none + ", expect: {bank: {lumber: 17, brick: 17, wool: 0, grain: 1, ore: 18}}");
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("variants: start-player (D-02)", "[rules][variants]") {
  auto game = [](const std::string& rules, const std::string& rolloff) {
    Log g(rules);
    g.text += "rolloff:\n" + rolloff;
    return g;
  };
  const std::string blue_high = "  - {red: [2, 3], blue: [6, 6], white: [1, 1], orange: [4, 4]}\n";
  const std::string red_high = "  - {red: [6, 5], blue: [6, 4], white: [1, 1], orange: [4, 4]}\n";
  const std::string tie =
      "  - {red: [6, 6], blue: [6, 6], white: [1, 1], orange: [4, 4]}\n"
      "  - {red: [3, 3], blue: [1, 2]}\n";
  const std::string variant = with("start-player", "highest-roll-reroll-ties");
  SECTION("as-logged (default): the log's starter, whatever the roll-off") {
    CHECK_LEGAL(game("", blue_high).run());
  }
  SECTION("highest-roll-reroll-ties: red, who starts, did not roll highest") {
    Log g = game(variant, blue_high);
    CHECK_BROKEN(g.run(), "SETUP-02", 0, g.line("players:"));
  }
  SECTION("highest-roll-reroll-ties: kept") { CHECK_LEGAL(game(variant, red_high).run()); }
  SECTION("highest-roll-reroll-ties: kept after the tied players re-roll") {
    CHECK_LEGAL(game(variant, tie).run());
  }
  SECTION("highest-roll-reroll-ties: a tie with no re-roll") {
    Log g = game(variant, "  - {red: [6, 6], blue: [6, 6], white: [1, 1], orange: [4, 4]}\n");
    CHECK_BROKEN(g.run(), "SETUP-02", 0, g.line("red: [6, 6], blue: [6, 6]"));
  }
}

TEST_CASE("variants: robber-desert (D-03)", "[rules][variants]") {
  // A 7 on turn 4 sends the robber to [0, -2]; red's 7 on turn 5 brings it back to the desert.
  auto back = [](const std::string& rules) {
    Log g(rules);
    g.pass(10);
    g.pass(10);
    g.pass(9);
    g.roll(7);
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: ore}");
    g.end();
    g.roll(7);
    return g;
  };
  SECTION("allowed (default)") {
    Log g = back("");
    g.act("robber: [0, 0]");
    CHECK_LEGAL(g.run());
  }
  SECTION("forbidden") {
    Log g = back(with("robber-desert", "forbidden"));
    const int n = g.act("robber: [0, 0]");
    CHECK_BROKEN(g.run(), "ROBBER-03", n, g.line("red, robber: [0, 0]"));
  }
}

namespace {
// Blue buys `card` on turn 2 and is active again on turn 6, before its roll.
Log bought_on_turn_2(const std::string& card, const std::string& rules) {
  Log g(rules);
  g.pass(4);
  g.roll(10);
  g.act("buy: " + card);
  g.end();
  g.pass(10);
  g.pass(4);
  g.pass(12);
  REQUIRE(g.active == 1);
  return g;
}
}  // namespace

TEST_CASE("variants: turn-phases (D-04)", "[rules][variants]") {
  auto build_then_trade = [](const std::string& rules) {
    Log g(rules);
    g.roll(11);  // red {wool 2, brick 1, lumber 1}
    g.act("road: [0, -1, SE]");
    return g;
  };
  SECTION("combined (default): trade after building") {
    Log g = build_then_trade("");
    g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("strict") {
    Log g = build_then_trade(with("turn-phases", "strict"));
    const int n = g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 1}}");
    CHECK_BROKEN(g.run(), "TURN-04", n, g.line("with: white"));
  }
}

TEST_CASE("variants: turn-phases strict still lets a card be played after a purchase (D-04)",
          "[rules][variants]") {
  Log g = bought_on_turn_2("knight", with("turn-phases", "strict"));
  g.roll(2);  // blue {ore 2, brick 3, wool 1, grain 1}
  g.act("buy: knight");
  g.act("play: knight");
  g.act("robber: [2, -2]");
  g.end();
  CHECK_LEGAL(g.run());
}

TEST_CASE("variants: robber-steal (D-05)", "[rules][variants]") {
  auto no_steal = [](const std::string& rules) {
    Log g(rules);
    g.roll(7);
    return g;
  };
  SECTION("mandatory (default): blue is on [0, -2] with cards") {
    Log g = no_steal("");
    const int n = g.act("robber: [0, -2]");
    CHECK_BROKEN(g.run(), "ROBBER-04", n, g.line("robber: [0, -2]"));
  }
  SECTION("optional") {
    Log g = no_steal(with("robber-steal", "optional"));
    g.act("robber: [0, -2]");
    g.end();
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("variants: road-building-shortfall (D-06)", "[rules][variants]") {
  auto one_road = [](const std::string& mode) {
    Log g = bought_on_turn_2("road-building", with("road-building-shortfall", mode));
    g.roll(2);
    g.act("play: road-building");
    g.act("road: [0, -2, W]");  // a second free road could follow ([0, -2, NW])
    return g;
  };
  SECTION("up-to-two (default): one road is enough") {
    Log g = one_road("");
    g.end();
    CHECK_LEGAL(g.run());
  }
  for (const char* mode : {"as-many-as-possible", "exactly-two"}) {
    SECTION(mode) {
      Log g = one_road(mode);
      const int n = g.act("end: turn", "one free road short");
      CHECK_BROKEN(g.run(), "DEV-08", n, g.line("one free road short"));
    }
  }
  SECTION("exactly-two with one road piece left: unplayable; up-to-two: playable") {
    Log g = bought_on_turn_2("road-building", "");
    g.roll(2);
    auto s = state_after(g.text);
    s.players[1].roads = 14;
    catan::core::Action a;
    a.kind = catan::core::ActionKind::Play;
    a.player = 1;
    a.card = catan::core::DevCard::RoadBuilding;
    CHECK_FALSE(catan::rules::check(s, a));
    s.options.road_building_shortfall = catan::core::RoadBuildingShortfall::ExactlyTwo;
    auto v = catan::rules::check(s, a);
    REQUIRE(v);
    CHECK(catan::core::id(v->rule) == "DEV-08");
  }
}

TEST_CASE("variants: year-of-plenty-shortage (D-07)", "[rules][variants]") {
  // A bank holding a single card (a state no short log reaches): take-available takes it.
  Log g = bought_on_turn_2("year-of-plenty", "");
  auto s = state_after(g.text);
  s.bank = catan::core::ResourceSet::of({{catan::core::Resource::Grain, 1}});
  catan::core::Action a;
  a.kind = catan::core::ActionKind::Play;
  a.player = 1;
  a.card = catan::core::DevCard::YearOfPlenty;
  a.has_take = true;
  a.get = s.bank;
  SECTION("take-available (default)") { CHECK_FALSE(catan::rules::check(s, a)); }
  SECTION("forbid") {
    s.options.year_of_plenty_shortage = catan::core::YearOfPlentyShortage::Forbid;
    auto v = catan::rules::check(s, a);
    REQUIRE(v);
    CHECK(catan::core::id(v->rule) == "DEV-09");
  }
}

namespace {
// Red's 7-road trail holds Longest Road; blue's trail is 6 and blue holds the cards for the
// settlement [-2, 0, N], which cuts red's trail to 6 (see longest_road_test.cpp).
Log two_long_roads(const std::string& rules) {
  Log g(rules);
  g.roll(11);
  g.act("road: [0, -1, SE]");
  g.end();
  g.pass(6);
  g.pass(11);
  g.pass(6);
  g.roll(11);
  g.act("trade: {with: white, give: {wool: 1}, get: {lumber: 2}}");
  for (const char* e : {"[0, -1, E]", "[-1, -1, SE]", "[-2, 0, NE]", "[-2, -1, SE]"})
    g.act(std::string("road: ") + e);
  g.end();
  g.roll(10);
  g.act("trade: {with: white, give: {ore: 1}, get: {lumber: 3}}");
  g.act("trade: {with: orange, give: {ore: 1}, get: {wool: 1}}");
  for (const char* e : {"[-1, -2, SE]", "[-2, -1, E]", "[0, -2, SE]"})
    g.act(std::string("road: ") + e);
  g.end();
  g.pass(3);
  g.pass(3);
  g.pass(10);
  g.roll(6);
  g.act("trade: {with: orange, give: {ore: 1}, get: {lumber: 2, wool: 1}}");
  g.act("trade: {with: red, give: {wool: 1}, get: {brick: 1}}");
  g.act("road: [0, -2, E]");
  g.act("road: [1, -3, SE], expect: {longest-road: red}");
  return g;
}
}  // namespace

TEST_CASE("variants: longest-road-broken-tie (D-08)", "[rules][variants]") {
  SECTION("holder-keeps (default): red, cut to 6 and tied with blue, keeps it") {
    Log g = two_long_roads("");
    g.act("settlement: [-2, 0, N], expect: {longest-road: red}");
    CHECK_LEGAL(g.run());
  }
  SECTION("holder-keeps: the log sets it aside") {
    Log g = two_long_roads("");
    const int n = g.act("settlement: [-2, 0, N], expect: {longest-road: none}");
    CHECK_BROKEN(g.run(), "AWARD-05", n, g.line("settlement: [-2, 0, N]"));
  }
  SECTION("set-aside: the log leaves it with red") {
    Log g = two_long_roads(with("longest-road-broken-tie", "set-aside"));
    const int n = g.act("settlement: [-2, 0, N], expect: {longest-road: red}");
    CHECK_BROKEN(g.run(), "AWARD-04", n, g.line("settlement: [-2, 0, N]"));
  }
  SECTION("set-aside: kept") {
    Log g = two_long_roads(with("longest-road-broken-tie", "set-aside"));
    g.act("settlement: [-2, 0, N], expect: {longest-road: none}");
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("variants: win-detection (D-09) and victory-points", "[rules][variants]") {
  // Blue reaches 3 VP on its own turn 2 by buying a victory point card.
  auto vp_card = [](const std::string& rules) {
    Log g(rules);
    g.pass(4);
    g.roll(10);
    g.act("buy: victory-point, expect: {vp: {blue: 3}}");
    return g;
  };
  SECTION("victory-points 10 (default): the game goes on") {
    Log g = vp_card("");
    g.end();
    const Verdict v = g.run();
    CHECK_LEGAL(v);
    CHECK(v.status == Status::Incomplete);
  }
  SECTION("victory-points 3, automatic (default): the game ended at the purchase") {
    Log g = vp_card("{victory-points: 3}");
    const int n = g.act("end: turn", "after the win");
    CHECK_BROKEN(g.run(), "TURN-07", n, g.line("after the win"));
  }
  SECTION("victory-points 3, automatic: kept with the winner's claim") {
    Log g = vp_card("{victory-points: 3}");
    g.act("reveal: 1");
    g.act("claim: win");
    const Verdict v = g.run();
    CHECK(v.status == Status::Legal);
    CHECK(v.rule.empty());
  }
  SECTION("victory-points 3, declared: play goes on until the claim") {
    Log g = vp_card("{victory-points: 3, win-detection: declared}");
    g.end();
    g.pass(10);
    g.pass(10);
    g.pass(10);
    g.roll(10);  // blue, turn 6
    g.act("claim: win");
    const Verdict v = g.run();
    CHECK(v.status == Status::Legal);
    CHECK(v.rule.empty());
  }
  SECTION("victory-points 3, declared: nothing after the claim") {
    Log g = vp_card("{victory-points: 3, win-detection: declared}");
    g.act("claim: win");
    const int n = g.act("end: turn", "after the claim");
    CHECK_BROKEN(g.run(), "TURN-07", n, g.line("after the claim"));
  }
}

TEST_CASE("variants: maritime-same-type (D-10)", "[rules][variants]") {
  auto four_wool = [](const std::string& rules) {
    Log g(rules);
    g.roll(4);
    g.act("trade: {with: orange, give: {brick: 1}, get: {wool: 1}}");  // red {wool 4}
    return g;
  };
  SECTION("forbid (default)") {
    Log g = four_wool("");
    const int n = g.act("bank: {give: {wool: 4}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-07", n, g.line("bank:"));
  }
  SECTION("allow") {
    Log g = four_wool(with("maritime-same-type", "allow"));
    g.act("bank: {give: {wool: 4}, get: {wool: 1}}");
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("variants: dev-card-timing (D-11)", "[rules][variants]") {
  auto knight_after_7 = [](const std::string& rules) {
    Log g = bought_on_turn_2("knight", rules);
    g.roll(7);
    return g;
  };
  SECTION("outside-roll-resolution (default)") {
    Log g = knight_after_7("");
    const int n = g.act("play: knight");
    CHECK_BROKEN(g.run(), "DEV-05", n, g.line("play: knight"));
  }
  SECTION("any-time-own-turn") {
    Log g = knight_after_7(with("dev-card-timing", "any-time-own-turn"));
    g.act("play: knight");
    g.act("robber: [2, -2]");
    g.act("robber: [2, 0]");
    g.end();
    CHECK_LEGAL(g.run());
  }
}

namespace {
// The fixture board with its number tokens laid A..R along the spiral (from the east corner,
// counter-clockwise, outer ring first): 5 2 6 3 8 10 9 12 11 4 8 10 9 4 5 6 3 11.
std::string spiral_header(const std::string& rules) {
  std::string h = catan::test::header(rules);
  const struct {
    const char* at;
    int number;
  } tokens[] = {{"[2, 0]", 5},    {"[2, -1]", 2}, {"[2, -2]", 6},  {"[1, -2]", 3},  {"[0, -2]", 8},
                {"[-1, -1]", 10}, {"[-2, 0]", 9}, {"[-2, 1]", 12}, {"[-2, 2]", 11}, {"[-1, 2]", 4},
                {"[0, 2]", 8},    {"[1, 1]", 10}, {"[1, 0]", 9},   {"[1, -1]", 4},  {"[0, -1]", 5},
                {"[-1, 0]", 6},   {"[-1, 1]", 3}, {"[0, 1]", 11}};
  for (const auto& t : tokens) {
    const auto line = h.find(std::string("{at: ") + t.at + ", terrain: ");
    REQUIRE(line != std::string::npos);
    const auto num = h.find("number: ", line) + 8;
    const auto close = h.find('}', num);
    h.replace(num, close - num, std::to_string(t.number));
  }
  return h;
}
std::string no_actions(const std::string& header) {
  return header.substr(0, header.size() - 1) + " []\n";  // "actions:\n" -> "actions: []\n"
}
}  // namespace

TEST_CASE("variants: board-tokens (D-12)", "[rules][variants]") {
  SECTION("counts-only (default): the fixture's layout") {
    CHECK_LEGAL(catan::test::run(no_actions(catan::test::header())));
  }
  SECTION("spiral: the fixture's layout is no spiral") {
    const std::string yaml = no_actions(catan::test::header(with("board-tokens", "spiral")));
    const Verdict v = catan::test::run(yaml);
    CHECK(v.status == Status::Illegal);
    CHECK(v.rule == "BOARD-03");
    CHECK(v.action == 0);
    CHECK(v.line == catan::test::line_of(yaml, "hexes:") + 1);
  }
  SECTION("spiral: kept") {
    CHECK_LEGAL(catan::test::run(no_actions(spiral_header(with("board-tokens", "spiral")))));
  }
}

TEST_CASE("variants: domestic-same-type-both-sides (D-13)", "[rules][variants]") {
  auto trade = [](const std::string& rules) {
    Log g(rules);
    g.roll(4);  // red {wool 3, brick 1}, orange {grain 4, wool 1}
    return g;
  };
  const std::string body = "trade: {with: orange, give: {wool: 2}, get: {wool: 1, grain: 1}}";
  SECTION("forbid (default)") {
    Log g = trade("");
    const int n = g.act(body);
    CHECK_BROKEN(g.run(), "TRADE-04", n, g.line("with: orange"));
  }
  SECTION("allow") {
    Log g = trade(with("domestic-same-type-both-sides", "allow"));
    g.act(body + ", expect: {hands: {red: {wool: 2, brick: 1, grain: 1}}}");
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("variants: setup-mode (D-14)", "[rules][variants]") {
  SECTION("variable (default)") { CHECK_LEGAL(Log().run()); }
  SECTION("beginner-fixed: not supported yet, and no verdict is guessed") {
    const Verdict v = Log(with("setup-mode", "beginner-fixed")).run();
    CHECK(v.status == Status::Unsupported);
    CHECK(v.rule.empty());
  }
}

TEST_CASE("variants: discard-limit", "[rules][variants]") {
  // Three 10s give blue 9 cards; orange rolls a 7 on turn 4.
  auto seven = [](const std::string& rules) {
    Log g(rules);
    g.pass(10);
    g.pass(10);
    g.pass(10);
    g.roll(7);
    return g;
  };
  SECTION("7 (default): blue discards 4 first") {
    Log g = seven("");
    const int n = g.add("orange", "robber: [0, -2], steal: {from: blue, card: ore}");
    CHECK_BROKEN(g.run(), "ROBBER-02", n, g.line("robber: [0, -2]"));
  }
  SECTION("9: blue keeps its 9 cards") {
    Log g = seven("{discard-limit: 9}");
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: ore}, expect: {cards: {blue: 8}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("2: red and orange with 3 cards discard 1 each") {
    Log g = seven("{discard-limit: 2}");
    g.add("blue", "discard: {ore: 2, brick: 2}");
    g.add("red", "discard: {wool: 1}");
    g.add("white", "discard: {lumber: 1}");
    g.add("orange", "discard: {grain: 1}");
    g.add("orange", "robber: [0, -2], steal: {from: blue, card: ore}");
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("variants: the catan-5e profile", "[rules][variants]") {
  const std::string all = ", gains: {red: {wool: 1}, blue: {wool: 1}, orange: {grain: 1}}";
  SECTION("catan-2025 (the default profile)") {
    Log g = eighth_4("catan-2025");
    g.roll(4, all);
    CHECK_LEGAL(g.run());
  }
  SECTION("catan-5e: bank-shortage strict") {
    Log g = eighth_4("catan-5e");
    const int n = g.roll(4, all);
    CHECK_BROKEN(g.run(), "PROD-04", n, g.line("orange: {grain: 1}"));
  }
  SECTION("catan-5e: longest-road-broken-tie set-aside") {
    Log g = two_long_roads("catan-5e");
    g.act("settlement: [-2, 0, N], expect: {longest-road: none}");
    CHECK_LEGAL(g.run());
  }
  SECTION("catan-5e with an option overridden") {
    Log g = eighth_4("{profile: catan-5e, bank-shortage: single-recipient-takes-rest}");
    g.roll(4, all);
    CHECK_LEGAL(g.run());
  }
}
