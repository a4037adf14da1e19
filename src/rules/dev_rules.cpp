// Development cards: DEV-01 buying, DEV-02/COMP-06 the 25-card deck, DEV-03 one per turn,
// DEV-04 not the turn it was bought (per card), DEV-06 VP cards are never played, DEV-07
// knight, DEV-08 road building (D-06), DEV-09 year of plenty (D-07), DEV-10 monopoly.
#include "rules/detail.hpp"

namespace catan::rules::detail {

using core::DevCard;
using core::ResourceSet;

Verdict check_buy(const GameState& s, const Action& a) {
  const int p = a.player;
  if (s.deck_left() == 0) return fail(M::deck_empty);
  if (!s.players[p].hand.contains(core::cost::kDevCard))
    return with(with(fail(M::cannot_pay_card, {who(s, p)}), "cost",
                     core::to_string(core::cost::kDevCard), core::cost::kDevCard),
                "hand", hand_note(s, p), s.players[p].hand);
  if (a.hidden_buy) return {};  // any kind the deck still holds (the ledger keeps count)
  const int k = static_cast<int>(a.card);
  if (s.ledger.any_hidden()) {  // the unseen cards drawn so far may already hold this kind
    if (s.ledger.feasible_buy(p, a.card, s.turn, s.actions_applied + 1)) return {};
    return with(
        fail(M::card_not_in_any_deck, {a.card, s.deck_drawn[k], s.deck_hidden}, Focus::Value),
        "deck", s.edition().deck_text);
  }
  if (s.deck_drawn[k] >= s.edition().deck[k])
    return with(fail(M::card_all_drawn, {s.edition().deck[k], a.card}, Focus::Value), "deck",
                s.edition().deck_text);
  return {};
}

void apply_buy(GameState& s, const Action& a) {
  s.players[a.player].hand -= core::cost::kDevCard;
  s.bank += core::cost::kDevCard;
  if (a.hidden_buy) {
    ++s.deck_hidden;
    s.players[a.player].devs.push_back(
        {core::DevCard::Knight, s.turn, s.actions_applied, false, false, true});
    s.ledger.buy(a.player, std::nullopt, s.turn, s.actions_applied);
  } else {
    ++s.deck_drawn[static_cast<int>(a.card)];
    s.players[a.player].devs.push_back({a.card, s.turn, s.actions_applied, false, false});
    s.ledger.buy(a.player, a.card, s.turn, s.actions_applied);
  }
  s.built = true;
}

int placeable_free_roads(const GameState& s, int p) {
  const int pieces = s.edition().roads - s.players[p].roads;
  if (pieces <= 0) return 0;
  int best = 0;
  for (core::EdgeId e = 0; e < s.topo().edge_count(); ++e) {
    if (road_placement(s, p, e)) continue;
    best = 1;
    if (pieces < 2) break;
    GameState next = s;
    next.edge_owner[e] = static_cast<int8_t>(p);
    ++next.players[p].roads;
    for (core::EdgeId f = 0; f < s.topo().edge_count(); ++f)
      if (!road_placement(next, p, f)) return 2;
  }
  return best;
}

namespace {

Verdict check_year_of_plenty(const GameState& s, const Action& a) {
  const int bank_total = s.bank.total();
  const bool forbid = s.options.year_of_plenty_shortage == core::YearOfPlentyShortage::Forbid;
  const int required = forbid ? 2 : std::min(2, bank_total);
  if (a.get.total() != required)
    return with(fail(M::plenty_count, {required, a.get.total()}, Focus::Take), "bank",
                core::to_string(s.bank), s.bank);
  if (!s.bank.contains(a.get))
    return with(fail(M::plenty_bank_lacks, {a.get}, Focus::Take), "bank", core::to_string(s.bank),
                s.bank);
  return {};
}

Verdict check_monopoly(const GameState& s, const Action& a) {
  if (!a.takes) return {};
  for (int q = 0; q < s.player_count(); ++q) {
    const int actual = q == a.player ? 0 : s.players[q].hand[a.resource];
    if ((*a.takes)[q] != actual)
      return with(
          fail(M::monopoly_takes, {a.resource, actual, who(s, q), (*a.takes)[q]}, Focus::Takes),
          "hand", hand_note(s, q), s.players[q].hand);
  }
  return {};
}

}  // namespace

namespace {

// DEV-04 with every card seen: a copy of the kind, bought before this turn, not yet played.
Verdict holds_playable_seen(const GameState& s, const Action& a) {
  const int p = a.player;
  int held = 0, playable = 0, bought_at = 0;
  for (const auto& d : s.players[p].devs) {
    if (d.card != a.card || d.played) continue;
    ++held;
    playable += d.turn_bought < s.turn;
    bought_at = d.action_bought;
  }
  if (playable > 0) return {};
  if (held == 0) return fail(M::card_not_held, {who(s, p), a.card}, Focus::Value);
  Violation v = s.paired()  // a part of a paired turn (X56-PAIR-06)
                    ? fail(M::card_bought_this_part,
                           {who(s, p), a.card, s.turn,
                            s.phase == core::Phase::Partner ? "player 2" : "player 1"},
                           Focus::Value)
                    : fail(M::card_bought_this_turn, {who(s, p), a.card, s.turn + 1}, Focus::Value);
  v.related_action = bought_at;
  v.related_what = "the card was bought";
  return v;
}

// DEV-04 with unseen cards: some consistent assignment of the unseen cards' kinds gives the
// player a card of the kind, bought on an earlier turn, distinct from every card played.
Verdict holds_playable_unseen(const GameState& s, const Action& a) {
  const int p = a.player;
  const core::DevLedger& l = s.ledger;
  if (l.feasible_play(p, a.card, s.turn)) return {};
  if (l.cards_of(p) > l.bought_before(p, s.turn) && l.feasible_play(p, a.card, s.turn + 1))
    return fail(M::card_bought_this_turn_worlds, {who(s, p), a.card, s.turn + 1}, Focus::Value);
  return with(
      fail(M::card_not_playable_worlds, {who(s, p), a.card}, Focus::Value), "development cards",
      fmt::format("{} bought {} card(s) before turn {} ({} unseen) and played {} {} before; "
                  "the deck holds {} {} in all",
                  name(s, p), l.bought_before(p, s.turn), s.turn, l.hidden_of(p),
                  l.plays_of(p, a.card), core::to_string(a.card),
                  s.edition().deck[static_cast<int>(a.card)], core::to_string(a.card)));
}

}  // namespace

Verdict check_play(const GameState& s, const Action& a) {
  const int p = a.player;
  if (a.card == DevCard::VictoryPoint) return fail(M::vp_card_played, {}, Focus::Value);
  if (s.dev_played) return fail(M::card_played_already, {who(s, p), s.turn});
  if (auto v = s.ledger.any_hidden() ? holds_playable_unseen(s, a) : holds_playable_seen(s, a))
    return v;
  switch (a.card) {
    case DevCard::YearOfPlenty:
      return check_year_of_plenty(s, a);
    case DevCard::Monopoly:
      return check_monopoly(s, a);
    case DevCard::RoadBuilding:
      if (s.options.road_building_shortfall == core::RoadBuildingShortfall::ExactlyTwo &&
          placeable_free_roads(s, p) < 2)
        return fail(M::road_building_needs_two);
      return {};
    default:
      return {};
  }
}

void apply_play(GameState& s, const Action& a) {
  const int p = a.player;
  // Play the oldest playable copy (DEV-04 is tracked per card); with unseen cards the
  // ledger is the record, and the oldest unseen card stands in for the display.
  s.ledger.play(p, a.card, s.turn);
  bool marked = false;
  for (auto& d : s.players[p].devs)
    if (!d.hidden && d.card == a.card && !d.played && d.turn_bought < s.turn) {
      d.played = marked = true;
      break;
    }
  for (auto& d : s.players[p].devs)
    if (!marked && d.hidden && !d.played && d.turn_bought < s.turn) {
      d.played = marked = true;
      d.card = a.card;
    }
  s.dev_played = true;
  const core::Phase from = s.phase == core::Phase::RoadBuilding ? s.resume : s.phase;
  switch (a.card) {
    case DevCard::Knight:
      ++s.players[p].knights_played;
      update_largest_army(s);
      s.resume = from;
      s.phase = core::Phase::MoveRobber;
      s.robber_from_knight = true;
      break;
    case DevCard::RoadBuilding: {
      s.resume = from;
      s.phase = core::Phase::RoadBuilding;
      s.free_roads = std::min(2, s.edition().roads - s.players[p].roads);
      const int possible = placeable_free_roads(s, p);
      s.free_roads_required =
          s.options.road_building_shortfall == core::RoadBuildingShortfall::UpToTwo ? 0 : possible;
      if (s.free_roads == 0) s.phase = from;
      break;
    }
    case DevCard::YearOfPlenty:
      s.players[p].hand += a.get;
      s.bank -= a.get;
      s.phase = from;
      break;
    case DevCard::Monopoly:
      for (int q = 0; q < s.player_count(); ++q) {
        if (q == p) continue;
        const int n = s.players[q].hand[a.resource];
        s.players[q].hand[a.resource] = 0;
        s.players[p].hand[a.resource] += n;
      }
      s.phase = from;
      break;
    case DevCard::VictoryPoint:
      break;
  }
}

}  // namespace catan::rules::detail
