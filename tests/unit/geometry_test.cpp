// The island graph of both editions, built from their hex lists (core/topology.hpp): the
// counts RULES.md and RULES-5-6.md X.0.7 state, aliases, round trips and adjacency.
#include <catch2/catch.hpp>
#include <set>

#include "core/edition.hpp"
#include "core/topology.hpp"

using namespace catan::core;

namespace {

struct Counts {
  int hexes, corners, edges, coastal;
  std::array<int, 3> corners_touching;  // corners on 1, 2 and 3 land hexes
};

void check_counts(const Topology& t, const Counts& want) {
  int hexes = 0;
  std::set<int> corners, edges;
  for (int q = -6; q <= 6; ++q)
    for (int r = -6; r <= 6; ++r) {
      hexes += t.hex_id({q, r}) != kNone;
      for (int d = 0; d < 6; ++d) {
        if (CornerId c = t.corner_id({q, r}, static_cast<CornerDir>(d)); c != kNone)
          corners.insert(c);
        if (EdgeId e = t.edge_id({q, r}, static_cast<EdgeDir>(d)); e != kNone) edges.insert(e);
      }
    }
  CHECK(hexes == want.hexes);
  CHECK(t.hex_count() == want.hexes);
  CHECK(static_cast<int>(corners.size()) == want.corners);
  CHECK(t.corner_count() == want.corners);
  CHECK(static_cast<int>(edges.size()) == want.edges);
  CHECK(t.edge_count() == want.edges);
  int coastal = 0;
  for (EdgeId e = 0; e < t.edge_count(); ++e) coastal += t.is_coastal(e);
  CHECK(coastal == want.coastal);
  std::array<int, 3> touching{};
  for (CornerId c = 0; c < t.corner_count(); ++c) ++touching[t.corner_hexes(c).size() - 1];
  CHECK(touching == want.corners_touching);
}

void check_aliases(const Topology& t) {
  for (HexId h = 0; h < t.hex_count(); ++h) {
    Axial a = t.hex_at(h);
    CAPTURE(a.q, a.r);
    CHECK(t.corner_id(a, CornerDir::NE) == t.corner_id({a.q + 1, a.r - 1}, CornerDir::S));
    CHECK(t.corner_id(a, CornerDir::SE) == t.corner_id({a.q, a.r + 1}, CornerDir::N));
    CHECK(t.corner_id(a, CornerDir::SW) == t.corner_id({a.q - 1, a.r + 1}, CornerDir::N));
    CHECK(t.corner_id(a, CornerDir::NW) == t.corner_id({a.q, a.r - 1}, CornerDir::S));
    CHECK(t.edge_id(a, EdgeDir::W) == t.edge_id({a.q - 1, a.r}, EdgeDir::E));
    CHECK(t.edge_id(a, EdgeDir::NW) == t.edge_id({a.q, a.r - 1}, EdgeDir::SE));
    CHECK(t.edge_id(a, EdgeDir::SW) == t.edge_id({a.q - 1, a.r + 1}, EdgeDir::NE));
    for (CornerId c : t.hex_corners(h)) CHECK(c != kNone);
  }
}

void check_round_trips(const Topology& t) {
  for (CornerId c = 0; c < t.corner_count(); ++c) {
    CornerName n = t.corner_name(c);
    CHECK((n.dir == CornerDir::N || n.dir == CornerDir::S));
    CHECK(t.corner_id(n.hex, n.dir) == c);
    CHECK(canonical_corner(n.hex, n.dir) == n);
  }
  for (EdgeId e = 0; e < t.edge_count(); ++e) {
    EdgeName n = t.edge_name(e);
    CHECK((n.dir == EdgeDir::NE || n.dir == EdgeDir::E || n.dir == EdgeDir::SE));
    CHECK(t.edge_id(n.hex, n.dir) == e);
    CHECK(canonical_edge(n.hex, n.dir) == n);
  }
  for (HexId h = 0; h < t.hex_count(); ++h) CHECK(t.hex_id(t.hex_at(h)) == h);
}

void check_adjacency(const Topology& t) {
  for (CornerId c = 0; c < t.corner_count(); ++c) {
    CAPTURE(t.corner_text(c));
    auto hexes = t.corner_hexes(c);
    CHECK(hexes.size() >= 1);
    CHECK(hexes.size() <= 3);
    auto nbs = t.corner_neighbours(c);
    CHECK(nbs.size() >= 2);
    CHECK(nbs.size() <= 3);
    CHECK(t.corner_edges(c).size() == nbs.size());
    for (CornerId n : nbs) {
      auto back = t.corner_neighbours(n);
      CHECK(std::find(back.begin(), back.end(), c) != back.end());
    }
  }
  for (EdgeId e = 0; e < t.edge_count(); ++e) {
    auto ends = t.edge_corners(e);
    CHECK(ends[0] != ends[1]);
    auto nb = t.corner_neighbours(ends[0]);
    CHECK(std::find(nb.begin(), nb.end(), ends[1]) != nb.end());
    CHECK(t.edge_hexes(e).size() == (t.is_coastal(e) ? 1u : 2u));
  }
  // Hex corners in order N, NE, SE, S, SW, NW are pairwise adjacent around the ring.
  for (HexId h = 0; h < t.hex_count(); ++h) {
    auto cs = t.hex_corners(h);
    for (int i = 0; i < 6; ++i) {
      auto nb = t.corner_neighbours(cs[i]);
      CHECK(std::find(nb.begin(), nb.end(), cs[(i + 1) % 6]) != nb.end());
    }
  }
}

// Ids in reading order: each corner's row (its y) and then column never go back.
void check_reading_order(const Topology& t) {
  auto y = [](const CornerName& k) { return 3 * k.hex.r + (k.dir == CornerDir::S ? 2 : -2); };
  for (CornerId c = 1; c < t.corner_count(); ++c) {
    const CornerName a = t.corner_name(static_cast<CornerId>(c - 1)), b = t.corner_name(c);
    CHECK((y(a) < y(b) || (y(a) == y(b) && 2 * a.hex.q + a.hex.r < 2 * b.hex.q + b.hex.r)));
  }
}

}  // namespace

