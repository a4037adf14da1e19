// Set-up phase (variable set-up): SETUP-03 snake order, SETUP-04 settlement then attached
// road, SETUP-05 siting, SETUP-06 free, SETUP-07 starting resources, SETUP-09 first turn.
#include "rules/detail.hpp"

namespace catan::rules::detail {

using core::ActionKind;
using core::CornerId;
using core::ResourceSet;

namespace {

std::string ordinal_placement(const GameState& s) {
  int round = s.setup_step < s.player_count() ? 1 : 2;
  return fmt::format("set-up placement {} of {} (round {})", s.setup_step + 1, s.setup_steps(),
                     round);
}

Verdict check_gains_setup(const GameState& s, const Action& a, CornerId c) {
  if (!a.gains) return {};
  const bool second = s.setup_step >= s.player_count();
  for (int p = 0; p < s.player_count(); ++p) {
    ResourceSet expected;
    if (second && p == a.player) expected = starting_resources(s, c);
    const ResourceSet& claimed = (*a.gains)[p];
    if (claimed == expected) continue;
    auto v = fail(
        Rule::SETUP_07,
        fmt::format("the log gives {} {} for this set-up settlement, but {} receives {}",
                    name(s, p), core::to_string(claimed), name(s, p), core::to_string(expected)),
        Focus::Gains);
    if (second)
      return with(std::move(v), "starting resources",
                  "one card per adjacent producing hex of the second set-up settlement, to its "
                  "owner only");
    return with(std::move(v), "starting resources",
                "nobody receives anything for a first-round set-up settlement");
  }
  return {};
}

}  // namespace

ResourceSet starting_resources(const GameState& s, CornerId c) {
  ResourceSet r;
  for (core::HexId h : core::corner_hexes(c))
    if (auto res = core::produces(s.board.hexes[h].terrain)) r[*res] += 1;
  return r;
}

Verdict check_setup(const GameState& s, const Action& a) {
  const int expected = s.setup_player(s.setup_step);
  if (a.player != expected)
    return fail(Rule::SETUP_03,
                fmt::format("{} belongs to {} (snake order), not {}", ordinal_placement(s),
                            name(s, expected), name(s, a.player)),
                Focus::Player);
  if (s.setup_settlement == core::kNone) {
    if (a.kind != ActionKind::Settlement)
      return fail(Rule::SETUP_04, fmt::format("{}: {} must place a settlement before its road",
                                              ordinal_placement(s), name(s, a.player)));
    CornerId c = a.corner.id;
    if (auto v = off_island(a.corner)) return v;
    if (s.corner_owner[c] != core::kNoPlayer)
      return fail(Rule::SETUP_05,
                  fmt::format("{} already holds {}'s building", place_text(a.corner),
                              name(s, s.corner_owner[c])),
                  Focus::Value);
    for (CornerId n : core::corner_neighbours(c))
      if (s.corner_owner[n] != core::kNoPlayer)
        return with(
            fail(
                Rule::SETUP_05,
                fmt::format("{} is next to {}'s settlement at {} (distance rule, BUILD-05)",
                            place_text(a.corner), name(s, s.corner_owner[n]), core::corner_text(n)),
                Focus::Value),
            "distance rule", "no building may stand on an adjacent intersection");
    return check_gains_setup(s, a, c);
  }
  if (a.kind != ActionKind::Road)
    return fail(Rule::SETUP_04,
                fmt::format("{}: {} must place the road attached to the settlement at {} next",
                            ordinal_placement(s), name(s, a.player),
                            core::corner_text(s.setup_settlement)));
  core::EdgeId e = a.edge.id;
  if (auto v = off_island(a.edge)) return v;
  if (s.edge_owner[e] != core::kNoPlayer)
    return fail(
        Rule::SETUP_04,
        fmt::format("{} already holds {}'s road", place_text(a.edge), name(s, s.edge_owner[e])),
        Focus::Value);
  auto ends = core::edge_corners(e);
  if (ends[0] != s.setup_settlement && ends[1] != s.setup_settlement)
    return fail(Rule::SETUP_04,
                fmt::format("the set-up road {} does not touch the settlement just placed at {}",
                            place_text(a.edge), core::corner_text(s.setup_settlement)),
                Focus::Value);
  return {};
}

void apply_setup(GameState& s, const Action& a) {
  if (a.kind == ActionKind::Settlement) {
    place_settlement(s, a.player, a.corner.id);
    if (s.setup_step >= s.player_count()) {
      ResourceSet r = starting_resources(s, a.corner.id);
      s.players[a.player].hand += r;
      s.bank -= r;
    }
    s.setup_settlement = a.corner.id;
    return;
  }
  place_road(s, a.player, a.edge.id);
  s.setup_settlement = core::kNone;
  ++s.setup_step;
  if (s.setup_step == s.setup_steps()) {  // SETUP-09: the starting player begins
    s.phase = core::Phase::PreRoll;
    s.turn = 1;
    s.active = 0;
  } else {
    s.active = s.setup_player(s.setup_step);
  }
}

}  // namespace catan::rules::detail
