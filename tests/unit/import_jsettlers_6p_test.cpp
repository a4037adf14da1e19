// JSettlers2's 6-player board and its Special Building Phase in the importer
// (src/import/jsettlers/): SOCBoard6p's coordinates proved as a whole against the five-six
// island (RULES-5-6.md X.0.7 and Appendix C), SOCBoardLayout2 decoded, and 5-player games
// with windows, a window asked for at the start of one's own turn, and a win at the start
// of the winner's turn, on logs the project wrote in JSettlers2's message grammar.
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/edition.hpp"
#include "core/options.hpp"
#include "five_six_log.hpp"
#include "import/jsettlers/import_jsettlers.hpp"
#include "import/jsettlers/jsettlers_coords.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"
#include "soclog_writer.hpp"

using namespace catan;
namespace js = catan::importers::jsettlers;

namespace {

const core::Topology& six_island() { return core::Edition::five_six().island; }

// The board S56 (RULES-5-6.md Appendix A) read from the test's own copy.
core::BoardSpec s56() {
  test::Log56 l(5);
  auto docs = log::read_string(l.text());
  REQUIRE(docs.size() == 1);
  REQUIRE(docs.front().game);
  return docs.front().game->board;
}

int node(core::Axial h, core::CornerDir d) {
  return js::BoardCoords::six_player().corner_node(six_island().corner_id(h, d));
}
int edge(core::Axial h, core::EdgeDir d) {
  return js::BoardCoords::six_player().edge_coord(six_island().edge_id(h, d));
}

// A 5-player game on S56 in seats 0, 1, 2, 4, 5 (red, blue, white, orange, green; seat 3
// empty) with test::Log56's set-up, then `turns` and, if `over`, the end of the game.
std::string game_6p(const std::string& turns, const std::string& options = "PL=6,VP=t10",
                    const std::string& over = "") {
  const int seat[] = {0, 1, 2, 4, 5};
  const char* names[] = {"red", "blue", "white", "orange", "green"};
  const core::Axial first[] = {{0, -2}, {1, -2}, {-1, 0}, {1, 0}, {-2, 2}};
  const core::Axial second[] = {{0, -1}, {2, -1}, {-1, 2}, {0, 1}, {-2, 1}};
  std::string s = "SOC game event log: type=F, version=2700, created_at=1, now=2, game_name=g\n";
  s += "all:SOCVersion:p=2700|str=2.7.00|verBuild=JM20230101|srvFeats=;6pl;sb;|cliLocale=null\n";
  s += "all:SOCNewGameWithOptions:game=g|param1=-1|param2=" + options + "\n";
  s +=
      "all:SOCBoardLayout2:game=g|" + test::board_layout(s56(), test::LayoutForm::SixPlayer) + "\n";
  for (int p = 0; p < 5; ++p)
    s += fmt::format("all:SOCSitDown:game=g|nickname={}|playerNumber={}|robotFlag=true\n", names[p],
                     seat[p]);
  s += "all:SOCStartGame:game=g|gameState=5\n";
  auto place = [&](int p, core::Axial at, int state) {
    s += fmt::format("all:SOCTurn:game=g|playerNumber={}|gameState={}\n", seat[p], state);
    s += fmt::format("all:SOCPutPiece:game=g|playerNumber={}|pieceType=1|coord={:x}\n", seat[p],
                     node(at, core::CornerDir::N));
    s += fmt::format("all:SOCPutPiece:game=g|playerNumber={}|pieceType=0|coord={:x}\n", seat[p],
                     edge(at, core::EdgeDir::NE));
  };
  for (int p = 0; p < 5; ++p) place(p, first[p], 5);
  for (int p = 4; p >= 0; --p) place(p, second[p], 10);
  s += turns;
  if (!over.empty()) s += "all:SOCGameState:game=g|state=1000\n" + over;
  return s;
}

std::string turn(int seat, int state) {
  return fmt::format("all:SOCTurn:game=g|playerNumber={}|gameState={}\n", seat, state);
}
std::string ask(int seat, int amount = 1) {
  return fmt::format(
      "all:SOCPlayerElement:game=g|playerNum={}|actionType=SET|elementType=16|amount={}\n", seat,
      amount);
}
std::string roll7_robber(int seat, core::Axial to) {
  return "all:SOCDiceResult:game=g|param=7\n" +
         fmt::format("all:SOCMoveRobber:game=g|playerNumber={}|coord={:x}\n", seat,
                     js::hex_coord(to));
}

importers::Imported import(const std::string& text) {
  return importers::import_jsettlers("six.soclog", text, {});
}

const log::Game& only_game(const importers::Imported& im) {
  INFO((im.problems.empty() ? std::string() : im.problems[0].message));
  REQUIRE(im.problems.empty());
  REQUIRE(im.games.size() == 1);
  return im.games[0];
}

diag::GameReport check(const log::Game& g) { return replay::replay("six.soclog", g, {}).report; }

std::string said(const diag::GameReport& r) {
  return std::string(diag::to_string(r.status)) + (r.error ? ": " + r.error->message : "");
}

// Each node and edge coordinate of `c` names one corner or edge of its island and back;
// JSettlers2's rule for an edge's nodes lands on that edge's corners; the hexes around a
// node are the island's hexes around the corner.
void check_places(const js::BoardCoords& c, int corners, int edges) {
  const core::Topology& island = c.island();
  std::set<int> seen_corners, seen_edges;
  for (int n = 0; n < 256; ++n) {
    const core::CornerId k = c.node_corner(n);
    if (k == core::kNone) continue;
    CHECK(seen_corners.insert(k).second);
    CHECK(c.corner_node(k) == n);
  }
  for (int e = 0; e < 256; ++e) {
    const core::EdgeId id = c.edge_edge(e);
    if (id == core::kNone) continue;
    CHECK(seen_edges.insert(id).second);
    CHECK(c.edge_coord(id) == e);
    const auto nodes = js::edge_nodes(e);
    const auto ends = island.edge_corners(id);
    CHECK(std::set<int>{c.node_corner(nodes[0]), c.node_corner(nodes[1])} ==
          std::set<int>{ends[0], ends[1]});
  }
  CHECK(static_cast<int>(seen_corners.size()) == corners);
  CHECK(static_cast<int>(seen_edges.size()) == edges);
  CHECK(island.corner_count() == corners);
  CHECK(island.edge_count() == edges);
  const int kOffset[] = {0x01, 0x12, 0x21, 0x10, -0x01, -0x10};
  for (int k = 0; k < island.corner_count(); ++k) {
    std::set<int> hexes, around;
    for (core::HexId h : island.corner_hexes(static_cast<core::CornerId>(k))) hexes.insert(h);
    for (int h = 0; h < island.hex_count(); ++h)
      for (int off : kOffset)
        if (js::hex_coord(island.hex_at(static_cast<core::HexId>(h))) + off ==
            c.corner_node(static_cast<core::CornerId>(k)))
          around.insert(h);
    CHECK(hexes == around);
  }
  // Neighbouring corners are joined by an edge coordinate.
  for (int k = 0; k < island.corner_count(); ++k)
    for (core::CornerId d : island.corner_neighbours(static_cast<core::CornerId>(k))) {
      bool joined = false;
      for (core::EdgeId e : island.corner_edges(static_cast<core::CornerId>(k))) {
        const auto n = js::edge_nodes(c.edge_coord(e));
        joined |= n[0] == c.corner_node(d) || n[1] == c.corner_node(d);
      }
      CHECK(joined);
    }
}

}  // namespace

