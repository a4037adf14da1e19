// GameReader: a catan-log/1 tree read into the model (log::Game, log::Entry), with every
// shape problem kept as a compiler keeps its errors. Internal to the log layer: the header
// is read in read_header.cpp, the entries in read_entries.cpp, and read_stream.cpp drives
// both over a text, a stream or a live session (log/reader.hpp is the interface).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "log/model.hpp"
#include "log/read_values.hpp"

namespace catan::log::detail {

using text::Mark;
using text::ReadError;
using text::ReadErrorKind;
using text::SyntaxError;

// The keys of each mapping the reader knows.
inline constexpr std::string_view kTopKeys[] = {"format",  "game",   "rules",   "players", "board",
                                                "actions", "result", "rolloff", "view"};
inline constexpr std::string_view kResultKeys[] = {"winner"};

// A mapping key, hashed and compared as a view (lookups build no string).
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using NameIndex = std::unordered_map<std::string, int, NameHash, std::equal_to<>>;

class GameReader {
 public:
  GameReader() = default;
  // Reads entries against an already read header (its players).
  explicit GameReader(const Game& header) {
    g_.players = header.players;
    if (g_.players.size() > kScannedPlayers)
      for (size_t i = 0; i < g_.players.size(); ++i)
        player_index_.emplace(g_.players[i], static_cast<int>(i));
  }

  // Reads a whole document. Shape errors do not stop it: every part of the header and
  // every entry is read, and up to kMaxReadErrors problems are kept (errors()), as a
  // compiler goes on after an error. After a problem with `format` or `players` the
  // entries are not read (each would only repeat it).
  Game read(const Node& root);

  // Everything but the actions and the result (which may come later in the document).
  // False when the entries cannot be read (the document is not a game, or its players
  // are not known); problems go to errors().
  bool header(const Node& root);
  // A live game's header whose `board` asked for one to be made (`{random: N}`,
  // `standard`): that board, made by the caller, instead of reading `board`.
  const core::BoardSpec* given_board = nullptr;

  // The result (after the actions).
  void tail(const Fields& top);

  // One entry (read_entries.cpp).
  Entry read_entry(const Node& n);

  // Runs one part of the reading; a shape error is kept and the reading goes on. False
  // when the part failed (or the error limit was reached before it).
  template <typename F>
  bool guard(F&& part) {
    if (full()) return false;
    try {
      part();
      return true;
    } catch (const SyntaxError& e) {
      if (e.kind != ReadErrorKind::Shape) throw;  // limits: nothing after them is read
      errors_.push_back(e.error());
      if (full())
        errors_.back().message += " (" + std::to_string(kMaxReadErrors) +
                                  " problems in this document: the reader stops here)";
      return false;
    }
  }
  bool full() const { return errors_.size() >= kMaxReadErrors; }
  const std::vector<ReadError>& errors() const { return errors_; }

  const Game& game() const { return g_; }

  // An entry the caller is done with: its vectors are kept for the next entries' (moved out,
  // so it must not be read afterwards). A stream then allocates for its first entries only.
  void recycle(Entry& e) {
    auto keep = [](auto& spare, auto& used) {
      if (used.capacity() > spare.capacity()) spare = std::move(used);
    };
    keep(spare_.dice, e.action.dice);
    if (e.action.gains) keep(spare_.gains, *e.action.gains);
    if (e.action.expect) {
      keep(spare_.hands, e.action.expect->hands);
      keep(spare_.cards, e.action.expect->cards);
      keep(spare_.vp, e.action.expect->vp);
    }
  }

 private:
  Game g_;
  // Vectors of recycled entries, for the next ones (recycle).
  struct Spare {
    std::vector<int> dice;
    std::vector<core::ResourceSet> gains;
    std::vector<std::optional<core::ResourceSet>> hands;
    std::vector<std::optional<int>> cards, vp;
  } spare_;
  // `spare` emptied and made `n` default values long, keeping its memory.
  template <typename T>
  static std::vector<T> reuse(std::vector<T>& spare, size_t n) {
    std::vector<T> v = std::move(spare);
    spare = {};
    v.assign(n, T{});
    return v;
  }
  // g_.players by name, for a list longer than kScannedPlayers (a short one is scanned).
  NameIndex player_index_;
  static constexpr size_t kScannedPlayers = 8;
  std::vector<ReadError> errors_;
  std::unordered_map<std::string, Mark> unknown_players_;  // reported, and where first

  // The header's parts (read_header.cpp).
  void read_game_info(const Node& n);
  void read_players(const Node& n);
  void read_view(const Node& n);
  void read_rules(const Node& n);
  void read_board(const Node& n);
  void read_rolloff(const Node& n);

  // The index of player `name`, or -1.
  int find_player(std::string_view name) const {
    if (g_.players.size() <= kScannedPlayers) {
      for (size_t i = 0; i < g_.players.size(); ++i)
        if (same(g_.players[i], name)) return static_cast<int>(i);
      return -1;
    }
    auto it = player_index_.find(name);
    return it == player_index_.end() ? -1 : it->second;
  }
  // A player named by `n` (an error for a name not in the list).
  int player(const Node& n) {
    const std::string_view name = as_word(n, "a player");
    const int index = find_player(name);
    if (index < 0) unknown_player(n, name);
    return index;
  }
  [[noreturn]] void unknown_player(const Node& n, std::string_view name);

  // The entries' parts (read_entries.cpp).
  core::ResourceSet resources(const Node& n, std::string_view what, std::string* dev_key = nullptr,
                              int* hidden = nullptr);
  std::vector<core::ResourceSet> per_player_resources(const Node& n, std::string_view what);
  template <typename T, typename F>
  std::vector<std::optional<T>> per_player(const Node& n, std::string_view what,
                                           std::vector<std::optional<T>>& spare, F read);
  int player_or_none(const Node& n);
  core::Expectation expectation(const Node& n);
  void read_steal(const Node& s, Entry& out);
  void read_play_extras(const Fields& f, Entry& out);
};

}  // namespace catan::log::detail
