// Development cards (RULES.md DEV-01..11, COMP-06, D-06, D-07, D-11): every rule once kept
// and once broken, on the fixture board after the fixture set-up.
//
// After the set-up blue holds {ore 1, grain 1, brick 1}; a 4 gives it the wool it lacks (and
// red a wool, orange 2 grain), a 10 gives it ore + brick, a 12 a grain. So blue is the buyer.
// Hexes [2, -2] and [2, 0] touch no building: a knight's robber goes there with no steal.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

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

// Turn 1 red rolls 4; turn 2 blue rolls 10, buys `card` (blue {ore 1, brick 2} after) and
// ends. Turns 3-5 roll 10, 4 and 12 (blue gains ore + brick, wool, grain; red wool 4, orange
// grain 6 and wool 1); blue's turn 6 is next, before its roll (action 28 next).
Log bought_on_turn_2(const std::string& card, const std::string& rules = "") {
  Log g(rules);
  g.pass(4);
  g.roll(10);
  g.act("buy: " + card + ", expect: {hands: {blue: {ore: 1, brick: 2}}}");
  g.end();
  g.pass(10);
  g.pass(4);
  g.pass(12);
  REQUIRE(g.active == 1);
  REQUIRE(g.count == 27);
  return g;
}

// Turn 2: blue buys `first` and `second` with a wool from red and a grain from orange.
Log two_bought_on_turn_2(const std::string& first, const std::string& second) {
  Log g;
  g.pass(4);
  g.roll(10);
  g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
  g.act("trade: {with: orange, give: {brick: 1}, get: {grain: 1}}");
  g.act("buy: " + first);
  g.act("buy: " + second + ", expect: {cards: {blue: 0}}");
  g.end();
  g.pass(10);
  g.pass(4);
  g.pass(12);
  REQUIRE(g.active == 1);
  return g;
}

// Only 10s and 12s are rolled, which give blue alone; on its turns blue trades 4 brick (or 4
// of 5+ ore) for a wool and buys whenever it holds ore, wool and grain. Stops right after the
// purchase of the last card of `cards`, on blue's turn, and returns that action's number;
// that entry carries the comment `last`.
int farm(Log& g, const std::vector<std::string>& cards, const std::string& last) {
  static const int kCycle[] = {10, 10, 12, 10, 10, 12, 10};
  int ore = 1, wool = 0, grain = 1, brick = 1;
  size_t next = 0;
  for (int turn = 0; turn < 400; ++turn) {
    const int total = kCycle[turn % 7];
    g.roll(total);
    if (total == 10)
      ++ore, ++brick;
    else
      ++grain;
    while (g.active == 1) {
      if (ore > 0 && wool > 0 && grain > 0) {
        --ore, --wool, --grain;
        const bool done = ++next == cards.size();
        const int n = g.act("buy: " + cards[next - 1], done ? last : "");
        if (done) return n;
      } else if (brick >= 4) {
        brick -= 4, ++wool;
        g.act("bank: {give: {brick: 4}, get: {wool: 1}}");
      } else if (ore >= 5) {
        ore -= 4, ++wool;
        g.act("bank: {give: {ore: 4}, get: {wool: 1}}");
      } else {
        break;
      }
    }
    g.end();
  }
  FAIL("the farm did not finish");
  return 0;
}

std::vector<std::string> whole_deck() {
  std::vector<std::string> out(14, "knight");
  for (const char* c : {"victory-point", "road-building", "year-of-plenty", "monopoly",
                        "victory-point", "road-building", "year-of-plenty", "monopoly",
                        "victory-point", "victory-point", "victory-point"})
    out.push_back(c);
  return out;
}

// The state where the replay of `yaml` ends (for checks a log cannot reach cheaply).
catan::core::GameState state_after(const std::string& yaml) {
  auto docs = catan::log::read_string(yaml);
  REQUIRE(!docs.empty());
  REQUIRE(docs.front().game);
  auto out = catan::replay::replay("test.yaml", *docs.front().game, {});
  REQUIRE(out.report.status == Status::Incomplete);
  REQUIRE(out.state);
  return *out.state;
}

catan::core::Action play(int player, catan::core::DevCard card) {
  catan::core::Action a;
  a.kind = catan::core::ActionKind::Play;
  a.player = player;
  a.card = card;
  return a;
}

}  // namespace

