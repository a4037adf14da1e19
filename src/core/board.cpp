#include "core/board.hpp"

namespace catan::core {

std::string_view to_string(HarborKind k) {
  if (k == HarborKind::Generic) return "3:1";
  return to_string(static_cast<Resource>(static_cast<int>(k)));
}

std::optional<HexId> Board::desert() const {
  for (int i = 0; i < static_cast<int>(hexes.size()); ++i)
    if (hexes[i].terrain == Terrain::Desert) return static_cast<HexId>(i);
  return std::nullopt;
}

}  // namespace catan::core
