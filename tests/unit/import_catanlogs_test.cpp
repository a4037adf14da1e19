// The catanlogs .catan importer (src/import/catanlogs/import_catanlogs.cpp): hexgrid's numbering as
// a whole and transcripts written here; the real transcripts in ../shared/realgames are tested in
// tests/realgames/catanlogs_realgames.cpp.
#include "import/catanlogs/import_catanlogs.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "base_island.hpp"
#include "core/geometry.hpp"
#include "import/catanlogs/hexgrid_coords.hpp"
#include "import/registry.hpp"
#include "import_test_support.hpp"

namespace {

using namespace catan;
using core::Axial;
namespace hg = importers::hexgrid;

bool is_tile_code(int code) {
  for (int c : hg::kTileCodes)
    if (c == code) return true;
  return false;
}

TEST_CASE("catanlogs: tiles 1..19 are the 19 land hexes, hexgrid's neighbours are ours") {
  // hexgrid.py _tile_tile_offsets.
  const std::pair<int, core::EdgeDir> offsets[] = {
      {-0x20, core::EdgeDir::NW}, {-0x22, core::EdgeDir::W}, {-0x02, core::EdgeDir::SW},
      {+0x20, core::EdgeDir::SE}, {+0x22, core::EdgeDir::E}, {+0x02, core::EdgeDir::NE}};
  std::set<core::HexId> hexes;
  for (int id = 1; id <= 19; ++id) {
    const auto h = hg::tile_hex(id);
    REQUIRE(h);
    REQUIRE(base_island().contains(*h));
    hexes.insert(base_island().hex_id(*h));
    const int code = hg::kTileCodes[id - 1];
    for (const auto& [off, dir] : offsets) {
      const Axial nb = core::neighbour(*h, dir);
      CHECK(is_tile_code(code + off) == base_island().contains(nb));
      if (is_tile_code(code + off)) CHECK(hg::axial_of_code(code + off) == nb);
    }
  }
  CHECK(hexes.size() == 19);
  CHECK_FALSE(hg::tile_hex(0));
  CHECK_FALSE(hg::tile_hex(20));
  // The layout hexgrid documents: 1 at the top left, counter-clockwise, 19 in the centre.
  CHECK(*hg::tile_hex(1) == Axial{0, -2});
  CHECK(*hg::tile_hex(5) == Axial{-2, 2});
  CHECK(*hg::tile_hex(9) == Axial{2, 0});
  CHECK(*hg::tile_hex(19) == Axial{0, 0});
}

TEST_CASE(
    "catanlogs: hexgrid's node and edge codes are the 54 corners and 72 edges, one to "
    "one, and its edge ends are our edge ends") {
  std::map<int, core::CornerId> node_corner;  // hexgrid node code -> our corner
  std::set<core::CornerId> corners;
  for (int id = 1; id <= 19; ++id)
    for (const auto& [dir, off] : hg::kNodeOffsets) {
      const int code = hg::kTileCodes[id - 1] + off;
      const core::CornerId c = base_island().corner_id(*hg::tile_hex(id), dir);
      REQUIRE(c != core::kNone);
      const auto [it, fresh] = node_corner.emplace(code, c);
      CHECK(it->second == c);  // one code, one corner
      corners.insert(c);
    }
  CHECK(node_corner.size() == 54);
  CHECK(corners.size() == 54);  // ... and one corner, one code

  std::map<int, core::EdgeId> edge_of;
  std::set<core::EdgeId> edges;
  for (int id = 1; id <= 19; ++id)
    for (const auto& [dir, off] : hg::kEdgeOffsets) {
      const int code = hg::kTileCodes[id - 1] + off;
      const core::EdgeId e = base_island().edge_id(*hg::tile_hex(id), dir);
      REQUIRE(e != core::kNone);
      const auto [it, fresh] = edge_of.emplace(code, e);
      CHECK(it->second == e);
      edges.insert(e);
      // hexgrid.py nodes_touching_edge.
      const int a = code >> 4, b = code & 0xF;
      const int n1 = (a % 2 == 0 && b % 2 == 0) ? (a << 4) | (b + 1) : code;
      const int n2 = (a % 2 == 0 && b % 2 == 0) ? ((a + 1) << 4) | b : ((a + 1) << 4) | (b + 1);
      REQUIRE(node_corner.count(n1));
      REQUIRE(node_corner.count(n2));
      const auto ends = base_island().edge_corners(e);
      CHECK(std::set<core::CornerId>{node_corner[n1], node_corner[n2]} ==
            std::set<core::CornerId>(ends.begin(), ends.end()));
    }
  CHECK(edge_of.size() == 72);
  CHECK(edges.size() == 72);
}

TEST_CASE("catanlogs: hexgrid's coastal (tile, direction) pairs are the 30 coastal edges") {
  const std::pair<int, core::EdgeDir> offsets[] = {
      {-0x20, core::EdgeDir::NW}, {-0x22, core::EdgeDir::W}, {-0x02, core::EdgeDir::SW},
      {+0x20, core::EdgeDir::SE}, {+0x22, core::EdgeDir::E}, {+0x02, core::EdgeDir::NE}};
  std::set<core::EdgeId> coast;
  for (int id = 1; id <= 19; ++id)
    for (const auto& [off, dir] : offsets) {
      const core::EdgeId e = base_island().edge_id(*hg::tile_hex(id), dir);
      // hexgrid.py coastal_coords: no tile in that direction.
      CHECK(base_island().is_coastal(e) == !is_tile_code(hg::kTileCodes[id - 1] + off));
      if (base_island().is_coastal(e)) coast.insert(e);
    }
  CHECK(coast.size() == 30);
}

// ---- transcripts written here -------------------------------------------------------------

// The fixture board (tests/unit/fixture.hpp) in hexgrid's tile order, the fixture's players.
const std::string kHeader =
    "catanlog v0.10.0\n"
    "timestamp: 2026-12-01 10:00:00\n"
    "players: 4\n"
    "name: ann, color: red, seat: 1\n"
    "name: bo, color: blue, seat: 2\n"
    "name: cy, color: white, seat: 3\n"
    "name: di, color: orange, seat: 4\n"
    "terrain: ore wheat wheat wood brick wheat sheep sheep ore brick wood sheep brick wood ore "
    "wheat wood sheep desert\n"
    "numbers: 10 12 9 8 5 6 11 5 8 10 9 2 6 11 3 4 3 4 None\n"
    "ports: 3:1(1 NW) ore(2 NW) wheat(3 NW) 3:1(4 W) wood(6 SW) brick(7 SE) 3:1(8 E) 3:1(10 E) "
    "sheep(12 NE)\n"
    "...CATAN!\n";

// The fixture's set-up (red [0,-1,S] + [0,-1,SW], ...), each turn ended as the author wrote.
const std::string kSetup =
    "red buys settlement, builds at (13 S)\nred buys road, builds at (13 SW)\n"
    "red ends turn after 10s\n"
    "blue buys settlement, builds at (18 SE)\nblue buys road, builds at (18 E)\n"
    "blue ends turn after 10s\n"
    "white buys settlement, builds at (15 S)\nwhite buys road, builds at (15 SE)\n"
    "white ends turn after 10s\n"
    "orange buys settlement, builds at (17 S)\norange buys road, builds at (17 SE)\n"
    "orange ends turn after 10s\n"
    "orange buys settlement, builds at (16 S)\norange buys road, builds at (16 SE)\n"
    "orange ends turn after 10s\n"
    "white buys settlement, builds at (4 N)\nwhite buys road, builds at (4 NW)\n"
    "white ends turn after 10s\n"
    "blue buys settlement, builds at (1 S)\nblue buys road, builds at (1 SW)\n"
    "blue ends turn after 10s\n"
    "red buys settlement, builds at (12 S)\nred buys road, builds at (12 SE)\n"
    "red ends turn after 10s\n";

// Three 6s give red 2 bricks each (9 cards); orange's 7 makes red, and only red, discard.
const std::string kTurns =
    "red rolls 6\nred ends turn after 5s\n"
    "blue rolls 6\nblue ends turn after 5s\n"
    "white rolls 6\nwhite ends turn after 5s\n"
    "orange rolls 7\norange moves robber to 13, steals from red\norange ends turn after 5s\n"
    "red rolls 8\nred trades [4 brick] to port 4:1 for [1 ore]\nred ends turn after 5s\n";

importers::Imported import(const std::string& text) {
  return importers::import_catanlogs("t.catan", text, importers::ImportOptions{});
}

TEST_CASE("catanlogs: a transcript imports as a spectator's view and replays") {
  const auto in = import(kHeader + kSetup + kTurns);
  for (const auto& p : in.problems) INFO(p.at.line << ": " << p.message);
  REQUIRE(in.problems.empty());
  REQUIRE(in.games.size() == 1);
  const log::Game& g = in.games[0];
  CHECK(g.players == std::vector<std::string>{"red", "blue", "white", "orange"});
  CHECK(g.has_view);
  CHECK(g.view_player == -1);
  CHECK(g.id == "2026-12-01 10:00:00");
  // 16 placements (the set-up's "ends turn" lines have no entry), then the turns with one
  // discard added after the 7.
  REQUIRE(g.actions.size() == 16 + 13);
  CHECK(g.actions[0].source.line == 12);
  const log::Entry& discard = g.actions[16 + 7];
  CHECK(discard.action.kind == core::ActionKind::Discard);
  CHECK(discard.action.player == 0);
  CHECK(discard.action.hidden_owed);
  CHECK(discard.source.line == 12 + 24 + 6);  // the 7's line
  CHECK(g.actions[16 + 8].action.stolen.hidden);
  CHECK(g.actions[16 + 6].action.roll_sum == 7);
  const auto r = replay::replay("t.catan", g, {}).report;
  INFO((r.error ? r.error->message : std::string()));
  CHECK(r.status == diag::Status::Incomplete);

  // Without the discard the importer added, the robber moves while red still owes it.
  log::Game without = g;
  without.actions.erase(without.actions.begin() + 16 + 7);
  CHECK(replay::replay("t.catan", without, {}).report.status == diag::Status::Illegal);
}

TEST_CASE(
    "catanlogs: a 7 where a hidden steal and a Monopoly leave it open who owes a "
    "discard is a problem") {
  // Blue robs red unseen (wool or brick), then takes every wool by Monopoly: red holds 7 or
  // 8 cards at blue's 7, so whether red owes a discard depends on the unseen card.
  const auto in = import(kHeader + kSetup +
                         "red rolls 6\nred trades [1 sheep] to player blue for [1 brick]\n"
                         "red ends turn after 5s\n"
                         "blue rolls 7\nblue moves robber to 12, steals from red\n"
                         "blue buys dev card\nblue ends turn after 5s\n"
                         "white rolls 6\nwhite ends turn after 5s\n"
                         "orange rolls 6\norange ends turn after 5s\n"
                         "red rolls 8\nred ends turn after 5s\n"
                         "blue plays monopoly on sheep\nblue rolls 7\n");
  REQUIRE(in.problems.size() == 1);
  CHECK(in.problems[0].at.line == 50);
  CHECK(in.problems[0].message.find("red holds 7 to 8 cards") != std::string::npos);
}

TEST_CASE("catanlogs: the rules judge what the transcript says, at its own line") {
  // An "ends turn" written twice (as in a real transcript): the second one is not the
  // player's turn.
  const auto in = import(kHeader + kSetup +
                         "red rolls 6\nred ends turn after 5s\n"
                         "red ends turn after 5s\n");
  REQUIRE(in.problems.empty());
  const auto r = replay::replay("t.catan", in.games.at(0), {}).report;
  CHECK(r.status == diag::Status::Illegal);
  REQUIRE(r.error);
  CHECK(r.error->action == 19);
  CHECK(r.error->at.line == 12 + 24 + 2);
}

TEST_CASE("catanlogs: plays, trades between players and the winner map to entries") {
  const auto in =
      import(kHeader + kSetup +
             "red plays road builder, builds at (13 W) and (14 NW)\n"
             "red plays year of plenty, takes wood and ore\nred plays monopoly on sheep\n"
             "red plays knight\nred moves robber to 19, steals from nobody\n"
             "red trades [1 wood] to player blue for [1 ore, 2 wheat]\n"
             "red plays victory point\nred buys dev card\nred wins\n");
  REQUIRE(in.problems.empty());
  const auto& a = in.games.at(0).actions;
  REQUIRE(a.size() == 16 + 10);
  CHECK(a[16].action.card == core::DevCard::RoadBuilding);
  CHECK(a[17].action.kind == core::ActionKind::Road);
  CHECK(a[18].action.edge.hex == Axial{-1, 0});
  CHECK(a[19].action.get.total() == 2);
  CHECK(a[20].action.resource == core::Resource::Wool);
  CHECK(a[22].action.hex.hex == Axial{0, 0});
  CHECK_FALSE(a[22].action.has_steal);
  CHECK(a[23].action.kind == core::ActionKind::Trade);
  CHECK(a[23].action.other == 1);
  CHECK(a[23].action.get[core::Resource::Grain] == 2);
  CHECK(a[24].action.kind == core::ActionKind::Reveal);
  CHECK(a[25].action.hidden_buy);
  CHECK(in.games.at(0).result_winner == 0);
}

TEST_CASE("catanlogs: every line that cannot be mapped is a problem with its line") {
  const auto in = import(kHeader + kSetup +
                         "red flies away\n"
                         "purple rolls 5\n"
                         "red buys settlement, builds at (20 N)\n"
                         "red rolls 13\n"
                         "red buys road, builds at (3 N)\n"
                         "red moves robber to 4, steals from grey\n");
  REQUIRE(in.problems.size() == 6);
  for (int i = 0; i < 6; ++i) CHECK(in.problems[i].at.line == 36 + i);
  CHECK(in.problems[1].message.find("colour") != std::string::npos);
  CHECK(in.problems[0].message.find("red flies away") != std::string::npos);
}

TEST_CASE("catanlogs: a header that cannot be read is a problem at its line") {
  SECTION("not a transcript") { CHECK(import("hello\n").problems.at(0).at.line == 1); }
  SECTION("18 terrains") {
    std::string h = kHeader;
    h.replace(h.find("terrain: ore "), 13, "terrain: ");
    const auto in = import(h + kSetup);
    REQUIRE(in.problems.size() == 1);
    CHECK(in.problems[0].at.line == 8);
    CHECK(in.games.empty());
  }
  SECTION("20 number tokens") {
    std::string h = kHeader;
    h.replace(h.find("numbers: "), 9, "numbers: 7 ");
    const auto in = import(h);
    REQUIRE(in.problems.size() == 1);
    CHECK(in.problems[0].at.line == 9);
  }
  SECTION("an unknown port") {
    std::string h = kHeader;
    h.replace(h.find("ore(2 NW)"), 9, "gold(2 NW)");
    const auto in = import(h);
    REQUIRE(in.problems.size() == 1);
    CHECK(in.problems[0].at.line == 10);
    CHECK(in.problems[0].at.column == 18);
  }
  SECTION("no end of header") {
    CHECK_FALSE(import("catanlog v0.10.0\nplayers: 4\n").problems.empty());
  }
  SECTION("a seat twice") {
    std::string h = kHeader;
    h.replace(h.find("seat: 2"), 7, "seat: 1");
    CHECK(import(h).problems.at(0).at.line == 5);
  }
}

}  // namespace

