// JSettlers2's coordinates of its two boards without the sea (SOCBoard javadoc): the classic
// board ("v1" encoding, 19 land hexes) and the 6-player board (SOCBoard6p, "v2", the 30 land
// hexes of the five-six island in JSettlers2's internal orientation; its client turns it 90
// degrees for display). Both use one grid: a hex is two hex digits on diagonal axes with the
// centre 0x77: east is +0x22, south-east +0x20, so [q, r] is 0x77 + 0x22 q + 0x20 r. A node
// is its hex plus N +0x01, NE +0x12, SE +0x21, S +0x10, SW -0x01, NW -0x10; an edge is named
// after its upper (or, for a vertical edge, its lower-left) node. docs/IMPORT-JSETTLERS.md
// has the tables.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "core/board.hpp"
#include "core/geometry.hpp"
#include "core/resources.hpp"
#include "core/topology.hpp"

namespace catan::importers::jsettlers {

// Any hex of the board's 7x7 diamond (the island and its ring of water and harbors);
// nullopt for a value that is not a hex coordinate of the v1 encoding.
std::optional<core::Axial> hex_axial(int coord);
int hex_coord(core::Axial a);

// The nodes and edges of one board, named on its island (core::Topology).
class BoardCoords {
 public:
  explicit BoardCoords(const core::Topology& island);
  const core::Topology& island() const { return *island_; }
  // A node (settlement place) or edge (road place) of the island; kNone when the value
  // names no place on the island.
  core::CornerId node_corner(int node) const;
  core::EdgeId edge_edge(int edge) const;
  int corner_node(core::CornerId c) const { return corner_to_node_.at(c); }
  int edge_coord(core::EdgeId e) const { return edge_to_coord_.at(e); }

  static const BoardCoords& classic();     // the base island
  static const BoardCoords& six_player();  // the five-six island

 private:
  const core::Topology* island_;
  std::array<core::CornerId, 256> node_to_corner_{};
  std::array<core::EdgeId, 256> edge_to_edge_{};
  std::array<int, core::kMaxPlaces> corner_to_node_{};
  std::array<int, core::kMaxPlaces> edge_to_coord_{};
};

// The classic board's nodes and edges (BoardCoords::classic()).
inline core::CornerId node_corner(int node) { return BoardCoords::classic().node_corner(node); }
inline core::EdgeId edge_edge(int edge) { return BoardCoords::classic().edge_edge(edge); }
inline int corner_node(core::CornerId c) { return BoardCoords::classic().corner_node(c); }
inline int edge_coord(core::EdgeId e) { return BoardCoords::classic().edge_coord(e); }

// The two nodes of an edge coordinate, as JSettlers computes them (getAdjacentNodesToEdge).
std::array<int, 2> edge_nodes(int edge);

// The 37 hexes of SOCBoardLayout's hexLayout, in its order (numToHexID).
extern const std::array<int, 37> kNumToHexId;

// SOCBoard6p's 30 land hexes (HEXCOORDS_LAND_V2) and its 11 harbor sites, each an edge of
// the island and the facing from the harbor towards the land (PORTS_EDGE_V2,
// PORTS_FACING_V2), in the order of a layout's port types (`PL`).
extern const std::array<int, 30> kLandHexesV2;
extern const std::array<int, 11> kPortEdgesV2;
extern const std::array<int, 11> kPortFacingV2;

// A board layout (SOCBoardLayout, or SOCBoardLayout2 with encoding 1 or 2) as a board:
// hexLayout in kNumToHexId order (land 0 desert, 1..5 clay, ore, sheep, wheat, wood;
// water 6; on the classic board harbors 7..12: 3:1 facing v - 6, else facing << 4 |
// resource), numberLayout (tokens), and on the 6-player board the 11 port types (0 3:1,
// 1..5 a resource), and each value that is none of them. The robber is the caller's.
struct LayoutIssue {
  enum class Kind {
    NotLand,           // a land hex's hexLayout value is not 0..5
    BadNumber,         // a land hex's number is not a token (the hex is left out)
    DesertToken,       // a token on the desert, or none elsewhere (the hex is kept)
    NotWaterOrHarbor,  // a water hex's value is neither water nor (classic board) a harbor
    HarborFacesAway,   // a harbor faces no coastal edge
    BadPortType,       // a 6-player port type is not 0..5 (`index` is the port's)
  };
  Kind kind;
  size_t index;  // 0-based, in kNumToHexId order (for BadPortType, in kPortEdgesV2 order)
  int hex;       // its JSettlers hex coordinate (for BadPortType, the port's edge)
  long value;    // the hexLayout value (the number, or the port type, for those kinds)
};
struct DecodedLayout {
  core::BoardSpec board;  // without the robber
  std::vector<LayoutIssue> issues;
};
// How numberLayout writes a token: SOCBoardLayout as an index 0..9 (2, 3, 4, 5, 6, 8, 9,
// 10, 11, 12), SOCBoardLayout2 as the dice number itself; -1 (and in SOCBoardLayout2 0) is
// none.
enum class NumberForm { Index, Dice };
// The classic board: `hexes` and `numbers` hold 37 values each.
DecodedLayout decode_board_layout(const std::vector<long>& hexes, const std::vector<long>& numbers,
                                  NumberForm form = NumberForm::Index);
// The 6-player board: 37 hexes and numbers (the 7 off the island water) and 11 port types.
DecodedLayout decode_board_layout_6p(const std::vector<long>& hexes,
                                     const std::vector<long>& numbers,
                                     const std::vector<long>& ports);

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
