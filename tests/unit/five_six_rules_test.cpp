// The five-six player rules (RULES-5-6.md), each held and broken in a catan-log/1 game on
// the sample board S56: the verdict's rule ID, action number and line are asserted. The
// turn structures run under both `turn-structure-56` values.
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "core/rule_catalog.hpp"
#include "five_six_log.hpp"

using catan::test::Log56;
namespace core = catan::core;
namespace diag = catan::diag;

namespace {

const char* kSbp = "{turn-structure-56: special-build}";
const char* kSbpAny = "{turn-structure-56: special-build, special-build-order: any}";

void legal(const Log56& g) {
  const diag::GameReport r = g.check();
  INFO(g.text());
  if (r.error)
    INFO("verdict: " << core::id(r.error->rule.value_or(core::Rule::COMP_01)) << " "
                     << r.error->action);
  REQUIRE((r.status == diag::Status::Legal || r.status == diag::Status::Incomplete));
}

// The verdict: `rule` at entry `action` (0: the header) on `line`.
void illegal_at(const Log56& g, const std::string& rule, int action, int line) {
  const diag::GameReport r = g.check();
  INFO(g.text());
  REQUIRE(r.status == diag::Status::Illegal);
  REQUIRE(r.error);
  REQUIRE(r.error->rule);
  CHECK(core::id(*r.error->rule) == rule);
  CHECK(r.error->action == action);
  CHECK(r.error->at.line == line);
}
// The k-th action after the set-up (0: the header, at `header_line`) breaks `rule`.
void illegal(const Log56& g, const std::string& rule, int k, int header_line = 0) {
  illegal_at(g, rule, k == 0 ? 0 : g.setup_actions() + k,
             k == 0 ? header_line : g.line_of_action(k));
}

// One regular turn under paired turns: player 1 rolls and ends, player 2 ends their phase.
void paired_turn(Log56& g, int lead, const std::string& dice) {
  const std::string one = Log56::kNames[lead], two = Log56::kNames[(lead + 3) % g.players];
  g.act("{player: " + one + ", roll: " + dice + "}");
  g.act("{player: " + one + ", end: turn}");
  g.act("{player: " + two + ", end: turn}");
}

}  // namespace

