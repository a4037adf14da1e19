// The game header: the edition (base or five-six), SETUP-01 player count, SETUP-02 roll-off (D-02
// variant), COMP-01 terrain, COMP-03 number tokens, COMP-04 harbors, BOARD-01 robber on the desert,
// BOARD-03 spiral token order (D-12 variant), BOARD-04 beginner layout (D-14 variant, not
// available).
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

Violation at(Violation v, Focus f, int index = -1) {
  v.focus = f;
  v.index = index;
  return v;
}

// Whether the tokens lie in the edition's order along one of its spirals (BOARD-03).
bool spiral_matches(const core::Board& b) {
  const core::Edition& e = *b.edition;
  for (const std::vector<Axial>& path : e.spiral_paths) {
    std::vector<int> tokens;
    for (Axial at : path) {
      const core::HexTile& t = b.hexes[e.island.hex_id(at)];
      if (t.terrain != Terrain::Desert) tokens.push_back(t.number);
    }
    if (tokens == e.spiral_tokens) return true;
  }
  return false;
}

std::optional<Violation> check_hexes(const core::BoardSpec& spec, core::Board& board) {
  const core::Edition& ed = *board.edition;
  const core::Topology& island = ed.island;
  if (spec.hexes.size() != static_cast<size_t>(island.hex_count()))
    return at(fail(M::hex_count, {spec.hexes.size(), island.hex_count()}), Focus::BoardHexes);
  std::array<bool, core::kMaxPlaces> seen{};
  std::array<int, core::kTerrainKinds> terrains{};
  std::array<int, 13> tokens{};
  for (size_t i = 0; i < spec.hexes.size(); ++i) {
    const core::HexSpec& h = spec.hexes[i];
    const int idx = static_cast<int>(i);
    const core::HexId id = island.hex_id(h.at);
    if (id == core::kNone)
      return at(fail(M::hex_off_island, {h.at, island.hex_count()}), Focus::BoardHex, idx);
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
  for (int t = 0; t < core::kTerrainKinds; ++t)
    if (terrains[t] != ed.terrain[t])
      return at(with(fail(M::terrain_count, {terrains[t], static_cast<Terrain>(t), ed.terrain[t]}),
                     "terrain", ed.terrain_text),
                Focus::BoardHexes);
  for (int n = 2; n <= 12; ++n)
    if (tokens[n] != ed.tokens[n])
      return at(with(fail(M::token_count, {tokens[n], n, ed.tokens[n]}), "tokens", ed.token_text),
                Focus::BoardHexes);
  return {};
}

std::optional<Violation> check_harbors(const core::BoardSpec& spec, core::Board& board) {
  const core::Edition& ed = *board.edition;
  std::array<int, core::kHarborKinds> kinds{};
  std::array<bool, core::kMaxPlaces> used{};
  for (size_t i = 0; i < spec.harbors.size(); ++i) {
    const core::HarborSpec& h = spec.harbors[i];
    const int idx = static_cast<int>(i);
    const core::EdgeId e = ed.island.edge_id(h.at, h.dir);
    if (e == core::kNone || !ed.island.is_coastal(e))
      return at(fail(M::harbor_not_coastal, {core::EdgeArg{core::kNone, h.at, h.dir}}),
                Focus::BoardHarbor, idx);
    if (used[e])
      return at(fail(M::harbor_twice, {core::edge_arg(ed.island, e)}), Focus::BoardHarbor, idx);
    used[e] = true;
    ++kinds[static_cast<int>(h.kind)];
    board.harbors.push_back({e, h.kind});
  }
  if (kinds != ed.harbors)
    return at(with(fail(M::harbor_count,
                        {spec.harbors.size(), kinds[static_cast<int>(HarborKind::Generic)]}),
                   "harbors", ed.harbor_text),
              Focus::BoardHarbors);
  return {};
}

// A violation of a rule the edition replaces, under the edition's rule (X56-COMP-01 for
// COMP-01 on the five-six island).
std::optional<Violation> in_edition(std::optional<Violation> v, const core::Edition& edition) {
  if (!v) return v;
  v->rule = edition.rule(v->rule);
  // The five-six catalog states harbor sites as a rule of their own (X56-BOARD-05).
  if (edition.turn_structures &&
      (v->msg.id == M::harbor_not_coastal || v->msg.id == M::harbor_twice))
    v->rule = Rule::X56_BOARD_05;
  return v;
}

// The board as the spec lays it out on `edition`'s island, under the base rules' IDs.
Setup build_board_as(const core::BoardSpec& spec, const core::Options& options,
                     const core::Edition& edition);

}  // namespace