TEST_CASE("catanlogs: each repeated player line is one problem, and at most 100 are listed") {
  SECTION("a colour, a seat, both from different lines") {
    std::string h = kHeader;
    h.insert(h.find("terrain: "),
             "name: x, color: red, seat: 5\nname: y, color: pink, seat: 2\n"
             "name: z, color: blue, seat: 1\n");
    const auto in = import(h);
    REQUIRE(in.problems.size() >= 3);
    CHECK(in.problems[0].message == "colour \"red\" is named twice (first at line 4)");
    CHECK(in.problems[1].message == "seat 2 is named twice (first at line 5)");
    CHECK(in.problems[2].message ==
          "colour \"blue\" (first at line 5) and seat 1 (first at line 4) are named twice");
  }
  std::string h = kHeader;
  std::string repeats;
  for (int i = 0; i < 1000; ++i) repeats += "name: ann, color: red, seat: 1\n";
  h.insert(h.find("name: bo"), repeats);
  const auto in = import(h + kSetup);
  // Each repeat names colour red and seat 1 again: one problem, against line 4.
  REQUIRE(in.problems.size() == 101);
  for (int i = 0; i < 100; ++i) CHECK(in.problems[i].at.line == 5 + i);
  CHECK(in.problems[0].at.column == 19);  // at the colour
  CHECK(in.problems[0].message == "colour \"red\" and seat 1 are named twice (first at line 4)");
  CHECK(in.problems[100].message.find("more problems follow") != std::string::npos);
}
