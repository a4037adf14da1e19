// The 7 and the robber: ROBBER-01 discards, ROBBER-02 discards first and once, ROBBER-03 the
// move, ROBBER-04 the steal (D-05), ROBBER-05 no self-robbery, ROBBER-08 resources only.
#include "rules/detail.hpp"

namespace catan::rules::detail {

using core::HexId;

std::vector<int> steal_victims(const GameState& s, HexId hex, int mover) {
  std::vector<int> out;
  if (hex == core::kNone) return out;
  for (int p = 0; p < s.player_count(); ++p) {
    if (p == mover || s.players[p].hand.total() == 0) continue;
    for (core::CornerId c : s.topo().hex_corners(hex))
      if (s.corner_owner[c] == p) {
        out.push_back(p);
        break;
      }
  }
  return out;
}

namespace {
Verdict about_the_seven(Verdict v, const GameState& s) {
  if (v && s.roll_action > 0) {
    v->related_action = s.roll_action;
    v->related_what = "the 7 was rolled";
  }
  return v;
}
}  // namespace

Verdict check_discard(const GameState& s, const Action& a) {
  return about_the_seven(check_discard_impl(s, a), s);
}

Verdict check_discard_impl(const GameState& s, const Action& a) {
  const int p = a.player;
  const int held = s.players[p].hand.total();
  const int owed = s.discard_owed[p];
  if (owed == 0) return fail(M::discarded_already, {who(s, p), s.roll_action});
  if (owed < 0) {
    if (s.robber_from_knight && s.phase == core::Phase::MoveRobber &&
        s.resume != core::Phase::Discard)
      return fail(M::discard_after_knight, {who(s, p)});
    if (s.phase != core::Phase::Discard && s.resume != core::Phase::Discard)
      return fail(M::discard_not_owed, {who(s, p)});
    return with(
        fail(M::discard_under_limit, {who(s, p), held, s.options.discard_limit, s.roll_action}),
        "hand", hand_note(s, p), s.players[p].hand);
  }
  const int discarded = a.hidden_owed ? owed : a.give.total() + a.hidden_cards;
  if (discarded != owed)
    return with(fail(M::discard_count, {who(s, p), owed, held, discarded}, Focus::Value), "hand",
                hand_note(s, p), s.players[p].hand);
  if (!s.players[p].hand.contains(a.give))
    return with(fail(M::discard_not_held, {who(s, p), a.give}, Focus::Value), "hand",
                hand_note(s, p), s.players[p].hand);
  return {};
}

void apply_discard(GameState& s, const Action& a) {
  s.players[a.player].hand -= a.give;
  s.bank += a.give;
  s.discard_owed[a.player] = 0;
  for (int owed : s.discard_owed)
    if (owed > 0) return;
  core::Phase& at = s.phase == core::Phase::Discard ? s.phase : s.resume;
  if (at == core::Phase::Discard) at = core::Phase::MoveRobber;
}

Verdict check_robber(const GameState& s, const Action& a) {
  const HexId to = a.hex.id;
  if (to == core::kNone) return fail(M::robber_off_island, {a.hex.hex}, Focus::Value);
  if (to == s.robber) return fail(M::robber_stays, {a.hex.hex}, Focus::Value);
  if (s.board->hexes[to].terrain == core::Terrain::Desert &&
      s.options.robber_desert == core::RobberDesert::Forbidden)
    return fail(M::robber_to_desert, {}, Focus::Value);
  const std::vector<int> victims = steal_victims(s, to, a.player);
  auto eligible_note = [&] {  // built only for a diagnostic
    std::string eligible;
    for (int v : victims) eligible += (eligible.empty() ? "" : ", ") + name(s, v);
    return eligible.empty() ? std::string("none") : eligible;
  };
  if (!a.has_steal) {
    if (!victims.empty() && s.options.robber_steal == core::RobberSteal::Mandatory)
      return with(fail(M::steal_missing, {who(s, a.player), a.hex.hex}), "eligible victims",
                  eligible_note());
    return {};
  }
  const int from = a.steal_from;
  if (from == a.player) return fail(M::rob_self, {who(s, from)}, Focus::Steal);
  if (a.stolen.dev) return fail(M::steal_card, {*a.stolen.dev}, Focus::Steal);
  bool adjacent = false;
  for (core::CornerId c : s.topo().hex_corners(to))
    adjacent = adjacent || s.corner_owner[c] == from;
  if (!adjacent)
    return with(fail(M::victim_not_at_hex, {who(s, from), a.hex.hex}, Focus::Steal),
                "eligible victims", eligible_note());
  if (s.players[from].hand.total() == 0)
    return fail(M::victim_empty_handed, {who(s, from)}, Focus::Steal);
  if (a.stolen.resource && s.players[from].hand[*a.stolen.resource] == 0)
    return with(fail(M::victim_lacks, {who(s, from), *a.stolen.resource}, Focus::Steal), "hand",
                hand_note(s, from), s.players[from].hand);
  return {};
}

void apply_robber(GameState& s, const Action& a) {
  s.robber = a.hex.id;
  if (a.has_steal && a.stolen.resource) {
    s.players[a.steal_from].hand[*a.stolen.resource] -= 1;
    s.players[a.player].hand[*a.stolen.resource] += 1;
  }
  if (s.robber_from_knight) {
    s.robber_from_knight = false;
    s.phase = s.resume;
    if (s.phase == core::Phase::MoveRobber) return;  // a 7's move is still owed
  } else {
    s.phase = core::Phase::Main;  // the 7 is resolved
  }
  if (s.phase == core::Phase::Main || s.phase == core::Phase::PreRoll) {
    for (int& d : s.discard_owed) d = -1;
  }
}

}  // namespace catan::rules::detail
