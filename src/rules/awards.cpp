// Longest Road and Largest Army: AWARD-01 road length as the longest trail, AWARD-02..06
// the Longest Road award (D-08 for a broken holder), AWARD-07/08 Largest Army, AWARD-09
// re-evaluated at once after every road, settlement and knight.
#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>

#include "rules/detail.hpp"
#include "rules/engine.hpp"

namespace catan::rules {

namespace {

using core::CornerId;
using core::EdgeId;

// p's roads as a graph of their own: at each corner, the roads there and where each leads,
// and whether an opponent builds there. Built once per count, so that the search neither
// looks up the board's tables nor skips other players' roads at every step.
struct RoadGraph {
  struct Link {
    EdgeId road;
    CornerId to;
  };
  std::array<std::array<Link, 3>, core::kMaxPlaces> links;
  std::array<uint8_t, core::kMaxPlaces> degree;    // zero up to the island's corner count
  std::bitset<core::kMaxPlaces> blocked;           // an opponent's building: a trail may end here
  std::array<CornerId, core::kMaxPlaces> corners;  // those with p's roads, `touched` of them
  int touched = 0;
  int roads = 0;

  RoadGraph(const GameState& s, int p) {
    const core::Topology& island = s.topo();
    std::fill_n(degree.begin(), island.corner_count(), uint8_t{0});
    const int edges = island.edge_count();
    for (EdgeId e = 0; e < edges; ++e) {
      if (s.edge_owner[e] != p) continue;
      ++roads;
      const auto ends = island.edge_corners(e);
      for (int i = 0; i < 2; ++i) {
        const CornerId c = ends[i];
        if (degree[c] == 0) {
          corners[touched++] = c;
          const int owner = s.corner_owner[c];
          blocked[c] = owner != core::kNoPlayer && owner != p;
        }
        links[c][degree[c]++] = {e, ends[1 - i]};
      }
    }
  }
};

// Longest trail from corner c over p's unused roads; a trail may end at, but not pass
// through, a corner holding an opponent's building.
int trail_from(const RoadGraph& g, CornerId c, std::bitset<core::kMaxPlaces>& used, bool start) {
  if (!start && g.blocked[c]) return 0;
  int best = 0;
  for (int i = 0; i < g.degree[c]; ++i) {
    const RoadGraph::Link l = g.links[c][i];
    if (used[l.road]) continue;
    used[l.road] = true;
    best = std::max(best, 1 + trail_from(g, l.to, used, false));
    used[l.road] = false;
  }
  return best;
}

// The search behind longest_trail: the same walk as trail_from, keeping the path.
struct TrailSearch {
  const GameState& s;
  int p;
  TrailReading reading;
  std::bitset<core::kMaxPlaces> used;
  std::vector<EdgeId> path;
  CornerId start = core::kNone;
  Trail best;

