// The JSettlers2 importer (src/import/jsettlers/import_jsettlers.cpp, jsettlers_coords.cpp): the
// coordinate mapping proved as a whole, every message it maps, the seat views, and every
// refusal, on logs written by the project (jsettlers_fixture.hpp). The real logs of
// ../shared/realgames are tested in tests/realgames/.
#include "import/jsettlers/import_jsettlers.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "base_island.hpp"
#include "import/jsettlers/jsettlers_coords.hpp"
#include "import/registry.hpp"
#include "jsettlers_fixture.hpp"
#include "log/reader.hpp"
#include "log/writer.hpp"
#include "replay/replay.hpp"

using namespace catan;
namespace js = catan::importers::jsettlers;
using core::ActionKind;
using core::Resource;

namespace {

importers::Imported import(const std::string& text, int view = -1) {
  importers::ImportOptions o;
  o.view_seat = view;
  return importers::import_jsettlers("fixture.soclog", text, o);
}

const log::Game& only_game(const importers::Imported& im) {
  INFO((im.problems.empty() ? std::string() : im.problems[0].message));
  REQUIRE(im.problems.empty());
  REQUIRE(im.games.size() == 1);
  return im.games[0];
}

std::string all_problems(const importers::Imported& im) {
  std::string s;
  for (const auto& p : im.problems) s += std::to_string(p.at.line) + ": " + p.message + "\n";
  return s;
}

// The 1-based line of `text` holding `needle`.
int line_of(const std::string& text, const std::string& needle) {
  const auto at = text.find(needle);
  REQUIRE(at != std::string::npos);
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
}

}  // namespace

TEST_CASE("jsettlers coordinates: the 37 layout hexes are the island and its ring, one-to-one",
          "[import][jsettlers]") {
  std::set<std::pair<int, int>> seen;
  int land = 0;
  for (int c : js::kNumToHexId) {
    auto a = js::hex_axial(c);
    REQUIRE(a);
    CHECK(js::hex_coord(*a) == c);
    seen.insert({a->q, a->r});
    const int d = std::max({std::abs(a->q), std::abs(a->r), std::abs(a->q + a->r)});
    CHECK((d == 3 || base_island().contains(*a)));
    if (base_island().contains(*a)) ++land;
  }
  CHECK(seen.size() == 37);
  CHECK(land == base_island().hex_count());
  // Centre 0x77; JSettlers' top land row is 0x37 0x59 0x7B, catan-log/1's is [0,-2]..[2,-2].
  CHECK(js::hex_axial(0x77) == core::Axial{0, 0});
  CHECK(js::hex_axial(0x37) == core::Axial{0, -2});
  CHECK(js::hex_axial(0x7B) == core::Axial{2, -2});
  CHECK(js::hex_axial(0x73) == core::Axial{-2, 2});
  CHECK(js::hex_axial(0xB7) == core::Axial{0, 2});
  CHECK_FALSE(js::hex_axial(0x78));  // a node, not a hex
  CHECK_FALSE(js::hex_axial(0x100));
  // Neighbours onto neighbours: JSettlers' E +0x22, SE +0x20, SW -0x02, W -0x22, NW -0x20, NE
  // +0x02.
  const std::pair<int, core::EdgeDir> kStep[] = {
      {0x22, core::EdgeDir::E},  {0x20, core::EdgeDir::SE},  {-0x02, core::EdgeDir::SW},
      {-0x22, core::EdgeDir::W}, {-0x20, core::EdgeDir::NW}, {0x02, core::EdgeDir::NE}};
  for (int h = 0; h < base_island().hex_count(); ++h) {
    const core::Axial a = base_island().hex_at(static_cast<core::HexId>(h));
    for (auto [step, dir] : kStep)
      CHECK(js::hex_axial(js::hex_coord(a) + step) == core::neighbour(a, dir));
  }
}

