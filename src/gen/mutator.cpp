#include "gen/mutator.hpp"

#include <fmt/format.h>

#include <functional>
#include <stdexcept>

#include "gen/rng.hpp"
#include "log/writer.hpp"
#include "replay/replay.hpp"
#include "rules/engine.hpp"

namespace catan::gen {

using core::Action;
using core::ActionKind;
using core::GameState;
using core::Phase;
using core::Rule;

namespace {

struct Context {
  const log::Game& game;
  std::vector<Action> actions;
  std::vector<GameState> before;  // state before each action; before[n] = the final state
  Rng& rng;
};

using Maker = std::function<std::optional<Mutation>(Context&)>;

template <typename T>
std::optional<T> choose(std::vector<T>& v, Rng& rng) {
  if (v.empty()) return std::nullopt;
  return v[rng.below(v.size())];
}

Mutation with(const Context& c, std::string kind, Rule r, int index, std::string what) {
  return Mutation{std::move(kind), r, index + 1, std::move(what), c.actions};
}

bool regular(const GameState& s) { return s.phase != Phase::Setup && s.phase != Phase::Over; }

// The rule a five-six game reports for a base mutation's entry by p in s (RULES-5-6.md: the
// X56 rule replacing the base one; under paired turns another player's entry meets the
// roles first).
Rule in_game(const GameState& s, Rule base, int p) {
  if (!s.board->edition->turn_structures) return base;
  if (s.paired()) {
    if (base == Rule::DEV_03 || base == Rule::DEV_04) return Rule::X56_PAIR_06;
    if ((base == Rule::WIN_03 || base == Rule::TRADE_01) && p != s.active) {
      const int one = s.player_one(), two = s.partner_of(one);
      if (p != two) return Rule::X56_PAIR_01;
      return base == Rule::TRADE_01 ? Rule::X56_PAIR_04 : Rule::X56_PAIR_02;
    }
  }
  return s.board->edition->rule(base);
}

// A regular turn's own phases: not a Special Build Phase or player 2's phase.
bool own_turn(const GameState& s) {
  return regular(s) && s.phase != Phase::SpecialBuild && s.phase != Phase::Partner;
}

std::optional<Mutation> discard_count(Context& c) {
  std::vector<int> at;
  for (size_t i = 0; i < c.actions.size(); ++i)
    if (c.actions[i].kind == ActionKind::Discard) at.push_back(static_cast<int>(i));
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  Mutation m = with(c, "discard-count", Rule::ROBBER_01, *i, "");
  Action& a = m.actions[*i];
  const auto& hand = c.before[*i].players[a.player].hand;
  for (int r = 0; r < core::kResourceCount; ++r)
    if (hand.n[r] > a.give.n[r]) {  // one card more than owed, of a card still held
      a.give.n[r] += 1;
      m.what = fmt::format("{} discards {} cards instead of {}", c.game.players[a.player],
                           a.give.total(), a.give.total() - 1);
      return m;
    }
  for (int r = 0; r < core::kResourceCount; ++r)
    if (a.give.n[r] > 0) {  // else one card fewer
      a.give.n[r] -= 1;
      m.what = fmt::format("{} discards one card fewer than owed", c.game.players[a.player]);
      return m;
    }
  return std::nullopt;
}

std::optional<Mutation> skip_discard(Context& c) {
  std::vector<int> at;  // the last discard right before the robber moves
  for (size_t i = 0; i + 1 < c.actions.size(); ++i)
    if (c.actions[i].kind == ActionKind::Discard && c.actions[i + 1].kind == ActionKind::Robber)
      at.push_back(static_cast<int>(i));
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  Mutation m = with(c, "skip-discard", Rule::ROBBER_02, *i, "");
  m.what = fmt::format("{}'s discard is left out; the robber moves while it is owed",
                       c.game.players[m.actions[*i].player]);
  m.actions.erase(m.actions.begin() + *i);
  return m;  // the robber entry is now number *i + 1
}

std::optional<Mutation> shortage(Context& c) {
  std::vector<std::pair<int, int>> at;  // (action, resource) where the bank ran short
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const Action& a = c.actions[i];
    if (a.kind != ActionKind::Roll || !a.gains || a.dice[0] + a.dice[1] == 7) continue;
    const GameState& s = c.before[i];
    const int total = a.dice[0] + a.dice[1];
    std::array<int, 5> demand{};
    for (int h = 0; h < s.topo().hex_count(); ++h) {
      const auto& t = s.board->hexes[h];
      auto res = core::produces(t.terrain);
      if (t.number != total || h == s.robber || !res) continue;
      for (core::CornerId k : s.topo().hex_corners(static_cast<core::HexId>(h)))
        if (s.corner_owner[k] != core::kNoPlayer)
          demand[static_cast<int>(*res)] += s.corner_building[k] == core::Building::City ? 2 : 1;
    }
    for (int r = 0; r < 5; ++r)
      if (demand[r] > s.bank.n[r]) at.emplace_back(static_cast<int>(i), r);
  }
  auto pick = choose(at, c.rng);
  if (!pick) return std::nullopt;
  auto [i, r] = *pick;
  Mutation m = with(c, "bank-shortage", Rule::PROD_04, i, "");
  // Claim the full entitlement of the short resource, as if the bank could pay it.
  const GameState& s = c.before[i];
  Action& a = m.actions[i];
  const int total = a.dice[0] + a.dice[1];
  for (auto& g : *a.gains) g.n[r] = 0;
  for (int h = 0; h < s.topo().hex_count(); ++h) {
    const auto& t = s.board->hexes[h];
    if (t.number != total || h == s.robber ||
        core::produces(t.terrain) != static_cast<core::Resource>(r))
      continue;
    for (core::CornerId k : s.topo().hex_corners(static_cast<core::HexId>(h)))
      if (s.corner_owner[k] != core::kNoPlayer)
        (*a.gains)[s.corner_owner[k]].n[r] += s.corner_building[k] == core::Building::City ? 2 : 1;
  }
  if ((*a.gains) == *c.actions[i].gains) return std::nullopt;  // nothing changed
  m.what = fmt::format("the roll's gains ignore the bank shortage of {} ({} left)",
                       core::to_string(static_cast<core::Resource>(r)), s.bank.n[r]);
  return m;
}

std::optional<Mutation> claim_off_turn(Context& c) {
  std::vector<int> at;
  for (size_t i = 0; i < c.actions.size(); ++i)
    if (own_turn(c.before[i])) at.push_back(static_cast<int>(i));
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  const GameState& s = c.before[*i];
  Action claim;
  claim.kind = ActionKind::Claim;
  claim.player =
      (s.active + 1 + static_cast<int>(c.rng.below(s.player_count() - 1))) % s.player_count();
  Mutation m = with(c, "claim-off-turn", in_game(s, Rule::WIN_03, claim.player), *i,
                    fmt::format("{} claims the win during {}'s turn {}",
                                c.game.players[claim.player], c.game.players[s.active], s.turn));
  m.actions.insert(m.actions.begin() + *i, claim);
  return m;
}

std::optional<Mutation> unconnected_road(Context& c) {
  std::vector<std::pair<int, core::EdgeId>> at;
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const Action& a = c.actions[i];
    const GameState& s = c.before[i];
    if (a.kind != ActionKind::Road || s.phase != Phase::Main) continue;
    for (core::EdgeId e = 0; e < s.topo().edge_count(); ++e) {
      auto v = rules::road_placement(s, a.player, e);
      if (v && v->rule == Rule::BUILD_03) at.emplace_back(static_cast<int>(i), e);
    }
  }
  auto pick = choose(at, c.rng);
  if (!pick) return std::nullopt;
  Mutation m = with(c, "unconnected-road", Rule::BUILD_03, pick->first, "");
  Action& a = m.actions[pick->first];
  const core::Topology& island = c.before[pick->first].topo();
  core::EdgeName n = island.edge_name(pick->second);
  a.edge = {n.hex, n.dir, pick->second};
  m.what = fmt::format("{}'s road moves to {}, which touches none of their pieces",
                       c.game.players[a.player], island.edge_text(pick->second));
  return m;
}

