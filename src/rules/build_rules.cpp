// Building: BUILD-01/02 costs paid to the bank, BUILD-03 road connectivity, BUILD-04/05
// settlement siting (D-17), BUILD-07 city upgrade, BUILD-08 piece limits, BUILD-10 one piece
// per place. COMP-09 for names off the island. BUILD-06/ROBBER-09: nothing else forbids a build.
#include "rules/detail.hpp"

namespace catan::rules::detail {

using core::CornerId;
using core::EdgeId;

Verdict off_island(const core::CornerRef& c) {
  if (c.id != core::kNone) return {};
  return fail(M::corner_off_island, {c}, Focus::Value);
}

Verdict off_island(const core::EdgeRef& e) {
  if (e.id != core::kNone) return {};
  return fail(M::path_off_island, {e}, Focus::Value);
}

std::string hand_note(const GameState& s, int p) {
  const auto& h = s.players[p].hand;
  return fmt::format("{} holds {} ({} card{})", name(s, p), core::to_string(h), h.total(),
                     h.total() == 1 ? "" : "s");
}

namespace {

Verdict pay(const GameState& s, int p, const core::ResourceSet& cost, std::string_view what) {
  if (s.players[p].hand.contains(cost)) return {};
  return with(with(fail(M::cannot_pay, {who(s, p), what}), "cost", core::to_string(cost), cost),
              "hand", hand_note(s, p), s.players[p].hand);
}

bool reaches(const GameState& s, int p, CornerId c) {
  for (EdgeId e : s.topo().corner_edges(c))
    if (s.edge_owner[e] == p) return true;
  return false;
}

}  // namespace

Verdict check_settlement(const GameState& s, const Action& a) {
  const int p = a.player;
  const CornerId c = a.corner.id;
  if (auto v = off_island(a.corner)) return v;
  if (auto v = pay(s, p, core::cost::kSettlement, "a settlement")) return v;
  if (s.corner_owner[c] != core::kNoPlayer)
    return fail(M::corner_taken,
                {a.corner, who(s, s.corner_owner[c]),
                 s.corner_building[c] == core::Building::City ? "city" : "settlement"},
                Focus::Value);
  for (CornerId n : s.topo().corner_neighbours(c))
    if (s.corner_owner[n] != core::kNoPlayer)
      return fail(M::distance_rule,
                  {a.corner, who(s, s.corner_owner[n]), core::corner_arg(s.topo(), n)},
                  Focus::Value);
  if (!reaches(s, p, c)) return fail(M::no_road_to_corner, {who(s, p), a.corner}, Focus::Value);
  if (s.players[p].settlements >= s.edition().settlements)
    return fail(M::no_settlement_left, {who(s, p), s.edition().settlements});
  if (a.gains)
    for (int q = 0; q < s.player_count(); ++q)
      if (!(*a.gains)[q].empty())
        return fail(M::settlement_gains, {who(s, q), (*a.gains)[q]}, Focus::Gains);
  return {};
}

Verdict road_placement(const GameState& s, int p, EdgeId e, const core::EdgeRef* written) {
  const core::Arg place = written ? core::Arg(*written) : core::Arg(core::edge_arg(s.topo(), e));
  if (s.edge_owner[e] != core::kNoPlayer)
    return fail(M::path_taken, {place, who(s, s.edge_owner[e])}, Focus::Value);
  bool connected = false;
  CornerId cut = core::kNone;  // an opponent's building between the road and p's own road
  for (CornerId c : s.topo().edge_corners(e)) {
    if (s.corner_owner[c] == p) connected = true;
    const bool opponent = s.corner_owner[c] != core::kNoPlayer && s.corner_owner[c] != p;
    for (EdgeId other : s.topo().corner_edges(c)) {
      if (other == e || s.edge_owner[other] != p) continue;
      if (!opponent)
        connected = true;
      else if (cut == core::kNone)  // an opponent's building cuts here
        cut = c;
    }
  }
  if (!connected && cut == core::kNone)
    return fail(M::road_unconnected, {place, who(s, p)}, Focus::Value);
  if (!connected)
    return fail(M::road_interrupted,
                {place, who(s, p), who(s, s.corner_owner[cut]),
                 s.corner_building[cut] == core::Building::City ? "city" : "settlement",
                 core::corner_arg(s.topo(), cut)},
                Focus::Value);
  if (s.players[p].roads >= s.edition().roads)
    return fail(M::no_road_left, {who(s, p), s.edition().roads});
  return {};
}

Verdict check_road(const GameState& s, const Action& a, bool free) {
  const EdgeId e = a.edge.id;
  if (auto v = off_island(a.edge)) return v;
  if (!free)
    if (auto v = pay(s, a.player, core::cost::kRoad, "a road")) return v;
  auto v = road_placement(s, a.player, e, &a.edge);
  if (v && free) v->notes.push_back({"road building", "a free road still follows BUILD-03/08/10"});
  return v;
}

Verdict check_city(const GameState& s, const Action& a) {
  const int p = a.player;
  const CornerId c = a.corner.id;
  if (auto v = off_island(a.corner)) return v;
  if (auto v = pay(s, p, core::cost::kCity, "a city")) return v;
  if (s.corner_owner[c] != p || s.corner_building[c] != core::Building::Settlement) {
    std::string there =
        s.corner_owner[c] == core::kNoPlayer
            ? "nothing"
            : fmt::format("{}'s {}", name(s, s.corner_owner[c]),
                          s.corner_building[c] == core::Building::City ? "city" : "settlement");
    return fail(M::city_not_on_own_settlement, {who(s, p), a.corner, there}, Focus::Value);
  }
  if (s.players[p].cities >= s.edition().cities)
    return fail(M::no_city_left, {who(s, p), s.edition().cities});
  return {};
}

void place_settlement(GameState& s, int p, CornerId c) {
  s.corner_owner[c] = static_cast<int8_t>(p);
  s.corner_building[c] = core::Building::Settlement;
  ++s.players[p].settlements;
  // AWARD-04: a settlement can break only a trail that passes through its corner, i.e. an
  // opponent with two roads meeting there.
  unsigned affected = 0;
  for (int q = 0; q < s.player_count(); ++q) {
    int roads = 0;
    for (EdgeId e : s.topo().corner_edges(c)) roads += s.edge_owner[e] == q;
    if (q != p && roads >= 2 && q < 32) affected |= 1u << q;  // bits 32+: always recomputed
  }
  update_longest_road(s, affected);
}

void place_road(GameState& s, int p, EdgeId e) {
  s.edge_owner[e] = static_cast<int8_t>(p);
  ++s.players[p].roads;
  update_longest_road(s, 1u << p);
}

void apply_city(GameState& s, const Action& a) {
  const int p = a.player;
  s.players[p].hand -= core::cost::kCity;
  s.bank += core::cost::kCity;
  s.corner_building[a.corner.id] = core::Building::City;
  --s.players[p].settlements;  // BUILD-07: the settlement returns to the supply
  ++s.players[p].cities;
}

}  // namespace catan::rules::detail
