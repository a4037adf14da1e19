// ASCII picture of the island with axial hex coordinates, and (when known) terrains,
// number tokens, the robber and the harbors, so a person can write coordinates by hand.
#pragma once

#include <string>

#include "core/board.hpp"

namespace catan::diag {

std::string render_board(const core::Board* board);  // nullptr: coordinates only

}  // namespace catan::diag
