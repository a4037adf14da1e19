// Five- and six-player games for tests: RULES-5-6.md's sample board S56 (Appendix A) and a
// legal snake set-up on it, as catan-log/1 text, replayed through the one Replayer.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"

namespace catan::test {

// The S56 board's header part (hexes, harbors, robber), one line each.
inline std::string s56_board() {
  return R"(board:
  hexes:
    - {at: [0, -3], terrain: fields, number: 2}
    - {at: [1, -3], terrain: forest, number: 8}
    - {at: [2, -3], terrain: pasture, number: 4}
    - {at: [-1, -2], terrain: hills, number: 5}
    - {at: [0, -2], terrain: forest, number: 10}
    - {at: [1, -2], terrain: fields, number: 12}
    - {at: [2, -2], terrain: forest, number: 8}
    - {at: [-2, -1], terrain: mountains, number: 4}
    - {at: [-1, -1], terrain: pasture, number: 11}
    - {at: [0, -1], terrain: forest, number: 3}
    - {at: [1, -1], terrain: hills, number: 9}
    - {at: [2, -1], terrain: hills, number: 3}
    - {at: [-3, 0], terrain: pasture, number: 6}
    - {at: [-2, 0], terrain: forest, number: 12}
    - {at: [-1, 0], terrain: fields, number: 2}
    - {at: [0, 0], terrain: mountains, number: 6}
    - {at: [1, 0], terrain: fields, number: 5}
    - {at: [2, 0], terrain: desert}
    - {at: [-3, 1], terrain: forest, number: 3}
    - {at: [-2, 1], terrain: pasture, number: 10}
    - {at: [-1, 1], terrain: desert}
    - {at: [0, 1], terrain: pasture, number: 9}
    - {at: [1, 1], terrain: mountains, number: 6}
    - {at: [-3, 2], terrain: pasture, number: 9}
    - {at: [-2, 2], terrain: fields, number: 5}
    - {at: [-1, 2], terrain: mountains, number: 4}
    - {at: [0, 2], terrain: mountains, number: 10}
    - {at: [-3, 3], terrain: fields, number: 8}
    - {at: [-2, 3], terrain: hills, number: 11}
    - {at: [-1, 3], terrain: hills, number: 11}
  harbors:
    - {at: [0, -4, SE], trade: "3:1"}
    - {at: [1, -3, NE], trade: "3:1"}
    - {at: [2, -2, NE], trade: "3:1"}
    - {at: [2, -1, E], trade: "3:1"}
    - {at: [1, 1, E], trade: brick}
    - {at: [0, 2, SE], trade: ore}
    - {at: [-2, 3, SE], trade: wool}
    - {at: [-4, 4, NE], trade: grain}
    - {at: [-4, 2, NE], trade: lumber}
    - {at: [-4, 0, E], trade: "3:1"}
    - {at: [-2, -2, SE], trade: wool}
  robber: [2, 0]
)";
}

// A game on S56 with `players` (5 or 6) of red, blue, white, orange, green, brown, the
// set-up below, then `actions`. After the set-up (10 or 12 entries) the hands are: red
// {lumber 2, grain 1}, blue {lumber 1, brick 1}, white {wool 1, ore 1}, orange {wool 1,
// grain 1, ore 1}, green {lumber 1, wool 1, grain 1}, brown {wool 1, grain 2}. Each player
// has two settlements, on the N corners of: red [0,-2] [0,-1]; blue [1,-2] [2,-1]; white
// [-1,0] [-1,2]; orange [1,0] [0,1]; green [-2,2] [-2,1]; brown [-3,1] [-3,3]; and a road
// on each one's NE side.
struct Log56 {
  int players = 5;
  std::string rules;
  std::vector<std::string> actions;
  std::string header_players;       // overrides `players:` when set
  std::vector<std::string> setup;   // overrides the set-up entries when not empty
  std::string board = s56_board();  // the header's board part

  Log56(int n, std::string r = "") : players(n), rules(std::move(r)) {}
  Log56& act(const std::string& entry) {
    actions.push_back(entry);
    return *this;
  }
  static constexpr const char* kNames[] = {"red", "blue", "white", "orange", "green", "brown"};
  int setup_actions() const { return setup.empty() ? 4 * players : static_cast<int>(setup.size()); }
  std::string text() const {
    const char* first[] = {"0, -2", "1, -2", "-1, 0", "1, 0", "-2, 2", "-3, 1"};
    const char* second[] = {"0, -1", "2, -1", "-1, 2", "0, 1", "-2, 1", "-3, 3"};
    std::string names;
    for (int p = 0; p < players; ++p) names += (p ? ", " : "") + std::string(kNames[p]);
    std::string out = "format: catan-log/1\ngame: {id: five-six}\n";
    if (!rules.empty()) out += "rules: " + rules + "\n";
    out += "players: [" + (header_players.empty() ? names : header_players) + "]\n";
    out += board + "actions:\n";
    auto place = [&](int p, const char* at) {
      out += "  - {player: " + std::string(kNames[p]) + ", settlement: [" + at + ", N]}\n";
      out += "  - {player: " + std::string(kNames[p]) + ", road: [" + at + ", NE]}\n";
    };
    if (!setup.empty()) {
      for (const auto& e : setup) out += "  - " + e + "\n";
    } else {
      for (int p = 0; p < players; ++p) place(p, first[p]);
      for (int p = players - 1; p >= 0; --p) place(p, second[p]);
    }
    for (const auto& a : actions) out += "  - " + a + "\n";
    return out;
  }
  // The line of the k-th added action (1-based).
  int line_of_action(int k) const {
    const std::string t = text();
    int line = 1, seen = 0;
    const std::string marker = "actions:\n";
    size_t at = t.find(marker);
    for (size_t i = 0; i < at + marker.size(); ++i) line += t[i] == '\n';
    return line + setup_actions() + k - 1 - seen;
  }
  // The header line holding `needle` (for header verdicts).
  int line_of(const std::string& needle) const {
    const std::string t = text();
    const size_t at = t.find(needle);
    REQUIRE(at != std::string::npos);
    int line = 1;
    for (size_t i = 0; i < at; ++i) line += t[i] == '\n';
    return line;
  }
  diag::GameReport check() const {
    auto docs = log::read_string(text());
    REQUIRE(docs.size() == 1);
    if (!docs.front().game) FAIL("not read: " << docs.front().error->message);
    return replay::replay("five-six.yaml", *docs.front().game, {}).report;
  }
};

}  // namespace catan::test
