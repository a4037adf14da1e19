#include "core/geometry.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace catan::core {
namespace {

constexpr std::array<std::string_view, 6> kCornerDirNames{"N", "NE", "SE", "S", "SW", "NW"};
constexpr std::array<std::string_view, 6> kEdgeDirNames{"NE", "E", "SE", "SW", "W", "NW"};

// Canonical key of a corner: the N or S corner of some (possibly sea) hex.
struct CornerKey {
  Axial hex;
  bool south;
  friend bool operator==(const CornerKey&, const CornerKey&) = default;
};
struct EdgeKey {
  Axial hex;
  EdgeDir dir;  // NE, E, SE
  friend bool operator==(const EdgeKey&, const EdgeKey&) = default;
};

CornerKey canonical(Axial h, CornerDir d) {
  switch (d) {
    case CornerDir::N:
      return {h, false};
    case CornerDir::S:
      return {h, true};
    case CornerDir::NE:
      return {{h.q + 1, h.r - 1}, true};
    case CornerDir::SE:
      return {{h.q, h.r + 1}, false};
    case CornerDir::SW:
      return {{h.q - 1, h.r + 1}, false};
    case CornerDir::NW:
      return {{h.q, h.r - 1}, true};
  }
  return {h, false};
}

EdgeKey canonical(Axial h, EdgeDir d) {
  switch (d) {
    case EdgeDir::NE:
    case EdgeDir::E:
    case EdgeDir::SE:
      return {h, d};
    case EdgeDir::W:
      return {{h.q - 1, h.r}, EdgeDir::E};
    case EdgeDir::NW:
      return {{h.q, h.r - 1}, EdgeDir::SE};
    case EdgeDir::SW:
      return {{h.q - 1, h.r + 1}, EdgeDir::NE};
  }
  return {h, d};
}

// The two corners an edge joins, in hex-local directions.
std::array<CornerDir, 2> edge_ends(EdgeDir d) {
  switch (d) {
    case EdgeDir::NE:
      return {CornerDir::N, CornerDir::NE};
    case EdgeDir::E:
      return {CornerDir::NE, CornerDir::SE};
    case EdgeDir::SE:
      return {CornerDir::SE, CornerDir::S};
    case EdgeDir::SW:
      return {CornerDir::S, CornerDir::SW};
    case EdgeDir::W:
      return {CornerDir::SW, CornerDir::NW};
    case EdgeDir::NW:
      return {CornerDir::NW, CornerDir::N};
  }
  return {CornerDir::N, CornerDir::N};
}

struct Tables {
  std::array<Axial, kHexCount> hexes{};
  std::vector<CornerKey> corners;
  std::vector<EdgeKey> edges;
  std::array<std::array<CornerId, 3>, kCornerCount> corner_nb{};
  std::array<uint8_t, kCornerCount> corner_nb_n{};
  std::array<std::array<EdgeId, 3>, kCornerCount> corner_ed{};
  std::array<uint8_t, kCornerCount> corner_ed_n{};
  std::array<std::array<HexId, 3>, kCornerCount> corner_hx{};
  std::array<uint8_t, kCornerCount> corner_hx_n{};
  std::array<std::array<CornerId, 2>, kEdgeCount> edge_cn{};
  std::array<std::array<HexId, 2>, kEdgeCount> edge_hx{};
  std::array<uint8_t, kEdgeCount> edge_hx_n{};
  std::array<std::array<CornerId, 6>, kHexCount> hex_cn{};