TEST_CASE("jsettlers 6-player board: its 30 land hexes are the five-six island, one-to-one",
          "[import][jsettlers]") {
  // kLandHexesV2 is SOCBoard6p.HEXCOORDS_LAND_V2 as JSettlers2 lists it.
  std::set<int> ids;
  for (int c : js::kLandHexesV2) {
    const auto a = js::hex_axial(c);
    REQUIRE(a);
    CHECK(js::hex_coord(*a) == c);
    const core::HexId id = six_island().hex_id(*a);
    CHECK(id != core::kNone);
    ids.insert(id);
  }
  CHECK(ids.size() == 30);
  CHECK(six_island().hex_count() == 30);
  // The layout's 37 hexes: the 30 land hexes and the unused right column 7D..DD..D7.
  int off = 0;
  for (int c : js::kNumToHexId)
    if (!six_island().contains(*js::hex_axial(c))) {
      ++off;
      CHECK(((c & 0x0F) == 0xD || (c >> 4) == 0xD));
    }
  CHECK(off == 7);
  // Neighbours onto neighbours (E +0x22, SE +0x20, SW -0x02, W -0x22, NW -0x20, NE +0x02),
  // and the six corner hexes of RULES-5-6.md X.0.7 are JSettlers2's 0x17, 0x5B, 0x11, 0xBB,
  // 0x71 and 0xB5.
  const std::pair<int, core::EdgeDir> kStep[] = {
      {0x22, core::EdgeDir::E},  {0x20, core::EdgeDir::SE},  {-0x02, core::EdgeDir::SW},
      {-0x22, core::EdgeDir::W}, {-0x20, core::EdgeDir::NW}, {0x02, core::EdgeDir::NE}};
  for (const core::Axial& a : six_island().hexes())
    for (auto [step, dir] : kStep) {
      const auto b = js::hex_axial(js::hex_coord(a) + step);
      if (six_island().contains(core::neighbour(a, dir))) CHECK(b == core::neighbour(a, dir));
    }
  CHECK(js::hex_axial(0x17) == core::Axial{0, -3});
  CHECK(js::hex_axial(0x5B) == core::Axial{2, -3});
  CHECK(js::hex_axial(0x11) == core::Axial{-3, 0});
  CHECK(js::hex_axial(0xBB) == core::Axial{2, 0});
  CHECK(js::hex_axial(0x71) == core::Axial{-3, 3});
  CHECK(js::hex_axial(0xB5) == core::Axial{-1, 3});
}

