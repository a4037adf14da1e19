// check --keep-going in the replay layer: hand-built logs of two and three deviations, each
// deviation's rule, action and line, what it may follow from, and what was adopted.
#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <sstream>

#include "base_island.hpp"
#include "core/geometry.hpp"
#include "gen/generator.hpp"
#include "gen/mutator.hpp"
#include "log/reader.hpp"
#include "log_builder.hpp"
#include "replay/replay.hpp"

using catan::test::Log;
namespace diag = catan::diag;

namespace {

diag::GameReport check(const Log& log, bool keep_going = true) {
  catan::replay::Settings s;
  s.keep_going = keep_going;
  auto reports = catan::replay::check_source("kg.yaml", log.text, s);
  REQUIRE(reports.size() == 1);
  return reports.front();
}

// The diagnostic's rule ID, action and line as one string, for readable failures.
std::string at(const diag::Diagnostic& d) {
  return std::string(d.rule ? catan::core::id(*d.rule) : "-") + " action " +
         std::to_string(d.action) + " line " + std::to_string(d.at.line);
}
std::string at_rule(const diag::Diagnostic& d) {
  return d.rule ? std::string(catan::core::id(*d.rule)) : "-";
}
std::string rule_at(const std::string& rule, int action, int line) {
  return rule + " action " + std::to_string(action) + " line " + std::to_string(line);
}
bool has_note(const std::vector<catan::core::Note>& notes, const std::string& label,
              const std::string& part) {
  for (const auto& n : notes)
    if (n.label == label && n.text.find(part) != std::string::npos) return true;
  return false;
}
bool has_note(const diag::Diagnostic& d, const std::string& label, const std::string& part) {
  return has_note(d.notes, label, part);
}

const char* const kGains6 =
    ", gains: {red: {brick: 2}, blue: {brick: 1}, white: {grain: 1}, orange: {grain: 1}}";

}  // namespace

TEST_CASE("keep-going: an assertion, then an action; the adopted gains pay for the road") {
  Log log;
  // The log gives red 5 brick on the 6 where the referee pays 2: red's hand becomes
  // {wool 2, brick 6}. The road then lacks lumber: 1 lumber moves from the bank, the road
  // is built, and red's asserted hand afterwards agrees with all that.
  const int roll = log.roll(6,
                            ", gains: {red: {brick: 5}, blue: {brick: 1}, white: {grain: 1}, "
                            "orange: {grain: 1}}");
  const int road = log.act("road: [0, -1, W]");
  const int end = log.act("end: turn, expect: {hands: {red: {wool: 2, brick: 5}}}");
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(at(*r.error) == rule_at("PROD-06", roll, log.line("brick: 5}, blue")));
  REQUIRE(r.deviations.size() == 1);
  const diag::Diagnostic& d = r.deviations[0];
  CHECK(at(d) == rule_at("BUILD-02", road, log.line("road: [0, -1, W]")));
  CHECK(d.follows_action == roll);
  CHECK(d.follows_rule == catan::core::Rule::PROD_06);
  CHECK(has_note(d, "may follow from", "action 17 (PROD-06) at kg.yaml:"));
  CHECK(has_note(d, "keep-going", "{lumber: 1} moved from the bank to red's hand"));
  REQUIRE(r.keep_going);
  CHECK(has_note(r.keep_going->after_first, "keep-going", "production the log gives"));
  CHECK(r.keep_going->replayed == end);
  CHECK(r.keep_going->stopped_at == 0);
  // The first deviation, the status and the counts are those of check without it.
  const diag::GameReport plain = check(log, false);
  CHECK(at(*plain.error) == at(*r.error));
  CHECK(plain.error->notes.size() == r.error->notes.size());
  CHECK(plain.status == r.status);
  CHECK(plain.checked == r.checked);
  CHECK(plain.deviations.empty());
  CHECK_FALSE(plain.keep_going);
}

TEST_CASE("keep-going: an action, then an assertion that follows from it") {
  Log log;
  log.roll(6, kGains6);
  // Red cannot pay for a settlement that no road reaches: placed on its free corner, paying
  // what red holds; red then has 3 VP where the log says 2.
  const int settle = log.act("settlement: [2, -1, S]");
  const int end = log.act("end: turn, expect: {vp: {red: 2}}");
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(at(*r.error) == rule_at("BUILD-02", settle, log.line("settlement: [2, -1, S]")));
  CHECK(has_note(r.keep_going->after_first, "keep-going",
                 "placed on [2, -1, S] without the placement rules"));
  REQUIRE(r.deviations.size() == 1);
  const diag::Diagnostic& d = r.deviations[0];
  CHECK(at(d) == rule_at("WIN-01", end, log.line("vp: {red: 2}")));
  CHECK(d.message.find("red has 3") != std::string::npos);
  CHECK(d.follows_action == settle);
  CHECK(has_note(d, "keep-going", "VP cannot be adopted"));
}

