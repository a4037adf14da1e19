// The island of one game as a graph: its land hexes, the corners and edges around them,
// which touch which, and the coast. Built from a list of land hexes (an edition's island,
// core/edition.hpp), never from a fixed table, so the base island and the five-six
// island are two values of one type. Ids are dense, in reading order: top to bottom, then
// left to right; on the base island they are the ids the checker has always used.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/geometry.hpp"

namespace catan::core {

// Ids are int8_t, so a topology holds at most this many hexes, corners and edges (the
// constructor refuses more). Per-place arrays in a game state are sized by it; loops run to
// the topology's own counts.
inline constexpr int kMaxPlaces = 128;

class Topology {
 public:
  // Throws std::invalid_argument for an empty list, a hex twice, or more places than ids.
  explicit Topology(std::span<const Axial> land);

  int hex_count() const { return static_cast<int>(hexes_.size()); }
  int corner_count() const { return static_cast<int>(corners_.size()); }
  int edge_count() const { return static_cast<int>(edges_.size()); }

  bool contains(Axial h) const { return hex_id(h) != kNone; }
  HexId hex_id(Axial h) const;  // kNone off the island
  Axial hex_at(HexId id) const { return hexes_[static_cast<size_t>(id)]; }
  // Canonical corner/edge of a (possibly aliased) name; kNone when off the island.
  CornerId corner_id(Axial h, CornerDir d) const;
  EdgeId edge_id(Axial h, EdgeDir d) const;
  CornerName corner_name(CornerId id) const { return corners_[static_cast<size_t>(id)]; }
  EdgeName edge_name(EdgeId id) const { return edges_[static_cast<size_t>(id)]; }
  std::string corner_text(CornerId id) const;  // "[1, 0, N]"
  std::string edge_text(EdgeId id) const;      // "[2, -1, E]"

  // Adjacency. Spans hold only valid ids (coastal corners have 2 neighbours).
  std::span<const CornerId> corner_neighbours(CornerId c) const {
    return {corner_nb_[c].data(), corner_nb_n_[c]};
  }
  std::span<const EdgeId> corner_edges(CornerId c) const {
    return {corner_ed_[c].data(), corner_ed_n_[c]};
  }
  std::span<const HexId> corner_hexes(CornerId c) const {
    return {corner_hx_[c].data(), corner_hx_n_[c]};
  }
  std::array<CornerId, 2> edge_corners(EdgeId e) const { return edge_cn_[e]; }
  const std::array<CornerId, 6>& hex_corners(HexId h) const { return hex_cn_[h]; }  // N..NW
  std::span<const HexId> edge_hexes(EdgeId e) const { return {edge_hx_[e].data(), edge_hx_n_[e]}; }
  bool is_coastal(EdgeId e) const { return edge_hx_n_[e] == 1; }  // borders one land hex

  // The land hexes in id order, and the bounds of their coordinates.
  std::span<const Axial> hexes() const { return hexes_; }
  int min_q() const { return q0_ + 1; }
  int max_q() const { return q0_ + width_ - 2; }
  int min_r() const { return r0_ + 1; }
  int max_r() const { return r0_ + height_ - 2; }

 private:
  // A grid over the island's bounding box plus one ring of sea: per cell the hex id, the
  // ids of its N and S corners and of its NE, E and SE edges (canonical names only).
  struct Cell {
    HexId hex = kNone;
    std::array<CornerId, 2> corner{kNone, kNone};  // N, S
    std::array<EdgeId, 3> edge{kNone, kNone, kNone};
  };
  const Cell* cell(Axial h) const;
  Cell* cell(Axial h) { return const_cast<Cell*>(std::as_const(*this).cell(h)); }

  int q0_ = 0, r0_ = 0, width_ = 0, height_ = 0;
  std::vector<Cell> grid_;
  std::vector<Axial> hexes_;
  std::vector<CornerName> corners_;
  std::vector<EdgeName> edges_;
  std::vector<std::array<CornerId, 3>> corner_nb_;
  std::vector<uint8_t> corner_nb_n_;
  std::vector<std::array<EdgeId, 3>> corner_ed_;
  std::vector<uint8_t> corner_ed_n_;
  std::vector<std::array<HexId, 3>> corner_hx_;
  std::vector<uint8_t> corner_hx_n_;
  std::vector<std::array<CornerId, 2>> edge_cn_;
  std::vector<std::array<HexId, 2>> edge_hx_;
  std::vector<uint8_t> edge_hx_n_;
  std::vector<std::array<CornerId, 6>> hex_cn_;
};

}  // namespace catan::core
