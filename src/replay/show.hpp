// The position `catan-referee show --at ...` shows (and the Python module's svg()): which
// game of a file, the replay stopped at that moment, its title, and the picture of it.
#pragma once

#include <optional>
#include <string>

#include "diag/player_colours.hpp"
#include "diag/render_state.hpp"
#include "log/model.hpp"
#include "log/reader.hpp"
#include "replay/at_spec.hpp"
#include "replay/replay.hpp"

namespace catan::replay {

// Picks the game of a file that show shows, from documents offered in order: game `game`
// (1-based), or with line:L and no game given (`by_line`), the last one starting at or
// before line L.
class GamePick {
 public:
  GamePick(int game, const AtSpec& at, bool game_given);
  void offer(log::Document&& doc);
  std::optional<log::Document>& chosen() { return chosen_; }

 private:
  int game_;
  int at_line_ = 0;
  bool by_line_ = false;
  std::optional<log::Document> chosen_;
};

// A game replayed up to a moment.
struct Shown {
  Outcome out;        // its report, and the state (none: the header is illegal or unsupported)
  std::string title;  // "State after action 12:", as show prints it above the state
  std::optional<diag::PlayerView> view;  // a player view's worlds, for the hands
};

// The game `game` of `file` at `at` (settings: rules overrides, max_worlds), as show
// replays it: before a failed assertion's entry, as before any other illegal entry.
Shown show_position(const std::string& file, const log::Game& game, Settings settings,
                    const AtSpec& at);

// `show --format svg`: the picture of a shown position (it has a state); `coords` labels
// every hex, corner and path with its name in a log. Before an illegal entry its place is
// outlined and its diagnostic's first line is the caption. `colours`: players' colours the
// user chose (`--colors`); the others by name or palette.
std::string shown_svg(const Shown& s, const log::Game& game, bool coords,
                      const diag::ColourChoices& colours = {});

}  // namespace catan::replay
