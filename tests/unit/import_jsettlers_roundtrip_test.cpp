// Round trips through the JSettlers2 importer: a catan-log/1 game written as a JSettlers2 2.7
// game event log by soclog_writer.hpp, imported (importers::import_jsettlers, server view)
// and replayed, gets the verdict the game itself gets, entry for entry. Generated five- and
// six-player games under the Special Building Phase (`special-build-order: any`, as JSettlers2
// plays it), four-player base games, mutants, and a hand-checked game with a vacant seat.
//
// The differences the comparison allows are the documented ones (docs/IMPORT-JSETTLERS.md,
// soclog_writer.hpp), and only these:
// - a roll's two dice arrive as their sum (SOCDiceResult): rolls compare by total;
// - `expect` is not carried over (the importer asserts what JSettlers2 sends instead: hands
//   after a roll, and the awards and scores at the end) and set-up settlements' `gains`
//   are not (JSettlers2 2.7 logs do not list them): neither is compared;
// - `reveal` and `claim: win` have no JSettlers2 message (the server sees every card and
//   decides the win), and what follows the winning action (but a winning knight's robber
//   move, which JSettlers2 also sends before it announces the win) is not in the log; a win
//   as the winner's turn begins (SOCTurn gameState=1000) is imported as their `claim: win`,
//   which then matches the game's;
// - a Special Building window ends only with a SOCTurn, which the importer reads as its
//   `end: build`: after a window entry by W that the game does not close with W's own
//   `end: build`, the import has one more entry, `{player: W, end: build}`.
// Places compare by id on the game's island (the importer writes canonical names).
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/edition.hpp"
#include "core/rule_catalog.hpp"
#include "gen/generator.hpp"
#include "gen/mutator.hpp"
#include "import/jsettlers/import_jsettlers.hpp"
#include "import/jsettlers/jsettlers_coords.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"
#include "rules/engine.hpp"
#include "soclog_writer.hpp"

using namespace catan;
namespace js = catan::importers::jsettlers;
using core::ActionKind;

