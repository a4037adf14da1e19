// Property tests for five and six players under both turn structures (RULES-5-6.md):
// generated games replay as legal with the invariants after every entry, their legal
// actions at every entry include the entry the game took, and every mutation is rejected
// at the mutated entry, the turn structures' own mutations with their X56 rule.
#include <catch2/catch.hpp>
#include <string>

#include "core/rule_catalog.hpp"
#include "gen/generator.hpp"
#include "gen/mutator.hpp"
#include "log/reader.hpp"
#include "log/redact.hpp"
#include "log/writer.hpp"
#include "replay/replay.hpp"
#include "rules/engine.hpp"

using namespace catan;

namespace {

struct Case {
  int players;
  const char* structure;
};
constexpr Case kCases[] = {
    {5, "paired"}, {6, "paired"}, {5, "special-build"}, {6, "special-build"}};

gen::GenOptions options(uint64_t seed, const Case& c, const char* order = "strict") {
  gen::GenOptions o;
  o.seed = seed;
  o.players = c.players;
  o.build_bias = seed % 2 ? 2.0 : 1.0;
  REQUIRE(core::set_option(o.rules, "turn-structure-56", c.structure).empty());
  REQUIRE(core::set_option(o.rules, "special-build-order", order).empty());
  return o;
}

bool same_action(const core::Action& a, const core::Action& b) {
  core::Action x = a, y = b;
  x.expect.reset(), y.expect.reset(), x.gains.reset(), y.gains.reset(), x.takes.reset(),
      y.takes.reset();
  return x == y;
}

}  // namespace

TEST_CASE("five-six property: generated games are legal, entry by entry and as logs",
          "[property][five-six]") {
  for (const Case& c : kCases)
    for (uint64_t seed = 1; seed <= 2; ++seed)
      for (const char* order : {"strict", "any"}) {
        if (std::string(c.structure) == "paired" && std::string(order) == "any") continue;
        CAPTURE(c.players, c.structure, order, seed);
        const gen::GenOptions opt = options(seed, c, order);
        const gen::Game g = gen::generate(opt);
        auto docs = log::read_string(gen::to_yaml(g, opt, "prop56"));
        REQUIRE(docs.size() == 1);
        REQUIRE(docs[0].game);
        const log::Game& game = *docs[0].game;
        const core::Edition& edition = rules::edition_for(c.players, game.board);
        REQUIRE(&edition == &core::Edition::five_six());
        rules::Setup setup = rules::build_board(game.board, game.options, edition);
        REQUIRE(setup.board);
        core::GameState s = core::GameState::initial(*setup.board, game.options, game.players);
        int windows = 0, partner_entries = 0;
        for (size_t i = 0; i < game.actions.size(); ++i) {
          CAPTURE(i + 1);
          core::Action a = game.actions[i].action;
          core::resolve_places(a, edition.island);
          windows += s.phase == core::Phase::SpecialBuild && a.kind != core::ActionKind::Roll;
          partner_entries += s.phase == core::Phase::Partner;
          if (i % 7 == 0) {  // the entry taken is among the legal actions
            bool found = false;
            for (const core::Action& l : rules::legal_actions(s)) found |= same_action(l, a);
            CHECK(found);
          }
          auto v = rules::check(s, a);
          if (v) INFO(core::id(v->rule));
          REQUIRE((!v || v->severity == core::Severity::Warning));
          rules::apply(s, a);
          REQUIRE(rules::check_invariants(s).empty());
        }
        CHECK(s.winner == g.final_state.winner);
        CHECK(s.bank == g.final_state.bank);
        CHECK(s.turn == g.final_state.turn);
        if (std::string(c.structure) == "paired") CHECK(partner_entries > 0);
        if (std::string(c.structure) == "special-build") CHECK(windows > 0);
        replay::Outcome out = replay::replay("prop56.yaml", game, {});
        CHECK(out.report.status == diag::Status::Legal);
        CHECK(out.report.winner == game.players[g.final_state.winner]);
      }
}

TEST_CASE("five-six property: every mutation is rejected at the mutated entry",
          "[property][five-six]") {
  int checked = 0, own = 0;
  for (const Case& c : kCases) {
    const gen::GenOptions opt = options(21, c);
    const gen::Game g = gen::generate(opt);
    auto docs = log::read_string(gen::to_yaml(g, opt, "prop56"));
    REQUIRE(docs[0].game);
    for (uint64_t mseed = 1; mseed <= 2; ++mseed)
      for (const gen::Mutation& m : gen::mutate(*docs[0].game, mseed)) {
        CAPTURE(c.players, c.structure, mseed, m.kind, m.what);
        auto mdocs = log::read_string(gen::mutation_yaml(*docs[0].game, m, "prop56"));
        REQUIRE(mdocs.size() == 1);
        REQUIRE(mdocs[0].game);
        replay::Outcome out = replay::replay("mut56.yaml", *mdocs[0].game, {});
        REQUIRE(out.report.status == diag::Status::Illegal);
        REQUIRE(out.report.error);
        CHECK(out.report.error->action == m.action);
        const std::string got(core::id(*out.report.error->rule)), want(core::id(m.rule));
        CHECK(got == want);  // the mutator names the five-six rule the game reports
        own += want.starts_with("X56-");
        ++checked;
      }
  }
  CHECK(checked >= 40);
  CHECK(own >= 8);
}

TEST_CASE("five-six property: redacted views of generated games stay legal with the same winner",
          "[property][five-six][view]") {
  int views = 0;
  for (const Case& c : kCases) {
    const gen::GenOptions opt = options(31, c);
    const gen::Game g = gen::generate(opt);
    const std::string winner = g.players[g.final_state.winner];
    for (int seat : {-1, 0, c.players - 1}) {
      log::RedactOptions ro;
      ro.seat = seat;
      ro.hide_discards = seat == 0;
      ro.dice_sum = seat == -1;
      CAPTURE(c.players, c.structure, seat);
      auto docs = log::read_string(log::write_view({"view", "", opt.rules, g.players, g.board, ""},
                                                   g.actions, ro, g.final_state.winner));
      REQUIRE(docs.size() == 1);
      REQUIRE(docs[0].game);
      replay::Settings st;
      st.max_worlds = ro.hide_discards ? 500 : 20000;
      const diag::GameReport r = replay::replay("view56.yaml", *docs[0].game, st).report;
      INFO((r.error ? r.error->message : std::string()));
      REQUIRE(r.status == diag::Status::Legal);
      CHECK(r.winner == winner);
      ++views;
    }
  }
  CHECK(views == 12);
}
