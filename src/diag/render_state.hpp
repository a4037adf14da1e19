// The game state at one moment, for adjudicators (`catan-referee show`): board with pieces,
// hands and development cards, VP with sources, awards, bank, deck, turn and phase.
#pragma once

#include <string>

#include "core/state.hpp"

namespace catan::diag {

inline constexpr const char* kStateFormat = "catan-referee-state/1";
std::string render_state_text(const core::GameState& s, const std::string& title);
std::string render_state_json(const core::GameState& s, const std::string& title);

}  // namespace catan::diag
