#include "diag/player_colours.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace catan::diag {
namespace {

// Colour names and the shade each is drawn in: Okabe-Ito's colours where one is close
// (red as vermillion, purple as reddish purple), the rest chosen to stay apart from them.
constexpr std::array<std::pair<std::string_view, std::string_view>, 11> kNamed{{
    {"red", "#D55E00"},
    {"blue", "#0072B2"},
    {"white", "#FFFFFF"},
    {"orange", "#E69F00"},
    {"green", "#009E73"},
    {"brown", "#8C510A"},
    {"yellow", "#F0E442"},
    {"sky-blue", "#56B4E9"},
    {"purple", "#CC79A7"},
    {"black", "#000000"},
    {"grey", "#999999"},
}};

// Names without a colour of their own take these, first the ones nobody has: Okabe-Ito
// first, as before colour names were read.
constexpr std::array<std::string_view, 9> kPalette{"#E69F00", "#56B4E9", "#009E73",
                                                   "#D55E00", "#0072B2", "#CC79A7",
                                                   "#F0E442", "#8C510A", "#999999"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<std::string_view> named(std::string_view name) {
  const std::string key = lower(name);
  for (const auto& [n, c] : kNamed)
    if (n == key) return c;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> parse_colour(std::string_view text) {
  if (auto c = named(text)) return std::string(*c);
  if (text.size() != 7 || text[0] != '#') return std::nullopt;
  std::string out = "#";
  for (char c : text.substr(1)) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

std::optional<ColourChoices> parse_colour_choices(std::string_view text, std::string* error) {
  ColourChoices out;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      if (error) *error = "expected NAME=COLOUR, got \"" + std::string(item) + "\"";
      return std::nullopt;
    }
    const std::string_view colour = item.substr(eq + 1);
    auto c = parse_colour(colour);
    if (!c) {
      if (error)
        *error = "\"" + std::string(colour) +
                 "\" is not a colour: a colour name (red, blue, ...) or #RRGGBB";
      return std::nullopt;
    }
    out.push_back({std::string(item.substr(0, eq)), *c});
  }
  return out;
}

std::vector<std::string> player_colours(const std::vector<std::string>& players,
                                        const ColourChoices& choices) {
  std::vector<std::string> out(players.size());
  for (size_t p = 0; p < players.size(); ++p) {
    for (const ColourChoice& c : choices)
      if (c.player == players[p]) out[p] = c.colour;  // the last choice for a name wins
    if (out[p].empty())
      if (auto c = named(players[p])) out[p] = std::string(*c);
  }
  auto taken = [&](std::string_view c) {
    return std::find(out.begin(), out.end(), c) != out.end();
  };
  for (size_t p = 0; p < players.size(); ++p) {
    if (!out[p].empty()) continue;
    const auto free = std::find_if(kPalette.begin(), kPalette.end(),
                                   [&](std::string_view c) { return !taken(c); });
    out[p] = std::string(free != kPalette.end() ? *free : kPalette[p % kPalette.size()]);
  }
  return out;
}

std::vector<std::string_view> colour_names() {
  std::vector<std::string_view> out;
  for (const auto& [n, c] : kNamed) out.push_back(n);
  return out;
}

}  // namespace catan::diag
