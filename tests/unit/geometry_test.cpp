#include "core/geometry.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace catan::core;

TEST_CASE("geometry: exact counts of the base island", "[geometry]") {
  int hexes = 0;
  for (int q = -4; q <= 4; ++q)
    for (int r = -4; r <= 4; ++r) hexes += hex_id({q, r}) != kNone;
  CHECK(hexes == kHexCount);
  std::set<int> corners, edges;
  for (int q = -4; q <= 4; ++q)
    for (int r = -4; r <= 4; ++r)
      for (int d = 0; d < 6; ++d) {
        if (CornerId c = corner_id({q, r}, static_cast<CornerDir>(d)); c != kNone)
          corners.insert(c);
        if (EdgeId e = edge_id({q, r}, static_cast<EdgeDir>(d)); e != kNone) edges.insert(e);
      }
  CHECK(corners.size() == 54);
  CHECK(edges.size() == 72);
  int coastal = 0;
  for (EdgeId e = 0; e < kEdgeCount; ++e) coastal += is_coastal(e);
  CHECK(coastal == 30);
}

TEST_CASE("geometry: every alias resolves to its canonical name", "[geometry]") {
  for (HexId h = 0; h < kHexCount; ++h) {
    Axial a = hex_at(h);
    CAPTURE(a.q, a.r);
    CHECK(corner_id(a, CornerDir::NE) == corner_id({a.q + 1, a.r - 1}, CornerDir::S));
    CHECK(corner_id(a, CornerDir::SE) == corner_id({a.q, a.r + 1}, CornerDir::N));
    CHECK(corner_id(a, CornerDir::SW) == corner_id({a.q - 1, a.r + 1}, CornerDir::N));
    CHECK(corner_id(a, CornerDir::NW) == corner_id({a.q, a.r - 1}, CornerDir::S));
    CHECK(edge_id(a, EdgeDir::W) == edge_id({a.q - 1, a.r}, EdgeDir::E));
    CHECK(edge_id(a, EdgeDir::NW) == edge_id({a.q, a.r - 1}, EdgeDir::SE));
    CHECK(edge_id(a, EdgeDir::SW) == edge_id({a.q - 1, a.r + 1}, EdgeDir::NE));
    for (CornerId c : hex_corners(h)) CHECK(c != kNone);
  }
}

TEST_CASE("geometry: canonical names round-trip", "[geometry]") {
  for (CornerId c = 0; c < kCornerCount; ++c) {
    CornerName n = corner_name(c);
    CHECK((n.dir == CornerDir::N || n.dir == CornerDir::S));
    CHECK(corner_id(n.hex, n.dir) == c);
  }
  for (EdgeId e = 0; e < kEdgeCount; ++e) {
    EdgeName n = edge_name(e);
    CHECK((n.dir == EdgeDir::NE || n.dir == EdgeDir::E || n.dir == EdgeDir::SE));
    CHECK(edge_id(n.hex, n.dir) == e);
  }
  for (HexId h = 0; h < kHexCount; ++h) CHECK(hex_id(hex_at(h)) == h);
  CHECK(corner_text(corner_id({0, 0}, CornerDir::NE)) == "[1, -1, S]");
  CHECK(edge_text(edge_id({0, 0}, EdgeDir::W)) == "[-1, 0, E]");
}

TEST_CASE("geometry: adjacency tables are consistent", "[geometry]") {
  for (CornerId c = 0; c < kCornerCount; ++c) {
    CAPTURE(corner_text(c));
    auto hexes = corner_hexes(c);
    CHECK(hexes.size() >= 1);
    CHECK(hexes.size() <= 3);
    auto nbs = corner_neighbours(c);
    CHECK(nbs.size() >= 2);
    CHECK(nbs.size() <= 3);
    CHECK(corner_edges(c).size() == nbs.size());
    for (CornerId n : nbs) {
      auto back = corner_neighbours(n);
      CHECK(std::find(back.begin(), back.end(), c) != back.end());
    }
  }
  for (EdgeId e = 0; e < kEdgeCount; ++e) {
    auto ends = edge_corners(e);
    CHECK(ends[0] != ends[1]);
    auto nb = corner_neighbours(ends[0]);
    CHECK(std::find(nb.begin(), nb.end(), ends[1]) != nb.end());
    CHECK(edge_hexes(e).size() == (is_coastal(e) ? 1u : 2u));
  }
  // Hex corners in order N, NE, SE, S, SW, NW are pairwise adjacent around the ring.
  for (HexId h = 0; h < kHexCount; ++h) {
    auto cs = hex_corners(h);
    for (int i = 0; i < 6; ++i) {
      auto nb = corner_neighbours(cs[i]);
      CHECK(std::find(nb.begin(), nb.end(), cs[(i + 1) % 6]) != nb.end());
    }
  }
}

TEST_CASE("geometry: off-island names and huge coordinates are rejected", "[geometry]") {
  CHECK(hex_id({3, 0}) == kNone);
  CHECK(corner_id({5, 5}, CornerDir::N) == kNone);
  CHECK(corner_id({2147483647, -2147483647 - 1}, CornerDir::NE) == kNone);
  CHECK(edge_id({-2147483647 - 1, 0}, EdgeDir::W) == kNone);
  // A corner may be named through a sea hex.
  CHECK(corner_id({0, -3}, CornerDir::S) != kNone);
  CHECK(edge_id({3, -2}, EdgeDir::SW) != kNone);
}
