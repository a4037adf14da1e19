// Random legal games for tests and for other implementations' conformance runs:
// a random valid board, a seeded playing policy over rules::legal_actions, and the
// assertions (`gains`, `takes`, `expect`, `result`) that let consumers check bookkeeping.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/action.hpp"
#include "core/board.hpp"
#include "core/options.hpp"
#include "core/state.hpp"

namespace catan::gen {

struct GenOptions {
  uint64_t seed = 1;
  int players = 4;
  double trade_bias = 1.0;  // > 1 trades more, < 1 less
  double build_bias = 1.0;  // > 1 builds roads and buys cards more eagerly
  int max_actions = 4000;   // a game still running then is abandoned and redrawn
  int expect_every = 1;     // an `expect` after every k-th `end: turn` (0 = never)
  core::Options rules;
};

// What happened in a game, for choosing samples and for the file's comment header.
struct Features {
  int sevens = 0, discards = 0, steals = 0, domestic_trades = 0;
  int bank_trades[5] = {};  // by rate (index 2, 3, 4 used)
  int plays[core::kDevCardKinds] = {};
  int cities = 0;
  int longest_road_changes = 0;  // the award moved from one player to another or to the bank
  int roads_broken = 0;          // a settlement shortened someone's longest road
  int largest_army_changes = 0;
  std::string summary() const;
  bool complete() const;  // every kind of event above occurred
};

struct Game {
  uint64_t seed = 0;
  int attempts = 1;  // boards/playouts drawn until one ended in a win
  std::vector<std::string> players;
  core::BoardSpec board;
  std::vector<core::Action> actions;
  core::GameState final_state;
  Features features;
};

core::BoardSpec random_board(uint64_t seed, const core::Edition& edition = core::Edition::base());
// The edition `players` play (5 or 6: the five-six extension) and its random board.
const core::Edition& edition_of(int players);
core::BoardSpec random_board_for(uint64_t seed, int players);
// The players of a generated game of `n` players: red, blue, white, orange, green, brown.
std::vector<std::string> player_names(int n);
// The header of a game about to be played (generate --header-only): `players` players,
// the rules, and random_board(seed), the board a live game's `board: {random: seed}` gets;
// `actions` empty. catan-log/1 text.
std::string header_yaml(uint64_t seed, int players, const core::Options& rules);
Game generate(const GenOptions& opt);
// The catan-log/1 text of a game, with a comment header and `# expect: legal`.
std::string to_yaml(const Game& g, const GenOptions& opt, const std::string& id);

// `generate`'s game of seed `opt.seed`: its catan-log/1 text as to_yaml writes it (id
// gen-sSEED-pPLAYERS), or with `header_only` as header_yaml writes it (id new-s...).
std::string game_text(const GenOptions& opt, bool header_only);
// The id generate gives that game (and its file, with .yaml, under --out).
std::string game_id(const GenOptions& opt, bool header_only);

}  // namespace catan::gen
