// JSettlers2's coordinates of the classic board (its "v1" encoding, SOCBoard javadoc) and
// their catan-log/1 names. A hex is two hex digits on diagonal axes with the centre 0x77:
// east is +0x22, south-east +0x20, so [q, r] is 0x77 + 0x22 q + 0x20 r. A node is its hex
// plus N +0x01, NE +0x12, SE +0x21, S +0x10, SW -0x01, NW -0x10; an edge is named after its
// upper (or, for a vertical edge, its lower-left) node. docs/IMPORT-JSETTLERS.md has the table.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "core/board.hpp"
#include "core/geometry.hpp"
#include "core/resources.hpp"

namespace catan::importers::jsettlers {

// Any hex of the board's 7x7 diamond (the island and its ring of water and harbors);
// nullopt for a value that is not a hex coordinate of the v1 encoding.
std::optional<core::Axial> hex_axial(int coord);
int hex_coord(core::Axial a);

// A node (settlement place) or edge (road place) of the island; kNone when the value
// names no place on the island.
core::CornerId node_corner(int node);
core::EdgeId edge_edge(int edge);
int corner_node(core::CornerId c);
int edge_coord(core::EdgeId e);

// The two nodes of an edge coordinate, as JSettlers computes them (getAdjacentNodesToEdge).
std::array<int, 2> edge_nodes(int edge);

// The 37 hexes of SOCBoardLayout's hexLayout, in its order (numToHexID).
extern const std::array<int, 37> kNumToHexId;

// SOCBoardLayout's hexLayout and numberLayout (kNumToHexId order) as a board: land hexes
// (0 desert, 1..5 clay, ore, sheep, wheat, wood; tokens 0..9 for 2..12, -1 none), water (6)
// and harbors (7..12: 3:1 facing v - 6; else facing << 4 | resource), and each value that
// is none of them. The robber is the caller's.
struct LayoutIssue {
  enum class Kind {
    NotLand,           // a land hex's hexLayout value is not 0..5
    BadNumber,         // a land hex's numberLayout value is not -1..9 (the hex is left out)
    DesertToken,       // a token on the desert, or none elsewhere (the hex is kept)
    NotWaterOrHarbor,  // a water hex's value is neither water nor a harbor
    HarborFacesAway,   // a harbor faces no coastal edge
  };
  Kind kind;
  size_t index;  // 0-based, in kNumToHexId order
  int hex;       // its JSettlers hex coordinate
  long value;    // the hexLayout value (the numberLayout value for the two number kinds)
};
struct DecodedLayout {
  core::BoardSpec board;  // without the robber
  std::vector<LayoutIssue> issues;
};
// `hexes` and `numbers` hold 37 values each.
DecodedLayout decode_board_layout(const std::vector<long>& hexes, const std::vector<long>& numbers);

// JSettlers' resource numbers (SOCResourceConstants, 1.x and 2.x alike): 1 clay, 2 ore,
// 3 sheep, 4 wheat, 5 wood; nullopt for anything else (6 is "unknown").
inline std::optional<core::Resource> resource_of(long n) {
  switch (n) {
    case 1:
      return core::Resource::Brick;
    case 2:
      return core::Resource::Ore;
    case 3:
      return core::Resource::Wool;
    case 4:
      return core::Resource::Grain;
    case 5:
      return core::Resource::Lumber;
    default:
      return std::nullopt;
  }
}

}  // namespace catan::importers::jsettlers
