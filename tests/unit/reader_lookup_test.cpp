// The reader's lookups (src/log/read_entries.cpp and read_values.hpp, issue 11): action keys found
// in a fixed table, YAML 1.1 spellings recognised in any letter case without a lowercased copy,
// players resolved by a scan of a short list or a hash of a long one, integers parsed in place.
// Each is checked where it accepts and where it refuses, with the exact message.
#include <catch2/catch.hpp>
#include <climits>
#include <string>
#include <vector>

#include "core/state.hpp"
#include "fixture.hpp"
#include "log/reader.hpp"

using catan::core::ActionKind;
using catan::log::read_string;
using catan::test::header;
using catan::test::setup;

namespace {

std::string valid() { return header() + setup(); }

// The first document's game, which must read.
catan::log::Game read_game(const std::string& yaml) {
  auto docs = read_string(yaml);
  REQUIRE(docs.size() == 1);
  INFO((docs[0].error ? docs[0].error->message : std::string()));
  REQUIRE(docs[0].game);
  return *docs[0].game;
}

// The first document's first problem, which it must have.
catan::text::ReadError read_error(const std::string& yaml) {
  auto docs = read_string(yaml);
  REQUIRE(!docs.empty());
  REQUIRE(!docs[0].game);
  REQUIRE(docs[0].error);
  return *docs[0].error;
}

// `n` players p0, p1, ... as a flow sequence, with `extra` appended.
std::string players(int n, const std::string& extra = "") {
  std::string s = "[";
  for (int i = 0; i < n; ++i) s += (i ? ", p" : "p") + std::to_string(i);
  return s + extra + "]";
}

}  // namespace

TEST_CASE("reader: every action key reads as its kind", "[reader][lookup]") {
  const auto [key, value, kind] = GENERATE(table<std::string, std::string, ActionKind>({
      {"settlement", "[0, 0, N]", ActionKind::Settlement},
      {"road", "[0, 0, E]", ActionKind::Road},
      {"city", "[0, 0, N]", ActionKind::City},
      {"roll", "[2, 5]", ActionKind::Roll},
      {"discard", "{grain: 1}", ActionKind::Discard},
      {"robber", "[1, 0]", ActionKind::Robber},
      {"trade", "{with: blue, give: {grain: 1}, get: {ore: 1}}", ActionKind::Trade},
      {"bank", "{give: {grain: 4}, get: {ore: 1}}", ActionKind::BankTrade},
      {"buy", "knight", ActionKind::Buy},
      {"play", "monopoly, resource: ore", ActionKind::Play},
      {"reveal", "2", ActionKind::Reveal},
      {"claim", "win", ActionKind::Claim},
      {"end", "turn", ActionKind::EndTurn},
  }));
  CAPTURE(key);
  const auto g = read_game(valid() + "  - {player: white, " + key + ": " + value + "}\n");
  REQUIRE(g.actions.size() == catan::test::kSetupActions + 1);
  const auto& a = g.actions.back().action;
  CHECK(a.kind == kind);
  CHECK(a.player == 2);
  CHECK(std::string(catan::core::to_string(a.kind)) == key);
  if (kind == ActionKind::Roll) CHECK(a.dice == std::vector<int>{2, 5});
  if (kind == ActionKind::Trade) CHECK(a.other == 1);
  if (kind == ActionKind::Reveal) CHECK(a.count == 2);
  if (kind == ActionKind::Play) CHECK(a.resource == catan::core::Resource::Ore);
}

TEST_CASE("reader: a word near an action key is not one", "[reader][lookup]") {
  // Same length and first letter as an action key, one letter or case off, or a prefix.
  const std::string key =
      GENERATE(as<std::string>{}, "rolls", "rol", "rool", "raod", "rodd", "citi", "bnak", "bunk",
               "ned", "edn", "buys", "plai", "reveel", "robbed", "revealed", "claims", "trabe",
               "discart", "settlemen", "settlementt", "Roll", "ROAD", "End", "b", "e", "x");
  CAPTURE(key);
  const auto e = read_error(valid() + "  - {player: red, " + key + ": 1, end: turn}\n");
  CHECK(e.message.rfind("unknown key '" + key + "' in a `end` entry", 0) == 0);
  CHECK(e.message.find("(allowed: player, end, expect)") != std::string::npos);
}

