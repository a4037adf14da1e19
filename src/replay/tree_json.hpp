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
// One catan-log/1 value written as YAML flow text (an entry), as one line of JSON.
std::string flow_to_json(const std::string& yaml_flow);
// Many at once (legal actions): read as one flow sequence, so that they share one parse and
// one arena instead of a parse each (a parse's set-up cost most of a legal-actions answer).
std::vector<std::string> flows_to_json(const std::vector<std::string>& yaml_flows);
// A board as catan-log/1's `board` reads, as one line of JSON (a board made for a live
// game, returned in full).
std::string board_json(const core::BoardSpec& board);

}  // namespace catan::replay
