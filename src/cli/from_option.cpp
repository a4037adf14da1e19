#include "cli/from_option.hpp"

#include <CLI/CLI.hpp>

#include "import/registry.hpp"

namespace catan::cli {

std::vector<std::string> from_choices(std::initializer_list<std::string> extra) {
  std::vector<std::string> out{"auto"};
  for (const importers::Format& f : importers::formats()) {
    out.emplace_back(f.name);
    for (std::string_view a : f.aliases) out.emplace_back(a);
  }
  out.insert(out.end(), extra);
  return out;
}

void add_from_options(CLI::App* cmd, std::string& from, int& view) {
  cmd->add_option("--from", from,
                  "A file that is not catan-log/1: " + importers::format_names(", ") +
                      ", imported in memory; auto (the default) recognises it by content")
      ->check(CLI::IsMember(from_choices()))
      ->default_str("auto");
  cmd->add_option("--view", view, "An imported JSettlers2 log: what seat N received")
      ->type_name("N")
      ->check(CLI::Range(0, 5));
}

}  // namespace catan::cli