  bool opponent_at(CornerId c) const {
    return s.corner_owner[c] != core::kNoPlayer && s.corner_owner[c] != p;
  }
  void walk(CornerId c, bool first) {
    if (path.size() > best.edges.size()) best = Trail{path, start, c};
    if (!first && opponent_at(c)) return;  // AWARD-01: it may end here, not pass
    for (EdgeId e : s.topo().corner_edges(c)) {
      if (s.edge_owner[e] != p || used[e]) continue;
      auto ends = s.topo().edge_corners(e);
      const CornerId next = ends[0] == c ? ends[1] : ends[0];
      if (reading == TrailReading::Catanatron && opponent_at(next)) continue;
      used[e] = true;
      path.push_back(e);
      walk(next, false);
      path.pop_back();
      used[e] = false;
    }
  }
};

}  // namespace

Trail longest_trail(const GameState& s, int p, TrailReading reading) {
  TrailSearch k{s, p, reading, {}, {}, core::kNone, {}};
  std::bitset<core::kMaxPlaces> seen;
  for (EdgeId e = 0; e < s.topo().edge_count(); ++e) {
    if (s.edge_owner[e] != p) continue;
    for (CornerId c : s.topo().edge_corners(e)) {
      if (seen[c]) continue;
      seen[c] = true;
      k.start = c;
      k.walk(c, true);
    }
  }
  return k.best;
}

// A longest trail can be taken to start at a corner where p has one or three roads, or at
// one holding an opponent's building, so the search starts only there. Say a longest trail
// starts at corner v, which has an own building or none and exactly two of p's roads: the
// one it leaves by and another, b. If b is not on the trail, b added at the front makes a
// longer trail (it passes v, which it may), so b is on it; then the trail comes back to v by
// b and, with no road left there, ends at v: a closed trail through corners it may pass, which
// starts as well at any of its corners. Only when every corner of it has two roads and no
// opponent's building (a ring on its own) is there no such start: a ring's roads not reached
// from any start are searched from one of its corners.
int road_length(const GameState& s, int p) {
  const RoadGraph g(s, p);
  if (g.roads == 0) return 0;
  int best = 0;
  std::bitset<core::kMaxPlaces> used;
  std::bitset<core::kMaxPlaces> reached;         // corners joined by p's roads to a start
  std::array<CornerId, core::kMaxPlaces> stack;  // written before it is read
  auto reach = [&](CornerId from) {              // marks the corners p's roads join to `from`
    int top = 0;
    reached[from] = true;
    stack[top++] = from;
    while (top > 0) {
      const CornerId c = stack[--top];
      for (int i = 0; i < g.degree[c]; ++i) {
        const CornerId next = g.links[c][i].to;
        if (!reached[next]) reached[next] = true, stack[top++] = next;
      }
    }
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (int k = 0; k < g.touched; ++k) {
      const CornerId c = g.corners[k];
      const bool start = g.degree[c] != 2 || g.blocked[c];
      if (pass == 0 ? !start : reached[c]) continue;  // pass 1: a ring not yet reached
      best = std::max(best, trail_from(g, c, used, true));
      if (best == g.roads) return best;  // every road in one trail: none can be longer
      if (!reached[c]) reach(c);
    }
  }
  return best;
}

namespace detail {

namespace {

void set_longest_road(GameState& s, int holder) {
  if (holder != s.longest_road) s.longest_road_since = s.actions_applied;
  s.longest_road = holder;
}

}  // namespace

void update_longest_road(GameState& s, unsigned affected) {
  const int n = s.player_count();
  core::PerPlayer<int> before(n);
  int max_len = 0;
  for (int p = 0; p < n; ++p) {
    before[p] = s.players[p].road_length;
    if (p >= 32 || (affected & (1u << p))) s.players[p].road_length = road_length(s, p);
    max_len = std::max(max_len, s.players[p].road_length);
  }
  int at_max = 0, leader = core::kNoPlayer;
  for (int p = 0; p < n; ++p)
    if (s.players[p].road_length == max_len) ++at_max, leader = p;

  const int h = s.longest_road;
  if (h != core::kNoPlayer) {
    const int len = s.players[h].road_length;
    const bool broken = len < before[h];
    if (len == max_len && max_len >= 5) {
      // AWARD-03: equalling the holder never moves it. AWARD-05/D-08: a broken holder still
      // tied for longest keeps it, unless `longest-road-broken-tie: set-aside`.
      if (!(broken && at_max > 1 &&
            s.options.longest_road_broken_tie == core::LongestRoadBrokenTie::SetAside))
        return;
      set_longest_road(s, core::kNoPlayer);
      return;
    }
  }
  // AWARD-02/05/06: a player alone at the maximum, 5 or more, takes it; else the bank has it.
  set_longest_road(s, (at_max == 1 && max_len >= 5) ? leader : core::kNoPlayer);
}

void update_largest_army(GameState& s) {
  const int h = s.largest_army;
  for (int p = 0; p < s.player_count(); ++p) {
    const int k = s.players[p].knights_played;
    if (k < 3 || p == h) continue;                                  // AWARD-07
    if (h == core::kNoPlayer || k > s.players[h].knights_played) {  // AWARD-08
      s.largest_army = p;
      s.largest_army_since = s.actions_applied;
      return;
    }
  }
}

}  // namespace detail
}  // namespace catan::rules
