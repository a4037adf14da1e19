// One live game on the one Replayer, for engines that referee as they play (`serve`, the
// Python module): a header, then one entry at a time, each answered at once; the legal
// actions, the state and taking back the last entry in between.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/action.hpp"
#include "core/resources.hpp"
#include "diag/diagnostic.hpp"
#include "log/model.hpp"
#include "replay/replay.hpp"
#include "text/yaml_tree.hpp"

namespace catan::replay {

// What an accepted entry did, derived by the referee (not what the log asserts).
struct Effects {
  // Per player: the cards the entry added to and took from the hand. On a roll, `gained`
  // is the production paid. In a player-view game: as in the first consistent world.
  std::vector<core::ResourceSet> gained, lost;
  // Per player after the entry: the fewest and most VP over the consistent worlds (equal
  // in a complete game; hidden VP cards included).
  std::vector<int> vp_min, vp_max;
  std::string longest_road, largest_army;  // holders' names after the entry, "" = nobody
  std::string winner;                      // "" = nobody yet
};

struct Verdict {
  enum class Kind : uint8_t {
    Ok,         // applied
    Illegal,    // refused: the session stays where it was before the entry
    Unjudged,   // a player-view game whose worlds outgrew --max-worlds: nothing more judged
    Malformed,  // the entry text could not be read: nothing applied
    Header,     // the header is illegal or unsupported: no entry can be played
    // Settings::keep_going: the entry breaks a rule, and was played on as the log's engine
    // played it (check --keep-going): the game goes on from there, `deviations` say what
    // was adopted to go on. An entry the referee cannot follow past is Unjudged instead.
    Deviation,
  };
  Kind kind = Kind::Ok;
  int action = 0;  // the entry's number (1-based); 0 for a header error
  std::optional<diag::Diagnostic>
      error;  // Illegal, Unjudged, Malformed, Header; Deviation: the first
  std::vector<diag::Diagnostic> warnings;  // raised by this entry (allowed, with a warning)
  // Deviation: every deviation of this entry, in order (each with its "may follow from" note
  // and what was adopted); the first is `error`.
  std::vector<diag::Diagnostic> deviations;
  std::optional<Effects> effects;  // Ok and Deviation, when asked for
  bool ok() const { return kind == Kind::Ok; }
};

// The kind as serve's answers and the Python module spell it: "ok", "illegal", "unjudged",
// "malformed", "header", "deviation".
std::string_view to_string(Verdict::Kind k);

// Thrown by Session::from_text and from_tree for a header that cannot be read, with its position.
struct HeaderError {
  diag::Diagnostic error;
};

// Which legal actions Session lists: of these kinds only (none: every kind), by this player
// only (-1: anyone).
struct LegalFilter {
  std::vector<core::ActionKind> kinds;
  int player = -1;
  bool no_trades = false;  // domestic trades left out (summarised: Session::trade_summaries)
  bool admits(const core::Action& a) const;
  // A kind as the log names it ("road", "bank", "end"); false for another name.
  bool add_kind(std::string_view name);
  // The player of that name among `players`; false when there is none.
  bool set_player(std::string_view name, const std::vector<std::string>& players);
  // Every kind name add_kind takes, for messages: "settlement, road, ..., end".
  static std::string kind_names();
  // add_kind for each of `kinds` and set_player for `player` (when not empty): "" when all
  // hold, else what is wrong ("kinds name entry kinds (...), not 'castle'"), as the Python
  // module and the installed API say it (`what` starts it: "kind names", "kinds name").
  std::string set(const std::vector<std::string>& kinds, const std::string& player,
                  const std::vector<std::string>& players, std::string_view what);
};

// The domestic trades `player` may offer `with` now, summarised instead of enumerated: every
// trade giving at most `give` and asking at most `get` (each resource's count within the
// hands) is legal when, after netting a resource on both sides, each side keeps a card
// (under `domestic-same-type: forbid` no resource may be on both sides at all).
struct TradeSummary {
  int player = -1, with = -1;
  core::ResourceSet give, get;
  bool same_type = true;  // a resource may be on both sides (domestic-same-type: allow)
};

class Session {
 public:
  // `header`: a read game; its `actions` are ignored. `file` names the source in positions.
  explicit Session(log::Game header, Settings settings = {}, std::string file = "<session>");
  // A header written as catan-log/1 text (YAML or JSON; `actions` absent or empty).
  // `line`: where the text starts in its stream. Throws HeaderError. Parses the text and
  // reads it with from_tree.
  static Session from_text(const std::string& text, Settings settings = {},
                           std::string file = "<session>", int line = 1);
  // A header already parsed (serve parses each request once, to tell a header from an entry
  // or a query): `root`'s marks are positions in `file` as they stand (shift them to where
  // the text starts in its stream first: log::shift_marks). Throws HeaderError.
  static Session from_tree(const text::Node& root, Settings settings = {},
                           std::string file = "<session>");
  Session(Session&&) noexcept;
  Session& operator=(Session&&) noexcept;
  ~Session();

