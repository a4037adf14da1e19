#include "cli/import_input.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "diag/render_text.hpp"

namespace catan::cli {

std::optional<std::string> resolve_format(const std::string& from, const std::string& file,
                                          std::string_view text, log::SourceFormat& out) {
  if (from != "auto") {
    out = *log::parse_source_format(from);
    return std::nullopt;
  }
  if (auto f = log::detect_format(text)) {
    out = *f;
    return std::nullopt;
  }
  return diag::visible(file) +
         ":1:1: error: not a game record of a format this program imports (known formats: " +
         std::string(log::known_formats()) + "; a catan-log/1 file needs no import)";
}

std::string problem_text(const std::string& file, const log::ImportProblem& p) {
  return fmt::format("{}:{}:{}: error: {}", diag::visible(file), p.at.line, p.at.column,
                     diag::visible(p.message));
}

std::optional<std::vector<log::Document>> imported_documents(const std::string& from, int view,
                                                             const std::string& file,
                                                             const std::string& text,
                                                             bool& failed) {
  failed = false;
  std::optional<log::SourceFormat> format =
      from == "auto" ? log::detect_format(text) : log::parse_source_format(from);
  if (!format) return std::nullopt;  // catan-log/1 (or not a record of another program)
  log::ImportOptions io;
  io.view_seat = view;
  log::Imported im = log::import_source(*format, file, text, io);
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

void add_from_options(CLI::App* cmd, std::string& from, int& view) {
  cmd->add_option("--from", from,
                  "A file that is not catan-log/1: jsettlers, catanatron or catanlogs, imported "
                  "in memory; auto (the default) recognises it by content")
      ->check(CLI::IsMember({"auto", "jsettlers", "catanatron", "catanlogs"}))
      ->default_str("auto");
  cmd->add_option("--view", view, "An imported JSettlers2 log: what seat N received")
      ->type_name("N")
      ->check(CLI::Range(0, 5));
}

}  // namespace catan::cli
