#include "replay/replay_follower.hpp"

#include "rules/position.hpp"

namespace catan::replay {

ReplayFollower::ReplayFollower(const std::string& file, const Settings& settings)
    : replayer_(file, settings) {}

bool ReplayFollower::start(const log::Game& header) {
  started_ = true;
  replayer_.start(header);
  return true;  // an illegal header is the Replayer's verdict; following() says false
}

void ReplayFollower::feed(const log::Entry& entry) {
  ++fed_;
  replayer_.feed(entry);
}

bool ReplayFollower::following() const {
  return started_ && replayer_.state() && !replayer_.report().error &&
         !(replayer_.position() && replayer_.position()->overflowed());
}

std::vector<std::pair<int, int>> ReplayFollower::hand_sizes() const {
  if (const rules::Position* p = replayer_.position()) return p->hand_sizes();
  std::vector<std::pair<int, int>> out;
  if (const core::GameState* s = replayer_.state())
    for (const core::PlayerState& p : s->players) out.emplace_back(p.hand.total(), p.hand.total());
  return out;
}

Outcome ReplayFollower::finish(const log::Game& game) { return replayer_.finish(game, fed_); }

}  // namespace catan::replay
