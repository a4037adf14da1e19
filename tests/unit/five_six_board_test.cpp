// The five-six island as data (core::Edition::five_six()): RULES-5-6.md's sample board S56
// (Appendix A) is a valid board of that edition and not of the base game; its component
// counts are checked from the edition's table; the text board and the SVG draw its 30 hexes.
#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "core/edition.hpp"
#include "core/state.hpp"
#include "diag/render_board.hpp"
#include "diag/render_svg.hpp"
#include "rules/engine.hpp"

namespace core = catan::core;
namespace rules = catan::rules;
using core::Terrain;

namespace {

// RULES-5-6.md Appendix A, hex by hex (tokens laid by X56-BOARD-03 from corner [0, -3]).
core::BoardSpec s56() {
  const Terrain F = Terrain::Forest, H = Terrain::Hills, P = Terrain::Pasture, G = Terrain::Fields,
                M = Terrain::Mountains, D = Terrain::Desert;
  core::BoardSpec b;
  b.hexes = {
      {{0, -3}, G, 2},  {{1, -3}, F, 8}, {{2, -3}, P, 4},  {{-1, -2}, H, 5},  {{0, -2}, F, 10},
      {{1, -2}, G, 12}, {{2, -2}, F, 8}, {{-2, -1}, M, 4}, {{-1, -1}, P, 11}, {{0, -1}, F, 3},
      {{1, -1}, H, 9},  {{2, -1}, H, 3}, {{-3, 0}, P, 6},  {{-2, 0}, F, 12},  {{-1, 0}, G, 2},
      {{0, 0}, M, 6},   {{1, 0}, G, 5},  {{2, 0}, D, 0},   {{-3, 1}, F, 3},   {{-2, 1}, P, 10},
      {{-1, 1}, D, 0},  {{0, 1}, P, 9},  {{1, 1}, M, 6},   {{-3, 2}, P, 9},   {{-2, 2}, G, 5},
      {{-1, 2}, M, 4},  {{0, 2}, M, 10}, {{-3, 3}, G, 8},  {{-2, 3}, H, 11},  {{-1, 3}, H, 11}};
  using K = core::HarborKind;
  using E = core::EdgeDir;
  b.harbors = {
      {{0, -4}, E::SE, K::Generic}, {{1, -3}, E::NE, K::Generic}, {{2, -2}, E::NE, K::Generic},
      {{2, -1}, E::E, K::Generic},  {{1, 1}, E::E, K::Brick},     {{0, 2}, E::SE, K::Ore},
      {{-2, 3}, E::SE, K::Wool},    {{-4, 4}, E::NE, K::Grain},   {{-4, 2}, E::NE, K::Lumber},
      {{-4, 0}, E::E, K::Generic},  {{-2, -2}, E::SE, K::Wool}};
  b.robber = core::Axial{2, 0};
  return b;
}

const core::Edition& x56() { return core::Edition::five_six(); }

}  // namespace

TEST_CASE("five-six board: the sample board S56 is valid on the five-six island",
          "[edition][board]") {
  const rules::Setup ok = rules::build_board(s56(), {}, x56());
  REQUIRE(ok.board);
  CHECK_FALSE(ok.violation);
  CHECK(ok.board->edition == &x56());
  CHECK(ok.board->hexes.size() == 30);
  CHECK(ok.board->harbors.size() == 11);
  CHECK(ok.board->topology().hex_at(ok.board->robber_start) == core::Axial{2, 0});
  // The same board is no base-game board (COMP-01: 30 hexes, not 19).
  const rules::Setup base = rules::build_board(s56(), {}, core::Edition::base());
  REQUIRE(base.violation);
  CHECK(base.violation->rule == core::Rule::COMP_01);
}

TEST_CASE("five-six board: the robber starts on either desert", "[edition][board]") {
  core::BoardSpec b = s56();
  b.robber = core::Axial{-1, 1};
  const rules::Setup other = rules::build_board(b, {}, x56());
  REQUIRE(other.board);
  CHECK(other.board->topology().hex_at(other.board->robber_start) == core::Axial{-1, 1});
  b.robber = core::Axial{0, 0};
  const rules::Setup bad = rules::build_board(b, {}, x56());
  REQUIRE(bad.violation);
  CHECK(bad.violation->rule == core::Rule::X56_BOARD_01);
  b.robber.reset();  // none given: the first desert in reading order
  const rules::Setup first = rules::build_board(b, {}, x56());
  REQUIRE(first.board);
  CHECK(first.board->topology().hex_at(first.board->robber_start) == core::Axial{2, 0});
}

