#include "log/entry_codec.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace catan::log {

namespace {

// A member added to core::Action must be added to each_member below, or it would be lost
// on undo in a live game; this size is the reminder (the round-trip test checks values).
static_assert(sizeof(core::Action) == 384,
              "core::Action changed: add the new member to each_member in entry_codec.cpp "
              "and update this size");
static_assert(sizeof(text::Mark) == 8, "text::Mark changed: update put/get for marks");

// Calls f on the same member of each of `a...` (core::Actions), in the order of the packed
// form. 24 members: their presence fits a 32-bit mask.
template <class F, class... A>
void each_member(F&& f, A&... a) {
  f(a.kind...);
  f(a.player...);
  f(a.corner...);
  f(a.edge...);
  f(a.hex...);
  f(a.dice...);
  f(a.roll_sum...);
  f(a.hidden_cards...);
  f(a.hidden_owed...);
  f(a.hidden_buy...);
  f(a.give...);
  f(a.get...);
  f(a.dev_in_trade...);
  f(a.other...);
  f(a.has_steal...);
  f(a.steal_from...);
  f(a.stolen...);
  f(a.card...);
  f(a.resource...);
  f(a.has_take...);
  f(a.count...);
  f(a.end_build...);
  f(a.gains...);
  f(a.takes...);
  f(a.expect...);
}

// The entry's marks; `at` first (the others' lines are written relative to it).
template <class F, class E>
void each_mark(F&& f, E& e) {
  f(e.at);
  f(e.player);
  f(e.value);
  f(e.steal);
  f(e.gains);
  f(e.takes);
  f(e.take);
  f(e.expect);
  f(e.source);
}

// ---- writing: unsigned LEB128 varints; signed values zigzag-encoded first ----

void varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

template <class T>
requires std::is_integral_v<T> || std::is_enum_v<T>
void put(std::string& out, T v);
void put(std::string& out, const core::Axial& v);
void put(std::string& out, const core::ResourceSet& v);
void put(std::string& out, const core::CornerRef& v);
void put(std::string& out, const core::EdgeRef& v);
void put(std::string& out, const core::HexRef& v);
void put(std::string& out, const core::StolenCard& v);
void put(std::string& out, const core::Expectation& v);
void put(std::string& out, const std::string& v);
template <class T>
void put(std::string& out, const std::vector<T>& v);
template <class T>
void put(std::string& out, const std::optional<T>& v);

template <class T>
requires std::is_integral_v<T> || std::is_enum_v<T>
void put(std::string& out, T v) {
  int64_t x = 0;
  if constexpr (std::is_enum_v<T>)
    x = static_cast<int64_t>(static_cast<std::underlying_type_t<T>>(v));
  else
    x = static_cast<int64_t>(v);
  varint(out, (static_cast<uint64_t>(x) << 1) ^ static_cast<uint64_t>(x >> 63));
}
void put(std::string& out, const core::Axial& v) {
  put(out, v.q);
  put(out, v.r);
}
// Which counts are not zero (a bit each), then those counts: an empty set is one byte.
static_assert(core::kResourceCount <= 8);
void put(std::string& out, const core::ResourceSet& v) {
  uint8_t present = 0;
  for (size_t i = 0; i < v.n.size(); ++i)
    if (v.n[i] != 0) present |= static_cast<uint8_t>(1u << i);
  out.push_back(static_cast<char>(present));
  for (int n : v.n)
    if (n != 0) put(out, n);
}
void put(std::string& out, const core::CornerRef& v) {
  put(out, v.hex);
  put(out, v.dir);
  put(out, v.id);
}
void put(std::string& out, const core::EdgeRef& v) {
  put(out, v.hex);
  put(out, v.dir);
  put(out, v.id);
}
void put(std::string& out, const core::HexRef& v) {
  put(out, v.hex);
  put(out, v.id);
}
void put(std::string& out, const core::StolenCard& v) {
  put(out, v.resource);
  put(out, v.dev);
  put(out, v.hidden);
}
void put(std::string& out, const core::Expectation& v) {
  put(out, v.hands);
  put(out, v.cards);
  put(out, v.vp);
  put(out, v.longest_road);
  put(out, v.largest_army);
  put(out, v.bank);
  put(out, v.robber);
}
void put(std::string& out, const std::string& v) {
  varint(out, v.size());
  out += v;
}
template <class T>
void put(std::string& out, const std::vector<T>& v) {
  varint(out, v.size());
  for (const T& x : v) put(out, x);
}
template <class T>
void put(std::string& out, const std::optional<T>& v) {
  out.push_back(v ? '\1' : '\0');
  if (v) put(out, *v);
}

// ---- reading ----

struct In {
  std::string_view rest;

  [[noreturn]] static void corrupt() { throw std::logic_error("a packed entry is corrupt"); }
  uint8_t byte() {
    if (rest.empty()) corrupt();
    const auto b = static_cast<uint8_t>(rest.front());
    rest.remove_prefix(1);
    return b;
  }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const uint8_t b = byte();
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    corrupt();
  }
  size_t count() {
    const uint64_t n = varint();
    if (n > rest.size()) corrupt();  // every element takes at least one byte
    return static_cast<size_t>(n);
  }
};