TEST_CASE("jsettlers coordinates: 54 nodes and 72 edges one-to-one, edges join their nodes",
          "[import][jsettlers]") {
  std::set<int> corners, edges;
  for (int n = 0; n < 256; ++n) {
    const core::CornerId c = js::node_corner(n);
    if (c == core::kNone) continue;
    CHECK(corners.insert(c).second);
    CHECK(js::corner_node(c) == n);
  }
  CHECK(static_cast<int>(corners.size()) == base_island().corner_count());
  for (int e = 0; e < 256; ++e) {
    const core::EdgeId id = js::edge_edge(e);
    if (id == core::kNone) continue;
    CHECK(edges.insert(id).second);
    CHECK(js::edge_coord(id) == e);
    // JSettlers' own rule for an edge's nodes lands on the two corners of the same edge.
    const auto nodes = js::edge_nodes(e);
    const auto ends = base_island().edge_corners(id);
    std::set<int> a{js::node_corner(nodes[0]), js::node_corner(nodes[1])};
    std::set<int> b{ends[0], ends[1]};
    CHECK(a == b);
  }
  CHECK(static_cast<int>(edges.size()) == base_island().edge_count());
  // Every node of a land hex is hex + N 0x01, NE 0x12, SE 0x21, S 0x10, SW -0x01, NW -0x10,
  // and its hexes are the land hexes around that corner.
  const int kOffset[] = {0x01, 0x12, 0x21, 0x10, -0x01, -0x10};
  for (int c = 0; c < base_island().corner_count(); ++c) {
    std::set<int> hexes;
    for (core::HexId h : base_island().corner_hexes(static_cast<core::CornerId>(c)))
      hexes.insert(h);
    std::set<int> around;
    for (int h = 0; h < base_island().hex_count(); ++h)
      for (int off : kOffset)
        if (js::hex_coord(base_island().hex_at(static_cast<core::HexId>(h))) + off ==
            js::corner_node(static_cast<core::CornerId>(c)))
          around.insert(h);
    CHECK(hexes == around);
  }
  // Neighbouring corners are neighbouring nodes (an edge coordinate joins them).
  for (int c = 0; c < base_island().corner_count(); ++c)
    for (core::CornerId d : base_island().corner_neighbours(static_cast<core::CornerId>(c))) {
      bool joined = false;
      for (core::EdgeId e : base_island().corner_edges(static_cast<core::CornerId>(c))) {
        const auto n = js::edge_nodes(js::edge_coord(e));
        joined |= (n[0] == js::corner_node(d) || n[1] == js::corner_node(d));
      }
      CHECK(joined);
    }
}

TEST_CASE("jsettlers coordinates: every harbor facing of the ring lands on a coastal edge",
          "[import][jsettlers]") {
  int coastal = 0;
  for (int c : js::kNumToHexId) {
    const core::Axial a = *js::hex_axial(c);
    if (base_island().contains(a)) continue;
    for (int f = 0; f < 6; ++f) {
      const core::EdgeId e = base_island().edge_id(a, static_cast<core::EdgeDir>(f));
      if (e == core::kNone) continue;
      CHECK(base_island().is_coastal(e));
      ++coastal;
    }
  }
  CHECK(coastal == 30);  // each of the 30 coastal edges seen once from the sea
}

