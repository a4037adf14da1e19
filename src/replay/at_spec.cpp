#include "replay/at_spec.hpp"

#include <charconv>
#include <string_view>

namespace catan::replay {

namespace {

bool parse_count(std::string_view s, int& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && p == s.data() + s.size() && out >= 0;
}

}  // namespace

std::optional<AtSpec> parse_at(const std::string& at) {
  using K = AtSpec::Kind;
  if (at == "error") return AtSpec{K::Error, 0};
  if (at == "end") return AtSpec{K::End, 0};
  const struct {
    std::string_view prefix;
    K kind;
    int most;
  } forms[] = {
      {"turn:", K::Turn, 1 << 30}, {"round:", K::Round, 100000}, {"line:", K::Line, 1 << 30}};
  for (const auto& f : forms)
    if (at.rfind(f.prefix, 0) == 0) {
      int n = 0;
      if (!parse_count(std::string_view(at).substr(f.prefix.size()), n) || n < 1 || n > f.most)
        return std::nullopt;
      return AtSpec{f.kind, n};
    }
  int n = 0;
  if (parse_count(at, n) && n <= (1 << 30)) return AtSpec{K::Action, n};
  return std::nullopt;
}

}  // namespace catan::replay
