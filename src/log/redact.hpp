// The view of a complete log from one seat or a spectator (LOG-FORMAT "Hidden information"):
// what that recorder would not have seen becomes `hidden`. Purely a rewrite of entries; the
// rules are not consulted, so a redacted illegal log stays illegal where it can be told.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/action.hpp"
#include "log/model.hpp"
#include "log/writer.hpp"

namespace catan::log {

struct RedactOptions {
  int seat = -1;               // the viewing player; -1 a spectator
  bool hide_discards = false;  // other players' discards become {hidden: N}
  bool dice_sum = false;       // rolls become `roll: N`
};

// The entry as the viewer saw it. Steals between two other players and other players'
// purchases are hidden; assertions about private things (other players' hands and VP) are
// dropped, hand sizes kept as `cards`.
core::Action redact(const core::Action& a, const RedactOptions& o, int players);

// A whole game as that viewer would have recorded it: `h` with `view:` set from `o`, every
// entry redacted, and the result when `winner` is given.
std::string write_view(HeaderInfo h, const std::vector<core::Action>& actions,
                       const RedactOptions& o, std::optional<int> winner);

// `catan-referee redact --view VIEW` of one game: write_view of the game's header and
// entries from the seat of the player named `view`, or from a spectator's (`view` is
// "spectator"); `o.seat` is set from `view`. nullopt when `view` is neither.
std::optional<std::string> redact_game(const Game& g, const std::string& view, RedactOptions o);

}  // namespace catan::log