  Tables() {
    int n = 0;
    for (int r = -2; r <= 2; ++r)
      for (int q = -2; q <= 2; ++q)
        if (on_island({q, r})) hexes[n++] = {q, r};
    // Corners and edges: those of land hexes, in reading order (row, then column).
    for (const Axial& h : hexes) {
      for (int d = 0; d < 6; ++d) {
        CornerKey k = canonical(h, static_cast<CornerDir>(d));
        if (std::find(corners.begin(), corners.end(), k) == corners.end()) corners.push_back(k);
        EdgeKey e = canonical(h, static_cast<EdgeDir>(d));
        if (std::find(edges.begin(), edges.end(), e) == edges.end()) edges.push_back(e);
      }
    }
    // Ids in reading order: top to bottom, then left to right.
    auto y = [](const CornerKey& k) { return 3 * k.hex.r + (k.south ? 2 : -2); };
    std::sort(corners.begin(), corners.end(), [&](const CornerKey& a, const CornerKey& b) {
      if (y(a) != y(b)) return y(a) < y(b);
      return 2 * a.hex.q + a.hex.r < 2 * b.hex.q + b.hex.r;
    });
    std::sort(edges.begin(), edges.end(), [](const EdgeKey& a, const EdgeKey& b) {
      if (a.hex.r != b.hex.r) return a.hex.r < b.hex.r;
      if (a.hex.q != b.hex.q) return a.hex.q < b.hex.q;
      return a.dir < b.dir;
    });
    // Lookups on the tables under construction (tables() is not usable yet).
    auto cid = [&](Axial h, CornerDir d) {
      auto it = std::find(corners.begin(), corners.end(), canonical(h, d));
      return static_cast<CornerId>(it - corners.begin());
    };
    auto hid = [&](Axial h) -> HexId {
      for (int i = 0; i < kHexCount; ++i)
        if (hexes[i] == h) return static_cast<HexId>(i);
      return kNone;
    };
    for (int h = 0; h < kHexCount; ++h)
      for (int d = 0; d < 6; ++d) hex_cn[h][d] = cid(hexes[h], static_cast<CornerDir>(d));
    for (int e = 0; e < kEdgeCount; ++e) {
      const EdgeKey& k = edges[e];
      auto ends = edge_ends(k.dir);
      edge_cn[e] = {cid(k.hex, ends[0]), cid(k.hex, ends[1])};
      for (int i = 0; i < 2; ++i) {
        CornerId c = edge_cn[e][i];
        corner_ed[c][corner_ed_n[c]++] = static_cast<EdgeId>(e);
        corner_nb[c][corner_nb_n[c]++] = edge_cn[e][1 - i];
      }
      for (Axial side : {k.hex, neighbour(k.hex, k.dir)}) {
        HexId id = hid(side);
        if (id != kNone) edge_hx[e][edge_hx_n[e]++] = id;
      }
    }
    for (int h = 0; h < kHexCount; ++h)
      for (CornerId c : hex_cn[h]) corner_hx[c][corner_hx_n[c]++] = static_cast<HexId>(h);
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace

std::string_view to_string(CornerDir d) { return kCornerDirNames[static_cast<int>(d)]; }
std::string_view to_string(EdgeDir d) { return kEdgeDirNames[static_cast<int>(d)]; }

std::optional<CornerDir> parse_corner_dir(std::string_view s) {
  for (int i = 0; i < 6; ++i)
    if (kCornerDirNames[i] == s) return static_cast<CornerDir>(i);
  return std::nullopt;
}
std::optional<EdgeDir> parse_edge_dir(std::string_view s) {
  for (int i = 0; i < 6; ++i)
    if (kEdgeDirNames[i] == s) return static_cast<EdgeDir>(i);
  return std::nullopt;
}

bool on_island(Axial h) {
  if (h.q < -2 || h.q > 2 || h.r < -2 || h.r > 2) return false;  // no overflow below
  return std::abs(h.q + h.r) <= 2;
}

HexId hex_id(Axial h) {
  if (!on_island(h)) return kNone;
  const auto& hx = tables().hexes;
  for (int i = 0; i < kHexCount; ++i)
    if (hx[i] == h) return static_cast<HexId>(i);
  return kNone;
}

Axial hex_at(HexId id) { return tables().hexes.at(static_cast<size_t>(id)); }

CornerId corner_id(Axial h, CornerDir d) {
  // Guard against huge coordinates before any arithmetic on them.
  if (h.q < -8 || h.q > 8 || h.r < -8 || h.r > 8) return kNone;
  CornerKey k = canonical(h, d);
  const auto& cs = tables().corners;
  auto it = std::find(cs.begin(), cs.end(), k);
  return it == cs.end() ? kNone : static_cast<CornerId>(it - cs.begin());
}

EdgeId edge_id(Axial h, EdgeDir d) {
  if (h.q < -8 || h.q > 8 || h.r < -8 || h.r > 8) return kNone;
  EdgeKey k = canonical(h, d);
  const auto& es = tables().edges;
  auto it = std::find(es.begin(), es.end(), k);
  return it == es.end() ? kNone : static_cast<EdgeId>(it - es.begin());
}

CornerName corner_name(CornerId id) {
  const CornerKey& k = tables().corners.at(static_cast<size_t>(id));
  return {k.hex, k.south ? CornerDir::S : CornerDir::N};
}
EdgeName edge_name(EdgeId id) {
  const EdgeKey& k = tables().edges.at(static_cast<size_t>(id));
  return {k.hex, k.dir};
}

std::string hex_text(Axial h) {
  return "[" + std::to_string(h.q) + ", " + std::to_string(h.r) + "]";
}
std::string corner_text(Axial h, CornerDir d) {
  return "[" + std::to_string(h.q) + ", " + std::to_string(h.r) + ", " + std::string(to_string(d)) +
         "]";
}
std::string edge_text(Axial h, EdgeDir d) {
  return "[" + std::to_string(h.q) + ", " + std::to_string(h.r) + ", " + std::string(to_string(d)) +
         "]";
}
std::string corner_text(CornerId id) {
  CornerName n = corner_name(id);
  return corner_text(n.hex, n.dir);
}
std::string edge_text(EdgeId id) {
  EdgeName n = edge_name(id);
  return edge_text(n.hex, n.dir);
}

std::span<const CornerId> corner_neighbours(CornerId c) {
  const auto& t = tables();
  return {t.corner_nb[c].data(), t.corner_nb_n[c]};
}
std::span<const EdgeId> corner_edges(CornerId c) {
  const auto& t = tables();
  return {t.corner_ed[c].data(), t.corner_ed_n[c]};
}
std::span<const HexId> corner_hexes(CornerId c) {
  const auto& t = tables();
  return {t.corner_hx[c].data(), t.corner_hx_n[c]};
}
std::array<CornerId, 2> edge_corners(EdgeId e) { return tables().edge_cn[e]; }
std::array<CornerId, 6> hex_corners(HexId h) { return tables().hex_cn[h]; }
std::span<const HexId> edge_hexes(EdgeId e) {
  const auto& t = tables();
  return {t.edge_hx[e].data(), t.edge_hx_n[e]};
}
bool is_coastal(EdgeId e) { return tables().edge_hx_n[e] == 1; }

Axial neighbour(Axial h, EdgeDir d) {
  switch (d) {
    case EdgeDir::NE:
      return {h.q + 1, h.r - 1};
    case EdgeDir::E:
      return {h.q + 1, h.r};
    case EdgeDir::SE:
      return {h.q, h.r + 1};
    case EdgeDir::SW:
      return {h.q - 1, h.r + 1};
    case EdgeDir::W:
      return {h.q - 1, h.r};
    case EdgeDir::NW:
      return {h.q, h.r - 1};
  }
  return h;
}

}  // namespace catan::core
