// The STAC legacy importer on the real STAC files of ../shared/realgames (never copied here):
// each file imports to the number of entries and the verdict established when the importer
// was written (docs/IMPORT-STAC.md, "The real logs"), or is refused with the reason recorded
// there; an imported game written as catan-log/1 reads back to the same verdict.
// Skipped (exit 77) when the folders are absent (main.cpp).
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "import/stac/import_stac.hpp"
#include "import_test_support.hpp"
#include "log/reader.hpp"
#include "realgames.hpp"

namespace fs = std::filesystem;
using namespace catan;

namespace {

importers::Imported import_file(const std::string& rel) {
  const fs::path p = test::realgames_root() / rel;
  REQUIRE(fs::exists(p));
  const std::string text = test::slurp(p);
  CHECK(catan::importers::looks_like_stac(text.substr(0, 64)));
  return catan::importers::import_stac(p.filename().string(), text, {});
}

struct Expected {
  const char* file;
  size_t actions;
  const char* verdict;  // test::verdict_text
};

// sample.soclog is an excerpt: about 1m45s of the game is missing after dmm's first turn
// (17:27:09 to 17:28:54): the server announces inca's turn, the next SOCTurn is
// gotwood4sheep's, and gotwood4sheep's own chat record at 17:28:55 shows a hand ({grain: 2,
// ore: 1}) and a third road (38 = 0x26) that no line of the file produced. The import keeps
// that record as the `expect` of dmm's `end: turn` (action 19), which the checker refutes.
// The practice game ends when every player has left (the server then declares "null has won
// the game with 4 points"): incomplete, its final scores asserted as `expect: vp`.
const Expected kGames[] = {
    {"stac/sample.soclog", 30, "illegal COMP-05 at action 19"},
    {"stac/big-sample-s2-league5-game0.soclog", 54, "incomplete"},
};

}  // namespace

TEST_CASE("realgames stac: every game imports and gets its established verdict", "[stac]") {
  for (const Expected& x : kGames) {
    INFO(x.file);
    const importers::Imported im = import_file(x.file);
    for (const auto& p : im.problems)
      UNSCOPED_INFO(p.at.line << ":" << p.at.column << ": " << p.message);
    REQUIRE(im.problems.empty());
    REQUIRE(im.games.size() == 1);
    const log::Game& g = im.games[0];
    CHECK(g.actions.size() == x.actions);
    const diag::GameReport r = replay::replay(x.file, g, {}).report;
    INFO((r.error ? r.error->message : std::string()));
    CHECK(test::verdict_text(r) == x.verdict);
    // Written as catan-log/1 and read back: the same verdict.
    const std::string yaml = test::to_yaml(g);
    const log::Document doc = log::read_string(yaml).at(0);
    REQUIRE(doc.game);
    const diag::GameReport back = replay::replay(x.file, *doc.game, {}).report;
    CHECK(test::verdict_text(back) == x.verdict);
  }
}

TEST_CASE("realgames stac: the practice game's production, trades, buys and end", "[stac]") {
  const importers::Imported im = import_file("stac/big-sample-s2-league5-game0.soclog");
  REQUIRE(im.games.size() == 1);
  const log::Game& g = im.games[0];
  CHECK(g.players ==
        std::vector<std::string>{"raefbrisbin", "catanstrophe", "Ghettoette", "zorburt"});
  int rolls = 0, gains = 0, trades = 0, banks = 0, buys = 0, discards = 0, steals = 0;
  for (const log::Entry& e : g.actions) {
    const core::Action& a = e.action;
    if (a.kind == core::ActionKind::Roll) {
      ++rolls;
      CHECK(a.dice.size() == 2);  // the server's "X rolled a 3 and a 2."
      if (a.gains) ++gains;
    }
    trades += a.kind == core::ActionKind::Trade;
    banks += a.kind == core::ActionKind::BankTrade;
    discards += a.kind == core::ActionKind::Discard;
    steals += a.kind == core::ActionKind::Robber && a.has_steal;
    if (a.kind == core::ActionKind::Buy) {
      ++buys;
      CHECK(a.card == core::DevCard::VictoryPoint);  // cardType 7, the Temple
    }
  }
  CHECK(rolls == 14);
  CHECK(gains == 12);  // every roll but the two 7s asserts its production
  CHECK(trades == 2);
  CHECK(banks == 1);  // the refused request (1 clay + 1 sheep for nothing) is not one
  CHECK(buys == 1);
  CHECK(discards == 1);
  CHECK(steals == 1);
  REQUIRE(g.actions.back().action.expect);
  CHECK(g.actions.back().action.expect->vp == std::vector<std::optional<int>>{2, 4, 3, 2});
  CHECK_FALSE(g.result_winner);
}

TEST_CASE("realgames stac: JSettlers2's test sample ends before its game starts", "[stac]") {
  const importers::Imported im =
      import_file("jsettlers2-tests/test-stac-legacy-human-league1-sample.soclog");
  REQUIRE(im.problems.size() == 1);
  CHECK(im.problems[0].message.find("no game in this log") != std::string::npos);
  CHECK(im.games.empty());
}
