#include "core/world.hpp"

namespace catan::core {

ResourceSet World::hand_set(int p) const {
  ResourceSet r;
  for (int i = 0; i < kResourceCount; ++i) r.n[i] = hand(p)[i];
  return r;
}

ResourceSet World::bank_set() const { return hand_set(kMaxWorldPlayers); }

void World::set_hand(int p, const ResourceSet& r) {
  for (int i = 0; i < kResourceCount; ++i) hand(p)[i] = static_cast<uint8_t>(r.n[i]);
}

void World::set_bank(const ResourceSet& r) { set_hand(kMaxWorldPlayers, r); }

uint64_t World::hash() const {
  // Eight counts at a time (a world is 45 bytes: five words and a tail), each word mixed in
  // by a multiply and a shift (splitmix64's constants); byte by byte took 45 multiplies.
  uint64_t h = 0x9e3779b97f4a7c15ull;
  size_t i = 0;
  for (; i + 8 <= n.size(); i += 8) {
    uint64_t x;
    std::memcpy(&x, n.data() + i, 8);
    h = (h ^ x) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
  }
  uint64_t tail = 0;
  std::memcpy(&tail, n.data() + i, n.size() - i);
  h = (h ^ tail) * 0x94d049bb133111ebull;
  return h ^ (h >> 29);
}

void WorldSet::clear() {
  items_.clear();
  slots_.clear();
}

std::vector<World> WorldSet::release() {
  std::vector<World> out = std::move(items_);
  items_.clear();
  slots_.clear();
  return out;
}

void WorldSet::grow(size_t at_least) {
  size_t size = slots_.empty() ? 64 : slots_.size() * 2;
  while (size < at_least * 2) size *= 2;
  std::vector<uint64_t> old = std::move(slots_);
  slots_.assign(size, 0);
  const uint64_t mask = size - 1;
  for (uint64_t slot : old) {
    if (slot == 0) continue;
    uint64_t at = (slot >> 32) & mask;
    while (slots_[at] != 0) at = (at + 1) & mask;
    slots_[at] = slot;
  }
}

void WorldSet::reserve(size_t n) {
  items_.reserve(n);
  if (slots_.empty() && !items_.empty()) return;  // assign_distinct's: indexed at an insert
  if (n * 2 > slots_.size()) grow(n);
}

void WorldSet::assign_distinct(std::vector<World>&& items) {
  items_ = std::move(items);
  slots_.clear();
}

bool WorldSet::insert(const World& w) {
  if (slots_.empty()) {
    std::vector<World> old = std::move(items_);  // after assign_distinct: index what is there
    items_.clear();
    items_.reserve(old.size());
    grow(old.size() + 1);
    for (const World& x : old) insert(x);
  }
  if ((items_.size() + 1) * 2 > slots_.size()) grow(items_.size() + 1);
  const uint64_t tag = w.hash() >> 32;
  const uint64_t mask = slots_.size() - 1;
  uint64_t at = tag & mask;
  while (slots_[at] != 0) {
    const uint64_t slot = slots_[at];
    if ((slot >> 32) == tag && items_[(slot & 0xffffffffu) - 1] == w) return false;
    at = (at + 1) & mask;
  }
  items_.push_back(w);
  slots_[at] = tag << 32 | items_.size();
  return true;
}

}  // namespace catan::core