std::optional<Mutation> distance_rule(Context& c) {
  std::vector<std::pair<int, core::CornerId>> at;
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const Action& a = c.actions[i];
    const GameState& s = c.before[i];
    if (a.kind != ActionKind::Settlement) continue;
    for (core::CornerId k = 0; k < s.topo().corner_count(); ++k) {
      if (s.corner_owner[k] != core::kNoPlayer) continue;
      bool crowded = false;
      for (core::CornerId n : s.topo().corner_neighbours(k))
        crowded = crowded || s.corner_owner[n] != core::kNoPlayer;
      if (crowded) at.emplace_back(static_cast<int>(i), k);
    }
  }
  auto pick = choose(at, c.rng);
  if (!pick) return std::nullopt;
  const bool setup = c.before[pick->first].phase == Phase::Setup;
  Mutation m = with(c, "distance-rule", setup ? Rule::SETUP_05 : Rule::BUILD_05, pick->first, "");
  Action& a = m.actions[pick->first];
  const core::Topology& island = c.before[pick->first].topo();
  core::CornerName n = island.corner_name(pick->second);
  a.corner = {n.hex, n.dir, pick->second};
  a.gains.reset();
  m.what = fmt::format("{}'s settlement moves to {}, next to another building",
                       c.game.players[a.player], island.corner_text(pick->second));
  return m;
}

