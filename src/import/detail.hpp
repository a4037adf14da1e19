// Small helpers shared by the importers (not part of the import interface).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/edition.hpp"

namespace catan::importers::detail {

// The island of the records an importer reads that hold 3-4 player games (the base
// edition's); a five-six record names its own edition.
inline const core::Topology& base_island() { return core::Edition::base().island; }

// Source text quoted for a problem message, cut to a readable length (the renderers make
// control characters visible).
inline std::string quoted(std::string_view s) {
  constexpr size_t kMax = 40;
  std::string out = "\"";
  out += s.size() <= kMax ? s : s.substr(0, kMax);
  if (s.size() > kMax) out += "...";
  out += '"';
  return out;
}

// JSettlers' integer lists, `{ 50 6 68 ... }` (space-separated inside braces), each number
// read by `parse` (an optional of the integer); nullopt when the text is not such a list,
// a number does not read, or it holds more than `max` of them.
template <class Parse>
auto braced_list(std::string_view s, Parse parse, size_t max = static_cast<size_t>(-1))
    -> std::optional<std::vector<typename decltype(parse(s))::value_type>> {
  if (s.size() < 2 || s.front() != '{' || s.back() != '}') return std::nullopt;
  s = s.substr(1, s.size() - 2);
  std::vector<typename decltype(parse(s))::value_type> out;
  for (size_t p = 0; p < s.size();) {
    while (p < s.size() && s[p] == ' ') ++p;
    if (p >= s.size()) break;
    size_t e = s.find(' ', p);
    if (e == std::string_view::npos) e = s.size();
    const auto n = parse(s.substr(p, e - p));
    if (!n || out.size() == max) return std::nullopt;
    out.push_back(*n);
    p = e;
  }
  return out;
}

}  // namespace catan::importers::detail
