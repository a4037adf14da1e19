// Claimed effects (`expect:` after an entry, `result:` at the end), each checked against the
// computed state and reported with the rule the claim contradicts.
#include <algorithm>

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
  // The award moved on this entry but the log still names the previous holder: the rule that
  // moved it (the first to 5 takes it from the bank, a strictly longer road from a holder).
  // AWARD-09 only once the log makes that change on a later entry (replay's deferral watch).
  if (old != h && claimed == old) return old == core::kNoPlayer ? Rule::AWARD_02 : Rule::AWARD_03;
  if (claimed != core::kNoPlayer && s.players[claimed].road_length < 5) return Rule::AWARD_02;
  if (claimed != core::kNoPlayer && h != core::kNoPlayer &&
      s.players[claimed].road_length == s.players[h].road_length)
    return Rule::AWARD_03;
  if (claimed != core::kNoPlayer && h == core::kNoPlayer) return Rule::AWARD_06;
  if (claimed == core::kNoPlayer && h != core::kNoPlayer) {
    // The log puts it in the bank while h, unbroken, holds it: alone at the longest (5 or
    // more, AWARD-02), or tied and keeping it (only a strictly longer road takes it, AWARD-03).
    for (int p = 0; p < s.player_count(); ++p)
      if (p != h && s.players[p].road_length == s.players[h].road_length) return Rule::AWARD_03;
    return Rule::AWARD_02;
  }
  return Rule::AWARD_01;
}

std::string names_at(const GameState& s, const std::vector<int>& ps) {
  std::string out;
  for (size_t i = 0; i < ps.size(); ++i)
    out += (i == 0 ? "" : i + 1 == ps.size() ? " and " : ", ") + name(s, ps[i]);
  return out;
}

std::string edges_text(const GameState& s, const std::vector<core::EdgeId>& edges) {
  std::string out;
  for (core::EdgeId e : edges) out += (out.empty() ? "" : " ") + s.topo().edge_text(e);
  return out;
}

std::string building_name(core::Building b) {
  return b == core::Building::City ? "city" : "settlement";
}

// One contender's longest trail (AWARD-01): its paths in order, its length, and how an
// opponent's building at either end counts, with catanatron's count where it differs.
core::Note trail_note(const GameState& s, int p) {
  const Trail t = longest_trail(s, p);
  std::string text = fmt::format("{} {}", name(s, p), t.edges.size());
  if (!t.edges.empty()) text += ": " + edges_text(s, t.edges);
  // An opponent's building where the trail starts or ends: it ends there (AWARD-01 counts
  // the path into it), and it cuts p's roads that go on beyond it.
  std::vector<core::Datum> stops;
  for (core::CornerId c : {t.start, t.end}) {
    if (c == core::kNone || t.edges.empty()) continue;
    const int owner = s.corner_owner[c];
    if (owner == core::kNoPlayer || owner == p) continue;
    if (c == t.start && c == t.end && stops.size() == 1) break;  // a loop: one corner
    bool beyond = false;  // a road of p's at c that the trail does not use
    for (core::EdgeId e : s.topo().corner_edges(c))
      if (s.edge_owner[e] == p && std::find(t.edges.begin(), t.edges.end(), e) == t.edges.end())
        beyond = true;
    text += fmt::format("; {}'s {} at {} {}", name(s, owner), building_name(s.corner_building[c]),
                        s.topo().corner_text(c),
                        beyond ? "cuts it: a trail may end at an opponent's building but not "
                                 "pass it (AWARD-01)"
                               : "ends it, and the path into it counts (AWARD-01)");
    stops.push_back(core::Datum::corner(s.topo().corner_name(c)));
  }
  core::Note n{"trail", "", {{"length", static_cast<int>(t.edges.size())}}, {}};
  if (!stops.empty()) {
    const size_t other = longest_trail(s, p, TrailReading::Catanatron).edges.size();
    if (other != t.edges.size()) {
      text += fmt::format(" (catanatron, which never walks onto an opponent's building, counts {})",
                          other);
      n.data.emplace_back("catanatron-length", static_cast<int>(other));
    }
  }
  std::vector<core::Datum> edges;
  for (core::EdgeId e : t.edges) edges.push_back(core::Datum::edge(s.topo().edge_name(e)));
  n.text = std::move(text);
  n.detail = {{"player", core::Datum::of(name(s, p))},
              {"edges", core::Datum::list(std::move(edges))}};
  if (!stops.empty())
    n.detail.emplace_back("opponent-buildings", core::Datum::list(std::move(stops)));
  return n;
}

