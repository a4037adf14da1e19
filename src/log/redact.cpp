#include "log/redact.hpp"

#include <algorithm>

namespace catan::log {

core::Action redact(const core::Action& in, const RedactOptions& o, int players) {
  core::Action a = in;
  auto sees = [&](int p) { return o.seat >= 0 && p == o.seat; };
  using K = core::ActionKind;
  if (a.kind == K::Roll && o.dice_sum && a.dice.size() == 2) {
    a.roll_sum = a.dice[0] + a.dice[1];
    a.dice.clear();
  }
  if (a.kind == K::Robber && a.has_steal && a.stolen.resource && !sees(a.player) &&
      !sees(a.steal_from)) {
    a.stolen.resource.reset();
    a.stolen.hidden = true;
  }
  if (a.kind == K::Buy && !sees(a.player)) a.hidden_buy = true;
  if (a.kind == K::Discard && o.hide_discards && !sees(a.player) && !a.hidden_owed) {
    a.hidden_cards += a.give.total();
    a.give = {};
  }
  if (a.expect) {
    core::Expectation& e = *a.expect;
    for (int p = 0; p < players; ++p) {
      if (sees(p)) continue;
      if (p < static_cast<int>(e.hands.size()) && e.hands[p]) {
        if (static_cast<int>(e.cards.size()) < players)
          e.cards.resize(static_cast<size_t>(players));
        if (!e.cards[p]) e.cards[p] = e.hands[p]->total();
        e.hands[p].reset();
      }
      if (p < static_cast<int>(e.vp.size())) e.vp[p].reset();  // VP cards are private
    }
    if (o.hide_discards) e.bank.reset();  // hidden discards went to the bank
  }
  return a;
}

std::string write_view(HeaderInfo h, const std::vector<core::Action>& actions,
                       const RedactOptions& o, std::optional<int> winner) {
  h.view = o.seat < 0 ? std::string("spectator") : h.players[o.seat];
  const int n = static_cast<int>(h.players.size());
  std::string out = write_header(h);
  if (actions.empty()) out.insert(out.size() - 1, " []");  // not a null `actions:`
  for (const core::Action& a : actions)
    out += "  - " + write_entry(redact(a, o, n), h.players) + "\n";
  if (winner) out += "result: {winner: " + write_scalar(h.players[*winner]) + "}\n";
  return out;
}

std::optional<std::string> redact_game(const Game& g, const std::string& view, RedactOptions o) {
  auto it = std::find(g.players.begin(), g.players.end(), view);
  if (it != g.players.end())
    o.seat = static_cast<int>(it - g.players.begin());
  else if (view == "spectator")
    o.seat = -1;
  else
    return std::nullopt;
  std::vector<core::Action> actions;
  actions.reserve(g.actions.size());
  for (const Entry& e : g.actions) actions.push_back(e.action);
  return write_view({g.id, "", g.options, g.players, g.board, ""}, actions, o, g.result_winner);
}

}  // namespace catan::log
