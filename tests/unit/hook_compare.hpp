// The item hook of the fast readers and DocumentReader against their plain trees (unit
// tests only: it uses Catch2, which the fuzz targets sharing tree_compare.hpp do not).
#pragma once

#include <catch2/catch.hpp>
#include <optional>
#include <vector>

#include "tree_compare.hpp"

namespace catan::test {

// The items of the root mapping's `actions` in `doc` (none when it has no such sequence).
inline std::vector<text::Node> action_items(const text::Node& doc) {
  for (const auto& e : doc.entries)
    if (e.key.value == "actions" && e.value.kind == text::Node::Kind::Sequence)
      return {e.value.items.begin(), e.value.items.end()};
  return {};
}

// A parse run with an item hook that takes every item (as the streaming reader does) and
// the same parse run without one must agree: the hook saw exactly the items of `actions`,
// in order, with their marks, each with the keys before `actions` in the root, and the
// tree kept none of them. `parse(hook)` returns the documents (nullptr hook: none).
template <typename Parse>
void check_hook_agrees(const Parse& parse) {
  const std::optional<text::Trees> plain = parse(nullptr);
  REQUIRE(plain);
  std::vector<text::Node> seen;
  text::Arena kept;  // the items seen, cloned: a taken item's memory serves the next
  bool header_seen = true;
  const text::ActionHook hook = [&](const text::Node& root, const text::Node& item) {
    bool has_format = false;
    for (const auto& e : root.entries) has_format |= e.key.value == "format";
    header_seen &= has_format;
    seen.push_back(text::clone(item, kept));
    return true;
  };
  const std::optional<text::Trees> hooked = parse(&hook);
  REQUIRE(hooked);
  REQUIRE(hooked->docs.size() == plain->docs.size());
  std::vector<text::Node> want;
  for (const auto& d : plain->docs)
    for (const auto& i : action_items(d)) want.push_back(i);
  REQUIRE(seen.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) CHECK(same(seen[i], want[i]));
  for (const auto& d : hooked->docs) CHECK(action_items(d).empty());
  CHECK(header_seen);
}

}  // namespace catan::test
