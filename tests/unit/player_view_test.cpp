// Player-view logs (LOG-FORMAT "Hidden information"): an entry is illegal only when no
// consistent world allows it; entries and assertions that some world allows prune the rest.
// On the fixture board after the fixture set-up: red {wool 2, brick 1}, blue {ore 1, grain 1,
// brick 1}, white {lumber 2, grain 1}, orange {grain 2, wool 1}; red rolls first.
// Hex [1, -1] touches blue's settlement [1, -1, SE]; [2, -2] and [2, 0] touch no building.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/dev_ledger.hpp"
#include "core/world.hpp"
#include "fixture.hpp"
#include "log/reader.hpp"
#include "log_builder.hpp"
#include "replay/replay.hpp"
#include "text_checks.hpp"

namespace {

using catan::core::DevCard;
using catan::core::DevLedger;
using catan::test::Log;

// A spectator's log: `view: spectator` in the header.
Log spectator(const std::string& rules = "") {
  Log g(rules);
  const auto at = g.text.find("board:");
  g.text.insert(at, "view: spectator\n");
  return g;
}

// Turn 1: red rolls a 7 and robs blue unseen (3 worlds: ore, grain or brick).
Log red_robs_blue_unseen() {
  Log g = spectator();
  g.roll(7);
  g.act("robber: [1, -1], steal: {from: blue, card: hidden}");
  return g;
}

// Plays on blue's turns: the other players pass with 10s (ore and brick for blue).
void to_blue(Log& g) {
  while (g.active != 1) g.pass(10);
}

catan::replay::Outcome replay_of(const std::string& yaml) {
  auto docs = catan::log::read_string(yaml);
  REQUIRE(!docs.empty());
  REQUIRE(docs.front().game);
  return catan::replay::replay("test.yaml", *docs.front().game, {});
}

}  // namespace

