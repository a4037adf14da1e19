// A JSettlers2 game event log written by the project (not by JSettlers2): the fixture
// board of fixture.hpp encoded as SOCBoardLayout, its set-up, and a few turns, in the
// message grammar of JSettlers2 2.7 (type F: server lines, with their private copies).
#pragma once

#include <string>

#include "core/board.hpp"

namespace catan::test {

// `hexLayout={...}|numberLayout={...}|robberHex=0x..` of a board in the v1 encoding.
std::string jsettlers_layout(const core::BoardSpec& b);

// The board of test::header() (fixture.hpp) as a BoardSpec.
core::BoardSpec fixture_board();

// A 4-player log (seats 0..3: red, blue, white, orange; red starts) with `options` as the
// game options: the 16 set-up placements of test::setup(), then red rolls 6, blue rolls 7
// and steals a brick from red, white rolls 5, builds a road and trades with orange, orange
// rolls 4. Legal and incomplete. `extra` lines are appended before the end.
std::string jsettlers_game(const std::string& options = "BC=t4,N7=f7,PL=4,RD=f",
                           const std::string& extra = "");

}  // namespace catan::test
