// core::World's equality and core::WorldSet's merging against a plain byte comparison and a
// std::set: the set's index keeps half of each hash in its slots and compares worlds only
// when the halves agree, so a wrong tag, a lost slot on growth or an equality that skips
// bytes shows here as a wrong size, a wrong answer of insert, or a changed order.
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <set>

#include "core/world.hpp"

using catan::core::World;
using catan::core::WorldSet;

namespace {

std::array<uint8_t, sizeof(World::n)> bytes(const World& w) { return w.n; }

World random_world(std::mt19937& rng, int spread) {
  World w;
  std::uniform_int_distribution<int> count(0, spread);
  for (auto& c : w.n) c = static_cast<uint8_t>(count(rng));
  return w;
}

}  // namespace

TEST_CASE("world set: equality reads every byte, the tail included", "[world-set]") {
  World a;
  for (size_t i = 0; i < a.n.size(); ++i) a.n[i] = static_cast<uint8_t>(i % 7);
  for (size_t i = 0; i < a.n.size(); ++i) {
    World b = a;
    CHECK(b == a);
    b.n[i] = static_cast<uint8_t>(b.n[i] + 1);
    INFO("byte " << i);
    CHECK_FALSE(b == a);
    CHECK_FALSE(a == b);
  }
}

TEST_CASE("world set: merges as a std::set does, in insertion order", "[world-set]") {
  std::mt19937 rng(7);
  for (int spread : {1, 2, 19}) {
    // Few distinct values per byte (spread 1) make many equal worlds and long probe runs.
    WorldSet set;
    std::set<std::array<uint8_t, sizeof(World::n)>> seen;
    std::vector<World> order;
    for (int i = 0; i < 20000; ++i) {
      World w = random_world(rng, spread);
      if (spread < 19) {  // the same few bytes varying: collisions of whole worlds
        for (size_t k = 6; k < w.n.size(); ++k) w.n[k] = 0;
      }
      const bool added = seen.insert(bytes(w)).second;
      INFO("spread " << spread << ", world " << i);
      REQUIRE(set.insert(w) == added);
      if (added) order.push_back(w);
    }
    REQUIRE(set.size() == seen.size());
    REQUIRE(set.items().size() == order.size());
    for (size_t i = 0; i < order.size(); ++i) CHECK(set.items()[i] == order[i]);
    // Every world inserted again is found.
    for (const World& w : order) CHECK_FALSE(set.insert(w));
    CHECK(set.size() == order.size());
  }
}

TEST_CASE("world set: assign_distinct, reserve and release", "[world-set]") {
  std::mt19937 rng(11);
  std::vector<World> distinct;
  std::set<std::array<uint8_t, sizeof(World::n)>> seen;
  while (distinct.size() < 3000) {
    World w = random_world(rng, 3);
    if (seen.insert(bytes(w)).second) distinct.push_back(w);
  }
  WorldSet set;
  set.assign_distinct(std::vector<World>(distinct));
  CHECK(set.size() == distinct.size());
  for (const World& w : distinct) CHECK_FALSE(set.insert(w));  // indexed on first insert
  CHECK(set.size() == distinct.size());
  set.reserve(10000);
  World fresh = distinct.front();
  fresh.n[0] = 200;  // no random world has a count above 3
  CHECK(set.insert(fresh));
  CHECK(set.size() == distinct.size() + 1);
  std::vector<World> out = set.release();
  CHECK(out.size() == distinct.size() + 1);
  CHECK(out.back() == fresh);
  CHECK(set.empty());
  CHECK(set.insert(fresh));  // usable again, and empty of the old worlds
  CHECK(set.insert(distinct.front()));
  CHECK(set.size() == 2);

  WorldSet reserved;  // room made before the first insert, and past it
  reserved.reserve(1000);
  for (const World& w : distinct) CHECK(reserved.insert(w));
  for (const World& w : distinct) CHECK_FALSE(reserved.insert(w));
  CHECK(reserved.size() == distinct.size());
  WorldSet after_assign;  // reserve before the worlds given as distinct are indexed
  after_assign.assign_distinct(std::vector<World>(distinct.begin(), distinct.begin() + 10));
  after_assign.reserve(5000);
  for (const World& w : distinct) after_assign.insert(w);
  CHECK(after_assign.size() == distinct.size());
  for (size_t i = 0; i < distinct.size(); ++i) CHECK(after_assign.items()[i] == distinct[i]);
}
