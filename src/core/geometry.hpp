// Board geometry of the base island: pointy-top hexes in axial coordinates.
// Every hex, corner and edge has one canonical name; aliases resolve to it.
// See docs in man/catan-referee.1 ("COORDINATES") for the picture.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace catan::core {

inline constexpr int kHexCount = 19;
inline constexpr int kCornerCount = 54;
inline constexpr int kEdgeCount = 72;

using HexId = int8_t;     // 0..18, -1 = not a land hex
using CornerId = int8_t;  // 0..53, -1 = not on the island
using EdgeId = int8_t;    // 0..71, -1 = not on the island
inline constexpr int8_t kNone = -1;

struct Axial {
  int q = 0;
  int r = 0;
  friend bool operator==(const Axial&, const Axial&) = default;
};

// Corner directions of a pointy-top hex, clockwise from the top.
enum class CornerDir : uint8_t { N, NE, SE, S, SW, NW };
// Edge directions, clockwise from the upper right.
enum class EdgeDir : uint8_t { NE, E, SE, SW, W, NW };

std::string_view to_string(CornerDir d);
std::string_view to_string(EdgeDir d);
std::optional<CornerDir> parse_corner_dir(std::string_view s);
std::optional<EdgeDir> parse_edge_dir(std::string_view s);

bool on_island(Axial h);  // max(|q|, |r|, |q+r|) <= 2

HexId hex_id(Axial h);  // kNone off the island
Axial hex_at(HexId id);
// Canonical corner/edge of a (possibly aliased) name; kNone when off the island.
CornerId corner_id(Axial h, CornerDir d);
EdgeId edge_id(Axial h, EdgeDir d);

struct CornerName {
  Axial hex;
  CornerDir dir;  // N or S
};
struct EdgeName {
  Axial hex;
  EdgeDir dir;  // NE, E or SE
};
CornerName corner_name(CornerId id);
EdgeName edge_name(EdgeId id);

// Text forms used in diagnostics: "[0, -2]", "[1, 0, N]", "[2, -1, E]".
std::string hex_text(Axial h);
std::string corner_text(CornerId id);
std::string edge_text(EdgeId id);
std::string corner_text(Axial h, CornerDir d);  // as written, for off-island names
std::string edge_text(Axial h, EdgeDir d);

// Adjacency. Spans hold only valid ids (sizes vary: coastal corners have 2 neighbours).
std::span<const CornerId> corner_neighbours(CornerId c);  // 2..3 corners
std::span<const EdgeId> corner_edges(CornerId c);         // 2..3 edges
std::span<const HexId> corner_hexes(CornerId c);          // 1..3 land hexes
std::array<CornerId, 2> edge_corners(EdgeId e);
std::array<CornerId, 6> hex_corners(HexId h);  // N, NE, SE, S, SW, NW
std::span<const HexId> edge_hexes(EdgeId e);   // 1..2 land hexes
bool is_coastal(EdgeId e);                     // borders exactly one land hex
Axial neighbour(Axial h, EdgeDir d);

}  // namespace catan::core
