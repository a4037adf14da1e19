#include "jsettlers_fixture.hpp"

#include <fmt/format.h>

#include <vector>

#include "base_island.hpp"
#include "import/jsettlers/jsettlers_coords.hpp"
#include "soclog_writer.hpp"

namespace catan::test {

using core::Axial;
using core::CornerDir;
using core::EdgeDir;
using core::HarborKind;
using core::Terrain;

namespace js = importers::jsettlers;

core::BoardSpec fixture_board() {
  core::BoardSpec b;
  auto hex = [&](int q, int r, Terrain t, int n) { b.hexes.push_back({{q, r}, t, n}); };
  hex(0, -2, Terrain::Mountains, 10);
  hex(1, -2, Terrain::Pasture, 2);
  hex(2, -2, Terrain::Forest, 9);
  hex(-1, -1, Terrain::Fields, 12);
  hex(0, -1, Terrain::Hills, 6);
  hex(1, -1, Terrain::Pasture, 4);
  hex(2, -1, Terrain::Hills, 10);
  hex(-2, 0, Terrain::Fields, 9);
  hex(-1, 0, Terrain::Forest, 11);
  hex(0, 0, Terrain::Desert, 0);
  hex(1, 0, Terrain::Forest, 3);
  hex(2, 0, Terrain::Mountains, 8);
  hex(-2, 1, Terrain::Forest, 8);
  hex(-1, 1, Terrain::Mountains, 3);
  hex(0, 1, Terrain::Fields, 4);
  hex(1, 1, Terrain::Pasture, 5);
  hex(-2, 2, Terrain::Hills, 5);
  hex(-1, 2, Terrain::Fields, 6);
  hex(0, 2, Terrain::Pasture, 11);
  auto harbor = [&](int q, int r, EdgeDir d, HarborKind k) { b.harbors.push_back({{q, r}, d, k}); };
  harbor(0, -2, EdgeDir::NW, HarborKind::Generic);
  harbor(1, -2, EdgeDir::NE, HarborKind::Wool);
  harbor(2, -1, EdgeDir::E, HarborKind::Generic);
  harbor(1, 1, EdgeDir::E, HarborKind::Generic);
  harbor(0, 2, EdgeDir::SE, HarborKind::Brick);
  harbor(-1, 2, EdgeDir::SW, HarborKind::Lumber);
  harbor(-2, 1, EdgeDir::W, HarborKind::Generic);
  harbor(-2, 0, EdgeDir::NW, HarborKind::Grain);
  harbor(-1, -1, EdgeDir::NW, HarborKind::Ore);
  b.robber = Axial{0, 0};
  return b;
}

std::string jsettlers_layout(const core::BoardSpec& b) {
  return board_layout(b, LayoutForm::Classic);
}

namespace {

int node(int q, int r, CornerDir d) { return js::corner_node(base_island().corner_id({q, r}, d)); }
int edge(int q, int r, EdgeDir d) { return js::edge_coord(base_island().edge_id({q, r}, d)); }

}  // namespace

std::string jsettlers_game(const std::string& options, const std::string& extra) {
  std::string s =
      "SOC game event log: type=F, version=2700, created_at=1, now=2, game_name=fixture\n"
      "# Written by catan-referee's tests, in JSettlers2's grammar\n"
      "0:00.000:all:SOCVersion:2700|str=2.7.00|verBuild=TEST|feats=;ch;|cliLocale=(null)\n";
  s += "0:00.001:all:SOCNewGameWithOptions:game=fixture|param1=-1|param2=" + options + "\n";
  // An observer's copy of an empty board, and a joining robot: never facts.
  s += "0:00.001:ob:SOCBoardLayout:game=fixture|hexLayout={ 6 }|numberLayout={ -1 }|"
       "robberHex=0xffffffff\n";
  const char* names[] = {"red", "blue", "white", "orange"};
  for (int seat = 0; seat < 4; ++seat)
    s += fmt::format(
        "0:00.002:all:SOCSitDown:game=fixture|nickname={}|playerNumber={}|"
        "robotFlag=true\n",
        names[seat], seat);
  s += "0:00.003:all:SOCBoardLayout:game=fixture|" + jsettlers_layout(fixture_board()) + "\n";
  s += "0:00.004:all:SOCStartGame:game=fixture|gameState=5\n";
  struct Place {
    int seat;
    int node, road;
  };
  const Place setup[] = {
      {0, node(0, -1, CornerDir::S), edge(0, -1, EdgeDir::SW)},
      {1, node(1, -1, CornerDir::SE), edge(1, -1, EdgeDir::E)},
      {2, node(-1, 1, CornerDir::S), edge(-1, 1, EdgeDir::SE)},
      {3, node(1, 0, CornerDir::S), edge(1, 0, EdgeDir::SE)},
      {3, node(0, 1, CornerDir::S), edge(0, 1, EdgeDir::SE)},
      {2, node(-2, 1, CornerDir::N), edge(-2, 1, EdgeDir::NW)},
      {1, node(0, -2, CornerDir::S), edge(0, -2, EdgeDir::SW)},
      {0, node(1, -2, CornerDir::S), edge(1, -2, EdgeDir::SE)},
  };
  int i = 0;
  for (const Place& p : setup) {
    s += fmt::format("0:00.1:all:SOCTurn:game=fixture|playerNumber={}|gameState={}\n", p.seat,
                     i < 4 ? 5 : 10);
    s += fmt::format("0:00.1:f{}:SOCPutPiece:game=fixture|playerNumber={}|pieceType=1|coord={:x}\n",
                     p.seat, p.seat, p.node);
    s += fmt::format("0:00.1:all:SOCPutPiece:game=fixture|playerNumber={}|pieceType=1|coord={:x}\n",
                     p.seat, p.node);
    s += fmt::format("0:00.1:all:SOCPutPiece:game=fixture|playerNumber={}|pieceType=0|coord={:x}\n",
                     p.seat, p.road);
    ++i;
  }
  // Red rolls 6: [0,-1] hills pays red two bricks and blue one, [-1,2] fields white and
  // orange a grain each.
  s += "0:01.000:all:SOCTurn:game=fixture|playerNumber=0|gameState=15\n"
       "0:01.001:f0:SOCRollDice:game=fixture\n"
       "0:01.002:all:SOCDiceResult:game=fixture|param=6\n"
       "0:01.002:all:SOCDiceResultResources:game=fixture|p=4|p=0|p=5|p=2|p=1|p=0|p=1|p=4|p=1|p=1|"
       "p=0|p=2|p=4|p=1|p=4|p=0|p=3|p=4|p=1|p=4\n"
       "0:01.002:p0:SOCPlayerElements:game=fixture|playerNum=0|actionType=SET|e1=3,e2=0,e3=2,e4=0,"
       "e5=0\n"
       "0:01.002:p2:SOCPlayerElements:game=fixture|playerNum=2|actionType=SET|e1=0,e2=0,e3=0,e4=2,"
       "e5=2\n"
       "0:01.003:f0:SOCEndTurn:game=fixture\n"
       "0:01.003:all:SOCClearOffer:game=fixture|playerNumber=-1\n";
  // Blue rolls 7, moves the robber to [0,-1] and steals red's brick.
  s += fmt::format(
      "0:02.000:all:SOCTurn:game=fixture|playerNumber=1|gameState=15\n"
      "0:02.001:all:SOCDiceResult:game=fixture|param=7\n"
      "0:02.002:f1:SOCMoveRobber:game=fixture|playerNumber=1|coord={:x}\n"
      "0:02.002:all:SOCMoveRobber:game=fixture|playerNumber=1|coord={:x}\n"
      "0:02.003:p1:SOCRobberyResult:game=fixture|perp=1|victim=0|resType=1|amount=1|isGainLose="
      "true\n"
      "0:02.003:p0:SOCRobberyResult:game=fixture|perp=1|victim=0|resType=1|amount=1|isGainLose="
      "true\n"
      "0:02.003:!p[1, "
      "0]:SOCRobberyResult:game=fixture|perp=1|victim=0|resType=6|amount=1|isGainLose=true\n",
      js::hex_coord({0, -1}), js::hex_coord({0, -1}));
  // White rolls 5 (white a brick from [-2,2], orange a wool from [1,1]), builds a road and
  // trades a lumber for orange's wool.
  s += fmt::format(
      "0:03.000:all:SOCTurn:game=fixture|playerNumber=2|gameState=15\n"
      "0:03.001:all:SOCDiceResult:game=fixture|param=5\n"
      "0:03.001:all:SOCDiceResultResources:game=fixture|p=2|p=2|p=5|p=1|p=1|p=0|p=3|p=5|p=1|p=3\n"
      "0:03.002:all:SOCPlayerElements:game=fixture|playerNum=2|actionType=LOSE|e1=1,e5=1\n"
      "0:03.002:all:SOCPutPiece:game=fixture|playerNumber=2|pieceType=0|coord={:x}\n"
      "0:03.003:all:SOCMakeOffer:game=fixture|from=2|to=false,false,false,true|give=clay=0|ore=0|"
      "sheep=0|wheat=0|wood=1|unknown=0|get=clay=0|ore=0|sheep=1|wheat=0|wood=0|unknown=0\n"
      "0:03.004:f3:SOCAcceptOffer:game=fixture|accepting=0|offering=2\n"
      "0:03.004:all:SOCAcceptOffer:game=fixture|accepting=3|offering=2|toAccepting=clay=0|ore=0|"
      "sheep=0|wheat=0|wood=1|unknown=0|toOffering=clay=0|ore=0|sheep=1|wheat=0|wood=0|unknown=0\n",
      edge(-1, 1, EdgeDir::SW));
  // Orange rolls 4: orange two grain ([0,1] fields), red and blue a wool ([1,-1] pasture).
  s += "0:04.000:all:SOCTurn:game=fixture|playerNumber=3|gameState=15\n"
       "0:04.001:all:SOCDiceResult:game=fixture|param=4\n"
       "0:04.001:all:SOCDiceResultResources:game=fixture|p=3|p=0|p=5|p=1|p=3|p=0|p=1|p=5|p=1|p=3|p="
       "0|p=3|p=7|p=2|p=4\n";
  s += extra;
  s += "# End of log. Game state 20\n";
  return s;
}

}  // namespace catan::test