std::optional<Mutation> unaffordable(Context& c) {
  std::vector<std::pair<int, core::CornerId>> at;
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const GameState& s = c.before[i];
    if (s.phase != Phase::Main || c.actions[i].player != s.active) continue;
    if (s.players[s.active].hand.contains(core::cost::kCity)) continue;
    for (core::CornerId k = 0; k < s.topo().corner_count(); ++k)
      if (s.corner_owner[k] == s.active && s.corner_building[k] == core::Building::Settlement)
        at.emplace_back(static_cast<int>(i), k);
  }
  auto pick = choose(at, c.rng);
  if (!pick) return std::nullopt;
  const GameState& s = c.before[pick->first];
  Action city;
  city.kind = ActionKind::City;
  city.player = s.active;
  core::CornerName n = s.topo().corner_name(pick->second);
  city.corner = {n.hex, n.dir, pick->second};
  Mutation m = with(
      c, "unaffordable-build", Rule::BUILD_02, pick->first,
      fmt::format("{} builds a city at {} holding {}", c.game.players[s.active],
                  s.topo().corner_text(pick->second), core::to_string(s.players[s.active].hand)));
  m.actions.insert(m.actions.begin() + pick->first, city);
  return m;
}

Action play_of(const GameState& s, int p, core::DevCard card) {
  Action a;
  a.kind = ActionKind::Play;
  a.player = p;
  a.card = card;
  if (card == core::DevCard::YearOfPlenty) {
    a.has_take = true;
    int want = std::min(2, s.bank.total());
    for (int r = 0; r < 5 && want > 0; ++r)
      while (want > 0 && s.bank.n[r] - a.get.n[r] > 0) a.get.n[r] += 1, --want;
  }
  return a;
}

std::optional<Mutation> play_bought_card(Context& c) {
  std::vector<int> at;  // a purchase after which the same card cannot be played this turn
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const Action& a = c.actions[i];
    if (a.kind != ActionKind::Buy || a.card == core::DevCard::VictoryPoint) continue;
    const GameState& after = c.before[i + 1];
    if (after.dev_played || after.phase != Phase::Main) continue;
    bool older = false;
    for (const auto& d : after.players[a.player].devs)
      older = older || (d.card == a.card && !d.played && d.turn_bought < after.turn);
    if (!older) at.push_back(static_cast<int>(i));
  }
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  const Action& buy = c.actions[*i];
  Mutation m =
      with(c, "play-bought-card", in_game(c.before[*i + 1], Rule::DEV_04, buy.player), *i + 1,
           fmt::format("{} plays the {} bought the same turn", c.game.players[buy.player],
                       core::to_string(buy.card)));
  m.actions.insert(m.actions.begin() + *i + 1, play_of(c.before[*i + 1], buy.player, buy.card));
  return m;
}

std::optional<Mutation> second_play(Context& c) {
  std::vector<std::pair<int, core::DevCard>> at;
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const Action& a = c.actions[i];
    if (a.kind != ActionKind::Play ||
        (a.card != core::DevCard::YearOfPlenty && a.card != core::DevCard::Monopoly))
      continue;
    const GameState& after = c.before[i + 1];
    if (after.phase != Phase::Main && after.phase != Phase::PreRoll) continue;
    for (const auto& d : after.players[a.player].devs)
      if (!d.played && d.card != core::DevCard::VictoryPoint && d.turn_bought < after.turn) {
        at.emplace_back(static_cast<int>(i), d.card);
        break;
      }
  }
  auto pick = choose(at, c.rng);
  if (!pick) return std::nullopt;
  const int p = c.actions[pick->first].player;
  Mutation m = with(c, "second-dev-card", in_game(c.before[pick->first + 1], Rule::DEV_03, p),
                    pick->first + 1,
                    fmt::format("{} plays a second development card ({}) in one turn",
                                c.game.players[p], core::to_string(pick->second)));
  m.actions.insert(m.actions.begin() + pick->first + 1,
                   play_of(c.before[pick->first + 1], p, pick->second));
  return m;
}

