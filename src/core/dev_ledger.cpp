#include "core/dev_ledger.hpp"

#include <algorithm>
#include <climits>

namespace catan::core {
namespace {

// A small max-flow (augmenting paths by depth-first search). The networks here have a few
// dozen nodes (cards of a player between two bounded prefixes are one node) and a flow of at
// most a few dozen units; edges live in flat arrays, linked per node, so that building one
// allocates a handful of vectors, not one per node.
class Flow {
 public:
  Flow(int nodes, int edges) : head_(static_cast<size_t>(nodes), -1) {
    next_.reserve(2 * static_cast<size_t>(edges));
    to_.reserve(2 * static_cast<size_t>(edges));
    cap_.reserve(2 * static_cast<size_t>(edges));
  }
  // The forward edge's index (-1 when there is none: no capacity), for flow_on().
  int edge(int u, int v, int cap) {
    if (cap <= 0) return -1;
    link(u, v, cap);
    link(v, u, 0);
    return static_cast<int>(to_.size()) - 2;
  }
  int flow_on(int e) const { return e < 0 ? 0 : cap_[e ^ 1]; }
  int max_flow(int s, int t) {
    int total = 0;
    for (;;) {
      seen_.assign(head_.size(), 0);
      int f = push(s, t, INT_MAX);
      if (f == 0) return total;
      total += f;
    }
  }

