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

namespace {
// Whether p wins now; with unseen cards, the worlds may disagree (win_undecided).
[[gnu::always_inline]] inline bool detect_win_of(GameState& s, int p) {
  const int target = s.options.victory_points;
  if (!s.ledger.any_hidden()) {
    if (s.victory_points(p) < target) return false;
    declare_win(s, p);
    return true;
  }
  // Unseen cards: a cheap bound first (most entries are far from the target).
  if (s.public_vp(p) + std::min(s.ledger.unplayed(p), s.edition().deck[4]) < target) return false;
  // Then two feasibility questions, not the fewest and most VP cards (each a bisection of
  // them): can p hold enough VP cards to win, and can p hold too few?
  const int need = target - s.public_vp(p);
  if (need > 0 && !s.ledger.feasible({s.ledger.vp_bound(p, need, 1 << 20)})) return false;
  if (need <= 0 || !s.ledger.feasible({s.ledger.vp_bound(p, 0, need - 1)})) {
    declare_win(s, p);
    return true;
  }
  s.win_undecided = true;  // the caller splits the worlds
  return true;
}
}  // namespace

void detect_win(GameState& s) {
  s.win_undecided = false;
  if (s.phase == core::Phase::Setup || s.phase == core::Phase::Over) return;
  if (s.options.win_detection != core::WinDetection::Automatic) return;
  if (!s.board->edition->turn_structures) {  // the base game
    detect_win_of(s, s.active);
    return;
  }
  if (s.phase == core::Phase::SpecialBuild) return;  // nobody wins in the phase (X56-SBP-06)
  if (s.paired() && s.options.paired_win == core::PairedWin::BothOnTurn) {
    // Both role holders are on turn; player 1 first, who wins a tie (X56-PAIR-08, D-26).
    const int one = s.player_one();
    if (!detect_win_of(s, one)) detect_win_of(s, s.partner_of(one));
    return;
  }
  detect_win_of(s, s.active);
}

}  // namespace catan::rules::detail