const core::Edition& edition_for(int players, const core::BoardSpec& spec) {
  // (The five-six edition is built only when a game may need it.)
  const core::Edition& base = core::Edition::base();
  if (players > base.max_players) return core::Edition::five_six();
  // A board beyond the base island's hexes that lies on the five-six island.
  bool beyond = spec.hexes.size() > static_cast<size_t>(base.hex_count());
  for (const core::HexSpec& h : spec.hexes)
    if (base.island.hex_id(h.at) == core::kNone &&
        core::Edition::five_six().island.hex_id(h.at) != core::kNone)
      beyond = true;
  return beyond ? core::Edition::five_six() : base;
}

Setup build_board(const core::BoardSpec& spec, const core::Options& options,
                  const core::Edition& edition) {
  Setup out = build_board_as(spec, options, edition);
  if (out.violation) out.violation = in_edition(out.violation, edition);
  return out;
}

namespace {
Setup build_board_as(const core::BoardSpec& spec, const core::Options& options,
                     const core::Edition& edition) {
  Setup out;
  core::Board board(edition);
  if (auto v = check_hexes(spec, board)) return {std::nullopt, v, {}};
  if (auto v = check_harbors(spec, board)) return {std::nullopt, v, {}};
  // The robber starts on the desert; with two (the five-six island), on either
  // (X56-BOARD-01): the one the header names, else the first.
  const core::HexId desert = *board.desert();
  board.robber_start = desert;
  if (spec.robber) {
    const core::HexId r = edition.island.hex_id(*spec.robber);
    if (r == core::kNone || board.hexes[r].terrain != Terrain::Desert)
      return {std::nullopt,
              at(fail(M::robber_not_on_desert, {edition.island.hex_at(desert), *spec.robber}),
                 Focus::BoardRobber),
              {}};
    board.robber_start = r;
  }
  if (options.board_tokens == core::BoardTokens::Spiral && !spiral_matches(board))
    return {std::nullopt,
            at(with(fail(M::tokens_not_spiral), "order", edition.spiral_text), Focus::BoardHexes),
            {}};
  if (options.setup_mode == core::SetupMode::BeginnerFixed)
    return {std::nullopt, std::nullopt,
            &edition == &core::Edition::base()
                ? "setup-mode: beginner-fixed needs the printed beginner layout, which the rules "
                  "sources do not contain (RULES.md BOARD-04, D-14); it is not supported yet"
                : "setup-mode: beginner-fixed is not supported with the five-six player "
                  "extension: its fixed layout is not in the rules sources (RULES-5-6.md "
                  "X56-BOARD-04, D-30)"};
  out.board = board;
  return out;
}
}  // namespace

std::optional<Violation> check_players(int count, const core::Edition& edition,
                                       const core::Options& options) {
  const core::Edition& base = core::Edition::base();
  if (count >= edition.min_players && count <= edition.max_players) return {};
  // The five-six island with 3 or 4 players: JSettlers2's 6-player board (D-28).
  if (&edition != &base && count >= base.min_players && count <= base.max_players) {
    if (options.board_56_players == core::Board56Players::Any) return {};
    return at(fail(M::island_56_players, {count}), Focus::Players);
  }
  return in_edition(at(fail(M::player_count,
                            {edition.game_text, edition.min_players, edition.max_players, count}),
                       Focus::Players),
                    edition);
}

std::string unsupported_turns(const core::Edition& edition, const core::Options& options,
                              int players) {
  if (!edition.turn_structures || options.turn_structure_56 != core::TurnStructure56::Paired ||
      players >= edition.min_players)
    return {};
  return fmt::format(
      "turn-structure-56: paired is defined only for 5 and 6 players, and this game on the "
      "five-six island has {} (RULES-5-6.md X56-PAIR-09); special-build is what JSettlers2 "
      "plays with fewer",
      players);
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
