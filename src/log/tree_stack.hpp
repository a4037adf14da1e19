// How the tree builders (fast_yaml, fast_json, yaml_tree) make a node's children: each
// child is pushed here when complete, and a collection's children are copied into the arena
// in one piece when it closes, so that no node is moved or reallocated as a tree grows.
#pragma once

#include <cstddef>
#include <vector>

#include "log/yaml_tree.hpp"

namespace catan::log {

class TreeStack {
 public:
  explicit TreeStack(Arena& arena) : arena_(arena) {}

  Arena& arena() { return arena_; }
  std::string_view text(std::string_view s) { return arena_.copy(s); }

  // Where the children of a collection opening now start.
  size_t items_mark() const { return items_.size(); }
  size_t entries_mark() const { return entries_.size(); }
  void push(const Node& item) { items_.push_back(item); }
  void push(const MapEntry& entry) { entries_.push_back(entry); }

  // The children pushed since `mark`, still open (valid until the next push).
  Span<MapEntry> open_entries(size_t mark) {
    return {entries_.data() + mark, entries_.size() - mark};
  }
  // The children pushed since `mark`, moved into the arena.
  Span<Node> close_items(size_t mark) {
    Span<Node> s(arena_.copy(items_.data() + mark, items_.size() - mark), items_.size() - mark);
    items_.resize(mark);
    return s;
  }
  Span<MapEntry> close_entries(size_t mark) {
    Span<MapEntry> s(arena_.copy(entries_.data() + mark, entries_.size() - mark),
                     entries_.size() - mark);
    entries_.resize(mark);
    return s;
  }

 private:
  Arena& arena_;
  std::vector<Node> items_;
  std::vector<MapEntry> entries_;
};

}  // namespace catan::log