TEST_CASE("X56-COMP and X56-BOARD: the extension's components", "[five-six]") {
  SECTION("COMP-01: the S56 board holds; the base island with five players is broken") {
    legal(Log56(5).act("{player: red, roll: [1, 2]}"));
    Log56 g(5);  // the 19 hexes of S56 that lie on the base island
    std::string base;
    for (size_t at = 0, end; (end = g.board.find('\n', at)) != std::string::npos; at = end + 1) {
      const std::string line = g.board.substr(at, end - at + 1);
      int q = 0, r = 0;
      if (std::sscanf(line.c_str(), "    - {at: [%d, %d], terrain", &q, &r) == 2 &&
          (q < -2 || q > 2 || r < -2 || r > 2 || q + r < -2 || q + r > 2))
        continue;
      base += line;
    }
    g.board = base;
    illegal(g, "X56-COMP-01", 0, g.line_of("  hexes:") + 1);
  }
  SECTION("COMP-02: a third 2 breaks the token set") {
    Log56 g(5);
    const std::string w = "{at: [1, 0], terrain: fields, number: 5}";
    g.board.replace(g.board.find(w), w.size(), "{at: [1, 0], terrain: fields, number: 2}");
    illegal(g, "X56-COMP-02", 0, g.line_of("  hexes:") + 1);
  }
  SECTION("COMP-03: a third wool harbor breaks the harbor set") {
    Log56 g(5);
    const std::string h = "{at: [-4, 0, E], trade: \"3:1\"}";
    g.board.replace(g.board.find(h), h.size(), "{at: [-4, 0, E], trade: wool}");
    illegal(g, "X56-COMP-03", 0, g.line_of("  harbors:") + 1);
  }
  SECTION("COMP-04: the bank holds 24 of each; a wrong bank after a roll is broken") {
    // After the set-up the bank has given out 15 cards of the 120; red's roll of 3 pays red
    // a lumber and blue a brick.
    legal(Log56(5).act(
        "{player: red, roll: [1, 2], expect: {bank: {lumber: 18, brick: 21, wool: 21, grain: 21, "
        "ore: 22}}}"));
    illegal(Log56(5).act("{player: red, roll: [1, 2], expect: {bank: {lumber: 14, brick: 17, "
                         "wool: 16, grain: 16, ore: 16}}}"),
            "X56-COMP-04", 1);
  }
  SECTION("COMP-05: the deck of 34 holds 3 monopoly cards; a 4th is broken") {
    // Orange collects 4 ore (6s), 5 grain (5s) and 4 wool (9s), then buys 4 monopoly cards
    // as player 1 of turn 9.
    for (int paired : {1, 0}) {
      Log56 g(5, paired ? "" : kSbp);
      const char* rolls[] = {"[3, 3]", "[3, 3]", "[3, 3]", "[2, 3]",
                             "[2, 3]", "[4, 5]", "[4, 5]", "[4, 5]"};
      for (int t = 0; t < 8; ++t) {
        if (paired) {
          paired_turn(g, t % 5, rolls[t]);
        } else {
          g.act("{player: " + std::string(Log56::kNames[t % 5]) + ", roll: " + rolls[t] + "}");
          g.act("{player: " + std::string(Log56::kNames[t % 5]) + ", end: turn}");
        }
      }
      g.act("{player: orange, roll: [1, 2]}");
      for (int k = 0; k < 3; ++k) g.act("{player: orange, buy: monopoly}");
      legal(g);
      g.act("{player: orange, buy: monopoly}");
      illegal(g, "X56-COMP-05", static_cast<int>(g.actions.size()));
    }
  }
  SECTION("COMP-06: 15 roads, 5 settlements, 4 cities a colour") {
    const auto& e = core::Edition::five_six();
    CHECK(e.roads == 15);
    CHECK(e.settlements == 5);
    CHECK(e.cities == 4);
  }
  SECTION("COMP-07: [-3, 0, N] is on the island; [3, -1, N] is not") {
    Log56 g(5);
    g.setup = {"{player: red, settlement: [-3, 0, N]}", "{player: red, road: [-3, 0, NE]}"};
    g.actions = {};
    const diag::GameReport r = g.check();
    CHECK(r.status == diag::Status::Incomplete);  // the set-up goes on
    Log56 h(5);
    h.setup = {"{player: red, settlement: [3, -1, N]}"};
    illegal_at(h, "X56-COMP-07", 1, h.line_of("settlement: [3, -1, N]"));
  }
  SECTION("COMP-08 and BOARD-01: one robber, on either desert; not on mountains") {
    Log56 g(5);
    g.board.replace(g.board.find("robber: [2, 0]"), 14, "robber: [-1, 1]");
    legal(g);
    g.board.replace(g.board.find("robber: [-1, 1]"), 15, "robber: [0, 0]");
    illegal(g, "X56-BOARD-01", 0, g.line_of("robber: [0, 0]"));
  }
  SECTION("BOARD-02: the initial bank holds 24 each; a base-game bank asserted is broken") {
    Log56 g(5);
    g.setup = {
        "{player: red, settlement: [0, -2, N], expect: {bank: {lumber: 24, brick: 24, "
        "wool: 24, grain: 24, ore: 24}}}"};
    CHECK(g.check().status == diag::Status::Incomplete);
    g.setup = {
        "{player: red, settlement: [0, -2, N], expect: {bank: {lumber: 19, brick: 19, "
        "wool: 19, grain: 19, ore: 19}}}"};
    illegal_at(g, "X56-BOARD-02", 1, g.line_of("settlement: [0, -2, N]"));
  }
  SECTION("BOARD-03: S56 is spiralled from [0, -3]; two tokens swapped are not") {
    legal(Log56(5, "{board-tokens: spiral}"));
    Log56 g(5, "{board-tokens: spiral}");
    const std::string b = "{at: [-1, -2], terrain: hills, number: 5}";
    const std::string c = "{at: [-2, -1], terrain: mountains, number: 4}";
    g.board.replace(g.board.find(b), b.size(), "{at: [-1, -2], terrain: hills, number: 4}");
    g.board.replace(g.board.find(c), c.size(), "{at: [-2, -1], terrain: mountains, number: 5}");
    illegal(g, "X56-BOARD-03", 0, g.line_of("  hexes:") + 1);
  }
  SECTION("BOARD-04: the fixed set-up is not supported with 5-6 players") {
    const diag::GameReport r = Log56(6, "{setup-mode: beginner-fixed}").check();
    CHECK(r.status == diag::Status::Unsupported);
  }
  SECTION("BOARD-05: a harbor on an inland path") {
    Log56 g(5);
    const std::string h = "{at: [-4, 0, E], trade: \"3:1\"}";
    g.board.replace(g.board.find(h), h.size(), "{at: [0, 0, E], trade: \"3:1\"}");
    illegal(g, "X56-BOARD-05", 0, g.line_of("{at: [0, 0, E]"));
  }
}

