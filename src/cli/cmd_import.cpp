// `catan-referee import --from FORMAT FILE...`: another program's game record as
// catan-log/1 (YAML, or JSON with --format json), one document per game.
#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/import_input.hpp"
#include "cli/out_dir.hpp"
#include "diag/json_writer.hpp"
#include "diag/render_text.hpp"
#include "log/writer.hpp"
#include "log/yaml_tree.hpp"
#include "replay/read_input.hpp"

namespace catan::cli {

namespace {

struct ImportCliOptions {
  std::string from = "auto";
  std::vector<std::string> files;
  std::string out = "-";
  std::string format = "yaml";
  int view = -1;
  bool force = false;
};

bool is_integer(std::string_view s) {
  size_t i = s[0] == '-' ? 1 : 0;
  if (i >= s.size() || s.size() > 18) return false;
  for (; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return s != "-0" && (s.size() == 1 || s[s[0] == '-' ? 1 : 0] != '0');
}

void to_json(const log::Node& n, diag::JsonWriter& w) {
  switch (n.kind) {
    case log::Node::Kind::Null:
      w.null();
      break;
    case log::Node::Kind::Scalar:
      if (!n.quoted && is_integer(n.value))
        w.value(std::stoll(std::string(n.value)));
      else
        w.value(n.value);
      break;
    case log::Node::Kind::Sequence:
      w.begin_array();
      for (const auto& i : n.items) to_json(i, w);
      w.end_array();
      break;
    case log::Node::Kind::Mapping:
      w.begin_object();
      for (const auto& e : n.entries) {
        w.key(e.key.value);
        to_json(e.value, w);
      }
      w.end_object();
      break;
  }
}

// The catan-log/1 YAML this program wrote, as one line of JSON (JSON Lines for several).
std::string yaml_to_json(const std::string& yaml) {
  std::istringstream in(yaml);
  log::DocumentReader reader(in);
  std::string out;
  for (;;) {
    log::Arena arena;
    const std::optional<log::Node> doc = reader.next(arena);
    if (!doc) break;
    diag::JsonWriter w(false);
    to_json(*doc, w);
    out += w.str() + "\n";
  }
  return out;
}

int run_import(const ImportCliOptions& o) {
  if (o.out != "-")
    if (std::string err = check_out_dir(o.out); !err.empty()) {
      std::cerr << "catan-referee: " << err << "\n";
      return kExitMalformed;
    }
  int status = kExitLegal;
  std::string to_stdout;
  // NAME.yaml written by this run, and from which file: two sources of one name (a/x.soclog,
  // b/x.soclog) never replace each other, --force or not (as cp will not overwrite a file
  // it has just created); --force replaces only what was there before the run.
  std::map<std::string, std::string> written;
  for (const std::string& file : o.files) {
    std::string text;
    if (std::string err = replay::read_log_file(file, text); !err.empty()) {
      std::cerr << err << "\n";
      status = kExitMalformed;
      continue;
    }
    log::SourceFormat format{};
    if (auto err = resolve_format(o.from, file, text, format)) {
      std::cerr << *err << "\n";
      status = kExitMalformed;
      continue;
    }
    log::ImportOptions io;
    io.view_seat = o.view;
    const log::Imported im = log::import_source(format, file, text, io);
    for (const auto& p : im.problems) std::cerr << problem_text(file, p) << "\n";
    if (!im.problems.empty()) {
      std::cerr << diag::visible(file) << ": not imported (" << im.problems.size()
                << " problem(s))\n";
      status = kExitMalformed;
      continue;
    }
    std::string yaml;
    for (const log::Game& g : im.games) yaml += (yaml.empty() ? "" : "---\n") + log::write_game(g);
    const std::string text_out = o.format == "json" ? yaml_to_json(yaml) : yaml;
    if (o.out == "-") {
      if (o.format == "yaml" && !to_stdout.empty()) to_stdout += "---\n";
      to_stdout += text_out;
      continue;
    }
    const std::string name =
        std::filesystem::path(file).stem().string() + (o.format == "json" ? ".jsonl" : ".yaml");
    if (const auto it = written.find(name); it != written.end()) {
      std::cerr << "catan-referee: " << diag::visible(file) << ": not written: "
                << diag::visible((std::filesystem::path(o.out) / name).string())
                << " was just written from " << diag::visible(it->second)
                << " (two files of the same name; import them into separate folders)\n";
      status = kExitMalformed;
      continue;
    }
    if (std::string err = write_out_file(o.out, name, text_out, o.force); !err.empty()) {
      std::cerr << "catan-referee: " << err << "\n";
      status = kExitMalformed;
      continue;
    }
    written.emplace(name, file);
  }
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
  cmd->add_option("files", o->files, "Source files")->required();
  cmd->add_option("--from", o->from,
                  "Source format: jsettlers, catanatron, catanlogs, or auto (recognised "
                  "from the content; the default)")
      ->check(CLI::IsMember({"auto", "jsettlers", "catanatron", "catanlogs"}))
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