TEST_CASE("jsettlers import: the board, players and every action of the fixture",
          "[import][jsettlers]") {
  const std::string text = test::jsettlers_game();
  const importers::Imported im = import(text);
  const log::Game& g = only_game(im);
  CHECK(g.id == "fixture");
  REQUIRE(g.source);
  CHECK(g.source->format == "jsettlers");
  CHECK(g.source->program == "JSettlers2 2.7.00");
  CHECK(g.players == std::vector<std::string>{"red", "blue", "white", "orange"});
  // The board: terrains, numbers, the nine harbors and the robber come back as encoded.
  const core::BoardSpec want = test::fixture_board();
  REQUIRE(g.board.hexes.size() == 19);
  for (const auto& h : want.hexes) {
    auto it = std::find_if(g.board.hexes.begin(), g.board.hexes.end(),
                           [&](const core::HexSpec& x) { return x.at == h.at; });
    REQUIRE(it != g.board.hexes.end());
    CHECK(it->terrain == h.terrain);
    CHECK(it->number == h.number);
  }
  REQUIRE(g.board.harbors.size() == 9);
  for (const auto& p : want.harbors) {
    const core::EdgeId e = base_island().edge_id(p.at, p.dir);
    auto it = std::find_if(
        g.board.harbors.begin(), g.board.harbors.end(),
        [&](const core::HarborSpec& x) { return base_island().edge_id(x.at, x.dir) == e; });
    REQUIRE(it != g.board.harbors.end());
    CHECK(it->kind == p.kind);
  }
  CHECK(g.board.robber == core::Axial{0, 0});

  const auto& a = g.actions;
  REQUIRE(a.size() == 26);
  CHECK(a[0].action.kind == ActionKind::Settlement);
  CHECK(a[0].action.corner.id == base_island().corner_id({0, -1}, core::CornerDir::S));
  CHECK(a[1].action.edge.id == base_island().edge_id({0, -1}, core::EdgeDir::SW));
  CHECK(a[15].action.player == 0);
  // Red's roll 6 with what SOCDiceResultResources paid and the two private hands.
  const core::Action& roll = a[16].action;
  CHECK(roll.kind == ActionKind::Roll);
  CHECK(roll.roll_sum == 6);
  REQUIRE(roll.gains);
  CHECK((*roll.gains)[0] == core::ResourceSet::of({{Resource::Brick, 2}}));
  CHECK((*roll.gains)[1] == core::ResourceSet::of({{Resource::Brick, 1}}));
  CHECK((*roll.gains)[2] == core::ResourceSet::of({{Resource::Grain, 1}}));
  REQUIRE(roll.expect);
  CHECK(roll.expect->hands[0] ==
        core::ResourceSet::of({{Resource::Brick, 3}, {Resource::Wool, 2}}));
  CHECK_FALSE(roll.expect->hands[1]);  // no snapshot of blue's hand
  CHECK(a[16].source.line == line_of(text, "param=6"));
  CHECK(a[17].action.kind == ActionKind::EndTurn);
  CHECK(a[17].action.player == 0);
  // Blue's 7: no gains, the robber with the stolen brick (the thief's copy).
  CHECK(a[18].action.roll_sum == 7);
  CHECK_FALSE(a[18].action.gains);
  const core::Action& rob = a[19].action;
  CHECK(rob.kind == ActionKind::Robber);
  CHECK(rob.hex.hex == core::Axial{0, -1});
  CHECK(rob.has_steal);
  CHECK(rob.steal_from == 0);
  CHECK(rob.stolen.resource == Resource::Brick);
  CHECK_FALSE(rob.stolen.hidden);
  // White: roll, road, the trade as the server executed it.
  CHECK(a[22].action.kind == ActionKind::Road);
  const core::Action& trade = a[23].action;
  CHECK(trade.kind == ActionKind::Trade);
  CHECK(trade.player == 2);
  CHECK(trade.other == 3);
  CHECK(trade.give == core::ResourceSet::of({{Resource::Lumber, 1}}));
  CHECK(trade.get == core::ResourceSet::of({{Resource::Wool, 1}}));
  CHECK(a.back().action.kind == ActionKind::Roll);
  CHECK_FALSE(g.result_winner);
}

TEST_CASE("jsettlers import: the fixture replays legal (incomplete), and breaking it is caught",
          "[import][jsettlers]") {
  const std::string text = test::jsettlers_game();
  auto verdict = [](const std::string& t) {
    const importers::Imported im = import(t);
    REQUIRE(im.problems.empty());
    return replay::replay("fixture.soclog", im.games[0], {}).report;
  };
  const diag::GameReport ok = verdict(text);
  INFO((ok.error ? ok.error->message : std::string()));
  CHECK(ok.status == diag::Status::Incomplete);
  // Pay white a second grain on red's 6: the gains assertion fails at the roll's line,
  // which is the source line of SOCDiceResult.
  std::string bad = text;
  const std::string paid = "p=0|p=2|p=4|p=1|p=4|p=0";
  REQUIRE(bad.find(paid) != std::string::npos);
  bad.replace(bad.find(paid), paid.size(), "p=0|p=2|p=5|p=2|p=4|p=0");
  const diag::GameReport r = verdict(bad);
  CHECK(r.status == diag::Status::Illegal);
  REQUIRE(r.error);
  CHECK(r.error->at.file == "fixture.soclog");
  CHECK(r.error->at.line == line_of(text, "param=6"));
  CHECK(r.error->action == 17);
}

