// Walks a read game through the rules: the only place where the log model, the rules
// and the diagnostics meet.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/state.hpp"
#include "diag/diagnostic.hpp"
#include "diag/render_state.hpp"
#include "log/model.hpp"
#include "log/reader.hpp"
#include "rules/position.hpp"

namespace catan::replay {

struct Settings {
  std::vector<std::pair<std::string, std::string>> rule_overrides;  // --rule key=value
  int stop_before = 0;   // >0: stop before applying this entry (for `show`)
  int stop_at_turn = 0;  // >0: stop before the first entry of this turn
  // Player-view logs: distinct worlds kept one by one; past it a branch's worlds are held as
  // constraints (exact), or with `approximate_worlds` as an interval box (approximate, the
  // older safety net: check --approximate-worlds).
  size_t max_worlds = rules::kDefaultMaxWorlds;
  bool approximate_worlds = false;
  log::ReadLimits limits;  // check --max-scalar-bytes
  // check --keep-going: go on after a deviation (rules/recovery.hpp) and report every one
  // in GameReport::deviations. A player-view log stops at its first deviation.
  bool keep_going = false;
  // A live game (Session::from_tree) whose header asks for a board instead of giving one,
  // `board: {random: N}` or `board: standard` (the official variable set-up; `standard`
  // draws N): the board made from N for the header's number of players (5 or 6: the
  // five-six island). serve and the Python module set gen::random_board_for; unset, such
  // a header is refused.
  std::function<core::BoardSpec(uint64_t seed, int players)> make_board;
};

struct Outcome {
  diag::GameReport report;
  std::optional<core::GameState> state;  // the state where replay stopped
  // The error is an assertion of a complete log's entry, checked after the entry was applied:
  // `state` is after that entry, not before it (show replays again to stop before it).
  bool error_entry_applied = false;
  // Player-view logs (an entry hid a card): the worlds where replay stopped.
  std::optional<rules::Position> position;
};

// Replays one game entry by entry, so a caller can feed entries as they are read. The one
// replay loop of every driver: check and show (through check_source and replay), mutate
// (the state before each entry), generate (entries it makes itself) and the benchmarks.
class Replayer {
 public:
  Replayer(std::string file, Settings settings);
  // A copy goes on independently from where the original is (Session's checkpoints).
  Replayer(const Replayer& other);
  Replayer& operator=(const Replayer& other);
  // Moves hand the state over (Session thins its checkpoints by moving them).
  Replayer(Replayer&& other) noexcept;
  Replayer& operator=(Replayer&& other) noexcept;
  ~Replayer();
  // The header (players, board, options; no actions needed). False when the verdict is
  // already known (an illegal or unsupported header): later entries are ignored.
  bool start(const log::Game& header);
  // One entry, numbered from 1 in order. False once the verdict is known.
  bool feed(const log::Entry& e);
  // An entry made in memory (no positions in a file).
  bool feed(const core::Action& a);
  // The end of the log: `tail` supplies result, action count and ids.
  Outcome finish(const log::Game& tail, int actions);

  // The state before the next entry (for a player-view log, the first world's); null when
  // the header decided the verdict. After an illegal entry: the state before it.
  const core::GameState* state() const;
  // The worlds, from the first entry that hid a card on; null before.
  const rules::Position* position() const;
  // The verdict so far (the first illegal entry, warnings).
  const diag::GameReport& report() const;
  // After the verdict: whether later entries may still change the rule it cites (an award
  // change the log made late, AWARD-09); a driver that stops at the verdict feeds them on.
  bool watching() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

Outcome replay(const std::string& file, const log::Game& game, const Settings& settings);

// `--at line:N`: the entry whose text holds line `line` of the file its positions point into
// (the catan-log/1 file, or an imported record's source), as the 1-based number of the
// entry to stop before; 1 for a line before the first entry; 0 for a line of the result
// after the last entry (the end of the log).
int entry_at_line(const log::Game& game, int line);

// What a player-view replay leaves open where it stopped, for `show` (nullopt for a
// complete log, whose state is exact).
std::optional<diag::PlayerView> player_view(const Outcome& out, const log::Game& game);
// The same for the worlds `pos` and the state `s` shown with them.
diag::PlayerView player_view(const rules::Position& pos, const core::GameState& s,
                             const log::Game& game);

// Checks the documents of one piece of a file (log::read_piece; replay::InputReader cuts
// them): `emit` gets each game's report as soon as its document is read. Entries are
// replayed while they are parsed (bounded memory), except in documents whose header keys
// follow `actions`, which are read whole. A malformed entry anywhere makes the game
// malformed, even after an illegal one. Returns how many documents the piece held.
int check_piece(const std::string& file, std::string_view piece, int first_line, int first_index,
                const Settings& settings, const std::function<void(diag::GameReport&&)>& emit);
// Every game of a whole text, piece by piece, as `catan-referee check` does.
std::vector<diag::GameReport> check_source(const std::string& file, const std::string& source,
                                           const Settings& settings);
diag::GameReport malformed(const std::string& file, const log::Document& doc);
// A file that could not be read at all (`why` says so): malformed, at no position.
diag::GameReport unreadable(const std::string& file, const std::string& why);

}  // namespace catan::replay
