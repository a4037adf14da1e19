// A catan-log/1 game as read from a file: the header, the typed entries, and the
// 1-based position of every part that a diagnostic may point at.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/action.hpp"
#include "core/board.hpp"
#include "core/options.hpp"
#include "text/yaml_tree.hpp"

namespace catan::log {

// Positions and read errors are the text layer's (text/yaml_tree.hpp); the model names them
// as its own, since every part of a game carries one.
using text::Mark;
using text::ReadError;
using text::ReadErrorKind;

struct Entry {
  core::Action action;
  Mark at;                                 // the entry mapping
  Mark player;                             // `player:` value
  Mark value;                              // the action key's value
  Mark steal, gains, takes, take, expect;  // optional parts (line 0 when absent)
  // An imported entry: where the source record (a .soclog, a .catan, a JSON export) holds
  // the event this entry was made from (line 0: the entry was read from catan-log/1).
  Mark source;
  friend bool operator==(const Entry&, const Entry&) = default;
};

// Where an imported game came from (`game: {source: ...}`); empty for a catan-log/1 file.
struct Source {
  std::string format;   // jsettlers | catanatron | catanlogs
  std::string file;     // the source file as named on the command line
  std::string program;  // the writing program and version, when the source says
};

struct Game {
  int index = 0;                 // 0-based position in the stream
  Mark at;                       // the document
  std::string id;                // game.id, if any
  std::optional<Source> source;  // game.source of an imported game
  core::Options options;
  std::vector<std::string> players;
  Mark players_at;
  core::BoardSpec board;
  Mark hexes_at, harbors_at, robber_at;
  std::vector<Mark> hex_at, harbor_at;
  core::Rolloff rolloff;
  std::vector<Mark> rolloff_at;
  std::vector<Entry> actions;
  std::optional<int> result_winner;
  Mark result_at;
  // `view:` whose view the log is: absent (a complete record), a player, or a spectator.
  bool has_view = false;
  int view_player = -1;  // -1 with has_view: a spectator
  Mark view_at;
};

// ReadError, ReadErrorKind: text/yaml_tree.hpp (the tree reader throws them too).

// A malformed document reports at most this many problems (the reader goes on after a
// shape error, as a compiler does, so that one run finds the typos of a hand-written log).
inline constexpr size_t kMaxReadErrors = 20;

struct Document {
  int index = 0;
  std::optional<Game> game;
  std::optional<ReadError> error;      // the first problem
  std::vector<ReadError> more_errors;  // the problems after it (up to kMaxReadErrors in all)
  bool streamed = false;               // the entries went to an EntrySink; game->actions is empty
  int entries = 0;                     // how many entries were streamed
  bool reread = false;  // header keys follow `actions`: read the text again without a sink
};

}  // namespace catan::log