TEST_CASE("jsettlers import: a seat's view hides what that seat did not see",
          "[import][jsettlers]") {
  const std::string extra =
      "0:04.002:all:SOCPlayerElements:game=fixture|playerNum=3|actionType=LOSE|e2=1,e3=1,e4=1\n"
      "0:04.002:p3:SOCDevCardAction:game=fixture|playerNum=3|actionType=DRAW|cardType=9\n"
      "0:04.002:!p3:SOCDevCardAction:game=fixture|playerNum=3|actionType=DRAW|cardType=0\n"
      "0:04.003:p3:SOCDiscard:game=fixture|playerNum=3|resources=clay=0|ore=0|sheep=1|wheat=2|"
      "wood=0|unknown=0\n"
      "0:04.003:!p3:SOCDiscard:game=fixture|playerNum=3|resources=clay=0|ore=0|sheep=0|wheat=0|"
      "wood=0|unknown=3\n";
  const std::string text = test::jsettlers_game("BC=t4,N7=f7,PL=4,RD=f", extra);
  // Server view: the card and the discard as drawn.
  const importers::Imported server_im = import(text);
  const log::Game& server = only_game(server_im);
  CHECK_FALSE(server.has_view);
  const auto& s = server.actions;
  CHECK(s[s.size() - 2].action.card == core::DevCard::Knight);
  CHECK_FALSE(s[s.size() - 2].action.hidden_buy);
  CHECK(s.back().action.give.total() == 3);
  CHECK(s.back().action.hidden_cards == 0);
  // White's view (seat 2): blue's steal from red, orange's card and discard are unseen;
  // red's private hand snapshot is not white's, white's own is.
  const importers::Imported wi = import(text, 2);
  const log::Game& white = only_game(wi);
  CHECK(white.has_view);
  CHECK(white.view_player == 2);
  const auto& w = white.actions;
  REQUIRE(w.size() == s.size());
  CHECK(w[19].action.stolen.hidden);
  CHECK(w[19].action.steal_from == 0);
  REQUIRE(w[16].action.expect);
  CHECK_FALSE(w[16].action.expect->hands[0]);
  CHECK(w[16].action.expect->hands[2]);
  CHECK(w[w.size() - 2].action.hidden_buy);
  CHECK(w.back().action.hidden_cards == 3);
  CHECK(w.back().action.give.empty());
  // Red's view (seat 0, the victim) sees the brick.
  const importers::Imported red_im = import(text, 0);
  const log::Game& red = only_game(red_im);
  CHECK(red.actions[19].action.stolen.resource == Resource::Brick);
  // A seat nobody sits in.
  const importers::Imported none = import(test::jsettlers_game(), 5);
  REQUIRE(none.problems.size() == 1);
  CHECK(none.problems[0].message.find("no player sits in seat 5") != std::string::npos);
}

