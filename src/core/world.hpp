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
  friend bool operator==(const World& a, const World& b) {
    // Five words and a tail, inline: std::array's == calls memcmp for 45 bytes.
    uint64_t x = 0;
    for (size_t i = 0; i + 8 <= a.n.size(); i += 8) {
      uint64_t u, v;
      std::memcpy(&u, a.n.data() + i, 8);
      std::memcpy(&v, b.n.data() + i, 8);
      x |= u ^ v;
    }
    constexpr size_t tail = sizeof(a.n) % 8;
    uint64_t u = 0, v = 0;
    std::memcpy(&u, a.n.data() + a.n.size() - tail, tail);
    std::memcpy(&v, b.n.data() + b.n.size() - tail, tail);
    return (x | (u ^ v)) == 0;
  }
  uint64_t hash() const;
};

// Distinct worlds in insertion order (deterministic diagnostics), with an open-addressing
// index for merging. Each slot holds an item's index and the upper half of its hash, which
// places it: a probe compares worlds only when the halves agree, and growing rehashes
// nothing.
class WorldSet {
 public:
  bool insert(const World& w);  // false when an equal world is there already
  void reserve(size_t n);       // room for n worlds without growing
  // Replaces the contents with worlds known to be distinct (no hashing until the next
  // insert, which rebuilds the index).
  void assign_distinct(std::vector<World>&& items);
  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const std::vector<World>& items() const { return items_; }
  void clear();
  std::vector<World> release();  // the worlds, in order; the set is left empty

 private:
  std::vector<World> items_;
  std::vector<uint64_t> slots_;  // 0 empty, else (hash >> 32) << 32 | (index into items_ + 1)
  void grow(size_t at_least);
};

}  // namespace catan::core
