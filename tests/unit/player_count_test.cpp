// Every path into the engine checks the player count (SETUP-01), and the engine's
// per-player bookkeeping has no fixed limit (a 9-player log overflowed std::array<int, 8>).
#include <catch2/catch.hpp>
#include <stdexcept>

#include "base_island.hpp"
#include "fixture.hpp"
#include "gen/generator.hpp"
#include "gen/mutator.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"
#include "rules/detail.hpp"
#include "rules/engine.hpp"

using namespace catan;

namespace {

const std::string kNine = "[p1, p2, p3, p4, p5, p6, p7, p8, p9]";

// Nine players, p1's first settlement and road (legal placements on the fixture board).
std::string nine_player_log() {
  return test::header("", kNine) +
         "  - {player: p1, settlement: [0, -1, S]}\n"
         "  - {player: p1, road: [0, -1, SW]}\n";
}

}  // namespace

TEST_CASE("player count: check, mutate and generate refuse a 9-player game (SETUP-01)",
          "[players]") {
  auto docs = log::read_string(nine_player_log());
  REQUIRE(docs.size() == 1);
  REQUIRE(docs[0].game);
  SECTION("check") {
    auto out = replay::replay("nine.yaml", *docs[0].game, {});
    REQUIRE(out.report.error);
    CHECK(out.report.error->rule == core::Rule::X56_SETUP_01);  // more than the extension's 6
  }
  SECTION("mutate") {
    CHECK_THROWS_WITH(gen::mutate(*docs[0].game, 1), Catch::Contains("SETUP-01"));
  }
  SECTION("generate") {
    gen::GenOptions opt;
    opt.players = 9;
    CHECK_THROWS_AS(gen::generate(opt), std::invalid_argument);
  }
}

TEST_CASE("player count: the engine's per-player bookkeeping has no fixed limit", "[players]") {
  auto docs = log::read_string(nine_player_log());
  REQUIRE(docs[0].game);
  const log::Game& g = *docs[0].game;
  rules::Setup setup = rules::build_board(g.board, g.options);
  REQUIRE(setup.board);
  core::GameState s = core::GameState::initial(*setup.board, g.options, g.players);
  for (const auto& e : g.actions) rules::apply(s, e.action);  // updates every road length
  CHECK(s.players[0].road_length == 1);
  const rules::Prior prior = rules::prior_of(s);
  REQUIRE(prior.road_length.size() == 9);
  CHECK(prior.road_length[8] == 0);
  // A roll's production (per-player values held inline up to 8 players, on the heap beyond).
  const int number = setup.board->hexes[base_island().hex_id({0, -1})].number;
  const rules::detail::Production pr = rules::detail::compute_production(s, number);
  REQUIRE(pr.granted.size() == 9);
  CHECK(pr.granted[8].empty());
}

TEST_CASE("player count: per-player values are the same inline and on the heap", "[players]") {
  for (int n : {3, 8, 9, 40}) {
    core::PerPlayer<int> v(n);
    REQUIRE(v.size() == static_cast<size_t>(n));
    for (int p = 0; p < n; ++p) CHECK(v[p] == 0);
    for (int p = 0; p < n; ++p) v[p] = 10 * p;
    const auto copy = v;
    for (int p = 0; p < n; ++p) CHECK(copy[p] == 10 * p);
  }
}
