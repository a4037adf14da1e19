#include "import/follower.hpp"

#include <optional>

#include "core/work_counters.hpp"
#include "rules/engine.hpp"
#include "rules/position.hpp"

namespace catan::importers {
namespace {

class PositionFollower : public GameFollower {
 public:
  explicit PositionFollower(size_t max_worlds) : max_worlds_(max_worlds) {}
  bool start(const log::Game& g) override {
    const int players = static_cast<int>(g.players.size());
    const core::Edition& edition = rules::edition_for(players, g.board);
    const rules::Setup setup = rules::build_board(g.board, g.options, edition);
    if (!setup.board || setup.violation || !setup.unsupported.empty() ||
        rules::check_players(players, edition, g.options))
      return false;
    core::count_work(&core::WorkCounters::games_replayed);
    position_.emplace(core::GameState::initial(*setup.board, g.options, g.players), max_worlds_);
    return true;
  }
  void feed(const log::Entry& e) override {
    // Following stops at the first entry the rules refuse (or cannot follow).
    if (position_ && (position_->apply(e.action).violation || position_->overflowed()))
      position_.reset();
  }
  bool following() const override { return position_.has_value(); }
  std::vector<std::pair<int, int>> hand_sizes() const override {
    return position_ ? position_->hand_sizes() : std::vector<std::pair<int, int>>{};
  }

 private:
  size_t max_worlds_;
  std::optional<rules::Position> position_;
};

}  // namespace

std::unique_ptr<GameFollower> position_follower(size_t max_worlds) {
  return std::make_unique<PositionFollower>(max_worlds);
}

}  // namespace catan::importers