namespace {

log::Game read_game(const std::string& yaml) {
  auto docs = log::read_string(yaml);
  REQUIRE(docs.size() == 1);
  INFO((docs[0].error ? docs[0].error->message : std::string()));
  REQUIRE(docs[0].game);
  return *docs[0].game;
}

gen::GenOptions gen_options(uint64_t seed, int players) {
  gen::GenOptions o;
  o.seed = seed;
  o.players = players;
  o.build_bias = seed % 2 ? 2.0 : 1.0;
  if (players >= 5) {
    REQUIRE(core::set_option(o.rules, "turn-structure-56", "special-build").empty());
    REQUIRE(core::set_option(o.rules, "special-build-order", "any").empty());
  }
  return o;
}

// A generated game as its catan-log/1 text reads, once per run (generating is the slow part).
const log::Game& generated(uint64_t seed, int players) {
  static std::map<std::pair<int, uint64_t>, log::Game> games;
  auto it = games.find({players, seed});
  if (it == games.end()) {
    const gen::GenOptions o = gen_options(seed, players);
    it = games.emplace(std::pair{players, seed}, read_game(gen::to_yaml(gen::generate(o), o, "rt")))
             .first;
  }
  return it->second;
}

log::Game imported(const std::string& soclog) {
  const importers::Imported im = importers::import_jsettlers("rt.soclog", soclog, {});
  std::string problems;
  for (const auto& p : im.problems) problems += std::to_string(p.at.line) + ": " + p.message + "\n";
  INFO(problems);
  REQUIRE(im.problems.empty());
  REQUIRE(im.games.size() == 1);
  return im.games[0];
}

const core::Edition& edition_of(const log::Game& g) {
  return rules::edition_for(static_cast<int>(g.players.size()), g.board);
}

// The phase before each entry, as far as the game is legal.
std::vector<core::Phase> phases(const log::Game& g) {
  std::vector<core::Phase> out;
  replay::Replayer r("phases", {});
  if (!r.start(g)) return out;
  for (const log::Entry& e : g.actions) {
    if (!r.state()) break;
    out.push_back(r.state()->phase);
    if (!r.feed(e)) break;
  }
  return out;
}

// An entry as the importer can give it back (see the file comment).
core::Action normal(core::Action a, const core::Edition& ed, int players) {
  const core::Topology& island = ed.island;
  a.expect.reset();
  core::resolve_places(a, island);
  switch (a.kind) {
    case ActionKind::Roll:
      a.roll_sum = a.roll_total();
      a.dice.clear();
      if (a.gains) a.gains->resize(static_cast<size_t>(players));
      break;
    case ActionKind::Settlement:
    case ActionKind::City:
      a.gains.reset();  // a set-up settlement's
      if (a.corner.id != core::kNone) {
        const auto n = island.corner_name(a.corner.id);
        a.corner.hex = n.hex, a.corner.dir = n.dir;
      }
      break;
    case ActionKind::Road:
      if (a.edge.id != core::kNone) {
        const auto n = island.edge_name(a.edge.id);
        a.edge.hex = n.hex, a.edge.dir = n.dir;
      }
      break;
    case ActionKind::Play:
      if (a.takes) a.takes->resize(static_cast<size_t>(players));
      break;
    default:
      break;
  }
  return a;
}

bool window_kind(const core::Action& a) {
  return a.kind == ActionKind::Road || a.kind == ActionKind::Settlement ||
         a.kind == ActionKind::City || a.kind == ActionKind::Buy;
}

// The imported entries matched to the original's: `to[i]` the imported index of original
// entry i (-1: not carried over), and the imported entries added (an `end: build`).
struct Alignment {
  std::vector<int> to;
  int added = 0, dropped = 0;
  std::string mismatch;  // empty when the two correspond
};

Alignment align(const log::Game& orig, const log::Game& imp, size_t upto) {
  Alignment al;
  const core::Edition& ed = edition_of(orig);
  const int n = static_cast<int>(orig.players.size());
  const std::vector<core::Phase> ph = phases(orig);
  auto phase = [&](size_t i) { return i < ph.size() ? ph[i] : core::Phase::Setup; };
  size_t j = 0;
  int last = -1;  // the last original entry matched
  // An `end: build` the importer adds: the window of W the game left without one.
  auto added_end_build = [&](const core::Action& x, const core::Action* next) {
    if (!(x.kind == ActionKind::EndTurn && x.end_build) || last < 0) return false;
    const core::Action& prev = orig.actions[static_cast<size_t>(last)].action;
    if (!(window_kind(prev) && prev.player == x.player &&
          phase(static_cast<size_t>(last)) == core::Phase::SpecialBuild))
      return false;
    return !(next && next->kind == ActionKind::EndTurn && next->end_build &&
             next->player == x.player);
  };
  for (size_t i = 0; i < upto && i < orig.actions.size(); ++i) {
    const core::Action& o = orig.actions[i].action;
    const core::Action want = normal(o, ed, n);
    while (j < imp.actions.size() && !(normal(imp.actions[j].action, ed, n) == want) &&
           added_end_build(imp.actions[j].action, &o)) {
      ++j;
      ++al.added;
    }
    if (j < imp.actions.size() && normal(imp.actions[j].action, ed, n) == want) {
      al.to.push_back(static_cast<int>(j++));
      last = static_cast<int>(i);
      continue;
    }
    // Not carried over: reveal and claim, and what follows the win.
    if (o.kind == ActionKind::Reveal || o.kind == ActionKind::Claim ||
        phase(i) == core::Phase::Over) {
      al.to.push_back(-1);
      ++al.dropped;
      continue;
    }
    al.mismatch = "original entry " + std::to_string(i + 1) + " (" +
                  std::string(core::to_string(o.kind)) + " by " + orig.players[o.player] +
                  ") has no counterpart at imported entry " + std::to_string(j + 1);
    if (j < imp.actions.size())
      al.mismatch += " (" + std::string(core::to_string(imp.actions[j].action.kind)) + " by " +
                     imp.players[imp.actions[j].action.player] + ")";
    return al;
  }
  if (upto >= orig.actions.size()) {
    while (j < imp.actions.size() && added_end_build(imp.actions[j].action, nullptr))
      ++j, ++al.added;
    if (j != imp.actions.size())
      al.mismatch = "imported entry " + std::to_string(j + 1) + " (" +
                    std::string(core::to_string(imp.actions[j].action.kind)) +
                    ") has no counterpart in the game";
  }
  return al;
}

// The board as a comparable value: hexes by place, harbors by edge id, the robber.
std::string board_text(const log::Game& g) {
  const core::Topology& island = edition_of(g).island;
  std::vector<std::string> hexes, harbors;
  for (const auto& h : g.board.hexes)
    hexes.push_back(std::to_string(island.hex_id(h.at)) + ":" +
                    std::to_string(static_cast<int>(h.terrain)) + "/" + std::to_string(h.number));
  for (const auto& h : g.board.harbors)
    harbors.push_back(std::to_string(island.edge_id(h.at, h.dir)) + ":" +
                      std::string(core::to_string(h.kind)));
  std::sort(hexes.begin(), hexes.end());
  std::sort(harbors.begin(), harbors.end());
  std::string s;
  for (const auto& x : hexes) s += x + " ";
  s += "| ";
  for (const auto& x : harbors) s += x + " ";
  return s + "| robber " + std::to_string(island.hex_id(*g.board.robber));
}

std::string options_text(const core::Options& o) {
  std::string s;
  for (const auto& info : core::option_table())
    s += std::string(info.key) + "=" + core::get_option(o, info.key) + " ";
  return s;
}

struct Trip {
  log::Game game;
  std::string soclog;
  log::Game back;
  diag::GameReport want, got;
  Alignment al;
};

// Writes, imports and replays `game`; checks the header, the verdict and the entries.
Trip round_trip(const log::Game& game, const test::SoclogOptions& o = {}) {
  Trip t{game, test::write_soclog(game, o), {}, {}, {}, {}};
  t.back = imported(t.soclog);
  CHECK(t.back.players == game.players);
  CHECK(board_text(t.back) == board_text(game));
  CHECK(options_text(t.back.options) == options_text(game.options));
  t.want = replay::replay("rt.yaml", game, {}).report;
  t.got = replay::replay("rt.soclog", t.back, {}).report;
  const size_t upto = t.want.status == diag::Status::Illegal && t.want.error
                          ? static_cast<size_t>(t.want.error->action)
                          : game.actions.size();
  t.al = align(game, t.back, upto);
  INFO((t.got.error ? t.got.error->message : std::string()));
  CHECK(t.al.mismatch == "");
  CHECK(diag::to_string(t.got.status) == diag::to_string(t.want.status));
  CHECK(t.got.winner == t.want.winner);
  if (game.result_winner && t.want.status == diag::Status::Legal) {
    REQUIRE(t.back.result_winner);
    CHECK(t.back.players[*t.back.result_winner] == game.players[*game.result_winner]);
    // The server's last word, asserted on the last entry and checked by the replay above:
    // the awards (SOCGameElements e5, e6) and every seat's score (SOCGameStats).
    const auto& last = t.back.actions.back().action.expect;
    REQUIRE(last);
    CHECK(last->longest_road);
    CHECK(last->largest_army);
    CHECK(last->vp.size() == game.players.size());
  }
  // The hands each roll's gainers were sent (pN:SOCPlayerElements), asserted and checked.
  int rolls = 0, hands = 0;
  for (const auto& e : t.back.actions) {
    if (e.action.kind != ActionKind::Roll || e.action.roll_total() == 7) continue;
    ++rolls;
    hands += e.action.expect && !e.action.expect->hands.empty();
  }
  if (t.want.status == diag::Status::Legal) CHECK(hands > rolls / 2);
  if (t.want.error && t.want.error->rule) {
    REQUIRE(t.got.error);
    REQUIRE(t.got.error->rule);
    CHECK(core::id(*t.got.error->rule) == core::id(*t.want.error->rule));
    // The same entry, counted in the import (which may hold added `end: build` entries).
    REQUIRE(t.al.mismatch == "");
    const int at = t.al.to.at(static_cast<size_t>(t.want.error->action - 1));
    CHECK(t.got.error->action == at + 1);
  }
  return t;
}

int count_lines(const std::string& text, const std::string& needle) {
  int n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// Lines holding `a` right before a line holding `b`.
int count_pairs(const std::string& text, const std::string& a, const std::string& b) {
  int n = 0;
  std::string prev;
  for (size_t at = 0; at < text.size();) {
    size_t nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size();
    const std::string l = text.substr(at, nl - at);
    n += prev.find(a) != std::string::npos && l.find(b) != std::string::npos;
    prev = l;
    at = nl + 1;
  }
  return n;
}

}  // namespace

TEST_CASE("jsettlers round trip: five- and six-player games with the Special Building Phase",
          "[import][jsettlers][roundtrip]") {
  // Seeds whose games generate quickly in the dev build; among them, wins at the start of a
  // turn (SOCTurn gameState=1000) on both boards.
  const std::pair<int, uint64_t> picks[] = {{5, 1}, {5, 5}, {5, 7}, {5, 8},
                                            {6, 2}, {6, 3}, {6, 4}, {6, 7}};
  int windows = 0, asked_at_turn_start = 0, added = 0, won_at_turn_start = 0, games = 0;
  for (const auto& [players, seed] : picks) {
    CAPTURE(players, seed);
    test::SoclogOptions o;
    o.ask_at_turn_start = seed % 2 == 0;
    o.timestamps = seed % 3 != 0;
    const Trip t = round_trip(generated(seed, players), o);
    CHECK(t.want.status == diag::Status::Legal);
    windows += count_lines(t.soclog, "|gameState=100\n");
    // A window asked for at the start of one's own turn (SOCGame case B): the turn begins,
    // the player asks, the window opens.
    asked_at_turn_start += count_pairs(t.soclog, ":SOCRollDicePrompt:", "|pieceType=-1");
    added += t.al.added;
    if (count_lines(t.soclog, "|gameState=1000\n") == 1) {
      ++won_at_turn_start;  // the importer's `claim: win` begins the winner's turn
      CHECK(t.back.actions.back().action.kind == ActionKind::Claim);
    }
    ++games;
  }
  CHECK(games == 8);
  CHECK(windows > 50);  // the windows were written, and read back (above)
  CHECK(added > 0);
  CHECK(asked_at_turn_start > 0);
  CHECK(won_at_turn_start >= 2);
}

TEST_CASE("jsettlers round trip: four-player base games, SOCBoardLayout and SOCBoardLayout2",
          "[import][jsettlers][roundtrip]") {
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    CAPTURE(seed);
    test::SoclogOptions o;
    o.board_layout2 = seed == 2;
    const Trip t = round_trip(generated(seed, 4), o);
    CHECK(t.want.status == diag::Status::Legal);
    CHECK(t.al.added == 0);
    CHECK(count_lines(t.soclog, o.board_layout2 ? ":SOCBoardLayout2:" : "all:SOCBoardLayout:") ==
          1);
  }
}

