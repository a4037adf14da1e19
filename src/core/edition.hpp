// The facts of one edition of the game, as data: who may play, the island, the terrain,
// tokens and harbors laid on it, the bank, the development deck and the pieces. The rules,
// renderers, generators and importers read these numbers here and nowhere else; a game
// refers to its edition through its board (core/board.hpp). Two editions exist: the base
// game (3-4 players, RULES.md) and the five-six player extension (RULES-5-6.md X.0.6).
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/geometry.hpp"
#include "core/resources.hpp"
#include "core/rule_catalog.hpp"
#include "core/topology.hpp"

namespace catan::core {

inline constexpr int kTerrainKinds = 6;  // Terrain's values, the desert last
inline constexpr int kHarborKinds = 6;   // HarborKind's values, generic last

// The five-six extension's rules that replace base rules (RULES-5-6.md "replaces ..."; X56-SETUP-02
// and -03 generalise SETUP-03 and -07): (base rule, X56 rule).
std::span<const std::pair<Rule, Rule>> five_six_replacements();

struct Edition {
  Edition(std::string_view key, int min_players, int max_players, Topology island)
      : key(key), min_players(min_players), max_players(max_players), island(std::move(island)) {}

  std::string_view key;  // "base", "five-six"
  int min_players = 0, max_players = 0;
  Topology island;
  std::array<int, kTerrainKinds> terrain{};    // land hexes of each terrain
  std::array<int, 13> tokens{};                // number tokens of each value (index = value)
  std::array<int, kHarborKinds> harbors{};     // harbors of each kind
  int cards_per_resource = 0;                  // the bank's stack of each resource
  std::array<int, kDevCardKinds> deck{};       // development cards of each kind
  int roads = 0, settlements = 0, cities = 0;  // pieces per player
  // The variable set-up's token order (letters A, B, ...) and, from each corner of the
  // island, the hexes in the spiral's order (BOARD-03, X56-BOARD-03).
  std::vector<int> spiral_tokens;
  std::vector<std::vector<Axial>> spiral_paths;
  // The frame's harbor sites, as a hex and a side (a generated board puts one harbor on
  // each); the records of other programs may use others.
  std::vector<std::pair<Axial, EdgeDir>> harbor_sites;
  // The counts above in words, for diagnostics ("4 forest, 4 pasture, ...").
  std::string terrain_text, token_text, harbor_text, spiral_text, deck_text;
  bool turn_structures = false;  // the five-six turn structures (turn-structure-56) apply
  std::string_view game_text;    // "the base game", "the five-six player extension"
  // The rules this edition's rules take the place of (RULES-5-6.md: "replaces COMP-01"):
  // a violation of the first is reported under the second.
  std::vector<std::pair<Rule, Rule>> replaced;
  Rule rule(Rule r) const {
    for (const auto& [from, to] : replaced)
      if (from == r) return to;
    return r;
  }

  int hex_count() const { return island.hex_count(); }
  int harbor_count() const;
  int deck_size() const;
  int desert_count() const { return terrain[static_cast<int>(Terrain::Desert)]; }

  static const Edition& base();
  static const Edition& five_six();
  // The edition whose island has exactly these land hexes, or nullptr.
  static const Edition* with_island(std::span<const Axial> hexes);
};

}  // namespace catan::core
