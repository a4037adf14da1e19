// Resource cards, development cards and resource multisets.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace catan::core {

enum class Resource : uint8_t { Lumber, Brick, Wool, Grain, Ore };
inline constexpr int kResourceCount = 5;

enum class Terrain : uint8_t { Forest, Hills, Pasture, Fields, Mountains, Desert };
enum class DevCard : uint8_t { Knight, RoadBuilding, YearOfPlenty, Monopoly, VictoryPoint };
inline constexpr int kDevCardKinds = 5;
// The deck's composition and the bank's size are an edition's (core/edition.hpp).

std::string_view to_string(Resource r);
std::string_view to_string(Terrain t);
std::string_view to_string(DevCard d);
std::optional<Resource> parse_resource(std::string_view s);
std::optional<Terrain> parse_terrain(std::string_view s);
std::optional<DevCard> parse_dev_card(std::string_view s);
std::optional<Resource> produces(Terrain t);  // nullopt for the desert (COMP-02)

// A multiset of resource cards.
struct ResourceSet {
  std::array<int, kResourceCount> n{};

  int& operator[](Resource r) { return n[static_cast<int>(r)]; }
  int operator[](Resource r) const { return n[static_cast<int>(r)]; }
  int total() const;
  bool empty() const { return total() == 0; }
  bool contains(const ResourceSet& other) const;  // every count >= other's
  ResourceSet& operator+=(const ResourceSet& o);
  ResourceSet& operator-=(const ResourceSet& o);
  friend ResourceSet operator+(ResourceSet a, const ResourceSet& b) { return a += b; }
  friend ResourceSet operator-(ResourceSet a, const ResourceSet& b) { return a -= b; }
  friend bool operator==(const ResourceSet&, const ResourceSet&) = default;

  static ResourceSet of(std::initializer_list<std::pair<Resource, int>> items);
};

// "{lumber: 1, brick: 1}" in log order; "{}" when empty.
std::string to_string(const ResourceSet& s);

namespace cost {
inline const ResourceSet kRoad = ResourceSet::of({{Resource::Lumber, 1}, {Resource::Brick, 1}});
inline const ResourceSet kSettlement = ResourceSet::of(
    {{Resource::Lumber, 1}, {Resource::Brick, 1}, {Resource::Wool, 1}, {Resource::Grain, 1}});
inline const ResourceSet kCity = ResourceSet::of({{Resource::Grain, 2}, {Resource::Ore, 3}});
inline const ResourceSet kDevCard =
    ResourceSet::of({{Resource::Wool, 1}, {Resource::Grain, 1}, {Resource::Ore, 1}});
}  // namespace cost

}  // namespace catan::core
