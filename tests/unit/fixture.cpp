#include "fixture.hpp"

#include <sstream>

#include "core/rule_catalog.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"

namespace catan::test {

std::string header(const std::string& rules, const std::string& players) {
  std::string out = "format: catan-log/1\n";
  if (!rules.empty()) out += "rules: " + rules + "\n";
  out += "players: " + players + "\n";
  out += R"(board:
  hexes:
    - {at: [0, -2], terrain: mountains, number: 10}
    - {at: [1, -2], terrain: pasture, number: 2}
    - {at: [2, -2], terrain: forest, number: 9}
    - {at: [-1, -1], terrain: fields, number: 12}
    - {at: [0, -1], terrain: hills, number: 6}
    - {at: [1, -1], terrain: pasture, number: 4}
    - {at: [2, -1], terrain: hills, number: 10}
    - {at: [-2, 0], terrain: fields, number: 9}
    - {at: [-1, 0], terrain: forest, number: 11}
    - {at: [0, 0], terrain: desert}
    - {at: [1, 0], terrain: forest, number: 3}
    - {at: [2, 0], terrain: mountains, number: 8}
    - {at: [-2, 1], terrain: forest, number: 8}
    - {at: [-1, 1], terrain: mountains, number: 3}
    - {at: [0, 1], terrain: fields, number: 4}
    - {at: [1, 1], terrain: pasture, number: 5}
    - {at: [-2, 2], terrain: hills, number: 5}
    - {at: [-1, 2], terrain: fields, number: 6}
    - {at: [0, 2], terrain: pasture, number: 11}
  harbors:
    - {at: [0, -2, NW], trade: "3:1"}
    - {at: [1, -2, NE], trade: wool}
    - {at: [2, -1, E], trade: "3:1"}
    - {at: [1, 1, E], trade: "3:1"}
    - {at: [0, 2, SE], trade: brick}
    - {at: [-1, 2, SW], trade: lumber}
    - {at: [-2, 1, W], trade: "3:1"}
    - {at: [-2, 0, NW], trade: grain}
    - {at: [-1, -1, NW], trade: ore}
  robber: [0, 0]
actions:
)";
  return out;
}

std::string setup() {
  return R"(  - {player: red, settlement: [0, -1, S]}
  - {player: red, road: [0, -1, SW]}
  - {player: blue, settlement: [1, -1, SE]}
  - {player: blue, road: [1, -1, E]}
  - {player: white, settlement: [-1, 1, S]}
  - {player: white, road: [-1, 1, SE]}
  - {player: orange, settlement: [1, 0, S]}
  - {player: orange, road: [1, 0, SE]}
  - {player: orange, settlement: [0, 1, S]}
  - {player: orange, road: [0, 1, SE]}
  - {player: white, settlement: [-2, 1, N]}
  - {player: white, road: [-2, 1, NW]}
  - {player: blue, settlement: [0, -2, S]}
  - {player: blue, road: [0, -2, SW]}
  - {player: red, settlement: [1, -2, S]}
  - {player: red, road: [1, -2, SE]}
)";
}

Verdict run(const std::string& yaml) {
  Verdict v;
  auto docs = log::read_string(yaml);
  if (docs.empty() || !docs.front().game) {
    v.status = diag::Status::Malformed;
    if (!docs.empty() && docs.front().error) {
      v.line = docs.front().error->at.line;
      v.column = docs.front().error->at.column;
      v.message = docs.front().error->message;
    }
    return v;
  }
  replay::Outcome out = replay::replay("test.yaml", *docs.front().game, {});
  v.status = out.report.status;
  v.warnings = static_cast<int>(out.report.warnings.size());
  if (!out.report.warnings.empty() && out.report.warnings.front().rule)
    v.first_warning_rule = std::string(core::id(*out.report.warnings.front().rule));
  if (out.report.error) {
    const auto& e = *out.report.error;
    if (e.rule) v.rule = std::string(core::id(*e.rule));
    v.action = e.action;
    v.line = e.at.line;
    v.column = e.at.column;
    v.message = e.message;
    v.notes = e.notes;
  }
  return v;
}

std::vector<core::Note> notes_of(const Verdict& v, const std::string& label) {
  std::vector<core::Note> out;
  for (const auto& n : v.notes)
    if (n.label == label) out.push_back(n);
  return out;
}

std::string note_text(const Verdict& v, const std::string& label, int n) {
  const auto all = notes_of(v, label);
  return n < static_cast<int>(all.size()) ? all[static_cast<size_t>(n)].text : std::string();
}

int line_of(const std::string& yaml, const std::string& needle) {
  std::istringstream in(yaml);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find(needle) != std::string::npos) return n;
  return 0;
}

}  // namespace catan::test
