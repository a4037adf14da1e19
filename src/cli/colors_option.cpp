#include "cli/colors_option.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "diag/render_text.hpp"

namespace catan::cli {

void add_colors_option(CLI::App* cmd, std::string& colors, const std::string& lead) {
  std::string names;
  for (std::string_view n : diag::colour_names())
    names += (names.empty() ? "" : ", ") + std::string(n);
  cmd->add_option("--colors", colors,
                  lead + "Players' colours in pictures: NAME=COLOUR,... with COLOUR a name (" +
                      names +
                      ") or #RRGGBB; by default a player named after a colour is drawn in it, "
                      "the others in the palette")
      ->type_name("NAME=COLOUR,...");
}

std::optional<diag::ColourChoices> read_colors_option(const std::string& colors) {
  std::string error;
  auto choices = diag::parse_colour_choices(colors, &error);
  if (!choices) std::cerr << "catan-referee: --colors: " << diag::visible(error) << "\n";
  return choices;
}

}  // namespace catan::cli
