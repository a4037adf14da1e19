// Victory: WIN-01 VP sources (core::GameState::victory_points), WIN-02 the win on one's own
// turn (D-09 automatic or declared), WIN-03 no win on another's turn, WIN-04 and DEV-06
// revealing VP cards.
#include "rules/detail.hpp"

namespace catan::rules::detail {

namespace {
std::string vp_note(const GameState& s, int p) {
  const auto& ps = s.players[p];
  return fmt::format("{} has {} VP: {} settlement(s), {} city(ies), {} VP card(s){}{}", name(s, p),
                     s.victory_points(p), ps.settlements, ps.cities, s.vp_cards(p),
                     s.longest_road == p ? ", Longest Road" : "",
                     s.largest_army == p ? ", Largest Army" : "");
}
}  // namespace

Verdict check_reveal(const GameState& s, const Action& a) {
  const int p = a.player;
  const int hidden = s.unrevealed_vp_cards(p);
  if (s.ledger.any_hidden()) {
    const int total = s.ledger.revealed(p) + a.count;
    if (!s.ledger.feasible({s.ledger.vp_bound(p, total, 1 << 20)}))
      return with(
          fail(M::reveal_worlds, {who(s, p), a.count, total, s.ledger.max_vp(p)}, Focus::Value),
          "development cards",
          fmt::format("{} bought {} card(s), {} unseen", name(s, p), s.ledger.cards_of(p),
                      s.ledger.hidden_of(p)));
  } else if (a.count > hidden)
    return fail(M::reveal_too_many, {who(s, p), a.count, hidden}, Focus::Value);
  if (s.phase == core::Phase::Over) return {};
  if (p != s.active)
    return with(warn(M::reveal_other_turn, {who(s, p), who(s, s.active)}), "vp", vp_note(s, p));
  if (s.vp_max(p) < s.options.victory_points)
    return with(warn(M::reveal_short, {who(s, p), s.options.victory_points}), "vp", vp_note(s, p));
  return {};
}

Verdict check_claim(const GameState& s, const Action& a) {
  const int p = a.player;
  if (s.phase == core::Phase::Over) return {};  // the winner's record of the win
  if (s.vp_max(p) < s.options.victory_points)
    return with(
        s.ledger.any_hidden()
            ? fail(M::claim_short_worlds, {who(s, p), s.vp_max(p), s.options.victory_points})
            : fail(M::claim_short, {who(s, p), s.victory_points(p), s.options.victory_points}),
        "vp", vp_note(s, p));
  return {};
}

void declare_win(GameState& s, int p) {
  s.robber_after_win = s.robber_from_knight && s.phase == core::Phase::MoveRobber;
  s.phase = core::Phase::Over;
  s.winner = p;
  s.win_action = s.actions_applied;
  s.win_undecided = false;
}

void detect_win(GameState& s) {
  s.win_undecided = false;
  if (s.phase == core::Phase::Setup || s.phase == core::Phase::Over) return;
  if (s.options.win_detection != core::WinDetection::Automatic) return;
  const int p = s.active, target = s.options.victory_points;
  if (!s.ledger.any_hidden()) {
    if (s.victory_points(p) >= target) declare_win(s, p);
    return;
  }
  // Unseen cards: a cheap bound first (most entries are far from the target).
  if (s.public_vp(p) + std::min(s.ledger.unplayed(p), s.edition().deck[4]) < target) return;
  if (s.vp_min(p) >= target)
    declare_win(s, p);
  else if (s.vp_max(p) >= target)
    s.win_undecided = true;  // the caller splits the worlds
}

}  // namespace catan::rules::detail
