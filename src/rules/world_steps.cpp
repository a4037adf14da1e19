#include "rules/world_steps.hpp"

#include "rules/detail.hpp"

namespace catan::rules {

using core::ActionKind;
using core::Phase;
using core::ResourceSet;
using core::World;

namespace {

constexpr int kR = core::kResourceCount;

int at(int p, int r) { return p * kR + r; }

// Holder `p` (the bank: -1) holds at least `r`.
void holds(std::vector<Condition>& out, int p, const ResourceSet& r) {
  for (int i = 0; i < kR; ++i) {
    if (r.n[i] == 0) continue;
    Condition c;
    c.coef[p < 0 ? kBankCount + i : at(p, i)] = 1;
    c.constant = -r.n[i];
    out.push_back(c);
  }
}

// The sum of holder p's cards (the bank: -1), plus `constant`, compared as `kind` says.
Condition total_of(int p, int constant, Condition::Kind kind) {
  Condition c;
  for (int i = 0; i < kR; ++i) c.coef[p < 0 ? kBankCount + i : at(p, i)] = 1;
  c.constant = constant;
  c.kind = kind;
  return c;
}

Condition never() {
  Condition c;
  c.constant = -1;
  return c;
}

void move(std::array<int8_t, kWorldCounts>& d, int from, int to, const ResourceSet& r) {
  for (int i = 0; i < kR; ++i) {
    d[from < 0 ? kBankCount + i : at(from, i)] =
        static_cast<int8_t>(d[from < 0 ? kBankCount + i : at(from, i)] - r.n[i]);
    d[to < 0 ? kBankCount + i : at(to, i)] =
        static_cast<int8_t>(d[to < 0 ? kBankCount + i : at(to, i)] + r.n[i]);
  }
}

void give(World& w, int from, int to, const ResourceSet& r) {  // -1: the bank
  uint8_t* a = from < 0 ? w.bank() : w.hand(from);
  uint8_t* b = to < 0 ? w.bank() : w.hand(to);
  for (int i = 0; i < kR; ++i) {
    a[i] = static_cast<uint8_t>(a[i] - r.n[i]);
    b[i] = static_cast<uint8_t>(b[i] + r.n[i]);
  }
}

}  // namespace

int Condition::value(const World& w) const {
  int v = constant;
  for (int i = 0; i < kWorldCounts; ++i) v += coef[i] * w.n[i];
  return v;
}

bool Condition::holds(const World& w) const {
  const int v = value(w);
  switch (kind) {
    case AtLeastZero:
      return v >= 0;
    case Zero:
      return v == 0;
    case Among:
      return v >= 0 && v < 32 && ((values >> v) & 1u) != 0;
  }
  return false;
}

WorldStep::Demand WorldStep::demand(int r) const {
  Demand d;
  for (int q = 0; q < core::kMaxWorldPlayers; ++q) {
    d.total += entitled[q][r];
    if (entitled[q][r] > 0) ++d.claimants, d.last = q;
  }
  return d;
}

WorldStep step_of(const GameState& s, const Action& a) {
  WorldStep out;
  const int p = a.player;
  auto& req = out.require;
  if (s.phase == Phase::Setup) {  // set-up reads no hand
    if (a.kind == ActionKind::Settlement && s.setup_step >= s.player_count())
      move(out.delta, -1, p, detail::starting_resources(s, a.corner.id));
    return out;
  }
  const bool over = s.phase == Phase::Over && a.kind != ActionKind::Robber;  // nothing moves
  auto pay = [&](const ResourceSet& cost) {
    holds(req, p, cost);
    if (!over) move(out.delta, p, -1, cost);
  };
  switch (a.kind) {
    case ActionKind::Settlement:
      pay(core::cost::kSettlement);
      break;
    case ActionKind::City:
      pay(core::cost::kCity);
      break;
    case ActionKind::Road:
      if (!detail::free_road(s, a)) pay(core::cost::kRoad);
      break;
    case ActionKind::Buy:
      if (!over) pay(core::cost::kDevCard);
      break;
    case ActionKind::Trade:
      holds(req, p, a.give);
      holds(req, a.other, a.get);
      if (!over) move(out.delta, p, a.other, a.give), move(out.delta, a.other, p, a.get);
      break;
    case ActionKind::BankTrade:
      holds(req, p, a.give);
      holds(req, -1, a.get);
      if (!over) move(out.delta, p, -1, a.give), move(out.delta, -1, p, a.get);
      break;
    case ActionKind::Discard: {
      holds(req, p, a.give);
      req.push_back(total_of(p, -a.give.total() - a.hidden_cards, Condition::AtLeastZero));
      if (over) break;
      move(out.delta, p, -1, a.give);
      const int unseen = a.hidden_owed ? s.discard_owed[p] : a.hidden_cards;
      if (unseen > 0) out.hidden = WorldStep::Discard, out.player = p, out.cards = unseen;
      break;
    }
    case ActionKind::Robber:
      if (a.has_steal) {
        req.push_back(total_of(a.steal_from, -1, Condition::AtLeastZero));
        if (a.stolen.resource) {
          const ResourceSet one = ResourceSet::of({{*a.stolen.resource, 1}});
          holds(req, a.steal_from, one);
          move(out.delta, a.steal_from, p, one);
        } else if (a.stolen.hidden) {
          out.hidden = WorldStep::Steal, out.player = p, out.from = a.steal_from;
        }
      } else if (s.options.robber_steal == core::RobberSteal::Mandatory) {
        // An omitted steal: every opponent at the hex holds no card.
        std::vector<int> seen;
        for (core::CornerId c : s.topo().hex_corners(a.hex.id)) {
          const int v = s.corner_owner[c];
          if (v == core::kNoPlayer || v == p) continue;
          if (std::find(seen.begin(), seen.end(), v) != seen.end()) continue;
          seen.push_back(v);
          req.push_back(total_of(v, 0, Condition::Zero));
        }
      }
      break;
    case ActionKind::Roll: {
      if (a.roll_total() == 7 || over) break;
      const detail::Production pr = detail::compute_production(s, a.roll_total());
      if (!a.gains) {  // what a short bank pays depends on the world's bank
        out.hidden = WorldStep::Produce;
        out.rest = s.options.bank_shortage == core::BankShortage::SingleRecipientTakesRest;
        for (int q = 0; q < s.player_count(); ++q)
          for (int r = 0; r < kR; ++r)
            out.entitled[q][r] = static_cast<uint8_t>(pr.entitled[q].n[r]);
        break;
      }
      // The gains the log gives: per resource, the bank counts whose shortage rule (PROD-04)
      // pays exactly them.
      const std::vector<ResourceSet>& gains = *a.gains;
      auto gained = [&](int q, int r) {
        return q < static_cast<int>(gains.size()) ? gains[q].n[r] : 0;
      };
      for (int r = 0; r < kR; ++r) {
        int demand = 0, claimants = 0, only = -1;
        for (int q = 0; q < s.player_count(); ++q) {
          demand += pr.entitled[q].n[r];
          if (pr.entitled[q].n[r] > 0) ++claimants, only = q;
        }
        if (demand == 0) continue;
        Condition c;
        c.coef[kBankCount + r] = 1;
        c.kind = Condition::Among;
        for (int bank = 0; bank < 32; ++bank) {
          bool same = true;
          for (int q = 0; q < s.player_count() && same; ++q) {
            int paid = pr.entitled[q].n[r];
            if (demand > bank)
              paid = claimants == 1 && q == only &&
                             s.options.bank_shortage == core::BankShortage::SingleRecipientTakesRest
                         ? bank
                         : 0;
            same = paid == gained(q, r);
          }
          if (same) c.values |= 1u << bank;
        }
        req.push_back(c);
      }
      for (int q = 0; q < s.player_count(); ++q) {
        ResourceSet g;
        for (int r = 0; r < kR; ++r) g.n[r] = gained(q, r);
        move(out.delta, -1, q, g);
      }
      break;
    }
    case ActionKind::Play:
      if (a.card == core::DevCard::YearOfPlenty) {
        const bool forbid = s.options.year_of_plenty_shortage == core::YearOfPlentyShortage::Forbid;
        const int n = a.get.total();
        if (n > 2 || (forbid && n != 2)) req.push_back(never());
        if (!forbid && n < 2) req.push_back(total_of(-1, -n, Condition::Zero));
        holds(req, -1, a.get);
        if (!over) move(out.delta, -1, p, a.get);
      } else if (a.card == core::DevCard::Monopoly) {
        const int r = static_cast<int>(a.resource);
        if (a.takes) {
          for (int q = 0; q < s.player_count(); ++q) {
            if (q == p) continue;
            const int t = q < static_cast<int>(a.takes->size()) ? (*a.takes)[q] : 0;
            Condition c;
            c.coef[at(q, r)] = 1;
            c.constant = -t;
            c.kind = Condition::Zero;
            req.push_back(c);
            if (!over) move(out.delta, q, p, ResourceSet::of({{a.resource, t}}));
          }
        } else if (!over) {
          out.hidden = WorldStep::Monopoly, out.player = p, out.resource = r;
        }
      }
      break;
    case ActionKind::Reveal:
    case ActionKind::Claim:
    case ActionKind::EndTurn:
      break;
  }
  return out;
}

std::vector<Condition> assertion_conditions(const core::Expectation& e, int players) {
  std::vector<Condition> out;
  auto equal = [&](int index, int value) {
    Condition c;
    c.coef[index] = 1;
    c.constant = -value;
    c.kind = Condition::Zero;
    out.push_back(c);
  };
  for (int p = 0; p < players; ++p) {
    if (p < static_cast<int>(e.hands.size()) && e.hands[p])
      for (int r = 0; r < kR; ++r) equal(at(p, r), e.hands[p]->n[r]);
    if (p < static_cast<int>(e.cards.size()) && e.cards[p])
      out.push_back(total_of(p, -*e.cards[p], Condition::Zero));
  }
  if (e.bank)
    for (int r = 0; r < kR; ++r) equal(kBankCount + r, e.bank->n[r]);
  return out;
}

std::vector<Condition> size_between(int p, int lo, int hi) {
  Condition low = total_of(p, -lo, Condition::AtLeastZero), high;
  for (int i = 0; i < kR; ++i) high.coef[at(p, i)] = -1;
  high.constant = hi;
  return {low, high};
}

std::vector<World> step_effect(const WorldStep& step, const World& w0) {
  World w = w0;
  for (int i = 0; i < kWorldCounts; ++i) w.n[i] = static_cast<uint8_t>(w.n[i] + step.delta[i]);
  std::vector<World> out;
  const int p = step.player;
  switch (step.hidden) {
    case WorldStep::None:
      out.push_back(w);
      break;
    case WorldStep::Steal:
      for (int r = 0; r < kR; ++r) {
        if (w.hand(step.from)[r] == 0) continue;
        World x = w;
        --x.hand(step.from)[r];
        ++x.hand(p)[r];
        out.push_back(x);
      }
      break;
    case WorldStep::Discard:
      detail::each_pick(w.hand_set(p), step.cards, [&](const ResourceSet& pick) {
        World x = w;
        give(x, p, -1, pick);
        out.push_back(x);
        return true;
      });
      break;
    case WorldStep::Monopoly:
      for (int q = 0; q < core::kMaxWorldPlayers; ++q) {
        if (q == p) continue;
        w.hand(p)[step.resource] =
            static_cast<uint8_t>(w.hand(p)[step.resource] + w.hand(q)[step.resource]);
        w.hand(q)[step.resource] = 0;
      }
      out.push_back(w);
      break;
    case WorldStep::Produce: {
      for (int r = 0; r < kR; ++r) {
        const auto [demand, claimants, only] = step.demand(r);
        if (demand == 0) continue;
        if (demand <= w.bank()[r]) {
          for (int q = 0; q < core::kMaxWorldPlayers; ++q) w.hand(q)[r] += step.entitled[q][r];
          w.bank()[r] = static_cast<uint8_t>(w.bank()[r] - demand);
        } else if (claimants == 1 && step.rest) {
          w.hand(only)[r] += w.bank()[r];
          w.bank()[r] = 0;
        }
      }
      out.push_back(w);
      break;
    }
  }
  return out;
}

std::vector<World> step_worlds(const WorldStep& step, const World& w) {
  for (const Condition& c : step.require)
    if (!c.holds(w)) return {};
  std::vector<World> out = step_effect(step, w);
  std::erase_if(out, [&](const World& x) {
    for (const Condition& c : step.assert_after)
      if (!c.holds(x)) return true;
    return false;
  });
  return out;
}

HistoryPtr extend(const HistoryPtr& h, WorldStep step) {
  auto node = std::make_shared<WorldHistory>();
  node->parent = h;
  node->length = h ? h->length + 1 : 1;
  node->step = std::move(step);
  return node;
}

std::vector<const WorldStep*> steps_of(const HistoryPtr& h) {
  std::vector<const WorldStep*> out;
  for (const WorldHistory* n = h.get(); n; n = n->parent.get()) out.push_back(&n->step);
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace catan::rules
