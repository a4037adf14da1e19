// The colour each player is drawn in (SVG pictures and the HTML report). A player named
// after a colour ("blue", "Red") is drawn in a close shade of it that stays apart from the
// others under the common colour-vision deficiencies; other names take the palette's
// colours that are left, in order; `--colors NAME=COLOUR,...` chooses for named players.
// Colour is never the only cue: every piece also carries its shape and its player's mark.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catan::diag {

struct ColourChoice {
  std::string player;
  std::string colour;  // "#RRGGBB"
};
using ColourChoices = std::vector<ColourChoice>;

// A colour as the user may write it: a name of the table below or "#RRGGBB" (any case);
// the result is "#RRGGBB" in upper case, or nullopt.
std::optional<std::string> parse_colour(std::string_view text);
// "red=#D55E00,blue=green": NAME=COLOUR items separated by commas (a name holds neither
// '=' nor ','); nullopt, with the reason in *error, when an item does not read.
std::optional<ColourChoices> parse_colour_choices(std::string_view text, std::string* error);
// The colours of the players, in their order: a choice naming the player; else the shade
// of the colour the player's name names (case-insensitive); else the first palette colour
// no other player has, or the palette in turn when all are taken.
std::vector<std::string> player_colours(const std::vector<std::string>& players,
                                        const ColourChoices& choices = {});
// The colour names parse_colour knows, in the table's order (for --help and the man page).
std::vector<std::string_view> colour_names();

}  // namespace catan::diag
