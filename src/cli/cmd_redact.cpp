// `catan-referee redact FILE --view P|spectator`: the view of a complete log from one seat
// or a spectator, so any complete log can test the player-view checker, and a game can be
// published without revealing hands.
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/from_option.hpp"
#include "cli/out_dir.hpp"
#include "diag/render_text.hpp"
#include "log/reader.hpp"
#include "log/redact.hpp"
#include "log/writer.hpp"
#include "replay/input.hpp"

namespace catan::cli {

namespace {

struct RedactCliOptions {
  std::string file;
  std::string view;
  bool hide_discards = false;
  std::string dice = "pair";
  std::string out = "-";
  bool force = false;
  std::string from = "auto";
};

int run_redact(const RedactCliOptions& o) {
  replay::InputOptions io;
  io.from = o.from;
  replay::Input in;
  const std::vector<log::Document> docs = replay::read_all_documents(o.file, io, in);
  for (const replay::InputProblem& e : in.errors)
    std::cerr << replay::problem_text(in.from, e) << "\n";
  if (!in.errors.empty()) return kExitMalformed;
  std::string dir, name;
  if (o.out != "-") {
    const std::filesystem::path out(o.out);
    dir = out.has_parent_path() ? out.parent_path().string() : ".";
    name = out.filename().string();
    if (std::string err = check_out_dir(dir); !err.empty()) {
      std::cerr << "catan-referee: " << err << "\n";
      return kExitMalformed;
    }
  }
  int status = kExitLegal;
  std::string result;
  for (const log::Document& doc : docs) {
    if (!doc.game) {
      std::cerr << in.from.shown << ":" << doc.error->at.line << ":" << doc.error->at.column
                << ": error: " << diag::visible(doc.error->message) << "\n";
      status = kExitMalformed;
      continue;
    }
    log::RedactOptions ro;
    ro.hide_discards = o.hide_discards;
    ro.dice_sum = o.dice == "sum";
    const std::optional<std::string> view = log::redact_game(*doc.game, o.view, ro);
    if (!view) {
      std::cerr << in.from.shown << ": error: --view names a player of the game or "
                << "`spectator`, not '" << diag::visible(o.view) << "'\n";
      status = kExitMalformed;
      continue;
    }
    result += (result.empty() ? "" : "---\n") + *view;
  }
  if (status != kExitLegal) return status;
  if (o.out == "-") {
    std::cout << result;
    return finish_output(status);
  }
  if (std::string err = write_out_file(dir, name, result, o.force); !err.empty()) {
    std::cerr << "catan-referee: " << err << "\n";
    return kExitMalformed;
  }
  return status;
}

}  // namespace

Runner set_redact_command(CLI::App& app) {
  auto o = std::make_shared<RedactCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "redact",
      "Write the view of a complete log from one seat or a spectator: unseen steals, "
      "purchases (and, on request, discards) become `hidden`.");
  cmd->add_option("file", o->file, "A complete catan-log/1 file, or - (standard input)")
      ->required();
  cmd->add_option("--view", o->view, "The recorder: a player's name, or spectator")->required();
  cmd->add_flag("--hide-discards", o->hide_discards,
                "Other players' discards become {hidden: N} (as some servers record them)");
  cmd->add_option("--dice", o->dice,
                  "pair (two dice, the default) or sum (roll: N, as some servers "
                  "record them)")
      ->check(CLI::IsMember({"pair", "sum"}));
  cmd->add_option("--out", o->out,
                  "Output file, or - (standard output); written as generate "
                  "--out writes, never through a symbolic link")
      ->default_val("-");
  cmd->add_flag("--force", o->force, "Replace the --out file if it exists");
  cmd->add_option("--from", o->from,
                  "A file that is not catan-log/1: " + importers::format_names(", ") +
                      ", imported in memory (its complete record); auto (the default) "
                      "recognises it by content")
      ->check(CLI::IsMember(from_choices()))
      ->default_str("auto");
  return [o] { return run_redact(*o); };
}

}  // namespace catan::cli