// An enum's underlying integer, or the integer itself.
template <class T, bool = std::is_enum_v<T>>
struct Underlying {
  using type = T;
};
template <class T>
struct Underlying<T, true> {
  using type = std::underlying_type_t<T>;
};

template <class T>
requires std::is_integral_v<T> || std::is_enum_v<T>
void get(In& in, T& v);
void get(In& in, core::Axial& v);
void get(In& in, core::ResourceSet& v);
void get(In& in, core::CornerRef& v);
void get(In& in, core::EdgeRef& v);
void get(In& in, core::HexRef& v);
void get(In& in, core::StolenCard& v);
void get(In& in, core::Expectation& v);
void get(In& in, std::string& v);
template <class T>
void get(In& in, std::vector<T>& v);
template <class T>
void get(In& in, std::optional<T>& v);

template <class T>
requires std::is_integral_v<T> || std::is_enum_v<T>
void get(In& in, T& v) {
  const uint64_t z = in.varint();
  const auto x = static_cast<int64_t>((z >> 1) ^ (~(z & 1) + 1));
  using U = typename Underlying<T>::type;
  if constexpr (std::is_same_v<U, bool>) {
    if (x != 0 && x != 1) In::corrupt();
  } else {
    if (x < static_cast<int64_t>(std::numeric_limits<U>::min()) ||
        (x > 0 && static_cast<uint64_t>(x) > static_cast<uint64_t>(std::numeric_limits<U>::max())))
      In::corrupt();
  }
  v = static_cast<T>(static_cast<U>(x));
}
void get(In& in, core::Axial& v) {
  get(in, v.q);
  get(in, v.r);
}
void get(In& in, core::ResourceSet& v) {
  const uint8_t present = in.byte();
  if (present >> v.n.size()) In::corrupt();
  for (size_t i = 0; i < v.n.size(); ++i) {
    v.n[i] = 0;
    if (present >> i & 1) get(in, v.n[i]);
  }
}
void get(In& in, core::CornerRef& v) {
  get(in, v.hex);
  get(in, v.dir);
  get(in, v.id);
}
void get(In& in, core::EdgeRef& v) {
  get(in, v.hex);
  get(in, v.dir);
  get(in, v.id);
}
void get(In& in, core::HexRef& v) {
  get(in, v.hex);
  get(in, v.id);
}
void get(In& in, core::StolenCard& v) {
  get(in, v.resource);
  get(in, v.dev);
  get(in, v.hidden);
}
void get(In& in, core::Expectation& v) {
  get(in, v.hands);
  get(in, v.cards);
  get(in, v.vp);
  get(in, v.longest_road);
  get(in, v.largest_army);
  get(in, v.bank);
  get(in, v.robber);
}
void get(In& in, std::string& v) {
  const size_t n = in.count();
  v.assign(in.rest.substr(0, n));
  in.rest.remove_prefix(n);
}
template <class T>
void get(In& in, std::vector<T>& v) {
  v.resize(in.count());
  for (T& x : v) get(in, x);
}
template <class T>
void get(In& in, std::optional<T>& v) {
  const uint8_t present = in.byte();
  if (present > 1) In::corrupt();
  if (!present) {
    v.reset();
    return;
  }
  get(in, v.emplace());
}

}  // namespace

void pack_entry(const Entry& e, std::string& out) {
  static const core::Action blank;
  uint64_t members = 0, marks = 0;
  int bit = 0;
  each_member(
      [&](const auto& v, const auto& d) {
        if (!(v == d)) members |= uint64_t{1} << bit;
        ++bit;
      },
      e.action, blank);
  bit = 0;
  each_mark(
      [&](const text::Mark& m) {
        if (m.line != 0 || m.column != 0) marks |= uint64_t{1} << bit;
        ++bit;
      },
      e);
  varint(out, members);
  varint(out, marks);
  bit = 0;
  each_member(
      [&](const auto& v) {
        if (members >> bit++ & 1) put(out, v);
      },
      e.action);
  bit = 0;
  each_mark(
      [&](const text::Mark& m) {
        if (!(marks >> bit++ & 1)) return;
        // `at` in full, the others as lines from it: a few bytes however long the game.
        put(out, bit == 1 ? int64_t{m.line} : int64_t{m.line} - e.at.line);
        put(out, m.column);
      },
      e);
}

Entry unpack_entry(std::string_view& bytes) {
  In in{bytes};
  Entry e;
  const uint64_t members = in.varint(), marks = in.varint();
  int bit = 0;
  each_member(
      [&](auto& v) {
        if (members >> bit++ & 1) get(in, v);
      },
      e.action);
  bit = 0;
  each_mark(
      [&](text::Mark& m) {
        if (!(marks >> bit++ & 1)) return;
        int64_t line = 0;
        get(in, line);
        if (bit != 1) line += e.at.line;
        if (line < std::numeric_limits<int>::min() || line > std::numeric_limits<int>::max())
          In::corrupt();
        m.line = static_cast<int>(line);
        get(in, m.column);
      },
      e);
  bytes = in.rest;
  return e;
}

}  // namespace catan::log
