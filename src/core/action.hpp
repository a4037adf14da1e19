// One log entry as the rules see it: the acting player, the decision or chance
// outcome, and the optional assertions about its effect. No YAML here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry.hpp"
#include "core/resources.hpp"

namespace catan::core {

enum class ActionKind : uint8_t {
  Settlement,
  Road,
  City,
  Roll,
  Discard,
  Robber,
  Trade,
  BankTrade,
  Buy,
  Play,
  Reveal,
  Claim,
  EndTurn
};
std::string_view to_string(ActionKind k);  // the log's key: "settlement", "bank", "end", ...
std::optional<ActionKind> parse_action_kind(std::string_view key);  // to_string's inverse

// A place as written in the log; id is kNone when it is off the island.
struct CornerRef {
  Axial hex;
  CornerDir dir = CornerDir::N;
  CornerId id = kNone;
  friend bool operator==(const CornerRef&, const CornerRef&) = default;
};
struct EdgeRef {
  Axial hex;
  EdgeDir dir = EdgeDir::NE;
  EdgeId id = kNone;
  friend bool operator==(const EdgeRef&, const EdgeRef&) = default;
};
struct HexRef {
  Axial hex;
  HexId id = kNone;
  friend bool operator==(const HexRef&, const HexRef&) = default;
};

// The card named in a steal: a resource, or (illegally, ROBBER-08) a development card.
struct StolenCard {
  std::optional<Resource> resource;
  std::optional<DevCard> dev;
  bool hidden = false;  // `card: hidden`: the recorder did not see it (player-view logs)
  friend bool operator==(const StolenCard&, const StolenCard&) = default;
};

// Claimed state after an entry (`expect:`); unset members are not checked.
struct Expectation {
  std::vector<std::optional<ResourceSet>> hands;  // per player
  std::vector<std::optional<int>> cards;          // resource cards in hand
  std::vector<std::optional<int>> vp;             // hidden VP cards included
  std::optional<int> longest_road;                // player index, -1 = none
  std::optional<int> largest_army;
  std::optional<ResourceSet> bank;
  std::optional<HexRef> robber;
  friend bool operator==(const Expectation&, const Expectation&) = default;
};

struct Action {
  ActionKind kind = ActionKind::EndTurn;
  int player = 0;

  CornerRef corner;  // settlement, city
  EdgeRef edge;      // road
  HexRef hex;        // robber
  std::vector<int> dice;
  int roll_sum = 0;  // `roll: N`: only the sum was recorded (dice empty)

  // Player-view logs: cards the recorder did not see.
  int hidden_cards = 0;      // discard {hidden: N} (the known part is in `give`)
  bool hidden_owed = false;  // `discard: hidden`: the number owed, all unseen
  bool hidden_buy = false;   // `buy: hidden`
  bool end_build = false;    // `end: build`: a special-build window closes (five-six)

  ResourceSet give;          // discard, trade give, bank give
  ResourceSet get;           // trade get, bank get, year-of-plenty take
  std::string dev_in_trade;  // a development card named in a trade (TRADE-02), else empty
  int other = -1;            // trade partner

  bool has_steal = false;
  int steal_from = -1;
  StolenCard stolen;

  DevCard card = DevCard::Knight;        // buy, play
  Resource resource = Resource::Lumber;  // monopoly
  bool has_take = false;                 // year-of-plenty `take`
  int count = 0;                         // reveal

  std::optional<std::vector<ResourceSet>> gains;  // per player; unlisted = none
  std::optional<std::vector<int>> takes;          // monopoly, per player; unlisted = 0
  std::optional<Expectation> expect;

  // The dice total of a roll, whether recorded as two dice or as a sum.
  int roll_total() const { return dice.size() == 2 ? dice[0] + dice[1] : roll_sum; }
  // True when the entry names a card the recorder did not see.
  bool has_hidden() const { return stolen.hidden || hidden_cards > 0 || hidden_owed || hidden_buy; }
  // Every member equal (log::pack_entry's round trip is tested with it).
  friend bool operator==(const Action&, const Action&) = default;
};

class Topology;
// The ids of the places an action names, on `island` (the reader resolves them on the base
// island; a game on another island resolves them again).
void resolve_places(Action& a, const Topology& island);

}  // namespace catan::core
