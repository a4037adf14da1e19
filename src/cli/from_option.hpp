// What the commands that read other programs' records share on the command line: the
// --from choices (the import registry's names and aliases) and the show/report options.
// Reading itself is replay::read_documents (replay/input.hpp) or replay::check_file.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace catan::cli {

// The --from choices: "auto", every registered format's name and aliases, and `extra`.
std::vector<std::string> from_choices(std::initializer_list<std::string> extra = {});

// show and report: `--from FORMAT` (default auto) and `--view N` for one file.
void add_from_options(CLI::App* cmd, std::string& from, int& view);

}  // namespace catan::cli