std::optional<Mutation> trade_inactive(Context& c) {
  std::vector<int> at;
  for (size_t i = 0; i < c.actions.size(); ++i)
    if (c.before[i].phase == Phase::Main) at.push_back(static_cast<int>(i));
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  const GameState& s = c.before[*i];
  const int n = s.player_count();
  Action t;
  t.kind = ActionKind::Trade;
  t.player = (s.active + 1) % n;
  t.other = (s.active + 2) % n;
  t.give.n[0] = 1;
  t.get.n[1] = 1;
  Mutation m = with(c, "trade-not-active", in_game(s, Rule::TRADE_01, t.player), *i,
                    fmt::format("{} and {} trade during {}'s turn", c.game.players[t.player],
                                c.game.players[t.other], c.game.players[s.active]));
  m.actions.insert(m.actions.begin() + *i, t);
  return m;
}

std::optional<Mutation> steal_far(Context& c) {
  std::vector<std::pair<int, int>> at;
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const Action& a = c.actions[i];
    if (a.kind != ActionKind::Robber || !a.has_steal) continue;
    const GameState& s = c.before[i];
    for (int v = 0; v < s.player_count(); ++v) {
      if (v == a.player) continue;
      bool adjacent = false;
      for (core::CornerId k : s.topo().hex_corners(a.hex.id))
        adjacent = adjacent || s.corner_owner[k] == v;
      if (!adjacent) at.emplace_back(static_cast<int>(i), v);
    }
  }
  auto pick = choose(at, c.rng);
  if (!pick) return std::nullopt;
  Mutation m = with(c, "steal-not-adjacent", Rule::ROBBER_04, pick->first, "");
  Action& a = m.actions[pick->first];
  a.steal_from = pick->second;
  m.what = fmt::format("{} steals from {}, who has no building on {}", c.game.players[a.player],
                       c.game.players[pick->second], core::hex_text(a.hex.hex));
  return m;
}

std::optional<Mutation> longest_road_tie(Context& c) {
  std::vector<std::pair<int, int>> at;  // an expect after which someone ties the holder
  for (size_t i = 0; i < c.actions.size(); ++i) {
    if (!c.actions[i].expect) continue;
    const GameState& s = c.before[i + 1];
    if (s.longest_road == core::kNoPlayer) continue;
    for (int p = 0; p < s.player_count(); ++p)
      if (p != s.longest_road && s.players[p].road_length == s.players[s.longest_road].road_length)
        at.emplace_back(static_cast<int>(i), p);
  }
  auto pick = choose(at, c.rng);
  if (!pick) return std::nullopt;
  Mutation m = with(c, "longest-road-tie", Rule::AWARD_03, pick->first, "");
  m.actions[pick->first].expect->longest_road = pick->second;
  m.what = fmt::format("the log gives Longest Road to {}, who only ties the holder",
                       c.game.players[pick->second]);
  return m;
}

std::optional<Mutation> wrong_vp(Context& c) {
  std::vector<int> at;
  for (size_t i = 0; i < c.actions.size(); ++i)
    if (c.actions[i].expect && !c.actions[i].expect->vp.empty()) at.push_back(static_cast<int>(i));
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  Mutation m = with(c, "wrong-vp", Rule::WIN_01, *i, "");
  auto& vp = m.actions[*i].expect->vp;
  for (size_t p = 0; p < vp.size(); ++p)
    if (vp[p]) {
      *vp[p] += 1;
      m.what = fmt::format("the log claims {} VP for {}", *vp[p], c.game.players[p]);
      return m;
    }
  return std::nullopt;
}

std::optional<Mutation> bad_dice(Context& c) {
  std::vector<int> at;
  for (size_t i = 0; i < c.actions.size(); ++i)
    if (c.actions[i].kind == ActionKind::Roll) at.push_back(static_cast<int>(i));
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  Mutation m = with(c, "dice-out-of-range", Rule::COMP_08, *i, "a die shows 7");
  m.actions[*i].dice[1] = 7;
  m.actions[*i].gains.reset();
  return m;
}

