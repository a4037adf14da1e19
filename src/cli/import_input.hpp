// What import, check, show and redact share for inputs of other programs (--from).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "log/import.hpp"

namespace catan::cli {

// The format of `file`: `from` itself, or with `from` "auto" the one its content shows.
// nullopt on success; else the message for a file of no known format (naming them).
std::optional<std::string> resolve_format(const std::string& from, const std::string& file,
                                          std::string_view text, log::SourceFormat& out);

// "FILE:LINE:COLUMN: error: MESSAGE" for one import problem, safe for a terminal.
std::string problem_text(const std::string& file, const log::ImportProblem& p);

}  // namespace catan::cli
