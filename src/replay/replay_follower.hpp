// The follower check gives an importer (import/follower.hpp): the referee's own Replayer,
// fed each entry as the importer writes it, so that the imported game is judged while it
// is imported and replayed once.
#pragma once

#include <optional>
#include <string>

#include "import/follower.hpp"
#include "replay/replay.hpp"

namespace catan::replay {

class ReplayFollower : public importers::GameFollower {
 public:
  ReplayFollower(const std::string& file, const Settings& settings);
  bool start(const log::Game& header) override;
  void feed(const log::Entry& entry) override;
  bool following() const override;
  std::vector<std::pair<int, int>> hand_sizes() const override;

  // Whether the importer started it (and fed it every entry since).
  bool started() const { return started_; }
  // The verdict on the game the importer wrote (its entries were fed one by one).
  Outcome finish(const log::Game& game);

 private:
  Replayer replayer_;
  bool started_ = false;
  int fed_ = 0;
};

}  // namespace catan::replay