std::optional<Mutation> after_win(Context& c) {
  const GameState& end = c.before.back();
  if (end.winner == core::kNoPlayer) return std::nullopt;
  const int i = end.win_action;  // the entry after the winning one
  Action a;
  a.kind = ActionKind::EndTurn;
  a.player = end.winner;
  Mutation m = with(c, "entry-after-win", Rule::TURN_07, i,
                    fmt::format("{} ends the turn after winning", c.game.players[end.winner]));
  m.actions.insert(m.actions.begin() + i, a);
  return m;
}

// Five and six players (RULES-5-6.md): the turn structures' mutations. Each applies only to
// a game under the structure it breaks, and inserts one entry.

// Special Build Phase, strict order: a later player's `end: build` before an earlier
// player's window build makes that window passed (X56-SBP-05).
std::optional<Mutation> window_out_of_order(Context& c) {
  std::vector<std::pair<int, int>> at;  // (index of the window build, the later player)
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const GameState& s = c.before[i];
    const Action& a = c.actions[i];
    if (s.phase != Phase::SpecialBuild ||
        s.options.special_build_order != core::SpecialBuildOrder::Strict)
      continue;
    if (a.kind != ActionKind::Road && a.kind != ActionKind::Settlement &&
        a.kind != ActionKind::City && a.kind != ActionKind::Buy)
      continue;
    const int n = s.player_count(), k = (a.player - s.active + n) % n;
    if (k < 2 || k > n - 2)  // not the next player, whose entry would begin their turn
      continue;
    at.push_back({static_cast<int>(i), (s.active + n - 1) % n});  // the last window's owner
  }
  auto pick = choose(at, c.rng);
  if (!pick) return std::nullopt;
  const auto [i, later] = *pick;
  Action close;
  close.kind = ActionKind::EndTurn;
  close.end_build = true;
  close.player = later;
  Mutation m = with(c, "window-out-of-order", Rule::X56_SBP_05, i + 1,
                    fmt::format("{} closes its window before {} builds in an earlier one",
                                c.game.players[later], c.game.players[c.actions[i].player]));
  m.actions.insert(m.actions.begin() + i, close);
  return m;
}

// Indices where `phase` runs (a Special Build Phase or player 2's phase).
std::vector<int> in_phase(const Context& c, Phase phase) {
  std::vector<int> at;
  for (size_t i = 0; i < c.actions.size(); ++i)
    if (c.before[i].phase == phase) at.push_back(static_cast<int>(i));
  return at;
}

// An entry by the player two seats after the one whose turn ended, inserted into a Special
// Build Phase: `kind` (a bank trade or a claim) is what a window forbids.
std::optional<Mutation> insert_in_window(Context& c, ActionKind kind, const char* name, Rule rule,
                                         const char* what) {
  std::vector<int> at = in_phase(c, Phase::SpecialBuild);
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  const GameState& s = c.before[*i];
  Action a;
  a.kind = kind;
  a.player = (s.active + 2) % s.player_count();  // neither the ender nor the next player
  if (kind == ActionKind::BankTrade) a.give.n[0] = 4, a.get.n[4] = 1;
  Mutation m = with(c, name, rule, *i,
                    fmt::format("{} {} in the special build phase after {}'s turn",
                                c.game.players[a.player], what, c.game.players[s.active]));
  m.actions.insert(m.actions.begin() + *i, a);
  return m;
}

std::optional<Mutation> trade_in_window(Context& c) {
  return insert_in_window(c, ActionKind::BankTrade, "trade-in-window", Rule::X56_SBP_03,
                          "trades with the bank");
}

std::optional<Mutation> win_in_window(Context& c) {
  return insert_in_window(c, ActionKind::Claim, "win-in-window", Rule::X56_SBP_06,
                          "claims the win");
}

// Paired turns: player 2 trades with player 1 in player 2's phase (X56-PAIR-03).
std::optional<Mutation> partner_trades(Context& c) {
  std::vector<int> at = in_phase(c, Phase::Partner);
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  const GameState& s = c.before[*i];
  Action t;
  t.kind = ActionKind::Trade;
  t.player = s.active;
  t.other = s.lead;
  t.give.n[0] = 1;
  t.get.n[1] = 1;
  Mutation m = with(c, "partner-trades", Rule::X56_PAIR_03, *i,
                    fmt::format("{}, player 2, trades with {} in its phase",
                                c.game.players[t.player], c.game.players[t.other]));
  m.actions.insert(m.actions.begin() + *i, t);
  return m;
}

