// check_source replays entries while they are parsed; it must give the same verdicts as
// reading the whole document first, and keep "malformed before illegal".
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/rule_catalog.hpp"
#include "fixture.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"

using namespace catan;

namespace {
std::vector<diag::GameReport> whole(const std::string& text) {
  std::vector<diag::GameReport> out;
  for (const auto& d : log::read_string(text))
    out.push_back(d.game ? replay::replay("f", *d.game, {}).report : replay::malformed("f", d));
  return out;
}
std::string rule_of(const diag::GameReport& r) {
  return r.error && r.error->rule ? std::string(core::id(*r.error->rule)) : "";
}
}  // namespace

TEST_CASE("streaming: same verdicts as whole-document replay on every sample", "[streaming]") {
  int files = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(CATAN_SOURCE_DIR) + "/samples")) {
    if (entry.path().extension() != ".yaml") continue;
    std::ifstream f(entry.path());
    const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    auto a = replay::check_source("f", text, {});
    auto b = whole(text);
    CAPTURE(entry.path().string());
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      CHECK(a[i].status == b[i].status);
      CHECK(rule_of(a[i]) == rule_of(b[i]));
      CHECK(a[i].actions == b[i].actions);
      CHECK(a[i].checked == b[i].checked);
      CHECK(a[i].warnings.size() == b[i].warnings.size());
      if (a[i].error && b[i].error) {
        CHECK(a[i].error->action == b[i].error->action);
        CHECK(a[i].error->at.line == b[i].error->at.line);
        CHECK(a[i].error->at.column == b[i].error->at.column);
      }
    }
    ++files;
  }
  CHECK(files > 90);
}

TEST_CASE("streaming: a malformed entry after an illegal one makes the game malformed",
          "[streaming]") {
  const std::string text = test::header() + test::setup() +
                           "  - {player: blue, roll: [3, 3]}\n"  // illegal: red's turn
                           "  - {player: red, roll: [3, 3], bogus: 1}\n";
  auto r = replay::check_source("f", text, {});
  REQUIRE(r.size() == 1);
  CHECK(r[0].status == diag::Status::Malformed);
  CHECK(r[0].error->at.line == test::line_of(text, "bogus"));
}

TEST_CASE("streaming: header keys after the actions are honoured", "[streaming]") {
  std::string body = test::header() + test::setup() +
                     "  - {player: red, roll: [3, 3]}\n"
                     "  - {player: red, end: turn}\n";
  auto r1 = replay::check_source("f", body, {});
  REQUIRE(r1.size() == 1);
  CHECK(r1[0].status == diag::Status::Incomplete);
  // Move the board after the actions: same verdict, read again whole.
  const size_t b = body.find("board:\n"), a = body.find("actions:\n");
  std::string moved = body.substr(0, b) + body.substr(a) + body.substr(b, a - b);
  auto r2 = replay::check_source("f", moved, {});
  REQUIRE(r2.size() == 1);
  CHECK(r2[0].status == diag::Status::Incomplete);
  // A `rules:` after the actions applies to them: with discard-limit 2 the set-up hands
  // owe discards on a 7, so the robber moving at once is ROBBER-02.
  std::string seven = test::header() + test::setup() +
                      "  - {player: red, roll: [3, 4]}\n"
                      "  - {player: red, robber: [0, -1], steal: {from: blue, card: ore}}\n";
  auto plain = replay::check_source("f", seven, {});
  CHECK(plain[0].status == diag::Status::Incomplete);
  auto strict = replay::check_source("f", seven + "rules: {discard-limit: 2}\n", {});
  CHECK(strict[0].status == diag::Status::Illegal);
  CHECK(rule_of(strict[0]) == "ROBBER-02");
}