  // The header's verdict: nullopt when entries can be played, else why not (illegal or
  // unsupported header).
  const std::optional<diag::Diagnostic>& header_error() const;
  const log::Game& header() const;
  // The seed of the board made for a header that asked for one (Settings::make_board).
  std::optional<uint64_t> board_seed() const;

  // Plays one entry: applied when legal (warnings allowed), refused when illegal; with
  // Settings::keep_going, a deviation is played on instead (Verdict::Kind::Deviation), in a
  // complete game and in a player view alike.
  Verdict play(const log::Entry& e, bool with_effects = false);
  Verdict play(const core::Action& a, bool with_effects = false);
  // One entry as text (`{player: red, roll: [3, 4]}` or JSON) starting at `line`. Parses
  // the text and plays it with play_tree.
  Verdict play_text(const std::string& text, bool with_effects = false, int line = 1);
  // One entry already parsed (serve): `root`'s marks are positions as they stand.
  Verdict play_tree(const text::Node& root, bool with_effects = false);

  // Every legal action now (rules::legal_actions) that the filter admits. In a player-view
  // game: those that at least one consistent world allows (the candidates of every
  // branch's most permissive hands and of its first world, rules::Position::
  // candidate_states). With `worlds`, also the number of consistent worlds that allow each
  // (1 each in a complete log; see consistent_worlds). Empty after a header error or once
  // unjudged.
  std::vector<core::Action> legal_actions(const LegalFilter& filter = {},
                                          std::vector<size_t>* worlds = nullptr) const;
  // The same, each written as a catan-log/1 entry in YAML flow (`{player: red, roll: [1,
  // 1]}`), or as one line of JSON (`{"player":"red","roll":[1,1]}`: the same entry).
  std::vector<std::string> legal_entries(const LegalFilter& filter = {},
                                         std::vector<size_t>* worlds = nullptr) const;
  std::vector<std::string> legal_entries_json(const LegalFilter& filter = {},
                                              std::vector<size_t>* worlds = nullptr) const;
  // The consistent worlds now: 1 in a complete log (and after a header error).
  size_t consistent_worlds() const;
  // The domestic trades the filter admits, one summary per pair of players that may trade
  // now (in the order of legal_actions), from the state legal_actions reads.
  std::vector<TradeSummary> trade_summaries(const LegalFilter& filter = {}) const;
  // The same as a JSON array, as serve answers it: [{"player": "red", "with": "blue",
  // "give": {"lumber": 2}, "get": {"ore": 1}, "same-type": false}, ...].
  std::string trade_summaries_json(const LegalFilter& filter = {}) const;
  // The state as `show --format json` prints it (compact: one line when !pretty).
  std::string state_json(bool pretty = true) const;
  // The state before the next entry; null after a header error.
  const core::GameState* state() const;

  // Takes back the last accepted entry (from the last checkpoint, kept every 16 accepted
  // entries near the end, so at most 16 are replayed; a refused entry costs the same; going
  // back far replays the thinned stretch once). False when there is none.
  bool undo();
  int entries() const;  // accepted entries
  // Copies of the referee kept for undo: about 16 for the last 256 entries and 8 for each
  // doubling of the game's length before them (so time grows linearly with a session's
  // length and memory with its logarithm, but for the accepted entries themselves).
  size_t checkpoints() const;
  // The memory the accepted entries take, kept packed for undo (10 to 30 bytes each).
  size_t entry_memory() const;
  bool unjudged() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace catan::replay
