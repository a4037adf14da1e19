// The reader's scalars and small values: a tree node read as a mapping, a sequence, an
// integer, a word or text, a hex, an intersection or a path, each with the message that
// says why it is not one; and key access on a mapping (Fields) with unknown-key and
// missing-key errors. Internal to the log layer (read_header, read_entries, read_stream).
//
// Building the model costs no allocation beyond what the model keeps: the names of fields
// and keys are string views into fixed tables, turned into text only when a message is
// built, and scalars are compared and parsed where the tree holds them. What every entry
// reads is defined here, inline; the messages are built in read_values.cpp.
#pragma once

#include <climits>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/action.hpp"
#include "core/spelling.hpp"
#include "text/yaml_tree.hpp"

namespace catan::log::detail {

using text::MapEntry;
using text::Node;
using Kind = text::Node::Kind;

// A log value quoted in a message: at most `max` bytes of it, then "...", so that a huge
// scalar is not copied into the diagnostic (cut on a UTF-8 character boundary).
inline constexpr size_t kShownBytes = 64;
std::string shown(std::string_view v, size_t max = kShownBytes);

// A shape error at `n` (messages built elsewhere, which may quote a whole value, are cut).
[[noreturn]] void bad(const Node& n, const std::string& msg);

// How a node is named in a message: "a mapping", "'x'", "the quoted string \"x\"", ...
std::string describe(const Node& n);

// Equal views: most keys and names that differ, differ in length or first byte, which
// settles them without a call to memcmp.
inline bool same(std::string_view a, std::string_view b) {
  if (a.size() != b.size() || (!a.empty() && a[0] != b[0])) return false;
  // Keys and names are short: compared here, which costs less than a call to memcmp.
  if (a.size() <= 16) {
    for (size_t i = 1; i < a.size(); ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  return std::memcmp(a.data(), b.data(), a.size()) == 0;
}

// ASCII case folding, as std::tolower in the C locale (the program never sets another).
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }
inline bool equal_ignoring_case(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != lower[i]) return false;
  return true;
}

// Plain scalars that YAML 1.1 reads as booleans or null: names must be quoted to use them.
inline bool yaml11_special(std::string_view v) {
  if (v.empty() || v.size() > 5) return false;  // the words below are 1 to 5 bytes
  switch (ascii_lower(v[0])) {                  // their first letters
    case 'y':
    case 'n':
    case 'o':
    case 't':
    case 'f':
    case '~':
      break;
    default:
      return false;
  }
  static constexpr std::string_view kWords[] = {"y",   "n",    "yes",   "no",   "on",
                                                "off", "true", "false", "null", "~"};
  for (std::string_view w : kWords)
    if (equal_ignoring_case(v, w)) return true;
  return false;
}

[[noreturn]] void not_a(const Node& n, std::string_view what, std::string_view kind);

inline const Node& as_map(const Node& n, std::string_view what) {
  if (n.kind != Kind::Mapping) not_a(n, what, "a mapping");
  return n;
}
inline const Node& as_seq(const Node& n, std::string_view what) {
  if (n.kind != Kind::Sequence) not_a(n, what, "a sequence");
  return n;
}

// The error of as_int: says why `n` is not an integer in lo..hi.
[[noreturn]] void not_an_int(const Node& n, std::string_view what, long lo, long hi);

// A plain decimal integer ("-"? digits), parsed in place: std::from_chars takes exactly
// that spelling (no "+", no spaces, no "0x"), so whatever it refuses is not_an_int's.
int as_long_int(const Node& n, std::string_view what, long lo, long hi);
inline int as_int(const Node& n, std::string_view what, long lo = INT_MIN, long hi = INT_MAX) {
  // Most numbers in a log are one to three digits: read those here, the rest (a sign,
  // more digits, anything else) with from_chars, which reads these the same way.
  if (n.kind == Kind::Scalar && !n.quoted) {
    const std::string_view v = n.value;
    if (!v.empty() && v.size() <= 4) {
      long x = 0;
      size_t i = 0;
      for (; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i) x = x * 10 + (v[i] - '0');
      if (i == v.size()) {
        if (x >= lo && x <= hi) return static_cast<int>(x);
        not_an_int(n, what, lo, hi);
      }
    }
  }
  return as_long_int(n, what, lo, hi);
}

// A name or keyword: a scalar, not a YAML 1.1 boolean/null spelling unless quoted.
[[noreturn]] void not_a_word(const Node& n, std::string_view what);
inline std::string_view as_word(const Node& n, std::string_view what) {
  if (n.kind != Kind::Scalar || n.value.empty() || (!n.quoted && yaml11_special(n.value)))
    not_a_word(n, what);
  return n.value;
}

std::string_view as_text(const Node& n, std::string_view what);

// A list in a message: its first kMaxListed names, then "..." and the count.
template <typename Names>
std::string join(const Names& v) {
  std::string s;
  constexpr size_t kMaxListed = 16;
  for (size_t i = 0; i < v.size() && i < kMaxListed; ++i)
    s += (s.empty() ? "" : ", ") + shown(v[i]);
  if (v.size() > kMaxListed) s += ", ... (" + std::to_string(v.size()) + " in all)";
  return s;
}

// The keys a mapping may hold: a fixed table.
using Keys = std::span<const std::string_view>;

inline bool holds(Keys keys, std::string_view key) {
  for (std::string_view k : keys)
    if (same(k, key)) return true;
  return false;
}

// Key access on a mapping with unknown-key and missing-key errors. `what` and `allowed`
// are fixed tables that outlive the Fields.
class Fields {
 public:
  // `check`: an unknown key is an error here (false: the caller checked, or checks later).
  Fields(const Node& map, std::string_view what, Keys allowed, bool check = true)
      : map_(map), what_(what), allowed_(allowed) {
    if (!check) return;
    for (const auto& [k, v] : map_.entries)
      if (!holds(allowed_, k.value)) unknown(k);
  }
  const Node* get(std::string_view key) const {
    for (const auto& [k, v] : map_.entries)
      if (same(k.value, key)) return &v;
    return nullptr;
  }
  const Node& need(std::string_view key) const {
    if (const Node* n = get(key)) return *n;
    missing(key);
  }
  const Node* key_node(std::string_view key) const {
    for (const auto& [k, v] : map_.entries)
      if (same(k.value, key)) return &k;
    return nullptr;
  }

 private:
  const Node& map_;
  std::string_view what_;
  Keys allowed_;

  [[noreturn]] void unknown(const Node& k) const;
  [[noreturn]] void missing(std::string_view key) const;
};

// The valid spellings, for "did you mean" (only ever read to build a message).
extern const std::vector<std::string> kResources;
extern const std::vector<std::string> kTerrains;
extern const std::vector<std::string> kCards;
std::string hint(const Node& n, const std::vector<std::string>& valid,
                 const core::Synonyms& syn = {});

// Places on the board: a hex [q, r], an intersection [q, r, N|NE|SE|S|SW|NW] and a path
// [q, r, NE|E|SE|SW|W|NW].
core::Axial hex(const Node& n, std::string_view what);
core::HexRef hex_ref(const Node& n, std::string_view what);
core::CornerRef corner(const Node& n);
core::EdgeRef edge(const Node& n);
std::pair<core::Axial, core::EdgeDir> harbor_path(const Node& n);

}  // namespace catan::log::detail