TEST_CASE("jsettlers 6-player board: 80 nodes and 109 edges one-to-one, edges join their nodes",
          "[import][jsettlers]") {
  check_places(js::BoardCoords::six_player(), 80, 109);
  check_places(js::BoardCoords::classic(), 54, 72);
  // The two boards share the grid: a place of both islands has one coordinate.
  const auto& six = js::BoardCoords::six_player();
  const auto& classic = js::BoardCoords::classic();
  for (int n = 0; n < 256; ++n)
    if (classic.node_corner(n) != core::kNone && six.node_corner(n) != core::kNone)
      CHECK(six.island().corner_text(six.node_corner(n)) ==
            classic.island().corner_text(classic.node_corner(n)));
}

TEST_CASE("jsettlers 6-player board: the 11 harbor sites are coastal, facing their land hex",
          "[import][jsettlers]") {
  const auto& c = js::BoardCoords::six_player();
  const auto& sites = core::Edition::five_six().harbor_sites;
  REQUIRE(sites.size() == js::kPortEdgesV2.size());
  std::set<int> seen;
  for (size_t i = 0; i < js::kPortEdgesV2.size(); ++i) {
    const core::EdgeId e = c.edge_edge(js::kPortEdgesV2[i]);
    REQUIRE(e != core::kNone);
    CHECK(six_island().is_coastal(e));
    CHECK(seen.insert(e).second);
    // PORTS_FACING_V2: from the harbor's sea hex to the land hex, across this edge.
    const core::HexId land = six_island().edge_hexes(e)[0];
    const auto facing = static_cast<core::EdgeDir>(js::kPortFacingV2[i] - 1);
    const core::Axial sea = core::neighbour(
        six_island().hex_at(land), static_cast<core::EdgeDir>((static_cast<int>(facing) + 3) % 6));
    CHECK_FALSE(six_island().contains(sea));
    CHECK(six_island().edge_id(sea, facing) == e);
    // RULES-5-6.md Appendix C, in JSettlers2's order: the edition's harbor sites.
    CHECK(six_island().edge_id(sites[i].first, sites[i].second) == e);
  }
}

