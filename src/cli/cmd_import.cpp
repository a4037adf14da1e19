// `catan-referee import --from FORMAT FILE...`: another program's game record as
// catan-log/1 (YAML, or JSON with --format json), one document per game.
#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <span>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/from_option.hpp"
#include "cli/out_dir.hpp"
#include "cli/progress.hpp"
#include "diag/json_writer.hpp"
#include "diag/render_text.hpp"
#include "import/registry.hpp"
#include "log/writer.hpp"
#include "replay/input.hpp"
#include "replay/tree_json.hpp"
#include "text/yaml_tree.hpp"

namespace catan::cli {

namespace {

struct ImportCliOptions {
  std::string from = "auto";
  std::vector<std::string> files;
  std::string out = "-";
  std::string format = "yaml";
  int view = -1;
  bool force = false;
  bool list_formats = false;
};

// The catan-log/1 YAML this program wrote, as one line of JSON (JSON Lines for several).
std::string yaml_to_json(const std::string& yaml) {
  std::istringstream in(yaml);
  text::DocumentReader reader(in);
  std::string out;
  for (;;) {
    text::Arena arena;
    const std::optional<text::Node> doc = reader.next(arena);
    if (!doc) break;
    diag::JsonWriter w(false);
    replay::write_tree_json(*doc, w);
    out += w.str() + "\n";
  }
  return out;
}

// --list-formats: the format registry, a block per format (text) or one JSON array.
int list_formats(const std::string& format) {
  auto joined = [](std::span<const std::string_view> items) {
    std::string out;
    for (std::string_view i : items) out += (out.empty() ? "" : " ") + std::string(i);
    return out;
  };
  if (format == "json") {
    diag::JsonWriter w(false);
    w.begin_array();
    for (const importers::Format& f : importers::formats()) {
      w.begin_object();
      w.key("name");
      w.value(f.name);
      w.key("aliases");
      w.begin_array();
      for (std::string_view a : f.aliases) w.value(a);
      w.end_array();
      w.key("extensions");
      w.begin_array();
      for (std::string_view e : f.extensions) w.value(e);
      w.end_array();
      w.key("title");
      w.value(f.title);
      w.key("expresses");
      w.value(f.expresses);
      w.key("doc");
      w.value(f.doc);
      w.key("seat-views");
      w.value(f.seat_views);
      w.end_object();
    }
    w.end_array();
    std::cout << w.str() << "\n";
    return kExitLegal;
  }
  for (const importers::Format& f : importers::formats()) {
    std::cout << f.name << "\n  " << f.title << "\n";
    if (!f.aliases.empty()) std::cout << "  also named: " << joined(f.aliases) << "\n";
    std::cout << "  files: " << joined(f.extensions) << " (recognised by content)\n"
              << "  holds: " << f.expresses << "\n"
              << "  --view N: " << (f.seat_views ? "yes" : "no") << "\n"
              << "  mapping: " << f.doc << "\n";
  }
  return kExitLegal;
}

int run_import(const ImportCliOptions& o) {
  if (o.list_formats) return list_formats(o.format);
  if (o.files.empty()) {
    std::cerr << "import: a FILE is required (or --list-formats)\n"
                 "Run with --help for more information.\n";
    return kExitMalformed;
  }
  if (o.out != "-")
    if (std::string err = check_out_dir(o.out); !err.empty()) {
      std::cerr << "catan-referee: " << err << "\n";
      return kExitMalformed;
    }
  int status = kExitLegal;
  std::string to_stdout;
  Progress progress(progress_wanted(o.out == "-"), o.files.size(), std::cout, "imported");
  // NAME.yaml written by this run, and from which file: two sources of one name (a/x.soclog,
  // b/x.soclog) never replace each other, --force or not (as cp will not overwrite a file
  // it has just created); --force replaces only what was there before the run.
  std::map<std::string, std::string> written;
  for (const std::string& file : o.files) {
    const FileDone done(progress);
    replay::InputOptions io;
    io.from = o.from;
    io.view_seat = o.view;
    io.records_only = true;
    std::string yaml;
    const replay::Input in =
        replay::read_documents(file, io, [&](log::Document&& d, const replay::Provenance&) {
          yaml += (yaml.empty() ? "" : "---\n") + log::write_game(*d.game);
          progress.game_done();
        });
    progress.clear();
    for (const replay::InputProblem& e : in.errors)
      std::cerr << replay::problem_text(in.from, e) << "\n";
    if (!in.errors.empty()) {
      if (in.from.format)  // the record's problems, each printed above
        std::cerr << in.from.shown << ": not imported (" << in.errors.size() << " problem(s))\n";
      status = kExitMalformed;
      continue;
    }
    const std::string text_out = o.format == "json" ? yaml_to_json(yaml) : yaml;
    if (o.out == "-") {
      if (o.format == "yaml" && !to_stdout.empty()) to_stdout += "---\n";
      to_stdout += text_out;
      continue;
    }
    const std::string name =
        (file == "-" ? std::string("stdin") : std::filesystem::path(file).stem().string()) +
        (o.format == "json" ? ".jsonl" : ".yaml");
    if (const auto it = written.find(name); it != written.end()) {
      progress.clear();
      std::cerr << "catan-referee: " << diag::visible(file) << ": not written: "
                << diag::visible((std::filesystem::path(o.out) / name).string())
                << " was just written from " << diag::visible(it->second)
                << " (two files of the same name; import them into separate folders)\n";
      status = kExitMalformed;
      continue;
    }
    if (std::string err = write_out_file(o.out, name, text_out, o.force); !err.empty()) {
      progress.clear();
      std::cerr << "catan-referee: " << err << "\n";
      status = kExitMalformed;
      continue;
    }
    written.emplace(name, file);
  }
  progress.clear();
  if (o.out == "-") {
    std::cout << to_stdout;
    return finish_output(status);
  }
  return status;
}

}  // namespace

Runner set_import_command(CLI::App& app) {
  auto o = std::make_shared<ImportCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "import",
      "Convert game records of other programs (JSettlers2 .soclog, catanatron JSON, "
      "catanlogs .catan) to catan-log/1.");
  cmd->add_option("files", o->files, "Source files; - reads standard input");
  cmd->add_flag("--list-formats", o->list_formats,
                "Print the formats this build imports (name, file endings, what writes them, "
                "what they hold, their mapping page) and exit; as JSON with --format json");
  cmd->add_option("--from", o->from,
                  "Source format: " + importers::format_names(", ") +
                      ", or auto (recognised from the content; the default)")
      ->check(CLI::IsMember(from_choices()))
      ->default_str("auto");
  cmd->add_option("--out", o->out,
                  "Folder for FILE's games as NAME.yaml (NAME.jsonl with --format json), "
                  "written as generate --out writes; - (the default): standard output")
      ->type_name("DIR");
  cmd->add_option("--format", o->format,
                  "yaml (the default; every entry names its source line in a comment) or "
                  "json (one game per line)")
      ->check(CLI::IsMember({"yaml", "json"}))
      ->default_str("yaml");
  cmd->add_option("--view", o->view,
                  "jsettlers: import what seat N (0-based, as JSettlers2 numbers seats) "
                  "received instead of the server's complete record")
      ->type_name("N")
      ->check(CLI::Range(0, 5));
  cmd->add_flag("--force", o->force, "Replace existing files in --out");
  return [o] { return run_import(*o); };
}

}  // namespace catan::cli