TEST_CASE("keep-going: three deviations, one not applied, two chains") {
  Log log;
  log.roll(6, kGains6);
  const int again = log.roll(8);  // red rolls twice: skipped
  log.end();
  // Blue's turn, but white rolls (TURN-01), which involves no earlier player: it starts a
  // chain of its own and follows none. White then asserts a hand it does not hold: it
  // follows from white's own deviation, and the hand is adopted (the next assertion agrees).
  const int white = log.add("white", "roll: [1, 1]");
  const int hand = log.add("white", "end: turn, expect: {hands: {white: {ore: 4}}}");
  const int next = log.add("orange", "roll: [1, 1], expect: {hands: {white: {ore: 4}}}");
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(at(*r.error) == rule_at("TURN-02", again, log.line("roll: [2, 6]")));
  CHECK(has_note(r.keep_going->after_first, "not applied", "already rolled"));
  REQUIRE(r.deviations.size() == 2);
  CHECK(at(r.deviations[0]) == rule_at("TURN-01", white, log.line("white, roll: [1, 1]")));
  CHECK(r.deviations[0].follows_action == 0);
  CHECK_FALSE(r.deviations[0].follows_rule);
  CHECK_FALSE(has_note(r.deviations[0], "may follow from", ""));
  CHECK(has_note(r.deviations[0], "keep-going", "white was taken as the active player"));
  (void)again;
  CHECK(r.deviations[1].action == hand);
  CHECK(r.deviations[1].at.line == log.line("end: turn, expect: {hands: {white"));
  CHECK(r.deviations[1].follows_action == white);
  CHECK(has_note(r.deviations[1], "keep-going", "white's hand as the log gives it"));
  CHECK(r.keep_going->replayed == next);
}

TEST_CASE("keep-going: a deviation may follow from the root of its chain, not the latest link") {
  Log log;
  log.roll(6, kGains6);
  // Red builds a settlement it cannot pay for (the root), then red's VP differ (a link that
  // involves red), then red trades with blue cards red does not hold (red and blue), then
  // blue asserts a hand the trade does not give (blue only): each follows the root.
  const int settle = log.act("settlement: [2, -1, S]");
  const int vp = log.act("end: turn, expect: {vp: {red: 2}}");
  log.active = 1;  // blue's turn
  log.roll(8);
  const int trade = log.act("trade: {with: red, give: {brick: 1}, get: {ore: 3}}");
  const int hand = log.act("end: turn, expect: {hands: {blue: {ore: 9}}}");
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(at(*r.error) == rule_at("BUILD-02", settle, log.line("settlement: [2, -1, S]")));
  REQUIRE(r.deviations.size() == 3);
  CHECK(r.deviations[0].action == vp);
  CHECK(r.deviations[1].action == trade);
  CHECK(r.deviations[2].action == hand);
  for (const diag::Diagnostic& d : r.deviations) {
    INFO(at(d));
    CHECK(d.follows_action == settle);
    CHECK(d.follows_rule == catan::core::Rule::BUILD_02);
    CHECK(has_note(d, "may follow from", "action " + std::to_string(settle) + " (BUILD-02)"));
  }
}

TEST_CASE("keep-going: a player-view entry after a deviation is followed in its worlds") {
  Log log;
  log.roll(6, kGains6);
  const int bad = log.act("road: [2, 2, E]");  // off any road of red's, and unpaid
  const int hidden = log.act("buy: hidden");   // red cannot pay: a second deviation
  const int end = log.end();
  const int next = log.roll(8);  // blue's roll, judged in the worlds after the hidden buy
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(r.error->action == bad);
  REQUIRE(r.keep_going);
  CHECK(r.keep_going->stopped_at == 0);
  CHECK(r.keep_going->replayed == next);
  REQUIRE(r.deviations.size() == 1);
  CHECK(r.deviations[0].action == hidden);
  CHECK(at_rule(r.deviations[0]) == "DEV-01");
  CHECK(has_note(r.deviations[0], "keep-going", "moved from the bank to red's hand"));
  CHECK(end < next);
}

