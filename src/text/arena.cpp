#include "text/arena.hpp"

#include <algorithm>

namespace catan::text {

namespace {
constexpr size_t kFirstChunk = 16 * 1024;
constexpr size_t kLargestChunk = 1024 * 1024;  // larger requests get a chunk of their own
}  // namespace

void Arena::rewind(Checkpoint c) {
  if (chunks_.empty()) return;
  current_ = c.chunk;
  cur_ = chunks_[current_].data.get();
  cap_ = chunks_[current_].size;
  used_ = c.used;
}

size_t Arena::capacity() const {
  size_t n = 0;
  for (const Chunk& c : chunks_) n += c.size;
  return n;
}

void* Arena::grow(size_t bytes, size_t align) {
  const size_t need = bytes + align;
  // The next chunk, kept from before a rewind, when it is large enough; else a new chunk
  // goes before it.
  const size_t next = chunks_.empty() ? 0 : current_ + 1;
  if (next == chunks_.size() || chunks_[next].size < need) {
    const size_t last = chunks_.empty() ? kFirstChunk / 2 : chunks_[current_].size;
    const size_t size = std::max(need, std::min(kLargestChunk, last * 2));
    chunks_.insert(chunks_.begin() + static_cast<std::ptrdiff_t>(next),
                   Chunk{std::make_unique_for_overwrite<char[]>(size), size});
  }
  current_ = next;
  cur_ = chunks_[next].data.get();
  cap_ = chunks_[next].size;
  used_ = 0;
  return allocate(bytes, align);
}

}  // namespace catan::text
