#include "diag/svg_geometry.hpp"

#include <cmath>

namespace catan::diag::svg {
namespace {

const double kHalfWidth = kHexRadius * std::sqrt(3.0) / 2;  // centre to a flat side

// Offsets of the six corners from the centre, clockwise from the top (CornerDir order).
Point corner_offset(core::CornerDir d) {
  switch (d) {
    case core::CornerDir::N:
      return {0, -kHexRadius};
    case core::CornerDir::NE:
      return {kHalfWidth, -kHexRadius / 2};
    case core::CornerDir::SE:
      return {kHalfWidth, kHexRadius / 2};
    case core::CornerDir::S:
      return {0, kHexRadius};
    case core::CornerDir::SW:
      return {-kHalfWidth, kHexRadius / 2};
    case core::CornerDir::NW:
      return {-kHalfWidth, -kHexRadius / 2};
  }
  return {};
}

// The corners an edge joins, clockwise (EdgeDir NE joins N and NE, ...).
std::array<core::CornerDir, 2> ends(core::EdgeDir d) {
  const int i = static_cast<int>(d);  // NE=0 .. NW=5; corner N=0 .. NW=5
  return {static_cast<core::CornerDir>(i), static_cast<core::CornerDir>((i + 1) % 6)};
}

}  // namespace

Point hex_centre(core::Axial h) {
  return {2 * kHalfWidth * (h.q + h.r / 2.0), 1.5 * kHexRadius * h.r};
}

Point corner_point(core::Axial h, core::CornerDir d) {
  const Point c = hex_centre(h), o = corner_offset(d);
  return {c.x + o.x, c.y + o.y};
}

Point corner_point(const core::Topology& island, core::CornerId c) {
  const core::CornerName n = island.corner_name(c);
  return corner_point(n.hex, n.dir);
}

std::array<Point, 2> edge_points(core::Axial h, core::EdgeDir d) {
  const auto e = ends(d);
  return {corner_point(h, e[0]), corner_point(h, e[1])};
}

std::array<Point, 2> edge_points(const core::Topology& island, core::EdgeId e) {
  const auto c = island.edge_corners(e);
  return {corner_point(island, c[0]), corner_point(island, c[1])};
}

Point midpoint(const std::array<Point, 2>& e) {
  return {(e[0].x + e[1].x) / 2, (e[0].y + e[1].y) / 2};
}

}  // namespace catan::diag::svg
