// The base edition's island, for tests of 3-4 player games and of importers of base-game
// records (production code takes the island from the game's board).
#pragma once

#include "core/edition.hpp"

inline const catan::core::Topology& base_island() { return catan::core::Edition::base().island; }
