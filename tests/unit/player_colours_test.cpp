// Players' colours in pictures (diag/player_colours.hpp): a player named after a colour is
// drawn in a shade of it, the others take the palette's free colours, --colors chooses.
#include "diag/player_colours.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/edition.hpp"
#include "diag/render_svg.hpp"
#include "fixture.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"

namespace diag = catan::diag;
using Names = std::vector<std::string>;

TEST_CASE("colours: a player named after a colour is drawn in it", "[diag][colours]") {
  // Before, the palette went by seat: blue was drawn orange and red sky-blue.
  CHECK(diag::player_colours({"red", "blue", "white", "orange"}) ==
        Names{"#D55E00", "#0072B2", "#FFFFFF", "#E69F00"});
  CHECK(diag::player_colours({"Blue", "RED"}) == Names{"#0072B2", "#D55E00"});
  // The five-six colours: six players, six different colours.
  const Names six = diag::player_colours({"red", "blue", "white", "orange", "green", "brown"});
  CHECK(std::set<std::string>(six.begin(), six.end()).size() == 6);
  CHECK(six[4] == "#009E73");
  CHECK(six[5] == "#8C510A");
}

TEST_CASE("colours: other names take the palette's free colours in order", "[diag][colours]") {
  CHECK(diag::player_colours({"alice", "bob", "carol", "dave"}) ==
        Names{"#E69F00", "#56B4E9", "#009E73", "#D55E00"});
  // Orange is taken by its player: the others skip it.
  CHECK(diag::player_colours({"ann", "orange", "bo"}) == Names{"#56B4E9", "#E69F00", "#009E73"});
  // More players than palette colours: every one still gets a colour.
  Names many;
  for (int i = 0; i < 12; ++i) many.push_back("p" + std::to_string(i));
  for (const std::string& c : diag::player_colours(many)) CHECK(c.size() == 7);
}

TEST_CASE("colours: --colors NAME=COLOUR,... chooses, and bad lists are refused",
          "[diag][colours]") {
  std::string why;
  auto c = diag::parse_colour_choices("red=green,bo=#a1b2c3", &why);
  REQUIRE(c);
  CHECK(diag::player_colours({"red", "bo", "blue"}, *c) == Names{"#009E73", "#A1B2C3", "#0072B2"});
  CHECK(diag::parse_colour_choices("", &why)->empty());
  CHECK_FALSE(diag::parse_colour_choices("red", &why));
  CHECK(why == "expected NAME=COLOUR, got \"red\"");
  CHECK_FALSE(diag::parse_colour_choices("=blue", &why));
  CHECK_FALSE(diag::parse_colour_choices("red=teal", &why));
  CHECK(why.find("\"teal\" is not a colour") == 0);
  CHECK_FALSE(diag::parse_colour_choices("red=#12345", &why));
  CHECK_FALSE(diag::parse_colour_choices("red=#12345g", &why));
  CHECK(diag::parse_colour("#abcdef") == "#ABCDEF");
  CHECK(diag::parse_colour("Sky-Blue") == "#56B4E9");
  CHECK(diag::colour_names().size() == 11);
}

TEST_CASE("colours: the SVG draws blue's pieces blue and red's red", "[diag][colours][svg]") {
  using namespace catan;
  auto docs = log::read_string(test::header() + test::setup());
  REQUIRE(docs.at(0).game);
  const replay::Outcome out = replay::replay("t.yaml", *docs[0].game, {});
  REQUIRE(out.state);
  diag::SvgPicture pic = diag::picture_of(*out.state);
  REQUIRE(pic.players == Names{"red", "blue", "white", "orange"});
  const std::string svg = diag::render_svg(pic);
  CHECK(svg.find("class=\"settlement p0\"") != std::string::npos);
  auto fill_of = [&](int p) {
    const size_t at = svg.find("class=\"settlement p" + std::to_string(p) + "\"");
    REQUIRE(at != std::string::npos);
    const size_t fill = svg.find("fill=\"", at);
    return svg.substr(fill + 6, 7);
  };
  CHECK(fill_of(0) == "#D55E00");
  CHECK(fill_of(1) == "#0072B2");
  CHECK(fill_of(2) == "#FFFFFF");
  CHECK(fill_of(3) == "#E69F00");
}
