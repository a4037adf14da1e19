// ASCII picture of the island with axial hex coordinates, and (when known) terrains,
// number tokens, the robber and the harbors, so a person can write coordinates by hand.
#pragma once

#include <string>

#include "core/board.hpp"
#include "core/state.hpp"

namespace catan::diag {

std::string render_board(const core::Board* board);  // nullptr: coordinates only
// The board with pieces: a player's mark (see piece_marks) on each corner and path they
// hold, lowercase for settlements and roads, uppercase for cities; the robber as (R).
std::string render_board(const core::GameState& state);
// One character per player: the name's first letter when unique, else 1, 2, 3, 4.
std::vector<char> piece_marks(const core::GameState& state);

}  // namespace catan::diag
