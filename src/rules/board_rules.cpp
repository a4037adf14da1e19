// The game header: SETUP-01 player count, SETUP-02 roll-off (D-02 variant), COMP-01 terrain,
// COMP-03 number tokens, COMP-04 harbors, BOARD-01 robber on the desert, BOARD-03 spiral
// token order (D-12 variant), BOARD-04 beginner layout (D-14 variant, not available).
#include <algorithm>
#include <map>

#include "rules/detail.hpp"
#include "rules/engine.hpp"

namespace catan::rules {

using namespace detail;
using core::Axial;
using core::HarborKind;
using core::Terrain;

namespace {

constexpr std::array<int, 6> kTerrainCounts{4, 3, 4, 4,
                                            3, 1};  // forest hills pasture fields mountains desert
constexpr std::array<int, 13> kTokenCounts{0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1};  // by number
// Tokens A..R of the variable set-up (BOARD-03).
constexpr std::array<int, 18> kSpiral{5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};
// Directions counter-clockwise on screen: E, NE, NW, W, SW, SE.
constexpr std::array<Axial, 6> kCcw{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};

Violation at(Violation v, Focus f, int index = -1) {
  v.focus = f;
  v.index = index;
  return v;
}

std::vector<core::HexId> spiral_from(int corner) {
  std::vector<core::HexId> out;
  for (int k = 2; k >= 1; --k)
    for (int j = 0; j < 6; ++j) {
      Axial d = kCcw[(corner + j) % 6], step = kCcw[(corner + j + 2) % 6];
      Axial h{k * d.q, k * d.r};
      for (int i = 0; i < k; ++i, h = {h.q + step.q, h.r + step.r}) out.push_back(core::hex_id(h));
    }
  out.push_back(core::hex_id({0, 0}));
  return out;
}

bool spiral_matches(const core::Board& b) {
  for (int corner = 0; corner < 6; ++corner) {
    std::vector<int> tokens;
    for (core::HexId h : spiral_from(corner))
      if (b.hexes[h].terrain != Terrain::Desert) tokens.push_back(b.hexes[h].number);
    if (std::equal(tokens.begin(), tokens.end(), kSpiral.begin(), kSpiral.end())) return true;
  }
  return false;
}

std::optional<Violation> check_hexes(const core::BoardSpec& spec, core::Board& board) {
  if (spec.hexes.size() != core::kHexCount)
    return at(
        fail(Rule::COMP_01, fmt::format("the board has {} land hexes, not 19", spec.hexes.size())),
        Focus::BoardHexes);
  std::array<bool, core::kHexCount> seen{};
  std::array<int, 6> terrains{};
  std::array<int, 13> tokens{};
  for (size_t i = 0; i < spec.hexes.size(); ++i) {
    const core::HexSpec& h = spec.hexes[i];
    const int idx = static_cast<int>(i);
    const core::HexId id = core::hex_id(h.at);
    if (id == core::kNone)
      return at(fail(Rule::COMP_01, fmt::format("{} is not one of the 19 hexes of the island",
                                                core::hex_text(h.at))),
                Focus::BoardHex, idx);
    if (seen[id])
      return at(fail(Rule::COMP_01, fmt::format("{} is listed twice", core::hex_text(h.at))),
                Focus::BoardHex, idx);
    seen[id] = true;
    const bool desert = h.terrain == Terrain::Desert;
    if (desert && h.number != 0)
      return at(fail(Rule::COMP_03, "the desert carries no number token"), Focus::BoardHex, idx);
    if (!desert && (h.number < 2 || h.number > 12 || h.number == 7))
      return at(
          fail(Rule::COMP_03,
               h.number == 0 ? fmt::format("the {} at {} needs a number token",
                                           core::to_string(h.terrain), core::hex_text(h.at))
                             : fmt::format("{} is not a number token (2-12, never 7)", h.number)),
          Focus::BoardHex, idx);
    ++terrains[static_cast<int>(h.terrain)];
    if (!desert) ++tokens[h.number];
    board.hexes[id] = {h.terrain, h.number};
  }
  for (int t = 0; t < 6; ++t)
    if (terrains[t] != kTerrainCounts[t])
      return at(with(fail(Rule::COMP_01,
                          fmt::format("the board has {} {} hexes, not {}", terrains[t],
                                      core::to_string(static_cast<Terrain>(t)), kTerrainCounts[t])),
                     "terrain", "4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert"),
                Focus::BoardHexes);
  for (int n = 2; n <= 12; ++n)
    if (tokens[n] != kTokenCounts[n])
      return at(with(fail(Rule::COMP_03, fmt::format("the board has {} number token(s) {}, not {}",
                                                     tokens[n], n, kTokenCounts[n])),
                     "tokens", "one 2, one 12, two each of 3, 4, 5, 6, 8, 9, 10, 11"),
                Focus::BoardHexes);
  return {};
}

std::optional<Violation> check_harbors(const core::BoardSpec& spec, core::Board& board) {
  std::array<int, 6> kinds{};
  std::array<bool, core::kEdgeCount> used{};
  for (size_t i = 0; i < spec.harbors.size(); ++i) {
    const core::HarborSpec& h = spec.harbors[i];
    const int idx = static_cast<int>(i);
    const core::EdgeId e = core::edge_id(h.at, h.dir);
    if (e == core::kNone || !core::is_coastal(e))
      return at(fail(Rule::COMP_04, fmt::format("a harbor lies on a coastal path; {} is not one",
                                                core::edge_text(h.at, h.dir))),
                Focus::BoardHarbor, idx);
    if (used[e])
      return at(fail(Rule::COMP_04, fmt::format("two harbors on {}", core::edge_text(e))),
                Focus::BoardHarbor, idx);
    used[e] = true;
    ++kinds[static_cast<int>(h.kind)];
    board.harbors.push_back({e, h.kind});
  }
  bool ok = spec.harbors.size() == 9 && kinds[static_cast<int>(HarborKind::Generic)] == 4;
  for (int k = 0; k < 5; ++k) ok = ok && kinds[k] == 1;
  if (!ok)
    return at(with(fail(Rule::COMP_04, fmt::format("the board has {} harbors ({} generic 3:1)",
                                                   spec.harbors.size(),
                                                   kinds[static_cast<int>(HarborKind::Generic)])),
                   "harbors", "9: four generic 3:1 and one 2:1 for each resource"),
              Focus::BoardHarbors);
  return {};
}

}  // namespace

Setup build_board(const core::BoardSpec& spec, const core::Options& options) {
  Setup out;
  core::Board board;
  if (auto v = check_hexes(spec, board)) return {std::nullopt, v, {}};
  if (auto v = check_harbors(spec, board)) return {std::nullopt, v, {}};
  const core::HexId desert = *board.desert();
  board.robber_start = desert;
  if (spec.robber) {
    const core::HexId r = core::hex_id(*spec.robber);
    if (r != desert)
      return {std::nullopt,
              at(fail(Rule::BOARD_01, fmt::format("the robber starts on the desert {}, not on {}",
                                                  core::hex_text(core::hex_at(desert)),
                                                  core::hex_text(*spec.robber))),
                 Focus::BoardRobber),
              {}};
  }
  if (options.board_tokens == core::BoardTokens::Spiral && !spiral_matches(board))
    return {std::nullopt,
            at(with(fail(Rule::BOARD_03,
                         "the number tokens do not follow the A-R spiral from any "
                         "corner (board-tokens: spiral)"),
                    "order",
                    "5 2 6 3 8 10 9 12 11 4 8 10 9 4 5 6 3 11, counter-clockwise from a "
                    "corner, outer ring first, desert skipped"),
               Focus::BoardHexes),
            {}};
  if (options.setup_mode == core::SetupMode::BeginnerFixed)
    return {std::nullopt, std::nullopt,
            "setup-mode: beginner-fixed needs the printed beginner layout, which the rules "
            "sources do not contain (RULES.md BOARD-04, D-14); it is not supported yet"};
  out.board = board;
  return out;
}

std::optional<Violation> check_players(int count) {
  if (count >= 3 && count <= 4) return {};
  return at(fail(Rule::SETUP_01, fmt::format("the base game has 3 or 4 players, not {}", count)),
            Focus::Players);
}

std::optional<Violation> check_rolloff(const core::Rolloff& rounds, int players,
                                       const core::Options& options) {
  if (options.start_player != core::StartPlayer::HighestRollRerollTies) return {};
  if (rounds.empty())
    return at(fail(Rule::SETUP_02,
                   "start-player: highest-roll-reroll-ties needs a logged "
                   "`rolloff`"),
              Focus::Players);
  std::vector<int> expected(players);
  for (int p = 0; p < players; ++p) expected[p] = p;
  for (size_t i = 0; i < rounds.size(); ++i) {
    const int idx = static_cast<int>(i);
    std::vector<int> who;
    std::map<int, int> totals;
    for (const auto& roll : rounds[i]) {
      if (roll.dice.size() != 2 || roll.dice[0] < 1 || roll.dice[0] > 6 || roll.dice[1] < 1 ||
          roll.dice[1] > 6)
        return at(fail(Rule::COMP_08, "a roll-off roll is two dice, each 1 to 6"), Focus::Rolloff,
                  idx);
      who.push_back(roll.player);
      totals[roll.player] = roll.dice[0] + roll.dice[1];
    }
    std::sort(who.begin(), who.end());
    if (who != expected)
      return at(fail(Rule::SETUP_02, i == 0 ? "every player rolls in the first roll-off round"
                                            : "only the players tied for the highest total "
                                              "re-roll"),
                Focus::Rolloff, idx);
    int best = 0;
    for (auto [p, t] : totals) best = std::max(best, t);
    expected.clear();
    for (auto [p, t] : totals)
      if (t == best) expected.push_back(p);
  }
  if (expected.size() > 1)
    return at(fail(Rule::SETUP_02, "the roll-off ends in a tie; the tied players re-roll"),
              Focus::Rolloff, static_cast<int>(rounds.size()) - 1);
  if (expected[0] != 0)
    return at(fail(Rule::SETUP_02,
                   "the first player listed in `players` must be the roll-off "
                   "winner"),
              Focus::Players);
  return {};
}

}  // namespace catan::rules
