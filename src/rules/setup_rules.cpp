// Set-up phase (variable set-up): SETUP-03 snake order, SETUP-04 settlement then attached
// road, SETUP-05 siting, SETUP-06 free, SETUP-07 starting resources, SETUP-09 first turn.
#include "rules/detail.hpp"

namespace catan::rules::detail {

using core::ActionKind;
using core::CornerId;
using core::ResourceSet;

namespace {

// Which set-up placement is due: its number, of how many, and its round (1 or 2), as the
// first arguments of the SETUP-03/04 messages.
struct Placement {
  int number, of, round;
};
Placement placement(const GameState& s) {
  return {s.setup_step + 1, s.setup_steps(), s.setup_step < s.player_count() ? 1 : 2};
}

Verdict check_gains_setup(const GameState& s, const Action& a, CornerId c) {
  if (!a.gains) return {};
  const bool second = s.setup_step >= s.player_count();
  for (int p = 0; p < s.player_count(); ++p) {
    ResourceSet expected;
    if (second && p == a.player) expected = starting_resources(s, c);
    const ResourceSet& claimed = (*a.gains)[p];
    if (claimed == expected) continue;
    auto v = fail(M::setup_gains, {who(s, p), claimed, expected}, Focus::Gains);
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
  for (core::HexId h : s.topo().corner_hexes(c))
    if (auto res = core::produces(s.board->hexes[h].terrain)) r[*res] += 1;
  return r;
}

Verdict check_setup(const GameState& s, const Action& a) {
  const int expected = s.setup_player(s.setup_step);
  const Placement at = placement(s);
  if (a.player != expected)
    return fail(M::setup_order, {at.number, at.of, at.round, who(s, expected), who(s, a.player)},
                Focus::Player);
  if (s.setup_settlement == core::kNone) {
    if (a.kind != ActionKind::Settlement)
      return fail(M::setup_settlement_first, {at.number, at.of, at.round, who(s, a.player)});
    CornerId c = a.corner.id;
    if (auto v = off_island(a.corner)) return v;
    if (s.corner_owner[c] != core::kNoPlayer)
      return fail(M::setup_corner_taken, {a.corner, who(s, s.corner_owner[c])}, Focus::Value);
    for (CornerId n : s.topo().corner_neighbours(c))
      if (s.corner_owner[n] != core::kNoPlayer)
        return with(fail(M::setup_distance,
                         {a.corner, who(s, s.corner_owner[n]), core::corner_arg(s.topo(), n)},
                         Focus::Value),
                    "distance rule", "no building may stand on an adjacent intersection");
    return check_gains_setup(s, a, c);
  }
  if (a.kind != ActionKind::Road)
    return fail(M::setup_road_next, {at.number, at.of, at.round, who(s, a.player),
                                     core::corner_arg(s.topo(), s.setup_settlement)});
  core::EdgeId e = a.edge.id;
  if (auto v = off_island(a.edge)) return v;
  if (s.edge_owner[e] != core::kNoPlayer)
    return fail(M::setup_path_taken, {a.edge, who(s, s.edge_owner[e])}, Focus::Value);
  auto ends = s.topo().edge_corners(e);
  if (ends[0] != s.setup_settlement && ends[1] != s.setup_settlement)
    return fail(M::setup_road_detached, {a.edge, core::corner_arg(s.topo(), s.setup_settlement)},
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
