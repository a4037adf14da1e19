// The rules as an importer asks them while it writes a game: catanlogs transcripts do not
// write discards, so the importer must know, at each 7, who holds more cards than the limit.
// The importer feeds the follower every entry it writes. check gives a follower that also
// judges the game (replay/replay_follower.hpp), so that an imported game is replayed once;
// without one, the importer follows the game with position_follower().
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "log/model.hpp"

namespace catan::importers {

class GameFollower {
 public:
  virtual ~GameFollower() = default;
  // The game's header (players, board, options, view). False: it cannot be followed.
  virtual bool start(const log::Game& header) = 0;
  // The next entry, as written (every one, in order, also after following stopped).
  virtual void feed(const log::Entry& entry) = 0;
  // Whether the position is still known: false after an entry the rules refuse, or one
  // the follower could not follow (too many worlds).
  virtual bool following() const = 0;
  // Per player, the fewest and most cards in hand before the next entry (following only).
  virtual std::vector<std::pair<int, int>> hand_sizes() const = 0;
};

// A follower of the rules' worlds alone (rules::Position), at most `max_worlds` of them.
std::unique_ptr<GameFollower> position_follower(size_t max_worlds);

}  // namespace catan::importers
