// rosshamish's hexgrid numbering (hexgrid.py, the JSettlers2 coordinate system of R. S.
// Thomas's dissertation, appendix A) as catanlog's .catan transcripts use it, and its
// catan-log/1 equivalents. See docs/IMPORT-CATANLOGS.md.
//
// A tile id 1..19 names a hex code 0xHL (hexgrid's _tile_id_to_coord); the centre is 0x77,
// E is +0x22, SE +0x20, NE +0x02, so the code is 0x77 + 0x22 q + 0x20 r: q = (L - 7) / 2,
// r = (H - L) / 2. hexgrid's direction names (nodes N NE SE S SW NW, edges NE E SE SW W NW)
// are the corners and sides of a pointy-top hex, the same as catan-log/1's.
#pragma once

#include <array>
#include <optional>
#include <utility>

#include "core/geometry.hpp"

namespace catan::importers::hexgrid {

// Tile id (index + 1) -> hexgrid tile code.
inline constexpr std::array<int, 19> kTileCodes{0x37, 0x35, 0x33, 0x53, 0x73, 0x95, 0xB7,
                                                0xB9, 0xBB, 0x9B, 0x7B, 0x59, 0x57, 0x55,
                                                0x75, 0x97, 0x99, 0x79, 0x77};

// hexgrid's offsets from a tile code to its node and edge codes (_tile_node_offsets,
// _tile_edge_offsets), by catan-log/1 direction. Node and edge codes share one space.
inline constexpr std::array<std::pair<core::CornerDir, int>, 6> kNodeOffsets{
    {{core::CornerDir::N, +0x01},
     {core::CornerDir::NE, +0x12},
     {core::CornerDir::SE, +0x21},
     {core::CornerDir::S, +0x10},
     {core::CornerDir::SW, -0x01},
     {core::CornerDir::NW, -0x10}}};
inline constexpr std::array<std::pair<core::EdgeDir, int>, 6> kEdgeOffsets{
    {{core::EdgeDir::NE, +0x01},
     {core::EdgeDir::E, +0x11},
     {core::EdgeDir::SE, +0x10},
     {core::EdgeDir::SW, -0x01},
     {core::EdgeDir::W, -0x11},
     {core::EdgeDir::NW, -0x10}}};

inline core::Axial axial_of_code(int code) {
  const int high = code >> 4, low = code & 0xF;
  return {(low - 7) / 2, (high - low) / 2};
}

// The hex of tile id 1..19 (the base board's tiles); nullopt for any other id.
inline std::optional<core::Axial> tile_hex(int id) {
  if (id < 1 || id > static_cast<int>(kTileCodes.size())) return std::nullopt;
  return axial_of_code(kTileCodes[static_cast<size_t>(id - 1)]);
}

}  // namespace catan::importers::hexgrid
