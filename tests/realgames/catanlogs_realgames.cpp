// The catanlogs .catan importer on the real transcripts in ../shared/realgames/catanlogs
// (never copied here): each imports with its harbors on the coast, gets the verdict checked
// by hand, and reads back the same as catan-log/1. Skipped (exit 77) when the folder is
// absent (main.cpp); the importer's other tests are tests/unit/import_catanlogs_test.cpp.
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "base_island.hpp"
#include "core/geometry.hpp"
#include "import/catanlogs/import_catanlogs.hpp"
#include "import/registry.hpp"
#include "import_test_support.hpp"
#include "realgames.hpp"

namespace {

using namespace catan;

TEST_CASE("catanlogs: the real transcripts in ../shared/realgames import, replay and read back",
          "[catanlogs]") {
  const auto dir = test::realgames_root() / "catanlogs";
  // The verdicts, checked by hand against the transcripts (docs/IMPORT-CATANLOGS.md):
  // kralka's game writes "blue ends turn" twice in a row (lines 48-49); in josh's game green
  // builds a settlement at line 54 without ever having received or traded for grain.
  const std::map<std::string, std::string> verdicts{
      {"2016-02-12T15-34-26-kralka-yuri-ross-mike.catan", "illegal TURN-05 at action 30"},
      {"2016-02-15T22-45-00-josh-mike-hoskins-timo.catan", "illegal BUILD-02 at action 35"}};
  const auto files = test::files_in(dir, ".catan");
  REQUIRE(files.size() == 2);
  for (const auto& f : files) {
    const auto in = importers::import_catanlogs(f.filename().string(), test::slurp(f), {});
    INFO(f.filename().string());
    for (const auto& p : in.problems)
      WARN(f.filename().string() << ":" << p.at.line << ": " << p.message);
    CHECK(in.problems.empty());
    REQUIRE(in.games.size() == 1);
    const log::Game& g = in.games[0];
    CHECK(g.board.harbors.size() == 9);
    for (const core::HarborSpec& h : g.board.harbors)
      CHECK(base_island().is_coastal(base_island().edge_id(h.at, h.dir)));
    const auto r = replay::replay(f.filename().string(), g, {}).report;
    WARN(f.filename().string() << ": " << test::verdict_text(r)
                               << (r.error ? " -- " + r.error->message : std::string()));
    CHECK(test::verdict_text(r) == verdicts.at(f.filename().string()));
    REQUIRE(r.error);
    CHECK(r.error->at.line == g.actions.at(r.error->action - 1).source.line);
    const std::string yaml = test::to_yaml(g);
    const auto docs = log::read_string(yaml);
    REQUIRE(docs.size() == 1);
    REQUIRE(docs[0].game);
    CHECK(test::to_yaml(*docs[0].game) == yaml);
    CHECK(test::verdict_text(replay::replay("again", *docs[0].game, {}).report) ==
          test::verdict_text(r));
  }
}

}  // namespace