TEST_CASE("jsettlers import: plays of every development card", "[import][jsettlers]") {
  const std::string extra =
      "0:05.000:all:SOCDevCardAction:game=fixture|playerNum=3|actionType=PLAY|cardType=9\n"
      "0:05.001:all:SOCMoveRobber:game=fixture|playerNumber=3|coord=77\n"
      "0:05.002:all:SOCDevCardAction:game=fixture|playerNum=3|actionType=PLAY|cardType=1\n"
      "0:05.003:all:SOCDevCardAction:game=fixture|playerNum=3|actionType=PLAY|cardType=2\n"
      "0:05.004:all:SOCPickResources:game=fixture|resources=clay=1|ore=1|sheep=0|wheat=0|wood=0|"
      "unknown=0|pn=3|reason=2\n"
      "0:05.005:all:SOCDevCardAction:game=fixture|playerNum=3|actionType=PLAY|cardType=3\n"
      "0:05.006:all:SOCPlayerElement:game=fixture|playerNum=0|actionType=SET|elementType=3|amount="
      "0|news=Y\n"
      "0:05.007:all:SOCSimpleAction:game=fixture|pn=3|actType=3|v1=5|v2=3\n";
  const std::string text = test::jsettlers_game("BC=t4,N7=f7,PL=4,RD=f", extra);
  const importers::Imported g_im = import(text);
  const log::Game& g = only_game(g_im);
  const auto& a = g.actions;
  const size_t n = a.size();
  CHECK(a[n - 5].action.card == core::DevCard::Knight);
  CHECK(a[n - 4].action.kind == ActionKind::Robber);
  CHECK(a[n - 4].action.hex.hex == core::Axial{0, 0});
  CHECK(a[n - 3].action.card == core::DevCard::RoadBuilding);
  CHECK(a[n - 2].action.card == core::DevCard::YearOfPlenty);
  CHECK(a[n - 2].action.get == core::ResourceSet::of({{Resource::Brick, 1}, {Resource::Ore, 1}}));
  CHECK(a[n - 2].source.line == line_of(text, "cardType=2"));
  CHECK(a[n - 1].action.card == core::DevCard::Monopoly);
  CHECK(a[n - 1].action.resource == Resource::Wool);
  // The server view's hands: red holds 3 wool, blue and white 1 each; 5 in all, as v1 says.
  REQUIRE(a[n - 1].action.takes);
  CHECK(*a[n - 1].action.takes == std::vector<int>{3, 1, 1, 0});
  // A total that disagrees with the hands, or a seat's view: no takes asserted.
  std::string off = text;
  off.replace(off.find("v1=5"), 4, "v1=4");
  const importers::Imported off_im = import(off);
  CHECK_FALSE(only_game(off_im).actions.back().action.takes);
  const importers::Imported seat_im = import(text, 0);
  CHECK_FALSE(only_game(seat_im).actions.back().action.takes);
  // A Year of Plenty whose outcome never comes is a problem at the play.
  const std::string cut = test::jsettlers_game(
      "BC=t4,N7=f7,PL=4,RD=f",
      "0:05.003:all:SOCDevCardAction:game=fixture|playerNum=3|actionType=PLAY|cardType=2\n");
  const importers::Imported im = import(cut);
  REQUIRE(im.problems.size() == 1);
  CHECK(im.problems[0].at.line == line_of(cut, "cardType=2"));
}

TEST_CASE("jsettlers import: the end of a game asserts the winner, awards and scores",
          "[import][jsettlers]") {
  const std::string extra =
      "0:09.000:all:SOCGameElements:game=fixture|e6=3\n"
      "0:09.001:all:SOCGameState:game=fixture|state=1000\n"
      "0:09.002:all:SOCDevCardAction:game=fixture|playerNum=3|actionType=ADD_OLD|cardType=5\n"
      "0:09.003:all:SOCGameStats:game=fixture|2|3|2|10|true|true|true|true\n";
  const importers::Imported g_im = import(test::jsettlers_game("BC=t4,N7=f7,PL=4,RD=f", extra));
  const log::Game& g = only_game(g_im);
  REQUIRE(g.result_winner);
  CHECK(*g.result_winner == 3);
  const auto& e = g.actions.back().action.expect;
  REQUIRE(e);
  CHECK(e->longest_road == 3);
  CHECK(e->largest_army == -1);
  REQUIRE(e->vp.size() == 4);
  CHECK(e->vp[0] == 2);
  CHECK(e->vp[3] == 10);
}

