// Writes catan-log/1 text (one flow-style entry per line) from core types; the inverse of
// the reader for everything the engine models. No yaml-cpp needed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/action.hpp"
#include "core/board.hpp"
#include "core/options.hpp"
#include "log/model.hpp"

namespace catan::log {

struct HeaderInfo {
  std::string id;
  std::string notes;
  core::Options options;
  std::vector<std::string> players;
  core::BoardSpec board;
  std::string view;  // `view:` a player's name or "spectator"; empty for a complete record
};

// Ends with "actions:\n". `source`: an imported game's `game: {source: {...}}`.
std::string write_header(const HeaderInfo& h, const Source* source = nullptr);
// A whole game read or imported into the model: header, entries, result. An imported
// entry's line ends with a comment naming its source line (`# pl4-g001.soclog:2345`).
std::string write_game(const Game& g);
std::string write_entry(const core::Action& a, const std::vector<std::string>& players);
std::string write_resources(const core::ResourceSet& s);  // "{wool: 2, ore: 1}" or "{}"
// A string as a YAML scalar: plain when every reader takes it as that string (`red`),
// else double-quoted with escapes (`"yes"`, `"a: b"`, `"\x09"`).
std::string write_scalar(std::string_view v);

}  // namespace catan::log