TEST_CASE("jsettlers 6-player board: SOCBoardLayout2 bef=2 decodes to the board it encodes",
          "[import][jsettlers]") {
  const core::BoardSpec b = s56();
  const auto im = import(game_6p(""));
  const auto& g = only_game(im);
  CHECK(g.board.hexes.size() == 30);
  for (const auto& h : b.hexes) {
    bool found = false;
    for (const auto& x : g.board.hexes)
      if (x.at == h.at) {
        found = true;
        CHECK(x.terrain == h.terrain);
        CHECK(x.number == h.number);
      }
    CHECK(found);
  }
  REQUIRE(g.board.harbors.size() == 11);
  for (const auto& h : b.harbors) {
    bool found = false;
    for (const auto& x : g.board.harbors)
      if (six_island().edge_id(x.at, x.dir) == six_island().edge_id(h.at, h.dir)) {
        found = true;
        CHECK(x.kind == h.kind);
      }
    CHECK(found);
  }
  CHECK(g.board.robber == core::Axial{2, 0});
  // Five seats of six: the players in seat order; JSettlers2's Special Building Phase.
  CHECK(g.players == std::vector<std::string>{"red", "blue", "white", "orange", "green"});
  CHECK(core::get_option(g.options, "turn-structure-56") == "special-build");
  CHECK(core::get_option(g.options, "special-build-order") == "any");
  CHECK(core::get_option(g.options, "board-56-players") == "five-or-six");
  CHECK(g.actions.size() == 20);
  CHECK(check(g).status == diag::Status::Incomplete);
}

TEST_CASE("jsettlers 6-player board: windows, a window before one's own roll, a second window",
          "[import][jsettlers]") {
  // Red rolls 7 and robs white's wool; blue asks and builds a road in the window after red's
  // turn; at the start of blue's own turn, before rolling, blue asks again and gets a
  // (second, empty) window in the same phase; then blue's turn starts over.
  const std::string turns =
      turn(0, 15) + roll7_robber(0, {-1, 0}) +
      "p0:SOCRobberyResult:game=g|perp=0|victim=2|resType=3|amount=1|isGainLose=true\n" + ask(1) +
      turn(1, 100) +
      fmt::format("all:SOCPutPiece:game=g|playerNumber=1|pieceType=0|coord={:x}\n",
                  edge({1, -2}, core::EdgeDir::E)) +
      ask(1, 0) + turn(1, 15) + ask(1) + turn(1, 100) + ask(1, 0) + turn(1, 15) +
      roll7_robber(1, {-3, 0}) + turn(2, 15);
  const std::string text = game_6p(turns);
  const auto im = import(text);
  const auto& g = only_game(im);
  using K = core::ActionKind;
  std::vector<std::string> got;
  for (size_t i = 20; i < g.actions.size(); ++i) {
    const auto& a = g.actions[i].action;
    got.push_back(g.players[a.player] + " " + std::string(core::to_string(a.kind)) +
                  (a.kind == K::EndTurn && a.end_build ? " build" : ""));
  }
  CHECK(got == std::vector<std::string>{"red roll", "red robber", "red end", "blue road",
                                        "blue end build", "blue end build", "blue roll",
                                        "blue robber", "blue end"});
  // The road keeps its message's line.
  const std::string road = fmt::format("pieceType=0|coord={:x}", edge({1, -2}, core::EdgeDir::E));
  const auto road_line = 1 + std::count(text.begin(), text.begin() + text.find(road), '\n');
  CHECK(g.actions[23].source.line == static_cast<int>(road_line));
  const auto report = check(g);
  INFO(said(report));
  CHECK(report.status == diag::Status::Incomplete);
  // Without `special-build-order: any` the second window is out of order: X56-SBP-04.
  log::Game strict = g;
  core::set_option(strict.options, "special-build-order", "strict");
  const auto r = check(strict);
  INFO(said(r));
  REQUIRE(r.status == diag::Status::Illegal);
  CHECK(core::id(*r.error->rule) == "X56-SBP-01");
  CHECK(r.error->action == 26);
}

TEST_CASE("jsettlers 6-player board: a window the server ends after a timeout, its build refunded",
          "[import][jsettlers]") {
  // White pays for a settlement in its window (state 31, placing), never places it, and the
  // server ends the window: the cost comes back (GAIN) and the next turn begins. As in
  // JSettlers2's own robot game pl6-g015 (docs/IMPORT-JSETTLERS.md).
  const std::string pay = "|playerNum=2|actionType={}|e1=1,e3=1,e4=1,e5=1\n";
  const std::string turns =
      turn(0, 15) + roll7_robber(0, {-3, 0}) + ask(2) + turn(2, 100) +
      "all:SOCPlayerElements:game=g" + fmt::format(fmt::runtime(pay), "LOSE") +
      "all:SOCGameState:game=g|state=31\n" + ask(2, 0) + "all:SOCPlayerElements:game=g" +
      fmt::format(fmt::runtime(pay), "GAIN") + ask(2, 0) + turn(1, 15) + roll7_robber(1, {-3, 2}) +
      turn(2, 15);
  const auto im = import(game_6p(turns));
  const auto& g = only_game(im);
  std::vector<std::string> got;
  for (size_t i = 20; i < g.actions.size(); ++i) {
    const auto& a = g.actions[i].action;
    got.push_back(g.players[a.player] + " " + std::string(core::to_string(a.kind)) +
                  (a.end_build ? " build" : ""));
  }
  CHECK(got == std::vector<std::string>{"red roll", "red robber", "red end", "white end build",
                                        "blue roll", "blue robber", "blue end"});
  const auto report = check(g);
  INFO(said(report));
  CHECK(report.status == diag::Status::Incomplete);
}

