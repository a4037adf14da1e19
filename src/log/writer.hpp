// Writes catan-log/1 text (one flow-style entry per line) from core types; the inverse of
// the reader for everything the engine models. No yaml-cpp needed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/action.hpp"
#include "core/board.hpp"
#include "core/options.hpp"

namespace catan::log {

struct HeaderInfo {
  std::string id;
  std::string notes;
  core::Options options;
  std::vector<std::string> players;
  core::BoardSpec board;
  std::string view;  // `view:` a player's name or "spectator"; empty for a complete record
};

std::string write_header(const HeaderInfo& h);  // ends with "actions:\n"
std::string write_entry(const core::Action& a, const std::vector<std::string>& players);
std::string write_resources(const core::ResourceSet& s);  // "{wool: 2, ore: 1}" or "{}"
// A string as a YAML scalar: plain when every reader takes it as that string (`red`),
// else double-quoted with escapes (`"yes"`, `"a: b"`, `"\x09"`).
std::string write_scalar(std::string_view v);

}  // namespace catan::log
