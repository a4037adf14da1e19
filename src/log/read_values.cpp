#include "log/read_values.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include "core/edition.hpp"

namespace catan::log::detail {

using text::SyntaxError;

std::string shown(std::string_view v, size_t max) {
  if (v.size() <= max) return std::string(v);
  size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(v[n]) & 0xC0) == 0x80) --n;
  return std::string(v.substr(0, n)) + "...";
}

// Messages built elsewhere (core::set_option) may quote a whole value: cut them too.
void bad(const Node& n, const std::string& msg) { throw SyntaxError(n.mark, shown(msg, 1024)); }

std::string describe(const Node& n) {
  switch (n.kind) {
    case Kind::Null:
      return "nothing (null)";
    case Kind::Sequence:
      return "a sequence";
    case Kind::Mapping:
      return "a mapping";
    case Kind::Scalar:
      return n.quoted ? "the quoted string \"" + shown(n.value) + "\"" : "'" + shown(n.value) + "'";
  }
  return "?";
}

void not_a(const Node& n, std::string_view what, std::string_view kind) {
  bad(n, std::string(what) + " must be " + std::string(kind) + ", not " + describe(n));
}

void not_an_int(const Node& n, std::string_view what, long lo, long hi) {
  if (n.kind != Kind::Scalar || n.quoted)
    bad(n, std::string(what) + " must be an integer, not " + describe(n));
  const std::string_view v = n.value;
  size_t start = (!v.empty() && v[0] == '-') ? 1 : 0;
  bool digits =
      v.size() > start && std::all_of(v.begin() + static_cast<long>(start), v.end(),
                                      [](unsigned char c) { return c >= '0' && c <= '9'; });
  if (!digits)
    bad(n, std::string(what) + " must be a decimal integer, not '" + shown(v) + "'" +
               (v.rfind("0x", 0) == 0 || v.rfind("0o", 0) == 0
                    ? " (YAML 1.1 / hex spellings are not accepted)"
                    : ""));
  bad(n, std::string(what) + " must be an integer in " + std::to_string(lo) + ".." +
             std::to_string(hi) + ", not " + shown(v));
}

int as_long_int(const Node& n, std::string_view what, long lo, long hi) {
  if (n.kind == Kind::Scalar && !n.quoted) {
    const char* end = n.value.data() + n.value.size();
    long long x = 0;
    auto [p, ec] = std::from_chars(n.value.data(), end, x);
    if (ec == std::errc{} && p == end && x >= lo && x <= hi) return static_cast<int>(x);
  }
  not_an_int(n, what, lo, hi);
}

void not_a_word(const Node& n, std::string_view what) {
  if (n.kind != Kind::Scalar) bad(n, std::string(what) + " must be a name, not " + describe(n));
  if (!n.quoted && yaml11_special(n.value))
    bad(n, std::string(what) + " '" + shown(n.value) +
               "' is a YAML 1.1 boolean/null spelling; quote it if it is meant as a name");
  bad(n, std::string(what) + " must not be empty");
}

std::string_view as_text(const Node& n, std::string_view what) {
  if (n.kind != Kind::Scalar) bad(n, std::string(what) + " must be text, not " + describe(n));
  return n.value;
}

void Fields::unknown(const Node& k) const {
  const std::vector<std::string> allowed(allowed_.begin(), allowed_.end());
  bad(k, "unknown key '" + shown(k.value) + "' in " + std::string(what_) +
             core::did_you_mean(k.value, allowed) + " (allowed: " + join(allowed) + ")");
}

void Fields::missing(std::string_view key) const {
  bad(map_, std::string(what_) + " is missing the required key '" + std::string(key) + "'");
}

const std::vector<std::string> kResources{"lumber", "brick", "wool", "grain", "ore"};
const std::vector<std::string> kTerrains{"forest", "hills",     "pasture",
                                         "fields", "mountains", "desert"};
const std::vector<std::string> kCards{"knight", "road-building", "year-of-plenty", "monopoly",
                                      "victory-point"};

std::string hint(const Node& n, const std::vector<std::string>& valid, const core::Synonyms& syn) {
  return n.kind == Node::Kind::Scalar ? core::did_you_mean(n.value, valid, syn) : "";
}

core::Axial hex(const Node& n, std::string_view what) {
  as_seq(n, what);
  if (n.items.size() != 2) bad(n, std::string(what) + " is a hex [q, r]: two integers");
  return {as_int(n.items[0], "q"), as_int(n.items[1], "r")};
}

core::HexRef hex_ref(const Node& n, std::string_view what) {
  core::Axial a = hex(n, what);
  return {a, core::Edition::base().island.hex_id(a)};
}

namespace {

template <typename Dir>
std::pair<core::Axial, Dir> place(const Node& n, std::string_view what,
                                  std::optional<Dir> (*parse)(std::string_view), const char* dirs) {
  as_seq(n, what);
  if (n.items.size() != 3) bad(n, std::string(what) + " is [q, r, " + dirs + "]");
  core::Axial a{as_int(n.items[0], "q"), as_int(n.items[1], "r")};
  const Node& d = n.items[2];
  auto dir = d.kind == Kind::Scalar ? parse(d.value) : std::nullopt;
  if (!dir)
    bad(d, std::string(what) + " direction must be one of " + dirs + ", not " + describe(d));
  return {a, *dir};
}

constexpr const char* kEdgeDirs = "NE, E, SE, SW, W, NW";

}  // namespace

core::CornerRef corner(const Node& n) {
  auto [a, d] =
      place<core::CornerDir>(n, "an intersection", core::parse_corner_dir, "N, NE, SE, S, SW, NW");
  return {a, d, core::Edition::base().island.corner_id(a, d)};
}

core::EdgeRef edge(const Node& n) {
  auto [a, d] = place<core::EdgeDir>(n, "a path", core::parse_edge_dir, kEdgeDirs);
  return {a, d, core::Edition::base().island.edge_id(a, d)};
}

std::pair<core::Axial, core::EdgeDir> harbor_path(const Node& n) {
  return place<core::EdgeDir>(n, "a harbor's path", core::parse_edge_dir, kEdgeDirs);
}

}  // namespace catan::log::detail
