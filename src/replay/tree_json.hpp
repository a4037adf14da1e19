// A parsed YAML or JSON tree written as JSON: plain scalars that are integers as numbers,
// every other scalar as a string (catan-log/1's scalars), in the order read. Used to give
// catan-log/1 text written by log::writer as JSON (`import --format json`, legal actions as
// objects in `serve` and the Python module).
#pragma once

#include <string>
#include <vector>

#include "core/board.hpp"
#include "diag/json_writer.hpp"
#include "text/yaml_tree.hpp"

namespace catan::replay {

void write_tree_json(const text::Node& n, diag::JsonWriter& w);
// catan-log/1 entries written as YAML flow text, each as one line of JSON. Read at once as
// a block sequence (the form of a log's `actions`, which the fast reader takes; a lone flow
// collection would go to yaml-cpp at ~18 us an entry).
std::vector<std::string> flows_to_json(const std::vector<std::string>& yaml_flows);
// A board as catan-log/1's `board` reads, as one line of JSON (a board made for a live
// game, returned in full).
std::string board_json(const core::BoardSpec& board);

}  // namespace catan::replay