// Paired turns: player 2 plays a card before player 1's roll (X56-PAIR-05).
std::optional<Mutation> card_before_roll(Context& c) {
  std::vector<int> at;
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const GameState& s = c.before[i];
    if (s.paired() && s.phase == Phase::PreRoll && !s.rolled) at.push_back(static_cast<int>(i));
  }
  auto i = choose(at, c.rng);
  if (!i) return std::nullopt;
  const GameState& s = c.before[*i];
  Action play;
  play.kind = ActionKind::Play;
  play.player = s.partner_of(s.active);
  play.card = core::DevCard::Knight;
  Mutation m = with(c, "card-before-roll", Rule::X56_PAIR_05, *i,
                    fmt::format("{}, player 2, plays a knight before {}'s roll",
                                c.game.players[play.player], c.game.players[s.active]));
  m.actions.insert(m.actions.begin() + *i, play);
  return m;
}

const std::vector<std::pair<std::string, Maker>>& makers() {
  static const std::vector<std::pair<std::string, Maker>> m{
      {"discard-count", discard_count},
      {"skip-discard", skip_discard},
      {"bank-shortage", shortage},
      {"claim-off-turn", claim_off_turn},
      {"unconnected-road", unconnected_road},
      {"distance-rule", distance_rule},
      {"unaffordable-build", unaffordable},
      {"play-bought-card", play_bought_card},
      {"second-dev-card", second_play},
      {"trade-not-active", trade_inactive},
      {"steal-not-adjacent", steal_far},
      {"longest-road-tie", longest_road_tie},
      {"wrong-vp", wrong_vp},
      {"dice-out-of-range", bad_dice},
      {"entry-after-win", after_win},
      {"window-out-of-order", window_out_of_order},
      {"trade-in-window", trade_in_window},
      {"win-in-window", win_in_window},
      {"partner-trades", partner_trades},
      {"card-before-roll", card_before_roll},
  };
  return m;
}

}  // namespace

const std::vector<std::string>& mutation_kinds() {
  static const std::vector<std::string> kinds = [] {
    std::vector<std::string> k;
    for (const auto& [name, f] : makers()) k.push_back(name);
    return k;
  }();
  return kinds;
}

std::vector<Mutation> mutate(const log::Game& game, uint64_t seed, const std::string& only_kind) {
  Rng rng(seed);
  Context c{game, {}, {}, rng};
  // The one replay loop (replay::Replayer): the header's checks (player count, board,
  // roll-off) and every entry's, with the state before each entry kept for the makers.
  replay::Replayer r("<mutate>", {});
  auto illegal = [&](const std::string& where) {
    const auto& e = r.report().error;
    return std::invalid_argument(
        fmt::format("the log is not legal: {}{}", where,
                    e ? fmt::format("{} ({})", e->message, e->rule ? core::id(*e->rule) : "?")
                      : std::string("unsupported")));
  };
  if (!r.start(game)) throw illegal("");
  for (const auto& e : game.actions) {
    if (e.action.has_hidden())
      throw std::invalid_argument(
          "mutate takes a complete log (this one hides cards); mutate the "
          "complete log and redact the mutants");
    c.before.push_back(*r.state());
    c.actions.push_back(e.action);
    core::resolve_places(c.actions.back(), r.state()->topo());  // the game's island
    if (!r.feed(e)) throw illegal(fmt::format("action {}: ", c.actions.size()));
  }
  c.before.push_back(*r.state());
  std::vector<Mutation> out;
  for (const auto& [name, make] : makers()) {
    if (!only_kind.empty() && name != only_kind) continue;
    if (auto m = make(c)) out.push_back(std::move(*m));
  }
  return out;
}

std::string mutation_yaml(const log::Game& game, const Mutation& m,
                          const std::string& source_name) {
  // A comment ends at a line break: names with control characters are shown escaped.
  auto one_line = [](std::string text) {
    std::string out;
    for (char c : text)
      out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f
                 ? fmt::format("\\x{:02x}", static_cast<unsigned char>(c))
                 : std::string(1, c);
    return out;
  };
  std::string out =
      fmt::format("# Mutation `{}` of {}: {}.\n# expect: illegal {} at action {}\n", m.kind,
                  one_line(source_name), one_line(m.what), core::id(m.rule), m.action);
  log::HeaderInfo h{game.id.empty() ? "" : game.id + "-" + m.kind,
                    "",
                    game.options,
                    game.players,
                    game.board,
                    ""};
  out += log::write_header(h);
  for (const Action& a : m.actions) out += "  - " + log::write_entry(a, game.players) + "\n";
  return out;
}

}  // namespace catan::gen
