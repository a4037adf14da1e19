// What import, check, show and redact share for inputs of other programs (--from).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "import/registry.hpp"
#include "log/model.hpp"

namespace CLI {
class App;
}

namespace catan::cli {

// The format of `file`: `from` itself, or with `from` "auto" the one its content shows.
// nullopt on success; else the message for a file of no known format (naming them).
std::optional<std::string> resolve_format(const std::string& from, const std::string& file,
                                          std::string_view text, const importers::Format*& out);

// "FILE:LINE:COLUMN: error: MESSAGE" for one import problem, safe for a terminal.
std::string problem_text(const std::string& file, const importers::ImportProblem& p);

// The --from choices: "auto", every registered format's name and aliases, and `extra`.
std::vector<std::string> from_choices(std::initializer_list<std::string> extra = {});

// For show and redact (--from FORMAT, --view N): the games of a record of another program
// (`from` names its format, or is "auto" and the content shows one) as documents; nullopt
// for a catan-log/1 file. Import problems are printed to standard error, one a line, and
// set `failed` (the vector is then empty).
std::optional<std::vector<log::Document>> imported_documents(const std::string& from, int view,
                                                             const std::string& file,
                                                             const std::string& text, bool& failed);

// show and report: `--from FORMAT` (default auto) and `--view N` for one file.
void add_from_options(CLI::App* cmd, std::string& from, int& view);

}  // namespace catan::cli