TEST_CASE("geometry: the base island (RULES.md COMP-01, COMP-09)", "[geometry]") {
  const Topology& t = Edition::base().island;
  check_counts(t, {19, 54, 72, 30, {18, 12, 24}});
  check_aliases(t);
  check_round_trips(t);
  check_adjacency(t);
  check_reading_order(t);
  CHECK(t.corner_text(t.corner_id({0, 0}, CornerDir::NE)) == "[1, -1, S]");
  CHECK(t.edge_text(t.edge_id({0, 0}, EdgeDir::W)) == "[-1, 0, E]");
  // The ids the checker has always used: the first and last of each kind.
  CHECK(t.hex_at(0) == Axial{0, -2});
  CHECK(t.hex_at(18) == Axial{0, 2});
  CHECK(t.corner_name(0) == CornerName{{0, -2}, CornerDir::N});
  CHECK(t.corner_name(53) == CornerName{{0, 2}, CornerDir::S});
  CHECK(t.edge_name(0) == EdgeName{{0, -3}, EdgeDir::SE});
}

TEST_CASE("geometry: the five-six island (RULES-5-6.md X.0.7, X56-COMP-07)", "[geometry]") {
  const Topology& t = Edition::five_six().island;
  // 80 intersections, 22/16/42 touching one/two/three land hexes; 109 paths, 38 coastal.
  check_counts(t, {30, 80, 109, 38, {22, 16, 42}});
  check_aliases(t);
  check_round_trips(t);
  check_adjacency(t);
  check_reading_order(t);
  // Rows of 3, 4, 5, 6, 5, 4, 3 from r = -3 to 3; every base hex keeps its name.
  std::array<int, 7> rows{};
  for (Axial a : t.hexes()) ++rows[a.r + 3];
  CHECK(rows == std::array<int, 7>{3, 4, 5, 6, 5, 4, 3});
  for (Axial a : Edition::base().island.hexes()) CHECK(t.contains(a));
  // X56-COMP-07's examples: [-3, 0, N] is on this island, [3, -1, N] touches no land.
  CHECK(t.corner_id({-3, 0}, CornerDir::N) != kNone);
  CHECK(Edition::base().island.corner_id({-3, 0}, CornerDir::N) == kNone);
  CHECK(t.corner_id({3, -1}, CornerDir::N) == kNone);
  // 22 sea hexes touch the coast.
  std::set<std::pair<int, int>> sea;
  for (EdgeId e = 0; e < t.edge_count(); ++e)
    if (t.is_coastal(e)) {
      const EdgeName n = t.edge_name(e);
      for (Axial side : {n.hex, neighbour(n.hex, n.dir)})
        if (!t.contains(side)) sea.insert({side.q, side.r});
    }
  CHECK(sea.size() == 22);
}