namespace {

// Victory at 3: orange buys a victory point card in the window after red's turn, then blue
// and white play their turns; the game ends when orange's turn begins.
std::string five_player_win() {
  const std::string turns = turn(0, 15) + roll7_robber(0, {-3, 0}) + ask(4) + turn(4, 100) +
                            "p4:SOCDevCardAction:game=g|playerNum=4|actionType=DRAW|cardType=5\n"
                            "!p4:SOCDevCardAction:game=g|playerNum=4|actionType=DRAW|cardType=0\n" +
                            ask(4, 0) + turn(1, 15) + roll7_robber(1, {-3, 2}) + turn(2, 15) +
                            roll7_robber(2, {-3, 0}) + turn(4, 15);
  const std::string over =
      "all:SOCGameElements:game=g|e4=-1|e5=-1|e6=-1\n"
      "all:SOCGameStats:game=g|2|2|2|0|3|2|true|true|true|false|true|true\n";
  return game_6p(turns, "PL=6,VP=t3", over);
}

}  // namespace

TEST_CASE("jsettlers 6-player board: a win from a window comes at the winner's own turn",
          "[import][jsettlers]") {
  const auto im = import(five_player_win());
  const auto& g = only_game(im);
  REQUIRE(g.result_winner);
  CHECK(g.players[*g.result_winner] == "orange");
  // Orange's turn began and ended the game before any entry: orange's claim records it.
  CHECK(g.actions.back().action.kind == core::ActionKind::Claim);
  CHECK(g.players[g.actions.back().action.player] == "orange");
  const auto report = check(g);
  INFO(said(report));
  CHECK(report.status == diag::Status::Legal);
}

TEST_CASE("jsettlers 6-player board: what is not imported is refused by name",
          "[import][jsettlers]") {
  auto first = [](const importers::Imported& im) {
    return im.problems.empty() ? std::string() : im.problems[0].message;
  };
  CHECK_THAT(first(import(game_6p("", "PL=2"))), Catch::Contains("only games of 3 to 6 players"));
  CHECK_THAT(first(import(game_6p("", "PL=6,SBL=t"))), Catch::Contains("the sea board"));
  std::string sea = game_6p("");
  sea.replace(sea.find("bef=2"), 5, "bef=3");
  CHECK_THAT(first(import(sea)), Catch::Contains("bef=3: the sea board"));
  std::string bad_port = game_6p("");
  const auto pl = bad_port.find("|PL={ ");
  bad_port.replace(pl + 6, 1, "9");
  CHECK_THAT(first(import(bad_port)), Catch::Contains("port type 0 (edge 0x7) must be 0..5"));
  std::string land = game_6p("");
  const auto hl = land.find("|HL={ ");
  // The first layout value is 0x17, [0,-3]: land on this board.
  land.replace(hl + 6, 1, "6");
  CHECK_THAT(first(import(land)), Catch::Contains("must be land (0..5), not 6"));
}

TEST_CASE("jsettlers 6-player board: the committed CLI fixture is the one this test builds",
          "[import][jsettlers]") {
  // tests/fixtures/jsettlers/five-players.soclog (read by tests/cli/import_cli.py and the
  // importer's fuzz target) is five_player_win() written out; CATAN_UPDATE_FIXTURES=1
  // rewrites it.
  const std::string path =
      std::string(CATAN_SOURCE_DIR) + "/tests/fixtures/jsettlers/five-players.soclog";
  if (std::getenv("CATAN_UPDATE_FIXTURES"))
    std::ofstream(path, std::ios::binary) << five_player_win();
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  CHECK(s.str() == five_player_win());
}