// Why the engine's holder holds Longest Road after this entry: the rule that decides it
// (AWARD-02..06, AWARD-09 when it moved on this very entry), as update_longest_road
// applies them, in words.
std::string longest_road_decision(const Prior& before, const GameState& s) {
  const int n = s.player_count(), h = before.longest_road, now = s.longest_road;
  int max_len = 0;
  for (int p = 0; p < n; ++p) max_len = std::max(max_len, s.players[p].road_length);
  std::vector<int> at_max;
  for (int p = 0; p < n; ++p)
    if (s.players[p].road_length == max_len) at_max.push_back(p);
  const std::string moved =
      now != h ? fmt::format(", on this entry (AWARD-09: at once)") : std::string();
  if (h != core::kNoPlayer && h < static_cast<int>(before.road_length.size())) {
    const int len = s.players[h].road_length, was = before.road_length[static_cast<size_t>(h)];
    const bool broken = len < was;
    std::vector<int> others;  // the others at the maximum
    for (int p : at_max)
      if (p != h) others.push_back(p);
    const std::string cut = broken ? fmt::format("{}'s road was broken from {} to {} (AWARD-04); ",
                                                 name(s, h), was, len)
                                   : std::string();
    if (now == h) {
      if (broken)
        return cut + fmt::format("AWARD-05: {} is still the longest{} and keeps it", name(s, h),
                                 !others.empty() ? ", tied with " + names_at(s, others) +
                                                       " (longest-road-broken-tie: holder-keeps)"
                                                 : "");
      if (!others.empty())
        return fmt::format(
            "AWARD-03: only a strictly longer road takes the award from its holder; {} {} "
            "{}'s {}, so {} keeps it (held since action {})",
            names_at(s, others), others.size() == 1 ? "equals" : "equal", name(s, h), len,
            name(s, h), s.longest_road_since);
      return fmt::format("AWARD-03: {} holds it (since action {}); no road is longer than its {}",
                         name(s, h), s.longest_road_since, len);
    }
    if (now == core::kNoPlayer) {
      if (broken && len == max_len)
        return cut + fmt::format(
                         "AWARD-05 under longest-road-broken-tie: set-aside: {} tie at {}, "
                         "so the award is set aside{}",
                         names_at(s, at_max), max_len, moved);
      return cut + fmt::format("AWARD-05: {}, so the award returns to the bank{}",
                               max_len < 5
                                   ? fmt::format("nobody has a road of 5 or more (the "
                                                 "longest is {})",
                                                 max_len)
                                   : fmt::format("{} tie at {}", names_at(s, at_max), max_len),
                               moved);
    }
    if (broken)
      return cut + fmt::format("AWARD-05: {} alone has the longest road, {}, and takes it{}",
                               name(s, now), max_len, moved);
    return fmt::format("AWARD-03: {}'s {} is longer than {}'s {}, so {} takes it{}", name(s, now),
                       max_len, name(s, h), len, name(s, now), moved);
  }
  if (now != core::kNoPlayer)
    return fmt::format(
        "AWARD-02: {} alone has the longest road, {} (5 or more), and takes it "
        "from the bank{}",
        name(s, now), max_len, moved);
  if (max_len >= 5)
    return fmt::format("AWARD-06: {} tie at {}, so the award stays in the bank",
                       names_at(s, at_max), max_len);
  return fmt::format("AWARD-02: the longest road is {}, under 5, so the award stays in the bank",
                     max_len);
}

// The players whose trails explain a Longest Road verdict: the claimed holder, the engine's,
// the previous one, and everyone with a road of 5 or more, in seat order.
std::vector<int> road_contenders(const Prior& before, const GameState& s, int claimed) {
  std::vector<int> out;
  for (int p = 0; p < s.player_count(); ++p)
    if (p == claimed || p == s.longest_road || p == before.longest_road ||
        s.players[p].road_length >= 5)
      out.push_back(p);
  return out;
}

// Why the engine's holder holds Largest Army (AWARD-07/08, AWARD-09 on this entry).
std::string largest_army_decision(const Prior& before, const GameState& s) {
  const int h = s.largest_army;
  if (h == core::kNoPlayer)
    return "AWARD-07: nobody has played 3 knights, so the award stays in the bank";
  const int k = s.players[h].knights_played;
  const int old = before.largest_army;
  if (old != h) {
    if (old == core::kNoPlayer)
      return fmt::format(
          "AWARD-07: {} is the first to play 3 knights and takes it on this entry "
          "(AWARD-09: at once)",
          name(s, h));
    return fmt::format(
        "AWARD-08: {}'s {} knights are more than {}'s {}, so {} takes it on this "
        "entry (AWARD-09: at once)",
        name(s, h), k, name(s, old), s.players[old].knights_played, name(s, h));
  }
  std::vector<int> tied;
  for (int p = 0; p < s.player_count(); ++p)
    if (p != h && s.players[p].knights_played == k) tied.push_back(p);
  if (!tied.empty())
    return fmt::format(
        "AWARD-08: it moves only to strictly more knights; {} {} {}'s {}, so {} "
        "keeps it (held since action {})",
        names_at(s, tied), tied.size() == 1 ? "equals" : "equal", name(s, h), k, name(s, h),
        s.largest_army_since);
  return fmt::format("AWARD-08: {} holds it with {} knights (since action {}); nobody has more",
                     name(s, h), k, s.largest_army_since);
}

