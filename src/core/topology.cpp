#include "core/topology.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace catan::core {
namespace {

constexpr int kLimit = 1 << 20;  // coordinates of an island stay far from int's limits

}  // namespace

Topology::Topology(std::span<const Axial> land) : hexes_(land.begin(), land.end()) {
  if (hexes_.empty()) throw std::invalid_argument("an island needs at least one land hex");
  for (const Axial& h : hexes_)
    if (h.q < -kLimit || h.q > kLimit || h.r < -kLimit || h.r > kLimit)
      throw std::invalid_argument("a land hex is too far out: " + hex_text(h));
  // Hex ids in reading order: row by row, left to right.
  std::sort(hexes_.begin(), hexes_.end(),
            [](const Axial& a, const Axial& b) { return a.r != b.r ? a.r < b.r : a.q < b.q; });
  if (std::adjacent_find(hexes_.begin(), hexes_.end()) != hexes_.end())
    throw std::invalid_argument("a land hex is listed twice");

  int min_q = hexes_[0].q, max_q = min_q, min_r = hexes_[0].r, max_r = min_r;
  for (const Axial& h : hexes_) {
    min_q = std::min(min_q, h.q), max_q = std::max(max_q, h.q);
    min_r = std::min(min_r, h.r), max_r = std::max(max_r, h.r);
  }
  q0_ = min_q - 1, r0_ = min_r - 1;  // one ring of sea: canonical names may sit there
  width_ = max_q - min_q + 3, height_ = max_r - min_r + 3;
  grid_.assign(static_cast<size_t>(width_) * static_cast<size_t>(height_), Cell{});

  if (hexes_.size() >= static_cast<size_t>(kMaxPlaces))
    throw std::invalid_argument("an island of " + std::to_string(hexes_.size()) +
                                " hexes has more places than ids");
  for (const Axial& h : hexes_)
    for (int d = 0; d < 6; ++d) {
      corners_.push_back(canonical_corner(h, static_cast<CornerDir>(d)));
      edges_.push_back(canonical_edge(h, static_cast<EdgeDir>(d)));
    }
  // Corner and edge ids in reading order too: top to bottom, then left to right.
  auto y = [](const CornerName& k) { return 3 * k.hex.r + (k.dir == CornerDir::S ? 2 : -2); };
  std::sort(corners_.begin(), corners_.end(), [&](const CornerName& a, const CornerName& b) {
    if (y(a) != y(b)) return y(a) < y(b);
    return 2 * a.hex.q + a.hex.r < 2 * b.hex.q + b.hex.r;
  });
  std::sort(edges_.begin(), edges_.end(), [](const EdgeName& a, const EdgeName& b) {
    if (a.hex.r != b.hex.r) return a.hex.r < b.hex.r;
    if (a.hex.q != b.hex.q) return a.hex.q < b.hex.q;
    return a.dir < b.dir;
  });
  corners_.erase(std::unique(corners_.begin(), corners_.end()), corners_.end());
  edges_.erase(std::unique(edges_.begin(), edges_.end()), edges_.end());
  if (corners_.size() >= static_cast<size_t>(kMaxPlaces) ||
      edges_.size() >= static_cast<size_t>(kMaxPlaces))
    throw std::invalid_argument("an island of " + std::to_string(hexes_.size()) +
                                " hexes has more places than ids");
  for (size_t i = 0; i < hexes_.size(); ++i) cell(hexes_[i])->hex = static_cast<HexId>(i);
  for (size_t i = 0; i < corners_.size(); ++i)
    cell(corners_[i].hex)->corner[corners_[i].dir == CornerDir::S] = static_cast<CornerId>(i);
  for (size_t i = 0; i < edges_.size(); ++i)
    cell(edges_[i].hex)->edge[static_cast<size_t>(edges_[i].dir)] = static_cast<EdgeId>(i);

  const size_t nc = corners_.size(), ne = edges_.size(), nh = hexes_.size();
  corner_nb_.assign(nc, {kNone, kNone, kNone});
  corner_nb_n_.assign(nc, 0);
  corner_ed_.assign(nc, {kNone, kNone, kNone});
  corner_ed_n_.assign(nc, 0);
  corner_hx_.assign(nc, {kNone, kNone, kNone});
  corner_hx_n_.assign(nc, 0);
  edge_cn_.assign(ne, {kNone, kNone});
  edge_hx_.assign(ne, {kNone, kNone});
  edge_hx_n_.assign(ne, 0);
  hex_cn_.assign(nh, {});
  for (size_t h = 0; h < nh; ++h)
    for (int d = 0; d < 6; ++d) hex_cn_[h][d] = corner_id(hexes_[h], static_cast<CornerDir>(d));
  for (size_t e = 0; e < ne; ++e) {
    const EdgeName& k = edges_[e];
    const auto ends = edge_ends(k.dir);
    edge_cn_[e] = {corner_id(k.hex, ends[0]), corner_id(k.hex, ends[1])};
    for (int i = 0; i < 2; ++i) {
      const CornerId c = edge_cn_[e][i];
      corner_ed_[c][corner_ed_n_[c]++] = static_cast<EdgeId>(e);
      corner_nb_[c][corner_nb_n_[c]++] = edge_cn_[e][1 - i];
    }
    for (Axial side : {k.hex, neighbour(k.hex, k.dir)}) {
      const HexId id = hex_id(side);
      if (id != kNone) edge_hx_[e][edge_hx_n_[e]++] = id;
    }
  }
  for (size_t h = 0; h < nh; ++h)
    for (CornerId c : hex_cn_[h]) corner_hx_[c][corner_hx_n_[c]++] = static_cast<HexId>(h);
}

const Topology::Cell* Topology::cell(Axial h) const {
  // Compare before subtracting: written coordinates may be anywhere in int's range.
  if (h.q < q0_ || h.r < r0_ || h.q >= q0_ + width_ || h.r >= r0_ + height_) return nullptr;
  return &grid_[static_cast<size_t>(h.r - r0_) * static_cast<size_t>(width_) +
                static_cast<size_t>(h.q - q0_)];
}

HexId Topology::hex_id(Axial h) const {
  const Cell* c = cell(h);
  return c ? c->hex : kNone;
}

CornerId Topology::corner_id(Axial h, CornerDir d) const {
  const CornerName k = canonical_corner(h, d);
  const Cell* c = cell(k.hex);
  return c ? c->corner[k.dir == CornerDir::S] : kNone;
}

EdgeId Topology::edge_id(Axial h, EdgeDir d) const {
  const EdgeName k = canonical_edge(h, d);
  const Cell* c = cell(k.hex);
  return c ? c->edge[static_cast<size_t>(k.dir)] : kNone;
}

std::string Topology::corner_text(CornerId id) const {
  const CornerName n = corner_name(id);
  return core::corner_text(n.hex, n.dir);
}

std::string Topology::edge_text(EdgeId id) const {
  const EdgeName n = edge_name(id);
  return core::edge_text(n.hex, n.dir);
}

}  // namespace catan::core
