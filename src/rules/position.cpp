#include "rules/position.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "rules/detail.hpp"

namespace catan::rules {

using core::World;
using core::WorldSet;

void load(GameState& s, const World& w) {
  for (int p = 0; p < s.player_count(); ++p) s.players[p].hand = w.hand_set(p);
  s.bank = w.bank_set();
}

World capture(const GameState& s) {
  World w;
  for (int p = 0; p < s.player_count(); ++p) w.set_hand(p, s.players[p].hand);
  w.set_bank(s.bank);
  return w;
}

namespace {

std::string range_text(const HandRange& r) {
  std::string out;
  for (int i = 0; i < core::kResourceCount; ++i) {
    if (r.hi.n[i] == 0) continue;
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ",
                       core::to_string(static_cast<core::Resource>(i)),
                       r.lo.n[i] == r.hi.n[i] ? fmt::format("{}", r.lo.n[i])
                                              : fmt::format("{}..{}", r.lo.n[i], r.hi.n[i]));
  }
  return "{" + out + "}";
}

HandRange range_of(const std::vector<World>& worlds, int p) {
  HandRange r;
  r.lo.n.fill(255);  // above any count a world holds
  for (const World& w : worlds)
    for (int i = 0; i < core::kResourceCount; ++i) {
      r.lo.n[i] = std::min<int>(r.lo.n[i], w.hand(p)[i]);
      r.hi.n[i] = std::max<int>(r.hi.n[i], w.hand(p)[i]);
    }
  if (worlds.empty()) r.lo = {};
  return r;
}

}  // namespace

// The worlds an entry was refused in, kept as what a diagnostic reports of them: how many,
// and per player the fewest and most cards of each resource (no copy of the worlds).
class Refused {
 public:
  void add(const World& w) {
    for (int p = 0; p < core::kMaxWorldPlayers; ++p)
      for (int i = 0; i < core::kResourceCount; ++i) {
        lo_.hand(p)[i] = count_ == 0 ? w.hand(p)[i] : std::min(lo_.hand(p)[i], w.hand(p)[i]);
        hi_.hand(p)[i] = std::max(hi_.hand(p)[i], w.hand(p)[i]);
      }
    ++count_;
  }
  size_t size() const { return count_; }
  HandRange range(int p) const {
    HandRange r;
    for (int i = 0; i < core::kResourceCount; ++i) {
      r.lo.n[i] = lo_.hand(p)[i];
      r.hi.n[i] = hi_.hand(p)[i];
    }
    return r;
  }

 private:
  World lo_, hi_;
  size_t count_ = 0;
};

// What the branches that refused an entry leave for its diagnostic.
struct Refusals {
  std::vector<Violation> seen;           // the rules the worlds (and boxes) broke, up to 64
  std::vector<Violation> failed_expect;  // the assertions the allowing worlds failed, up to 64
  Refused refused, unmet;                // those worlds
  size_t box_refusals = 0, boxes = 0;    // boxes that refused the entry, of all boxes
  void see(Violation&& v) {
    if (seen.size() < 64) seen.push_back(std::move(v));
  }
  void fail(Violation&& v) {
    if (failed_expect.size() < 64) failed_expect.push_back(std::move(v));
  }
};

namespace {

// At most `keep` of `worlds`, spread over them (every nth), in their order.
std::vector<World> spread(const std::vector<World>& worlds, size_t keep) {
  if (worlds.size() <= keep) return worlds;
  std::vector<World> out;
  out.reserve(keep);
  for (size_t k = 0; k < keep; ++k) out.push_back(worlds[k * worlds.size() / keep]);
  return out;
}

// The players whose hands an entry reads: the actor, and the other party of a trade, steal
// or Monopoly.
std::vector<int> parties(const GameState& s, const Action& a) {
  std::vector<int> out{a.player};
  if (a.kind == core::ActionKind::Trade && a.other >= 0) out.push_back(a.other);
  if (a.kind == core::ActionKind::Robber && a.has_steal && a.steal_from >= 0 &&
      a.steal_from != a.player)
    out.push_back(a.steal_from);
  if (a.kind == core::ActionKind::Play && a.card == core::DevCard::Monopoly)
    for (int q = 0; q < s.player_count(); ++q)
      if (q != a.player) out.push_back(q);
  return out;
}

// The violation of an entry no world allows: the rule most worlds break, the first such
// world's message, and what the worlds hold.
Violation no_world(const GameState& s, const Action& a, const std::vector<Violation>& seen,
                   const Refused& worlds) {
  const size_t total = std::max<size_t>(worlds.size(), 1);
  std::map<int, int> count;
  for (const Violation& v : seen) ++count[static_cast<int>(v.rule)];
  int best = static_cast<int>(seen.front().rule);
  for (const auto& [rule, n] : count)
    if (n > count[best]) best = rule;
  Violation out = seen.front();
  for (const Violation& v : seen)
    if (static_cast<int>(v.rule) == best) {
      out = v;
      break;
    }
  if (total > 1) {
    out.worlds = total;
    // The notes of one world's hands would mislead: the ranges below replace them.
    std::erase_if(out.notes, [](const core::Note& n) { return n.label == "hand"; });
    for (int p : parties(s, a))
      out.notes.push_back(
          {"worlds", fmt::format("{} holds {} in the {} consistent worlds", s.players[p].name,
                                 range_text(worlds.range(p)), total)});
  }
  return out;
}

// The rules allow an entry: no violation, or only a warning.
bool allows(const std::optional<Violation>& v) {
  return !v || v->severity == core::Severity::Warning;
}

// A world after an entry whose effect is the same in every world (PrivateEffect::uniform).
World shifted(const World& w, const PrivateEffect& fx) {
  World x = w;
  for (size_t i = 0; i < x.n.size(); ++i)
    x.n[i] = static_cast<uint8_t>(x.n[i] + fx.after.n[i] - fx.before.n[i]);
  return x;
}

// A world of `items` that allows `a`, for a branch whose first world refuses it (a purchase
// the first world's hand cannot pay): when the branch's most permissive hands pass every
// rule, so do the public ones in every world, and each world is asked only what reads its
// cards. Nullopt when the most permissive hands are refused too, or no world allows `a`.
// `s` is the branch's state; its hands are left as they were.
std::optional<World> allowing_world(GameState& s, const Action& a,
                                    const std::vector<World>& items) {
  const World was = capture(s);
  World most;  // each count at its most over the worlds (WorldBox::load_permissive's hands)
  for (const World& w : items)
    for (size_t i = 0; i < most.n.size(); ++i) most.n[i] = std::max(most.n[i], w.n[i]);
  load(s, most);
  std::optional<World> out;
  if (allows(rules::check(s, a))) {
    const PrivateCheck private_allows_it(s, a);
    for (const World& w : items)
      if (private_allows_it(w)) {
        out = w;
        break;
      }
  }
  load(s, was);
  return out;
}

// The world an entry is asked of in full, loaded into `s`, and its verdict there: the
// first world, or, when that one refuses the entry, the first that allows it.
std::pair<World, std::optional<Violation>> representative(GameState& s, const Action& a,
                                                          const std::vector<World>& items) {
  World w = items.front();
  load(s, w);
  std::optional<Violation> v = rules::check(s, a);
  if (!allows(v) && items.size() > 1)
    if (auto other = allowing_world(s, a, items)) {
      w = *other;
      load(s, w);
      v = rules::check(s, a);
    }
  return {w, std::move(v)};
}

// The violation of an entry that no world of `worlds` (and no box) allows: the rules it
// breaks when every world refused it, else the assertions no allowing world meets.
Violation refusal(const GameState& s, const Action& a, const Refusals& r, size_t worlds,
                  bool& assertion) {
  assertion = false;
  if (r.seen.empty() && r.failed_expect.empty())
    throw std::logic_error("an entry no world allows, refused for no reason");
  if (!r.seen.empty() && r.refused.size() + r.box_refusals >= worlds + r.boxes)
    return no_world(s, a, r.seen, r.refused);
  if (!r.failed_expect.empty()) {
    assertion = true;
    return no_world(s, a, r.failed_expect, r.unmet);
  }
  return no_world(s, a, r.seen, r.refused);
}

}  // namespace

