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
    for (core::CornerId c : core::hex_corners(hex))
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
  if (owed == 0)
    return fail(Rule::ROBBER_02, fmt::format("{} already discarded for the 7 rolled at action {}",
                                             name(s, p), s.roll_action));
  if (owed < 0) {
    if (s.robber_from_knight && s.phase == core::Phase::MoveRobber &&
        s.resume != core::Phase::Discard)
      return fail(Rule::ROBBER_07,
                  fmt::format("{} discards after a knight; a knight moves the robber "
                              "without any discards",
                              name(s, p)));
    if (s.phase != core::Phase::Discard && s.resume != core::Phase::Discard)
      return fail(Rule::ROBBER_01,
                  fmt::format("{} discards, but no discard is owed now", name(s, p)));
    return with(fail(Rule::ROBBER_01,
                     fmt::format("{} holds {} resource cards, not more than {}, and owes no "
                                 "discard for the 7 rolled at action {}",
                                 name(s, p), held, s.options.discard_limit, s.roll_action)),
                "hand", hand_note(s, p), s.players[p].hand);
  }
  const int discarded = a.hidden_owed ? owed : a.give.total() + a.hidden_cards;
  if (discarded != owed)
    return with(fail(Rule::ROBBER_01,
                     fmt::format("{} must discard exactly {} of {} cards (half, rounded down), but "
                                 "discards {}",
                                 name(s, p), owed, held, discarded),
                     Focus::Value),
                "hand", hand_note(s, p), s.players[p].hand);
  if (!s.players[p].hand.contains(a.give))
    return with(fail(Rule::ROBBER_01,
                     fmt::format("{} discards {} but does not hold those cards", name(s, p),
                                 core::to_string(a.give)),
                     Focus::Value),
                "hand", hand_note(s, p), s.players[p].hand);
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
  if (to == core::kNone)
    return fail(Rule::ROBBER_03, fmt::format("{} is not a land hex", core::hex_text(a.hex.hex)),
                Focus::Value);
  if (to == s.robber)
    return fail(Rule::ROBBER_03,
                fmt::format("the robber is already on {}; it must move to another hex",
                            core::hex_text(a.hex.hex)),
                Focus::Value);
  if (s.board.hexes[to].terrain == core::Terrain::Desert &&
      s.options.robber_desert == core::RobberDesert::Forbidden)
    return fail(Rule::ROBBER_03, "the robber may not move to the desert (robber-desert: forbidden)",
                Focus::Value);
  const std::vector<int> victims = steal_victims(s, to, a.player);
  auto eligible_note = [&] {  // built only for a diagnostic
    std::string eligible;
    for (int v : victims) eligible += (eligible.empty() ? "" : ", ") + name(s, v);
    return eligible.empty() ? std::string("none") : eligible;
  };
  if (!a.has_steal) {
    if (!victims.empty() && s.options.robber_steal == core::RobberSteal::Mandatory)
      return with(
          fail(Rule::ROBBER_04, fmt::format("{} must steal a card after moving the robber to {}",
                                            name(s, a.player), core::hex_text(a.hex.hex))),
          "eligible victims", eligible_note());
    return {};
  }
  const int from = a.steal_from;
  if (from == a.player)
    return fail(Rule::ROBBER_05, fmt::format("{} cannot rob themself", name(s, from)),
                Focus::Steal);
  if (a.stolen.dev)
    return fail(Rule::ROBBER_08,
                fmt::format("a steal takes a resource card, never a development card ({})",
                            core::to_string(*a.stolen.dev)),
                Focus::Steal);
  bool adjacent = false;
  for (core::CornerId c : core::hex_corners(to)) adjacent = adjacent || s.corner_owner[c] == from;
  if (!adjacent)
    return with(fail(Rule::ROBBER_04,
                     fmt::format("{} has no settlement or city on a corner of {}", name(s, from),
                                 core::hex_text(a.hex.hex)),
                     Focus::Steal),
                "eligible victims", eligible_note());
  if (s.players[from].hand.total() == 0)
    return fail(Rule::ROBBER_04, fmt::format("{} holds no resource card to steal", name(s, from)),
                Focus::Steal);
  if (a.stolen.resource && s.players[from].hand[*a.stolen.resource] == 0)
    return with(fail(Rule::ROBBER_04,
                     fmt::format("{} holds no {} to be stolen", name(s, from),
                                 core::to_string(*a.stolen.resource)),
                     Focus::Steal),
                "hand", hand_note(s, from), s.players[from].hand);
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
