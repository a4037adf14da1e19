// The island as laid out for one game: terrains, number tokens, harbors, robber start.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/edition.hpp"
#include "core/geometry.hpp"
#include "core/resources.hpp"

namespace catan::core {

enum class HarborKind : uint8_t { Lumber, Brick, Wool, Grain, Ore, Generic };  // resources first
std::string_view to_string(HarborKind k);                                      // "lumber" ... "3:1"

struct HexTile {
  Terrain terrain = Terrain::Desert;
  int number = 0;  // 0 = no token
};

struct Harbor {
  EdgeId edge = kNone;
  HarborKind kind = HarborKind::Generic;
};

// A validated board (see rules/board_rules.hpp for COMP-01/03/04, BOARD-01): the tiles of
// its edition's island, by hex id.
struct Board {
  const Edition* edition;  // static storage: never owned
  std::vector<HexTile> hexes;
  std::vector<Harbor> harbors;
  HexId robber_start = kNone;

  explicit Board(const Edition& e = Edition::base()) : edition(&e), hexes(e.hex_count()) {}
  const Topology& topology() const { return edition->island; }
  std::optional<HexId> desert() const;  // the first
};

// The board as written in a log, before validation (rules::build_board).
struct HexSpec {
  Axial at;
  Terrain terrain = Terrain::Desert;
  int number = 0;  // 0 = no token given
};
struct HarborSpec {
  Axial at;
  EdgeDir dir = EdgeDir::NE;
  HarborKind kind = HarborKind::Generic;
};
struct BoardSpec {
  std::vector<HexSpec> hexes;
  std::vector<HarborSpec> harbors;
  std::optional<Axial> robber;
};

// A logged start-player roll-off (extension field `rolloff`, D-02 variant).
struct RolloffRoll {
  int player = 0;
  std::vector<int> dice;
};
using Rolloff = std::vector<std::vector<RolloffRoll>>;  // rounds

}  // namespace catan::core
