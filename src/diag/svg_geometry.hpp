// Where the SVG picture puts the hexes, corners and edges of the island: pointy-top hexes
// of circumradius kHexRadius around the centre hex [0, 0] at the origin, x to the right,
// y down (SVG's user space). Works for off-island names too, so that a highlight can show
// a place that is not on the island.
#pragma once

#include <array>

#include "core/geometry.hpp"
#include "core/topology.hpp"

namespace catan::diag::svg {

inline constexpr double kHexRadius = 60.0;

struct Point {
  double x = 0;
  double y = 0;
};

Point hex_centre(core::Axial h);
Point corner_point(core::Axial h, core::CornerDir d);
Point corner_point(const core::Topology& island, core::CornerId c);
// The two ends of an edge, in the order of Topology::edge_corners (or of the hex-local
// directions for an off-island name).
std::array<Point, 2> edge_points(core::Axial h, core::EdgeDir d);
std::array<Point, 2> edge_points(const core::Topology& island, core::EdgeId e);
Point midpoint(const std::array<Point, 2>& ends);

}  // namespace catan::diag::svg
