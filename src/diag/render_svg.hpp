// The board as a standalone SVG picture (`show --format svg`, and the board of the HTML
// report): terrains, number tokens with pips, harbors, pieces in player colours and shapes,
// the robber, an optional highlight and coordinate labels, a legend and a hands panel.
// Data in, text out: the caller replays; this file only draws.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/action.hpp"
#include "core/state.hpp"
#include "diag/diagnostic.hpp"
#include "diag/render_state.hpp"

namespace catan::diag {

inline constexpr int kForever = std::numeric_limits<int>::max();

// A piece on the board during the steps [from, until) of a report (step k: after entry k).
struct SvgPiece {
  enum class Kind : uint8_t { Road, Settlement, City };
  Kind kind = Kind::Road;
  int player = 0;
  int place = 0;  // EdgeId for a road, CornerId for a building
  int from = 0;
  int until = kForever;
};

struct SvgRobber {
  core::HexId hex = core::kNone;
  int from = 0;
  int until = kForever;
};

// The place an entry names, outlined: a corner, an edge or a hex, named as in the log (so
// that an off-island place can be shown too).
struct SvgHighlight {
  enum class Kind : uint8_t { Corner, Edge, Hex };
  Kind kind = Kind::Hex;
  core::Axial hex;
  int dir = 0;    // core::CornerDir or core::EdgeDir
  int step = -1;  // the report step at which it shows; -1: always
};

struct SvgPicture {
  const core::Board* board = nullptr;
  std::vector<std::string> players;
  std::vector<std::string> colours;  // per player, "#RRGGBB" (diag/player_colours.hpp)
  std::vector<SvgPiece> pieces;
  std::vector<SvgRobber> robber;
  std::optional<SvgHighlight> highlight;
  std::string title;     // the first line at the top
  std::string caption;   // under the board (the diagnostic's first line); "" = none
  bool coords = false;   // hex, corner and edge names as written in a log
  bool stepped = false;  // write data-from / data-until for a report's script
  std::vector<std::string> legend_notes;  // per player, after the name ("7 VP"); may be empty
  std::string hands_title;                // "" = no hands panel
  std::vector<std::string> hand_lines;    // per player
};

// The pieces and robber of one state; the players' names and colours (by name, no
// choices: the caller may choose others). The caller adds the rest. The
// picture points at the state's board: keep the state alive while drawing.
SvgPicture picture_of(const core::GameState& s);
// The hands panel: exact hands, or for a player-view log (view != nullptr) the fewest and
// most cards of each resource over the consistent worlds.
void add_hands(SvgPicture& p, const core::GameState& s, const PlayerView* view);
// The place a settlement, city, road or robber entry names; nullopt for other entries.
std::optional<SvgHighlight> highlight_of(const core::Action& a);
// Player marks, shared with the HTML report (colours: diag/player_colours.hpp).
std::string player_mark(const std::vector<std::string>& players, int player);

std::string render_svg(const SvgPicture& p);

// The first line of a diagnostic as `check` prints it: "file:line:col: error[ID]: message".
std::string first_line(const Diagnostic& d);

// Text for XML and HTML: visible() first (no control characters), then &, <, >, ", '.
std::string xml_text(std::string_view s);

}  // namespace catan::diag