TEST_CASE("dev: DEV-01 a card costs ore, wool and grain", "[rules][dev]") {
  SECTION("kept") {
    Log g;
    g.pass(4);
    g.roll(10);
    g.act(
        "buy: knight, expect: {hands: {blue: {ore: 1, brick: 2}}, bank: {lumber: 17, brick: "
        "16, wool: 15, grain: 14, ore: 18}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("blue holds no wool") {
    Log g;
    g.pass(10);
    g.roll(10);
    const int n = g.act("buy: knight");
    CHECK_BROKEN(g.run(), "DEV-01", n, g.line("buy: knight"));
  }
  SECTION("red, who is not active, buys (TURN-06)") {
    Log g;
    g.pass(4);
    g.roll(10);
    const int n = g.add("red", "buy: knight");
    CHECK_BROKEN(g.run(), "TURN-06", n, g.line("red, buy"));
  }
}

TEST_CASE("dev: DEV-01/DEV-02 the deck of 25 is never refilled", "[rules][dev]") {
  SECTION("kept: all 25 cards bought; blue has 2 + 5 VP") {
    Log g;
    farm(g, whole_deck(), "the 25th card");
    g.act("end: turn, expect: {vp: {blue: 7}, cards: {red: 3, white: 3, orange: 3}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("a 26th purchase") {
    Log g;
    std::vector<std::string> cards = whole_deck();
    cards.push_back("knight");
    const int n = farm(g, cards, "the 26th purchase");
    CHECK(n > 200);
    CHECK_BROKEN(g.run(), "DEV-01", n, g.line("the 26th purchase"));
  }
}

TEST_CASE("dev: COMP-06 the deck holds 14 knights", "[rules][dev]") {
  SECTION("kept: the 14th knight") {
    Log g;
    farm(g, std::vector<std::string>(14, "knight"), "the 14th knight");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("a 15th knight") {
    Log g;
    const int n = farm(g, std::vector<std::string>(15, "knight"), "the 15th knight");
    CHECK_BROKEN(g.run(), "COMP-06", n, g.line("the 15th knight"));
  }
  SECTION("a 3rd monopoly") {
    Log g;
    const int n = farm(g, {"monopoly", "knight", "monopoly", "monopoly"}, "the 3rd monopoly");
    CHECK_BROKEN(g.run(), "COMP-06", n, g.line("the 3rd monopoly"));
  }
}

TEST_CASE("dev: DEV-03 at most one card played per turn", "[rules][dev]") {
  SECTION("kept: a knight on turn 6, the monopoly on turn 10") {
    Log g = two_bought_on_turn_2("knight", "monopoly");
    g.act("play: knight");
    g.act("robber: [2, -2]");
    g.pass(10);
    g.pass(10);
    g.pass(10);
    g.pass(10);
    g.act("play: monopoly, resource: wool");
    g.roll(10);
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("a knight before the roll, a monopoly after it") {
    Log g = two_bought_on_turn_2("knight", "monopoly");
    g.act("play: knight");
    g.act("robber: [2, -2]");
    g.roll(10);
    const int n = g.act("play: monopoly, resource: wool");
    CHECK_BROKEN(g.run(), "DEV-03", n, g.line("play: monopoly"));
  }
  SECTION("two knights in one turn") {
    Log g = two_bought_on_turn_2("knight", "knight");
    g.roll(10);
    g.act("play: knight");
    g.act("robber: [2, -2]");
    const int n = g.act("play: knight", "the second knight");
    CHECK_BROKEN(g.run(), "DEV-03", n, g.line("the second knight"));
  }
}

TEST_CASE("dev: DEV-04 a card is not played on the turn it was bought", "[rules][dev]") {
  SECTION("bought and played on turn 2") {
    Log g;
    g.pass(4);
    g.roll(10);
    g.act("buy: knight");
    const int n = g.act("play: knight");
    CHECK_BROKEN(g.run(), "DEV-04", n, g.line("play: knight"));
  }
  SECTION("kept: a second knight bought on turn 6, the turn-2 knight played") {
    Log g = bought_on_turn_2("knight");
    g.roll(2);  // blue {ore 2, brick 3, wool 1, grain 1}
    g.act("buy: knight");
    g.act("play: knight");
    g.act("robber: [2, -2], expect: {cards: {blue: 4}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("a monopoly bought on turn 6 beside the older knight") {
    Log g = bought_on_turn_2("knight");
    g.roll(2);
    g.act("buy: monopoly");
    const int n = g.act("play: monopoly, resource: wool");
    CHECK_BROKEN(g.run(), "DEV-04", n, g.line("play: monopoly"));
  }
  SECTION("a card never bought") {
    Log g = bought_on_turn_2("knight");
    const int n = g.act("play: monopoly, resource: wool");
    CHECK_BROKEN(g.run(), "DEV-04", n, g.line("play: monopoly"));
  }
}

TEST_CASE("dev: DEV-05 no card during roll resolution (D-11)", "[rules][dev]") {
  SECTION("kept: before the roll") {
    Log g = bought_on_turn_2("knight");
    g.act("play: knight");
    g.act("robber: [2, -2]");
    g.roll(10);
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: after the 7 is resolved") {
    Log g = bought_on_turn_2("knight");
    g.roll(7);
    g.act("robber: [2, 0]");
    g.act("play: knight");
    g.act("robber: [2, -2]");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("before the robber of a 7 moves") {
    Log g = bought_on_turn_2("knight");
    g.roll(7);
    const int n = g.act("play: knight");
    CHECK_BROKEN(g.run(), "DEV-05", n, g.line("play: knight"));
  }
  SECTION("while orange still owes a discard") {
    Log g;
    g.pass(4);
    g.roll(10);
    g.act("buy: knight");
    g.end();
    g.pass(4);
    g.pass(4);
    g.pass(12);
    g.roll(7, ", expect: {cards: {orange: 9}}");
    const int n = g.act("play: knight");
    CHECK_BROKEN(g.run(), "DEV-05", n, g.line("play: knight"));
  }
  SECTION("`dev-card-timing: any-time-own-turn`: the knight's robber, then the 7's") {
    Log g = bought_on_turn_2("knight", "{dev-card-timing: any-time-own-turn}");
    g.roll(7);
    g.act("play: knight");
    g.act("robber: [2, -2]");
    g.act("robber: [2, 0], expect: {robber: [2, 0]}");
    g.end();
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("dev: DEV-06 victory point cards count from purchase and are never played",
          "[rules][dev]") {
  SECTION("kept") {
    Log g;
    g.pass(4);
    g.roll(10);
    g.act("buy: victory-point, expect: {vp: {blue: 3, red: 2}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("played") {
    Log g = bought_on_turn_2("victory-point");
    const int n = g.act("play: victory-point");
    CHECK_BROKEN(g.run(), "DEV-06", n, g.line("play: victory-point"));
  }
}

TEST_CASE("dev: DEV-07 a knight is followed at once by its robber move", "[rules][dev]") {
  SECTION("kept: the knight steals from red on [1, -2]") {
    Log g = bought_on_turn_2("knight");
    g.act("play: knight");
    g.act(
        "robber: [1, -2], steal: {from: red, card: wool}, expect: {hands: {red: {wool: 3, "
        "brick: 1}}}");
    g.roll(10);
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("the roll instead") {
    Log g = bought_on_turn_2("knight");
    g.act("play: knight");
    const int n = g.act("roll: [5, 5]", "rolled instead of the robber");
    CHECK_BROKEN(g.run(), "DEV-07", n, g.line("rolled instead of the robber"));
  }
  SECTION("a bank trade instead") {
    Log g = bought_on_turn_2("knight");
    g.roll(10);
    g.act("play: knight");
    const int n = g.act("bank: {give: {brick: 4}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "DEV-07", n, g.line("bank:"));
  }
}

TEST_CASE("dev: DEV-08 road building places up to two free roads (D-06)", "[rules][dev]") {
  // Blue's free roads: [0, -2, W] from its road end [-1, -1, N], then [0, -2, NW].
  SECTION("kept: two free roads, nothing paid") {
    Log g = bought_on_turn_2("road-building");
    g.roll(2);
    g.act("play: road-building");
    g.act("road: [0, -2, W]");
    g.act("road: [0, -2, NW], expect: {hands: {blue: {ore: 2, brick: 3, wool: 1, grain: 1}}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: one road under the default `up-to-two`") {
    Log g = bought_on_turn_2("road-building");
    g.roll(2);
    g.act("play: road-building");
    g.act("road: [0, -2, W]");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("a third road is a paid one") {
    Log g = bought_on_turn_2("road-building");
    g.roll(10);  // blue {ore 3, brick 4, wool 1, grain 1}: no lumber
    g.act("play: road-building");
    g.act("road: [0, -2, W]");
    g.act("road: [0, -2, NW]");
    const int n = g.act("road: [0, -2, NE]");
    CHECK_BROKEN(g.run(), "BUILD-02", n, g.line("road: [0, -2, NE]"));
  }
  SECTION("a free road must still connect (BUILD-03)") {
    Log g = bought_on_turn_2("road-building");
    g.roll(2);
    g.act("play: road-building");
    const int n = g.act("road: [-2, 2, SE]");
    CHECK_BROKEN(g.run(), "BUILD-03", n, g.line("road: [-2, 2, SE]"));
  }
  for (const char* mode : {"as-many-as-possible", "exactly-two"}) {
    SECTION(std::string("`road-building-shortfall: ") + mode + "`: one road then the turn ends") {
      Log g =
          bought_on_turn_2("road-building", std::string("{road-building-shortfall: ") + mode + "}");
      g.roll(2);
      g.act("play: road-building");
      g.act("road: [0, -2, W]");
      const int n = g.act("end: turn", "a free road is still owed");
      CHECK_BROKEN(g.run(), "DEV-08", n, g.line("a free road is still owed"));
    }
    SECTION(std::string("`road-building-shortfall: ") + mode + "`: kept with two roads") {
      Log g =
          bought_on_turn_2("road-building", std::string("{road-building-shortfall: ") + mode + "}");
      g.roll(2);
      g.act("play: road-building");
      g.act("road: [0, -2, W]");
      g.act("road: [0, -2, NW]");
      g.end();
      CHECK_LEGAL(g.run());
    }
  }
}

TEST_CASE("dev: DEV-08 with one road piece left (D-06 variants)", "[rules][dev]") {
  Log g = bought_on_turn_2("road-building");
  g.roll(2);
  catan::core::GameState s = state_after(g.text);
  REQUIRE(s.active == 1);
  s.players[1].roads = 14;  // as if blue had 12 more roads elsewhere: one piece left
  const auto card = play(1, catan::core::DevCard::RoadBuilding);
  SECTION("`up-to-two`: playable") { CHECK_FALSE(catan::rules::check(s, card)); }
  SECTION("`as-many-as-possible`: playable, one road owed") {
    s.options.road_building_shortfall = catan::core::RoadBuildingShortfall::AsManyAsPossible;
    CHECK_FALSE(catan::rules::check(s, card));
    catan::rules::apply(s, card);
    CHECK(s.free_roads == 1);
    CHECK(s.free_roads_required == 1);
  }
  SECTION("`exactly-two`: unplayable") {
    s.options.road_building_shortfall = catan::core::RoadBuildingShortfall::ExactlyTwo;
    auto v = catan::rules::check(s, card);
    REQUIRE(v);
    CHECK(catan::core::id(v->rule) == "DEV-08");
  }
}

TEST_CASE("dev: DEV-09 year of plenty takes two cards the bank holds (D-07)", "[rules][dev]") {
  SECTION("kept: ore and lumber") {
    Log g = bought_on_turn_2("year-of-plenty");
    g.act(
        "play: year-of-plenty, take: {ore: 1, lumber: 1}, expect: {hands: {blue: {ore: 3, "
        "brick: 3, wool: 1, grain: 1, lumber: 1}}}");
    g.roll(10);
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: two of one type") {
    Log g = bought_on_turn_2("year-of-plenty");
    g.act("play: year-of-plenty, take: {brick: 2}");
    CHECK_LEGAL(g.run());
  }
  SECTION("one card although the bank is full") {
    Log g = bought_on_turn_2("year-of-plenty");
    const int n = g.act("play: year-of-plenty, take: {ore: 1}");
    CHECK_BROKEN(g.run(), "DEV-09", n, g.line("take: {ore: 1}"));
  }
  SECTION("three cards") {
    Log g = bought_on_turn_2("year-of-plenty");
    const int n = g.act("play: year-of-plenty, take: {ore: 3}");
    CHECK_BROKEN(g.run(), "DEV-09", n, g.line("take: {ore: 3}"));
  }
  // Blue buys the card on turn 2; then nine 4s give orange the bank's last grain.
  auto no_grain_left = [](const std::string& rules) {
    Log g(rules);
    g.pass(4);
    g.roll(4);
    g.act("buy: year-of-plenty");
    g.end();
    for (int t = 0; t < 7; ++t) g.pass(4);
    REQUIRE(g.active == 1);
    return g;
  };
  for (const char* mode : {"take-available", "forbid"}) {
    const std::string rules = std::string("{year-of-plenty-shortage: ") + mode + "}";
    SECTION(rules + ": grain the bank has not") {
      Log g = no_grain_left(rules);
      const int n = g.act("play: year-of-plenty, take: {grain: 2}");
      CHECK_BROKEN(g.run(), "DEV-09", n, g.line("take: {grain: 2}"));
    }
    SECTION(rules + ": kept with ore") {
      Log g = no_grain_left(rules);
      g.act(
          "play: year-of-plenty, take: {ore: 2}, expect: {bank: {lumber: 17, brick: 17, wool: "
          "1, grain: 0, ore: 17}}");
      CHECK_LEGAL(g.run());
    }
  }
}

TEST_CASE("dev: DEV-09 when the whole bank holds fewer than two cards (D-07)", "[rules][dev]") {
  Log g = bought_on_turn_2("year-of-plenty");
  catan::core::GameState s = state_after(g.text);
  s.bank = catan::core::ResourceSet::of({{catan::core::Resource::Ore, 1}});
  auto take = [](std::initializer_list<std::pair<catan::core::Resource, int>> cards) {
    auto a = play(1, catan::core::DevCard::YearOfPlenty);
    a.has_take = true;
    a.get = catan::core::ResourceSet::of(cards);
    return a;
  };
  const auto one = take({{catan::core::Resource::Ore, 1}});
  const auto two = take({{catan::core::Resource::Ore, 2}});
  SECTION("`take-available`: the one card left") {
    CHECK_FALSE(catan::rules::check(s, one));
    auto v = catan::rules::check(s, two);
    REQUIRE(v);
    CHECK(catan::core::id(v->rule) == "DEV-09");
  }
  SECTION("`take-available`: an empty bank, nothing taken") {
    s.bank = {};
    CHECK_FALSE(catan::rules::check(s, take({})));
  }
  SECTION("`forbid`: unplayable") {
    s.options.year_of_plenty_shortage = catan::core::YearOfPlentyShortage::Forbid;
    auto v = catan::rules::check(s, one);
    REQUIRE(v);
    CHECK(catan::core::id(v->rule) == "DEV-09");
  }
}

TEST_CASE("dev: DEV-10 monopoly takes every card of the type from the others", "[rules][dev]") {
  // Before blue's turn 6: red {wool 4, brick 1}, orange {grain 6, wool 1}, blue wool 1.
  SECTION("kept: `takes` as computed") {
    Log g = bought_on_turn_2("monopoly");
    g.act(
        "play: monopoly, resource: wool, takes: {red: 4, white: 0, orange: 1}, expect: "
        "{hands: {red: {brick: 1}, blue: {ore: 2, brick: 3, wool: 6, grain: 1}}}");
    g.roll(10);
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("kept: without `takes`") {
    Log g = bought_on_turn_2("monopoly");
    g.act("play: monopoly, resource: grain, expect: {cards: {orange: 1, white: 2}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("red's count wrong") {
    Log g = bought_on_turn_2("monopoly");
    const int n = g.act("play: monopoly, resource: wool, takes: {red: 3, orange: 1}");
    CHECK_BROKEN(g.run(), "DEV-10", n, g.line("takes: {red: 3"));
  }
  SECTION("orange left out") {
    Log g = bought_on_turn_2("monopoly");
    const int n = g.act("play: monopoly, resource: wool, takes: {red: 4}");
    CHECK_BROKEN(g.run(), "DEV-10", n, g.line("takes: {red: 4}"));
  }
  SECTION("blue's own wool listed") {
    Log g = bought_on_turn_2("monopoly");
    const int n = g.act("play: monopoly, resource: wool, takes: {red: 4, blue: 1, orange: 1}");
    CHECK_BROKEN(g.run(), "DEV-10", n, g.line("blue: 1"));
  }
}

TEST_CASE("dev: DEV-11 development cards never change hands (TRADE-02)", "[rules][dev]") {
  SECTION("kept: blue keeps its knight and trades brick") {
    Log g = bought_on_turn_2("knight");
    g.roll(2);
    g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("blue offers the knight it holds") {
    Log g = bought_on_turn_2("knight");
    g.roll(2);
    const int n = g.act("trade: {with: red, give: {knight: 1}, get: {wool: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-02", n, g.line("knight: 1"));
  }
}