// An entry that every world allows but whose `expect` no world's hands meet (the recovery's
// assertion-only case): the entry itself is applied, so the next player's roll is in turn.
TEST_CASE("keep-going: a player-view entry whose assertion no world meets is applied") {
  Log log;
  log.roll(6, kGains6);
  const int buy = log.act("buy: hidden");  // red cannot pay; from here, the worlds
  const int bad = log.act("end: turn, expect: {hands: {red: {ore: 9}}}");  // none holds 9 ore
  log.active = 1;
  log.roll(8);  // blue's roll: a deviation (not blue's turn) unless red's turn ended
  const int last = log.end();
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(r.error->action == buy);
  REQUIRE(r.keep_going);
  CHECK(r.keep_going->stopped_at == 0);
  CHECK(r.keep_going->replayed == last);
  REQUIRE(r.deviations.size() == 1);
  CHECK(r.deviations[0].action == bad);
  CHECK(r.deviations[0].at.line == log.line("ore: 9"));
}

// A set-up settlement against the distance rule is placed anyway (and its road), so set-up
// completes and the game's later entries are judged as usual, not refused for set-up being
// incomplete (SETUP-08) one after another.
TEST_CASE("keep-going: a set-up placement against the distance rule is placed, set-up goes on") {
  namespace core = catan::core;
  // White's first settlement moves next to red's [0, -1, S]; its road stays where it was,
  // which then does not touch it (SETUP-04).
  const core::CornerId red = base_island().corner_id({0, -1}, core::CornerDir::S);
  REQUIRE(red != core::kNone);
  core::CornerId next = core::kNone;
  for (core::CornerId n : base_island().corner_neighbours(red)) next = n;
  REQUIRE(next != core::kNone);
  const std::string moved = "settlement: " + base_island().corner_text(next);
  Log log;
  const std::string from = "{player: white, settlement: [-1, 1, S]}";
  const size_t pos = log.text.find(from);
  REQUIRE(pos != std::string::npos);
  log.text.replace(pos, from.size(), "{player: white, " + moved + "}");
  log.pass(6);
  log.pass(8);
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(at_rule(*r.error) == "SETUP-05");
  CHECK(r.error->action == 5);
  CHECK(r.error->at.line == log.line(moved));
  REQUIRE(r.keep_going);
  CHECK(has_note(r.keep_going->after_first, "keep-going", "set-up settlement was placed on"));
  CHECK(r.keep_going->stopped_at == 0);
  for (const diag::Diagnostic& d : r.deviations) {
    CAPTURE(at(d), d.message);
    CHECK(at_rule(d) != "SETUP-08");
  }
  REQUIRE(!r.deviations.empty());
  CHECK(at(r.deviations.front()) ==
        rule_at("SETUP-04", 6, log.line("{player: white, road: [-1, 1, SE]}")));
}

// Mutants that used to leave the 7 or the robber unresolved for the rest of the game: a
// discard of the wrong count, discards left out, a steal from a player not at the hex.
// After the fix each is a handful of deviations, and none says that the turn cannot go on
// because a discard is owed or the robber has not moved.
TEST_CASE("keep-going: discards and robber moves that deviate do not block the game") {
  catan::gen::GenOptions opt;
  opt.seed = 412;
  opt.players = 3;
  const std::string text = catan::gen::to_yaml(catan::gen::generate(opt), opt, "kg");
  auto docs = catan::log::read_string(text);
  REQUIRE(docs.size() == 1);
  REQUIRE(docs[0].game);
  int seen = 0;
  for (const std::string kind : {"discard-count", "skip-discard", "steal-not-adjacent"}) {
    for (const catan::gen::Mutation& m : catan::gen::mutate(*docs[0].game, 1, kind)) {
      ++seen;
      CAPTURE(kind, m.what);
      const std::string yaml = catan::gen::mutation_yaml(*docs[0].game, m, "kg");
      catan::replay::Settings s;
      s.keep_going = true;
      auto reports = catan::replay::check_source("kg.yaml", yaml, s);
      REQUIRE(reports.size() == 1);
      const diag::GameReport& r = reports.front();
      REQUIRE(r.error);
      CHECK(r.error->action == m.action);
      CHECK(at_rule(*r.error) == catan::core::id(m.rule));
      REQUIRE(r.keep_going);
      CHECK(r.keep_going->stopped_at == 0);
      CHECK(r.deviations.size() < 20);
      for (const diag::Diagnostic& d : r.deviations) {
        CAPTURE(at(d), d.message);
        CHECK(d.message.find("before the 7 is resolved") == std::string::npos);
        CHECK(d.message.find("before the robber moves") == std::string::npos);
        CHECK(d.message.find("before every discard") == std::string::npos);
      }
    }
  }
  CHECK(seen == 3);
}

