// Several malformed problems in one run: the reader goes on after a shape error and a
// malformed game reports every problem of its document (up to kMaxReadErrors), so that a
// hand-written log is not fixed one typo per run. A YAML syntax error still ends a stream.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "core/spelling.hpp"
#include "fixture.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"
#include "text_checks.hpp"

using catan::log::read_string;
using catan::test::header;
using catan::test::line_of;
using catan::test::replace_once;
using catan::test::setup;

namespace {

const std::string kValid = header() + setup();

// Three typos: an action key, a resource and a player, in three entries.
std::string three_typos() {
  std::string y = replace_once(kValid, "  - {player: blue, settlement: [1, -1, SE]}",
                               "  - {player: blue, setlement: [1, -1, SE]}");
  y = replace_once(y, "  - {player: white, road: [-1, 1, SE]}",
                   "  - {player: whte, road: [-1, 1, SE]}");
  y += "  - {player: red, roll: [3, 4]}\n  - {player: red, bank: {give: {wood: 4}, get: {ore: "
       "1}}}\n";
  return y;
}

}  // namespace

TEST_CASE("read errors: every shape error of a document, in order", "[reader][read-errors]") {
  const std::string y = three_typos();
  const auto docs = read_string(y);
  REQUIRE(docs.size() == 1);
  REQUIRE(docs[0].error);
  CHECK(!docs[0].game);
  REQUIRE(docs[0].more_errors.size() == 2);
  CHECK(docs[0].error->at.line == line_of(y, "setlement"));
  CHECK_THAT(docs[0].error->message, Catch::Contains("did you mean 'settlement'"));
  CHECK(docs[0].more_errors[0].at.line == line_of(y, "whte"));
  CHECK_THAT(docs[0].more_errors[0].message, Catch::Contains("unknown player 'whte'"));
  CHECK(docs[0].more_errors[1].at.line == line_of(y, "wood: 4"));
  CHECK_THAT(docs[0].more_errors[1].message, Catch::Contains("wood"));

  SECTION("the report holds them all, the first as its error") {
    const auto reports = catan::replay::check_source("typos.yaml", y, {});
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].status == catan::diag::Status::Malformed);
    REQUIRE(reports[0].error);
    CHECK(reports[0].error->at.line == line_of(y, "setlement"));
    REQUIRE(reports[0].more_errors.size() == 2);
    CHECK(reports[0].more_errors[1].at.line == line_of(y, "wood: 4"));
  }
}

TEST_CASE("read errors: header problems and entry problems together", "[reader][read-errors]") {
  std::string y = replace_once(three_typos(), "format: catan-log/1\n",
                               "format: catan-log/1\nrules: {discard_limit: 9}\n");
  const auto docs = read_string(y);
  REQUIRE(docs[0].error);
  CHECK(docs[0].error->at.line == line_of(y, "discard_limit"));
  CHECK(docs[0].more_errors.size() == 3);
}

TEST_CASE("read errors: after a problem with the players, entries are not read",
          "[reader][read-errors]") {
  // Every entry names a player: reading them would only repeat the first problem.
  std::string y = replace_once(three_typos(), "players: [red, blue, white, orange]",
                               "players: [red, blue, red, orange]");
  const auto docs = read_string(y);
  REQUIRE(docs[0].error);
  CHECK_THAT(docs[0].error->message, Catch::Contains("listed twice"));
  CHECK(docs[0].more_errors.empty());
}

TEST_CASE("read errors: at most kMaxReadErrors problems, the last one says so",
          "[reader][read-errors]") {
  std::string y = kValid;
  for (int i = 0; i < 30; ++i) y += "  - {player: red, rol: [3, 4]}\n";
  const auto docs = read_string(y);
  REQUIRE(docs[0].error);
  REQUIRE(docs[0].more_errors.size() == catan::log::kMaxReadErrors - 1);
  CHECK_THAT(docs[0].more_errors.back().message, Catch::Contains("the reader stops here"));
}

TEST_CASE("read errors: the streaming reader finds the same problems", "[reader][read-errors]") {
  // Entries streamed to the replay, by the fast reader, and by yaml-cpp (a tab in a comment
  // is outside the fast subset), each after another game in the same stream.
  for (const std::string tail : {"", "#\t\n"}) {
    std::string y = three_typos() + tail;
    y = std::string(kValid) + "---\n" + y;
    const auto reports = catan::replay::check_source("typos.yaml", y, {});
    REQUIRE(reports.size() == 2);
    CHECK(reports[1].status == catan::diag::Status::Malformed);
    REQUIRE(reports[1].error);
    CHECK(reports[1].error->at.line == line_of(y, "setlement"));
    REQUIRE(reports[1].more_errors.size() == 2);
    CHECK(reports[1].more_errors[0].at.line == line_of(y, "whte"));
  }
}

TEST_CASE("read errors: a name unknown again names the first place, without a new search",
          "[reader][read-errors]") {
  std::string y = kValid + "  - {player: rde, roll: [3, 4]}\n  - {player: rde, end: turn}\n";
  const auto docs = read_string(y);
  REQUIRE(docs[0].error);
  CHECK_THAT(docs[0].error->message, Catch::Contains("did you mean 'red'"));
  REQUIRE(docs[0].more_errors.size() == 1);
  CHECK_THAT(docs[0].more_errors[0].message,
             Catch::Contains("(as at line " + std::to_string(line_of(y, "rde")) + ")"));
}

TEST_CASE("spelling: suggestions among a few names, none among thousands", "[spelling]") {
  std::vector<std::string> names;
  for (size_t i = 0; i < catan::core::kMaxSuggestionCandidates; ++i)
    names.push_back("player" + std::to_string(i));
  CHECK(catan::core::nearest("playr7", names) == std::optional<std::string>("player7"));
  names.push_back("extra");
  CHECK(!catan::core::nearest("playr7", names));
}

TEST_CASE("read errors: logs joined without '---' are told to separate their games",
          "[reader][read-errors]") {
  const std::string y = kValid + kValid;
  const auto docs = read_string(y);
  REQUIRE(docs.size() == 1);
  REQUIRE(docs[0].error);
  CHECK(docs[0].error->message.find("a second 'format:' (the first at line 1)") == 0);
  CHECK(docs[0].error->message.find("'---'") != std::string::npos);
  CHECK(docs[0].error->at.line == 1 + std::count(kValid.begin(), kValid.end(), '\n'));
  // A duplicate key deeper down is still a duplicate key.
  const auto nested = read_string(kValid + "  - {player: red, roll: [3, 4], roll: [1, 1]}\n");
  REQUIRE(nested[0].error);
  CHECK(nested[0].error->message.find("duplicate key 'roll'") == 0);
}