TEST_CASE("geometry: a topology is built from any hex list, and refuses bad ones", "[geometry]") {
  const std::vector<Axial> one{{5, 5}};
  const Topology single(one);
  CHECK(single.hex_count() == 1);
  CHECK(single.corner_count() == 6);
  CHECK(single.edge_count() == 6);
  for (EdgeId e = 0; e < 6; ++e) CHECK(single.is_coastal(e));
  CHECK_THROWS_AS(Topology(std::vector<Axial>{}), std::invalid_argument);
  CHECK_THROWS_AS(Topology(std::vector<Axial>{{0, 0}, {0, 0}}), std::invalid_argument);
  CHECK_THROWS_AS(Topology(std::vector<Axial>{{1 << 28, 0}}), std::invalid_argument);
  std::vector<Axial> big;  // more places than int8_t ids
  for (int q = 0; q < 12; ++q)
    for (int r = 0; r < 12; ++r) big.push_back({q, r});
  CHECK_THROWS_AS(Topology(big), std::invalid_argument);
}

TEST_CASE("geometry: off-island names and huge coordinates are rejected", "[geometry]") {
  for (const Edition* e : {&Edition::base(), &Edition::five_six()}) {
    const Topology& t = e->island;
    CHECK(t.hex_id({3, 0}) == kNone);
    CHECK(t.corner_id({5, 5}, CornerDir::N) == kNone);
    CHECK(t.corner_id({2147483647, -2147483647 - 1}, CornerDir::NE) == kNone);
    CHECK(t.edge_id({-2147483647 - 1, 0}, EdgeDir::W) == kNone);
    CHECK(t.edge_id({2147483647, 2147483647}, EdgeDir::SE) == kNone);
    // A corner may be named through a sea hex.
    const CornerId through_sea = t.corner_id({0, -4}, CornerDir::S);  // [0, -3, NW]
    if (e == &Edition::base())
      CHECK(through_sea == kNone);
    else
      CHECK((through_sea != kNone && through_sea == t.corner_id({0, -3}, CornerDir::NW)));
    CHECK(t.edge_id({3, -2}, EdgeDir::SW) != kNone);
  }
  CHECK(Edition::base().island.corner_id({0, -3}, CornerDir::S) != kNone);
}

TEST_CASE("geometry: the editions' facts (RULES-5-6.md X.0.6)", "[geometry][edition]") {
  const Edition& b = Edition::base();
  const Edition& x = Edition::five_six();
  CHECK(b.hex_count() == 19);
  CHECK(x.hex_count() == 30);
  CHECK(b.harbor_count() == 9);
  CHECK(x.harbor_count() == 11);
  CHECK(b.deck_size() == 25);
  CHECK(x.deck_size() == 34);
  CHECK(b.cards_per_resource == 19);
  CHECK(x.cards_per_resource == 24);
  CHECK(b.desert_count() == 1);
  CHECK(x.desert_count() == 2);
  for (const Edition* e : {&b, &x}) {
    CAPTURE(e->key);
    int terrain = 0, tokens = 0;
    for (int n : e->terrain) terrain += n;
    for (int n : e->tokens) tokens += n;
    CHECK(terrain == e->hex_count());
    CHECK(tokens == e->hex_count() - e->desert_count());
    CHECK(static_cast<int>(e->spiral_tokens.size()) == tokens);
    std::array<int, 13> spiral{};
    for (int n : e->spiral_tokens) ++spiral[n];
    CHECK(spiral == e->tokens);  // the letters carry exactly the token set
    CHECK(e->spiral_paths.size() == 6);
    for (const auto& path : e->spiral_paths) {  // each path visits every hex once
      std::set<std::pair<int, int>> seen;
      for (Axial a : path) {
        CHECK(e->island.contains(a));
        seen.insert({a.q, a.r});
      }
      CHECK(static_cast<int>(path.size()) == e->hex_count());
      CHECK(static_cast<int>(seen.size()) == e->hex_count());
      // Consecutive hexes of a path are neighbours, except where a ring ends.
      int jumps = 0;
      for (size_t i = 1; i < path.size(); ++i) {
        bool adjacent = false;
        for (int d = 0; d < 6; ++d)
          adjacent = adjacent || neighbour(path[i - 1], static_cast<EdgeDir>(d)) == path[i];
        jumps += !adjacent;
      }
      CHECK(jumps <= 2);
    }
    // The frame's harbor sites are distinct coastal paths, one per harbor.
    CHECK(static_cast<int>(e->harbor_sites.size()) == e->harbor_count());
    std::set<int> sites;
    for (auto [at, dir] : e->harbor_sites) {
      const EdgeId id = e->island.edge_id(at, dir);
      REQUIRE(id != kNone);
      CHECK(e->island.is_coastal(id));
      sites.insert(id);
    }
    CHECK(static_cast<int>(sites.size()) == e->harbor_count());
  }
  CHECK(Edition::with_island(b.island.hexes()) == &b);
  CHECK(Edition::with_island(x.island.hexes()) == &x);
  std::vector<Axial> twice(b.island.hexes().begin(), b.island.hexes().end());
  twice.back() = twice.front();
  CHECK(Edition::with_island(twice) == nullptr);
}