 private:
  std::vector<int> head_, next_, to_, cap_;
  std::vector<char> seen_;
  void link(int u, int v, int cap) {
    next_.push_back(head_[u]);
    head_[u] = static_cast<int>(to_.size());
    to_.push_back(v), cap_.push_back(cap);
  }
  int push(int u, int t, int limit) {
    if (u == t) return limit;
    seen_[u] = 1;
    for (int e = head_[u]; e >= 0; e = next_[e]) {
      const int v = to_[e];
      if (cap_[e] <= 0 || seen_[v]) continue;
      if (int f = push(v, t, std::min(limit, cap_[e])); f > 0) {
        cap_[e] -= f;
        cap_[e ^ 1] += f;
        return f;
      }
    }
    return 0;
  }
};

constexpr int kInf = 1 << 20;

}  // namespace

void DevLedger::buy(int player, std::optional<DevCard> kind, int turn, int action) {
  // (moved out only when no copy of the ledger still asks with it)
  std::vector<int8_t> witness = memo_.use_count() > 1 ? memo_->witness : std::move(memo_->witness);
  if (player >= static_cast<int>(owned_.size())) owned_.resize(static_cast<size_t>(player) + 1);
  owned_[player].push_back(static_cast<int>(cards_.size()));
  cards_.push_back({player, kind, turn, action});
  hidden_ += !kind;
  changed();
  // The new card comes after every card a bound counts: the witness goes on with it as any
  // kind the deck still holds (its own kind when seen).
  // (none while every card is seen: no question needs a flow then)
  if (hidden_ == 0 || witness.size() + 1 != cards_.size()) return;
  std::array<int, kDevCardKinds> used{};
  for (int8_t k : witness) ++used[k];
  int pick = -1;
  for (int k = 0; k < kDevCardKinds; ++k)
    if ((!kind || static_cast<int>(*kind) == k) && used[k] < deck_[k] &&
        (pick < 0 || deck_[k] - used[k] > deck_[pick] - used[pick]))
      pick = k;
  if (pick < 0) return;
  witness.push_back(static_cast<int8_t>(pick));
  memo_->witness = std::move(witness);
}

bool DevLedger::meets(const std::vector<int8_t>& witness, const Bound& b) const {
  const int players = static_cast<int>(owned_.size());
  if (b.player < 0 || b.player >= players) return b.lo <= 0;
  const int m = static_cast<int>(owned_[b.player].size());
  const int i = std::clamp(b.prefix, 0, m);
  int n = 0;
  for (int pos = 0; pos < i; ++pos) n += witness[owned_[b.player][pos]] == static_cast<int>(b.kind);
  return b.lo <= n && n <= b.hi;
}

void DevLedger::constrained(const Bound& b) {
  std::vector<int8_t> witness = memo_->witness;
  changed();
  if (witness.size() == cards_.size() && meets(witness, b)) memo_->witness = std::move(witness);
}

int DevLedger::hidden_of(int player) const {
  int n = 0;
  for (int i : owned_[player]) n += !cards_[i].kind;
  return n;
}

int DevLedger::bought_before(int player, int turn) const {
  int n = 0;
  for (int i : owned_[player]) n += cards_[i].turn < turn;
  return n;
}

int DevLedger::unplayed(int player) const {
  int played = 0;
  if (player < static_cast<int>(plays_.size()))
    for (int n : plays_[player]) played += n;
  return cards_of(player) - played;
}

int DevLedger::plays_of(int player, DevCard kind) const {
  return player < static_cast<int>(plays_.size()) ? plays_[player][static_cast<int>(kind)] : 0;
}

void DevLedger::play(int player, DevCard kind, int turn) {
  if (player >= static_cast<int>(plays_.size())) plays_.resize(static_cast<size_t>(player) + 1);
  const int j = ++plays_[player][static_cast<int>(kind)];
  bounds_.push_back({player, kind, bought_before(player, turn), j, kInf});
  constrained(bounds_.back());
}

void DevLedger::reveal(int player, int count) {
  if (player >= static_cast<int>(revealed_.size()))
    revealed_.resize(static_cast<size_t>(player) + 1);
  revealed_[player] += count;
  bounds_.push_back(vp_bound(player, revealed_[player], kInf));
  constrained(bounds_.back());
}

DevLedger::Bound DevLedger::vp_bound(int player, int lo, int hi) const {
  return {player, DevCard::VictoryPoint, cards_of(player), lo, hi};
}

bool DevLedger::feasible(const std::vector<Bound>& extra) const {
  // The same question is asked once per world of a player-view log (an `expect: vp`).
  std::vector<std::pair<std::vector<Bound>, bool>>& asked = memo().feasible;
  for (const auto& [q, answer] : asked)
    if (q == extra) return answer;
  const bool ok = solve(extra, nullptr);
  if (asked.size() >= kMemoFeasible) asked.clear();
  asked.emplace_back(extra, ok);
  return ok;
}

std::optional<bool> DevLedger::answered(const Question& q) const {
  for (const auto& [asked, answer] : memo_->answers)
    if (asked == q) return answer;
  return std::nullopt;
}

bool DevLedger::feasible_play(int player, DevCard kind, int turn) const {
  // The answer depends on the turn only through the cards bought before it: keyed by their
  // number, it holds over the turns that bought none.
  const int before = bought_before(player, turn);
  // Every card played so far was bought before its own turn, so among these `before` cards:
  // when none is left over, no assignment plays another (the flow would say no, slowly).
  if (before <= cards_of(player) - unplayed(player)) return false;
  const Question q{false, player, kind, before};
  if (auto known = answered(q)) return *known;
  Bound b{player, kind, before, plays_of(player, kind) + 1, kInf};
  const bool ok = solve({b}, nullptr);
  memo().answers.emplace_back(q, ok);
  return ok;
}

bool DevLedger::feasible_buy(int player, DevCard kind, int turn, int action) const {
  // The new card comes after every card the bounds count (plays count the cards bought
  // before their turns; VP bounds all of a player's cards), so the answer does not depend
  // on the turn or the action: keyed without them.
  const Question q{true, player, kind, 0};
  if (auto known = answered(q)) return *known;
  DevLedger next = *this;
  next.buy(player, kind, turn, action);
  const bool ok = next.feasible();
  memo().answers.emplace_back(q, ok);
  return ok;
}

int DevLedger::min_vp(int player) const {
  std::vector<std::pair<int, int>>& vp = memo().vp;
  if (vp.size() != owned_.size()) vp.assign(owned_.size(), {-1, -1});
  int& cached = vp[player].first;
  if (cached >= 0) return cached;
  // "at most u victory-point cards" is feasible from some u on: binary search for it, after
  // asking the usual answer (none, or the cards revealed) alone.
  int lo = 0, hi = std::min(unplayed(player), deck_[static_cast<int>(DevCard::VictoryPoint)]);
  const int likely = std::clamp(revealed(player), lo, hi);
  if (lo < hi && solve({vp_bound(player, 0, likely)}, nullptr))
    hi = likely;
  else if (lo < hi)
    lo = std::min(likely + 1, hi);
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (solve({vp_bound(player, 0, mid)}, nullptr))
      hi = mid;
    else
      lo = mid + 1;
  }
  return cached = lo;
}

