// A test-side writer of JSettlers2 game event logs (.soclog, type F: the server's view, with
// every private copy): a complete catan-log/1 game (log::Game) in the message grammar of
// JSettlers2 2.7, as ../shared/realgames/jsettlers-recorded/*.soclog and JSettlers2's
// doc/Message-Sequences-for-Game-Actions.md have it, for round trips through the importer
// (src/import/jsettlers/import_jsettlers.cpp; import_jsettlers_roundtrip_test.cpp).
//
// The writer follows the game through the rules (replay::Replayer) for what the server
// would send beside the entries: hands after a roll, the awards' holders, the Monopoly's
// total, game over and the final scores. After an illegal entry (a mutant) it goes on
// without them. What it cannot say in JSettlers2's messages, it does not fake:
// - a catan-log/1 entry JSettlers2 has no message for is left out: `reveal` and `claim`
//   (the server sees every card and decides the win; at the end it shows the victory point
//   cards, SOCDevCardAction ADD_OLD);
// - the win is announced at the action that wins (after a winning knight's robber move,
//   as JSettlers2 does), or as the winner's turn begins (SOCTurn gameState=1000) when the
//   target was reached in a window: what catan-log/1 allows after it (the rest of a Road
//   Building card) is not written;
// - a Special Building window ends only with a SOCTurn, which the importer reads as that
//   window's `end: build`: a window the game leaves without `end: build` gets one;
// - two dice become their sum (SOCDiceResult), set-up `gains`, `expect` and `result` are
//   not written (the server's own messages carry hands, awards, scores and the winner).
// It throws std::invalid_argument for what JSettlers2 cannot have logged: a player view,
// paired turns, a harbor off JSettlers2's sites, seats not in turn order, an unseen card, a
// trade entered as another player's with the current player as the partner (SOCAcceptOffer
// is read from the current player's side).
#pragma once

#include <string>
#include <vector>

#include "core/board.hpp"
#include "log/model.hpp"

namespace catan::test {

struct SoclogOptions {
  std::string game_name = "rt";
  // The seat (0..5) of each player, in the game's player order; JSettlers2 plays seats in
  // ascending order from the first player's, so these must ascend cyclically. Empty: 0..n-1.
  std::vector<int> seats;
  // Game option PL, the seats the game was made for; 0: the players or the highest seat + 1.
  // The board has 6 seats (the 6-player board) or 4 (the classic board) in any case.
  int max_players = 0;
  // The classic board as SOCBoardLayout2 bef=1 (tokens as dice numbers) instead of
  // SOCBoardLayout (tokens as indexes 0..9).
  bool board_layout2 = false;
  // A Special Building window of the next player right after `end: turn` is asked for at
  // the start of that player's own turn (SOCGame.advanceTurnToSpecialBuilding case B:
  // SOCTurn gameState=15, ASK_SPECIAL_BUILD, then the window) instead of during the turn.
  bool ask_at_turn_start = false;
  bool timestamps = true;  // `m:ss.mmm:` before each line, as the 2.7 recorded logs have
};

std::string write_soclog(const log::Game& game, const SoclogOptions& options = {});

// A board's layout message parameters, after `game=...|`: SOCBoardLayout (`hexLayout=`,
// `numberLayout=` as token indexes, `robberHex=0x..`), SOCBoardLayout2 `bef=1` (the classic
// board, tokens as dice numbers) or `bef=2` (the 6-player board, its 11 port types in `PL`).
// Throws std::invalid_argument for a board JSettlers2's cannot hold.
enum class LayoutForm { Classic, Classic2, SixPlayer };
std::string board_layout(const core::BoardSpec& board, LayoutForm form);

}  // namespace catan::test
