// Internal to the rules layer: per-topic checks and effects, and violation helpers.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

#include "core/action.hpp"
#include "core/per_player.hpp"
#include "core/state.hpp"
#include "core/violation.hpp"

namespace catan::rules::detail {

using core::Action;
using core::Focus;
using core::GameState;
using core::Rule;
using core::Violation;
using Verdict = std::optional<Violation>;

using core::MessageId;
using M = core::MessageId;

// A violation of rule r with message m of the message table (core/messages.def); `args` in
// the order of the template's declared parameters, checked against them (a mismatch is an
// internal error). The rules never format a message: diag does (diag/message_text.hpp).
inline Violation fail(Rule r, MessageId m, std::initializer_list<core::Arg> args = {},
                      Focus focus = Focus::Entry) {
  return Violation{r,  core::make_message(r, m, args), 0, {}, focus, -1, 0,
                   {}, core::Severity::Error};
}
inline Violation warn(Rule r, MessageId m, std::initializer_list<core::Arg> args = {},
                      Focus focus = Focus::Entry) {
  return Violation{r,  core::make_message(r, m, args), 0, {}, focus, -1, 0,
                   {}, core::Severity::Warning};
}
// The message's own rule (the table's first for it).
inline Violation fail(MessageId m, std::initializer_list<core::Arg> args = {},
                      Focus focus = Focus::Entry) {
  return fail(core::info(m).rules.front(), m, args, focus);
}
inline Violation warn(MessageId m, std::initializer_list<core::Arg> args = {},
                      Focus focus = Focus::Entry) {
  return warn(core::info(m).rules.front(), m, args, focus);
}
// A player as a message argument.
inline core::PlayerArg who(const GameState& s, int p) { return {s.players[p].name}; }
inline Violation&& with(Violation&& v, std::string label, std::string text) {
  v.notes.push_back({std::move(label), std::move(text)});
  return std::move(v);
}
// A note whose text states numbers, with them as data (JSON report).
inline Violation&& with(Violation&& v, std::string label, std::string text,
                        std::vector<std::pair<std::string, int>> data) {
  v.notes.push_back({std::move(label), std::move(text), std::move(data)});
  return std::move(v);
}
// A note whose text is a resource set, with its five counts as data.
inline Violation&& with(Violation&& v, std::string label, std::string text,
                        const core::ResourceSet& counts) {
  std::vector<std::pair<std::string, int>> data;
  for (int r = 0; r < core::kResourceCount; ++r)
    data.emplace_back(core::to_string(static_cast<core::Resource>(r)), counts.n[r]);
  return with(std::move(v), std::move(label), std::move(text), std::move(data));
}
inline const std::string& name(const GameState& s, int p) { return s.players[p].name; }

// The place an entry names: its canonical name, and the form as written when the log used
// an alias ("[0, -3, SE] (written [0, -2, NW])"), so that a user can search their file.
inline std::string place_text(const core::CornerRef& r) {
  const core::CornerName c = core::canonical_corner(r.hex, r.dir);
  const std::string canonical = core::corner_text(c.hex, c.dir),
                    written = core::corner_text(r.hex, r.dir);
  return canonical == written ? canonical : canonical + " (written " + written + ")";
}
inline std::string place_text(const core::EdgeRef& r) {
  const core::EdgeName e = core::canonical_edge(r.hex, r.dir);
  const std::string canonical = core::edge_text(e.hex, e.dir),
                    written = core::edge_text(r.hex, r.dir);
  return canonical == written ? canonical : canonical + " (written " + written + ")";
}
std::string hand_note(const GameState& s, int p);  // "red holds {…} (n cards)"
// COMP-09: a corner or path named off the island (build_rules.cpp).
Verdict off_island(const core::CornerRef& c);
Verdict off_island(const core::EdgeRef& e);

// turn_rules.cpp: who may act, and when (TURN-*, SETUP-08/09, phase gates).
Verdict check_gate(const GameState& s, const Action& a);
void apply_end_turn(GameState& s);

// The five-six turn structures (turn_56.cpp).
bool window_entry(const Action& a);  // a build, a purchase or `end: build`
// In the Special Build Phase or player 2's phase: whether `a` starts the next turn.
bool starts_next_turn(const GameState& s, const Action& a);
Verdict check_special_build(const GameState& s, const Action& a);  // a window entry or not
void note_window(GameState& s, const Action& a);
Verdict gate_paired(const GameState& s, const Action& a);         // a player not acting now
Verdict gate_partner_phase(const GameState& s, const Action& a);  // player 2 in their phase
void next_turn(GameState& s);              // the next player's turn, before the roll
void begin_next_turn(GameState& s);        // the next turn starts (and a player at the target wins)
void end_part(GameState& s);               // `end: turn`: the phase, part or turn that follows
Rule rule_56(const GameState& s, Rule r);  // the five-six rule reported for r
std::string_view verb(core::ActionKind k);  // "build a road", "roll", ...

// setup_rules.cpp
Verdict check_setup(const GameState& s, const Action& a);
void apply_setup(GameState& s, const Action& a);
core::ResourceSet starting_resources(const GameState& s, core::CornerId c);

// Every multiset of `count` cards within `pool`, resource by resource (the most of the first
// resource first), passed to `f`; `f` returns false to stop the walk. False when stopped.
// Hidden discards (expand_private) and a view's adopted card counts (Position) use it.
template <class F>
bool each_pick(const core::ResourceSet& pool, int count, F&& f) {
  core::ResourceSet pick;
  auto walk = [&](auto&& self, int r, int left) -> bool {
    if (left == 0) return f(static_cast<const core::ResourceSet&>(pick));
    if (r == core::kResourceCount) return true;
    int room = 0;
    for (int i = r + 1; i < core::kResourceCount; ++i) room += pool.n[i];
    for (int k = std::min(pool.n[r], left); k >= 0; --k) {
      if (left - k > room) break;
      pick.n[r] = k;
      if (!self(self, r + 1, left - k)) return false;
    }
    pick.n[r] = 0;
    return true;
  };
  return walk(walk, 0, count);
}

// production.cpp
struct Production {
  core::PerPlayer<core::ResourceSet> entitled;  // before the shortage rule
  core::PerPlayer<core::ResourceSet> granted;   // after it (PROD-04)
  std::array<bool, core::kResourceCount> shortage{};
};
Production compute_production(const GameState& s, int total);
Verdict check_roll(const GameState& s, const Action& a);
void apply_roll(GameState& s, const Action& a);

// robber_rules.cpp
Verdict check_discard(const GameState& s, const Action& a);
Verdict check_discard_impl(const GameState& s, const Action& a);
void apply_discard(GameState& s, const Action& a);
Verdict check_robber(const GameState& s, const Action& a);
void apply_robber(GameState& s, const Action& a);
std::vector<int> steal_victims(const GameState& s, core::HexId hex, int mover);

// trade_rules.cpp
Verdict check_trade(const GameState& s, const Action& a);
void apply_trade(GameState& s, const Action& a);
Verdict check_bank_trade(const GameState& s, const Action& a);
void apply_bank_trade(GameState& s, const Action& a);

// build_rules.cpp
Verdict check_settlement(const GameState& s, const Action& a);
Verdict check_road(const GameState& s, const Action& a, bool free);
Verdict check_city(const GameState& s, const Action& a);
// BUILD-03/08/10; `written`: the entry's own name of the edge, for the message.
Verdict road_placement(const GameState& s, int p, core::EdgeId e,
                       const core::EdgeRef* written = nullptr);
void place_settlement(GameState& s, int p, core::CornerId c);
void place_road(GameState& s, int p, core::EdgeId e);
void apply_city(GameState& s, const Action& a);

// dev_rules.cpp
Verdict check_buy(const GameState& s, const Action& a);
void apply_buy(GameState& s, const Action& a);
Verdict check_play(const GameState& s, const Action& a);
void apply_play(GameState& s, const Action& a);
int placeable_free_roads(const GameState& s, int p);  // 0, 1 or 2 (D-06)
// A Road Building road, including the rest of a Road Building that won the game.
inline bool free_road(const GameState& s, const Action& a) {
  const bool pending =
      s.phase == core::Phase::RoadBuilding || (s.phase == core::Phase::Over && s.free_roads > 0);
  return pending && a.kind == core::ActionKind::Road && a.player == s.active;
}

// awards.cpp
// Recomputes road lengths of the players in `affected` (bit per player), then the award.
void update_longest_road(GameState& s, unsigned affected = ~0u);
void update_largest_army(GameState& s);

// victory.cpp
Verdict check_reveal(const GameState& s, const Action& a);
Verdict check_claim(const GameState& s, const Action& a);
void detect_win(GameState& s);  // WIN-02 under win-detection: automatic
void declare_win(GameState& s, int p);

}  // namespace catan::rules::detail
