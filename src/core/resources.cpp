#include "core/resources.hpp"

namespace catan::core {
namespace {
constexpr std::array<std::string_view, kResourceCount> kResourceNames{"lumber", "brick", "wool",
                                                                      "grain", "ore"};
constexpr std::array<std::string_view, 6> kTerrainNames{"forest", "hills",     "pasture",
                                                        "fields", "mountains", "desert"};
constexpr std::array<std::string_view, kDevCardKinds> kDevNames{
    "knight", "road-building", "year-of-plenty", "monopoly", "victory-point"};

template <typename E, size_t N>
std::optional<E> lookup(const std::array<std::string_view, N>& names, std::string_view s) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<E>(i);
  return std::nullopt;
}
}  // namespace

std::string_view to_string(Resource r) { return kResourceNames[static_cast<int>(r)]; }
std::string_view to_string(Terrain t) { return kTerrainNames[static_cast<int>(t)]; }
std::string_view to_string(DevCard d) { return kDevNames[static_cast<int>(d)]; }
std::optional<Resource> parse_resource(std::string_view s) {
  return lookup<Resource>(kResourceNames, s);
}
std::optional<Terrain> parse_terrain(std::string_view s) {
  return lookup<Terrain>(kTerrainNames, s);
}
std::optional<DevCard> parse_dev_card(std::string_view s) { return lookup<DevCard>(kDevNames, s); }

std::optional<Resource> produces(Terrain t) {
  if (t == Terrain::Desert) return std::nullopt;
  return static_cast<Resource>(static_cast<int>(t));  // enum orders match
}

int ResourceSet::total() const {
  int t = 0;
  for (int v : n) t += v;
  return t;
}
bool ResourceSet::contains(const ResourceSet& o) const {
  for (int i = 0; i < kResourceCount; ++i)
    if (n[i] < o.n[i]) return false;
  return true;
}
ResourceSet& ResourceSet::operator+=(const ResourceSet& o) {
  for (int i = 0; i < kResourceCount; ++i) n[i] += o.n[i];
  return *this;
}
ResourceSet& ResourceSet::operator-=(const ResourceSet& o) {
  for (int i = 0; i < kResourceCount; ++i) n[i] -= o.n[i];
  return *this;
}
ResourceSet ResourceSet::of(std::initializer_list<std::pair<Resource, int>> items) {
  ResourceSet s;
  for (auto [r, c] : items) s[r] += c;
  return s;
}

std::string to_string(const ResourceSet& s) {
  std::string out = "{";
  for (int i = 0; i < kResourceCount; ++i) {
    if (s.n[i] == 0) continue;
    if (out.size() > 1) out += ", ";
    out += std::string(kResourceNames[i]) + ": " + std::to_string(s.n[i]);
  }
  return out + "}";
}

}  // namespace catan::core