std::vector<std::pair<std::string, int>> per_player(const GameState& s,
                                                    int core::PlayerState::*field) {
  std::vector<std::pair<std::string, int>> out;
  for (int p = 0; p < s.player_count(); ++p) out.emplace_back(name(s, p), s.players[p].*field);
  return out;
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

// An award holder the log asserts that the engine's rules do not give.
std::optional<Violation> check_awards(const Prior& before, const GameState& s,
                                      const core::Expectation& e) {
  if (e.longest_road && *e.longest_road != s.longest_road) {
    Violation v = with(fail(longest_road_rule(before, s, *e.longest_road), M::expect_longest_road,
                            {holder(s, *e.longest_road), holder(s, s.longest_road)}, Focus::Expect),
                       "road lengths", lengths(s), per_player(s, &core::PlayerState::road_length));
    // Trails are searched only here, for the diagnostic (road_length counts without them).
    for (int p : road_contenders(before, s, *e.longest_road)) v.notes.push_back(trail_note(s, p));
    return with(std::move(v), "award", longest_road_decision(before, s));
  }
  if (e.largest_army && *e.largest_army != s.largest_army) {
    const int c = *e.largest_army;
    Rule r = (c != core::kNoPlayer && s.players[c].knights_played < 3) || c == core::kNoPlayer
                 ? Rule::AWARD_07
                 : Rule::AWARD_08;
    return with(
        with(fail(r, M::expect_largest_army, {holder(s, c), holder(s, s.largest_army)},
                  Focus::Expect),
             "knights played", knights(s), per_player(s, &core::PlayerState::knights_played)),
        "award", largest_army_decision(before, s));
  }
  return {};
}

}  // namespace

Prior prior_of(const GameState& s) {
  Prior p{s.phase,        s.active,       s.turn,
          s.longest_road, s.largest_army, core::PerPlayer<int>(s.player_count())};
  for (int q = 0; q < s.player_count(); ++q) p.road_length[q] = s.players[q].road_length;
  return p;
}

namespace {
[[gnu::always_inline]] inline std::optional<Violation> expectation_violation(
    const Prior& before, const GameState& s, const Action& a, const core::Expectation& e);
}  // namespace

std::optional<Violation> check_expectation(const Prior& before, const GameState& s, const Action& a,
                                           const core::Expectation& e) {
  if (!s.board->edition->turn_structures) return expectation_violation(before, s, a, e);
  auto v = expectation_violation(before, s, a, e);
  if (v) {
    // Before the first card is dealt the bank and hands are the initial ones (X56-BOARD-02).
    const bool initial = before.phase == core::Phase::Setup && s.bank == s.initial_bank();
    const bool cards =
        v->msg.id == M::expect_bank || v->msg.id == M::expect_hand || v->msg.id == M::expect_cards;
    v->rule = initial && cards ? Rule::X56_BOARD_02 : rule_56(s, v->rule);
  }
  return v;
}

namespace {
inline std::optional<Violation> expectation_violation(const Prior& before, const GameState& s,
                                                      const Action& a, const core::Expectation& e) {
  // Causes before their consequences: an award before the VP it changes (production is
  // checked with the roll itself, before any hand it fills).
  if (auto v = check_awards(before, s, e)) return v;
  const Rule payer_rule = card_rule_for(before, a);
  for (int p = 0; p < s.player_count(); ++p) {
    // The payment rule for the player who paid; any other hand is a bookkeeping error.
    const Rule card_rule = p == a.player ? payer_rule : Rule::COMP_05;
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
  if (e.bank && *e.bank != s.bank)
    return fail(payer_rule, M::expect_bank, {*e.bank, s.bank}, Focus::Expect);
  if (e.robber && e.robber->id != s.robber)
    return fail(M::expect_robber, {e.robber->hex, s.topo().hex_at(s.robber)}, Focus::Expect);
  return {};
}
}  // namespace

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
