// Small helpers shared by the importers (not part of the import interface).
#pragma once

#include <string>
#include <string_view>

namespace catan::importers::detail {

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

}  // namespace catan::importers::detail
