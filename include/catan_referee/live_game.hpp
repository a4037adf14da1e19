// catan_referee: one live game, refereed as it is played (as `catan-referee serve` and the
// Python module's Game): start it from a header (players and a board, or `board: {random:
// N}`), play one catan-log/1 entry at a time, ask for the legal actions, take entries back.
// Part of the installed C++ API (docs/API.md); needs only the standard library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catan_referee/diagnostic.hpp"

namespace catan_referee {

struct GameOptions {
  std::vector<std::string> rules;  // "KEY=VALUE", as CheckOptions::rules
  // An entry that breaks a rule is played on as the log's engine played it (the
  // verdict's kind is deviation) instead of being refused.
  bool keep_going = false;
  std::size_t max_worlds = 0;  // player-view games (0: the CLI's default)
};

// The referee's answer to one entry.
struct PlayResult {
  enum class Kind {
    ok,         // applied
    illegal,    // refused: the game stays where it was before the entry
    unjudged,   // a player-view game whose worlds outgrew max_worlds: nothing more judged
    malformed,  // the entry text could not be read: nothing applied
    header,     // the header is illegal: no entry can be played
    deviation,  // keep_going: the entry breaks a rule and was played on
  };
  Kind kind = Kind::ok;
  int action = 0;                      // the entry's number (1-based)
  std::optional<Diagnostic> error;     // all but ok: why
  std::vector<Diagnostic> warnings;    // raised by this entry (allowed, with a warning)
  std::vector<Diagnostic> deviations;  // deviation: every deviation of the entry
  bool ok() const noexcept { return kind == Kind::ok; }
};
// "ok", "illegal", "unjudged", "malformed", "header", "deviation".
const char* to_string(PlayResult::Kind k) noexcept;

// Which legal actions to list.
struct LegalQuery {
  // Entry kinds as the log names them ("road", "bank", "end", ...); empty: every kind.
  // An unknown kind throws Error.
  std::vector<std::string> kinds;
  std::string player;  // only this player's ("": anyone's); an unknown name throws Error
  // Leave domestic trades out of the list (LiveGame::trade_summaries gives them all).
  bool summarise_trades = false;
};

class LiveGame {
 public:
  // A header as catan-log/1 text, YAML or JSON (`format`, `players`, `board` or `board:
  // {random: N}`, optional `rules`; `actions` absent or empty). A header that cannot be
  // read throws Error with its Diagnostic; a readable but illegal one gives a game whose
  // header_error() says why (and whose every play() answers header).
  static LiveGame start(const std::string& header, const GameOptions& options = {},
                        const std::string& name = "<game>");
  LiveGame(LiveGame&&) noexcept;
  LiveGame& operator=(LiveGame&&) noexcept;
  LiveGame(const LiveGame&) = delete;
  LiveGame& operator=(const LiveGame&) = delete;
  ~LiveGame();

  const std::optional<Diagnostic>& header_error() const;
  std::vector<std::string> players() const;
  // The board as catan-log/1's `board` reads, one line of JSON (a board made from
  // `{random: N}` in full), and the seed it was made from (unset for a board given).
  std::string board_json() const;
  std::optional<std::uint64_t> board_seed() const;

  // One entry as catan-log/1 text, YAML flow or JSON: `{player: red, roll: [3, 4]}`.
  PlayResult play(const std::string& entry);
  // Takes back the last accepted entry; false when there is none.
  bool undo();
  int entries() const;  // accepted entries

  // The legal actions now, each a catan-log/1 entry as one line of JSON
  // (`{"player":"red","road":[0,-1,"E"]}`), playable as it is.
  std::vector<std::string> legal_actions(const LegalQuery& query = {}) const;
  std::size_t count_legal_actions(const LegalQuery& query = {}) const;
  // The domestic trades legal now, summarised as a JSON array, one item per pair of
  // players who may trade: {"player":"red","with":"blue","give":{"lumber":2},
  // "get":{"ore":1},"same-type":false}. Every trade giving at most `give` and asking at
  // most `get` is legal, provided each side keeps a card once a resource on both sides is
  // netted out (with same-type false, none may be on both sides). `player`: only the
  // trades that player may offer ("": anyone's).
  std::string trade_summaries(const std::string& player = "") const;
  // The state as `catan-referee show --format json` prints it.
  std::string state_json(bool pretty = false) const;

  struct Impl;  // opaque: defined inside the library

 private:
  friend struct Access;
  explicit LiveGame(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace catan_referee