// The X56 IDs (X56-COMP-01..03, X56-BOARD-03) replace the base ones on this island.
TEST_CASE("five-six board: component counts come from the edition's table", "[edition][board]") {
  SECTION("a third desert") {
    core::BoardSpec b = s56();
    b.hexes[15] = {{0, 0}, Terrain::Desert, 0};  // was mountains 6
    const rules::Setup r = rules::build_board(b, {}, x56());
    REQUIRE(r.violation);
    CHECK(r.violation->rule == core::Rule::X56_COMP_01);
  }
  SECTION("a third 2") {
    core::BoardSpec b = s56();
    b.hexes[16].number = 2;  // [1, 0] was 5
    const rules::Setup r = rules::build_board(b, {}, x56());
    REQUIRE(r.violation);
    CHECK(r.violation->rule == core::Rule::X56_COMP_02);
  }
  SECTION("ten harbors, then a third wool harbor") {
    core::BoardSpec b = s56();
    b.harbors.pop_back();
    const rules::Setup ten = rules::build_board(b, {}, x56());
    REQUIRE(ten.violation);
    CHECK(ten.violation->rule == core::Rule::X56_COMP_03);
    b = s56();
    b.harbors[4].kind = core::HarborKind::Wool;  // the brick harbor
    const rules::Setup wool = rules::build_board(b, {}, x56());
    REQUIRE(wool.violation);
    CHECK(wool.violation->rule == core::Rule::X56_COMP_03);
  }
  SECTION("the spiral: S56 follows it from [0, -3]; a swap breaks it") {
    core::Options spiral;
    spiral.board_tokens = core::BoardTokens::Spiral;
    CHECK(rules::build_board(s56(), spiral, x56()).board);
    core::BoardSpec b = s56();
    std::swap(b.hexes[0].number, b.hexes[1].number);
    const rules::Setup r = rules::build_board(b, spiral, x56());
    REQUIRE(r.violation);
    CHECK(r.violation->rule == core::Rule::X56_BOARD_03);
  }
}

TEST_CASE("five-six board: the text board and the SVG draw the 30-hex island",
          "[edition][board][svg]") {
  const rules::Setup ok = rules::build_board(s56(), {}, x56());
  REQUIRE(ok.board);
  const std::string text = catan::diag::render_board(&*ok.board);
  for (core::Axial a : x56().island.hexes())
    CHECK(text.find(std::to_string(a.q) + "," + std::to_string(a.r)) != std::string::npos);
  CHECK(text.find("rows run r = -3 (top) to 3 (bottom)") != std::string::npos);
  CHECK(text.find("(R)") != std::string::npos);

  const core::GameState s =
      core::GameState::initial(*ok.board, {}, {"red", "blue", "white", "orange", "green", "brown"});
  const std::string svg = catan::diag::render_svg(catan::diag::picture_of(s));
  int hexes = 0;
  for (size_t at = svg.find("class=\"hex\" data-hex=\""); at != std::string::npos;
       at = svg.find("class=\"hex\" data-hex=\"", at + 1))
    ++hexes;
  CHECK(hexes == 30);
  CHECK(svg.find("data-hex=\"[-3, 3]\"") != std::string::npos);
  // The frame grows with the island: wider and taller than the base game's 1010 wide.
  std::smatch m;
  REQUIRE(std::regex_search(svg, m,
                            std::regex("viewBox=\"(-?[0-9.]+) (-?[0-9.]+) ([0-9.]+) ([0-9.]+)\"")));
  CHECK(std::stod(m[1]) < -345);
  CHECK(std::stod(m[2]) < -365);
  CHECK(std::stod(m[3]) > 1010);
  // Every hex polygon lies inside the sea rectangle.
  REQUIRE(std::regex_search(svg, m,
                            std::regex("<rect class=\"sea\" x=\"(-?[0-9.]+)\" y=\"(-?[0-9.]+)\" "
                                       "width=\"([0-9.]+)\" height=\"([0-9.]+)\"")));
  const double x0 = std::stod(m[1]), y0 = std::stod(m[2]), x1 = x0 + std::stod(m[3]),
               y1 = y0 + std::stod(m[4]);
  const std::regex pair("(-?[0-9.]+),(-?[0-9.]+)");
  const std::regex polygon("<polygon points=\"([^\"]+)\"");
  for (std::sregex_iterator it(svg.begin(), svg.end(), polygon), end; it != end; ++it) {
    const std::string pts = (*it)[1];
    for (std::sregex_iterator p(pts.begin(), pts.end(), pair); p != end; ++p) {
      const double x = std::stod((*p)[1]), y = std::stod((*p)[2]);
      CHECK((x > x0 && x < x1 && y > y0 && y < y1));
    }
  }
}
