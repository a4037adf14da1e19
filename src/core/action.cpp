#include "core/action.hpp"

#include "core/topology.hpp"

namespace catan::core {

std::string_view to_string(ActionKind k) {
  switch (k) {
    case ActionKind::Settlement:
      return "settlement";
    case ActionKind::Road:
      return "road";
    case ActionKind::City:
      return "city";
    case ActionKind::Roll:
      return "roll";
    case ActionKind::Discard:
      return "discard";
    case ActionKind::Robber:
      return "robber";
    case ActionKind::Trade:
      return "trade";
    case ActionKind::BankTrade:
      return "bank";
    case ActionKind::Buy:
      return "buy";
    case ActionKind::Play:
      return "play";
    case ActionKind::Reveal:
      return "reveal";
    case ActionKind::Claim:
      return "claim";
    case ActionKind::EndTurn:
      return "end";
  }
  return "?";
}

std::optional<ActionKind> parse_action_kind(std::string_view key) {
  for (int i = 0; i <= static_cast<int>(ActionKind::EndTurn); ++i)
    if (to_string(static_cast<ActionKind>(i)) == key) return static_cast<ActionKind>(i);
  return std::nullopt;
}

void resolve_places(Action& a, const Topology& island) {
  if (a.kind == ActionKind::Settlement || a.kind == ActionKind::City)
    a.corner.id = island.corner_id(a.corner.hex, a.corner.dir);
  if (a.kind == ActionKind::Road) a.edge.id = island.edge_id(a.edge.hex, a.edge.dir);
  if (a.kind == ActionKind::Robber) a.hex.id = island.hex_id(a.hex.hex);
  if (a.expect && a.expect->robber) a.expect->robber->id = island.hex_id(a.expect->robber->hex);
}

}  // namespace catan::core
