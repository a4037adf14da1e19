// The game state the rules replay: pieces, hands, bank, deck, robber, turn and phase.
// Mutated only by rules::apply; everything else reads it.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/dev_ledger.hpp"
#include "core/geometry.hpp"
#include "core/options.hpp"
#include "core/resources.hpp"

namespace catan::core {

inline constexpr int kNoPlayer = -1;

struct DevHolding {
  DevCard card;
  int turn_bought;        // 0 never happens: cards are bought in regular turns (>= 1)
  int action_bought = 0;  // the entry that bought it
  bool played = false;
  bool revealed = false;  // victory-point cards only
  bool hidden = false;    // `buy: hidden`: the kind is unknown (see GameState::ledger)
};

struct PlayerState {
  std::string name;
  ResourceSet hand;
  std::vector<DevHolding> devs;
  int knights_played = 0;
  int roads = 0;        // on the board
  int settlements = 0;  // on the board
  int cities = 0;
  int road_length = 0;  // AWARD-01, recomputed after every road and settlement
};

enum class Phase : uint8_t {
  Setup,         // placements in snake order
  PreRoll,       // turn started, no roll yet
  Discard,       // a 7 was rolled: discards owed
  MoveRobber,    // robber must move (after a 7's discards, or a knight)
  Main,          // action phase
  RoadBuilding,  // free roads from Road Building pending
  Over,          // somebody won
  // Five and six players (RULES-5-6.md): the Special Build Phase after `active`'s turn
  // (X56-SBP), and player 2's phase of a paired turn, `active` being player 2 (X56-PAIR).
  SpecialBuild,
  Partner,
};
std::string_view to_string(Phase p);

enum class Building : uint8_t { None, Settlement, City };

struct GameState {
  // The board never changes during a game (the robber is below): shared between copies,
  // so that a copy of a position allocates nothing for it.
  std::shared_ptr<const Board> board = std::make_shared<const Board>();
  Options options;
  std::vector<PlayerState> players;

  // By corner and edge id of the island (board.topology()); the rest stays empty.
  std::array<int8_t, kMaxPlaces> corner_owner{};  // kNoPlayer when empty
  std::array<Building, kMaxPlaces> corner_building{};
  std::array<int8_t, kMaxPlaces> edge_owner{};
  ResourceSet bank;
  std::array<int, kDevCardKinds> deck_drawn{};  // cards of each kind drawn so far (seen)
  int deck_hidden = 0;                          // cards drawn unseen (`buy: hidden`)
  DevLedger ledger;  // every purchase, play and reveal: the truth when some card is hidden
  HexId robber = kNone;

  Phase phase = Phase::Setup;
  int active = 0;                     // whose turn (or set-up placement) it is
  int turn = 0;                       // 0 during set-up, then 1, 2, ...
  int setup_step = 0;                 // index into the snake order
  CornerId setup_settlement = kNone;  // the set-up settlement awaiting its road
  bool rolled = false;
  int last_roll = 0;
  bool dev_played = false;        // a non-VP development card was played this turn (DEV-03)
  bool built = false;             // a build or purchase happened this turn (TURN-04 strict)
  std::vector<int> discard_owed;  // per player: cards owed on the current 7, -1 = none
  int roll_action = 0;            // action number of the turn's roll (for notes)
  Phase resume = Phase::Main;     // where a knight's robber move or free roads return to
  bool robber_from_knight = false;
  int free_roads = 0;           // Road Building roads still available
  int free_roads_required = 0;  // how many of them must still be placed (D-06 variants)
  int longest_road = kNoPlayer;
  int largest_army = kNoPlayer;
  int longest_road_since = 0;  // the entry where the Longest Road holder last changed (notes)
  int largest_army_since = 0;  // the same for Largest Army
  int winner = kNoPlayer;
  int actions_applied = 0;  // entries applied so far (the next entry is number actions_applied+1)
  int win_action = 0;       // the entry after which the game ended
  // Player-view logs: whether the active player reached the target depends on hidden
  // development cards (some consistent worlds say yes, some no); the caller splits them.
  bool win_undecided = false;
  // The rest of a winning development card that may follow the win: a knight's robber
  // move, or Road Building's remaining free roads (LOG-FORMAT "The end of a game").
  bool robber_after_win = false;
  // The five-six turn structures. Special Build Phase: the window now open (kNoPlayer before
  // the first) and, one bit per seat, the windows that have passed or closed. Paired turns:
  // player 1 of the turn (while player 2's phase runs, `active` is player 2).
  int window = kNoPlayer;
  uint8_t windows_done = 0;
  int lead = kNoPlayer;

  static GameState initial(const Board& board, const Options& options,
                           std::vector<std::string> names);

  int player_count() const { return static_cast<int>(players.size()); }
  // The five-six extension's turn structures apply (its island; RULES-5-6.md X56-TURN-01).
  bool special_build() const {
    return board->edition->turn_structures &&
           options.turn_structure_56 == TurnStructure56::SpecialBuild;
  }
  bool paired() const {
    return board->edition->turn_structures && options.turn_structure_56 == TurnStructure56::Paired;
  }
  // Paired turns: player 1 of the turn now, and player 2 of a turn led by `lead`.
  int player_one() const { return phase == Phase::Partner ? lead : active; }
  int partner_of(int lead_player) const { return (lead_player + 3) % player_count(); }
  const Edition& edition() const { return *board->edition; }
  const Topology& topo() const { return board->edition->island; }
  // "turn 12, red's turn, action phase"; "turn 5, special build phase after red's turn";
  // "turn 7, red's turn, player 2 orange's phase" (not for set-up or a game over).
  std::string turn_text() const;
  int victory_points(int p) const;  // WIN-01, hidden VP cards included (seen cards only)
  int public_vp(int p) const;       // buildings and awards
  // The fewest and most VP p can have in any consistent world (equal when no card is hidden).
  int vp_min(int p) const;
  int vp_max(int p) const;
  int vp_cards(int p) const;
  int unrevealed_vp_cards(int p) const;
  int setup_player(int step) const;  // snake order (SETUP-03)
  int setup_steps() const { return 2 * player_count(); }
  int deck_left() const;
  ResourceSet initial_bank() const;  // the edition's full stacks
  bool has_building(int p, CornerId c) const { return corner_owner[c] == p; }
  // Rate at which p trades resource r with the bank: 2, 3 or 4 (TRADE-07..10).
  int trade_rate(int p, Resource r) const;
  bool on_harbor(int p, HarborKind k) const;
};

// GameState::turn_text from the fields it reads (a caller that kept them, not the state).
std::string turn_text(int turn, Phase phase, int lead, int active,
                      const std::vector<PlayerState>& players);

}  // namespace catan::core
