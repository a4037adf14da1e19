// Structural invariants of a replayed state (Stockfish's pos_is_ok): each resource sums to 19
// (COMP-05), piece counts match the board and the limits (COMP-07, BUILD-08), the distance
// rule holds (BUILD-05), awards are held consistently (COMP-10), deck counts (COMP-06).
#include "rules/detail.hpp"
#include "rules/engine.hpp"

namespace catan::rules {

std::vector<std::string> check_invariants(const GameState& s) {
  std::vector<std::string> bad;
  const int n = s.player_count();
  for (int r = 0; r < core::kResourceCount; ++r) {
    int sum = s.bank.n[r];
    if (s.bank.n[r] < 0) bad.push_back(fmt::format("bank resource {} is negative", r));
    for (int p = 0; p < n; ++p) {
      sum += s.players[p].hand.n[r];
      if (s.players[p].hand.n[r] < 0)
        bad.push_back(fmt::format("player {} holds negative resource {}", p, r));
    }
    if (sum != s.edition().cards_per_resource)
      bad.push_back(fmt::format("COMP-05: resource {} sums to {}, not {}", r, sum,
                                s.edition().cards_per_resource));
  }
  std::vector<int> roads(n), settlements(n), cities(n);
  for (int e = 0; e < s.topo().edge_count(); ++e)
    if (s.edge_owner[e] != core::kNoPlayer) ++roads[s.edge_owner[e]];
  for (core::CornerId c = 0; c < s.topo().corner_count(); ++c) {
    const int o = s.corner_owner[c];
    if (o == core::kNoPlayer) {
      if (s.corner_building[c] != core::Building::None) bad.push_back("building without owner");
      continue;
    }
    (s.corner_building[c] == core::Building::City ? cities : settlements)[o]++;
    for (core::CornerId nb : s.topo().corner_neighbours(c))
      if (s.corner_owner[nb] != core::kNoPlayer)
        bad.push_back(fmt::format("BUILD-05: buildings on adjacent corners {} and {}",
                                  s.topo().corner_text(c), s.topo().corner_text(nb)));
  }
  for (int p = 0; p < n; ++p) {
    const auto& ps = s.players[p];
    if (ps.roads != roads[p] || ps.settlements != settlements[p] || ps.cities != cities[p])
      bad.push_back(fmt::format("player {} piece counts disagree with the board", p));
    if (roads[p] > s.edition().roads || settlements[p] > s.edition().settlements ||
        cities[p] > s.edition().cities)
      bad.push_back(fmt::format("BUILD-08: player {} exceeds a piece limit", p));
    if (ps.road_length != road_length(s, p))
      bad.push_back(fmt::format("AWARD-01: player {} road length is stale", p));
    int knights = 0;
    for (const auto& d : ps.devs) knights += d.card == core::DevCard::Knight && d.played;
    if (knights != ps.knights_played) bad.push_back("knights played disagree with cards");
  }
  int held[core::kDevCardKinds] = {};
  int unseen = 0;
  for (const auto& ps : s.players)
    for (const auto& d : ps.devs) d.hidden ? ++unseen : ++held[static_cast<int>(d.card)];
  for (int k = 0; k < core::kDevCardKinds; ++k)
    if (held[k] != s.deck_drawn[k] || held[k] > s.edition().deck[k])
      bad.push_back(fmt::format("COMP-06: development card kind {} count is off", k));
  if (unseen != s.deck_hidden || !s.ledger.feasible())
    bad.push_back("COMP-06: the unseen development cards fit no assignment");
  if (s.longest_road != core::kNoPlayer && s.players[s.longest_road].road_length < 5)
    bad.push_back("COMP-10: Longest Road held with fewer than 5 roads");
  if (s.largest_army != core::kNoPlayer && s.players[s.largest_army].knights_played < 3)
    bad.push_back("COMP-10: Largest Army held with fewer than 3 knights");
  if (s.robber == core::kNone) bad.push_back("no robber on the board");
  return bad;
}

}  // namespace catan::rules
