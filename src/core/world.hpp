// The private part of a game: every player's resource hand and the bank's contents. A
// complete log has one; a player-view log has one per assignment of the cards the recorder
// did not see (a world). Worlds are compact values with equality and a hash, so equal
// worlds merge. Development cards are not here: their kinds never meet the resource rules,
// and core::DevLedger decides them as one feasibility question.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/resources.hpp"

namespace catan::core {

inline constexpr int kMaxWorldPlayers = 8;

struct World {
  // Counts of each resource: players 0..kMaxWorldPlayers-1, then the bank. At most 19 each.
  std::array<uint8_t, (kMaxWorldPlayers + 1) * kResourceCount> n{};

  uint8_t* hand(int p) { return n.data() + p * kResourceCount; }
  const uint8_t* hand(int p) const { return n.data() + p * kResourceCount; }
  uint8_t* bank() { return hand(kMaxWorldPlayers); }
  const uint8_t* bank() const { return hand(kMaxWorldPlayers); }
  ResourceSet hand_set(int p) const;
  ResourceSet bank_set() const;
  void set_hand(int p, const ResourceSet& r);
  void set_bank(const ResourceSet& r);
  friend bool operator==(const World& a, const World& b) { return a.n == b.n; }
  uint64_t hash() const;
};

// Distinct worlds in insertion order (deterministic diagnostics), with an open-addressing
// index for merging.
class WorldSet {
 public:
  bool insert(const World& w);  // false when an equal world is there already
  // Replaces the contents with worlds known to be distinct (no hashing until the next
  // insert, which rebuilds the index).
  void assign_distinct(std::vector<World>&& items);
  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const std::vector<World>& items() const { return items_; }
  void clear();

 private:
  std::vector<World> items_;
  std::vector<int32_t> slots_;  // -1 empty, else an index into items_
  void grow();
};

}  // namespace catan::core
