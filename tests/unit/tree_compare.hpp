// Differential tests of the fast readers (fast_yaml, fast_json) against yaml-cpp: the
// yaml-cpp trees of a text, tree equality (kinds, values, quoted flags, marks, entry order)
// and a readable dump. Used by the unit tests and the fuzz_fast_yaml target.
#pragma once

#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "text/yaml_tree.hpp"

namespace catan::test {

// The yaml-cpp path's documents; nullopt when it reports a syntax error.
inline std::optional<text::Trees> slow_trees(const std::string& text) {
  text::Trees trees;
  try {
    std::istringstream in(text);
    text::DocumentReader reader(in);
    while (auto doc = reader.next(trees.arena)) trees.docs.push_back(*doc);
  } catch (const text::SyntaxError&) {
    return std::nullopt;
  }
  return trees;
}

inline bool same(const text::Node& a, const text::Node& b) {
  if (a.kind != b.kind || a.mark.line != b.mark.line || a.mark.column != b.mark.column ||
      a.quoted != b.quoted || a.value != b.value || a.items.size() != b.items.size() ||
      a.entries.size() != b.entries.size())
    return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!same(a.items[i], b.items[i])) return false;
  for (size_t i = 0; i < a.entries.size(); ++i)
    if (!same(a.entries[i].key, b.entries[i].key) || !same(a.entries[i].value, b.entries[i].value))
      return false;
  return true;
}

inline bool same(const std::vector<text::Node>& a, const std::vector<text::Node>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!same(a[i], b[i])) return false;
  return true;
}

inline bool same(const text::Trees& a, const text::Trees& b) { return same(a.docs, b.docs); }

inline void dump(const text::Node& n, int depth, std::string& out) {
  out.append(static_cast<size_t>(depth) * 2, ' ');
  out += std::to_string(n.mark.line) + ":" + std::to_string(n.mark.column) + " ";
  switch (n.kind) {
    case text::Node::Kind::Null:
      out += "null\n";
      break;
    case text::Node::Kind::Scalar:
      out += (n.quoted ? "quoted [" : "plain [") + std::string(n.value) + "]\n";
      break;
    case text::Node::Kind::Sequence:
      out += "seq\n";
      for (const auto& i : n.items) dump(i, depth + 1, out);
      break;
    case text::Node::Kind::Mapping:
      out += "map\n";
      for (const auto& e : n.entries) {
        dump(e.key, depth + 1, out);
        dump(e.value, depth + 2, out);
      }
      break;
  }
}

inline std::string dump_all(const std::vector<text::Node>& docs) {
  std::string out;
  for (const auto& d : docs) {
    out += "--- document\n";
    dump(d, 0, out);
  }
  return out;
}

inline std::string dump_all(const text::Trees& trees) { return dump_all(trees.docs); }

}  // namespace catan::test
