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

void WorldSet::grow() {
  std::vector<int32_t> old = std::move(slots_);
  slots_.assign(old.empty() ? 64 : old.size() * 2, -1);
  const size_t mask = slots_.size() - 1;
  for (int32_t i : old) {
    if (i < 0) continue;
    size_t at = items_[static_cast<size_t>(i)].hash() & mask;
    while (slots_[at] >= 0) at = (at + 1) & mask;
    slots_[at] = i;
  }
}

void WorldSet::assign_distinct(std::vector<World>&& items) {
  items_ = std::move(items);
  slots_.clear();
}

bool WorldSet::insert(const World& w) {
  if (slots_.empty() && !items_.empty()) {  // after assign_distinct: index what is there
    std::vector<World> old = std::move(items_);
    items_.clear();
    for (const World& x : old) insert(x);
  }
  if ((items_.size() + 1) * 2 > slots_.size()) grow();
  const size_t mask = slots_.size() - 1;
  size_t at = w.hash() & mask;
  while (slots_[at] >= 0) {
    if (items_[static_cast<size_t>(slots_[at])] == w) return false;
    at = (at + 1) & mask;
  }
  slots_[at] = static_cast<int32_t>(items_.size());
  items_.push_back(w);
  return true;
}

}  // namespace catan::core
