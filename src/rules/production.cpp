// Rolls and production: COMP-08 dice, PROD-01..06 (bank shortage per D-01 and its
// `strict` variant), ROBBER-06 (the robber blocks only its hex), and the 7 (ROBBER-01 debts).
#include <algorithm>

#include "rules/detail.hpp"
#include "rules/engine.hpp"

namespace catan::rules::detail {

using core::Resource;
using core::ResourceSet;

Production compute_production(const GameState& s, int total) {
  const int n = s.player_count();
  Production out{core::PerPlayer<ResourceSet>(n), core::PerPlayer<ResourceSet>(n), {}};
  if (total == 7) return out;  // PROD-05
  ResourceSet* entitled = out.entitled.data();
  ResourceSet* granted = out.granted.data();
  const core::Topology& island = s.topo();
  const core::HexTile* tiles = s.board->hexes.data();
  const int hexes = island.hex_count();
  for (int h = 0; h < hexes; ++h) {
    const core::HexTile& t = tiles[h];
    if (t.number != total || h == s.robber) continue;  // PROD-01, ROBBER-06
    auto res = core::produces(t.terrain);
    if (!res) continue;  // COMP-02: the desert produces nothing
    for (core::CornerId c : island.hex_corners(static_cast<core::HexId>(h))) {
      int owner = s.corner_owner[c];
      if (owner == core::kNoPlayer) continue;  // PROD-03: roads never produce
      entitled[owner][*res] += s.corner_building[c] == core::Building::City ? 2 : 1;  // PROD-02
    }
  }
  for (int r = 0; r < core::kResourceCount; ++r) {
    int demand = 0, claimants = 0, only = -1;
    for (int p = 0; p < n; ++p) {
      const int owed = entitled[p].n[r];
      demand += owed;
      if (owed > 0) ++claimants, only = p;
    }
    if (demand <= s.bank.n[r]) {
      for (int p = 0; p < n; ++p) granted[p].n[r] = entitled[p].n[r];
      continue;
    }
    out.shortage[r] = true;  // PROD-04
    if (claimants == 1 && s.options.bank_shortage == core::BankShortage::SingleRecipientTakesRest)
      granted[only].n[r] = s.bank.n[r];
  }
  return out;
}

namespace {

std::string entitlement_note(const GameState& s, const Production& pr, Resource res) {
  std::string out;
  for (int p = 0; p < s.player_count(); ++p) {
    if (pr.entitled[p][res] == 0) continue;
    if (!out.empty()) out += ", ";
    out += fmt::format("{} {}", name(s, p), pr.entitled[p][res]);
  }
  return out.empty() ? "nobody" : out;
}
// The same as data: each entitled player's count.
std::vector<std::pair<std::string, int>> entitlement_data(const GameState& s, const Production& pr,
                                                          Resource res) {
  std::vector<std::pair<std::string, int>> out;
  for (int p = 0; p < s.player_count(); ++p)
    if (pr.entitled[p][res] > 0) out.emplace_back(name(s, p), pr.entitled[p][res]);
  return out;
}

std::string building_name(core::Building b) {
  return b == core::Building::City ? "city" : "settlement";
}

// What p is owed on a roll of `total` and why (PROD-01/02): each producing hex with p's
// buildings on it, "[1, -1] hills 8: settlement [1, -1, N] brick 1, city [0, -1, S] brick 2",
// with the same as data (hexes, each with its buildings).
core::Note sources_note(const GameState& s, int total, int p) {
  std::string text;
  std::vector<core::Datum> hexes;
  for (int h = 0; h < s.topo().hex_count(); ++h) {
    const core::HexTile& t = s.board->hexes[h];
    auto res = core::produces(t.terrain);
    if (t.number != total || h == s.robber || !res) continue;
    std::string here;
    std::vector<core::Datum> buildings;
    for (core::CornerId c : s.topo().hex_corners(static_cast<core::HexId>(h))) {
      if (s.corner_owner[c] != p) continue;
      const int yield = s.corner_building[c] == core::Building::City ? 2 : 1;
      here += fmt::format("{}{} {} {} {}", here.empty() ? "" : ", ",
                          building_name(s.corner_building[c]), s.topo().corner_text(c),
                          core::to_string(*res), yield);
      buildings.push_back(
          core::Datum::record({{"corner", core::Datum::corner(s.topo().corner_name(c))},
                               {"building", core::Datum::of(building_name(s.corner_building[c]))},
                               {"yield", core::Datum::of(yield)}}));
    }
    if (buildings.empty()) continue;
    text += fmt::format("{}{} {} {}: {}", text.empty() ? "" : "; ",
                        core::hex_text(s.topo().hex_at(static_cast<core::HexId>(h))),
                        core::to_string(t.terrain), t.number, here);
    hexes.push_back(
        core::Datum::record({{"hex", core::Datum::hex(s.topo().hex_at(h))},
                             {"terrain", core::Datum::of(std::string(core::to_string(t.terrain)))},
                             {"number", core::Datum::of(t.number)},
                             {"resource", core::Datum::of(std::string(core::to_string(*res)))},
                             {"buildings", core::Datum::list(std::move(buildings))}}));
  }
  if (text.empty()) {
    text = fmt::format("no building on a hex that produces on {}", total);
    // A building beside the rolled number's hex under the robber (PROD-01, ROBBER-06).
    if (s.robber != core::kNone && s.board->hexes[s.robber].number == total) {
      const auto corners = s.topo().hex_corners(s.robber);
      if (std::any_of(corners.begin(), corners.end(),
                      [&](core::CornerId c) { return s.corner_owner[c] == p; }))
        text += fmt::format(" but {}, under the robber", core::hex_text(s.topo().hex_at(s.robber)));
    }
  }
  core::Note n{"produces", fmt::format("{}: {}", name(s, p), text), {}, {}};
  n.detail = {{"player", core::Datum::of(name(s, p))},
              {"hexes", core::Datum::list(std::move(hexes))}};
  return n;
}

// The robber's hex when it carries the number rolled and has buildings: what it did not
// produce (ROBBER-06), or nothing when the robber stands elsewhere.
std::optional<core::Note> robbed_note(const GameState& s, int total) {
  if (s.robber == core::kNone) return {};
  const core::HexTile& t = s.board->hexes[s.robber];
  auto res = core::produces(t.terrain);
  if (t.number != total || !res) return {};
  std::string who;
  std::vector<core::Datum> corners;
  for (core::CornerId c : s.topo().hex_corners(s.robber)) {
    if (s.corner_owner[c] == core::kNoPlayer) continue;
    who += fmt::format("{}{}'s {} {}", who.empty() ? "" : ", ", name(s, s.corner_owner[c]),
                       building_name(s.corner_building[c]), s.topo().corner_text(c));
    corners.push_back(core::Datum::corner(s.topo().corner_name(c)));
  }
  if (corners.empty()) return {};
  core::Note n{"robbed",
               fmt::format("the robber on {} {} {} produced nothing for {} (ROBBER-06)",
                           core::hex_text(s.topo().hex_at(s.robber)), core::to_string(t.terrain),
                           t.number, who),
               {},
               {}};
  n.detail = {{"hex", core::Datum::hex(s.topo().hex_at(s.robber))},
              {"buildings", core::Datum::list(std::move(corners))}};
  return n;
}

// Which rule a wrong production claim contradicts, for one player and resource.
Violation production_mismatch(const GameState& s, int total, const Production& pr, int p,
                              Resource res, int claimed) {
  const int granted = pr.granted[p][res];
  auto what = [&](Rule r) {
    return fail(r, M::production_claim, {total, who(s, p), claimed, res, granted}, Focus::Gains);
  };
  if (pr.shortage[static_cast<int>(res)]) {
    int demand = 0;
    for (int q = 0; q < s.player_count(); ++q) demand += pr.entitled[q][res];
    return with(
        with(with(what(Rule::PROD_04), "bank",
                  fmt::format("{} {} left, {} owed", s.bank[res], core::to_string(res), demand),
                  {{"left", s.bank[res]}, {"owed", demand}}),
             "entitled", entitlement_note(s, pr, res), entitlement_data(s, pr, res)),
        "bank-shortage",
        core::get_option(s.options, "bank-shortage") +
            (s.options.bank_shortage == core::BankShortage::Strict
                 ? ": nobody receives a resource the bank cannot pay in full"
                 : ": nobody receives it unless exactly one player is owed it; that "
                   "player takes what is left"));
  }
  // A claim that counts the robber's hex.
  if (claimed > granted && s.robber != core::kNone) {
    const core::HexTile& t = s.board->hexes[s.robber];
    if (t.number == total && core::produces(t.terrain) == res) {
      for (core::CornerId c : s.topo().hex_corners(s.robber))
        if (s.corner_owner[c] == p)
          return with(what(Rule::PROD_01), "robber",
                      fmt::format("the robber on {} blocks its {}",
                                  core::hex_text(s.topo().hex_at(s.robber)), core::to_string(res)));
    }
  }
  // A claim that credits a road beside a producing hex.
  if (claimed > granted && pr.entitled[p][res] == 0) {
    for (int h = 0; h < s.topo().hex_count(); ++h) {
      const core::HexTile& t = s.board->hexes[h];
      if (t.number != total || core::produces(t.terrain) != res) continue;
      auto cs = s.topo().hex_corners(static_cast<core::HexId>(h));
      for (int i = 0; i < 6; ++i) {
        core::EdgeId e = core::kNone;
        for (core::EdgeId x : s.topo().corner_edges(cs[i]))
          for (core::EdgeId y : s.topo().corner_edges(cs[(i + 1) % 6]))
            if (x == y) e = x;
        if (e != core::kNone && s.edge_owner[e] == p)
          return with(what(Rule::PROD_03), "roads",
                      fmt::format("{} has only a road at {}; roads never produce", name(s, p),
                                  core::hex_text(s.topo().hex_at(static_cast<core::HexId>(h)))));
      }
    }
  }
  // A claim that lets the robber block more than its own hex.
  if (claimed < granted && s.robber != core::kNone && s.board->hexes[s.robber].number == total) {
    for (core::CornerId c : s.topo().hex_corners(s.robber))
      if (s.corner_owner[c] == p)
        return with(
            what(Rule::ROBBER_06), "robber",
            fmt::format("the robber on {} blocks only that hex; {}'s other hexes still produce",
                        core::hex_text(s.topo().hex_at(s.robber)), name(s, p)));
  }
  // A claim that counts a city as one.
  int cities = 0;
  for (int h = 0; h < s.topo().hex_count(); ++h) {
    const core::HexTile& t = s.board->hexes[h];
    if (t.number != total || h == s.robber || core::produces(t.terrain) != res) continue;
    for (core::CornerId c : s.topo().hex_corners(static_cast<core::HexId>(h)))
      cities += s.corner_owner[c] == p && s.corner_building[c] == core::Building::City;
  }
  if (cities > 0 && claimed == granted - cities)
    return with(
        what(Rule::PROD_02), "cities",
        fmt::format("each of {}'s {} cities on a producing hex yields 2", name(s, p), cities));
  return with(what(Rule::PROD_06), "entitled", entitlement_note(s, pr, res),
              entitlement_data(s, pr, res));
}

}  // namespace

Verdict check_roll(const GameState& s, const Action& a) {
  if (a.dice.empty()) {  // `roll: N`, the sum only
    if (a.roll_sum < 2 || a.roll_sum > 12)
      return fail(M::roll_sum_range, {a.roll_sum}, Focus::Value);
  } else if (a.dice.size() != 2) {
    return fail(M::roll_dice_count, {a.dice.size()}, Focus::Value);
  }
  for (int d : a.dice)
    if (d < 1 || d > 6) return fail(M::die_range, {d}, Focus::Value);
  if (!a.gains) return {};
  const int total = a.roll_total();
  if (total == 7) {
    for (int p = 0; p < s.player_count(); ++p)
      if (!(*a.gains)[p].empty())
        return fail(M::seven_gains, {who(s, p), (*a.gains)[p]}, Focus::Gains);
    return {};
  }
  Production pr = compute_production(s, total);
  for (int p = 0; p < s.player_count(); ++p)
    for (int r = 0; r < core::kResourceCount; ++r) {
      Resource res = static_cast<Resource>(r);
      if ((*a.gains)[p][res] == pr.granted[p][res]) continue;
      Violation v = production_mismatch(s, total, pr, p, res, (*a.gains)[p][res]);
      // What lies behind the entitlement of each player whose gains differ.
      for (int q = 0; q < s.player_count(); ++q)
        if ((*a.gains)[q] != pr.granted[q]) v.notes.push_back(sources_note(s, total, q));
      const bool robber_noted = std::any_of(
          v.notes.begin(), v.notes.end(), [](const core::Note& n) { return n.label == "robber"; });
      if (auto robbed = robbed_note(s, total); robbed && !robber_noted)
        v.notes.push_back(std::move(*robbed));
      // A shortage of another resource on the same roll (PROD-04 notes its own).
      for (int o = 0; o < core::kResourceCount; ++o) {
        if (!pr.shortage[o] || (o == r && v.rule == Rule::PROD_04)) continue;
        const Resource short_res = static_cast<Resource>(o);
        int owed = 0;
        for (int q = 0; q < s.player_count(); ++q) owed += pr.entitled[q][short_res];
        v.notes.push_back(
            core::Note{"shortage",
                       fmt::format("{}: the bank holds {} of the {} owed, so PROD-04 applies ({})",
                                   core::to_string(short_res), s.bank[short_res], owed,
                                   core::get_option(s.options, "bank-shortage")),
                       {{"left", s.bank[short_res]}, {"owed", owed}},
                       {}});
      }
      return v;
    }
  return {};
}

void apply_roll(GameState& s, const Action& a) {
  const int total = a.roll_total();
  s.rolled = true;
  s.last_roll = total;
  s.roll_action = s.actions_applied;
  if (total != 7) {
    Production pr = compute_production(s, total);
    for (int p = 0; p < s.player_count(); ++p) {
      s.players[p].hand += pr.granted[p];
      s.bank -= pr.granted[p];
    }
    s.phase = core::Phase::Main;
    return;
  }
  settle_seven(s);
  s.robber_from_knight = false;
}

}  // namespace catan::rules::detail

namespace catan::rules {

void settle_seven(GameState& s) {
  // ROBBER-01: debts use the hands at the moment of the roll.
  bool any = false;
  for (int p = 0; p < s.player_count(); ++p) {
    int held = s.players[p].hand.total();
    s.discard_owed[p] = discard_debt(held, s.options);
    any = any || s.discard_owed[p] > 0;
  }
  s.phase = any ? core::Phase::Discard : core::Phase::MoveRobber;
}

}  // namespace catan::rules

namespace catan::rules::detail {}  // namespace catan::rules::detail