Position::Position(GameState s, size_t max_worlds, bool box) : max_worlds_(max_worlds), box_(box) {
  Branch b{std::move(s), {}, {}};
  b.worlds.insert(capture(b.state));
  b.roots = std::make_shared<const std::vector<World>>(b.worlds.items());
  branches_.push_back(std::move(b));
}

size_t Position::worlds() const {
  size_t n = 0;
  for (const Branch& b : branches_) n += b.model ? max_worlds_ + 1 : b.worlds.size();
  return n;
}

size_t Position::explicit_worlds() const {
  size_t n = 0;
  for (const Branch& b : branches_)
    if (!b.model) n += b.worlds.size();
  return n;
}

bool Position::constrained() const {
  for (const Branch& b : branches_)
    if (b.model) return true;
  return false;
}

void Position::rebase(Branch& o) {
  if (o.model || o.box) return;
  if (o.worlds.size() <= kRootWorlds) {
    o.roots = std::make_shared<const std::vector<World>>(o.worlds.items());
    o.history.reset();
    o.history_ok = true;
  }
}

std::vector<size_t> Position::worlds_allowing(const std::vector<Action>& as, size_t enough) const {
  return count_allowing(as, enough, candidate_states());
}

std::vector<size_t> Position::count_allowing(const std::vector<Action>& as, size_t enough,
                                             const std::vector<CandidateStates>& states) const {
  std::vector<size_t> n(as.size(), 0);
  for (size_t k = 0; k < branches_.size(); ++k) {
    const Branch& b = branches_[k];
    const GameState& most = states[k].most;  // hands and bank at their most
    GameState s = b.state;                   // each world loaded in turn
    for (size_t i = 0; i < as.size(); ++i) {
      if (n[i] >= enough) continue;
      const std::optional<Violation> v = rules::check(most, as[i]);
      if (!allows(v) && WorldBox::certain(*v)) continue;  // refused in every world
      if (b.box) {
        ++n[i];
        continue;
      }
      if (b.model) {
        // The sample first (one world allowing the entry counts, its worlds are not all
        // known); else a world that meets what the entry asks of the cards, which the public
        // rules then judge (they hold alike in every world).
        const size_t had = n[i];
        for (const World& w : b.worlds.items()) {
          load(s, w);
          if (allows(rules::check(s, as[i]))) {
            ++n[i];
            break;
          }
        }
        if (n[i] > had || (!allows(v) && WorldBox::certain(*v))) continue;
        load(s, b.worlds.items().front());
        const WorldStep step = step_of(s, as[i]);
        if (auto w = b.model->find(step.require, &b.worlds.items().front())) {
          load(s, *w);
          if (allows(rules::check(s, as[i]))) ++n[i];
        }
        continue;
      }
      if (allows(v)) {
        // The public rules passed on the most permissive hands, and hold alike in every
        // world: each world is asked only what reads its cards (as apply()'s fast path).
        const PrivateCheck private_allows_it(most, as[i]);
        for (const World& w : b.worlds.items()) {
          const bool ok = private_allows_it(w);
#ifdef CATAN_CHECK_INVARIANTS
          load(s, w);
          if (ok != allows(rules::check(s, as[i])))
            throw std::logic_error(
                "PrivateCheck disagrees with check after the most "
                "permissive hands allowed " +
                std::string(detail::verb(as[i].kind)));
#endif
          if (ok && ++n[i] >= enough) break;
        }
        continue;
      }
      for (const World& w : b.worlds.items()) {
        load(s, w);
        if (allows(rules::check(s, as[i])) && ++n[i] >= enough) break;
      }
    }
  }
  return n;
}