TEST_CASE("jsettlers round trip: mutants keep their rule and entry",
          "[import][jsettlers][roundtrip]") {
  struct Pick {
    int players;
    uint64_t seed;
    const char* kind;
  };
  // Mutations JSettlers2's messages can carry (as a faulty server would log them): the
  // Special Building Phase's own, a bank trade in a window, on a five- and a six-player game
  // (where `end: build` entries the importer adds put the mutated entry at another number in
  // the import: the alignment maps it); four base ones. The importer reads them without a
  // problem and the replay reports each at the same entry with the mutation's rule.
  const Pick picks[] = {{5, 7, "trade-in-window"},    {6, 4, "trade-in-window"},
                        {4, 1, "unaffordable-build"}, {4, 2, "distance-rule"},
                        {4, 3, "discard-count"},      {4, 1, "steal-not-adjacent"}};
  int checked = 0;
  for (const Pick& p : picks) {
    CAPTURE(p.players, p.seed, p.kind);
    const log::Game& game = generated(p.seed, p.players);
    for (const gen::Mutation& m : gen::mutate(game, 1, p.kind)) {
      CAPTURE(m.what);
      const log::Game mutant = read_game(gen::mutation_yaml(game, m, "rt"));
      const Trip t = round_trip(mutant);
      REQUIRE(t.want.status == diag::Status::Illegal);
      REQUIRE(t.want.error);
      CHECK(t.want.error->action == m.action);
      CHECK(std::string(core::id(*t.want.error->rule)) == std::string(core::id(m.rule)));
      ++checked;
    }
  }
  CHECK(checked == 6);
}

