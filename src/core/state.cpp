#include "core/state.hpp"

namespace catan::core {

std::string_view to_string(Phase p) {
  switch (p) {
    case Phase::Setup:
      return "set-up";
    case Phase::PreRoll:
      return "before the roll";
    case Phase::Discard:
      return "discards after a 7";
    case Phase::MoveRobber:
      return "robber move";
    case Phase::Main:
      return "action phase";
    case Phase::RoadBuilding:
      return "road building";
    case Phase::Over:
      return "game over";
    case Phase::SpecialBuild:
      return "special build phase";
    case Phase::Partner:
      return "player 2's phase";
  }
  return "?";
}

ResourceSet GameState::initial_bank() const {
  ResourceSet b;
  for (int& n : b.n) n = edition().cards_per_resource;
  return b;
}

std::string GameState::turn_text() const {
  return core::turn_text(turn, phase, lead, active, players);
}

std::string turn_text(int turn, Phase phase, int lead, int active,
                      const std::vector<PlayerState>& players) {
  const std::string t = "turn " + std::to_string(turn) + ", ";
  if (phase == Phase::SpecialBuild)
    return t + "special build phase after " + players[active].name + "'s turn";
  if (lead != kNoPlayer)  // player 2's phase, or a card or robber move in it
    return t + players[lead].name + "'s turn, player 2 " + players[active].name + "'s phase" +
           (phase == Phase::Partner ? "" : ", " + std::string(to_string(phase)));
  return t + players[active].name + "'s turn, " + std::string(to_string(phase));
}

GameState GameState::initial(const Board& board, const Options& options,
                             std::vector<std::string> names) {
  GameState s;
  s.board = std::make_shared<const Board>(board);
  s.options = options;
  for (auto& n : names) s.players.push_back(PlayerState{std::move(n), {}, {}, 0, 0, 0, 0, 0});
  s.corner_owner.fill(kNoPlayer);
  s.corner_building.fill(Building::None);
  s.edge_owner.fill(kNoPlayer);
  s.bank.n.fill(board.edition->cards_per_resource);
  s.robber = board.robber_start;
  s.discard_owed.assign(s.players.size(), -1);
  s.ledger = DevLedger(static_cast<int>(s.players.size()), board.edition->deck);
  s.active = s.setup_player(0);
  return s;
}

int GameState::vp_cards(int p) const {
  int n = 0;
  for (const auto& d : players[p].devs) n += !d.hidden && d.card == DevCard::VictoryPoint;
  return n;
}

int GameState::unrevealed_vp_cards(int p) const {
  int n = 0;
  for (const auto& d : players[p].devs)
    n += !d.hidden && d.card == DevCard::VictoryPoint && !d.revealed;
  return n;
}

int GameState::public_vp(int p) const {
  const PlayerState& ps = players[p];
  return ps.settlements + 2 * ps.cities + (longest_road == p ? 2 : 0) + (largest_army == p ? 2 : 0);
}

int GameState::victory_points(int p) const { return public_vp(p) + vp_cards(p); }

int GameState::vp_min(int p) const {
  return ledger.any_hidden() ? public_vp(p) + ledger.min_vp(p) : victory_points(p);
}

int GameState::vp_max(int p) const {
  return ledger.any_hidden() ? public_vp(p) + ledger.max_vp(p) : victory_points(p);
}

int GameState::setup_player(int step) const {
  int n = player_count();
  return step < n ? step : 2 * n - 1 - step;
}

int GameState::deck_left() const {
  int n = 0;
  for (int k = 0; k < kDevCardKinds; ++k) n += edition().deck[k] - deck_drawn[k];
  return n - deck_hidden;
}

bool GameState::on_harbor(int p, HarborKind k) const {
  for (const Harbor& h : board->harbors) {
    if (h.kind != k || h.edge == kNone) continue;
    for (CornerId c : topo().edge_corners(h.edge))
      if (corner_owner[c] == p) return true;
  }
  return false;
}

int GameState::trade_rate(int p, Resource r) const {
  if (on_harbor(p, static_cast<HarborKind>(static_cast<int>(r)))) return 2;
  if (on_harbor(p, HarborKind::Generic)) return 3;
  return 4;
}

}  // namespace catan::core
