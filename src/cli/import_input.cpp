#include "cli/import_input.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "diag/render_text.hpp"

namespace catan::cli {

std::optional<std::string> resolve_format(const std::string& from, const std::string& file,
                                          std::string_view text, const importers::Format*& out) {
  out = from == "auto" ? importers::detect_format(text) : importers::find_format(from);
  if (out) return std::nullopt;
  return diag::visible(file) +
         ":1:1: error: not a game record of a format this program imports (known formats: " +
         importers::format_names() + "; a catan-log/1 file needs no import)";
}

std::string problem_text(const std::string& file, const importers::ImportProblem& p) {
  return fmt::format("{}:{}:{}: error: {}", diag::visible(file), p.at.line, p.at.column,
                     diag::visible(p.message));
}

std::optional<std::vector<log::Document>> imported_documents(const std::string& from, int view,
                                                             const std::string& file,
                                                             const std::string& text,
                                                             bool& failed) {
  failed = false;
  const importers::Format* format =
      from == "auto" ? importers::detect_format(text) : importers::find_format(from);
  if (!format) return std::nullopt;  // catan-log/1 (or not a record of another program)
  importers::ImportOptions io;
  io.view_seat = view;
  importers::Imported im = importers::import_source(*format, file, text, io);
  std::vector<log::Document> docs;
  for (const auto& p : im.problems) std::cerr << problem_text(file, p) << "\n";
  if (!im.problems.empty()) {
    failed = true;
    return docs;
  }
  for (auto& g : im.games) {
    log::Document d;
    d.index = static_cast<int>(docs.size());
    g.index = d.index;
    d.game = std::move(g);
    docs.push_back(std::move(d));
  }
  return docs;
}

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
