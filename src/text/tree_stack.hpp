// How the tree builders (fast_yaml, fast_json, yaml_tree) make a node's children: each
// child is pushed here when complete, and a collection's children are copied into the arena
// in one piece when it closes, so that no node is moved or reallocated as a tree grows.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "text/yaml_tree.hpp"

namespace catan::text {

// The fast readers' duplicate-key check (they decline a duplicate, which yaml-cpp then
// reports): small mappings are searched, a large one (only in odd input) gets a hash set.
class KeySet {
 public:
  // Whether `key` is new, `earlier` being the mapping's entries before it.
  bool add(Span<MapEntry> earlier, std::string_view key) {
    if (earlier.size() < 32) {
      for (const MapEntry& e : earlier)
        if (e.key.value == key) return false;
      return true;
    }
    if (!set_) {
      set_.emplace();
      for (const MapEntry& e : earlier) set_->insert(e.key.value);
    }
    return set_->insert(key).second;
  }

 private:
  // Made only for a large mapping: an empty set still costs its construction and
  // destruction, once per mapping.
  std::optional<std::unordered_set<std::string_view>> set_;
};

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
  // `item`, an item of the root mapping's `actions`, shown to `hook` with the root's entries
  // so far (pushed from `root_entries`): an item the hook takes gives the arena back from
  // `start`, where it began; one it leaves becomes a child.
  void offer(const ActionHook& hook, Node root, size_t root_entries, const Node& item,
             Arena::Checkpoint start) {
    root.entries = open_entries(root_entries);
    if (hook(root, item))
      arena_.rewind(start);
    else
      push(item);
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

}  // namespace catan::text