TEST_CASE("jsettlers import: games outside the boards without the sea are refused by option",
          "[import][jsettlers]") {
  struct Case {
    std::string options, says;
  };
  const Case cases[] = {
      {"BC=t4,N7=f7,PL=4,RD=f,SBL=t", "SBL=t"},
      {"BC=t4,PL=7", "PL=7: only games of 3 to 6 players"},
      {"BC=t4,N7=t7,PL=4", "N7=t7"},
      {"PL=4,RD=t", "RD=t"},
      {"PL=4,SC=SC_FOG", "scenario"},
      {"PL=4,NT=t", "NT=t"},
      {"PL=4,UB=t,UBL=t7", "UB=t"},
      {"PL=4,ZZ=t", "ZZ=t: unknown"},
  };
  for (const auto& c : cases) {
    const std::string text = test::jsettlers_game(c.options);
    const importers::Imported im = import(text);
    INFO(c.options);
    REQUIRE(im.problems.size() == 1);
    CHECK(im.games.empty());
    CHECK(im.problems[0].message.find(c.says) != std::string::npos);
    CHECK(im.problems[0].at.line == line_of(text, "SOCNewGameWithOptions"));
  }
  // A 6-player game (PL=5|6, PLB) on the classic board: the layout contradicts the options.
  for (const std::string options : {"BC=t4,PL=6", "PL=4,PLB=t"}) {
    const std::string text = test::jsettlers_game(options);
    const importers::Imported im = import(text);
    INFO(options);
    REQUIRE_FALSE(im.problems.empty());
    CHECK(im.games.empty());
    CHECK_THAT(im.problems[0].message, Catch::Contains("ask for the 6-player board"));
    CHECK(im.problems[0].at.line == line_of(text, "all:SOCBoardLayout"));
  }
  // A VP target is a rules option, not a refusal.
  const importers::Imported g_im = import(test::jsettlers_game("PL=4,VP=t12"));
  const log::Game& g = only_game(g_im);
  CHECK(g.options.victory_points == 12);
}

TEST_CASE("jsettlers import: what is not a JSettlers2 2.5+ server log is refused clearly",
          "[import][jsettlers]") {
  auto first = [](const std::string& t, int view = -1) {
    const importers::Imported im = import(t, view);
    REQUIRE_FALSE(im.problems.empty());
    CHECK(im.games.empty());
    return im.problems[0];
  };
  CHECK(first("").message.find("empty") != std::string::npos);
  CHECK(first("hello\n").message.find("not a JSettlers2 game event log") != std::string::npos);
  CHECK(first("2012:06:06:19:58:56:999:+0100:SOCSetSeatLock:game=g3|playerNumber=0\n")
            .message.find("STAC legacy") != std::string::npos);
  CHECK(first("SOC game event log: type=F, version=2400, game_name=x\n").message.find("2.5.00") !=
        std::string::npos);
  std::string client = test::jsettlers_game();
  client.replace(client.find("type=F"), 6, "type=C");
  CHECK(first(client).message.find("--view N") != std::string::npos);
  const importers::Imported seat_im = import(client, 1);
  const log::Game& seat = only_game(seat_im);  // with --view it is that seat's log
  CHECK(seat.view_player == 1);
  // A sea-board message, a ship and an unknown message: every one reported with its line.
  const std::string sea = test::jsettlers_game(
      "BC=t4,N7=f7,PL=4,RD=f",
      "0:05.000:all:SOCPutPiece:game=fixture|playerNumber=3|pieceType=3|coord=99\n"
      "0:05.001:all:SOCRevealFogHex:game=fixture|param1=1\n"
      "0:05.002:all:SOCPutPiece:game=fixture|playerNumber=3|pieceType=0|coord=0\n"
      "0:05.003:zz:SOCTurn:game=fixture|playerNumber=3\n");
  const importers::Imported im = import(sea);
  INFO(all_problems(im));
  REQUIRE(im.problems.size() == 4);
  CHECK(im.problems[0].at.line == line_of(sea, "pieceType=3"));
  CHECK(im.problems[1].message.find("SOCRevealFogHex") != std::string::npos);
  CHECK(im.problems[2].message.find("not an edge of the island") != std::string::npos);
  CHECK(im.problems[3].message.find("unknown audience") != std::string::npos);
  // A board sent again once the game runs would change the island under the pieces.
  std::string again = test::jsettlers_game();
  const auto layout = again.substr(again.find("0:00.003:all:SOCBoardLayout"));
  const std::string board_line = layout.substr(0, layout.find('\n') + 1);
  again.insert(again.find("# End of log"), board_line);
  const importers::Imported twice = import(again);
  REQUIRE(twice.problems.size() == 1);
  CHECK(twice.problems[0].message.find("second board layout") != std::string::npos);
  // SOCBoardLayout2 is a sea or 6-player board.
  std::string two = test::jsettlers_game();
  two.replace(two.find("all:SOCBoardLayout:"), 19, "all:SOCBoardLayout2:");
  CHECK(first(two).message.find("SOCBoardLayout2") != std::string::npos);
}

