// log::pack_entry / unpack_entry and replay::EntryStore: a live game keeps its accepted
// entries packed, and undo replays what it unpacks, so the round trip must give back every
// member and every mark exactly.
#include "log/entry_codec.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <climits>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "log/reader.hpp"
#include "log/redact.hpp"
#include "replay/entry_store.hpp"
#include "test_inputs.hpp"

namespace {

using catan::log::Entry;

Entry round_trip(const Entry& e) {
  std::string bytes;
  catan::log::pack_entry(e, bytes);
  std::string_view in(bytes);
  Entry back = catan::log::unpack_entry(in);
  CHECK(in.empty());
  return back;
}

// Every entry of every game in `text`; the number of entries.
int check_games(const std::string& text, size_t* packed_bytes = nullptr) {
  int n = 0;
  for (const catan::log::Document& d : catan::log::read_string(text)) {
    if (!d.game) continue;
    for (const Entry& e : d.game->actions) {
      const Entry back = round_trip(e);
      if (!(back == e))
        FAIL_CHECK("entry at line " << e.at.line << " differs after the round trip");
      if (packed_bytes) {
        std::string bytes;
        catan::log::pack_entry(e, bytes);
        *packed_bytes += bytes.size();
      }
      ++n;
    }
  }
  return n;
}

int pick(std::mt19937_64& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

// An entry with every member drawn at random (extremes included), so that each member's
// encoding is exercised whatever the samples hold.
Entry random_entry(std::mt19937_64& rng) {
  auto number = [&] {
    switch (pick(rng, 0, 5)) {
      case 0:
        return INT_MIN;
      case 1:
        return INT_MAX;
      case 2:
        return pick(rng, -3, 3);
      default:
        return pick(rng, -100000, 100000);
    }
  };
  auto maybe = [&] { return pick(rng, 0, 2) == 0; };
  auto resources = [&] {
    catan::core::ResourceSet s;
    for (int& x : s.n) x = maybe() ? number() : pick(rng, 0, 4);
    return s;
  };
  auto mark = [&] {
    return maybe() ? catan::text::Mark{} : catan::text::Mark{number(), pick(rng, 0, 200)};
  };
  auto axial = [&] { return catan::core::Axial{number(), number()}; };
  Entry e;
  catan::core::Action& a = e.action;
  a.kind = static_cast<catan::core::ActionKind>(pick(rng, 0, 12));
  a.player = number();
  a.corner = {axial(), static_cast<catan::core::CornerDir>(pick(rng, 0, 5)),
              static_cast<catan::core::CornerId>(pick(rng, -128, 127))};
  a.edge = {axial(), static_cast<catan::core::EdgeDir>(pick(rng, 0, 5)),
            static_cast<catan::core::EdgeId>(pick(rng, -128, 127))};
  a.hex = {axial(), static_cast<catan::core::HexId>(pick(rng, -128, 127))};
  for (int k = pick(rng, 0, 3); k > 0; --k) a.dice.push_back(number());
  a.roll_sum = number();
  a.hidden_cards = number();
  a.hidden_owed = maybe();
  a.hidden_buy = maybe();
  a.give = resources();
  a.get = resources();
  if (maybe()) a.dev_in_trade = std::string(static_cast<size_t>(pick(rng, 0, 300)), 'k');
  a.other = number();
  a.has_steal = maybe();
  a.steal_from = number();
  if (maybe()) a.stolen.resource = static_cast<catan::core::Resource>(pick(rng, 0, 4));
  if (maybe()) a.stolen.dev = static_cast<catan::core::DevCard>(pick(rng, 0, 4));
  a.stolen.hidden = maybe();
  a.card = static_cast<catan::core::DevCard>(pick(rng, 0, 4));
  a.resource = static_cast<catan::core::Resource>(pick(rng, 0, 4));
  a.has_take = maybe();
  a.count = number();
  if (maybe()) {
    a.gains.emplace();
    for (int k = pick(rng, 0, 6); k > 0; --k) a.gains->push_back(resources());
  }
  if (maybe()) {
    a.takes.emplace();
    for (int k = pick(rng, 0, 6); k > 0; --k) a.takes->push_back(number());
  }
  if (maybe()) {
    catan::core::Expectation x;
    for (int k = pick(rng, 0, 6); k > 0; --k) {
      x.hands.push_back(maybe() ? std::optional(resources()) : std::nullopt);
      x.cards.push_back(maybe() ? std::optional(number()) : std::nullopt);
      x.vp.push_back(maybe() ? std::optional(number()) : std::nullopt);
    }
    if (maybe()) x.longest_road = number();
    if (maybe()) x.largest_army = number();
    if (maybe()) x.bank = resources();
    if (maybe()) x.robber = catan::core::HexRef{axial(), -1};
    a.expect = x;
  }
  e.at = mark();
  e.player = mark();
  e.value = mark();
  e.steal = mark();
  e.gains = mark();
  e.takes = mark();
  e.take = mark();
  e.expect = mark();
  e.source = mark();
  return e;
}

}  // namespace

TEST_CASE("entry codec: every entry of every sample comes back exactly", "[entry_codec]") {
  const std::filesystem::path root(CATAN_SOURCE_DIR);
  std::vector<std::filesystem::path> paths;
  for (const auto& e : std::filesystem::directory_iterator(root / "samples"))
    if (e.path().extension() == ".yaml") paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  int entries = 0;
  for (const auto& p : paths) {
    CAPTURE(p.string());
    entries += check_games(catan::test::read_file(p));
  }
  CHECK(paths.size() > 100);
  CHECK(entries > 2000);
}

TEST_CASE("entry codec: generated games and their views come back exactly, in few bytes",
          "[entry_codec]") {
  size_t bytes = 0;
  int entries = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    const std::string yaml = catan::test::generated_yaml(seed, seed % 2 ? 4 : 3, "codec");
    entries += check_games(yaml, &bytes);
    const auto docs = catan::log::read_string(yaml);
    REQUIRE(docs.size() == 1);
    REQUIRE(docs[0].game);
    for (const char* view : {"spectator", "red"}) {
      catan::log::RedactOptions o;
      o.hide_discards = seed % 2 == 0;
      o.dice_sum = seed % 3 == 0;
      const auto redacted = catan::log::redact_game(*docs[0].game, view, o);
      REQUIRE(redacted);
      CHECK(check_games(*redacted) > 0);
    }
  }
  INFO("bytes " << bytes << " for " << entries << " entries");
  CHECK(entries > 1000);
  // About 26 bytes an entry (marks and the many `expect`s of generated games included)
  // where a log::Entry takes over 400.
  CHECK(bytes <= static_cast<size_t>(entries) * 32);
}

