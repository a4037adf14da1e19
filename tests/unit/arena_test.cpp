// The arena of YAML trees (log/arena.hpp): allocation, checkpoints, and the bound it gives
// the readers, whose `actions` items the replay takes give their memory back.
#include "text/arena.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <sstream>
#include <string>

#include "text/fast_json.hpp"
#include "text/fast_yaml.hpp"
#include "text/yaml_tree.hpp"
#include "tree_compare.hpp"

using namespace catan;

namespace {

// A game of `n` roll entries, in block YAML or in JSON.
std::string long_log(int n, bool json) {
  std::string s = json ? R"({"format": "catan-log/1", "players": ["red", "blue"], "actions": [)"
                       : "format: catan-log/1\nplayers: [red, blue]\nactions:\n";
  for (int i = 0; i < n; ++i) {
    if (json)
      s += std::string(i ? ", " : "") + R"({"player": "red", "roll": [3, 4], "note": "x"})";
    else
      s += "  - {player: red, roll: [3, 4], note: 'it''s x'}\n";
  }
  s += json ? "]}\n" : "";
  return s;
}

}  // namespace

TEST_CASE("arena: allocations are aligned, distinct, and a checkpoint gives them back", "[arena]") {
  text::Arena a;
  CHECK(a.capacity() == 0);
  char* c = static_cast<char*>(a.allocate(1, 1));
  auto* d = static_cast<double*>(a.allocate(sizeof(double), alignof(double)));
  CHECK(reinterpret_cast<uintptr_t>(d) % alignof(double) == 0);
  CHECK(static_cast<void*>(c) != static_cast<void*>(d));
  const std::string_view s = a.copy(std::string_view("hello"));
  CHECK(s == "hello");
  CHECK(a.copy(std::string_view()).empty());
  const text::Arena::Checkpoint cp = a.checkpoint();
  void* first = a.allocate(100, 8);
  a.rewind(cp);
  CHECK(a.allocate(100, 8) == first);  // the same memory again
  CHECK(s == "hello");                 // what came before the checkpoint stays
}

TEST_CASE("arena: requests beyond a chunk, and rewinds over several chunks", "[arena]") {
  text::Arena a;
  const text::Arena::Checkpoint start = a.checkpoint();
  for (int round = 0; round < 50; ++round) {
    for (int i = 0; i < 200; ++i) a.allocate(1000, 8);       // 200 KB: several chunks
    auto* big = static_cast<char*>(a.allocate(3 << 20, 1));  // larger than any chunk
    big[0] = 'x';
    big[(3 << 20) - 1] = 'y';
    a.rewind(start);
  }
  // The chunks are reused after each rewind: what is held is one round's worth.
  CHECK(a.capacity() < (8u << 20));
  CHECK(a.capacity() >= (3u << 20));
}

TEST_CASE("arena: a tree is copied deep by clone", "[arena]") {
  auto trees = text::parse_fast("a: [1, 'x', {b: c}]\n");
  REQUIRE(trees);
  text::Arena other;
  const text::Node copy = text::clone(trees->docs[0], other);
  CHECK(test::same(copy, trees->docs[0]));
  CHECK(copy.entries.data() != trees->docs[0].entries.data());
  CHECK(copy.entries[0].value.items[1].value.data() !=
        trees->docs[0].entries[0].value.items[1].value.data());
}

TEST_CASE("arena: items the hook takes give their memory back, in every reader", "[arena]") {
  const text::ActionHook take = [](const text::Node&, const text::Node&) { return true; };
  for (const bool json : {false, true}) {
    CAPTURE(json);
    const std::string text = long_log(20000, json);  // about 1 MB
    auto whole = json ? text::parse_fast_json(text) : text::parse_fast(text);
    auto hooked = json ? text::parse_fast_json(text, SIZE_MAX, 1, &take)
                       : text::parse_fast(text, SIZE_MAX, 1, &take);
    REQUIRE(whole);
    REQUIRE(hooked);
    CHECK(whole->arena.capacity() > (1u << 20));     // the whole tree is held
    CHECK(hooked->arena.capacity() <= (64u << 10));  // one item at a time
  }
  // yaml-cpp's tree builder the same.
  const std::string text = long_log(5000, false);
  std::istringstream in(text);
  text::DocumentReader reader(in);
  text::Arena arena;
  REQUIRE(reader.next(arena, take));
  CHECK(arena.capacity() <= (64u << 10));
}