TEST_CASE("X56-SETUP: players and the set-up over five and six", "[five-six]") {
  SECTION("SETUP-01: 5 and 6 hold; 7, and 4 on the 30-hex island, are broken") {
    legal(Log56(5));
    legal(Log56(6));
    Log56 g(6);
    g.header_players = "red, blue, white, orange, green, brown, black";
    illegal(g, "X56-SETUP-01", 0, g.line_of("players:"));
    Log56 four(4, "{turn-structure-56: special-build}");
    illegal(four, "X56-SETUP-01", 0, four.line_of("players:"));
    legal(Log56(4, "{turn-structure-56: special-build, board-56-players: any}"));
  }
  SECTION("SETUP-02: the snake runs A..E, E..A") {
    Log56 g(5);
    const std::string s = g.text();
    g.setup = {};
    for (const char* e :
         {"{player: red, settlement: [0, -2, N]}", "{player: red, road: [0, -2, NE]}",
          "{player: blue, settlement: [1, -2, N]}", "{player: blue, road: [1, -2, NE]}",
          "{player: white, settlement: [-1, 0, N]}", "{player: white, road: [-1, 0, NE]}",
          "{player: orange, settlement: [1, 0, N]}", "{player: orange, road: [1, 0, NE]}",
          "{player: green, settlement: [-2, 2, N]}", "{player: green, road: [-2, 2, NE]}"})
      g.setup.push_back(e);
    g.setup.push_back(
        "{player: green, settlement: [-2, 1, N], gains: {green: {lumber: 1, wool: "
        "1, grain: 1}}}");
    CHECK(g.check().status == diag::Status::Incomplete);
    g.setup.back() = "{player: orange, settlement: [0, 1, N]}";
    illegal_at(g, "X56-SETUP-02", 11, g.line_of("{player: orange, settlement: [0, 1, N]}"));
  }
  SECTION("SETUP-03: starting resources from the second settlement") {
    Log56 g(5);
    for (const char* e :
         {"{player: red, settlement: [0, -2, N]}", "{player: red, road: [0, -2, NE]}",
          "{player: blue, settlement: [1, -2, N]}", "{player: blue, road: [1, -2, NE]}",
          "{player: white, settlement: [-1, 0, N]}", "{player: white, road: [-1, 0, NE]}",
          "{player: orange, settlement: [1, 0, N]}", "{player: orange, road: [1, 0, NE]}",
          "{player: green, settlement: [-2, 2, N]}", "{player: green, road: [-2, 2, NE]}"})
      g.setup.push_back(e);
    g.setup.push_back(
        "{player: green, settlement: [-2, 1, N], gains: {green: {grain: 1, ore: 1, "
        "wool: 1}}}");
    illegal_at(g, "X56-SETUP-03", 11, g.line_of("{player: green, settlement: [-2, 1, N]"));
  }
  SECTION("SETUP-04: no special build phase before the first turn") {
    legal(Log56(5, kSbp).act("{player: red, roll: [1, 2]}"));
    illegal(Log56(5, kSbp).act("{player: blue, road: [2, -1, NW]}"), "X56-SETUP-04", 1);
  }
}

