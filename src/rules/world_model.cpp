#include "rules/world_model.hpp"

#include <z3++.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace catan::rules {

using core::World;

namespace {

constexpr int kR = core::kResourceCount;

// A count as c + sum(coef * unknown).
struct Lin {
  int c = 0;
  std::vector<std::pair<int, int>> terms;  // unknown, coefficient
  void add(const Lin& o, int times) {
    c += times * o.c;
    for (const auto& term : o.terms) {
      const int v = term.first, k = term.second;
      auto at =
          std::find_if(terms.begin(), terms.end(), [v](const auto& t) { return t.first == v; });
      if (at == terms.end())
        terms.push_back({v, times * k});
      else
        at->second += times * k;
    }
    std::erase_if(terms, [](const auto& t) { return t.second == 0; });
  }
  void add_unknown(int v, int times) {
    Lin one;
    one.terms.push_back({v, 1});
    add(one, times);
  }
};

// One solver for every model of a position: the facts it holds are a model's facts up to
// where two models part (a branch and its copy), each stretch added in a scope of its own,
// so a model that asks after another pops only what they do not share.
struct Shared {
  z3::context ctx;
  std::unique_ptr<z3::solver> solver;
  std::vector<unsigned> ids;   // the facts the solver holds, in order
  std::vector<size_t> starts;  // where each open scope begins in ids
  size_t checks = 0;
};

}  // namespace

struct WorldModel::Impl {
  std::shared_ptr<Shared> z;
  std::vector<z3::expr> unknowns;
  std::vector<std::pair<int, int>> limits;  // each unknown's least and most value
  std::array<Lin, kWorldCounts> counts;
  std::vector<z3::expr> facts;

  Impl() : z(std::make_shared<Shared>()) {}
  Impl(const Impl& o)
      : z(o.z), unknowns(o.unknowns), limits(o.limits), counts(o.counts), facts(o.facts) {}

  z3::context& ctx() { return z->ctx; }

  z3::expr expr(const Lin& l) {
    z3::expr_vector parts(ctx());
    if (l.c != 0 || l.terms.empty()) parts.push_back(ctx().int_val(l.c));
    for (auto [v, k] : l.terms)
      parts.push_back(k == 1 ? unknowns[v] : ctx().int_val(k) * unknowns[v]);
    return parts.size() == 1 ? parts[0] : z3::sum(parts);
  }
  z3::expr value(const Condition& c) {
    Lin l;
    l.c = c.constant;
    for (int i = 0; i < kWorldCounts; ++i)
      if (c.coef[i] != 0) l.add(counts[i], c.coef[i]);
    return expr(l);
  }
  z3::expr holds(const Condition& c) {
    const z3::expr v = value(c);
    switch (c.kind) {
      case Condition::AtLeastZero:
        return v >= 0;
      case Condition::Zero:
        return v == 0;
      case Condition::Among: {
        z3::expr_vector any(ctx());
        for (int k = 0; k < 32; ++k)
          if ((c.values >> k) & 1u) any.push_back(v == k);
        return any.empty() ? ctx().bool_val(false) : z3::mk_or(any);
      }
    }
    return ctx().bool_val(false);
  }
  z3::expr all(const std::vector<Condition>& cs) {
    z3::expr_vector parts(ctx());
    for (const Condition& c : cs) parts.push_back(holds(c));
    return parts.empty() ? ctx().bool_val(true) : z3::mk_and(parts);
  }
  int fresh(int lo, int hi) {
    const int v = static_cast<int>(unknowns.size());
    unknowns.push_back(ctx().int_const(("u" + std::to_string(v)).c_str()));
    limits.push_back({lo, hi});
    facts.push_back(unknowns[v] >= lo && unknowns[v] <= hi);
    return v;
  }
  void non_negative(int i) { facts.push_back(expr(counts[i]) >= 0); }
  // The least and most a count can be from its unknowns' limits alone (sound, not tight).
  std::pair<int, int> range(const Lin& l) const {
    int lo = l.c, hi = l.c;
    for (auto [v, k] : l.terms) {
      lo += k * (k > 0 ? limits[v].first : limits[v].second);
      hi += k * (k > 0 ? limits[v].second : limits[v].first);
    }
    return {lo, hi};
  }