TEST_CASE("jsettlers import: a damaged board layout is refused at its line",
          "[import][jsettlers]") {
  const std::string text = test::jsettlers_game();
  const int line = line_of(text, "all:SOCBoardLayout");
  auto with_layout = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    const auto at = t.find(from, t.find("all:SOCBoardLayout"));
    REQUIRE(at != std::string::npos);
    t.replace(at, from.size(), to);
    return import(t);
  };
  const importers::Imported shortened = with_layout("hexLayout={ ", "hexLayout={ 1 ");
  REQUIRE_FALSE(shortened.problems.empty());
  CHECK(shortened.problems[0].at.line == line);
  const importers::Imported robber = with_layout("robberHex=0x77", "robberHex=0x78");
  REQUIRE_FALSE(robber.problems.empty());
  CHECK(robber.problems[0].message.find("robberHex") != std::string::npos);
}

TEST_CASE("jsettlers import: an imported game written as YAML reads back to the same model",
          "[import][jsettlers]") {
  const importers::Imported g_im = import(test::jsettlers_game(
      "BC=t4,N7=f7,PL=4,RD=f",
      "0:09.000:all:SOCGameElements:game=fixture|e6=3\n"
      "0:09.001:all:SOCGameState:game=fixture|state=1000\n"
      "0:09.003:all:SOCGameStats:game=fixture|2|3|2|10|true|true|true|true\n"));
  const log::Game& g = only_game(g_im);
  const std::string yaml = log::write_game(g);
  CHECK(
      yaml.find("source: {format: jsettlers, file: fixture.soclog, program: JSettlers2 2.7.00}") ==
      std::string::npos);  // a program name with a space is quoted
  CHECK(yaml.find("program: \"JSettlers2 2.7.00\"") != std::string::npos);
  CHECK(yaml.find("# fixture.soclog:") != std::string::npos);
  const auto docs = log::read_string(yaml);
  REQUIRE(docs.size() == 1);
  INFO((docs[0].error ? docs[0].error->message : std::string()));
  REQUIRE(docs[0].game);
  const log::Game& back = *docs[0].game;
  REQUIRE(back.source);
  CHECK(back.source->format == "jsettlers");
  CHECK(back.source->file == "fixture.soclog");
  CHECK(back.source->program == "JSettlers2 2.7.00");
  CHECK(back.players == g.players);
  CHECK(back.result_winner == g.result_winner);
  REQUIRE(back.actions.size() == g.actions.size());
  for (size_t i = 0; i < g.actions.size(); ++i) {
    INFO("entry " << i + 1);
    CHECK(log::write_entry(back.actions[i].action, back.players) ==
          log::write_entry(g.actions[i].action, g.players));
  }
  CHECK(log::write_game(back).substr(0, 200) == yaml.substr(0, 200));
}

// Found by fuzz_import_jsettlers: a record that stops before its first entry was written
// with `actions:` alone, which reads as null and is malformed.
TEST_CASE("jsettlers import: a game of no entries is written as `actions: []`",
          "[import][jsettlers]") {
  log::Game g = only_game(import(test::jsettlers_game("BC=t4,N7=f7,PL=4,RD=f", "")));
  g.actions.clear();
  const std::string yaml = log::write_game(g);
  CHECK(yaml.find("actions: []\n") != std::string::npos);
  const auto docs = log::read_string(yaml);
  REQUIRE(docs.size() == 1);
  INFO((docs[0].error ? docs[0].error->message : std::string()));
  REQUIRE(docs[0].game);
  CHECK(docs[0].game->actions.empty());
}

TEST_CASE("jsettlers import: the committed CLI fixture is the one the unit tests build",
          "[import][jsettlers]") {
  // tests/fixtures/jsettlers/fixture.soclog (read by tests/cli/import_cli.py) is
  // test::jsettlers_game() written out; regenerate it when the fixture changes.
  std::ifstream in(std::string(CATAN_SOURCE_DIR) + "/tests/fixtures/jsettlers/fixture.soclog",
                   std::ios::binary);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  CHECK(s.str() == test::jsettlers_game());
}