namespace {

// A five-player game by hand: the board of `generate --seed 1 --players 5` (one of its two
// deserts under the robber), the set-up, red's turn (a roll of 9 and a trade), blue's, and
// white's road in the Special Building Phase after blue's turn, then white's roll.
const char* const kHandGame = R"(format: catan-log/1
game: {id: hand}
rules: {turn-structure-56: special-build, special-build-order: any}
players: [red, blue, white, orange, green]
board:
  hexes:
    - {at: [0, -3], terrain: fields, number: 10}
    - {at: [1, -3], terrain: hills, number: 4}
    - {at: [2, -3], terrain: pasture, number: 10}
    - {at: [-1, -2], terrain: forest, number: 11}
    - {at: [0, -2], terrain: fields, number: 5}
    - {at: [1, -2], terrain: pasture, number: 2}
    - {at: [2, -2], terrain: hills, number: 3}
    - {at: [-2, -1], terrain: fields, number: 6}
    - {at: [-1, -1], terrain: pasture, number: 5}
    - {at: [0, -1], terrain: pasture, number: 6}
    - {at: [1, -1], terrain: desert}
    - {at: [2, -1], terrain: mountains, number: 4}
    - {at: [-3, 0], terrain: desert}
    - {at: [-2, 0], terrain: forest, number: 10}
    - {at: [-1, 0], terrain: hills, number: 8}
    - {at: [0, 0], terrain: mountains, number: 12}
    - {at: [1, 0], terrain: fields, number: 11}
    - {at: [2, 0], terrain: mountains, number: 3}
    - {at: [-3, 1], terrain: fields, number: 5}
    - {at: [-2, 1], terrain: pasture, number: 8}
    - {at: [-1, 1], terrain: forest, number: 9}
    - {at: [0, 1], terrain: mountains, number: 6}
    - {at: [1, 1], terrain: forest, number: 4}
    - {at: [-3, 2], terrain: mountains, number: 9}
    - {at: [-2, 2], terrain: hills, number: 9}
    - {at: [-1, 2], terrain: pasture, number: 2}
    - {at: [0, 2], terrain: forest, number: 8}
    - {at: [-3, 3], terrain: forest, number: 3}
    - {at: [-2, 3], terrain: fields, number: 12}
    - {at: [-1, 3], terrain: hills, number: 11}
  harbors:
    - {at: [0, -4, SE], trade: "3:1"}
    - {at: [1, -3, NE], trade: grain}
    - {at: [2, -2, NE], trade: wool}
    - {at: [2, -1, E], trade: "3:1"}
    - {at: [1, 1, E], trade: wool}
    - {at: [0, 2, SE], trade: brick}
    - {at: [-2, 3, SE], trade: "3:1"}
    - {at: [-4, 4, NE], trade: "3:1"}
    - {at: [-4, 2, NE], trade: "3:1"}
    - {at: [-4, 0, E], trade: lumber}
    - {at: [-2, -2, SE], trade: ore}
  robber: [-3, 0]
actions:
  - {player: red, settlement: [-1, 0, S]}
  - {player: red, road: [-1, 0, SE]}
  - {player: blue, settlement: [-1, 0, N]}
  - {player: blue, road: [-1, 0, NE]}
  - {player: white, settlement: [-2, 1, S]}
  - {player: white, road: [-3, 2, E]}
  - {player: orange, settlement: [0, 2, N]}
  - {player: orange, road: [0, 2, NE]}
  - {player: green, settlement: [-2, 0, N]}
  - {player: green, road: [-2, 0, NE]}
  - {player: green, settlement: [-2, 0, S]}
  - {player: green, road: [-3, 1, E]}
  - {player: orange, settlement: [0, -2, N]}
  - {player: orange, road: [0, -3, E]}
  - {player: white, settlement: [0, 0, S]}
  - {player: white, road: [-1, 1, E]}
  - {player: blue, settlement: [-1, -1, N]}
  - {player: blue, road: [-1, -1, NE]}
  - {player: red, settlement: [0, -1, N]}
  - {player: red, road: [0, -2, SE]}
  - {player: red, roll: [3, 6], gains: {red: {lumber: 1}, white: {lumber: 1, brick: 1, ore: 1}}}
  - {player: red, trade: {with: orange, give: {lumber: 1}, get: {brick: 1}}}
  - {player: red, end: turn}
  - {player: blue, roll: [2, 1], gains: {}}
  - {player: blue, end: turn}
  - {player: white, road: [-3, 2, NE]}
  - {player: white, roll: [1, 3], gains: {orange: {lumber: 1, brick: 1}}}
)";

