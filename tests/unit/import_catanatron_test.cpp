// The catanatron JSON importer (src/import/catanatron/import_catanatron.cpp): the coordinate
// mapping as a whole and small exports written here; the real exports in ../shared/realgames are
// tested in tests/realgames/catanatron_realgames.cpp.
#include "import/catanatron/import_catanatron.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "base_island.hpp"
#include "core/geometry.hpp"
#include "import/catanatron/catanatron_coords.hpp"
#include "import/registry.hpp"
#include "import_test_support.hpp"
#include "text/json_source.hpp"

namespace {

using namespace catan;
using core::Axial;
using core::CornerDir;
using core::EdgeDir;
namespace cn = importers::catanatron;

// Every cube coordinate of the 19 land tiles (max(|x|, |y|, |z|) <= 2).
std::vector<std::array<int, 3>> land_cubes() {
  std::vector<std::array<int, 3>> out;
  for (int x = -2; x <= 2; ++x)
    for (int y = -2; y <= 2; ++y) {
      const int z = -x - y;
      if (std::abs(z) <= 2) out.push_back({x, y, z});
    }
  return out;
}

core::CornerId corner(Axial h, CornerDir d) { return base_island().corner_id(h, d); }

TEST_CASE(
    "catanatron: the 19 land tiles map one-to-one onto the island, neighbours onto "
    "neighbours") {
  std::set<core::HexId> hexes;
  for (const auto& c : land_cubes()) {
    const Axial a = cn::to_axial(c[0], c[1], c[2]);
    REQUIRE(base_island().contains(a));
    hexes.insert(base_island().hex_id(a));
    for (const cn::Unit& u : cn::kUnits)
      CHECK(cn::to_axial(c[0] + u.x, c[1] + u.y, c[2] + u.z) == core::neighbour(a, u.dir));
  }
  CHECK(hexes.size() == 19);
}

TEST_CASE(
    "catanatron: nodes and edges by tile and direction cover the 54 corners and 72 "
    "edges, and catanatron's identifications hold") {
  // map.py get_nodes_and_edges: the node a tile shares with its neighbour in each direction.
  struct Shared {
    EdgeDir towards;
    CornerDir mine, theirs;
  };
  const Shared shared[] = {
      {EdgeDir::E, CornerDir::NE, CornerDir::NW}, {EdgeDir::E, CornerDir::SE, CornerDir::SW},
      {EdgeDir::SE, CornerDir::S, CornerDir::NW}, {EdgeDir::SE, CornerDir::SE, CornerDir::N},
      {EdgeDir::SW, CornerDir::S, CornerDir::NE}, {EdgeDir::SW, CornerDir::SW, CornerDir::N},
      {EdgeDir::W, CornerDir::NW, CornerDir::NE}, {EdgeDir::W, CornerDir::SW, CornerDir::SE},
      {EdgeDir::NW, CornerDir::N, CornerDir::SE}, {EdgeDir::NW, CornerDir::NW, CornerDir::S},
      {EdgeDir::NE, CornerDir::N, CornerDir::SW}, {EdgeDir::NE, CornerDir::NE, CornerDir::S}};
  // map.py get_edge_nodes: the two nodes at the ends of each edge.
  const std::pair<EdgeDir, std::pair<CornerDir, CornerDir>> ends[] = {
      {EdgeDir::E, {CornerDir::NE, CornerDir::SE}}, {EdgeDir::SE, {CornerDir::SE, CornerDir::S}},
      {EdgeDir::SW, {CornerDir::S, CornerDir::SW}}, {EdgeDir::W, {CornerDir::SW, CornerDir::NW}},
      {EdgeDir::NW, {CornerDir::NW, CornerDir::N}}, {EdgeDir::NE, {CornerDir::N, CornerDir::NE}}};
  std::set<core::CornerId> corners;
  std::set<core::EdgeId> edges;
  for (const auto& c : land_cubes()) {
    const Axial a = cn::to_axial(c[0], c[1], c[2]);
    for (const auto& [name, d] : cn::kNodeRefs) {
      REQUIRE(corner(a, d) != core::kNone);
      corners.insert(corner(a, d));
      const auto h = base_island().corner_hexes(corner(a, d));
      CHECK(std::find(h.begin(), h.end(), base_island().hex_id(a)) != h.end());
    }
    for (const Shared& s : shared)
      CHECK(corner(a, s.mine) == corner(core::neighbour(a, s.towards), s.theirs));
    for (const auto& [d, pair] : ends) {
      const core::EdgeId e = base_island().edge_id(a, d);
      REQUIRE(e != core::kNone);
      edges.insert(e);
      const auto ec = base_island().edge_corners(e);
      const std::set<core::CornerId> want{corner(a, pair.first), corner(a, pair.second)};
      CHECK(std::set<core::CornerId>(ec.begin(), ec.end()) == want);
    }
  }
  CHECK(corners.size() == 54);
  CHECK(edges.size() == 72);
}

TEST_CASE("catanatron: a port tile's side towards the land is a coastal edge") {
  int ports = 0;
  for (int x = -3; x <= 3; ++x)
    for (int y = -3; y <= 3; ++y) {
      const int z = -x - y;
      if (std::max({std::abs(x), std::abs(y), std::abs(z)}) != 3) continue;
      const Axial port = cn::to_axial(x, y, z);
      for (const cn::Unit& u : cn::kUnits) {
        if (!base_island().contains(core::neighbour(port, u.dir))) continue;
        const core::HarborSpec h = cn::harbor(port, u.dir, core::HarborKind::Generic);
        CHECK(base_island().contains(h.at));
        const core::EdgeId e = base_island().edge_id(h.at, h.dir);
        CHECK(e == base_island().edge_id(port, u.dir));
        CHECK(base_island().is_coastal(e));
        ++ports;
      }
    }
  CHECK(ports == 30);  // the 30 coastal edges, each seen from the one sea tile beside it
}

// ---- small exports written here ---------------------------------------------------------

std::string cube_text(Axial a) {
  return "[" + std::to_string(a.q) + ", " + std::to_string(-a.q - a.r) + ", " +
         std::to_string(a.r) + "]";
}

std::string node_of(Axial h, CornerDir d) { return std::to_string(corner(h, d)); }

std::string road_of(Axial h, EdgeDir d) {
  auto c = base_island().edge_corners(base_island().edge_id(h, d));
  if (c[0] > c[1]) std::swap(c[0], c[1]);
  return "[" + std::to_string(c[0]) + ", " + std::to_string(c[1]) + "]";
}

// An export on the fixture board (tests/unit/fixture.hpp) in catanatron's shape: node ids
// are core corner ids, named by their canonical tile and direction.
std::string export_json(const std::string& records, const std::string& tail) {
  struct T {
    Axial at;
    const char* res;
    int number;
  };
  const T land[] = {
      {{0, -2}, "ORE", 10},  {{1, -2}, "SHEEP", 2}, {{2, -2}, "WOOD", 9},   {{-1, -1}, "WHEAT", 12},
      {{0, -1}, "BRICK", 6}, {{1, -1}, "SHEEP", 4}, {{2, -1}, "BRICK", 10}, {{-2, 0}, "WHEAT", 9},
      {{-1, 0}, "WOOD", 11}, {{0, 0}, nullptr, 0},  {{1, 0}, "WOOD", 3},    {{2, 0}, "ORE", 8},
      {{-2, 1}, "WOOD", 8},  {{-1, 1}, "ORE", 3},   {{0, 1}, "WHEAT", 4},   {{1, 1}, "SHEEP", 5},
      {{-2, 2}, "BRICK", 5}, {{-1, 2}, "WHEAT", 6}, {{0, 2}, "SHEEP", 11}};
  struct P {
    Axial land;
    EdgeDir side;
    const char* res;
  };
  const P ports[] = {{{0, -2}, EdgeDir::NW, nullptr}, {{1, -2}, EdgeDir::NE, "SHEEP"},
                     {{2, -1}, EdgeDir::E, nullptr},  {{1, 1}, EdgeDir::E, nullptr},
                     {{0, 2}, EdgeDir::SE, "BRICK"},  {{-1, 2}, EdgeDir::SW, "WOOD"},
                     {{-2, 1}, EdgeDir::W, nullptr},  {{-2, 0}, EdgeDir::NW, "WHEAT"},
                     {{-1, -1}, EdgeDir::NW, "ORE"}};
  const char* dir_names[] = {"NORTHEAST", "EAST", "SOUTHEAST", "SOUTHWEST", "WEST", "NORTHWEST"};
  std::string s = "{\"tiles\": [";
  int id = 0;
  for (const T& t : land) {
    if (id) s += ", ";
    s += "{\"coordinate\": " + cube_text(t.at) + ", \"tile\": {\"id\": " + std::to_string(id++);
    s += t.res ? std::string(", \"type\": \"RESOURCE_TILE\", \"resource\": \"") + t.res +
                     "\", \"number\": " + std::to_string(t.number) + "}}"
               : std::string(", \"type\": \"DESERT\"}}");
  }
  for (const P& p : ports) {
    const Axial sea = core::neighbour(p.land, p.side);
    const int towards = (static_cast<int>(p.side) + 3) % 6;
    s += ", {\"coordinate\": " + cube_text(sea) + ", \"tile\": {\"type\": \"PORT\", " +
         "\"direction\": \"" + dir_names[towards] +
         "\", \"resource\": " + (p.res ? "\"" + std::string(p.res) + "\"" : std::string("null")) +
         "}}";
  }
  s += "], \"nodes\": {";
  for (int c = 0; c < base_island().corner_count(); ++c) {
    const core::CornerName n = base_island().corner_name(static_cast<core::CornerId>(c));
    s += (c ? ", \"" : "\"") + std::to_string(c) + "\": {\"id\": " + std::to_string(c) +
         ", \"tile_coordinate\": " + cube_text(n.hex) + ", \"direction\": \"" +
         (n.dir == CornerDir::N ? "NORTH" : "SOUTH") + "\", \"building\": null, \"color\": null}";
  }
  s += "}, \"edges\": [";
  for (int e = 0; e < base_island().edge_count(); ++e) {
    const core::EdgeName n = base_island().edge_name(static_cast<core::EdgeId>(e));
    s += (e ? ", {\"id\": " : "{\"id\": ") + road_of(n.hex, n.dir) +
         ", \"tile_coordinate\": " + cube_text(n.hex) + ", \"direction\": \"" +
         dir_names[static_cast<int>(n.dir)] + "\", \"color\": null}";
  }
  s += "], \"action_records\": [" + records +
       "], \"colors\": [\"RED\", \"BLUE\", \"WHITE\", "
       "\"ORANGE\"]" +
       tail + "}";
  return s;
}

std::string setup_records() {
  struct S {
    const char* colour;
    Axial at;
    CornerDir c;
    EdgeDir e;
  };
  const S s[] = {
      {"RED", {0, -1}, CornerDir::S, EdgeDir::SW},   {"BLUE", {1, -1}, CornerDir::SE, EdgeDir::E},
      {"WHITE", {-1, 1}, CornerDir::S, EdgeDir::SE}, {"ORANGE", {1, 0}, CornerDir::S, EdgeDir::SE},
      {"ORANGE", {0, 1}, CornerDir::S, EdgeDir::SE}, {"WHITE", {-2, 1}, CornerDir::N, EdgeDir::NW},
      {"BLUE", {0, -2}, CornerDir::S, EdgeDir::SW},  {"RED", {1, -2}, CornerDir::S, EdgeDir::SE}};
  std::string out;
  for (const S& x : s) {
    if (!out.empty()) out += ", ";
    out += std::string("[[\"") + x.colour + "\", \"BUILD_SETTLEMENT\", " + node_of(x.at, x.c) +
           "], null], [[\"" + x.colour + "\", \"BUILD_ROAD\", " + road_of(x.at, x.e) + "], null]";
  }
  return out;
}

// Red rolls a 7 (nobody holds more than 7), moves the robber to [2, -2] where no building
// stands, and ends the turn.
const std::string kTurn =
    ", [[\"RED\", \"ROLL\", [3, 4]], [3, 4]], [[\"RED\", \"MOVE_ROBBER\", [[2, 0, -2], null]], "
    "null], [[\"RED\", \"END_TURN\", null], null]";

// The state after that turn, as catanatron's player_state keys name it.
std::string final_state(int red_wool) {
  const int hands[4][5] = {
      {0, 1, red_wool, 0, 0}, {0, 1, 0, 1, 1}, {2, 0, 0, 1, 0}, {0, 0, 1, 2, 0}};
  const char* res[] = {"WOOD", "BRICK", "SHEEP", "WHEAT", "ORE"};
  std::string s = ", \"robber_coordinate\": [2, 0, -2], \"player_state\": {";
  for (int p = 0; p < 4; ++p) {
    const std::string k = "\"P" + std::to_string(p) + "_";
    for (int r = 0; r < 5; ++r)
      s += k + res[r] + "_IN_HAND\": " + std::to_string(hands[p][r]) + ", ";
    s += k + "ACTUAL_VICTORY_POINTS\": 2, " + k + "HAS_ROAD\": false, " + k + "HAS_ARMY\": false" +
         (p < 3 ? ", " : "");
  }
  return s + "}";
}

importers::Imported import(const std::string& text) {
  return importers::import_catanatron("t.json", text, importers::ImportOptions{});
}

diag::GameReport check(const log::Game& g) { return replay::replay("t.json", g, {}).report; }

TEST_CASE(
    "catanatron: a small export imports and replays legal (incomplete: nobody has won), "
    "its final state verified") {
  const auto in = import(export_json(setup_records() + kTurn, final_state(2)));
  REQUIRE(in.problems.empty());
  REQUIRE(in.games.size() == 1);
  const log::Game& g = in.games[0];
  CHECK(g.players == std::vector<std::string>{"red", "blue", "white", "orange"});
  CHECK(g.board.hexes.size() == 19);
  CHECK(g.board.harbors.size() == 9);
  REQUIRE(g.actions.size() == 19);
  CHECK(g.actions[16].action.dice == std::vector<int>{3, 4});
  CHECK(g.actions[18].action.expect.has_value());
  REQUIRE(g.source.has_value());
  CHECK(g.source->format == "catanatron");
  CHECK(g.actions[0].source.line == 1);
  CHECK(g.actions[0].source.column > 1);
  const auto r = check(g);
  INFO((r.error ? r.error->message : std::string()));
  CHECK(r.status == diag::Status::Incomplete);
  CHECK_FALSE(r.error);
}

TEST_CASE("catanatron: a final state the replay does not reach is illegal at the last entry") {
  const auto in = import(export_json(setup_records() + kTurn, final_state(3)));
  REQUIRE(in.problems.empty());
  const auto r = check(in.games.at(0));
  CHECK(r.status == diag::Status::Illegal);
  REQUIRE(r.error);
  CHECK(r.error->action == 19);
}

TEST_CASE("catanatron: the winner becomes result, and a wrong winner is illegal") {
  const auto in = import(export_json(setup_records() + kTurn, ", \"winning_color\": \"BLUE\""));
  REQUIRE(in.problems.empty());
  REQUIRE(in.games.at(0).result_winner == 1);
  const auto r = check(in.games.at(0));
  CHECK(r.status == diag::Status::Illegal);  // nobody has won after one turn
}

TEST_CASE("catanatron: an illegal placement in the export is reported by the replay") {
  // Blue's first settlement beside red's: the distance rule.
  std::string records = setup_records();
  const std::string blue = node_of({1, -1}, CornerDir::SE);
  const std::string next_to_red = node_of({0, -1}, CornerDir::SE);
  records.replace(records.find("\"BUILD_SETTLEMENT\", " + blue), 20 + blue.size(),
                  "\"BUILD_SETTLEMENT\", " + next_to_red);
  const auto in = import(export_json(records + kTurn, ""));
  REQUIRE(in.problems.empty());
  const auto r = check(in.games.at(0));
  CHECK(r.status == diag::Status::Illegal);
  CHECK(r.error->action == 3);
}

TEST_CASE("catanatron: one card a record, a player's discards in a row are one entry") {
  const std::string d =
      "[[\"WHITE\", \"DISCARD_RESOURCE\", null], \"BRICK\"], "
      "[[\"WHITE\", \"DISCARD_RESOURCE\", null], \"WOOD\"], "
      "[[\"WHITE\", \"DISCARD_RESOURCE\", null], \"BRICK\"], "
      "[[\"BLUE\", \"DISCARD_RESOURCE\", null], \"ORE\"]";
  const auto in = import(export_json(d, ""));
  REQUIRE(in.problems.empty());
  const auto& a = in.games.at(0).actions;
  REQUIRE(a.size() == 2);
  CHECK(a[0].action.player == 2);
  CHECK(a[0].action.give[core::Resource::Brick] == 2);
  CHECK(a[0].action.give[core::Resource::Lumber] == 1);
  CHECK(a[1].action.player == 1);
  CHECK(a[1].action.give.total() == 1);
}

TEST_CASE("catanatron: trades, steals, purchases and plays map to their entries") {
  const std::string recs =
      "[[\"RED\", \"MARITIME_TRADE\", [\"SHEEP\", \"SHEEP\", \"SHEEP\", null, \"BRICK\"]], null], "
      "[[\"RED\", \"MOVE_ROBBER\", [[1, 0, -1], \"BLUE\"]], \"ORE\"], "
      "[[\"RED\", \"BUY_DEVELOPMENT_CARD\", null], \"VICTORY_POINT\"], "
      "[[\"RED\", \"PLAY_YEAR_OF_PLENTY\", [\"ORE\"]], null], "
      "[[\"RED\", \"PLAY_MONOPOLY\", \"WHEAT\"], null], "
      "[[\"RED\", \"PLAY_KNIGHT_CARD\", null], null]";
  const auto in = import(export_json(recs, ""));
  REQUIRE(in.problems.empty());
  const auto& a = in.games.at(0).actions;
  REQUIRE(a.size() == 6);
  CHECK(a[0].action.kind == core::ActionKind::BankTrade);
  CHECK(a[0].action.give[core::Resource::Wool] == 3);
  CHECK(a[0].action.get[core::Resource::Brick] == 1);
  CHECK(a[1].action.hex.hex == Axial{1, -1});
  CHECK(a[1].action.steal_from == 1);
  CHECK(a[1].action.stolen.resource == core::Resource::Ore);
  CHECK(a[2].action.card == core::DevCard::VictoryPoint);
  CHECK(a[3].action.get.total() == 1);
  CHECK(a[4].action.resource == core::Resource::Grain);
  CHECK(a[5].action.card == core::DevCard::Knight);
}

TEST_CASE("catanatron: a confirmed domestic trade is a trade; the negotiation is not logged") {
  // Red offers 1 brick for 1 grain, white accepts, blue rejects, red confirms with white:
  // one trade entry. After the set-up red holds {wool 2, brick 1}, white {lumber 2, grain 1}.
  const std::string trade =
      ", [[\"RED\", \"ROLL\", [6, 6]], [6, 6]], "
      "[[\"RED\", \"OFFER_TRADE\", [0, 1, 0, 0, 0, 0, 0, 0, 1, 0]], null], "
      "[[\"BLUE\", \"REJECT_TRADE\", [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0]], null], "
      "[[\"WHITE\", \"ACCEPT_TRADE\", [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0]], null], "
      "[[\"RED\", \"CONFIRM_TRADE\", [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, \"WHITE\"]], null]";
  const auto in = import(export_json(setup_records() + trade, ""));
  REQUIRE(in.problems.empty());
  const auto& a = in.games.at(0).actions;
  REQUIRE(a.size() == 18);
  CHECK(a[17].action.kind == core::ActionKind::Trade);
  CHECK(a[17].action.other == 2);
  CHECK(a[17].action.give == core::ResourceSet::of({{core::Resource::Brick, 1}}));
  CHECK(a[17].action.get == core::ResourceSet::of({{core::Resource::Grain, 1}}));
  CHECK(check(in.games.at(0)).status == diag::Status::Incomplete);
  // Asking white for ore, which white does not hold, is illegal.
  std::string text = export_json(setup_records() + trade, "");
  const std::string asked = "0, 0, 0, 1, 0, \"WHITE\"";
  text.replace(text.find(asked), asked.size(), "0, 0, 0, 0, 1, \"WHITE\"");
  CHECK(check(import(text).games.at(0)).status == diag::Status::Illegal);
}

TEST_CASE("catanatron: what cannot be mapped is a problem at its line and column, all of them") {
  const std::string recs =
      "[[\"RED\", \"ROLL\", [3, 7]], [3, 7]], "
      "[[\"PINK\", \"END_TURN\", null], null], "
      "[[\"RED\", \"BUILD_CASTLE\", null], null], "
      "[[\"RED\", \"BUILD_ROAD\", [0, 40]], null]";
  const std::string text = export_json(recs, "");
  const auto in = import(text);
  REQUIRE(in.problems.size() == 4);
  CHECK(in.problems[0].at.line == 1);
  CHECK(in.problems[0].at.column ==
        static_cast<int>(text.find("[3, 7]], [3, 7]") + 10));  // the result's dice
  CHECK(in.problems[1].message.find("PINK") != std::string::npos);
  CHECK(in.problems[1].at.column == static_cast<int>(text.find("\"PINK\"")) + 1);
  CHECK(in.problems[2].message.find("BUILD_CASTLE") != std::string::npos);
  CHECK(in.problems[3].message.find("not joined") != std::string::npos);
}

TEST_CASE("catanatron: JSON errors have a line and column") {
  SECTION("a syntax error") {
    const auto in = import("{\"tiles\": [\n  1,\n  2 3]}");
    REQUIRE(in.problems.size() == 1);
    CHECK(in.problems[0].at.line == 3);
    CHECK(in.problems[0].at.column == 5);
    CHECK(in.problems[0].message.rfind("not JSON: ", 0) == 0);
  }
  SECTION("a duplicate key") {
    const auto in = import("{\"a\": 1,\n \"a\": 2}");
    REQUIRE(in.problems.size() == 1);
    CHECK(in.problems[0].at.line == 2);
    CHECK(in.problems[0].at.column == 2);
  }
  SECTION("too deep") {
    const auto in = import(std::string(200, '[') + std::string(200, ']'));
    REQUIRE(in.problems.size() == 1);
    CHECK(in.problems[0].message.find("nesting") != std::string::npos);
  }
  SECTION("too many values") {
    std::string many = "[0";
    for (size_t i = 0; i < text::kMaxJsonValues; ++i) many += ",0";
    const auto in = import(many + "]");
    REQUIRE(in.problems.size() == 1);
    CHECK(in.problems[0].message.find("values") != std::string::npos);
  }
  SECTION("not an object") {
    const auto in = import("[1, 2]");
    REQUIRE(in.problems.size() == 1);
    CHECK(in.games.empty());
  }
  SECTION("empty") { CHECK(import("").problems.size() == 1); }
}

TEST_CASE("json_source: values carry their positions") {
  const auto p = text::parse_json("{\"k\": [true, -12, \"a\\\"b\", null, 1.5]}");
  REQUIRE(p.value);
  const text::JsonValue* k = p.value->get("k");
  REQUIRE(k);
  REQUIRE(k->items.size() == 5);
  CHECK(k->at.column == 7);
  CHECK(k->items[0].at.column == 8);
  CHECK(k->items[1].at.column == 14);
  CHECK(k->items[1].integer == -12);
  CHECK(k->items[2].at.column == 19);
  CHECK(k->items[2].text == "a\"b");
  CHECK(k->items[3].at.column == 27);
  CHECK(k->items[4].at.column == 33);
}

}  // namespace

