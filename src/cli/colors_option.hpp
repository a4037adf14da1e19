// show and report: `--colors NAME=COLOUR,...`, the players' colours in pictures
// (diag/player_colours.hpp).
#pragma once

#include <optional>
#include <string>

#include "diag/player_colours.hpp"

namespace CLI {
class App;
}

namespace catan::cli {

// Adds --colors to `cmd`, its help text after `lead` ("" or "With --format svg: ").
void add_colors_option(CLI::App* cmd, std::string& colors, const std::string& lead);
// The choices --colors names; nullopt after a message on stderr when the list does not
// read (the caller exits 2).
std::optional<diag::ColourChoices> read_colors_option(const std::string& colors);

}  // namespace catan::cli