TEST_CASE("player view: a hidden steal is every card the victim may hold", "[rules][view]") {
  SECTION("a card the thief holds in some world may be given") {
    Log g = red_robs_blue_unseen();
    g.act("trade: {with: white, give: {ore: 1}, get: {lumber: 1}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("giving it pins the world: the victim's hand follows") {
    Log g = red_robs_blue_unseen();
    g.act(
        "trade: {with: white, give: {ore: 1}, get: {lumber: 1}}, expect: {hands: {blue: {grain: "
        "1, brick: 1}}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("an expectation no world meets is illegal at the entry") {
    Log g = red_robs_blue_unseen();
    const int n = g.act(
        "trade: {with: white, give: {ore: 1}, get: {lumber: 1}}, expect: {hands: "
        "{blue: {ore: 1, brick: 1}}}");
    CHECK_BROKEN(g.run(), "COMP-05", n, g.line("expect: {hands: {blue: {ore: 1, brick: 1}}}"));
  }
  SECTION("more than any world holds is illegal, in terms of the worlds") {
    Log g = red_robs_blue_unseen();
    const int n = g.act("trade: {with: white, give: {ore: 2}, get: {lumber: 1}}");
    const auto v = g.run();
    CHECK_BROKEN(v, "TRADE-05", n, g.line("give: {ore: 2}"));
    CHECK(v.message.find("in every consistent world (3)") != std::string::npos);
  }
  SECTION("after the world is pinned, the same card cannot be given twice") {
    Log g = red_robs_blue_unseen();
    g.act("trade: {with: white, give: {ore: 1}, get: {lumber: 1}}");
    const int n = g.act("trade: {with: orange, give: {ore: 1}, get: {grain: 1}}");
    CHECK_BROKEN(g.run(), "TRADE-05", n, g.line("give: {ore: 1}, get: {grain: 1}"));
  }
  SECTION("the worlds are reported with ranges") {
    Log g = red_robs_blue_unseen();
    auto out = replay_of(g.text);
    REQUIRE(out.position);
    CHECK(out.position->worlds() == 3);
    const auto ranges = out.position->hand_ranges();
    CHECK(ranges[0].lo[catan::core::Resource::Ore] == 0);
    CHECK(ranges[0].hi[catan::core::Resource::Ore] == 1);
    CHECK(ranges[0].lo[catan::core::Resource::Wool] == 2);
    CHECK(ranges[1].hi[catan::core::Resource::Brick] == 1);
  }
  SECTION("the victim's hand shrinks by one card in every world") {
    Log g = spectator();
    g.roll(7);
    g.act("robber: [1, -1], steal: {from: blue, card: hidden}");
    g.end();
    // blue gives its whole hand away, then is robbed again
    g.roll(7);
    g.act("robber: [2, -2]");
    g.act("trade: {with: red, give: {ore: 1, grain: 1, brick: 1}, get: {wool: 1}}");
    CHECK(g.run().rule == "TRADE-05");  // blue holds only two cards now in every world
  }
}

TEST_CASE("player view: hidden discards", "[rules][view]") {
  // discard-limit 2: on a 7 every player (3 cards each) owes 1.
  auto seven = [] {
    Log g = spectator("{discard-limit: 2}");
    g.roll(7);
    return g;
  };
  SECTION("every form of a hidden discard is accepted") {
    Log g = seven();
    g.add("red", "discard: {hidden: 1}");
    g.add("blue", "discard: hidden");
    g.add("white", "discard: {lumber: 1}");
    g.add("orange", "discard: {hidden: 1}");
    g.act("robber: [2, -2]");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("a hidden discard prunes: orange kept two grain or a grain and a wool") {
    Log g = seven();
    g.add("red", "discard: {hidden: 1}");
    g.add("blue", "discard: hidden");
    g.add("white", "discard: {lumber: 1}");
    g.add("orange", "discard: {hidden: 1}");
    g.act("robber: [2, -2]");
    g.act(
        "trade: {with: orange, give: {wool: 1}, get: {grain: 2}}, expect: {hands: {orange: "
        "{wool: 1}}}");
    CHECK_LEGAL(g.run());
  }
  SECTION("giving what no discard left is illegal") {
    Log g = seven();
    g.add("red", "discard: {hidden: 1}");
    g.add("blue", "discard: hidden");
    g.add("white", "discard: {lumber: 1}");
    g.add("orange", "discard: {hidden: 1}");
    g.act("robber: [2, -2]");
    const int n = g.act("trade: {with: orange, give: {wool: 1}, get: {grain: 3}}");
    CHECK_BROKEN(g.run(), "TRADE-05", n, g.line("get: {grain: 3}"));
  }
  SECTION("a mixed discard counts both parts (ROBBER-01)") {
    Log g = seven();
    g.add("red", "discard: {hidden: 1}");
    const int n = g.add("blue", "discard: {ore: 1, hidden: 1}");
    CHECK_BROKEN(g.run(), "ROBBER-01", n, g.line("discard: {ore: 1, hidden: 1}"));
  }
  SECTION("the known part of a mixed discard must be held") {
    Log g = seven();
    const int n = g.add("red", "discard: {ore: 1, hidden: 0}");
    CHECK(g.run().status == catan::diag::Status::Malformed);  // hidden counts start at 1
    Log h = seven();
    const int m = h.add("red", "discard: {ore: 1}");
    CHECK_BROKEN(h.run(), "ROBBER-01", m, h.line("discard: {ore: 1}"));
    (void)n;
  }
}

TEST_CASE("player view: a roll recorded as its sum", "[rules][view]") {
  SECTION("a sum produces as the dice would") {
    Log g;
    g.act("roll: 4, gains: {red: {wool: 1}, blue: {wool: 1}, orange: {grain: 2}}");
    g.end();
    CHECK_LEGAL(g.run());
  }
  SECTION("a sum outside 2..12 is COMP-08") {
    Log g;
    const int n = g.act("roll: 13");
    CHECK_BROKEN(g.run(), "COMP-08", n, g.line("roll: 13"));
  }
  SECTION("a sum of 7 moves the robber") {
    Log g;
    g.act("roll: 7");
    g.act("robber: [2, -2]");
    g.end();
    CHECK_LEGAL(g.run());
  }
}

TEST_CASE("player view: hidden purchases are matched to later plays", "[rules][view]") {
  // Turn 2: blue buys two unseen cards with a wool from red and a grain from orange.
  auto two_hidden = [](const std::string& rules = "") {
    Log g = spectator(rules);
    g.pass(4);
    g.roll(10);
    g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
    g.act("trade: {with: orange, give: {brick: 1}, get: {grain: 1}}");
    g.act("buy: hidden");
    g.act("buy: hidden, expect: {cards: {blue: 0}}");
    g.end();
    return g;
  };
  SECTION("any kind may be played on a later turn") {
    for (const char* play : {"knight", "monopoly, resource: wool", "year-of-plenty, take: {ore: 2}",
                             "road-building"}) {
      Log g = two_hidden();
      to_blue(g);
      g.act(std::string("play: ") + play);
      CHECK_LEGAL(g.run());
    }
  }
  SECTION("not on the turn it was bought (DEV-04)") {
    Log g = spectator();
    g.pass(4);
    g.roll(10);
    g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
    g.act("buy: hidden");
    const int n = g.act("play: knight");
    CHECK_BROKEN(g.run(), "DEV-04", n, g.line("play: knight"));
  }
  SECTION("two unseen cards are two knights at most: a third knight is DEV-04") {
    Log g = two_hidden();
    to_blue(g);
    g.act("play: knight");
    g.act("robber: [2, -2]");
    g.roll(10);
    g.end();
    to_blue(g);
    g.act("play: knight");
    g.act("robber: [2, 0]");
    g.roll(10);
    g.end();
    to_blue(g);
    const int n = g.act("play: knight", "third");
    CHECK_BROKEN(g.run(), "DEV-04", n, g.line("# third"));
  }
  SECTION("a reveal of more victory-point cards than were bought is DEV-06") {
    Log g = two_hidden();
    to_blue(g);
    const int n = g.act("reveal: 3");
    CHECK(g.run().rule == "DEV-06");
    (void)n;
  }
  SECTION("a card played is no victory-point card: revealing two after a knight is DEV-06") {
    Log g = two_hidden();
    to_blue(g);
    g.act("play: knight");
    g.act("robber: [2, -2]");
    const int n = g.act("reveal: 2");
    CHECK_BROKEN(g.run(), "DEV-06", n, g.line("reveal: 2"));
  }
}

TEST_CASE("player view: a possible win the log goes past prunes the worlds", "[rules][view]") {
  // victory-points 3: blue holds 2 VP after the set-up, so one victory-point card wins.
  auto one_hidden = [] {
    Log g = spectator("{victory-points: 3}");
    g.pass(4);
    g.roll(10);
    g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
    g.act("buy: hidden");
    return g;
  };
  SECTION("the log goes on: the card was no victory point") {
    Log g = one_hidden();
    g.end();
    g.pass(10);
    CHECK_LEGAL(g.run());
  }
  SECTION("so a later reveal of it is DEV-06") {
    Log g = one_hidden();
    g.end();
    to_blue(g);
    const int n = g.act("reveal: 1");
    CHECK_BROKEN(g.run(), "DEV-06", n, g.line("reveal: 1"));
  }
  SECTION("the log stops at the win: reveal and claim follow") {
    Log g = one_hidden();
    g.act("reveal: 1");
    g.act("claim: win");
    auto out = replay_of(g.text + "result: {winner: blue}\n");
    CHECK(out.report.status == catan::diag::Status::Legal);
    CHECK(out.report.winner == "blue");
  }
  SECTION("a reveal that makes the win certain ends the game: more play is TURN-07") {
    Log g = one_hidden();
    g.act("reveal: 1");
    const int n = g.act("end: turn", "after the win");
    CHECK_BROKEN(g.run(), "TURN-07", n, g.line("# after the win"));
  }
  SECTION("a log that ends at the possible win names no winner") {
    Log g = one_hidden();
    auto out = replay_of(g.text);
    CHECK(out.report.status == catan::diag::Status::Incomplete);
    REQUIRE(!out.report.warnings.empty());
    CHECK(out.report.warnings.back().message.find("depends on unseen") != std::string::npos);
  }
  SECTION("a result naming the possible winner is consistent") {
    Log g = one_hidden();
    CHECK(replay_of(g.text + "result: {winner: blue}\n").report.status !=
          catan::diag::Status::Illegal);
  }
}

TEST_CASE("dev ledger: plays, reveals and the deck as one feasibility question", "[rules][view]") {
  SECTION("unseen cards take any kind; the deck caps them") {
    DevLedger l(2, catan::core::Edition::base().deck);
    l.buy(0, std::nullopt, 1, 1);
    l.buy(0, std::nullopt, 1, 2);
    l.buy(0, std::nullopt, 1, 3);
    CHECK(l.feasible_play(0, DevCard::Monopoly, 2));
    l.play(0, DevCard::Monopoly, 2);
    CHECK(l.feasible_play(0, DevCard::Monopoly, 3));
    l.play(0, DevCard::Monopoly, 3);
    CHECK_FALSE(l.feasible_play(0, DevCard::Monopoly, 4));  // the deck holds two
    CHECK(l.feasible_play(0, DevCard::Knight, 4));
  }
  SECTION("seen cards elsewhere use up the deck") {
    DevLedger l(2, catan::core::Edition::base().deck);
    l.buy(1, DevCard::Monopoly, 1, 1);
    l.buy(1, DevCard::Monopoly, 2, 2);
    l.buy(0, std::nullopt, 3, 3);
    CHECK_FALSE(l.feasible_play(0, DevCard::Monopoly, 4));
    CHECK(l.feasible_play(0, DevCard::YearOfPlenty, 4));
  }
  SECTION("a card bought on the turn of the play does not count") {
    DevLedger l(1, catan::core::Edition::base().deck);
    l.buy(0, std::nullopt, 5, 1);
    CHECK_FALSE(l.feasible_play(0, DevCard::Knight, 5));
    CHECK(l.feasible_play(0, DevCard::Knight, 6));
  }
  SECTION("a matching, not a per-card guess: the seen knight serves the early play") {
    DevLedger l(1, catan::core::Edition::base().deck);
    l.buy(0, DevCard::Knight, 1, 1);
    l.buy(0, std::nullopt, 3, 2);
    l.play(0, DevCard::Knight, 2);  // only the seen knight is old enough
    CHECK(l.feasible());
    CHECK(l.feasible_play(0, DevCard::Knight, 4));  // the unseen one may be a knight too
    l.play(0, DevCard::Knight, 4);
    CHECK_FALSE(l.feasible_play(0, DevCard::Knight, 5));
  }
  SECTION("victory-point bounds") {
    DevLedger l(1, catan::core::Edition::base().deck);
    for (int i = 0; i < 7; ++i) l.buy(0, std::nullopt, 1, i + 1);
    CHECK(l.min_vp(0) == 0);
    CHECK(l.max_vp(0) == 5);  // five in the deck
    l.reveal(0, 2);
    CHECK(l.min_vp(0) == 2);
    l.add(l.vp_bound(0, 0, 3));
    CHECK(l.max_vp(0) == 3);
    CHECK_FALSE(l.feasible({l.vp_bound(0, 4, 10)}));
  }
  SECTION("copies share answers until one changes, and then answer for themselves") {
    DevLedger l(2, catan::core::Edition::base().deck);
    l.buy(0, std::nullopt, 1, 1);
    l.buy(1, DevCard::Monopoly, 1, 2);
    DevLedger copy = l;                                        // before any question
    CHECK(l.feasible_play(0, DevCard::Monopoly, 2));           // asked of the original
    CHECK(l.feasible({l.vp_bound(0, 1, 1)}));                  // a VP card is possible
    copy.buy(1, DevCard::Monopoly, 2, 3);                      // the copy changes: no more
    CHECK_FALSE(copy.feasible_play(0, DevCard::Monopoly, 3));  // Monopoly left for 0
    CHECK(l.feasible_play(0, DevCard::Monopoly, 3));           // the original still has one
    copy.add(copy.vp_bound(0, 0, 0));
    CHECK_FALSE(copy.feasible({copy.vp_bound(0, 1, 1)}));
    CHECK(l.feasible({l.vp_bound(0, 1, 1)}));
    // A play is keyed by the cards bought before its turn: turns 2 and 9 ask the same, a
    // card bought on turn 3 makes turn 9 another question.
    DevLedger m(1, catan::core::Edition::base().deck);
    m.buy(0, std::nullopt, 1, 1);
    m.play(0, DevCard::Knight, 2);
    CHECK_FALSE(m.feasible_play(0, DevCard::Knight, 3));  // its one card was played
    CHECK_FALSE(m.feasible_play(0, DevCard::Knight, 9));
    m.buy(0, std::nullopt, 3, 2);
    CHECK_FALSE(m.feasible_play(0, DevCard::Knight, 3));  // bought this turn
    CHECK(m.feasible_play(0, DevCard::Knight, 9));
    // A bound already there changes nothing.
    DevLedger n(1, catan::core::Edition::base().deck);
    n.buy(0, std::nullopt, 1, 1);
    n.add(n.vp_bound(0, 1, 1));
    n.add(n.vp_bound(0, 1, 1));
    CHECK(n.min_vp(0) == 1);
    CHECK_FALSE(n.feasible_play(0, DevCard::Knight, 2));  // the one card is a VP card
  }
  SECTION("every seen card is counted against the deck") {
    DevLedger l(1, catan::core::Edition::base().deck);
    for (int i = 0; i < 14; ++i) l.buy(0, DevCard::Knight, 1, i + 1);
    l.buy(0, std::nullopt, 1, 15);
    CHECK_FALSE(l.possible_kind(14, DevCard::Knight));
    CHECK(l.possible_kind(14, DevCard::VictoryPoint));
  }
}

TEST_CASE("world set: equal worlds merge, distinct ones stay in order", "[rules][view]") {
  catan::core::WorldSet set;
  catan::core::World a, b;
  a.hand(0)[0] = 1;
  b.hand(0)[1] = 1;
  CHECK(set.insert(a));
  CHECK(set.insert(b));
  CHECK_FALSE(set.insert(a));
  CHECK(set.size() == 2);
  CHECK(set.items()[0] == a);
  for (int i = 0; i < 1000; ++i) {
    catan::core::World w;
    w.hand(1)[i % 5] = static_cast<uint8_t>(i / 5);
    w.hand(2)[0] = static_cast<uint8_t>(i % 7);
    set.insert(w);
  }
  // 1000 inserts of (i % 5, i / 5, i % 7): distinct by i, except a's and b's shapes.
  CHECK(set.size() == 1002);
  catan::core::WorldSet again;
  for (const auto& w : set.items()) again.insert(w);
  for (const auto& w : set.items()) CHECK_FALSE(again.insert(w));
}

TEST_CASE("player view: the rest of a winning knight follows the win", "[rules][view]") {
  // victory-points 4: blue (2 VP) wins with Largest Army at its third knight; the knight's
  // robber move may follow the win (LOG-FORMAT "The end of a game"), nothing else.
  Log g = spectator("{victory-points: 4}");
  g.pass(4);
  g.roll(10);
  g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
  g.act("trade: {with: orange, give: {brick: 1}, get: {grain: 1}}");
  g.act("buy: hidden");
  g.act("buy: hidden");
  g.end();
  to_blue(g);
  g.act("play: knight");
  g.act("robber: [2, -2]");
  g.roll(10);
  g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
  g.act("trade: {with: orange, give: {brick: 1}, get: {grain: 1}}");
  g.act("buy: hidden");
  g.end();
  to_blue(g);
  g.act("play: knight");
  g.act("robber: [2, 0]");
  g.roll(10);
  g.end();
  to_blue(g);
  g.act("play: knight", "the win");
  SECTION("the robber move after the winning knight is legal") {
    g.act("robber: [2, -2]");
    auto out = replay_of(g.text);
    CHECK(out.report.status == catan::diag::Status::Legal);
    CHECK(out.report.winner == "blue");
  }
  SECTION("anything else after it is TURN-07") {
    g.act("robber: [2, -2]");
    const int n = g.act("roll: 10", "after the win");
    CHECK_BROKEN(g.run(), "TURN-07", n, g.line("# after the win"));
  }
  SECTION("the robber move must still be legal") {
    const int n = g.act("robber: [2, 0]", "same hex");
    CHECK_BROKEN(g.run(), "ROBBER-03", n, g.line("# same hex"));
  }
}

namespace {
// Blue buys an unseen card on turn 2; on turn 3 white robs red unseen; blue's turn 6 is next.
Log monopoly_after_unseen_steal() {
  Log g = spectator();
  g.pass(4);
  g.roll(10);
  g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
  g.act("buy: hidden");
  g.end();
  g.roll(7);
  g.act("robber: [1, -2], steal: {from: red, card: hidden}");
  g.end();
  g.pass(10);
  to_blue(g);
  return g;
}
}  // namespace

TEST_CASE("player view: paying or losing more than any world holds", "[rules][view]") {
  SECTION("a build no world can pay for is BUILD-02") {
    Log g = red_robs_blue_unseen();
    // red: {wool 2, brick 1} and one of ore, grain, brick; a city needs 2 grain and 3 ore
    const int n = g.act("city: [0, -1, S]", "city");
    CHECK_BROKEN(g.run(), "BUILD-02", n, g.line("# city"));
  }
  SECTION("a Monopoly that takes more than any world holds is DEV-10") {
    Log g = monopoly_after_unseen_steal();
    // red's wool: 2 before the steal (2 + the 4's, less the one traded), 1 or 2 after it
    const int n = g.act("play: monopoly, resource: wool, takes: {red: 4}", "monopoly");
    CHECK_BROKEN(g.run(), "DEV-10", n, g.line("# monopoly"));
  }
  SECTION("and one that some world allows narrows the worlds") {
    Log g = monopoly_after_unseen_steal();
    g.act(
        "play: monopoly, resource: wool, takes: {red: 2, white: 0, orange: 1}, expect: {hands: "
        "{white: {lumber: 2, brick: 1, grain: 1}}}");  // so white stole the brick
    CHECK_LEGAL(g.run());
  }
  SECTION("a Monopoly when both monopoly cards were seen elsewhere is DEV-04") {
    Log g = spectator();
    g.pass(4);
    g.roll(10);
    g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
    g.act("trade: {with: orange, give: {brick: 1}, get: {grain: 1}}");
    g.act("buy: monopoly");
    g.act("buy: monopoly");
    g.end();
    g.pass(10);
    g.pass(10);
    g.pass(10);
    g.roll(10);  // blue, turn 6: ore and brick for another card
    g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}");
    g.act("trade: {with: orange, give: {brick: 1}, get: {grain: 1}}");
    g.act("buy: hidden");
    g.act("play: monopoly, resource: ore");
    g.end();
    to_blue(g);
    g.act("play: monopoly, resource: ore");
    g.roll(10);
    g.end();
    to_blue(g);
    const int n = g.act("play: monopoly, resource: ore", "third");
    CHECK_BROKEN(g.run(), "DEV-04", n, g.line("# third"));
  }
}

// A win by an unseen card whose entry also asserts the winner's VP: the `expect` fixes the
// number of victory-point cards, so one side of the possible win contradicts it and is
// dropped, and the verdict follows the other (found on JSettlers2 seat views, where the
// last entry both wins and asserts every player's VP).
TEST_CASE("player view: an expect of VP on the entry of a possible win decides it",
          "[player-view][win]") {
  std::ifstream in(std::string(CATAN_SOURCE_DIR) +
                   "/samples/holds-WIN-02-view-win-by-an-unseen-card.yaml");
  std::stringstream text;
  text << in.rdbuf();
  const std::string tail =
      "  - {player: blue, buy: hidden}\n  - {player: blue, reveal: 1}\n"
      "  - {player: blue, claim: win}\n";
  REQUIRE(text.str().find(tail) != std::string::npos);
  SECTION("the card is a victory point: blue wins with the purchase") {
    const std::string y = catan::test::replace_once(
        text.str(), tail, "  - {player: blue, buy: hidden, expect: {vp: {blue: 3}}}\n");
    const auto v = catan::test::run(y);
    INFO(v.message);
    CHECK(v.status == catan::diag::Status::Legal);
  }
  SECTION("the card is not: the game goes on, and the claimed result is wrong") {
    const std::string y = catan::test::replace_once(
        text.str(), tail, "  - {player: blue, buy: hidden, expect: {vp: {blue: 2}}}\n");
    const auto v = catan::test::run(y);
    INFO(v.message);
    CHECK(v.status == catan::diag::Status::Illegal);
    CHECK(v.rule == "WIN-02");
  }
}
