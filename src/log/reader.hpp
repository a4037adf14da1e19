// Reads catan-log/1 documents (../shared/spec/LOG-FORMAT.md, docs/FORMAT-DECISIONS.md):
// strict about shape (unknown, duplicate or missing keys, wrong types, YAML 1.1 spellings),
// silent about rules (coordinates off the island, wrong counts are for the rules engine).
#pragma once

#include <functional>
#include <istream>

#include "log/model.hpp"

namespace catan::log {

// Calls `visit` for every document of the stream, in order. After a YAML syntax error
// the rest of the stream cannot be read; that document is the last one visited.
void read_stream(std::istream& in, const std::function<void(Document&&)>& visit);

// Convenience: all documents of a string.
std::vector<Document> read_string(const std::string& text);

}  // namespace catan::log
