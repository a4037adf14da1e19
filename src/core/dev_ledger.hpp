// What is publicly known about the development cards: every purchase in order (its kind when
// seen, or unknown), and the constraints the log has put on them since: each play of kind K
// needs a distinct card of K bought on an earlier turn (DEV-03/DEV-04), a `reveal` needs
// that many victory-point cards, a log that goes on after a possible win says the player did
// not hold enough of them, and the deck holds 14/2/2/2/5 cards of each kind (COMP-06).
//
// Whether some assignment of kinds to the unknown cards meets every constraint is a
// feasibility question, answered as a flow with lower bounds, never by enumerating kinds
// card by card: each card sends one unit into the chain of its player and kind at its
// position in the player's purchases; the chain's edge after position i carries the number
// of that player's cards of that kind among the first i, so "at least j knights among the
// first i cards" and "at most u victory-point cards among the first i" are bounds on one
// edge; each kind's total is capped by the deck.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/resources.hpp"

namespace catan::core {

class DevLedger {
 public:
  struct Card {
    int player = 0;
    std::optional<DevCard> kind;  // nullopt: a hidden purchase
    int turn = 0;                 // the turn it was bought
    int action = 0;               // the entry that bought it
  };
  // Among `player`'s first `prefix` purchases, the number of cards of `kind` is in [lo, hi].
  struct Bound {
    int player = 0;
    DevCard kind = DevCard::Knight;
    int prefix = 0;
    int lo = 0;
    int hi = 1 << 20;
    friend bool operator==(const Bound&, const Bound&) = default;
  };

  DevLedger() = default;
  // `deck`: the edition's composition, the cards of each kind (core/edition.hpp).
  DevLedger(int players, const std::array<int, kDevCardKinds>& deck)
      : deck_(deck), owned_(static_cast<size_t>(players)) {}

  void buy(int player, std::optional<DevCard> kind, int turn, int action);
  // Records a play of `kind` by `player` on `turn` (call after feasible_play said yes).
  void play(int player, DevCard kind, int turn);
  void reveal(int player, int count);  // cumulative revealed victory-point cards
  // A bound already there changes nothing (an `expect: {vp}` on every entry narrows to the
  // same bound each time): it is not added again, and the answers known stay.
  void add(const Bound& b) {
    if (std::find(bounds_.begin(), bounds_.end(), b) != bounds_.end()) return;
    bounds_.push_back(b);
    constrained(b);
  }

  bool any_hidden() const { return hidden_ > 0; }
  int cards_of(int player) const { return static_cast<int>(owned_[player].size()); }
  int hidden_of(int player) const;
  int bought_before(int player, int turn) const;  // purchases on turns < turn
  int plays_of(int player, DevCard kind) const;
  int unplayed(int player) const;  // cards bought less cards played (VP cards are never played)
  int revealed(int player) const {
    return player < static_cast<int>(revealed_.size()) ? revealed_[player] : 0;
  }
  const std::vector<Card>& cards() const { return cards_; }

  // Is there an assignment meeting every constraint (and `extra`, when given)?
  bool feasible(const std::vector<Bound>& extra = {}) const;
  bool feasible_play(int player, DevCard kind, int turn) const;
  // Would the ledger stay feasible if `player` bought a card of `kind` on `turn` (the deck
  // may already have given that kind's last card unseen)?
  bool feasible_buy(int player, DevCard kind, int turn, int action) const;
  // The fewest and the most victory-point cards `player` can hold among all their cards.
  int min_vp(int player) const;
  int max_vp(int player) const;
  // A bound "VP cards of `player` among all their cards in [lo, hi]".
  Bound vp_bound(int player, int lo, int hi) const;
  // Whether card `index` of cards() is of `kind` in some feasible assignment.
  bool possible_kind(size_t index, DevCard kind) const;

 private:
  std::array<int, kDevCardKinds> deck_{};
  std::vector<Card> cards_;
  std::vector<std::vector<int>> owned_;  // per player: indices into cards_, purchase order
  std::vector<Bound> bounds_;
  std::vector<std::array<int, kDevCardKinds>> plays_;
  std::vector<int> revealed_;
  int hidden_ = 0;
  // Answers that depend only on the constraints, kept until the next change (the win check
  // asks after every entry).
  // feasible_play and feasible_buy: (question, answer); the legal actions of a player view
  // ask each many times (Year of Plenty's 15 takes, in every world of a branch).
  struct Question {
    bool buy = false;
    int player = 0;
    DevCard kind = DevCard::Knight;
    int turn = 0;  // a play: the number of cards bought before its turn; a purchase: 0
    friend bool operator==(const Question&, const Question&) = default;
  };
  // Shared by the copies of a ledger until one of them changes (it then starts its own):
  // copies with the same constraints have the same answers, so a question one of them
  // answers is answered for all (a player view's legal actions ask them in copies of the
  // state, per world and per candidate state). Single-threaded, like the state it is in.
  struct Memo {
    std::vector<std::pair<int, int>> vp;  // per player: min, max VP cards; -1 unknown
    std::vector<std::pair<Question, bool>> answers;
    // feasible(extra): the questions asked (an `expect: {vp}` asks one per player it names,
    // in every world, after every entry), up to kMemoFeasible of them.
    std::vector<std::pair<std::vector<Bound>, bool>> feasible;
    // One assignment meeting every constraint, the kind of each card of cards() (empty when
    // none is known): a question it also answers is "yes" without a flow. The last feasible
    // flow leaves it, and a change that it still meets carries it over.
    std::vector<int8_t> witness;
  };
  static constexpr size_t kMemoFeasible = 64;
  // Always present, so that a copy made before the first question shares what it learns.
  mutable std::shared_ptr<Memo> memo_ = std::make_shared<Memo>();
  Memo& memo() const { return *memo_; }
  void changed() { memo_ = std::make_shared<Memo>(); }
  // changed() after the bound `b` was added: the witness goes on when it meets `b`.
  void constrained(const Bound& b);
  bool meets(const std::vector<int8_t>& witness, const Bound& b) const;
  std::optional<bool> answered(const Question& q) const;
  bool solve(const std::vector<Bound>& extra, const std::pair<size_t, DevCard>* pin) const;
};

}  // namespace catan::core