TEST_CASE("entry codec: random members and marks, extremes included, come back exactly",
          "[entry_codec]") {
  std::mt19937_64 rng(2026);
  std::string bytes;
  std::vector<Entry> all;
  for (int k = 0; k < 2000; ++k) {
    all.push_back(random_entry(rng));
    REQUIRE(round_trip(all.back()) == all.back());
    catan::log::pack_entry(all.back(), bytes);
  }
  // One after another in one buffer, as the store keeps them.
  std::string_view in(bytes);
  for (const Entry& e : all) REQUIRE(catan::log::unpack_entry(in) == e);
  CHECK(in.empty());
  // A default entry is two bytes (no member, no mark differs).
  std::string blank;
  catan::log::pack_entry(Entry{}, blank);
  CHECK(blank.size() == 2);
}

TEST_CASE("entry codec: cut or corrupt bytes throw, never read past the end", "[entry_codec]") {
  std::mt19937_64 rng(7);
  for (int k = 0; k < 200; ++k) {
    const Entry e = random_entry(rng);
    std::string bytes;
    catan::log::pack_entry(e, bytes);
    for (size_t cut = 0; cut < bytes.size(); ++cut) {
      std::string_view in(bytes.data(), cut);
      CHECK_THROWS_AS(catan::log::unpack_entry(in), std::logic_error);
    }
  }
  std::string bad(12, '\xff');  // a varint that never ends
  std::string_view in(bad);
  CHECK_THROWS_AS(catan::log::unpack_entry(in), std::logic_error);
}

TEST_CASE("entry store: push, pop and replay from any entry agree with a vector", "[entry_codec]") {
  std::mt19937_64 rng(99);
  catan::replay::EntryStore store;
  std::vector<Entry> ref;
  for (int step = 0; step < 3000; ++step) {
    if (!ref.empty() && pick(rng, 0, 3) == 0) {
      for (int k = pick(rng, 1, 40); k > 0 && !ref.empty(); --k) {
        store.pop_back();
        ref.pop_back();
      }
    } else {
      ref.push_back(random_entry(rng));
      store.push_back(ref.back());
    }
    REQUIRE(store.size() == ref.size());
    if (step % 97 == 0 || step == 2999) {
      const size_t from = ref.empty() ? 0 : static_cast<size_t>(pick(rng, 0, int(ref.size())));
      size_t next = from;
      store.for_each_from(from, [&](size_t i, const Entry& e) {
        REQUIRE(i == next);
        REQUIRE(e == ref[i]);
        ++next;
      });
      CHECK(next == ref.size());
    }
  }
  while (!ref.empty()) {
    store.pop_back();
    ref.pop_back();
  }
  CHECK(store.empty());
  store.pop_back();  // nothing to take back: nothing happens
  CHECK(store.empty());
}