TEST_CASE("X56-TURN: one turn structure per game", "[five-six]") {
  SECTION("TURN-01: a window build is legal under special-build, not under paired") {
    Log56 g(5, kSbp);
    g.act("{player: red, roll: [1, 2]}").act("{player: red, end: turn}");
    g.act("{player: white, buy: knight}");
    CHECK(g.check().status == diag::Status::Illegal);  // white holds no grain: DEV-01
    Log56 s(5, kSbp);
    s.act("{player: red, roll: [1, 2]}").act("{player: red, end: turn}");
    s.act("{player: blue, road: [2, -1, NW]}");
    legal(s);
    Log56 p(5);
    p.act("{player: red, roll: [1, 2]}").act("{player: red, end: turn}");
    p.act("{player: blue, road: [2, -1, NW]}");
    illegal(p, "X56-PAIR-01", 3);
  }
  SECTION("TURN-02: outside a window only the active player acts") {
    illegal(
        Log56(5, kSbp).act("{player: red, roll: [1, 2]}").act("{player: blue, road: [2, -1, NW]}"),
        "X56-TURN-02", 2);
  }
}

namespace {
// Red's turn 1 under special-build: a roll of 3 (red a lumber, blue a brick), then its end.
Log56 after_red(const char* rules = kSbp) {
  Log56 g(5, rules);
  g.act("{player: red, roll: [1, 2]}").act("{player: red, end: turn}");
  return g;
}
}  // namespace

TEST_CASE("X56-SBP: the Special Build Phase", "[five-six]") {
  SECTION("SBP-01/02: windows in clockwise order from the next player; builds and buys") {
    legal(after_red()
              .act("{player: blue, road: [2, -1, NW]}")
              .act("{player: orange, buy: knight}")
              .act("{player: green, end: build}")
              .act("{player: blue, roll: [1, 2]}"));
    illegal(after_red().act("{player: orange, end: turn}"), "X56-TURN-02", 3);
    illegal(Log56(5, kSbp).act("{player: red, roll: [1, 2]}").act("{player: red, end: build}"),
            "X56-SBP-01", 2);
  }
  SECTION("the entry that begins the next turn is judged, and placed, in that turn") {
    // Blue's card after the phase begins blue's turn 2: the diagnostic says so, not "turn 1,
    // special build phase after red's turn".
    for (const char* rules : {kSbp, kSbpAny}) {
      const diag::GameReport r = after_red(rules).act("{player: blue, play: knight}").check();
      REQUIRE(r.error);
      CHECK(r.error->turn == 2);
      CHECK(r.error->situation == "turn 2, blue's turn, before the roll");
    }
    const diag::GameReport r = after_red().act("{player: white, roll: [2, 2]}").check();
    REQUIRE(r.error);
    CHECK(r.error->situation == "turn 1, special build phase after red's turn");
  }
  SECTION("SBP-02: a window pays like any build") {
    illegal(after_red().act("{player: white, road: [-1, 0, NW]}"), "BUILD-02", 3);
  }
  SECTION("SBP-03: no trade, bank trade, card or roll in a window") {
    legal(after_red().act("{player: orange, buy: knight}"));
    illegal(after_red().act("{player: white, bank: {give: {wool: 4}, get: {ore: 1}}}"),
            "X56-SBP-03", 3);
    illegal(after_red().act("{player: orange, trade: {with: white, give: {wool: 1}, get: {ore: "
                            "1}}}"),
            "X56-SBP-03", 3);
    illegal(after_red().act("{player: orange, play: road-building}"), "X56-SBP-03", 3);
    illegal(after_red().act("{player: white, roll: [2, 2]}"), "X56-SBP-03", 3);
  }
  SECTION("SBP-04: the player whose turn ended takes no part (strict), may under any") {
    illegal(after_red().act("{player: red, road: [0, -1, NW]}"), "X56-SBP-04", 3);
    Log56 g = after_red(kSbpAny);
    g.act("{player: blue, road: [2, -1, NW]}").act("{player: red, buy: knight}");
    CHECK(g.check().status == diag::Status::Illegal);  // red cannot pay: DEV-01, not SBP-04
    CHECK(core::id(*g.check().error->rule) == "DEV-01");
  }
  SECTION("SBP-05: strict order, one window each; any order under `any`") {
    illegal(after_red().act("{player: orange, buy: knight}").act("{player: white, buy: knight}"),
            "X56-SBP-05", 4);
    // The next player after a later window: their turn has begun (a build before the roll).
    illegal(
        after_red().act("{player: orange, buy: knight}").act("{player: blue, road: [2, -1, NW]}"),
        "TURN-02", 4);
    illegal(after_red().act("{player: white, end: build}").act("{player: white, buy: knight}"),
            "X56-SBP-05", 4);
    legal(after_red(kSbpAny)
              .act("{player: orange, buy: knight}")
              .act("{player: blue, road: [2, -1, NW]}")
              .act("{player: blue, roll: [1, 2]}"));
  }
  SECTION("SBP-06: no win in the phase; the next player wins as their turn begins") {
    // Orange collects 3 ore and 3 grain in turns 1-3 and builds a city in its window after
    // white's turn: 3 VP of a target of 3.
    auto game = [](const char* last) {
      Log56 g(5, "{turn-structure-56: special-build, victory-points: 3}");
      g.act("{player: red, roll: [3, 3]}").act("{player: red, end: turn}");
      g.act("{player: blue, roll: [3, 3]}").act("{player: blue, end: turn}");
      g.act("{player: white, roll: [2, 3]}").act("{player: white, end: turn}");
      g.act("{player: orange, city: [1, 0, N]}");
      g.act(last);
      return g;
    };
    Log56 won = game("{player: orange, claim: win}");
    const diag::GameReport r = won.check();
    CHECK(r.status == diag::Status::Legal);
    CHECK(r.winner == "orange");
    illegal(game("{player: orange, roll: [1, 2]}"), "TURN-07", 8);
    illegal(after_red().act("{player: blue, road: [2, -1, NW]}").act("{player: white, claim: win}"),
            "X56-SBP-06", 4);
  }
  SECTION("SBP-07: a card bought in the window before one's turn is played on it") {
    Log56 g(5, kSbp);
    g.act("{player: red, roll: [1, 2]}").act("{player: red, end: turn}");
    g.act("{player: blue, roll: [1, 2]}").act("{player: blue, end: turn}");
    g.act("{player: white, roll: [1, 2]}").act("{player: white, end: turn}");
    g.act("{player: orange, buy: knight}");
    g.act("{player: orange, play: knight}");
    g.act("{player: orange, robber: [0, -1], steal: {from: red, card: lumber}}");
    legal(g);
  }
  SECTION("SBP-08: no robber in the phase") {
    illegal(after_red().act("{player: white, robber: [0, 0]}"), "X56-SBP-03", 3);
  }
}

