// Enumerates candidate actions per phase and keeps those check() accepts, so the set of
// legal actions can never disagree with the checker.
#include <algorithm>
#include <array>
#include <set>

#include "rules/detail.hpp"
#include "rules/engine.hpp"

namespace catan::rules {

using core::Action;
using core::ActionKind;
using core::Resource;
using core::ResourceSet;

namespace {

// The candidates kept: those the caller's filter admits, tested as they are made (a query
// for one kind or player copies no other candidate).
class Candidates {
 public:
  Candidates(const std::function<bool(const Action&)>& admit, uint32_t kinds)
      : admit_(admit), kinds_(kinds) {
    kept_.reserve(kinds == kAllKinds ? 512 : 64);
  }
  // Whether candidates of kind k are made at all (the caller's mask).
  bool wants(ActionKind k) const { return (kinds_ & kind_bit(k)) != 0; }
  uint32_t kinds() const { return kinds_; }
  void push_back(const Action& a) {
    if (wants(a.kind) && (!admit_ || admit_(a))) kept_.push_back(a);
  }
  std::vector<Action> take() { return std::move(kept_); }

 private:
  const std::function<bool(const Action&)>& admit_;
  uint32_t kinds_;
  std::vector<Action> kept_;
};

Action make(ActionKind k, int p) {
  Action a;
  a.kind = k;
  a.player = p;
  return a;
}

core::CornerRef corner_ref(const GameState& s, core::CornerId c) {
  core::CornerName n = s.topo().corner_name(c);
  return {n.hex, n.dir, c};
}
core::EdgeRef edge_ref(const GameState& s, core::EdgeId e) {
  core::EdgeName n = s.topo().edge_name(e);
  return {n.hex, n.dir, e};
}

// Distinct discards of `owed` cards: greedy takes in every order of the five resources,
// so each is a plausible choice and the set stays small (at most 120).
std::vector<ResourceSet> discard_choices(const ResourceSet& hand, int owed) {
  std::array<int, 5> order{0, 1, 2, 3, 4};
  std::set<std::array<int, 5>> seen;
  std::vector<ResourceSet> out;
  do {
    ResourceSet d;
    int left = owed;
    for (int r : order) {
      int take = std::min(left, hand.n[r]);
      d.n[r] = take;
      left -= take;
    }
    if (left == 0 && seen.insert(d.n).second) out.push_back(d);
  } while (std::next_permutation(order.begin(), order.end()));
  return out;
}

void add_plays(const GameState& s, int p, Candidates& out) {
  if (!out.wants(ActionKind::Play)) return;
  for (int k = 0; k < 4; ++k) {
    Action a = make(ActionKind::Play, p);
    a.card = static_cast<core::DevCard>(k);
    if (a.card == core::DevCard::YearOfPlenty) {
      a.has_take = true;
      const int want = std::min(2, s.bank.total());
      for (int r1 = 0; r1 < 5; ++r1)
        for (int r2 = r1; r2 < 5; ++r2) {
          Action y = a;
          y.get = ResourceSet{};
          if (want >= 1) y.get.n[r1] += 1;
          if (want >= 2) y.get.n[r2] += 1;
          out.push_back(y);
          if (want < 2) break;
        }
    } else if (a.card == core::DevCard::Monopoly) {
      for (int r = 0; r < 5; ++r) {
        Action m = a;
        m.resource = static_cast<Resource>(r);
        out.push_back(m);
      }
    } else {
      out.push_back(a);
    }
  }
}

void add_robber_moves(const GameState& s, int p, Candidates& out) {
  if (!out.wants(ActionKind::Robber)) return;
  for (core::HexId h = 0; h < s.topo().hex_count(); ++h) {
    Action a = make(ActionKind::Robber, p);
    a.hex = {s.topo().hex_at(h), h};
    out.push_back(a);  // no steal: legal only when nobody can be robbed (or optional steals)
    for (int v : detail::steal_victims(s, h, p))
      for (int r = 0; r < 5; ++r) {
        if (s.players[v].hand.n[r] == 0) continue;
        Action st = a;
        st.has_steal = true;
        st.steal_from = v;
        st.stolen.resource = static_cast<Resource>(r);
        out.push_back(st);
      }
  }
}

// Only what p can pay for: check() would refuse the rest with BUILD-02 (a settlement or
// city is never free outside set-up; a road is while Road Building roads remain), and
// building that refusal's notes for every corner and path was most of the time spent here.
void add_builds(const GameState& s, int p, Candidates& out) {
  const ResourceSet& hand = s.players[p].hand;
  const bool settlement =
      out.wants(ActionKind::Settlement) && hand.contains(core::cost::kSettlement);
  const bool city = out.wants(ActionKind::City) && hand.contains(core::cost::kCity);
  if (settlement || city)
    for (core::CornerId c = 0; c < s.topo().corner_count(); ++c) {
      Action a = make(ActionKind::Settlement, p);
      a.corner = corner_ref(s, c);
      if (settlement) out.push_back(a);
      a.kind = ActionKind::City;
      if (city) out.push_back(a);
    }
  if (out.wants(ActionKind::Road) && (s.free_roads > 0 || hand.contains(core::cost::kRoad)))
    for (core::EdgeId e = 0; e < s.topo().edge_count(); ++e) {
      Action a = make(ActionKind::Road, p);
      a.edge = edge_ref(s, e);
      out.push_back(a);
    }
}

void add_trades(const GameState& s, int p, Candidates& out) {
  const ResourceSet& hand = s.players[p].hand;
  if (out.wants(ActionKind::BankTrade))
    for (int g = 0; g < 5; ++g) {
      const int rate = s.trade_rate(p, static_cast<Resource>(g));
      if (hand.n[g] < rate) continue;
      for (int r = 0; r < 5; ++r) {
        Action a = make(ActionKind::BankTrade, p);
        a.give.n[g] = rate;
        a.get.n[r] = 1;
        out.push_back(a);
      }
    }
  if (!out.wants(ActionKind::Trade)) return;
  for (int q = 0; q < s.player_count(); ++q) {
    if (q == p) continue;
    for (int g = 0; g < 5; ++g)
      for (int r = 0; r < 5; ++r) {
        if (g == r || hand.n[g] == 0 || s.players[q].hand.n[r] == 0) continue;
        Action a = make(ActionKind::Trade, p);
        a.other = q;
        a.give.n[g] = 1;
        a.get.n[r] = 1;
        out.push_back(a);
        if (hand.n[g] >= 2) {
          a.give.n[g] = 2;
          out.push_back(a);
        }
      }
  }
}

// Revealing 1..all of p's unrevealed victory-point cards (WIN-04).
void add_reveals(const GameState& s, int p, Candidates& out) {
  for (int k = 1; k <= s.unrevealed_vp_cards(p); ++k) {
    Action a = make(ActionKind::Reveal, p);
    a.count = k;
    out.push_back(a);
  }
}

}  // namespace

std::vector<Action> legal_actions(const GameState& s) { return legal_actions(s, nullptr); }

std::vector<Action> candidate_actions(const GameState& s,
                                      const std::function<bool(const Action&)>& admit,
                                      uint32_t kinds) {
  Candidates cand(admit, kinds);
  const int p = s.active;
  switch (s.phase) {
    case core::Phase::Over:
      add_reveals(s, s.winner, cand);
      cand.push_back(make(ActionKind::Claim, s.winner));
      break;
    case core::Phase::Setup:
      for (core::CornerId c = 0; c < s.topo().corner_count(); ++c) {
        Action a = make(ActionKind::Settlement, p);
        a.corner = corner_ref(s, c);
        cand.push_back(a);
      }
      for (core::EdgeId e = 0; e < s.topo().edge_count(); ++e) {
        Action a = make(ActionKind::Road, p);
        a.edge = edge_ref(s, e);
        cand.push_back(a);
      }
      break;
    case core::Phase::SpecialBuild: {
      // Every player's window entries (check() keeps those the order allows), and the next
      // player's turn, which any entry of theirs that is not a window entry begins.
      for (int q = 0; q < s.player_count(); ++q) {
        add_builds(s, q, cand);
        for (int k = 0; k < core::kDevCardKinds; ++k) {
          Action a = make(ActionKind::Buy, q);
          a.card = static_cast<core::DevCard>(k);
          cand.push_back(a);
        }
        Action close = make(ActionKind::EndTurn, q);
        close.end_build = true;
        cand.push_back(close);
      }
      GameState next = s;
      detail::begin_next_turn(next);
      for (const Action& a : candidate_actions(next, admit, kinds))
        if (!detail::window_entry(a)) cand.push_back(a);
      break;
    }
    default: {
      if (s.phase == core::Phase::Partner) {  // or the next turn, which closes player 2's phase
        GameState next = s;
        detail::begin_next_turn(next);
        for (const Action& a : candidate_actions(next, admit, kinds))
          if (a.player == next.active) cand.push_back(a);
      }
      for (int d1 = 1; d1 <= 6 && cand.wants(ActionKind::Roll); ++d1)
        for (int d2 = 1; d2 <= 6; ++d2) {
          Action a = make(ActionKind::Roll, p);
          a.dice = {d1, d2};
          cand.push_back(a);
        }
      for (int q = 0; q < s.player_count() && cand.wants(ActionKind::Discard); ++q)
        if (s.discard_owed[q] > 0)
          for (const ResourceSet& d : discard_choices(s.players[q].hand, s.discard_owed[q])) {
            Action a = make(ActionKind::Discard, q);
            a.give = d;
            cand.push_back(a);
          }
      add_robber_moves(s, p, cand);
      add_plays(s, p, cand);
      add_builds(s, p, cand);
      add_trades(s, p, cand);
      for (int k = 0; k < core::kDevCardKinds; ++k) {
        Action a = make(ActionKind::Buy, p);
        a.card = static_cast<core::DevCard>(k);
        cand.push_back(a);
      }
      cand.push_back(make(ActionKind::EndTurn, p));
      add_reveals(s, p, cand);
      if (s.victory_points(p) >= s.options.victory_points)
        cand.push_back(make(ActionKind::Claim, p));
    }
  }
  return cand.take();
}

std::vector<Action> legal_actions(const GameState& s,
                                  const std::function<bool(const Action&)>& admit) {
  std::vector<Action> out = candidate_actions(s, admit);
  std::erase_if(out, [&](const Action& a) {
    auto v = check(s, a);
    return v && v->severity == core::Severity::Error;
  });
  return out;
}

}  // namespace catan::rules
