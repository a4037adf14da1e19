// catanatron's names for places and things (catanatron/models/coordinate_system.py, map.py,
// enums.py) and their catan-log/1 equivalents. See docs/IMPORT-CATANATRON.md.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <utility>

#include "core/board.hpp"
#include "core/geometry.hpp"
#include "core/resources.hpp"
#include "import/detail.hpp"

namespace catan::importers::catanatron {

// Cube [x, y, z] to axial [q, r]: q = x, r = z (catanatron's E (1,-1,0) is axial E [+1, 0],
// its SE (0,-1,1) is axial SE [0, +1]).
inline core::Axial to_axial(int x, int /*y*/, int z) { return {x, z}; }

// catanatron's Direction and its unit vector, in catan-log/1's edge-direction order.
struct Unit {
  std::string_view name;
  core::EdgeDir dir;
  int x, y, z;
};
inline constexpr std::array<Unit, 6> kUnits{{{"NORTHEAST", core::EdgeDir::NE, 1, 0, -1},
                                             {"EAST", core::EdgeDir::E, 1, -1, 0},
                                             {"SOUTHEAST", core::EdgeDir::SE, 0, -1, 1},
                                             {"SOUTHWEST", core::EdgeDir::SW, -1, 0, 1},
                                             {"WEST", core::EdgeDir::W, -1, 1, 0},
                                             {"NORTHWEST", core::EdgeDir::NW, 0, 1, -1}}};

inline constexpr std::array<std::pair<std::string_view, core::CornerDir>, 6> kNodeRefs{
    {{"NORTH", core::CornerDir::N},
     {"NORTHEAST", core::CornerDir::NE},
     {"SOUTHEAST", core::CornerDir::SE},
     {"SOUTH", core::CornerDir::S},
     {"SOUTHWEST", core::CornerDir::SW},
     {"NORTHWEST", core::CornerDir::NW}}};

inline constexpr std::array<std::pair<std::string_view, core::Resource>, 5> kResourceNames{
    {{"WOOD", core::Resource::Lumber},
     {"BRICK", core::Resource::Brick},
     {"SHEEP", core::Resource::Wool},
     {"WHEAT", core::Resource::Grain},
     {"ORE", core::Resource::Ore}}};

inline constexpr std::array<std::pair<std::string_view, core::DevCard>, 5> kDevCards{
    {{"KNIGHT", core::DevCard::Knight},
     {"ROAD_BUILDING", core::DevCard::RoadBuilding},
     {"YEAR_OF_PLENTY", core::DevCard::YearOfPlenty},
     {"MONOPOLY", core::DevCard::Monopoly},
     {"VICTORY_POINT", core::DevCard::VictoryPoint}}};

inline std::optional<core::CornerDir> parse_node_dir(std::string_view s) {
  for (const auto& [name, d] : kNodeRefs)
    if (name == s) return d;
  return std::nullopt;
}
inline std::optional<core::EdgeDir> parse_edge_dir(std::string_view s) {
  for (const Unit& u : kUnits)
    if (u.name == s) return u.dir;
  return std::nullopt;
}
inline std::optional<core::Resource> parse_resource(std::string_view s) {
  for (const auto& [name, r] : kResourceNames)
    if (name == s) return r;
  return std::nullopt;
}
inline std::optional<core::DevCard> parse_dev_card(std::string_view s) {
  for (const auto& [name, d] : kDevCards)
    if (name == s) return d;
  return std::nullopt;
}

// The land a resource tile of that resource is (WOOD -> forest, ...).
inline core::Terrain terrain_of(core::Resource r) {
  static constexpr core::Terrain kTerrain[] = {core::Terrain::Forest, core::Terrain::Hills,
                                               core::Terrain::Pasture, core::Terrain::Fields,
                                               core::Terrain::Mountains};
  return kTerrain[static_cast<int>(r)];
}

// A PORT tile at `port` whose `direction` points at the land: the harbor is that side of the
// port tile (map.py PORT_DIRECTION_TO_NODEREFS), named from the land hex when there is one.
inline core::HarborSpec harbor(core::Axial port, core::EdgeDir d, core::HarborKind kind) {
  const core::Axial land = core::neighbour(port, d);
  if (!detail::base_island().contains(land)) return {port, d, kind};
  const auto opposite = static_cast<core::EdgeDir>((static_cast<int>(d) + 3) % 6);
  return {land, opposite, kind};
}

}  // namespace catan::importers::catanatron
