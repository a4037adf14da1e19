#include "core/geometry.hpp"

namespace catan::core {
namespace {

constexpr std::array<std::string_view, 6> kCornerDirNames{"N", "NE", "SE", "S", "SW", "NW"};
constexpr std::array<std::string_view, 6> kEdgeDirNames{"NE", "E", "SE", "SW", "W", "NW"};

// Coordinates this far out are on no island; their names are left as written rather than
// moved by one (which could overflow).
constexpr int kFar = 1 << 24;
bool far(Axial h) { return h.q < -kFar || h.q > kFar || h.r < -kFar || h.r > kFar; }

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

// Every corner is the N or S corner of exactly one (possibly sea) hex.
CornerName canonical_corner(Axial h, CornerDir d) {
  if (far(h)) return {h, d};
  switch (d) {
    case CornerDir::N:
    case CornerDir::S:
      return {h, d};
    case CornerDir::NE:
      return {{h.q + 1, h.r - 1}, CornerDir::S};
    case CornerDir::SE:
      return {{h.q, h.r + 1}, CornerDir::N};
    case CornerDir::SW:
      return {{h.q - 1, h.r + 1}, CornerDir::N};
    case CornerDir::NW:
      return {{h.q, h.r - 1}, CornerDir::S};
  }
  return {h, d};
}

// Every edge is the NE, E or SE edge of exactly one (possibly sea) hex.
EdgeName canonical_edge(Axial h, EdgeDir d) {
  if (far(h)) return {h, d};
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
