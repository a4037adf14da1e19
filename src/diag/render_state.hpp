// The game state at one moment, for adjudicators (`catan-referee show`): board with pieces,
// hands and development cards, VP with sources, awards, bank, deck, turn and phase.
#pragma once

#include <string>
#include <vector>

#include "core/state.hpp"

namespace catan::diag {

// What a player-view log leaves open at that moment, as data: per player (then the bank)
// the fewest and most cards of each resource over the consistent worlds, and each player's
// possible VP.
struct PlayerView {
  std::string view;  // the log's `view:` ("spectator", a name), or "" when absent
  size_t worlds = 0;
  bool approximate = false;  // the ranges are the approximation's intervals
  std::vector<core::ResourceSet> lo, hi;
  std::vector<int> vp_min, vp_max;
  std::vector<std::pair<int, int>> hand_sizes;  // per player: fewest and most cards in hand
  // The entries (domestic trades aside) that some consistent worlds allow and others
  // refuse: the unseen cards decide them. Each as the log writes it (YAML flow) and as JSON,
  // with the number of worlds that allow it. Empty while approximate.
  struct Undecided {
    std::string text, json;
    size_t worlds = 0;
  };
  std::vector<Undecided> undecided;
};

// The JSON form: schemas/catan-referee-state-2.schema.json, described in
// docs/STATE-FORMAT.md (keys in the log's kebab-case, places as the log's arrays).
inline constexpr const char* kStateFormat = "catan-referee-state/2";
std::string render_state_text(const core::GameState& s, const std::string& title,
                              const PlayerView* view = nullptr);
// `pretty` false: compact, on one line (serve answers).
std::string render_state_json(const core::GameState& s, const std::string& title,
                              const PlayerView* view = nullptr, bool pretty = true);

}  // namespace catan::diag
