// Where each entry fed to a Replayer starts, kept for notes that point back at an earlier
// entry. A value type that copies in constant time: full chunks of marks are shared
// between copies (they never change once full), only the last partial chunk is copied. A
// live game (replay::Session) keeps a copy of its Replayer every few entries; with a plain
// vector every copy cost the game's length so far, and the session grew with its square.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <vector>

#include "text/yaml_tree.hpp"

namespace catan::replay {

class MarkLog {
 public:
  static constexpr size_t kChunk = 512;  // 4 KB of marks: the most a copy moves

  void push_back(const text::Mark& m) {
    tail_.push_back(m);
    if (tail_.size() == kChunk) {
      auto full = std::make_shared<Chunk>();
      std::copy(tail_.begin(), tail_.end(), full->begin());
      chunks_.push_back(std::move(full));
      tail_.clear();
    }
  }
  void pop_back() {
    if (tail_.empty() && !chunks_.empty()) {
      tail_.assign(chunks_.back()->begin(), chunks_.back()->end());
      chunks_.pop_back();
    }
    if (!tail_.empty()) tail_.pop_back();
  }
  size_t size() const { return chunks_.size() * kChunk + tail_.size(); }
  const text::Mark& operator[](size_t i) const {
    const size_t c = i / kChunk;
    return c < chunks_.size() ? (*chunks_[c])[i % kChunk] : tail_[i - chunks_.size() * kChunk];
  }

 private:
  using Chunk = std::array<text::Mark, kChunk>;
  std::vector<std::shared_ptr<const Chunk>> chunks_;
  std::vector<text::Mark> tail_;
};

}  // namespace catan::replay
