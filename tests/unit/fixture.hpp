// Helpers for rule tests: a standard board and set-up, and a one-call replay of YAML text.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.hpp"

namespace catan::test {

// The header of a 4-player game (red, blue, white, orange) on the standard board below,
// with `rules:` set to `rules` when non-empty; ends with "actions:\n".
//   row r=-2: [0,-2] mountains 10, [1,-2] pasture 2, [2,-2] forest 9
//   row r=-1: [-1,-1] fields 12, [0,-1] hills 6, [1,-1] pasture 4, [2,-1] hills 10
//   row r= 0: [-2,0] fields 9, [-1,0] forest 11, [0,0] desert, [1,0] forest 3, [2,0] mountains 8
//   row r= 1: [-2,1] forest 8, [-1,1] mountains 3, [0,1] fields 4, [1,1] pasture 5
//   row r= 2: [-2,2] hills 5, [-1,2] fields 6, [0,2] pasture 11
// Harbors: [0,-2,NW] 3:1, [1,-2,NE] wool, [2,-1,E] 3:1, [1,1,E] 3:1, [0,2,SE] brick,
// [-1,2,SW] lumber, [-2,1,W] 3:1, [-2,0,NW] grain, [-1,-1,NW] ore. Robber on [0,0].
std::string header(const std::string& rules = "",
                   const std::string& players = "[red, blue, white, orange]");

// The 16 legal set-up entries for that header (red, blue, white, orange, then back):
//   red [0,-1,S] + road [0,-1,SW];  blue [1,-1,SE] + [1,-1,E];  white [-1,1,S] + [-1,1,SE];
//   orange [1,0,S] + [1,0,SE];  orange [0,1,S] + [0,1,SE] (grain 2, wool 1);
//   white [-2,1,N] + [-2,1,NW] (lumber 2, grain 1);  blue [0,-2,S] + [0,-2,SW] (ore, grain,
//   brick);  red [1,-2,S] + [1,-2,SE] (wool 2, brick 1).
// After it: red {wool 2, brick 1}, blue {ore 1, grain 1, brick 1}, white {lumber 2, grain 1},
// orange {grain 2, wool 1}; turn 1, red to roll.
std::string setup();
inline constexpr int kSetupActions = 16;

struct Verdict {
  diag::Status status = diag::Status::Legal;
  std::string rule;  // "" when legal or malformed
  int action = 0;
  int line = 0;
  int column = 0;
  std::string message;
  int warnings = 0;
  std::string first_warning_rule;
  std::vector<core::Note> notes;  // the error's notes
};

// The text of the n-th note labelled `label` (0-based), or "" when there is none.
std::string note_text(const Verdict& v, const std::string& label, int n = 0);
// The notes labelled `label`, in order.
std::vector<core::Note> notes_of(const Verdict& v, const std::string& label);

// Reads and replays the first game of `yaml`.
Verdict run(const std::string& yaml);
// 1-based line of the first line of `yaml` containing `needle` (0 if none).
int line_of(const std::string& yaml, const std::string& needle);

}  // namespace catan::test
