#include "import/jsettlers/jsettlers_coords.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/edition.hpp"
#include "import/detail.hpp"

namespace catan::importers::jsettlers {

const std::array<int, 37> kNumToHexId{0x17, 0x39, 0x5B, 0x7D,              // top water row
                                      0x15, 0x37, 0x59, 0x7B, 0x9D,        //
                                      0x13, 0x35, 0x57, 0x79, 0x9B, 0xBD,  //
                                      0x11, 0x33, 0x55, 0x77, 0x99, 0xBB,
                                      0xDD,  // the middle row, centre 0x77
                                      0x31, 0x53, 0x75, 0x97, 0xB9, 0xDB,  //
                                      0x51, 0x73, 0x95, 0xB7, 0xD9,        //
                                      0x71, 0x93, 0xB5, 0xD7};             // bottom water row

const std::array<int, 30> kLandHexesV2{0x11, 0x13, 0x15, 0x17,              //
                                       0x31, 0x33, 0x35, 0x37, 0x39,        //
                                       0x51, 0x53, 0x55, 0x57, 0x59, 0x5B,  //
                                       0x71, 0x73, 0x75, 0x77, 0x79, 0x7B,  //
                                       0x93, 0x95, 0x97, 0x99, 0x9B,        //
                                       0xB5, 0xB7, 0xB9, 0xBB};
// Clockwise from the upper left (SOCBoard6p.PORTS_EDGE_V2 and PORTS_FACING_V2; facings
// 1..6 are NE, E, SE, SW, W, NW).
const std::array<int, 11> kPortEdgesV2{0x07, 0x3A, 0x7C, 0xAC, 0xCA, 0xC7,
                                       0xA3, 0x70, 0x30, 0x00, 0x03};
const std::array<int, 11> kPortFacingV2{3, 4, 4, 5, 5, 6, 6, 1, 1, 2, 3};

namespace {

// Node offsets from a hex, in core::CornerDir order (N, NE, SE, S, SW, NW).
constexpr std::array<int, 6> kNodeOffset{0x01, 0x12, 0x21, 0x10, -0x01, -0x10};

}  // namespace

BoardCoords::BoardCoords(const core::Topology& island) : island_(&island) {
  node_to_corner_.fill(core::kNone);
  edge_to_edge_.fill(core::kNone);
  corner_to_node_.fill(-1);
  edge_to_coord_.fill(-1);
  for (int h = 0; h < island.hex_count(); ++h) {
    const core::Axial a = island.hex_at(static_cast<core::HexId>(h));
    for (int d = 0; d < 6; ++d) {
      const int node = hex_coord(a) + kNodeOffset[d];
      const core::CornerId c = island.corner_id(a, static_cast<core::CornerDir>(d));
      node_to_corner_[static_cast<size_t>(node)] = c;
      corner_to_node_[static_cast<size_t>(c)] = node;
    }
  }
  // An edge between nodes A and B (SOCBoard.getEdgeBetweenAdjacentNodes).
  for (int e = 0; e < island.edge_count(); ++e) {
    const auto cs = island.edge_corners(static_cast<core::EdgeId>(e));
    const int a = corner_to_node_[static_cast<size_t>(cs[0])];
    const int b = corner_to_node_[static_cast<size_t>(cs[1])];
    int coord = -1;
    switch (a - b) {
      case 0x11:
        coord = b;
        break;
      case -0x11:
        coord = a;
        break;
      case 0x0F:
        coord = a - 0x10;
        break;
      case -0x0F:
        coord = a - 0x01;
        break;
      default:
        break;
    }
    if (coord >= 0 && coord < 256) {
      edge_to_edge_[static_cast<size_t>(coord)] = static_cast<core::EdgeId>(e);
      edge_to_coord_[static_cast<size_t>(e)] = coord;
    }
  }
}

core::CornerId BoardCoords::node_corner(int node) const {
  return node < 0 || node > 0xFF ? core::kNone : node_to_corner_[static_cast<size_t>(node)];
}
core::EdgeId BoardCoords::edge_edge(int edge) const {
  return edge < 0 || edge > 0xFF ? core::kNone : edge_to_edge_[static_cast<size_t>(edge)];
}

const BoardCoords& BoardCoords::classic() {
  static const BoardCoords c(core::Edition::base().island);
  return c;
}
const BoardCoords& BoardCoords::six_player() {
  static const BoardCoords c(core::Edition::five_six().island);
  return c;
}

std::optional<core::Axial> hex_axial(int coord) {
  if (coord < 0 || coord > 0xFF) return std::nullopt;
  const int lo = coord & 0x0F, hi = coord >> 4;
  if (lo % 2 == 0 || hi % 2 == 0) return std::nullopt;
  const core::Axial a{(lo - 7) / 2, (hi - lo) / 2};
  // The board's diamond: the island and one ring around it.
  if (std::max({std::abs(a.q), std::abs(a.r), std::abs(a.q + a.r)}) > 3) return std::nullopt;
  return a;
}

int hex_coord(core::Axial a) { return 0x77 + 0x22 * a.q + 0x20 * a.r; }

std::array<int, 2> edge_nodes(int edge) {
  if ((((edge & 0x0F) + (edge >> 4)) % 2) == 0) return {edge + 0x01, edge + 0x10};  // '|'
  return {edge, edge + 0x11};                                                       // '/', '\'
}

namespace {

using Kind = LayoutIssue::Kind;

constexpr std::array<core::Terrain, 6> kTerrain{core::Terrain::Desert,    core::Terrain::Hills,
                                                core::Terrain::Mountains, core::Terrain::Pasture,
                                                core::Terrain::Fields,    core::Terrain::Forest};
constexpr std::array<core::HarborKind, 6> kPort{
    core::HarborKind::Generic, core::HarborKind::Brick, core::HarborKind::Ore,
    core::HarborKind::Wool,    core::HarborKind::Grain, core::HarborKind::Lumber};

// A token as numberLayout writes it: 0 none, else the dice number; nullopt when it is none.
std::optional<int> token_of(long n, NumberForm form) {
  static constexpr std::array<int, 10> kNumber{2, 3, 4, 5, 6, 8, 9, 10, 11, 12};
  if (form == NumberForm::Index) {
    if (n < -1 || n > 9) return std::nullopt;
    return n < 0 ? 0 : kNumber[static_cast<size_t>(n)];
  }
  if (n == -1 || n == 0) return 0;
  if (n < 2 || n > 12 || n == 7) return std::nullopt;
  return static_cast<int>(n);
}

// Layout hex i, land on the island: appended to `out`, or an issue.
void land_hex(DecodedLayout& out, size_t i, core::Axial a, long v, long n, NumberForm form) {
  const int id = kNumToHexId[i];
  if (v < 0 || v > 5) {
    out.issues.push_back({Kind::NotLand, i, id, v});
    return;
  }
  const std::optional<int> token = token_of(n, form);
  if (!token) {
    out.issues.push_back({Kind::BadNumber, i, id, n});
    return;
  }
  if ((v == 0) != (*token == 0)) out.issues.push_back({Kind::DesertToken, i, id, n});
  out.board.hexes.push_back({a, kTerrain[static_cast<size_t>(v)], *token});
}

// A harbor of `kind` on `e`, under its canonical name.
void harbor(DecodedLayout& out, const core::Topology& island, core::EdgeId e, int kind) {
  const core::EdgeName name = island.edge_name(e);
  out.board.harbors.push_back({name.hex, name.dir, kPort[static_cast<size_t>(kind)]});
}

}  // namespace

DecodedLayout decode_board_layout(const std::vector<long>& hexes, const std::vector<long>& numbers,
                                  NumberForm form) {
  const core::Topology& island = BoardCoords::classic().island();
  DecodedLayout out;
  for (size_t i = 0; i < kNumToHexId.size() && i < hexes.size() && i < numbers.size(); ++i) {
    const int id = kNumToHexId[i];
    const core::Axial a = *hex_axial(id);
    const long v = hexes[i];
    if (island.contains(a)) {
      land_hex(out, i, a, v, numbers[i], form);
      continue;
    }
    if (v == 6) continue;  // water
    int facing = 0, kind = -1;
    if (v >= 7 && v <= 12) {  // a 3:1 harbor, facing v - 6
      facing = static_cast<int>(v) - 6;
      kind = 0;
    } else if (v >= 16) {  // facing << 4 | resource
      facing = static_cast<int>(v >> 4);
      kind = static_cast<int>(v & 0x0F);
    }
    if (facing < 1 || facing > 6 || kind < 0 || kind > 5) {
      out.issues.push_back({Kind::NotWaterOrHarbor, i, id, v});
      continue;
    }
    const core::EdgeId e = island.edge_id(a, static_cast<core::EdgeDir>(facing - 1));
    if (e == core::kNone || !island.is_coastal(e)) {
      out.issues.push_back({Kind::HarborFacesAway, i, id, v});
      continue;
    }
    harbor(out, island, e, kind);
  }
  return out;
}

DecodedLayout decode_board_layout_6p(const std::vector<long>& hexes,
                                     const std::vector<long>& numbers,
                                     const std::vector<long>& ports) {
  const BoardCoords& coords = BoardCoords::six_player();
  const core::Topology& island = coords.island();
  DecodedLayout out;
  for (size_t i = 0; i < kNumToHexId.size() && i < hexes.size() && i < numbers.size(); ++i) {
    const core::Axial a = *hex_axial(kNumToHexId[i]);
    if (island.contains(a))
      land_hex(out, i, a, hexes[i], numbers[i], NumberForm::Dice);
    else if (hexes[i] != 6)  // the rightmost column, off the island: water only
      out.issues.push_back({Kind::NotWaterOrHarbor, i, kNumToHexId[i], hexes[i]});
  }
  for (size_t k = 0; k < kPortEdgesV2.size() && k < ports.size(); ++k) {
    if (ports[k] < 0 || ports[k] > 5) {
      out.issues.push_back({Kind::BadPortType, k, kPortEdgesV2[k], ports[k]});
      continue;
    }
    harbor(out, island, coords.edge_edge(kPortEdgesV2[k]), static_cast<int>(ports[k]));
  }
  return out;
}

}  // namespace catan::importers::jsettlers
