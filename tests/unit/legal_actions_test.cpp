// rules::legal_actions: exact counts in hand-built positions (open_spiel style), each
// worked out from the rules and the fixture board (fixture.hpp), not from running the code:
// red [0,-1,S] and [1,-2,S], blue [1,-1,SE] and [0,-2,S], white [-1,1,S] and [-2,1,N],
// orange [1,0,S] and [0,1,S]; a 10 pays blue ore and brick and nobody else.
#include <catch2/catch.hpp>
#include <map>
#include <sstream>
#include <string>

#include "fixture.hpp"
#include "replay/session.hpp"
#include "rules/engine.hpp"

namespace {

using catan::core::ActionKind;
using catan::replay::Session;

std::map<ActionKind, int> by_kind(const Session& s) {
  std::map<ActionKind, int> out;
  for (const catan::core::Action& a : catan::rules::legal_actions(*s.state())) ++out[a.kind];
  return out;
}

int total(const std::map<ActionKind, int>& m) {
  int n = 0;
  for (const auto& [k, v] : m) n += v;
  return n;
}

void play(Session& s, const std::string& entry) {
  CAPTURE(entry);
  REQUIRE(s.play_text(entry).ok());
}

Session after_setup() {
  Session s = Session::from_text(catan::test::header());
  std::istringstream in(catan::test::setup());
  for (std::string line; std::getline(in, line);) play(s, line.substr(line.find('{')));
  return s;
}

}  // namespace

TEST_CASE("legal actions: exact counts during set-up", "[legal_actions]") {
  Session s = Session::from_text(catan::test::header());
  // An empty island: a settlement on any of its 54 corners, and nothing else.
  CHECK(by_kind(s) == std::map<ActionKind, int>{{ActionKind::Settlement, 54}});
  play(s, "{player: red, settlement: [0, -1, S]}");
  // Its road: [0,-1,S] touches three land hexes, so three edges meet there.
  CHECK(by_kind(s) == std::map<ActionKind, int>{{ActionKind::Road, 3}});
  play(s, "{player: red, road: [0, -1, SW]}");
  // Blue's settlement: not on red's corner nor on its three neighbours (distance rule).
  CHECK(by_kind(s) == std::map<ActionKind, int>{{ActionKind::Settlement, 54 - 1 - 3}});
}

TEST_CASE("legal actions: exact counts in regular turns", "[legal_actions]") {
  Session s = after_setup();
  // Turn 1, red to roll with no development card: the 36 ordered dice pairs, nothing else.
  CHECK(by_kind(s) == std::map<ActionKind, int>{{ActionKind::Roll, 36}});

  SECTION("a turn with given resources") {
    play(s, "{player: red, roll: [4, 6]}");
    // Red {wool 2, brick 1}: no road (no lumber), no card, no 4:1 and no harbor, no VP
    // card. Domestic trades give one card (or two of a pair) for one card the partner
    // holds, never the same kind: blue {ore 2, grain 1, brick 2}, white {lumber 2,
    // grain 1}, orange {grain 2, wool 1}.
    //   wool (2 held: give 1 or 2): blue 3 kinds, white 2, orange 1 (not wool) -> 6 x 2 = 12
    //   brick (1 held): blue 2 (not brick), white 2, orange 2                  -> 6
    // and ending the turn.
    const auto m = by_kind(s);
    CHECK(m == std::map<ActionKind, int>{{ActionKind::Trade, 18}, {ActionKind::EndTurn, 1}});
    CHECK(total(m) == 19);
  }

  SECTION("a 7 with discards") {
    // Four 10s in a row: blue gains ore and brick on each, {ore 5, grain 1, brick 5}.
    for (const char* p : {"red", "blue", "white", "orange"}) {
      play(s, std::string("{player: ") + p + ", roll: [4, 6]}");
      play(s, std::string("{player: ") + p + ", end: turn}");
    }
    play(s, "{player: red, roll: [3, 4]}");
    // Blue holds 11 and owes 5; the others hold 3. The discards listed are the greedy
    // takes in every order of the resources: brick first {brick 5}, ore first {ore 5},
    // grain first then brick {grain 1, brick 4} or then ore {grain 1, ore 4}.
    const auto m = by_kind(s);
    CHECK(m == std::map<ActionKind, int>{{ActionKind::Discard, 4}});
    for (const auto& a : catan::rules::legal_actions(*s.state())) {
      CHECK(a.player == 1);
      CHECK(a.give.total() == 5);
    }
  }
}