  // The shared solver, holding this model's facts.
  z3::solver& sync() {
    Shared& sh = *z;
    if (!sh.solver) {
      // Z3's general solver (no logic named) with its older simplex-based arithmetic
      // (arith.solver=2), where this used the QF_LIA solver with the default arithmetic (6):
      // exact all the same, and on 120 five-player views with hidden discards 20% fewer
      // instructions (BENCHMARKS.md, stop 41).
      sh.solver = std::make_unique<z3::solver>(ctx());
      z3::params p(ctx());
      p.set("arith.solver", 2u);
      sh.solver->set(p);
    }
    size_t same = 0;
    while (same < sh.ids.size() && same < facts.size() && sh.ids[same] == facts[same].id()) ++same;
    while (sh.ids.size() > same) {
      sh.solver->pop();
      sh.ids.resize(sh.starts.back());
      sh.starts.pop_back();
    }
    if (sh.ids.size() < facts.size()) {
      sh.solver->push();
      sh.starts.push_back(sh.ids.size());
      for (size_t i = sh.ids.size(); i < facts.size(); ++i) {
        sh.solver->add(facts[i]);
        sh.ids.push_back(facts[i].id());
      }
    }
    return *sh.solver;
  }
  World world_of(const z3::model& m) {
    World w;
    for (int i = 0; i < kWorldCounts; ++i) {
      const Lin& l = counts[i];
      if (l.terms.empty()) {
        w.n[i] = static_cast<uint8_t>(l.c);
        continue;
      }
      w.n[i] = static_cast<uint8_t>(m.eval(expr(l), true).get_numeral_int());
    }
    return w;
  }
};

WorldModel::WorldModel(const std::vector<World>& roots, const std::vector<const WorldStep*>& steps,
                       int players)
    : impl_(std::make_unique<Impl>()), players_(players) {
  if (roots.empty()) throw std::logic_error("a world model with no first world");
  Impl& m = *impl_;
  if (roots.size() == 1) {
    for (int i = 0; i < kWorldCounts; ++i) m.counts[i].c = roots.front().n[i];
  } else {
    // One of the first worlds: an unknown picks which.
    const int pick = m.fresh(0, static_cast<int>(roots.size()) - 1);
    for (int i = 0; i < kWorldCounts; ++i) {
      bool same = true;
      for (const World& w : roots) same = same && w.n[i] == roots.front().n[i];
      if (same) {
        m.counts[i].c = roots.front().n[i];
        continue;
      }
      const int v = m.fresh(0, 255);
      for (size_t k = 0; k < roots.size(); ++k)
        m.facts.push_back(z3::implies(m.unknowns[pick] == static_cast<int>(k),
                                      m.unknowns[v] == static_cast<int>(roots[k].n[i])));
      m.counts[i].add_unknown(v, 1);
    }
    sizes_may_differ_ = true;
  }
  for (const WorldStep* s : steps) add(*s);
}

WorldModel::WorldModel(const WorldModel& o)
    : impl_(std::make_unique<Impl>(*o.impl_)),
      players_(o.players_),
      sizes_may_differ_(o.sizes_may_differ_) {}
WorldModel& WorldModel::operator=(const WorldModel& o) {
  if (this != &o) {
    impl_ = std::make_unique<Impl>(*o.impl_);
    players_ = o.players_;
    sizes_may_differ_ = o.sizes_may_differ_;
  }
  return *this;
}
WorldModel::WorldModel(WorldModel&&) noexcept = default;
WorldModel& WorldModel::operator=(WorldModel&&) noexcept = default;
WorldModel::~WorldModel() = default;