namespace {
// Red's part of turn 1 under paired turns (red player 1, orange player 2), ended.
Log56 after_red_part(const char* rules = "") {
  Log56 g(5, rules);
  g.act("{player: red, roll: [1, 2]}").act("{player: red, end: turn}");
  return g;
}
}  // namespace

TEST_CASE("X56-PAIR: paired players", "[five-six]") {
  SECTION("PAIR-01: player 2 is the third to player 1's left; nobody else acts") {
    legal(after_red_part().act("{player: orange, buy: knight}").act("{player: orange, end: turn}"));
    illegal(after_red_part().act("{player: white, road: [-1, 0, NW]}"), "X56-PAIR-01", 3);
    Log56 six(6);  // six players: player 2 sits opposite (orange again)
    six.act("{player: red, roll: [1, 2]}").act("{player: red, end: turn}");
    six.act("{player: orange, buy: knight}").act("{player: orange, end: turn}");
    six.act("{player: blue, roll: [1, 2]}").act("{player: blue, end: turn}");
    six.act("{player: green, end: turn}");
    legal(six);
  }
  SECTION("PAIR-02: player 2 only after player 1's end; roles pass on after player 2") {
    illegal(Log56(5).act("{player: red, roll: [1, 2]}").act("{player: orange, buy: knight}"),
            "X56-PAIR-02", 2);
    illegal(after_red_part().act("{player: red, buy: knight}"), "X56-PAIR-02", 3);
    // Player 2's phase ends at the next player 1's first entry when `end: turn` is omitted.
    legal(
        after_red_part().act("{player: orange, buy: knight}").act("{player: blue, roll: [1, 2]}"));
  }
  SECTION("PAIR-03: player 2 trades with the bank, never rolls or trades with a player") {
    Log56 g(5);
    paired_turn(g, 0, "[3, 3]");
    paired_turn(g, 1, "[3, 3]");
    paired_turn(g, 2, "[3, 3]");
    paired_turn(g, 3, "[1, 2]");
    paired_turn(g, 4, "[1, 2]");
    g.act("{player: red, roll: [1, 2]}").act("{player: red, end: turn}");
    g.act("{player: orange, bank: {give: {ore: 4}, get: {brick: 1}}}");
    legal(g);
    illegal(after_red_part().act("{player: orange, roll: [2, 5]}"), "X56-PAIR-03", 3);
    illegal(after_red_part().act(
                "{player: orange, trade: {with: red, give: {wool: 1}, get: {lumber: 1}}}"),
            "X56-PAIR-03", 3);
  }
  SECTION("PAIR-04: in player 1's part player 2 only trades with player 1") {
    legal(Log56(5)
              .act("{player: red, roll: [1, 2]}")
              .act("{player: red, trade: {with: orange, give: {lumber: 1}, get: {wool: 1}}}"));
    illegal(Log56(5)
                .act("{player: red, roll: [1, 2]}")
                .act("{player: orange, bank: {give: {grain: 4}, get: {brick: 1}}}"),
            "X56-PAIR-04", 2);
  }
  SECTION("PAIR-05: only player 1 plays a card before the roll") {
    illegal(Log56(5).act("{player: orange, play: knight}"), "X56-PAIR-05", 1);
  }
  SECTION("PAIR-06: one card per part, not in the part it was bought") {
    illegal(after_red_part()
                .act("{player: orange, buy: knight}")
                .act("{player: orange, play: "
                     "knight}"),
            "X56-PAIR-06", 4);
    // Bought as player 2 in turn 1, played as player 1 in turn 4.
    Log56 g = after_red_part();
    g.act("{player: orange, buy: knight}").act("{player: orange, end: turn}");
    paired_turn(g, 1, "[1, 2]");
    paired_turn(g, 2, "[1, 2]");
    g.act("{player: orange, play: knight}");
    g.act("{player: orange, robber: [0, -1], steal: {from: red, card: lumber}}");
    legal(g);
  }
  SECTION("PAIR-07: player 2's knight robs player 1 and asks no discards") {
    Log56 g = after_red_part();
    g.act("{player: orange, buy: knight}").act("{player: orange, end: turn}");
    for (int t = 1; t <= 4; ++t) paired_turn(g, t, "[1, 2]");
    g.act("{player: red, roll: [1, 2]}").act("{player: red, end: turn}");
    g.act("{player: orange, play: knight}");
    Log56 discard = g;
    g.act("{player: orange, robber: [0, -1], steal: {from: red, card: lumber}}");
    legal(g);
    discard.act("{player: blue, discard: {lumber: 1}}");
    illegal(discard, "ROBBER-07", static_cast<int>(discard.actions.size()));
  }
  SECTION("PAIR-08: player 2 wins at once in their phase; nothing may follow") {
    Log56 won = after_red_part("{victory-points: 3}");
    won.act("{player: orange, buy: victory-point}").act("{player: orange, claim: win}");
    const diag::GameReport r = won.check();
    CHECK(r.status == diag::Status::Legal);
    CHECK(r.winner == "orange");
    illegal(after_red_part("{victory-points: 3}")
                .act("{player: orange, buy: victory-point}")
                .act("{player: blue, roll: [1, 2]}"),
            "TURN-07", 4);
    // own-part-only: the same win, in orange's own phase.
    Log56 own = after_red_part("{victory-points: 3, paired-win: own-part-only}");
    own.act("{player: orange, buy: victory-point}").act("{player: orange, claim: win}");
    CHECK(own.check().winner == "orange");
  }
  SECTION("PAIR-09: paired turns with four players are not supported") {
    const diag::GameReport r = Log56(4, "{board-56-players: any}").check();
    CHECK(r.status == diag::Status::Unsupported);
  }
}
