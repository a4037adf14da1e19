// A value per player, held inline for up to 8 players (the base game has 3 or 4) and on the
// heap beyond, so that scratch data computed on every roll or assertion allocates nothing
// while the engine keeps no fixed player limit (tests/unit/player_count_test.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace catan::core {

template <typename T>
class PerPlayer {
 public:
  PerPlayer() = default;
  explicit PerPlayer(int players) : n_(players) {
    if (n_ > static_cast<int>(kInline)) heap_.resize(static_cast<size_t>(n_));
  }

  size_t size() const { return static_cast<size_t>(n_); }
  // The values in player order, contiguous (for loops that index them many times).
  T* data() { return n_ > static_cast<int>(kInline) ? heap_.data() : inline_.data(); }
  const T* data() const { return n_ > static_cast<int>(kInline) ? heap_.data() : inline_.data(); }
  T& operator[](size_t p) { return n_ > static_cast<int>(kInline) ? heap_[p] : inline_[p]; }
  const T& operator[](size_t p) const {
    return n_ > static_cast<int>(kInline) ? heap_[p] : inline_[p];
  }

 private:
  static constexpr size_t kInline = 8;
  int n_ = 0;
  std::array<T, kInline> inline_{};
  std::vector<T> heap_;
};

}  // namespace catan::core
