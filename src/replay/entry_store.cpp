#include "replay/entry_store.hpp"

#include <stdexcept>
#include <string_view>

#include "log/entry_codec.hpp"

namespace catan::replay {

namespace {

void put_length(std::string& out, size_t n) {
  while (n >= 0x80) {
    out.push_back(static_cast<char>(n | 0x80));
    n >>= 7;
  }
  out.push_back(static_cast<char>(n));
}

// The length at `offset`; `offset` moves past it.
size_t get_length(const std::string& bytes, size_t& offset) {
  size_t n = 0;
  for (int shift = 0; offset < bytes.size() && shift < 64; shift += 7) {
    const auto b = static_cast<unsigned char>(bytes[offset++]);
    n |= static_cast<size_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) return n;
  }
  throw std::logic_error("the entry store is corrupt");
}

}  // namespace

void EntryStore::push_back(const log::Entry& e) {
  if (count_ % kGroup == 0) group_starts_.push_back(bytes_.size());
  std::string packed;
  log::pack_entry(e, packed);
  put_length(bytes_, packed.size());
  bytes_ += packed;
  ++count_;
}

void EntryStore::pop_back() {
  if (count_ == 0) return;
  const size_t last = count_ - 1;
  bytes_.resize(offset_of(last));
  if (last % kGroup == 0) group_starts_.pop_back();
  count_ = last;
}

size_t EntryStore::memory() const {
  return bytes_.capacity() + group_starts_.capacity() * sizeof(size_t);
}

size_t EntryStore::offset_of(size_t i) const {
  if (i >= count_) return bytes_.size();
  size_t at = group_starts_[i / kGroup];
  for (size_t k = i / kGroup * kGroup; k < i; ++k) at = skip(at);
  return at;
}

size_t EntryStore::skip(size_t offset) const {
  const size_t n = get_length(bytes_, offset);
  return offset + n;
}

log::Entry EntryStore::entry_at(size_t& offset) const {
  const size_t n = get_length(bytes_, offset);
  if (n > bytes_.size() - offset) throw std::logic_error("the entry store is corrupt");
  std::string_view packed(bytes_.data() + offset, n);
  log::Entry e = log::unpack_entry(packed);
  if (!packed.empty()) throw std::logic_error("the entry store is corrupt");
  offset += n;
  return e;
}

}  // namespace catan::replay
