// Claimed effects (`expect:` after an entry, `result:` at the end), each checked against the
// computed state and reported with the rule the claim contradicts.
#include "rules/detail.hpp"
#include "rules/engine.hpp"

namespace catan::rules {

using namespace detail;

namespace {

// An award's holder as a message argument: a player, or none (an empty name).
core::PlayerArg holder(const GameState& s, int p) {
  return p == core::kNoPlayer ? core::PlayerArg{} : who(s, p);
}

std::string lengths(const GameState& s) {
  std::string out;
  for (int p = 0; p < s.player_count(); ++p)
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", name(s, p), s.players[p].road_length);
  return out;
}

std::string knights(const GameState& s) {
  std::string out;
  for (int p = 0; p < s.player_count(); ++p)
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", name(s, p), s.players[p].knights_played);
  return out;
}

Rule longest_road_rule(const Prior& before, const GameState& s, int claimed) {
  const int h = s.longest_road;
  const int old = before.longest_road;
  if (old != core::kNoPlayer && old < static_cast<int>(before.road_length.size()) &&
      s.players[old].road_length < before.road_length[static_cast<size_t>(old)]) {
    // The holder's road was just broken: keeping the award with a player who lost it is a
    // missed re-evaluation (AWARD-04); any other wrong holder misapplies AWARD-05.
    return claimed == old ? Rule::AWARD_04 : Rule::AWARD_05;
  }
  // The award moved on this entry but the log still names the previous holder.
  if (old != h && claimed == old) return Rule::AWARD_09;
  if (claimed != core::kNoPlayer && s.players[claimed].road_length < 5) return Rule::AWARD_02;
  if (claimed != core::kNoPlayer && h != core::kNoPlayer &&
      s.players[claimed].road_length == s.players[h].road_length)
    return Rule::AWARD_03;
  if (claimed != core::kNoPlayer && h == core::kNoPlayer) return Rule::AWARD_06;
  if (claimed == core::kNoPlayer && h != core::kNoPlayer) return Rule::AWARD_05;
  return Rule::AWARD_01;
}

// The rule a wrong hand or bank contradicts: on a build or purchase, the payment rule.
Rule card_rule_for(const Prior& before, const Action& a) {
  using K = core::ActionKind;
  if (before.phase == core::Phase::Setup) return Rule::SETUP_06;
  if (a.kind == K::Road && before.phase == core::Phase::RoadBuilding && a.player == before.active)
    return Rule::DEV_08;  // a free road charged
  if (a.kind == K::Road || a.kind == K::Settlement || a.kind == K::City) return Rule::BUILD_01;
  if (a.kind == K::Buy) return Rule::DEV_01;
  return Rule::COMP_05;
}

}  // namespace

Prior prior_of(const GameState& s) {
  Prior p{s.phase, s.active, s.turn, s.longest_road, s.largest_army, {}};
  for (int q = 0; q < s.player_count(); ++q) p.road_length.push_back(s.players[q].road_length);
  return p;
}

std::optional<Violation> check_expectation(const Prior& before, const GameState& s, const Action& a,
                                           const core::Expectation& e) {
  const Rule card_rule = card_rule_for(before, a);
  for (int p = 0; p < s.player_count(); ++p) {
    if (p < static_cast<int>(e.hands.size()) && e.hands[p] && *e.hands[p] != s.players[p].hand)
      return with(fail(card_rule, M::expect_hand, {who(s, p), *e.hands[p], s.players[p].hand},
                       Focus::Expect),
                  "bank", core::to_string(s.bank), s.bank);
    if (p < static_cast<int>(e.cards.size()) && e.cards[p] &&
        *e.cards[p] != s.players[p].hand.total())
      return fail(card_rule, M::expect_cards, {who(s, p), *e.cards[p], s.players[p].hand.total()},
                  Focus::Expect);
    if (p < static_cast<int>(e.vp.size()) && e.vp[p] && s.ledger.any_hidden()) {
      const int cards = *e.vp[p] - s.public_vp(p);
      if (!s.ledger.feasible({s.ledger.vp_bound(p, cards, cards)}))
        return fail(M::expect_vp_worlds, {who(s, p), *e.vp[p], s.vp_min(p), s.vp_max(p)},
                    Focus::Expect);
      continue;
    }
    if (p < static_cast<int>(e.vp.size()) && e.vp[p] && *e.vp[p] != s.victory_points(p)) {
      const auto& ps = s.players[p];
      return with(
          fail(M::expect_vp, {who(s, p), *e.vp[p], s.victory_points(p)}, Focus::Expect),
          "vp sources",
          fmt::format("{} settlement(s), {} city(ies) x2, {} VP card(s), Longest Road {}, "
                      "Largest Army {}",
                      ps.settlements, ps.cities, s.vp_cards(p), s.longest_road == p ? "yes" : "no",
                      s.largest_army == p ? "yes" : "no"));
    }
  }
  if (e.longest_road && *e.longest_road != s.longest_road)
    return with(fail(longest_road_rule(before, s, *e.longest_road), M::expect_longest_road,
                     {holder(s, *e.longest_road), holder(s, s.longest_road)}, Focus::Expect),
                "road lengths", lengths(s));
  if (e.largest_army && *e.largest_army != s.largest_army) {
    const int c = *e.largest_army;
    Rule r = (c != core::kNoPlayer && s.players[c].knights_played < 3) || c == core::kNoPlayer
                 ? Rule::AWARD_07
                 : Rule::AWARD_08;
    if (before.largest_army != s.largest_army && c == before.largest_army) r = Rule::AWARD_09;
    return with(
        fail(r, M::expect_largest_army, {holder(s, c), holder(s, s.largest_army)}, Focus::Expect),
        "knights played", knights(s));
  }
  if (e.bank && *e.bank != s.bank)
    return fail(card_rule, M::expect_bank, {*e.bank, s.bank}, Focus::Expect);
  if (e.robber && e.robber->id != s.robber)
    return fail(M::expect_robber, {e.robber->hex, core::hex_at(s.robber)}, Focus::Expect);
  return {};
}

void narrow(GameState& s, const core::Expectation& e) {
  if (!s.ledger.any_hidden()) return;
  for (int p = 0; p < s.player_count() && p < static_cast<int>(e.vp.size()); ++p)
    if (e.vp[p]) {
      const int cards = *e.vp[p] - s.public_vp(p);
      s.ledger.add(s.ledger.vp_bound(p, cards, cards));
    }
}

std::optional<Violation> check_result(const GameState& s, int claimed) {
  if (claimed == s.winner) return {};
  const int target = s.options.victory_points;
  if (s.winner == core::kNoPlayer) {
    if (s.victory_points(claimed) >= target)
      return fail(M::result_never_won, {who(s, claimed), s.victory_points(claimed)}, Focus::Result);
    return fail(M::result_nobody_won, {who(s, claimed), s.victory_points(claimed), target},
                Focus::Result);
  }
  return fail(M::result_other_winner, {who(s, claimed), who(s, s.winner), s.win_action},
              Focus::Result);
}

}  // namespace catan::rules