bool has_line(const std::string& text, const std::string& l) {
  return text.find(":" + l + "\n") != std::string::npos;
}

}  // namespace

TEST_CASE("jsettlers round trip: a five-player game with a vacant seat, checked by hand",
          "[import][jsettlers][roundtrip]") {
  const log::Game game = read_game(kHandGame);
  test::SoclogOptions o;
  o.seats = {0, 1, 2, 4, 5};  // seat 3 empty
  const Trip t = round_trip(game, o);
  const std::string& s = t.soclog;
  INFO(s);
  CHECK(t.want.status == diag::Status::Incomplete);
  // Six seats, the 6-player board; orange and green in seats 4 and 5, nobody in 3.
  CHECK(has_line(s,
                 "all:SOCNewGameWithOptions:game=rt|param1=1108|param2=BC=t4,N7=f7,PL=6,PLB=t,"
                 "RD=f,UBL=t7"));
  CHECK(has_line(s, "all:SOCSitDown:game=rt|nickname=white|playerNumber=2|robotFlag=true"));
  CHECK(has_line(s, "all:SOCSitDown:game=rt|nickname=orange|playerNumber=4|robotFlag=true"));
  CHECK(has_line(s, "all:SOCSitDown:game=rt|nickname=green|playerNumber=5|robotFlag=true"));
  CHECK(count_lines(s, "playerNumber=3") == 0);
  // The board: hex [q, r] is 0x77 + 0x22 q + 0x20 r in kNumToHexId's order, the layout's
  // first row (0x17 0x39 0x5B 0x7D) being [0, -3] fields, [1, -3] hills, [2, -3] pasture
  // and 0x7D off the island; the robber on [-3, 0] = 0x11 = 17; the ports clockwise from
  // the upper left (SOCBoard6p's PORTS_EDGE_V2 0x07, 0x3A, 0x7C, ...): [0, -4, SE] 3:1,
  // [1, -3, NE] wheat (4), [2, -2, NE] sheep (3), ...
  CHECK(s.find("|bef=2|HL={ 4 1 3 6 ") != std::string::npos);
  // (The generated boards' harbor sites are JSettlers2's, in PORTS_EDGE_V2's order.)
  const core::Edition& ed = core::Edition::five_six();
  REQUIRE(ed.harbor_sites.size() == js::kPortEdgesV2.size());
  for (size_t k = 0; k < js::kPortEdgesV2.size(); ++k)
    CHECK(js::BoardCoords::six_player().edge_edge(js::kPortEdgesV2[k]) ==
          ed.island.edge_id(ed.harbor_sites[k].first, ed.harbor_sites[k].second));
  CHECK(s.find("|RH=17|PL={ 0 4 3 0 3 1 0 0 0 5 2 }|NL={ 10 4 10 -1 ") != std::string::npos);
  // The set-up: a node is its hex + N 0x01, S 0x10; an edge [q, r, NE] is hex + 0x01,
  // [q, r, E] hex + 0x11, [q, r, SE] hex + 0x10 (docs/IMPORT-JSETTLERS.md).
  CHECK(has_line(s, "all:SOCTurn:game=rt|playerNumber=0|gameState=5"));
  CHECK(has_line(s, "all:SOCPutPiece:game=rt|playerNumber=0|pieceType=1|coord=65"));  // [-1,0,S]
  CHECK(has_line(s, "all:SOCPutPiece:game=rt|playerNumber=0|pieceType=0|coord=65"));  // SE
  CHECK(has_line(s, "all:SOCTurn:game=rt|playerNumber=4|gameState=5"));
  CHECK(has_line(s, "all:SOCPutPiece:game=rt|playerNumber=4|pieceType=1|coord=b8"));  // [0,2,N]
  CHECK(has_line(s, "all:SOCPutPiece:game=rt|playerNumber=4|pieceType=0|coord=b8"));  // NE
  CHECK(has_line(s, "all:SOCPutPiece:game=rt|playerNumber=5|pieceType=1|coord=34"));  // [-2,0,N]
  CHECK(has_line(s, "all:SOCTurn:game=rt|playerNumber=5|gameState=10"));              // green again
  CHECK(has_line(s, "all:SOCPutPiece:game=rt|playerNumber=5|pieceType=0|coord=42"));  // [-3,1,E]
  CHECK(has_line(s, "all:SOCTurn:game=rt|playerNumber=0|gameState=15"));
  // Red's 9: red +1 wood (holding 4), white +1 clay, ore, wood (holding 6); white's private
  // hand; the trade as red's offer that orange accepted.
  CHECK(has_line(s, "all:SOCDiceResult:game=rt|param=9"));
  CHECK(has_line(s,
                 "all:SOCDiceResultResources:game=rt|p=2|p=0|p=4|p=1|p=5|p=0|p=2|p=6|p=1|"
                 "p=1|p=1|p=2|p=1|p=5"));
  CHECK(has_line(s,
                 "p2:SOCPlayerElements:game=rt|playerNum=2|actionType=SET|e1=1,e2=3,e3=0,e4=0,"
                 "e5=2"));
  CHECK(has_line(s,
                 "all:SOCAcceptOffer:game=rt|accepting=4|offering=0|toAccepting=clay=0|ore=0|"
                 "sheep=0|wheat=0|wood=1|unknown=0|toOffering=clay=1|ore=0|sheep=0|wheat=0|"
                 "wood=0|unknown=0"));
  // Blue's 3 pays nobody; white builds [-3, 2, NE] (0x51 + 0x01) in a window after blue's
  // turn, which the next SOCTurn, white's own turn, ends; white's 4 pays orange (seat 4).
  CHECK(has_line(s, "all:SOCDiceResult:game=rt|param=3"));
  CHECK(has_line(s,
                 "all:SOCPlayerElement:game=rt|playerNum=2|actionType=SET|elementType=16|"
                 "amount=1"));
  CHECK(has_line(s, "all:SOCTurn:game=rt|playerNumber=2|gameState=100"));
  CHECK(has_line(s, "all:SOCPutPiece:game=rt|playerNumber=2|pieceType=0|coord=52"));
  CHECK(has_line(s, "all:SOCTurn:game=rt|playerNumber=2|gameState=15"));
  CHECK(has_line(s, "all:SOCDiceResultResources:game=rt|p=1|p=4|p=5|p=1|p=1|p=1|p=5"));
  // Read back: the players in seat order from the first (seat 3 skipped), the entries with
  // white's window closed by an `end: build` the game does not have.
  CHECK(t.back.players == std::vector<std::string>{"red", "blue", "white", "orange", "green"});
  REQUIRE(t.back.actions.size() == game.actions.size() + 1);
  CHECK(t.al.added == 1);
  const core::Action& close = t.back.actions[26].action;
  CHECK(close.kind == ActionKind::EndTurn);
  CHECK(close.end_build);
  CHECK(close.player == 2);
  CHECK(t.back.actions[22].action.kind == ActionKind::EndTurn);  // red's end: turn
  CHECK_FALSE(t.back.actions[22].action.end_build);
  // The same game from seats 4, 5, 0, 1, 2: red (seat 4) starts, so the order is the same.
  test::SoclogOptions r;
  r.seats = {4, 5, 0, 1, 2};
  const Trip u = round_trip(game, r);
  CHECK(has_line(u.soclog, "all:SOCTurn:game=rt|playerNumber=4|gameState=5"));
  CHECK(u.back.players == game.players);
}