void WorldModel::add(const WorldStep& step) {
  Impl& m = *impl_;
  for (const Condition& c : step.require) m.facts.push_back(m.holds(c));
  for (int i = 0; i < kWorldCounts; ++i) {
    if (step.delta[i] == 0) continue;
    m.counts[i].c += step.delta[i];
    if (step.delta[i] < 0) m.non_negative(i);
  }
  const int p = step.player;
  auto at = [](int q, int r) { return q * kR + r; };
  switch (step.hidden) {
    case WorldStep::None:
      break;
    case WorldStep::Steal: {
      z3::expr_vector one(m.ctx());
      for (int r = 0; r < kR; ++r) {
        const int x = m.fresh(0, 1);
        one.push_back(m.unknowns[x]);
        m.counts[at(step.from, r)].add_unknown(x, -1);
        m.counts[at(p, r)].add_unknown(x, 1);
        m.non_negative(at(step.from, r));
      }
      m.facts.push_back(z3::sum(one) == 1);
      break;
    }
    case WorldStep::Discard: {
      z3::expr_vector all(m.ctx());
      for (int r = 0; r < kR; ++r) {
        const int d = m.fresh(0, step.cards);
        all.push_back(m.unknowns[d]);
        m.counts[at(p, r)].add_unknown(d, -1);
        m.counts[kBankCount + r].add_unknown(d, 1);
        m.non_negative(at(p, r));
      }
      m.facts.push_back(z3::sum(all) == step.cards);
      break;
    }
    case WorldStep::Monopoly:
      for (int q = 0; q < core::kMaxWorldPlayers; ++q) {
        if (q == p) continue;
        m.counts[at(p, step.resource)].add(m.counts[at(q, step.resource)], 1);
        m.counts[at(q, step.resource)] = Lin{};
      }
      sizes_may_differ_ = true;
      break;
    case WorldStep::Produce:
      for (int r = 0; r < kR; ++r) {
        const auto [demand, claimants, only] = step.demand(r);
        if (demand == 0) continue;
        const Lin bank = m.counts[kBankCount + r];
        const auto [least, most] = m.range(bank);
        if (least >= demand) {  // the bank pays every entitlement in every world
          for (int q = 0; q < core::kMaxWorldPlayers; ++q)
            m.counts[at(q, r)].c += step.entitled[q][r];
          m.counts[kBankCount + r].c -= demand;
          continue;
        }
        if (most < demand) {  // short in every world
          if (claimants == 1 && step.rest) {
            m.counts[at(only, r)].add(bank, 1);
            m.counts[kBankCount + r] = Lin{};
            if (!bank.terms.empty()) sizes_may_differ_ = true;
          }
          continue;
        }
        sizes_may_differ_ = true;
        const z3::expr b = m.expr(bank);
        const int full = m.fresh(0, 1);  // 1: the bank pays every entitlement
        m.facts.push_back((m.unknowns[full] == 1) == (b >= demand));
        if (claimants == 1 && step.rest) {
          const int paid = m.fresh(0, demand);
          m.facts.push_back(m.unknowns[paid] == z3::ite(b >= demand, m.ctx().int_val(demand), b));
          m.counts[at(only, r)].add_unknown(paid, 1);
          m.counts[kBankCount + r].add_unknown(paid, -1);
          continue;
        }
        for (int q = 0; q < core::kMaxWorldPlayers; ++q)
          if (step.entitled[q][r] > 0) m.counts[at(q, r)].add_unknown(full, step.entitled[q][r]);
        m.counts[kBankCount + r].add_unknown(full, -demand);
      }
      break;
  }
  for (const Condition& c : step.assert_after) m.facts.push_back(m.holds(c));
}

void WorldModel::restrict(const std::vector<Condition>& all) {
  impl_->facts.push_back(impl_->all(all));
}

void WorldModel::exclude(const std::vector<Condition>& all) {
  impl_->facts.push_back(!impl_->all(all));
}

namespace {

// The condition reads only hand sizes and the bank's size: the same in every world whose
// hand sizes agree.
bool sizes_only(const Condition& c) {
  for (int p = 0; p <= core::kMaxWorldPlayers; ++p)
    for (int r = 1; r < kR; ++r)
      if (c.coef[p * kR + r] != c.coef[p * kR]) return false;
  return true;
}

}  // namespace

