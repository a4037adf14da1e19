// The entries a live game has accepted, in order, packed (log::pack_entry: 10 to 30 bytes
// an entry instead of a log::Entry's 460), so that a session's memory stays nearly flat in
// its length while undo can still replay any of them. The bytes hold each entry behind its
// length; an index keeps where every 16th entry starts.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "log/model.hpp"

namespace catan::replay {

class EntryStore {
 public:
  void push_back(const log::Entry& e);
  void pop_back();  // the last entry; none: nothing happens
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  // The memory the entries take (bytes and index, as allocated).
  size_t memory() const;

  // Entries [from, size()) in order, each unpacked once: f(index, entry).
  template <class F>
  void for_each_from(size_t from, F&& f) const {
    size_t at = offset_of(from);
    for (size_t i = from; i < count_; ++i) f(i, entry_at(at));
  }

 private:
  static constexpr size_t kGroup = 16;
  size_t offset_of(size_t i) const;           // where entry i (<= size()) starts
  log::Entry entry_at(size_t& offset) const;  // the entry there; offset moves past it
  size_t skip(size_t offset) const;           // past the entry at offset, unread

  std::string bytes_;                 // per entry: varint length, log::pack_entry's bytes
  std::vector<size_t> group_starts_;  // group_starts_[k]: where entry k * kGroup starts
  size_t count_ = 0;
};

}  // namespace catan::replay
