// What the HTML game report shows, as data: the header, every entry of the log with the
// state after it and what it did, and the verdict. Built by replay::build_report_data (the
// one Replayer), rendered by diag::render_html.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/action.hpp"
#include "core/state.hpp"
#include "diag/diagnostic.hpp"

namespace catan::diag {

// The state after an entry (step 0: before the first). Hands and the bank are ranges over
// the consistent worlds of a player-view log (lo == hi for a complete one).
struct ReportStep {
  int turn = 0;
  std::string phase;
  int active = 0;
  std::vector<core::ResourceSet> hand_lo, hand_hi;
  core::ResourceSet bank_lo, bank_hi;
  std::vector<int> vp_min, vp_max;
  std::vector<int> dev_cards;  // development cards in hand, not played
  int longest_road = core::kNoPlayer, largest_army = core::kNoPlayer;
  size_t worlds = 0;  // player-view logs: consistent worlds (0: a complete log)
  // By corner and edge id of the game's island: one value per place.
  std::vector<int8_t> corner_owner;
  std::vector<core::Building> corner_building;
  std::vector<int8_t> edge_owner;
  core::HexId robber = core::kNone;
};

struct ReportEntry {
  int number = 0;        // 1-based
  Location at;           // where the entry starts in the log
  Location source;       // an imported entry: the event in the source record (line 0: none)
  std::string text;      // its first line in the log
  std::string player;    // the acting player
  std::string kind;      // the log's key: "roll", "settlement", ...
  bool judged = false;   // replayed (false after the first illegal entry)
  bool illegal = false;  // the first illegal entry
  std::vector<std::string> effects;  // "production: red +1 lumber", "VP: red 4 -> 5", ...
};

struct ReportData {
  GameReport report;
  std::string id;      // game.id, or "" when absent
  std::string view;    // `view:` of a player-view log, or ""
  std::string source;  // an imported game: "jsettlers game.soclog (program)", or ""
  std::vector<std::string> players;
  std::vector<std::string> colours;      // per player, "#RRGGBB" (diag/player_colours.hpp)
  std::optional<core::GameState> start;  // board and players; none when the header is illegal
  std::vector<ReportStep> steps;         // steps[k]: after entry k (illegal entry: unchanged)
  std::vector<ReportEntry> entries;      // every entry of the log
  std::optional<core::Action> illegal;   // the first illegal entry, to outline its place
};

}  // namespace catan::diag
