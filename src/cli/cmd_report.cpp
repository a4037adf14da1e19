// `catan-referee report FILE [--out report.html]`: one self-contained HTML page per game,
// to step through the board, the hands and the verdict in a browser.
#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "cli/colors_option.hpp"
#include "cli/commands.hpp"
#include "cli/from_option.hpp"
#include "cli/out_dir.hpp"
#include "cli/progress.hpp"
#include "diag/render_html.hpp"
#include "diag/render_text.hpp"
#include "log/reader.hpp"
#include "replay/at_spec.hpp"
#include "replay/input.hpp"
#include "replay/replay.hpp"
#include "replay/report_page.hpp"

namespace catan::cli {

using replay::AtSpec;
using replay::kAtUsage;
using replay::parse_at;

namespace {

struct ReportOptions {
  std::string file;
  std::string out;  // "" = the log's name with .html, in the current folder
  bool force = false;
  std::vector<std::string> rules;
  size_t max_worlds = rules::kDefaultMaxWorlds;
  size_t max_entries = 50000;  // a page holds a timeline entry and a step of state data per entry
  std::string from = "auto";   // --from: a record of another program, imported in memory
  int view = -1;               // --view N: an imported JSettlers2 log as seat N received it
  std::string at = "error";    // --at: the step the page opens at
  std::string colors;          // --colors NAME=COLOUR,...
};

// report.html for the only game of a file; report-game-2.html for the second of several.
std::string page_name(const std::string& name, int game, size_t games) {
  if (games == 1) return name;
  const std::filesystem::path p(name);
  return p.stem().string() + "-game-" + std::to_string(game) + p.extension().string();
}

int run_report(const ReportOptions& o) {
  const std::optional<AtSpec> at = parse_at(o.at);
  if (!at) {
    std::cerr << "catan-referee: " << kAtUsage << "\n";
    return kExitMalformed;
  }
  replay::Settings settings;
  settings.max_worlds = o.max_worlds;
  if (std::string err = parse_rule_overrides(o.rules, settings.rule_overrides); !err.empty()) {
    std::cerr << "catan-referee: " << err << "\n";
    return kExitMalformed;
  }
  const std::optional<diag::ColourChoices> colours = read_colors_option(o.colors);
  if (!colours) return kExitMalformed;
  replay::InputOptions io;
  io.from = o.from;
  io.view_seat = o.view;
  replay::Input in;
  std::vector<log::Document> docs = replay::read_all_documents(o.file, io, in);
  for (const replay::InputProblem& e : in.errors)
    std::cerr << replay::problem_text(in.from, e) << "\n";
  if (!in.errors.empty()) return kExitMalformed;
  const std::string& text = in.text;
  const bool from_stdin = o.file == "-";
  const std::string file = from_stdin ? "<stdin>" : o.file;  // as diagnostics name it
  std::string dir = ".", name;
  if (o.out.empty()) {
    name = (from_stdin ? std::string("stdin") : std::filesystem::path(o.file).stem().string()) +
           ".html";
  } else if (o.out != "-") {
    const std::filesystem::path out(o.out);
    dir = out.has_parent_path() ? out.parent_path().string() : ".";
    name = out.filename().string();
  }
  if (o.out != "-")
    if (std::string err = check_out_dir(dir); !err.empty()) {
      std::cerr << "catan-referee: " << err << "\n";
      return kExitMalformed;
    }
  if (o.out == "-" && docs.size() != 1) {
    std::cerr << "catan-referee: --out - (standard output) takes a file of one game; this one "
              << "has " << docs.size() << "\n";
    return kExitMalformed;
  }
  const std::string log_href = from_stdin ? std::string() : replay::file_url(o.file);
  int status = kExitLegal;
  Progress progress(progress_wanted(o.out == "-"), 1, std::cout, "reported");
  for (const log::Document& doc : docs) {
    progress.clear();
    if (!doc.game) {
      std::cerr << diag::render_text(replay::malformed(file, doc), true);
      status = kExitMalformed;
      continue;
    }
    if (doc.game->actions.size() > o.max_entries) {
      std::cerr << fmt::format(
          "{}:{}:{}: error: game {} has {} entries; a report holds at most {} (--max-entries)\n",
          diag::visible(file), doc.game->at.line, doc.game->at.column, doc.index + 1,
          doc.game->actions.size(), o.max_entries);
      status = kExitMalformed;
      continue;
    }
    const replay::ReportPage page = replay::report_page(file, text, *doc.game, settings, *at,
                                                        log_href, rules_reference(), *colours);
    if (page.status == diag::Status::Illegal && status == kExitLegal) status = kExitIllegal;
    if (page.status == diag::Status::Unsupported) status = kExitMalformed;
    progress.game_done();  // drawn now, erased before anything is written
    progress.clear();
    if (o.out == "-") {
      std::cout << page.html;
      continue;
    }
    const std::string target = page_name(name, doc.index + 1, docs.size());
    if (std::string err = write_out_file(dir, target, page.html, o.force); !err.empty()) {
      std::cerr << "catan-referee: " << err << "\n";
      return kExitMalformed;
    }
    std::cerr << "catan-referee: wrote " << diag::visible(dir == "." ? target : dir + "/" + target)
              << " (" << diag::to_string(page.status) << ")\n";
  }
  progress.clear();
  return status;
}

}  // namespace

Runner set_report_command(CLI::App& app) {
  auto o = std::make_shared<ReportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "report",
      "Write a self-contained HTML report of each game: the board at every step, a timeline "
      "of the entries, hands, VP, bank and the verdict.");
  cmd->add_option("file", o->file,
                  "A catan-log/1 file, or a game record of another program (see --from); - "
                  "reads standard input (the page is stdin.html)")
      ->required();
  cmd->add_option("--out", o->out,
                  "The HTML file (default: the log's name with .html, in the current folder; "
                  "a file of several games gets NAME-game-N.html each; - for standard output)");
  cmd->add_flag("--force", o->force, "Replace HTML files that already exist");
  cmd->add_option("--rule", o->rules, "Override a rules option: KEY=VALUE (repeatable)")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  cmd->add_option("--max-worlds", o->max_worlds,
                  "Player-view logs: the most distinct worlds kept one by one (as for check)")
      ->check(CLI::Range(size_t{1}, size_t{100000000}))
      ->default_val(rules::kDefaultMaxWorlds);
  add_from_options(cmd, o->from, o->view);
  cmd->add_option("--at", o->at,
                  std::string("The step the page opens at: ") + replay::kAtHelp +
                      " (the page still "
                      "steps through the whole game)")
      ->default_val("error");
  cmd->add_option("--max-entries", o->max_entries,
                  "The most entries a game may have for its page (each adds a timeline entry "
                  "and a step of state data)")
      ->check(CLI::Range(size_t{1}, size_t{1000000}))
      ->default_val(50000);
  add_colors_option(cmd, o->colors, "");
  return [o] { return run_report(*o); };
}

}  // namespace catan::cli
