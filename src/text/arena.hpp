// A bump allocator for the nodes and text of YAML trees (text/yaml_tree.hpp): no per-node
// allocation, no destructors, and a checkpoint to rewind to, so that an `actions` item the
// replay has taken gives its memory back before the next item is read.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <type_traits>
#include <vector>

namespace catan::text {

class Arena {
 public:
  Arena() = default;
  Arena(Arena&&) noexcept = default;
  Arena& operator=(Arena&&) noexcept = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  void* allocate(size_t bytes, size_t align) {
    const size_t at = (used_ + align - 1) & ~(align - 1);
    if (at + bytes > cap_) return grow(bytes, align);
    used_ = at + bytes;
    return cur_ + at;
  }

  // A copy of `n` trivially copyable objects (nullptr for none).
  template <typename T>
  T* copy(const T* from, size_t n) {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
    if (n == 0) return nullptr;
    T* to = static_cast<T*>(allocate(n * sizeof(T), alignof(T)));
    std::memcpy(static_cast<void*>(to), from, n * sizeof(T));
    return to;
  }
  std::string_view copy(std::string_view s) {
    return s.empty() ? std::string_view() : std::string_view(copy(s.data(), s.size()), s.size());
  }

  // Everything allocated after a checkpoint is given back by rewinding to it (the chunks
  // stay for what comes next).
  struct Checkpoint {
    size_t chunk = 0;
    size_t used = 0;
  };
  Checkpoint checkpoint() const { return {current_, used_}; }
  void rewind(Checkpoint c);

  // Bytes held in chunks (for tests and measurements).
  size_t capacity() const;

 private:
  struct Chunk {
    std::unique_ptr<char[]> data;
    size_t size = 0;
  };
  std::vector<Chunk> chunks_;
  size_t current_ = 0;  // the chunk in use, when there is one
  char* cur_ = nullptr;
  size_t used_ = 0;
  size_t cap_ = 0;

  void* grow(size_t bytes, size_t align);
};

}  // namespace catan::text
