// A game as the rules see it when some cards were not seen: the public state and the set of
// worlds (private parts) consistent with every entry so far. Branches hold public states
// that differ between worlds: whether a possible win happened (it depends on unseen
// victory-point cards), and who owes a discard after a 7 when hand sizes differ.
//
// check() is the const question, apply() the one mutation: an entry is illegal only when no
// world of any branch allows it; the worlds that allow it go on, expanded by the cards the
// entry hides, merged when equal, and narrowed by the entry's assertions. Past `max_worlds`
// distinct worlds a branch keeps a WorldBox instead (per player and resource, the interval
// of counts still possible): a sound over-approximation that never rejects an entry some
// world allows, and that returns to exact worlds when the box holds few enough points.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/state.hpp"
#include "core/world.hpp"
#include "rules/engine.hpp"
#include "rules/recovery.hpp"
#include "rules/world_box.hpp"
#include "rules/world_model.hpp"
#include "rules/world_steps.hpp"

namespace catan::rules {

// Past this many distinct worlds a branch holds them as constraints (measured: checking
// every view of 40 four-player and 20 five-player generated games with hidden discards took
// 25 s and 27 s at 200,000, 13 s and 13 s at 50,000, 13 s and 11 s at 20,000, 18 s and 12 s
// at 10,000; BENCHMARKS.md, stop 40).
inline constexpr size_t kDefaultMaxWorlds = 50000;
// At a 7 in a branch past max_worlds whose hand sizes differ, at most this many branches
// (combinations of discard obligations); more, and the rest of the log is not judged.
inline constexpr size_t kMaxSevenBranches = 64;
// A branch with at most this many worlds keeps them as the first worlds of its history (the
// steps a WorldModel is built from), and forgets the steps before.
inline constexpr size_t kRootWorlds = 16;
// A branch held as constraints keeps a sample of at most this many of its worlds, which
// answer before the solver is asked.
inline constexpr size_t kModelSample = 1024;

// Loads a world's hands and bank into a state, and reads them back.
void load(GameState& s, const core::World& w);
core::World capture(const GameState& s);

// What the branches that refused an entry leave for its diagnostic (position.cpp).
struct Refusals;

class Position {
 public:
  // Past `max_worlds` distinct worlds a branch holds them as constraints (a WorldModel,
  // exact), or, with `box`, as an interval box (approximate).
  Position(core::GameState s, size_t max_worlds = kDefaultMaxWorlds, bool box = false);

  struct Result {
    std::optional<Violation> violation;  // an error: nothing was applied
    bool assertion = false;              // the violation is the entry's `expect`
    std::optional<Violation> warning;    // allowed, with a warning
    bool approximate = false;            // some branch was judged approximately
  };
  // apply()'s verdict (its violation, else its warning) without applying: no copy of the
  // worlds; each world is asked in one copy of its branch's public state, and a branch's
  // question stops at its first world that allows the entry (and meets its assertions)
  // once a warning, if any world has one, has been seen.
  std::optional<Violation> check(const Action& a) const;
  Result apply(const Action& a);

  // For each of `as`: how many consistent worlds allow it by the rules (an `expect` on it
  // is not asked), counting up to `enough` (1: whether some world does). No copy of the
  // worlds: each is loaded in turn into one copy of its branch's public state, and a
  // branch's question stops at the `enough`th world; an entry that the branch's most
  // permissive hands already refuse for a reason that holds in every world is not asked
  // of the worlds at all. A branch past max_worlds (an interval box) counts as one world
  // when it may allow the entry.
  std::vector<size_t> worlds_allowing(const std::vector<Action>& as, size_t enough) const;
  // The states whose candidate entries (rules::candidate_actions) cover what any consistent
  // world allows, per branch: `most`, its public state with each hand and the bank at
  // their most over its worlds (every entry that needs cards is offered there), and
  // `first`, with its first world (Year of Plenty's take and the discards offered depend
  // on the exact cards; absent for a branch past max_worlds).
  struct CandidateStates {
    GameState most;
    std::optional<GameState> first;
  };
  std::vector<CandidateStates> candidate_states() const;
  // The entries that at least one consistent world allows now, among those `admit` takes
  // (all when empty): the candidates of candidate_states(), each once, asked with
  // worlds_allowing; with `worlds`, how many worlds allow each.
  std::vector<Action> legal_actions(const std::function<bool(const Action&)>& admit,
                                    std::vector<size_t>* worlds = nullptr) const;

  // The public state of the first branch, with its first world's hands loaded.
  const GameState& state() const { return branches_.front().state; }
  size_t worlds() const;
  size_t branches() const { return branches_.size(); }
  size_t peak_worlds() const { return peak_; }
  // The approximation could not follow the last entry (hand sizes that differ between
  // worlds at a 7): nothing more can be judged.
  bool overflowed() const { return overflowed_; }
  bool approximate() const;  // some branch holds a box now
  // Some branch holds its worlds as constraints now (more than max_worlds of them); its
  // worlds count as max_worlds + 1 in worlds().
  bool constrained() const;
  // Some branch has held its worlds as constraints at some entry.
  bool was_constrained() const { return was_constrained_; }
  // Satisfiability checks the world models have asked (a measure of their work).
  size_t model_checks() const { return model_checks_; }
  // Per player, then the bank: the fewest and most cards of each resource over all worlds.
  std::vector<HandRange> hand_ranges() const;
  HandRange bank_range() const;
  // Per player: the fewest and most cards in hand over all worlds.
  std::vector<std::pair<int, int>> hand_sizes() const;
  // Whether every branch agrees on the winner (kNoPlayer: nobody, or undecided).
  int winner() const;
  bool winner_undecided() const;
  // `result.winner`: illegal only when no branch agrees.
  std::optional<Violation> check_result(int claimed) const;
  // The game was won, in every branch, by a player whose win rests on unseen victory-point
  // cards: some world before the entry that decided it (a `result`, `claim`, `expect` or
  // the next entry) had no winner.
  bool win_rests_on_unseen() const;
  // `result.winner` as an assertion: the branches that disagree are dropped (the claimed
  // winner's unseen victory-point cards decide), or, when none agrees, the violation with
  // nothing changed.
  std::optional<Violation> adopt_result(int claimed);