int DevLedger::max_vp(int player) const {
  std::vector<std::pair<int, int>>& vp = memo().vp;
  if (vp.size() != owned_.size()) vp.assign(owned_.size(), {-1, -1});
  int& cached = vp[player].second;
  if (cached >= 0) return cached;
  // "at least u victory-point cards" is feasible up to some u: binary search for it, after
  // asking the usual answer (every unplayed card, as far as the deck goes) alone.
  int lo = 0, hi = std::min(unplayed(player), deck_[static_cast<int>(DevCard::VictoryPoint)]);
  if (lo < hi && solve({vp_bound(player, hi, kInf)}, nullptr))
    lo = hi;
  else if (lo < hi)
    hi = hi - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (solve({vp_bound(player, mid, kInf)}, nullptr))
      lo = mid;
    else
      hi = mid - 1;
  }
  return cached = lo;
}

bool DevLedger::possible_kind(size_t index, DevCard kind) const {
  const std::pair<size_t, DevCard> pin{index, kind};
  return solve({}, &pin);
}

bool DevLedger::solve(const std::vector<Bound>& extra,
                      const std::pair<size_t, DevCard>* pin) const {
  // An assignment known to meet every constraint that also meets the question answers it.
  if (const std::vector<int8_t>& w = memo_->witness; w.size() == cards_.size() && !w.empty()) {
    bool yes = !pin || w[pin->first] == static_cast<int>(pin->second);
    for (size_t i = 0; yes && i < extra.size(); ++i) yes = meets(w, extra[i]);
    if (yes) return true;
  }
  const int players = static_cast<int>(owned_.size());
  // Per player, the prefixes some bound names (the chain's edges that carry a bound): the
  // positions between two of them form a segment, whose cards enter the chain at one node.
  // Each kind's count over a prefix is bounded there: [lo, hi] per (prefix, kind).
  struct Cut {
    int prefix;
    std::array<std::pair<int, int>, kDevCardKinds> range;
  };
  std::vector<std::vector<Cut>> cuts(static_cast<size_t>(players));
  // The cut at prefix i of p's cards, made unbounded when no bound named it yet.
  auto cut_at = [&](int p, int i) -> Cut& {
    std::vector<Cut>& cs = cuts[p];
    for (Cut& c : cs)
      if (c.prefix == i) return c;
    Cut& c = cs.emplace_back(Cut{i, {}});
    c.range.fill({0, kInf});
    return c;
  };
  auto apply = [&](const Bound& b) {
    if (b.player < 0 || b.player >= players) return b.lo <= 0;
    const int m = static_cast<int>(owned_[b.player].size());
    const int i = std::clamp(b.prefix, 0, m);
    if (i == 0) return b.lo <= 0;
    auto& [lo, hi] = cut_at(b.player, i).range[static_cast<int>(b.kind)];
    lo = std::max(lo, b.lo);
    hi = std::min(hi, b.hi);
    return lo <= hi && lo <= i;
  };
  for (const Bound& b : bounds_)
    if (!apply(b)) return false;
  for (const Bound& b : extra)
    if (!apply(b)) return false;

  // Nodes: S, T, S', T', the kinds, then per player and segment a node for its unseen cards
  // and one chain node per kind.
  const int S = 0, T = 1, S2 = 2, T2 = 3, kind_base = 4;
  int nodes = kind_base + kDevCardKinds;
  std::vector<int> first_segment(static_cast<size_t>(players) + 1, 0);
  for (int p = 0; p < players; ++p) {
    std::vector<Cut>& cs = cuts[p];
    if (const int m = static_cast<int>(owned_[p].size()); m > 0) cut_at(p, m);  // the end
    std::sort(cs.begin(), cs.end(), [](const Cut& a, const Cut& b) { return a.prefix < b.prefix; });
    first_segment[p + 1] = first_segment[p] + static_cast<int>(cs.size());
  }
  const int segment_base = nodes;
  nodes += first_segment[players] * (1 + kDevCardKinds);
  auto unseen_node = [&](int p, int j) {
    return segment_base + (first_segment[p] + j) * (1 + kDevCardKinds);
  };
  auto chain_node = [&](int p, int j, int k) { return unseen_node(p, j) + 1 + k; };

  // Per segment: its unseen cards' edge to each kind and each kind's chain edge; per node,
  // at most one edge from S' or to T'.
  Flow flow(nodes, first_segment[players] * 2 * kDevCardKinds + kDevCardKinds + 1 + nodes);
  // Per segment and kind: the edge that takes the segment's unseen cards to that kind.
  std::vector<int> choice(static_cast<size_t>(first_segment[players] * kDevCardKinds), -1);
  std::vector<int> excess(static_cast<size_t>(nodes), 0);
  auto edge = [&](int u, int v, int lo, int hi) {
    flow.edge(u, v, hi - lo);
    excess[v] += lo;
    excess[u] -= lo;
  };
  for (int p = 0; p < players; ++p) {
    const std::vector<Cut>& cs = cuts[p];
    int pos = 0;
    for (int j = 0; j < static_cast<int>(cs.size()); ++j) {
      // The segment's cards: the unseen ones take any kind; a seen (or pinned) one is one
      // unit that must enter its kind's chain.
      int unseen = 0;
      std::array<int, kDevCardKinds> seen{};
      for (; pos < cs[j].prefix; ++pos) {
        const int c = owned_[p][pos];
        std::optional<DevCard> kind = cards_[c].kind;
        if (pin && pin->first == static_cast<size_t>(c)) {
          if (kind && *kind != pin->second) return false;
          kind = pin->second;
        }
        if (kind)
          ++seen[static_cast<int>(*kind)];
        else
          ++unseen;
      }
      edge(S, unseen_node(p, j), unseen, unseen);
      for (int k = 0; k < kDevCardKinds; ++k) {
        choice[static_cast<size_t>((first_segment[p] + j) * kDevCardKinds + k)] =
            flow.edge(unseen_node(p, j), chain_node(p, j, k), unseen);
        edge(S, chain_node(p, j, k), seen[k], seen[k]);
        const auto [lo, hi] = cs[j].range[k];
        const int to =
            j + 1 < static_cast<int>(cs.size()) ? chain_node(p, j + 1, k) : kind_base + k;
        edge(chain_node(p, j, k), to, lo, std::min(hi, kInf));
      }
    }
  }
  for (int k = 0; k < kDevCardKinds; ++k) edge(kind_base + k, T, 0, deck_[k]);
  edge(T, S, 0, kInf);
  int need = 0;
  for (int v = 0; v < nodes; ++v) {
    if (excess[v] > 0) flow.edge(S2, v, excess[v]), need += excess[v];
    if (excess[v] < 0) flow.edge(v, T2, -excess[v]);
  }
  if (flow.max_flow(S2, T2) != need) return false;
  // Feasible: the flow is an assignment meeting every constraint (and the question). Each
  // segment's unseen cards take the kinds its flow sent them to, in any order (no bound
  // counts part of a segment).
  std::vector<int8_t> w(cards_.size(), 0);
  for (int p = 0; p < players; ++p) {
    int pos = 0;
    for (int j = 0; j < static_cast<int>(cuts[p].size()); ++j) {
      std::array<int, kDevCardKinds> left{};
      for (int k = 0; k < kDevCardKinds; ++k)
        left[k] =
            flow.flow_on(choice[static_cast<size_t>((first_segment[p] + j) * kDevCardKinds + k)]);
      for (; pos < cuts[p][j].prefix; ++pos) {
        const int c = owned_[p][pos];
        std::optional<DevCard> kind = cards_[c].kind;
        if (pin && pin->first == static_cast<size_t>(c)) kind = pin->second;
        int k = kind ? static_cast<int>(*kind) : 0;
        if (!kind)
          while (k < kDevCardKinds && left[k] == 0) ++k;
        if (k >= kDevCardKinds) return true;  // (cannot happen: the flow sent every card)
        if (!kind) --left[k];
        w[c] = static_cast<int8_t>(k);
      }
    }
  }
  memo_->witness = std::move(w);
  return true;
}

}  // namespace catan::core
