// Board geometry of any island: pointy-top hexes in axial coordinates, and the names of
// their corners and edges. Every corner and edge has one canonical name; aliases resolve to
// it without knowing the island (core/topology.hpp knows which places are land).
// See man/catan-referee.1 ("COORDINATES") for the picture.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace catan::core {

// Ids of a topology's places, dense from 0 (core/topology.hpp).
using HexId = int8_t;     // -1 = not a land hex
using CornerId = int8_t;  // -1 = not on the island
using EdgeId = int8_t;    // -1 = not on the island
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

struct CornerName {
  Axial hex;
  CornerDir dir = CornerDir::N;  // N or S
  friend bool operator==(const CornerName&, const CornerName&) = default;
};
struct EdgeName {
  Axial hex;
  EdgeDir dir = EdgeDir::NE;  // NE, E or SE
  friend bool operator==(const EdgeName&, const EdgeName&) = default;
};
// The canonical name of a corner or edge named through any of its hexes.
CornerName canonical_corner(Axial h, CornerDir d);
EdgeName canonical_edge(Axial h, EdgeDir d);
// The two corners an edge joins, in the hex's own directions.
std::array<CornerDir, 2> edge_ends(EdgeDir d);

// Text forms used in diagnostics: "[0, -2]", "[1, 0, N]", "[2, -1, E]".
std::string hex_text(Axial h);
std::string corner_text(Axial h, CornerDir d);
std::string edge_text(Axial h, EdgeDir d);

Axial neighbour(Axial h, EdgeDir d);

}  // namespace catan::core
