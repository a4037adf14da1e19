#include "import/jsettlers/jsettlers_coords.hpp"

#include <algorithm>
#include <cstdlib>

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

namespace {

// Node offsets from a hex, in core::CornerDir order (N, NE, SE, S, SW, NW).
constexpr std::array<int, 6> kNodeOffset{0x01, 0x12, 0x21, 0x10, -0x01, -0x10};

struct Tables {
  std::array<core::CornerId, 256> node_to_corner{};
  std::array<core::EdgeId, 256> edge_to_edge{};
  std::array<int, core::kMaxPlaces> corner_to_node{};
  std::array<int, core::kMaxPlaces> edge_to_coord{};
  Tables() {
    node_to_corner.fill(core::kNone);
    edge_to_edge.fill(core::kNone);
    for (int h = 0; h < detail::base_island().hex_count(); ++h) {
      const core::Axial a = detail::base_island().hex_at(static_cast<core::HexId>(h));
      for (int d = 0; d < 6; ++d) {
        const int node = hex_coord(a) + kNodeOffset[d];
        const core::CornerId c =
            detail::base_island().corner_id(a, static_cast<core::CornerDir>(d));
        node_to_corner[node] = c;
        corner_to_node[c] = node;
      }
    }
    // An edge between nodes A and B (SOCBoard.getEdgeBetweenAdjacentNodes).
    for (int e = 0; e < detail::base_island().edge_count(); ++e) {
      const auto cs = detail::base_island().edge_corners(static_cast<core::EdgeId>(e));
      const int a = corner_to_node[cs[0]], b = corner_to_node[cs[1]];
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
        edge_to_edge[coord] = static_cast<core::EdgeId>(e);
        edge_to_coord[e] = coord;
      }
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace

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

core::CornerId node_corner(int node) {
  return node < 0 || node > 0xFF ? core::kNone : tables().node_to_corner[node];
}
core::EdgeId edge_edge(int edge) {
  return edge < 0 || edge > 0xFF ? core::kNone : tables().edge_to_edge[edge];
}
int corner_node(core::CornerId c) { return tables().corner_to_node.at(c); }
int edge_coord(core::EdgeId e) { return tables().edge_to_coord.at(e); }

std::array<int, 2> edge_nodes(int edge) {
  if ((((edge & 0x0F) + (edge >> 4)) % 2) == 0) return {edge + 0x01, edge + 0x10};  // '|'
  return {edge, edge + 0x11};                                                       // '/', '\'
}

DecodedLayout decode_board_layout(const std::vector<long>& hexes,
                                  const std::vector<long>& numbers) {
  static constexpr std::array<int, 10> kNumber{2, 3, 4, 5, 6, 8, 9, 10, 11, 12};
  static constexpr std::array<core::Terrain, 6> kTerrain{
      core::Terrain::Desert,  core::Terrain::Hills,  core::Terrain::Mountains,
      core::Terrain::Pasture, core::Terrain::Fields, core::Terrain::Forest};
  static constexpr std::array<core::HarborKind, 6> kPort{
      core::HarborKind::Generic, core::HarborKind::Brick, core::HarborKind::Ore,
      core::HarborKind::Wool,    core::HarborKind::Grain, core::HarborKind::Lumber};
  using Kind = LayoutIssue::Kind;
  DecodedLayout out;
  for (size_t i = 0; i < kNumToHexId.size() && i < hexes.size() && i < numbers.size(); ++i) {
    const int id = kNumToHexId[i];
    const core::Axial a = *hex_axial(id);
    const long v = hexes[i], n = numbers[i];
    if (detail::base_island().contains(a)) {
      if (v < 0 || v > 5) {
        out.issues.push_back({Kind::NotLand, i, id, v});
        continue;
      }
      if (n < -1 || n > 9) {
        out.issues.push_back({Kind::BadNumber, i, id, n});
        continue;
      }
      if ((v == 0) != (n < 0)) out.issues.push_back({Kind::DesertToken, i, id, n});
      out.board.hexes.push_back(
          {a, kTerrain[static_cast<size_t>(v)], n < 0 ? 0 : kNumber[static_cast<size_t>(n)]});
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
    const core::EdgeId e = detail::base_island().edge_id(a, static_cast<core::EdgeDir>(facing - 1));
    if (e == core::kNone || !detail::base_island().is_coastal(e)) {
      out.issues.push_back({Kind::HarborFacesAway, i, id, v});
      continue;
    }
    const core::EdgeName name = detail::base_island().edge_name(e);
    out.board.harbors.push_back({name.hex, name.dir, kPort[static_cast<size_t>(kind)]});
  }
  return out;
}

}  // namespace catan::importers::jsettlers