  // check --keep-going in a player view: after apply(a) refused `a` with `v`, goes on as the
  // log's engine did, in every world. An entry no world allows: recover_action in each
  // world (and, where that applied it, the entry's assertions adopted); an entry whose
  // assertions no world meets (`assertion`): the entry without them, then its assertions
  // adopted in each world. Worlds left with different public states (one world's recovery
  // placed a piece another's could not) become branches of their own. Nullopt, with nothing
  // changed, when it cannot follow: a branch holds a box, or the entry hides a card (which
  // card each world moved is what the rules cannot recover).
  struct Recovered {
    Recovery recovery;  // the first world's: what was adopted or adjusted, and the players
    std::optional<core::Expectation> left;  // the entry's assertions as adoption left them
    size_t differ = 0;  // worlds whose recovery left another public state than the first's
  };
  std::optional<Recovered> recover(const Action& a, const Violation& v, bool assertion);
  // Applies `f` to the public state of every branch (keep-going: an adopted award holder, a
  // win set aside); `f` must not change hands or the bank, which the worlds hold.
  template <class F>
  void adjust_public(F&& f) {
    for (Branch& b : branches_) f(b.state);
  }
  // Applies `f` to every world of every exact branch, each loaded into its branch's state
  // (keep-going: production the log gives, adopted); equal worlds merge.
  template <class F>
  void adjust_worlds(F&& f) {
    for (Branch& b : branches_) {
      if (b.box || b.model) continue;
      core::WorldSet out;
      for (const core::World& w : b.worlds.items()) {
        GameState t = b.state;
        load(t, w);
        f(t);
        out.insert(capture(t));
      }
      b.worlds = std::move(out);
      load(b.state, b.worlds.items().front());
      b.history_ok = false;  // changed outside the steps
      rebase(b);
    }
    bounds_.clear();
  }

 private:
  struct Branch {
    Branch(GameState s, core::WorldSet w = {}, std::optional<WorldBox> b = {}, bool won = false)
        : state(std::move(s)), worlds(std::move(w)), box(std::move(b)), won_unseen(won) {}
    GameState state;
    core::WorldSet worlds;
    std::optional<WorldBox> box;  // instead of worlds, past max_worlds
    // The branch's winner reached the target only with unseen victory-point cards (the
    // side of split_win where they won), and has not revealed them since.
    bool won_unseen = false;
    // Instead of worlds, past max_worlds: the worlds as constraints; `worlds` then holds a
    // sample of them (at most kModelSample), which answers first.
    std::optional<WorldModel> model;
    // An explicit branch's worlds as its first worlds and the steps since (what a model is
    // built from); `history_ok` is false when --keep-going changed worlds outside the steps.
    std::shared_ptr<const std::vector<core::World>> roots;
    HistoryPtr history;
    bool history_ok = true;
  };
  // The worlds of the explicit branches.
  size_t explicit_worlds() const;
  // branches_[k]'s model's bounds, worked out once per position.
  const WorldModel::Bounds& model_bounds(size_t k) const;
  mutable std::vector<std::optional<WorldModel::Bounds>> bounds_;
  void apply_model(const Branch& b, const Action& a, Result& result, std::vector<Branch>& next,
                   Refusals& no) const;
  // After an explicit branch's worlds changed: small enough, they become its first worlds.
  static void rebase(Branch& o);
  static bool seen_win(const Branch& b, const Action& a);
  // worlds_allowing with each branch's candidate states already made (`states`, in the
  // order of branches_): its `most` is the branch's most permissive state.
  std::vector<size_t> count_allowing(const std::vector<Action>& as, size_t enough,
                                     const std::vector<CandidateStates>& states) const;
  void apply_box(Branch& b, const Action& a, Result& result, std::vector<Branch>& next,
                 std::vector<Violation>& refused, std::vector<Violation>& failed_expect,
                 bool& overflowed) const;
  static void split_win(Branch&& o, std::vector<Branch>& next);
  // Past max_worlds_ worlds, a branch keeps them as constraints (or, with box_ or a history
  // --keep-going broke, their box); true when it took the box.
  bool box_if_too_many(Branch& o);
  // The branches after an entry, each with a world loaded so that state() reads as a
  // complete state; the peak updated.
  void install(std::vector<Branch>&& next);
  std::vector<Branch> branches_;
  size_t max_worlds_;
  size_t peak_ = 1;
  bool overflowed_ = false;
  bool box_ = false;
  bool was_constrained_ = false;
  mutable size_t model_checks_ = 0;
};

}  // namespace catan::rules
