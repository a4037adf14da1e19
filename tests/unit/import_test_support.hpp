// Shared by the importer tests (tests/unit and tests/realgames): the files of a folder, a
// verdict in one line, and the catan-log/1 round trip of an imported game.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/rule_catalog.hpp"
#include "import/registry.hpp"
#include "log/reader.hpp"
#include "log/writer.hpp"
#include "replay/replay.hpp"

namespace catan::test {

inline std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir,
                                                   const std::string& ext) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// "illegal TURN-07 at action 41" / "legal, winner blue".
inline std::string verdict_text(const diag::GameReport& r) {
  static const char* kStatus[] = {"legal", "incomplete", "illegal", "malformed", "unsupported"};
  std::string s = kStatus[static_cast<int>(r.status)];
  if (r.error && r.error->rule)
    s += " " + std::string(core::id(*r.error->rule)) + " at action " +
         std::to_string(r.error->action);
  if (!r.winner.empty()) s += ", winner " + r.winner;
  return s;
}

inline std::string first_rule(const diag::GameReport& r) {
  return r.error && r.error->rule ? std::string(core::id(*r.error->rule)) : std::string();
}

// The game as catan-log/1 YAML, the way `import` writes it.
inline std::string to_yaml(const log::Game& g) {
  log::HeaderInfo h;
  h.id = g.id;
  h.options = g.options;
  h.players = g.players;
  h.board = g.board;
  if (g.has_view) h.view = g.view_player < 0 ? "spectator" : g.players[g.view_player];
  std::string out = log::write_header(h);
  for (const log::Entry& e : g.actions)
    out += "  - " + log::write_entry(e.action, g.players) + "\n";
  if (g.result_winner)
    out += "result: {winner: " + log::write_scalar(g.players[*g.result_winner]) + "}\n";
  return out;
}

}  // namespace catan::test