std::vector<Position::CandidateStates> Position::candidate_states() const {
  std::vector<CandidateStates> out;
  for (const Branch& b : branches_) {
    CandidateStates c{b.state, std::nullopt};
    if (b.box) {
      b.box->load_permissive(c.most);
    } else if (b.model) {
      if (auto bounds = b.model->bounds()) load(c.most, bounds->hi);
      c.first = b.state;  // the witness: the discards and Years of Plenty its cards allow
    } else {
      WorldBox(b.worlds.items(), b.state.player_count(), b.state.edition().cards_per_resource)
          .load_permissive(c.most);
      c.first = b.state;
      load(*c.first, b.worlds.items().front());
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Action> Position::legal_actions(const std::function<bool(const Action&)>& admit,
                                            std::vector<size_t>* worlds) const {
  // The candidates of every branch's most permissive hands, and the discards and Years of
  // Plenty of its first world (the only candidates that the most permissive hands may not
  // offer), each once, that some world allows.
  std::vector<Action> cand;
  auto exact_only = [&](const Action& a) {
    return (a.kind == core::ActionKind::Discard ||
            (a.kind == core::ActionKind::Play && a.card == core::DevCard::YearOfPlenty)) &&
           (!admit || admit(a));
  };
  auto add_new = [&](std::vector<Action>&& more, size_t known) {
    const auto end = cand.begin() + static_cast<std::ptrdiff_t>(known);
    for (Action& a : more)
      if (std::find(cand.begin(), end, a) == end) cand.push_back(std::move(a));
  };
  const std::vector<CandidateStates> states = candidate_states();
  for (const CandidateStates& st : states) {
    const size_t known = cand.size();
    if (known == 0)
      cand = rules::candidate_actions(st.most, admit);
    else
      add_new(rules::candidate_actions(st.most, admit), known);  // another branch: rare
    if (st.first)
      add_new(rules::candidate_actions(
                  *st.first, exact_only,
                  kind_bit(core::ActionKind::Discard) | kind_bit(core::ActionKind::Play)),
              cand.size());
  }
  const std::vector<size_t> some = count_allowing(cand, 1, states);
  std::vector<Action> out;
  for (size_t i = 0; i < cand.size(); ++i)
    if (some[i] > 0) out.push_back(std::move(cand[i]));
  if (worlds) *worlds = count_allowing(out, SIZE_MAX, states);
  return out;
}

bool Position::seen_win(const Branch& b, const Action& a) {
  // An accepted reveal by the winner shows the cards the win needed (WIN-04 otherwise).
  return b.won_unseen && !(a.kind == core::ActionKind::Reveal && a.player == b.state.winner);
}

bool Position::win_rests_on_unseen() const {
  if (winner() == core::kNoPlayer) return false;
  for (const Branch& b : branches_)
    if (!b.won_unseen) return false;
  return true;
}

void Position::split_win(Branch&& o, std::vector<Branch>& next) {
  if (!o.state.win_undecided) {
    next.push_back(std::move(o));
    return;
  }
  // Whether the active player reached the target depends on unseen victory-point cards.
  const int p = o.state.active;
  const int need = o.state.options.victory_points - o.state.public_vp(p);
  Branch won = o;
  won.won_unseen = true;
  won.state.ledger.add(won.state.ledger.vp_bound(p, need, 1 << 20));
  detail::declare_win(won.state, p);
  o.state.ledger.add(o.state.ledger.vp_bound(p, 0, need - 1));
  o.state.win_undecided = false;
  // An `expect` on this entry may already have fixed the player's VP cards (an `expect: {vp}`
  // of the winning entry): then only one side is consistent, and the other is dropped. One
  // of them always is, since the ledger was consistent before the split.
  const bool lost_ok = o.state.ledger.feasible(), won_ok = won.state.ledger.feasible();
  if (lost_ok || !won_ok) next.push_back(std::move(o));
  if (won_ok) next.push_back(std::move(won));
}

void Position::apply_box(Branch& b, const Action& a, Result& result, std::vector<Branch>& next,
                         std::vector<Violation>& refused, std::vector<Violation>& failed_expect,
                         bool& overflowed) const {
  GameState& s = b.state;
  b.box->load_permissive(s);
  if (auto v = rules::check(s, a)) {
    if (v->severity == core::Severity::Error && WorldBox::certain(*v)) {
      const HandRange h = b.box->hand(a.player);
      v->notes.push_back(
          {"worlds", fmt::format("more than {} consistent worlds, checked "
                                 "approximately: {} holds {} at most",
                                 max_worlds_, s.players[a.player].name, range_text(h))});
      if (refused.size() < 64) refused.push_back(std::move(*v));
      return;
    }
    if (v->severity == core::Severity::Warning && !result.warning) result.warning = std::move(v);
  }
  result.approximate = true;
  const Prior before = prior_of(s);
  GameState after = s;
  rules::apply(after, a);
  const bool seven =
      a.kind == core::ActionKind::Roll && a.roll_total() == 7 && after.phase != core::Phase::Over;
  std::vector<WorldBox> boxes{*b.box};
  if (!boxes.front().apply(s, a)) {
    // A 7 where hand sizes differ between the box's points: a branch per combination of
    // discard obligations; the discards that follow keep those that agree.
    auto split = b.box->sevens(s.options.discard_limit, kMaxSevenBranches);
    if (!split || split->empty()) {
      overflowed = true;
      return;
    }
    boxes = std::move(*split);
  }
  for (WorldBox& box : boxes) {
    GameState st = after;
    if (seven) box.settle_seven(st);
    if (a.expect) {
      if (auto v = box.expect(st, *a.expect)) {
        if (failed_expect.size() < 64) failed_expect.push_back(std::move(*v));
        continue;
      }
      core::Expectation pub = *a.expect;  // what the box does not hold: awards, VP, robber
      pub.hands.clear(), pub.cards.clear(), pub.bank.reset();
      box.load_permissive(st);
      if (auto v = check_expectation(before, st, a, pub)) {
        if (failed_expect.size() < 64) failed_expect.push_back(std::move(*v));
        continue;
      }
      narrow(st, *a.expect);
    }
    Branch out{std::move(st), {}, std::move(box), seen_win(b, a)};
    if (auto points = out.box->points(max_worlds_)) {  // few enough: exact again
      if (points->empty() && a.expect && WorldBox::asserts_cards(*a.expect)) {
        // The entry's assertions left no point that conserves the cards: they fail.
        if (failed_expect.size() < 64)
          failed_expect.push_back(WorldBox::unmet(out.state, *a.expect));
        continue;
      }
      // No point at all without such assertions: the intervals cannot tell which entry
      // went wrong, so the box goes on (it never calls a legal entry illegal).
      if (!points->empty()) {
        for (const World& w : *points) out.worlds.insert(w);
        out.box.reset();
      }
    }
    split_win(std::move(out), next);
  }
}

Position::Result Position::apply(const Action& a) {
  Result result;
  Refusals no;
  std::vector<Branch> next;
  std::vector<World> expanded;
  // The public states are changed in place below, and an illegal entry puts them back. A
  // branch changes only once some world allows the entry, which is then legal unless its
  // assertions fail in every world (or a box cannot follow it): only then is a copy kept.
  const bool may_undo = a.expect || std::any_of(branches_.begin(), branches_.end(),
                                                [](const Branch& b) { return b.box.has_value(); });
  std::vector<std::optional<GameState>> saved(branches_.size());
  std::vector<char> changed(branches_.size(), 0);
  for (size_t bi = 0; bi < branches_.size(); ++bi) {
    Branch& b = branches_[bi];
    if (b.box) {
      ++no.boxes;
      const size_t before_refused = no.seen.size();
      apply_box(b, a, result, next, no.seen, no.failed_expect, overflowed_);
      no.box_refusals += no.seen.size() > before_refused;
      continue;
    }
    if (b.model) {
      ++no.boxes;
      apply_model(b, a, result, next, no);
      continue;
    }
    GameState& s = b.state;
    // What the entry does to the private part, as data (the steps a model is built from):
    // needed once the branch may hold more than kRootWorlds worlds after it (only a hidden
    // card makes one world several).
#ifdef CATAN_CHECK_INVARIANTS
    const bool record = true;  // every step is checked against the rules below
#else
    const bool record = b.worlds.size() > kRootWorlds || a.has_hidden();
#endif
    WorldStep step;
    if (record) {
      step = step_of(s, a);
      if (a.expect) step.assert_after = assertion_conditions(*a.expect, s.player_count());
    }
    const std::vector<World>& items = b.worlds.items();
    std::vector<World> allowed_after;
    bool distinct = false;  // allowed_after holds no two equal worlds
    // Where worlds expand (a hidden steal or discard), equal results merge as they come:
    // a list of every world's picks would hold each several times (millions near the bound).
    WorldSet merged;
    auto expand_into_merged = [&](const GameState& at) {
      if (merged.empty()) merged.reserve(items.size());  // about as many after
      expanded.clear();
      expand_private(at, a, expanded);
      for (const World& x : expanded) merged.insert(x);
    };
    bool any = false;
    auto [first, v0] = representative(s, a, items);
    const PrivateEffect fx = allows(v0) ? private_effect(s, a, items) : PrivateEffect{};
    if (fx.uniform) {
      // The fast path: the first world that allows the entry passed every rule, public ones
      // alike in all worlds; ask the others only what reads their cards, and shift them all
      // by the same delta.
      if (v0 && !result.warning) result.warning = std::move(v0);
      allowed_after.reserve(items.size());
      const PrivateCheck private_allows_it(s, a);
      for (const World& w : items) {
        const bool ok = private_allows_it(w);
#ifdef CATAN_CHECK_INVARIANTS
        {
          GameState t = s;
          load(t, w);
          auto full = rules::check(t, a);
          if (ok != allows(full))
            throw std::logic_error("PrivateCheck disagrees with check on " +
                                   std::string(detail::verb(a.kind)));
        }
#endif
        if (!ok) continue;
        const World x = shifted(w, fx);
#ifdef CATAN_CHECK_INVARIANTS
        {
          GameState t = s;
          load(t, w);
          std::vector<World> e;
          expand_private(t, a, e);
          if (e.size() != 1 || !(e.front() == x))
            throw std::logic_error("the uniform delta disagrees with expand_private");
        }
#endif
        allowed_after.push_back(x);
      }
      any = true;
      distinct = true;
    } else if (allows(v0)) {
      // A world passed every rule, but the effect differs between worlds (a hidden steal or
      // discard): the others are asked only what reads their cards, as on the fast path,
      // and each is expanded on its own. The warnings are that world's.
      if (v0 && !result.warning) result.warning = std::move(v0);
      const PrivateCheck private_allows_it(s, a);
      GameState t = s;  // each allowing world loaded in turn, to be expanded
      for (const World& w : items) {
        const bool ok = private_allows_it(w);
#ifdef CATAN_CHECK_INVARIANTS
        load(t, w);
        if (ok != allows(rules::check(t, a)))
          throw std::logic_error("PrivateCheck disagrees with check on " +
                                 std::string(detail::verb(a.kind)));
#endif
        if (!ok) continue;
        if (!any) first = w, any = true;
        load(t, w);
        expand_into_merged(t);
      }
      if (!any) throw std::logic_error("the world that allowed an entry refuses it");
    } else {
      for (const World& w : items) {
        load(s, w);
        auto v = rules::check(s, a);
        if (v && v->severity == core::Severity::Error) {
          no.see(std::move(*v));
          no.refused.add(w);
          continue;
        }
        if (v && !result.warning) result.warning = std::move(v);
        if (!any) first = w;
        any = true;
        expand_into_merged(s);
      }
    }
    if (!merged.empty()) allowed_after = merged.release(), distinct = true;
    if (!any) continue;
    load(s, first);
    if (may_undo) saved[bi] = s;
    changed[bi] = 1;
    const Prior before = prior_of(s);
    rules::apply(s, a);  // the public effect, once; b.state is the state after the entry
    GameState& after = s;
    if (a.expect && !WorldBox::asserts_cards(*a.expect)) {
      // Nothing the worlds hold is asserted (awards, VP, the robber): one answer for all.
      load(after, allowed_after.front());
      if (auto v = check_expectation(before, after, a, *a.expect)) {
        for (const World& w : allowed_after) {
          no.unmet.add(w);
          if (no.failed_expect.size() < 64) no.fail(Violation(*v));
        }
        allowed_after.clear();
      }
    } else if (a.expect) {
      std::vector<World> met;
      met.reserve(allowed_after.size());
      for (const World& w : allowed_after) {
        load(after, w);
        if (auto v = check_expectation(before, after, a, *a.expect)) {
          no.fail(std::move(*v));
          no.unmet.add(w);
          continue;
        }
        met.push_back(w);
      }
      allowed_after = std::move(met);
    }
    if (allowed_after.empty()) continue;
    // Public states that differ between worlds: who owes a discard after a 7 ...
    const bool seven =
        a.kind == core::ActionKind::Roll && a.roll_total() == 7 && after.phase != core::Phase::Over;
    std::vector<std::pair<GameState, std::vector<World>>> groups;
    if (!seven) {
      groups.push_back({std::move(after), std::move(allowed_after)});
    } else {
      // Who owes a discard follows from the hand sizes alone (discard_debt, as settle_seven):
      // a state is made for each distinct set of debts, not for each world.
      std::vector<std::vector<int>> debts;  // per group
      std::vector<int> owed(static_cast<size_t>(after.player_count()));
      for (const World& w : allowed_after) {
        for (int p = 0; p < after.player_count(); ++p) {
          int held = 0;
          for (int r = 0; r < core::kResourceCount; ++r) held += w.hand(p)[r];
          owed[p] = discard_debt(held, after.options);
        }
        auto at = std::find(debts.begin(), debts.end(), owed);
        if (at == debts.end()) {
          GameState st = after;
          load(st, w);
          settle_seven(st);
          debts.push_back(owed);
          groups.push_back({std::move(st), {}});
          at = debts.end() - 1;
        }
        groups[static_cast<size_t>(at - debts.begin())].second.push_back(w);
      }
    }
    std::vector<Branch> out;
    for (auto& [st, ws] : groups) {
      Branch o{std::move(st), {}, {}, seen_win(b, a)};
      if (distinct)
        o.worlds.assign_distinct(std::move(ws));
      else
        for (const World& w : ws) o.worlds.insert(w);
      o.roots = b.roots;
      o.history_ok = b.history_ok && (record || o.worlds.size() <= kRootWorlds);
      if (o.worlds.size() <= kRootWorlds) {
        // rebase() below makes these worlds the first ones: no step to keep
      } else if (groups.size() == 1) {
        o.history = extend(b.history, step);
      } else {  // the group's debts: its hand sizes
        WorldStep g = step;
        for (int p = 0; p < o.state.player_count(); ++p) {
          const int owed = o.state.discard_owed[p], limit = o.state.options.discard_limit;
          const int lo = owed > 0 ? std::max(owed * 2, limit + 1) : 0;
          const int hi = owed > 0 ? owed * 2 + 1 : limit;
          for (Condition& c : size_between(p, lo, hi)) g.assert_after.push_back(c);
        }
        o.history = extend(b.history, std::move(g));
      }
      rebase(o);
      out.push_back(std::move(o));
    }
#ifdef CATAN_CHECK_INVARIANTS
    {
      // The step's meaning, world by world, gives the worlds the rules gave.
      WorldSet by_step, by_rules;
      for (const World& w : b.worlds.items())
        for (const World& x : step_worlds(step, w)) by_step.insert(x);
      for (const Branch& o : out)
        for (const World& x : o.worlds.items()) by_rules.insert(x);
      bool same = by_step.size() == by_rules.size();
      for (const World& x : by_rules.items()) same = same && !by_step.insert(x);
      if (!same)
        throw std::logic_error(fmt::format("the world step of {} gives {} worlds, the rules {}",
                                           detail::verb(a.kind), by_step.size(), by_rules.size()));
    }
#endif
    // ... and whether a possible win happened (it depends on unseen victory-point cards).
    for (Branch& o : out) {
      if (a.expect) narrow(o.state, *a.expect);
      if (box_if_too_many(o)) result.approximate = true;
      split_win(std::move(o), next);
    }
  }
  if (next.empty() || overflowed_) {
    for (size_t i = 0; i < branches_.size(); ++i) {
      Branch& b = branches_[i];
      if (saved[i])
        b.state = std::move(*saved[i]);
      else if (changed[i])
        throw std::logic_error("an entry refused after a branch applied it, with no copy kept");
      // The worlds were loaded in turn: the first one again, as install() leaves a branch.
      if (b.box)
        b.box->load_permissive(b.state);
      else
        load(b.state, b.worlds.items().front());
    }
    if (overflowed_) return result;  // the caller stops judging; nothing is called illegal
    result.violation = refusal(state(), a, no, explicit_worlds(), result.assertion);
    result.warning.reset();
    return result;
  }
  install(std::move(next));
  return result;
}

std::optional<Violation> Position::check(const Action& a) const {
  // apply() without its mutation: the same questions in the same order, and nothing kept of
  // the worlds but the refusals' ranges.
  std::optional<Violation> warning;
  Refusals no;
  bool allowed = false, overflowed = false;
  auto warn = [&](std::optional<Violation>& v) {
    if (v && !warning) warning = std::move(v);
  };
  std::vector<World> expanded;
  for (const Branch& b : branches_) {
    if (allowed && warning) break;  // nothing more can change the answer
    if (b.box) {
      ++no.boxes;
      Branch trial{b.state, {}, b.box, b.won_unseen};  // the box, not the worlds
      Result r;
      std::vector<Branch> next;
      const size_t before_refused = no.seen.size();
      apply_box(trial, a, r, next, no.seen, no.failed_expect, overflowed);
      no.box_refusals += no.seen.size() > before_refused;
      warn(r.warning);
      allowed = allowed || !next.empty();
      continue;
    }
    if (b.model) {
      ++no.boxes;
      Result r;
      std::vector<Branch> next;
      apply_model(b, a, r, next, no);
      warn(r.warning);
      allowed = allowed || !next.empty();
      continue;
    }
    const std::vector<World>& items = b.worlds.items();
    GameState s = b.state;  // each world loaded in turn
    std::optional<Violation> v0 = representative(s, a, items).second;
    const PrivateEffect fx = allows(v0) ? private_effect(s, a, items) : PrivateEffect{};
    WorldSet tried;  // the branch's worlds after the entry asked so far
    // The state after the entry in the first allowing world, for the assertions.
    std::optional<GameState> after;
    std::optional<Prior> before;
    auto meets = [&](const World& x) {
      if (!a.expect) return true;
      load(*after, x);
      if (auto v = check_expectation(*before, *after, a, *a.expect)) {
        no.fail(std::move(*v));
        no.unmet.add(x);
        return false;
      }
      return true;
    };
    auto start_after = [&](const GameState& at) {
      if (after || !a.expect) return;
      before = prior_of(at);
      after = at;
      rules::apply(*after, a);
    };
    if (fx.uniform) {
      warn(v0);
      start_after(s);
      // A world allows the entry (the first that does), and the warnings here are its own.
      const PrivateCheck private_allows_it(s, a);
      for (const World& w : items) {
        if (!private_allows_it(w)) continue;
        if (meets(shifted(w, fx))) {
          allowed = true;
          break;
        }
      }
      continue;
    }
    for (const World& w : items) {
      if (allowed && warning) break;
      load(s, w);
      std::optional<Violation> v = rules::check(s, a);
      if (v && v->severity == core::Severity::Error) {
        no.see(std::move(*v));
        no.refused.add(w);
        continue;
      }
      warn(v);
      if (allowed) continue;  // only a warning can still change the answer
      start_after(s);
      expanded.clear();
      expand_private(s, a, expanded);
      for (const World& x : expanded) {
        if (!tried.insert(x)) continue;  // equal worlds merge, as apply() merges them
        if (meets(x)) {
          allowed = true;
          break;
        }
      }
    }
  }
  // Past the approximation's reach apply() stops judging: nothing is called illegal.
  if (allowed || overflowed || overflowed_) return warning;
  bool assertion = false;
  return refusal(state(), a, no, explicit_worlds(), assertion);
}

bool Position::box_if_too_many(Branch& o) {
  if (o.model || o.box || o.worlds.size() <= max_worlds_) return false;
  if (box_ || !o.history_ok || !o.roots) {
    o.box.emplace(o.worlds.items(), o.state.player_count(), o.state.edition().cards_per_resource);
    o.worlds.clear();
    return true;
  }
  // The worlds as constraints: the branch's first worlds and its steps since.
  o.model.emplace(*o.roots, steps_of(o.history), o.state.player_count());
  was_constrained_ = true;
  std::vector<World> sample = spread(o.worlds.items(), kModelSample);
  o.worlds.assign_distinct(std::move(sample));
  o.roots.reset();
  o.history.reset();
  return false;
}

const WorldModel::Bounds& Position::model_bounds(size_t k) const {
  if (bounds_.size() != branches_.size()) bounds_.assign(branches_.size(), std::nullopt);
  if (!bounds_[k]) {
    bounds_[k] = branches_[k].model->bounds();
    if (!bounds_[k]) throw std::logic_error("a world model with no world left");
  }
  return *bounds_[k];
}

void Position::apply_model(const Branch& b, const Action& a, Result& result,
                           std::vector<Branch>& next, Refusals& no) const {
  // The branch's worlds are a sample of the model's (each consistent): they answer first,
  // as the worlds of an explicit branch do, and the solver is asked only when none does.
  GameState s = b.state;
  const std::vector<World>& sample = b.worlds.items();
  auto [w, v] = representative(s, a, sample);
  WorldStep step = step_of(s, a);
  bool from_sample = allows(v);
  if (!from_sample) {
    // A world that meets what the entry asks of the cards; the public rules then hold there
    // as in every world.
    const std::optional<World> other = b.model->find(step.require, &w);
    std::optional<Violation> there;
    if (other) {
      load(s, *other);
      there = rules::check(s, a);
    }
    if (!other || !allows(there)) {
      Violation out = other ? std::move(*there) : std::move(*v);
      out.notes.push_back(
          {"worlds", fmt::format("more than {} consistent worlds, held as constraints: none "
                                 "allows this entry",
                                 max_worlds_)});
      no.see(std::move(out));
      ++no.box_refusals;
      model_checks_ = b.model->checks();
      return;
    }
    w = *other;
    v = std::move(there);
  }
  if (v && !result.warning) result.warning = std::move(v);
  const std::vector<Condition> asserted =
      a.expect ? assertion_conditions(*a.expect, s.player_count()) : std::vector<Condition>{};
  WorldModel model = *b.model;
  model.add(step);
  // The sample after the entry: each world's worlds after it that meet its assertions (the
  // conditions it asks of the cards drop the rest), else a world the solver finds.
  WorldStep checked = step;
  checked.assert_after = asserted;
  WorldSet after;
  for (const World& x : sample)
    for (const World& y : step_worlds(checked, x)) after.insert(y);
  if (!from_sample)
    for (const World& y : step_worlds(checked, w)) after.insert(y);
  const std::vector<World> effect = step_effect(step, w);
  if (after.empty() && !effect.empty())
    if (auto found = model.find(asserted, &effect.front())) after.insert(*found);
  if (!after.empty() && !asserted.empty()) model.restrict(asserted);
  model_checks_ = model.checks();
  load(s, w);
  const Prior before = prior_of(s);
  rules::apply(s, a);
  if (after.empty()) {
    // No world meets the entry's assertions on hands, card counts or the bank: the
    // diagnostic is the first allowing world's.
    if (!effect.empty()) load(s, effect.front());
    auto fv = check_expectation(before, s, a, *a.expect);
    no.fail(fv ? std::move(*fv) : WorldBox::unmet(s, *a.expect));
    return;
  }
  const std::vector<World> kept = spread(after.items(), kModelSample);
  load(s, kept.front());
  if (a.expect) {
    core::Expectation pub = *a.expect;  // what the worlds do not hold: awards, VP, robber
    pub.hands.clear(), pub.cards.clear(), pub.bank.reset();
    if (auto fv = check_expectation(before, s, a, pub)) {
      no.fail(std::move(*fv));
      return;
    }
    narrow(s, *a.expect);
  }
  auto branch = [&](GameState&& st, WorldModel&& m, const std::vector<World>& ws) {
    Branch o{std::move(st), {}, {}, seen_win(b, a)};
    o.worlds.assign_distinct(std::vector<World>(ws));
    o.model.emplace(std::move(m));
    split_win(std::move(o), next);
  };
  const bool seven =
      a.kind == core::ActionKind::Roll && a.roll_total() == 7 && s.phase != core::Phase::Over;
  auto sizes = [&](const World& x) {
    std::vector<int> out;
    for (int p = 0; p < s.player_count(); ++p) out.push_back(x.hand_set(p).total());
    return out;
  };
  const bool sample_agrees = std::all_of(
      kept.begin(), kept.end(), [&](const World& x) { return sizes(x) == sizes(kept.front()); });
  if (!seven || (sample_agrees && model.sizes_as_in(kept.front()))) {
    if (seven) settle_seven(s);
    model_checks_ = model.checks();
    branch(std::move(s), std::move(model), kept);
    return;
  }
  // Hand sizes differ between worlds at a 7: a branch per set of debts, each narrowed to the
  // hand sizes that owe them.
  WorldModel rest = model;
  while (std::optional<World> x = rest.find()) {
    std::vector<Condition> debts;
    for (int p = 0; p < s.player_count(); ++p) {
      const int held = x->hand_set(p).total();
      const int owed = discard_debt(held, s.options);
      const int limit = s.options.discard_limit;
      for (Condition& c : owed > 0 ? size_between(p, std::max(owed * 2, limit + 1), owed * 2 + 1)
                                   : size_between(p, 0, limit))
        debts.push_back(c);
    }
    WorldModel m = model;
    m.restrict(debts);
    rest.exclude(debts);
    std::vector<World> group;  // the sample's worlds that owe these debts, else the found one
    for (const World& y : kept)
      if (std::all_of(debts.begin(), debts.end(), [&](const Condition& c) { return c.holds(y); }))
        group.push_back(y);
    if (group.empty()) group.push_back(*x);
    GameState st = s;
    load(st, group.front());
    settle_seven(st);
    branch(std::move(st), std::move(m), group);
  }
  model_checks_ = rest.checks();
}

void Position::install(std::vector<Branch>&& next) {
  bounds_.clear();
  branches_ = std::move(next);
  for (Branch& b : branches_)
    if (b.box)
      b.box->load_permissive(b.state);
    else
      load(b.state, b.worlds.items().front());
  peak_ = std::max(peak_, worlds());
}

namespace {

// The public parts of two states of one game agree (the worlds hold hands and bank).
bool same_public(const GameState& a, const GameState& b) {
  if (a.phase != b.phase || a.active != b.active || a.turn != b.turn ||
      a.setup_step != b.setup_step || a.setup_settlement != b.setup_settlement ||
      a.rolled != b.rolled || a.last_roll != b.last_roll || a.dev_played != b.dev_played ||
      a.built != b.built || a.discard_owed != b.discard_owed || a.robber != b.robber ||
      a.corner_owner != b.corner_owner || a.corner_building != b.corner_building ||
      a.edge_owner != b.edge_owner || a.longest_road != b.longest_road ||
      a.largest_army != b.largest_army || a.winner != b.winner ||
      a.actions_applied != b.actions_applied || a.free_roads != b.free_roads ||
      a.free_roads_required != b.free_roads_required || a.resume != b.resume ||
      a.robber_from_knight != b.robber_from_knight || a.win_undecided != b.win_undecided ||
      a.deck_hidden != b.deck_hidden || a.deck_drawn != b.deck_drawn)
    return false;
  for (size_t p = 0; p < a.players.size(); ++p) {
    const core::PlayerState &x = a.players[p], &y = b.players[p];
    if (x.roads != y.roads || x.settlements != y.settlements || x.cities != y.cities ||
        x.knights_played != y.knights_played || x.devs.size() != y.devs.size() ||
        x.road_length != y.road_length)
      return false;
  }
  return true;
}

}  // namespace

namespace {

// Every hand of `want` cards p can hold when the log asserts only a count in a player view:
// cards from p's hand back to the bank, or from the bank to p's hand (which ones, the log
// does not say). Appends the worlds to `out`; false when there would be more than `room`.
bool hands_of_count(const GameState& s, int p, int want, size_t room, std::vector<World>& out) {
  const core::ResourceSet hand = s.players[p].hand;
  const int have = hand.total();
  const bool give_back = want < have;
  const int moved = give_back ? have - want : want - have;
  std::vector<World> found;
  const bool all = detail::each_pick(give_back ? hand : s.bank, moved, [&](const auto& pick) {
    if (found.size() >= room) return false;
    GameState t = s;
    if (give_back) {
      t.players[p].hand -= pick;
      t.bank += pick;
    } else {
      t.players[p].hand += pick;
      t.bank -= pick;
    }
    found.push_back(capture(t));
    return true;
  });
  if (!all || found.empty()) return false;
  out.insert(out.end(), found.begin(), found.end());
  return true;
}

}  // namespace

std::optional<Position::Recovered> Position::recover(const Action& a, const Violation& v,
                                                     bool assertion) {
  if (approximate() || constrained()) return {};
  // What check_expectation needs of the state before the entry (public, as in apply).
  const Prior before_entry = prior_of(state());
  if (assertion) {  // some worlds allow the entry, none meets its assertions
    Action plain = a;
    plain.expect.reset();
    if (apply(plain).violation) return {};  // a refusal applies nothing: no copy needed
  }
  std::optional<Recovered> out;
  std::vector<Branch> next;
  for (Branch& b : branches_) {
    std::vector<std::pair<GameState, WorldSet>> groups;
    const Prior prior = assertion ? before_entry : prior_of(b.state);
    for (const World& w : b.worlds.items()) {
      GameState t = b.state;
      load(t, w);
      Recovery rec;
      std::vector<World> after;  // the worlds the entry leaves (a hidden card: several)
      if (!assertion) rec = recover_action(t, a, v, &after);
      if (after.empty()) after.push_back(capture(t));
      const bool adopt = a.expect && (assertion || rec.applied);
      // Each world after the entry goes to the branch of its public state.
      auto place = [&](const GameState& k, const std::optional<core::Expectation>& left) {
        if (!out) {
          out.emplace();
          out->recovery = rec;
          if (assertion) {  // the acting player, then each whose value was adopted
            out->recovery.players = {a.player};
            for (int q : rec.players)
              if (std::find(out->recovery.players.begin(), out->recovery.players.end(), q) ==
                  out->recovery.players.end())
                out->recovery.players.push_back(q);
          }
          out->left = left;
        }
        auto home = std::find_if(groups.begin(), groups.end(),
                                 [&](const auto& g) { return same_public(g.first, k); });
        if (home == groups.end()) {
          if (!groups.empty()) out->differ += 1;
          home = groups.insert(groups.end(), {k, {}});
        } else if (home != groups.begin()) {
          out->differ += 1;
        }
        home->second.insert(capture(k));
      };
      for (const World& x : after) {
        GameState u = t;
        load(u, x);
        if (!adopt) {
          place(u, std::nullopt);
          continue;
        }
        // A card count for a hand the view cannot see is adopted first, over every hand of
        // that size (which cards is what the worlds do not know); the entry's other
        // assertions then narrow those hands where some meet them, and are adopted in each
        // where none does.
        core::Expectation left = *a.expect;
        std::vector<World> hands{x};
        for (size_t p = 0; p < left.cards.size(); ++p) {
          if (!left.cards[p] || *left.cards[p] == u.players[p].hand.total() ||
              (p < left.hands.size() && left.hands[p]))
            continue;
          std::vector<World> wider;
          bool fits = true;
          for (const World& h : hands) {
            GameState c = u;
            load(c, h);
            fits =
                fits && hands_of_count(c, static_cast<int>(p), *left.cards[p], max_worlds_, wider);
          }
          if (!fits || wider.size() > max_worlds_) continue;  // kept: adoption says so below
          if (!out) {
            if (assertion) rec.players.push_back(static_cast<int>(p));
            rec.steps.push_back(
                fmt::format("{}'s card count as the log gives it, {}, was adopted: the worlds "
                            "hold every hand of that size (which cards, the log does not say)",
                            u.players[p].name, *left.cards[p]));
          }
          hands = std::move(wider);
          left.cards[p].reset();
        }
        std::vector<World> met;
        for (const World& h : hands) {
          GameState k = u;
          load(k, h);
          if (!check_expectation(prior, k, a, left)) met.push_back(h);
        }
        if (!met.empty()) {
          for (const World& h : met) {
            GameState k = u;
            load(k, h);
            place(k, *a.expect);
          }
          continue;
        }
        for (const World& h : hands) {
          GameState k = u;
          load(k, h);
          core::Expectation rest = left;
          int who = -1;
          const bool first = !out;
          while (auto what = adopt_expectation(k, rest, who)) {
            if (!first) continue;
            rec.steps.push_back(*what);
            if (who >= 0 && assertion) rec.players.push_back(who);
          }
          place(k, rest);
        }
      }
    }
    for (auto& [st, ws] : groups) {
      Branch o{std::move(st), std::move(ws), {}, seen_win(b, a)};
      o.history_ok = false;  // the recovery changed worlds outside the steps
      rebase(o);
      box_if_too_many(o);
      split_win(std::move(o), next);
    }
  }
  if (!out || next.empty()) return {};
  install(std::move(next));
  return out;
}

bool Position::approximate() const {
  for (const Branch& b : branches_)
    if (b.box) return true;
  return false;
}

namespace {
HandRange hull(const HandRange& a, const HandRange& b) {
  HandRange out;
  for (int i = 0; i < core::kResourceCount; ++i) {
    out.lo.n[i] = std::min(a.lo.n[i], b.lo.n[i]);
    out.hi.n[i] = std::max(a.hi.n[i], b.hi.n[i]);
  }
  return out;
}
}  // namespace

std::vector<HandRange> Position::hand_ranges() const {
  std::vector<HandRange> out;
  for (int p = 0; p <= state().player_count(); ++p) {
    const bool bank = p == state().player_count();
    std::optional<HandRange> r;
    for (size_t k = 0; k < branches_.size(); ++k) {
      const Branch& b = branches_[k];
      HandRange x;
      if (b.box) {
        x = bank ? b.box->bank() : b.box->hand(p);
      } else if (b.model) {
        const auto& bounds = model_bounds(k);
        const int base = bank ? kBankCount : p * core::kResourceCount;
        for (int i = 0; i < core::kResourceCount; ++i)
          x.lo.n[i] = bounds.lo.n[base + i], x.hi.n[i] = bounds.hi.n[base + i];
      } else {
        x = range_of(b.worlds.items(), bank ? core::kMaxWorldPlayers : p);
      }
      r = r ? hull(*r, x) : x;
    }
    out.push_back(*r);
  }
  return out;
}

HandRange Position::bank_range() const { return hand_ranges().back(); }

std::vector<std::pair<int, int>> Position::hand_sizes() const {
  const int n = state().player_count();
  std::vector<std::pair<int, int>> out(static_cast<size_t>(n), {1 << 20, 0});
  auto widen = [&](int p, int lo, int hi) {
    out[p].first = std::min(out[p].first, lo);
    out[p].second = std::max(out[p].second, hi);
  };
  for (size_t k = 0; k < branches_.size(); ++k)
    for (int p = 0; p < n; ++p) {
      const Branch& b = branches_[k];
      if (b.box) {
        widen(p, b.box->size(p).first, b.box->size(p).second);
        continue;
      }
      if (b.model) {
        const auto& bounds = model_bounds(k);
        widen(p, bounds.size_lo[p], bounds.size_hi[p]);
        continue;
      }
      for (const World& w : b.worlds.items()) {
        const int t = w.hand_set(p).total();
        widen(p, t, t);
      }
    }
  return out;
}

int Position::winner() const {
  const int w = branches_.front().state.winner;
  for (const Branch& b : branches_)
    if (b.state.winner != w) return core::kNoPlayer;
  return w;
}

std::optional<Violation> Position::check_result(int claimed) const {
  std::optional<Violation> first;
  for (const Branch& b : branches_) {
    auto v = rules::check_result(b.state, claimed);
    if (!v) return {};
    if (!first) first = std::move(v);
  }
  return first;
}

std::optional<Violation> Position::adopt_result(int claimed) {
  if (auto v = check_result(claimed)) return v;
  std::erase_if(branches_,
                [&](const Branch& b) { return rules::check_result(b.state, claimed).has_value(); });
  return {};
}

bool Position::winner_undecided() const {
  for (const Branch& b : branches_)
    if (b.state.winner != branches_.front().state.winner) return true;
  return false;
}

}  // namespace catan::rules