TEST_CASE("reader: each action kind allows its own keys", "[reader][lookup]") {
  const auto [entry, allowed] = GENERATE(table<std::string, std::string>({
      {"settlement: [0, 0, N]", "player, settlement, expect, gains"},
      {"road: [0, 0, E]", "player, road, expect"},
      {"city: [0, 0, N]", "player, city, expect"},
      {"roll: [1, 1]", "player, roll, expect, gains"},
      {"discard: {grain: 1}", "player, discard, expect"},
      {"robber: [1, 0]", "player, robber, expect, steal"},
      {"trade: {with: blue, give: {grain: 1}, get: {ore: 1}}", "player, trade, expect"},
      {"bank: {give: {grain: 4}, get: {ore: 1}}", "player, bank, expect"},
      {"buy: knight", "player, buy, expect"},
      {"play: knight", "player, play, expect, take, resource, takes"},
      {"reveal: 1", "player, reveal, expect"},
      {"claim: win", "player, claim, expect"},
      {"end: turn", "player, end, expect"},
  }));
  const std::string kind = entry.substr(0, entry.find(':'));
  CAPTURE(kind);
  const auto e = read_error(valid() + "  - {player: red, " + entry + ", note: 1}\n");
  CHECK(e.message == "unknown key 'note' in a `" + kind + "` entry (allowed: " + allowed + ")");
  // A key another kind allows is refused here unless this kind lists it too.
  for (const std::string other : {"gains", "steal", "take", "resource", "takes"}) {
    CAPTURE(other);
    const std::string y = valid() + "  - {player: red, " + entry + ", " + other + ": {}}\n";
    if (allowed.find(other) == std::string::npos)
      CHECK(read_error(y).message.rfind("unknown key '" + other + "'", 0) == 0);
    else if (const auto docs = read_string(y); docs[0].error)
      CHECK(docs[0].error->message.find("unknown key") == std::string::npos);
  }
}

TEST_CASE("reader: YAML 1.1 spellings are refused as names in any letter case",
          "[reader][lookup]") {
  SECTION("refused") {
    // (null, Null, NULL and ~ are YAML's own nulls: "not nothing (null)", the tree's word.)
    const std::string name =
        GENERATE(as<std::string>{}, "y", "Y", "n", "N", "yes", "YES", "yEs", "no", "No", "on", "ON",
                 "oN", "off", "Off", "true", "tRUE", "false", "FALSE", "NuLL", "nULL");
    CAPTURE(name);
    const auto e = read_error(header("", "[red, blue, white, orange, " + name + "]") + setup());
    CHECK(e.message == "a player name '" + name +
                           "' is a YAML 1.1 boolean/null spelling; quote it if it is meant as a "
                           "name");
  }
  SECTION("names that only look close") {
    // ^ is ~ with the case bit cleared; the rest differ by a letter or in length.
    const std::string name = GENERATE(as<std::string>{}, "^", "ye", "yess", "nul", "nulls", "o",
                                      "of", "offf", "tru", "trues", "fals", "falsey", "x", "yesno");
    CAPTURE(name);
    const auto g = read_game(header("", "[red, blue, white, orange, " + name + "]") + setup());
    REQUIRE(g.players.size() == 5);
    CHECK(g.players[4] == name);
  }
}

