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
    return at(fail(M::hex_count, {spec.hexes.size()}), Focus::BoardHexes);
  std::array<bool, core::kHexCount> seen{};
  std::array<int, 6> terrains{};
  std::array<int, 13> tokens{};
  for (size_t i = 0; i < spec.hexes.size(); ++i) {
    const core::HexSpec& h = spec.hexes[i];
    const int idx = static_cast<int>(i);
    const core::HexId id = core::hex_id(h.at);
    if (id == core::kNone) return at(fail(M::hex_off_island, {h.at}), Focus::BoardHex, idx);
    if (seen[id]) return at(fail(M::hex_twice, {h.at}), Focus::BoardHex, idx);
    seen[id] = true;
    const bool desert = h.terrain == Terrain::Desert;
    if (desert && h.number != 0) return at(fail(M::desert_token), Focus::BoardHex, idx);
    if (!desert && (h.number < 2 || h.number > 12 || h.number == 7))
      return at(h.number == 0 ? fail(M::hex_needs_token, {h.terrain, h.at})
                              : fail(M::bad_token, {h.number}),
                Focus::BoardHex, idx);
    ++terrains[static_cast<int>(h.terrain)];
    if (!desert) ++tokens[h.number];
    board.hexes[id] = {h.terrain, h.number};
  }
  for (int t = 0; t < 6; ++t)
    if (terrains[t] != kTerrainCounts[t])
      return at(
          with(fail(M::terrain_count, {terrains[t], static_cast<Terrain>(t), kTerrainCounts[t]}),
               "terrain", "4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert"),
          Focus::BoardHexes);
  for (int n = 2; n <= 12; ++n)
    if (tokens[n] != kTokenCounts[n])
      return at(with(fail(M::token_count, {tokens[n], n, kTokenCounts[n]}), "tokens",
                     "one 2, one 12, two each of 3, 4, 5, 6, 8, 9, 10, 11"),
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
      return at(fail(M::harbor_not_coastal, {core::EdgeArg{core::kNone, h.at, h.dir}}),
                Focus::BoardHarbor, idx);
    if (used[e]) return at(fail(M::harbor_twice, {core::edge_arg(e)}), Focus::BoardHarbor, idx);
    used[e] = true;
    ++kinds[static_cast<int>(h.kind)];
    board.harbors.push_back({e, h.kind});
  }
  bool ok = spec.harbors.size() == 9 && kinds[static_cast<int>(HarborKind::Generic)] == 4;
  for (int k = 0; k < 5; ++k) ok = ok && kinds[k] == 1;
  if (!ok)
    return at(with(fail(M::harbor_count,
                        {spec.harbors.size(), kinds[static_cast<int>(HarborKind::Generic)]}),
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
              at(fail(M::robber_not_on_desert, {core::hex_at(desert), *spec.robber}),
                 Focus::BoardRobber),
              {}};
  }
  if (options.board_tokens == core::BoardTokens::Spiral && !spiral_matches(board))
    return {std::nullopt,
            at(with(fail(M::tokens_not_spiral), "order",
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
  return at(fail(M::player_count, {count}), Focus::Players);
}

std::optional<Violation> check_rolloff(const core::Rolloff& rounds, int players,
                                       const core::Options& options) {
  if (options.start_player != core::StartPlayer::HighestRollRerollTies) return {};
  if (rounds.empty()) return at(fail(M::rolloff_missing), Focus::Players);
  std::vector<int> expected(players);
  for (int p = 0; p < players; ++p) expected[p] = p;
  for (size_t i = 0; i < rounds.size(); ++i) {
    const int idx = static_cast<int>(i);
    std::vector<int> who;
    std::map<int, int> totals;
    for (const auto& roll : rounds[i]) {
      if (roll.dice.size() != 2 || roll.dice[0] < 1 || roll.dice[0] > 6 || roll.dice[1] < 1 ||
          roll.dice[1] > 6)
        return at(fail(M::rolloff_dice), Focus::Rolloff, idx);
      who.push_back(roll.player);
      totals[roll.player] = roll.dice[0] + roll.dice[1];
    }
    std::sort(who.begin(), who.end());
    if (who != expected)
      return at(fail(i == 0 ? M::rolloff_first_round : M::rolloff_reroll), Focus::Rolloff, idx);
    int best = 0;
    for (auto [p, t] : totals) best = std::max(best, t);
    expected.clear();
    for (auto [p, t] : totals)
      if (t == best) expected.push_back(p);
  }
  if (expected.size() > 1)
    return at(fail(M::rolloff_tie), Focus::Rolloff, static_cast<int>(rounds.size()) - 1);
  if (expected[0] != 0) return at(fail(M::rolloff_winner_first), Focus::Players);
  return {};
}

}  // namespace catan::rules