std::optional<World> WorldModel::find(const std::vector<Condition>& extra,
                                      const World* hint) const {
  if (hint) {
    bool all = true, sizes_fail = false;
    for (const Condition& c : extra) {
      if (c.holds(*hint)) continue;
      all = false;
      sizes_fail = sizes_fail || (!sizes_may_differ_ && sizes_only(c));
    }
    if (all) return *hint;
    if (sizes_fail) return std::nullopt;  // fails alike in every world
  }
  Impl& m = *impl_;
  ++m.z->checks;
  z3::solver& s = m.sync();
  z3::check_result r;
  if (extra.empty()) {
    r = s.check();
  } else {
    s.push();
    s.add(m.all(extra));
    r = s.check();
    if (r == z3::sat) {
      World w = m.world_of(s.get_model());
      s.pop();
      return w;
    }
    s.pop();
    if (r == z3::unknown) throw std::runtime_error("the world model's solver gave no answer");
    return std::nullopt;
  }
  if (r == z3::unknown) throw std::runtime_error("the world model's solver gave no answer");
  if (r != z3::sat) return std::nullopt;
  return m.world_of(s.get_model());
}

std::optional<WorldModel::Bounds> WorldModel::bounds() const {
  // From one world, each count's fewest and most are pushed out by asking for a world past
  // them; every world found widens all the counts at once.
  std::optional<World> first = find();
  if (!first) return std::nullopt;
  Bounds out;
  out.lo = out.hi = *first;
  auto size = [](const World& w, int q) {
    int t = 0;
    for (int r = 0; r < kR; ++r) t += w.hand(q)[r];
    return t;
  };
  auto widen = [&](const World& w) {
    for (int i = 0; i < kWorldCounts; ++i) {
      out.lo.n[i] = std::min(out.lo.n[i], w.n[i]);
      out.hi.n[i] = std::max(out.hi.n[i], w.n[i]);
    }
    for (int q = 0; q < players_; ++q) {
      out.size_lo[q] = std::min(out.size_lo[q], size(w, q));
      out.size_hi[q] = std::max(out.size_hi[q], size(w, q));
    }
  };
  for (int q = 0; q < players_; ++q) out.size_lo[q] = out.size_hi[q] = size(*first, q);
  std::vector<int> asked;  // the counts that may vary: players' and the bank's
  for (int q = 0; q < players_; ++q)
    for (int r = 0; r < kR; ++r) asked.push_back(q * kR + r);
  for (int r = 0; r < kR; ++r) asked.push_back(kBankCount + r);
  for (int i : asked) {
    if (impl_->counts[i].terms.empty()) continue;  // the same in every world
    for (;;) {                                     // more
      Condition c;
      c.coef[i] = 1;
      c.constant = -(out.hi.n[i] + 1);
      auto w = find({c});
      if (!w) break;
      widen(*w);
    }
    for (;;) {  // fewer
      if (out.lo.n[i] == 0) break;
      Condition c;
      c.coef[i] = -1;
      c.constant = out.lo.n[i] - 1;
      auto w = find({c});
      if (!w) break;
      widen(*w);
    }
  }
  if (sizes_may_differ_)
    for (int q = 0; q < players_; ++q) {
      for (;;) {
        Condition c;
        for (int r = 0; r < kR; ++r) c.coef[q * kR + r] = 1;
        c.constant = -(out.size_hi[q] + 1);
        auto w = find({c});
        if (!w) break;
        widen(*w);
      }
      for (;;) {
        if (out.size_lo[q] == 0) break;
        Condition c;
        for (int r = 0; r < kR; ++r) c.coef[q * kR + r] = -1;
        c.constant = out.size_lo[q] - 1;
        auto w = find({c});
        if (!w) break;
        widen(*w);
      }
    }
  return out;
}

bool WorldModel::sizes_as_in(const World& w) {
  if (!sizes_may_differ_) return true;
  for (int q = 0; q < players_; ++q) {
    int size = 0;
    for (int r = 0; r < kR; ++r) size += w.hand(q)[r];
    Condition more;
    for (int r = 0; r < kR; ++r) more.coef[q * kR + r] = 1;
    more.constant = -size - 1;  // held - size - 1 >= 0: more cards
    Condition below;
    for (int r = 0; r < kR; ++r) below.coef[q * kR + r] = -1;
    below.constant = size - 1;  // size - held - 1 >= 0: fewer cards
    if (find({more}) || find({below})) return false;
  }
  sizes_may_differ_ = false;
  return true;
}

size_t WorldModel::checks() const { return impl_->z->checks; }

}  // namespace catan::rules