// A VP total cannot be adopted: once it differs, an `expect` repeating the same difference
// is not a new deviation; a different difference is.
TEST_CASE("keep-going: a VP difference is reported once per change") {
  Log log;
  log.roll(8);
  const int first = log.act("end: turn, expect: {vp: {red: 3}}");  // red has 2: +1
  log.active = 1;
  log.roll(8);
  log.act("end: turn, expect: {vp: {red: 3, blue: 2}}");  // red +1 again: not reported
  log.active = 2;
  log.roll(8);
  const int third = log.act("end: turn, expect: {vp: {red: 4}}");  // +2: reported
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(at(*r.error) == rule_at(at_rule(*r.error), first, log.line("{vp: {red: 3}}")));
  REQUIRE(r.deviations.size() == 1);
  CHECK(r.deviations[0].action == third);
  CHECK(r.deviations[0].at.line == log.line("{vp: {red: 4}}"));
}

// ------------------------------------------------- no cascades (issue: keep-going cascades)

namespace {

std::string sample(const std::string& name) {
  std::ifstream f(std::string(CATAN_SOURCE_DIR) + "/samples/" + name);
  REQUIRE(f);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

diag::GameReport check_text(const std::string& text) {
  catan::replay::Settings s;
  s.keep_going = true;
  auto reports = catan::replay::check_source("kg.yaml", text, s);
  REQUIRE(reports.size() == 1);
  return reports.front();
}

// The sample game as a log whose engine never gave white Longest Road: every later
// `longest-road: white` says none, and white's asserted VP are 2 fewer.
std::string missed_longest_road() {
  std::istringstream in(sample("legal-game-4p-seed5.yaml"));
  std::string out, line;
  const std::regex white_vp(R"(white: (\d+)(, orange|\}))");
  int changed = 0;
  while (std::getline(in, line)) {
    if (const size_t at = line.find("longest-road: white"); at != std::string::npos) {
      line.replace(at, 19, "longest-road: none");
      std::smatch m;
      if (std::regex_search(line, m, white_vp))
        line.replace(static_cast<size_t>(m.position(0)), static_cast<size_t>(m.length(0)),
                     "white: " + std::to_string(std::stoi(m[1]) - 2) + m[2].str());
      ++changed;
    }
    out += line + "\n";
  }
  CHECK(changed > 20);
  return out;
}

}  // namespace

TEST_CASE("keep-going: an award adopted from the log stays adopted; no cascade") {
  const diag::GameReport r = check_text(missed_longest_road());
  REQUIRE(r.error);
  // The end of white's turn 31 is the first assertion after white took it (action 118).
  CHECK(at_rule(*r.error) == "AWARD-02");
  CHECK(r.error->action == 120);
  CHECK(has_note(r.keep_going->after_first, "keep-going", "Longest Road with nobody"));
  // 64 later assertions repeat the difference, and white's roads are re-evaluated after each
  // of its later builds: none of that is a deviation of its own.
  CHECK(r.deviations.empty());
  CHECK(r.keep_going->stopped_at == 0);
}

// The sample game up to blue's win (action 252), then a round more that the log plays on:
// `orange` is what orange does in its turn.
static std::string played_on(const std::string& orange, const std::string& tail = "") {
  std::string text = sample("legal-game-4p-seed5.yaml");
  text = text.substr(0, text.find("  - {player: blue, claim: win}"));
  return text +
         "  - {player: blue, end: turn}\n"
         "  - {player: white, roll: [2, 3]}\n"
         "  - {player: white, end: turn}\n"
         "  - {player: orange, roll: [1, 2]}\n" +
         orange +
         "  - {player: orange, end: turn}\n"
         "  - {player: red, roll: [2, 2]}\n"
         "  - {player: red, end: turn}\n" +
         tail;
}

TEST_CASE("keep-going: a game the engine sees won while the log plays on: the end once") {
  // Orange holds no ore: its city is a deviation of its own.
  const diag::GameReport r = check_text(played_on("  - {player: orange, city: [0, 0, N]}\n"));
  REQUIRE(r.error);
  CHECK(at_rule(*r.error) == "TURN-07");
  CHECK(has_note(r.keep_going->after_first, "keep-going", "blue's win after action 252 was set"));
  REQUIRE(r.deviations.size() == 1);  // not one "the game already ended" per entry
  CHECK(at_rule(r.deviations[0]) == "BUILD-02");
  CHECK(r.deviations[0].player == "orange");
  CHECK(r.keep_going->stopped_at == 0);
  CHECK(r.keep_going->replayed == 260);
}

TEST_CASE("keep-going: a later win the log claims ends the game it played on") {
  const diag::GameReport r = check_text(played_on("",
                                                  "  - {player: blue, roll: [2, 2]}\n"
                                                  "  - {player: blue, claim: win}\n"
                                                  "result: {winner: blue}\n"));
  REQUIRE(r.error);
  CHECK(at_rule(*r.error) == "TURN-07");
  CHECK(r.deviations.empty());  // the claim and the result agree with the game played on
}

TEST_CASE("keep-going: one stray entry after the win, then the winner's record: one deviation") {
  std::string text = sample("legal-game-4p-seed5.yaml");
  const size_t claim = text.find("  - {player: blue, claim: win}");
  text.insert(claim, "  - {player: blue, end: turn}\n");  // the log has not played on
  const diag::GameReport r = check_text(text);
  REQUIRE(r.error);
  CHECK(at_rule(*r.error) == "TURN-07");
  CHECK(has_note(r.keep_going->after_first, "not applied", "held back"));
  CHECK(r.deviations.empty());  // blue's claim is the record of the win, not off-turn
}

TEST_CASE("keep-going: mutants of an award and of an entry after the win give one deviation") {
  // Generated games: the award claim moved to a tied player while the entry's VP still
  // agree with the engine (not adopted: no VP deviations follow), and an entry inserted
  // after the win before the winner's record (held back: nothing after it is judged anew).
  int seen = 0;
  for (uint64_t seed : {20, 21, 33, 39}) {
    catan::gen::GenOptions opt;
    opt.seed = seed;
    opt.players = 4;
    const std::string yaml = catan::gen::to_yaml(catan::gen::generate(opt), opt, "g");
    auto docs = catan::log::read_string(yaml);
    REQUIRE(docs.at(0).game);
    for (const char* kind : {"longest-road-tie", "entry-after-win"})
      for (const catan::gen::Mutation& m : catan::gen::mutate(*docs[0].game, seed, kind)) {
        ++seen;
        CAPTURE(seed, kind, m.what);
        const diag::GameReport r = check_text(catan::gen::mutation_yaml(*docs[0].game, m, "kg"));
        REQUIRE(r.error);
        CHECK(r.error->action == m.action);
        INFO((r.deviations.empty() ? std::string()
                                   : at(r.deviations[0]) + ": " + r.deviations[0].message));
        CHECK(r.deviations.empty());
      }
  }
  CHECK(seen >= 6);
}

// A roll whose production differs from the log's exactly as the last roll of that number
// did is the same difference again (a piece placed to go on that the log's engine lacks
// produces on every such roll); another difference on that number is reported anew.
TEST_CASE("keep-going: a production difference repeated on the same number is reported once") {
  Log log;
  const std::string five =
      ", gains: {red: {brick: 5}, blue: {brick: 1}, white: {grain: 1}, orange: {grain: 1}}";
  const int first = log.roll(6, five);
  log.end();
  const int again = log.roll(6, five);  // blue's turn: the same gap on a 6
  log.end();
  const int other = log.roll(
      6, ", gains: {red: {brick: 4}, blue: {brick: 1}, white: {grain: 1}, orange: {grain: 1}}");
  log.end();
  const int fourth = log.roll(6, five);  // the gap of the 6 is now white's turn's: new again
  log.end();
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(r.error->action == first);
  CHECK(at_rule(*r.error) == "PROD-06");
  std::vector<int> later;
  for (const auto& d : r.deviations) later.push_back(d.action);
  CHECK(later == std::vector<int>{other, fourth});
  CHECK(again > first);
  // The adopted hands: red holds what the log gave, not the engine's 2 brick a roll.
  REQUIRE(r.keep_going);
  CHECK(r.keep_going->stopped_at == 0);
}

TEST_CASE("keep-going: in a player view too, a repeated production difference is reported once") {
  Log log;
  const std::string five =
      ", gains: {red: {brick: 5}, blue: {brick: 1}, white: {grain: 1}, orange: {grain: 1}}";
  const int first = log.roll(6, five);
  const int hidden = log.act("buy: hidden");  // red cannot pay: the worlds begin here
  log.end();
  log.roll(6, five);  // the same gap on a 6, judged in the worlds
  log.end();
  const int other = log.roll(
      6, ", gains: {red: {brick: 4}, blue: {brick: 1}, white: {grain: 1}, orange: {grain: 1}}");
  log.end();
  const diag::GameReport r = check(log);
  REQUIRE(r.error);
  CHECK(r.error->action == first);
  std::vector<int> later;
  for (const auto& d : r.deviations) later.push_back(d.action);
  CHECK(later == std::vector<int>{hidden, other});
  REQUIRE(r.keep_going);
  CHECK(r.keep_going->stopped_at == 0);
}