TEST_CASE("reader: players resolve in short and long lists", "[reader][lookup]") {
  // Up to 8 players are scanned, more are hashed: both sides of the boundary.
  const int n = GENERATE(2, 8, 9, 12, 300);
  CAPTURE(n);
  const std::string last = "p" + std::to_string(n - 1);
  const std::string head = header("", players(n));
  const std::string end = "  - {player: p0, end: turn}\n";
  SECTION("every mention names the right index") {
    const auto g =
        read_game(head + "  - {player: " + last + ", roll: [1, 1], gains: {p0: {ore: 1}, " + last +
                  ": {wool: 2}}}\n" + "  - {player: p0, trade: {with: " + last +
                  ", give: {grain: 1}, get: {ore: 1}}}\n" +
                  "  - {player: p0, end: turn, expect: {longest-road: " + last +
                  ", largest-army: none}}\n" + "result: {winner: " + last + "}\n");
    REQUIRE(g.actions.size() == 3);
    CHECK(g.actions[0].action.player == n - 1);
    REQUIRE(g.actions[0].action.gains);
    CHECK((*g.actions[0].action.gains)[0][catan::core::Resource::Ore] == 1);
    CHECK((*g.actions[0].action.gains)[n - 1][catan::core::Resource::Wool] == 2);
    CHECK(g.actions[1].action.player == 0);
    CHECK(g.actions[1].action.other == n - 1);
    REQUIRE(g.actions[2].action.expect);
    CHECK(g.actions[2].action.expect->longest_road == n - 1);
    CHECK(g.actions[2].action.expect->largest_army == catan::core::kNoPlayer);
    CHECK(g.result_winner == n - 1);
  }
  SECTION("a player named none is a player") {
    const auto g = read_game(header("", players(n, ", none")) +
                             "  - {player: p0, end: turn, expect: {longest-road: none}}\n");
    CHECK(g.actions[0].action.expect->longest_road == n);
  }
  SECTION("a view names a player, or a spectator unless a player is so named") {
    CHECK(read_game(head + end + "view: " + last + "\n").view_player == n - 1);
    CHECK(read_game(head + end + "view: spectator\n").view_player == -1);
    CHECK(
        read_game(header("", players(n, ", spectator")) + end + "view: spectator\n").view_player ==
        n);
  }
  SECTION("an unknown player is malformed where it is named") {
    const auto e = read_error(head + "  - {player: q1, roll: [1, 1]}\n");
    CHECK(e.message.rfind("unknown player 'q1'", 0) == 0);
    CHECK(e.at.line == catan::test::line_of(head + "  - {player: q1", "q1"));
  }
  SECTION("a player listed twice is malformed at the second") {
    const auto e = read_error(header("", players(n, ", p1")) + setup());
    CHECK(e.message == "player 'p1' is listed twice");
    CHECK(e.at.column > static_cast<int>(players(n).size()));
  }
}

TEST_CASE("reader: integers are parsed where they stand", "[reader][lookup]") {
  auto die = [](const std::string& d) {
    return valid() + "  - {player: red, roll: [" + d + ", 1]}\n";
  };
  SECTION("the ends of a 32-bit integer read") {
    const auto [text, value] = GENERATE(table<std::string, int>({{"2147483647", 2147483647},
                                                                 {"-2147483648", INT_MIN},
                                                                 {"0", 0},
                                                                 {"-0", 0},
                                                                 {"007", 7},
                                                                 {"-12", -12}}));
    CAPTURE(text);
    CHECK(read_game(die(text)).actions.back().action.dice.front() == value);
  }
  SECTION("past them, the range is said") {
    const std::string text =
        GENERATE(as<std::string>{}, "2147483648", "-2147483649", "99999999999999999999999");
    CHECK(read_error(die(text)).message ==
          "a die must be an integer in -2147483648..2147483647, not " + text);
  }
  SECTION("a narrower range is said too") {
    const std::string text = GENERATE(as<std::string>{}, "0", "6", "-1");
    CHECK(read_error(valid() + "  - {player: red, reveal: " + text + "}\n").message ==
          "reveal must be an integer in 1..5, not " + text);
  }
  SECTION("anything but optional minus and digits is not decimal") {
    const std::string text =
        GENERATE(as<std::string>{}, "--1", "1-", "1_000", "1e3", "+3", "3.0", "0b1", "\xd9\xa3");
    CAPTURE(text);
    CHECK(read_error(die(text)).message == "a die must be a decimal integer, not '" + text + "'");
  }
  SECTION("hex and octal are named as such") {
    const std::string text = GENERATE(as<std::string>{}, "0x1F", "0o17");
    CHECK(read_error(die(text)).message == "a die must be a decimal integer, not '" + text +
                                               "' (YAML 1.1 / hex spellings are not accepted)");
  }
}
