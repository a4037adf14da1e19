// Property test for `show --at`: every way of naming a moment (after action N, the start of
// turn T, the end) lands on the same position in a complete log and in each of its redacted
// views (every seat and a spectator, with and without hidden discards and sum-only dice).
// Before the fix, a view stopped at turn:T only while no card had been hidden yet: the
// worlds' turn was not consulted, so `turn:5` of a spectator view meant the end of the game.
#include <catch2/catch.hpp>

#include "gen/generator.hpp"
#include "log/reader.hpp"
#include "log/redact.hpp"
#include "replay/replay.hpp"

using namespace catan;

namespace {

struct Stop {
  int stop_before = 0;
  int stop_at_turn = 0;
};

// What a view's position must share with the complete log's: everything public.
struct Public {
  int checked = 0, turn = 0, active = 0, robber = 0, longest_road = 0, largest_army = 0;
  core::Phase phase{};
  std::vector<int> pieces, knights;
  std::vector<std::pair<int, int>> sizes;  // hand sizes, as the fewest and most
  bool operator==(const Public&) const = default;
};

Public public_of(const replay::Outcome& out) {
  REQUIRE(out.state);
  const core::GameState& s = *out.state;
  Public p;
  p.checked = out.report.checked;
  p.turn = s.turn;
  p.active = s.active;
  p.robber = s.robber;
  p.longest_road = s.longest_road;
  p.largest_army = s.largest_army;
  p.phase = s.phase;
  for (const auto& ps : s.players) {
    p.pieces.insert(p.pieces.end(), {ps.roads, ps.settlements, ps.cities});
    p.sizes.emplace_back(ps.hand.total(), ps.hand.total());
    p.knights.push_back(ps.knights_played);
  }
  if (out.position) p.sizes = out.position->hand_sizes();  // public in every world
  return p;
}

replay::Outcome at(const log::Game& g, Stop stop) {
  replay::Settings st;
  st.stop_before = stop.stop_before;
  st.stop_at_turn = stop.stop_at_turn;
  st.max_worlds = 2000;
  return replay::replay("log.yaml", g, st);
}

}  // namespace

TEST_CASE("view positions: --at forms land on the same position in a log and its views",
          "[property][view]") {
  int compared = 0, hidden_before = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    gen::GenOptions opt;
    opt.seed = seed;
    opt.players = seed % 2 ? 3 : 4;
    const gen::Game g = gen::generate(opt);
    const log::HeaderInfo h{"view", "", opt.rules, g.players, g.board, ""};
    auto full_docs = log::read_string(gen::to_yaml(g, opt, "full"));
    REQUIRE(full_docs.at(0).game);
    const log::Game& full = *full_docs[0].game;
    const int turns = g.final_state.turn;
    const int n = static_cast<int>(g.actions.size());
    std::vector<Stop> stops;
    for (int t = 1; t <= turns + 1; t += 4 + static_cast<int>(seed % 3)) stops.push_back({0, t});
    for (int k : {0, n / 2, n - 1, n + 5}) stops.push_back({k + 1, 0});
    stops.push_back({0, 0});  // the end
    std::vector<Public> expected;
    for (const Stop& s : stops) expected.push_back(public_of(at(full, s)));
    for (int seat = -1; seat < opt.players; ++seat) {
      log::RedactOptions ro;
      ro.seat = seat;
      ro.hide_discards = seat == static_cast<int>(seed % 3) - 1;  // slow: one view a game
      ro.dice_sum = (seed + static_cast<uint64_t>(seat)) % 2 == 0;
      auto docs = log::read_string(log::write_view(h, g.actions, ro, g.final_state.winner));
      REQUIRE(docs.at(0).game);
      for (size_t i = 0; i < stops.size(); ++i) {
        CAPTURE(seed, seat, ro.hide_discards, ro.dice_sum, stops[i].stop_before,
                stops[i].stop_at_turn);
        const replay::Outcome out = at(*docs[0].game, stops[i]);
        REQUIRE(out.report.status != diag::Status::Illegal);
        CHECK(public_of(out) == expected[i]);
        hidden_before += out.position != std::nullopt;
        ++compared;
      }
    }
  }
  INFO("positions compared " << compared << ", of which after a hidden card " << hidden_before);
  CHECK(compared > 150);
  CHECK(hidden_before > compared / 2);  // the views' worlds were in play, not only the prefix
}
