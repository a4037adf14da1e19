#include "core/edition.hpp"

#include <cstdlib>
#include <numeric>

namespace catan::core {
namespace {

std::vector<Axial> land_where(bool (*on)(int q, int r)) {
  std::vector<Axial> out;
  for (int r = -8; r <= 8; ++r)
    for (int q = -8; q <= 8; ++q)
      if (on(q, r)) out.push_back({q, r});
  return out;
}

// The base island: the 19 hexes within two steps of the centre (RULES.md COMP-01).
bool base_land(int q, int r) {
  return std::abs(q) <= 2 && std::abs(r) <= 2 && std::abs(q + r) <= 2;
}
// The extension's island: rows of 3, 4, 5, 6, 5, 4, 3 (LOG-FORMAT "Five and six players").
bool five_six_land(int q, int r) {
  return r >= -3 && r <= 3 && q >= -3 && q <= 2 && q + r >= -3 && q + r <= 2;
}

// The base spirals (BOARD-03): from a corner of the outer ring, counter-clockwise round
// it, then the inner ring from the hex inside that corner, then the centre.
std::vector<std::vector<Axial>> ring_spirals() {
  // Directions counter-clockwise on screen: E, NE, NW, W, SW, SE.
  constexpr std::array<Axial, 6> ccw{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};
  std::vector<std::vector<Axial>> out;
  for (int corner = 0; corner < 6; ++corner) {
    std::vector<Axial> path;
    for (int k = 2; k >= 1; --k)
      for (int j = 0; j < 6; ++j) {
        const Axial d = ccw[(corner + j) % 6], step = ccw[(corner + j + 2) % 6];
        Axial h{k * d.q, k * d.r};
        for (int i = 0; i < k; ++i, h = {h.q + step.q, h.r + step.r}) path.push_back(h);
      }
    path.push_back({0, 0});
    out.push_back(std::move(path));
  }
  return out;
}

// "q,r q,r ..." as written in RULES-5-6.md Appendix B.
// "q,r q,r ...": a few hundred characters read once per process, without a stream.
std::vector<Axial> path_of(std::string_view text) {
  std::vector<Axial> out;
  int value[2] = {0, 0}, k = 0, sign = 1;
  bool digits = false;
  for (size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    if (c == '-') {
      sign = -1;
    } else if (c >= '0' && c <= '9') {
      value[k] = value[k] * 10 + (c - '0');
      digits = true;
    } else if (digits) {  // a number ends
      value[k] *= sign;
      if (k == 1) out.push_back({value[0], value[1]});
      k = 1 - k;
      value[k] = 0, sign = 1, digits = false;
    }
  }
  return out;
}

Edition make_base() {
  const std::vector<Axial> land = land_where(base_land);
  Edition e("base", 3, 4, Topology(land));
  e.terrain = {4, 3, 4, 4, 3, 1};  // forest hills pasture fields mountains desert
  e.tokens = {0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1};
  e.harbors = {1, 1, 1, 1, 1, 4};  // one 2:1 per resource, four 3:1
  e.cards_per_resource = 19;
  e.deck = {14, 2, 2, 2, 5};  // knight, road building, year of plenty, monopoly, VP
  e.roads = 15, e.settlements = 5, e.cities = 4;
  e.spiral_tokens = {5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};
  e.spiral_paths = ring_spirals();
  e.harbor_sites = {{{0, -2}, EdgeDir::NW}, {{1, -2}, EdgeDir::NE}, {{2, -1}, EdgeDir::E},
                    {{1, 1}, EdgeDir::E},   {{0, 2}, EdgeDir::SE},  {{-1, 2}, EdgeDir::SW},
                    {{-2, 1}, EdgeDir::W},  {{-2, 0}, EdgeDir::NW}, {{-1, -1}, EdgeDir::NW}};
  e.game_text = "the base game";
  e.terrain_text = "4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert";
  e.token_text = "one 2, one 12, two each of 3, 4, 5, 6, 8, 9, 10, 11";
  e.harbor_text = "9: four generic 3:1 and one 2:1 for each resource";
  e.deck_text = "14 knight, 2 road-building, 2 year-of-plenty, 2 monopoly, 5 victory-point";
  e.spiral_text =
      "5 2 6 3 8 10 9 12 11 4 8 10 9 4 5 6 3 11, counter-clockwise from a corner, outer ring "
      "first, desert skipped";
  return e;
}

Edition make_five_six() {
  const std::vector<Axial> land = land_where(five_six_land);
  Edition e("five-six", 5, 6, Topology(land));
  e.terrain = {6, 5, 6, 6, 5, 2};                      // X56-COMP-01
  e.tokens = {0, 0, 2, 3, 3, 3, 3, 0, 3, 3, 3, 3, 2};  // X56-COMP-02
  e.harbors = {1, 1, 2, 1, 1, 5};                      // X56-COMP-03: two wool 2:1
  e.cards_per_resource = 24;                           // X56-COMP-04
  e.deck = {20, 3, 3, 3, 5};                           // X56-COMP-05
  e.roads = 15, e.settlements = 5, e.cities = 4;       // X56-COMP-06
  // D-25: letters A..Y, Za, Zb, Zc.
  e.spiral_tokens = {2, 5,  4,  6,  3,  9, 8, 11, 11, 10, 6,  3, 8, 4,
                     8, 10, 11, 12, 10, 5, 4, 9,  5,  9,  12, 3, 2, 6};
  // RULES-5-6.md Appendix B: outer 16, middle 10, centre 4, from each corner hex.
  for (std::string_view row :
       {"0,-3 -1,-2 -2,-1 -3,0 -3,1 -3,2 -3,3 -2,3 -1,3 0,2 1,1 2,0 2,-1 2,-2 2,-3 1,-3 "
        "0,-2 -1,-1 -2,0 -2,1 -2,2 -1,2 0,1 1,0 1,-1 1,-2 0,-1 -1,0 -1,1 0,0",
        "2,-3 1,-3 0,-3 -1,-2 -2,-1 -3,0 -3,1 -3,2 -3,3 -2,3 -1,3 0,2 1,1 2,0 2,-1 2,-2 "
        "1,-2 0,-2 -1,-1 -2,0 -2,1 -2,2 -1,2 0,1 1,0 1,-1 0,-1 -1,0 -1,1 0,0",
        "-3,0 -3,1 -3,2 -3,3 -2,3 -1,3 0,2 1,1 2,0 2,-1 2,-2 2,-3 1,-3 0,-3 -1,-2 -2,-1 "
        "-2,0 -2,1 -2,2 -1,2 0,1 1,0 1,-1 1,-2 0,-2 -1,-1 -1,0 -1,1 0,0 0,-1",
        "2,0 2,-1 2,-2 2,-3 1,-3 0,-3 -1,-2 -2,-1 -3,0 -3,1 -3,2 -3,3 -2,3 -1,3 0,2 1,1 "
        "1,0 1,-1 1,-2 0,-2 -1,-1 -2,0 -2,1 -2,2 -1,2 0,1 0,0 0,-1 -1,0 -1,1",
        "-3,3 -2,3 -1,3 0,2 1,1 2,0 2,-1 2,-2 2,-3 1,-3 0,-3 -1,-2 -2,-1 -3,0 -3,1 -3,2 "
        "-2,2 -1,2 0,1 1,0 1,-1 1,-2 0,-2 -1,-1 -2,0 -2,1 -1,1 0,0 0,-1 -1,0",
        "-1,3 0,2 1,1 2,0 2,-1 2,-2 2,-3 1,-3 0,-3 -1,-2 -2,-1 -3,0 -3,1 -3,2 -3,3 -2,3 "
        "-1,2 0,1 1,0 1,-1 1,-2 0,-2 -1,-1 -2,0 -2,1 -2,2 -1,1 0,0 0,-1 -1,0"})
    e.spiral_paths.push_back(path_of(row));
  // RULES-5-6.md Appendix C: JSettlers2's sites (the official frame's are not known).
  e.harbor_sites = {{{0, -4}, EdgeDir::SE}, {{1, -3}, EdgeDir::NE}, {{2, -2}, EdgeDir::NE},
                    {{2, -1}, EdgeDir::E},  {{1, 1}, EdgeDir::E},   {{0, 2}, EdgeDir::SE},
                    {{-2, 3}, EdgeDir::SE}, {{-4, 4}, EdgeDir::NE}, {{-4, 2}, EdgeDir::NE},
                    {{-4, 0}, EdgeDir::E},  {{-2, -2}, EdgeDir::SE}};
  e.game_text = "the five-six player extension";
  e.turn_structures = true;
  // RULES-5-6.md: the rules that replace a base rule (its heading says so), and those whose
  // violations it reports under its own ID (X56-SETUP-02 and -03 generalise SETUP-03 and
  // SETUP-07). X56-PAIR-06 replaces DEV-03/04 only under paired turns: the rules decide.
  const auto replaced = five_six_replacements();
  e.replaced.assign(replaced.begin(), replaced.end());
  e.terrain_text = "6 forest, 6 pasture, 6 fields, 5 hills, 5 mountains, 2 desert";
  e.token_text = "two each of 2 and 12, three each of 3, 4, 5, 6, 8, 9, 10, 11";
  e.harbor_text = "11: five generic 3:1, two wool 2:1 and one 2:1 for each other resource";
  e.deck_text = "20 knight, 3 road-building, 3 year-of-plenty, 3 monopoly, 5 victory-point";
  e.spiral_text =
      "2 5 4 6 3 9 8 11 11 10 6 3 8 4 8 10 11 12 10 5 4 9 5 9 12 3 2 6, counter-clockwise from "
      "a corner hex, outer ring first, deserts skipped";
  return e;
}

}  // namespace

std::span<const std::pair<Rule, Rule>> five_six_replacements() {
  static constexpr std::pair<Rule, Rule> kReplaced[] = {
      {Rule::COMP_01, Rule::X56_COMP_01},   {Rule::COMP_03, Rule::X56_COMP_02},
      {Rule::COMP_04, Rule::X56_COMP_03},   {Rule::COMP_05, Rule::X56_COMP_04},
      {Rule::COMP_06, Rule::X56_COMP_05},   {Rule::COMP_09, Rule::X56_COMP_07},
      {Rule::BOARD_01, Rule::X56_BOARD_01}, {Rule::BOARD_02, Rule::X56_BOARD_02},
      {Rule::BOARD_03, Rule::X56_BOARD_03}, {Rule::SETUP_01, Rule::X56_SETUP_01},
      {Rule::SETUP_03, Rule::X56_SETUP_02}, {Rule::SETUP_07, Rule::X56_SETUP_03},
      {Rule::TURN_06, Rule::X56_TURN_02}};
  return kReplaced;
}

int Edition::harbor_count() const { return std::accumulate(harbors.begin(), harbors.end(), 0); }
int Edition::deck_size() const { return std::accumulate(deck.begin(), deck.end(), 0); }

const Edition& Edition::base() {
  static const Edition e = make_base();
  return e;
}

const Edition& Edition::five_six() {
  static const Edition e = make_five_six();
  return e;
}

const Edition* Edition::with_island(std::span<const Axial> hexes) {
  for (const Edition* e : {&base(), &five_six()}) {
    if (static_cast<int>(hexes.size()) != e->hex_count()) continue;
    std::array<bool, kMaxPlaces> seen{};
    bool all = true;
    for (const Axial& h : hexes) {
      const HexId id = e->island.hex_id(h);
      all = all && id != kNone && !seen[id];
      if (id != kNone) seen[id] = true;
    }
    if (all) return e;  // as many hexes, each on the island once
  }
  return nullptr;
}

}  // namespace catan::core