TEST_CASE("catanatron: exports one per line (JSON Lines) are a game each, positions per line") {
  std::string one = export_json(setup_records() + kTurn, final_state(2));
  one.erase(std::remove(one.begin(), one.end(), '\n'), one.end());
  const auto in = import(one + "\n\n" + one + "\r\n" + one + "\n");
  REQUIRE(in.problems.empty());
  REQUIRE(in.games.size() == 3);
  CHECK(in.games[0].actions[0].source.line == 1);
  CHECK(in.games[1].actions[0].source.line == 3);  // the blank line 2 is skipped
  CHECK(in.games[2].actions[0].source.line == 4);
  CHECK(in.games[2].actions[0].source.column == in.games[0].actions[0].source.column);
  for (const log::Game& g : in.games) CHECK(check(g).status == diag::Status::Incomplete);
  SECTION("a broken line is a problem at its own line and column") {
    const auto bad = import(one + "\n" + "{\"tiles\": [\n" + one + "\n");
    REQUIRE(bad.problems.size() == 1);
    CHECK(bad.problems[0].at.line == 2);
    CHECK(bad.problems[0].at.column == 12);
  }
  SECTION("one pretty-printed export is not JSON Lines") {
    const auto pretty = import(export_json(setup_records() + kTurn, final_state(2)));
    CHECK(pretty.problems.empty());
    CHECK(pretty.games.size() == 1);
  }
}

TEST_CASE("json_source: JSON Lines") {
  REQUIRE(text::parse_json_lines("{\"a\": 1}\n"));  // one compact value: Lines of one
  CHECK(text::parse_json_lines("{\"a\": 1}\n")->size() == 1);
  CHECK_FALSE(text::parse_json_lines(" \n\n"));
  CHECK_FALSE(text::parse_json_lines("{\n\"a\": 1}\n{\"b\": 2}"));  // the first line is not whole
  const auto lines = text::parse_json_lines("[1]\n\n  {\"a\": [true]}  \n\"x\"");
  REQUIRE(lines);
  REQUIRE(lines->size() == 3);
  CHECK((*lines)[1].value->at.line == 3);
  CHECK((*lines)[1].value->at.column == 3);
  CHECK((*lines)[1].value->get("a")->items[0].at.column == 10);
  CHECK((*lines)[2].value->text == "x");
}
