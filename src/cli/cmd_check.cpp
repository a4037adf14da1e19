// `catan-referee check PATH...`: replays every game of every file and reports verdicts.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "core/options.hpp"
#include "diag/render_json.hpp"
#include "diag/render_text.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"

namespace catan::cli {
namespace {

namespace fs = std::filesystem;

struct CheckOptions {
  std::vector<std::string> paths;
  std::vector<std::string> rules;
  bool quiet = false;
  std::string format = "text";
};

bool wanted(const fs::path& p) {
  const auto ext = p.extension().string();
  return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

// Expands directories (recursively, sorted) into log files.
std::vector<std::string> expand(const std::vector<std::string>& paths, std::vector<std::string>& errors) {
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (p != "-" && fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
           it.increment(ec))
        if (it->is_regular_file() && wanted(it->path())) found.push_back(it->path().string());
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
      if (ec) errors.push_back(p + ": " + ec.message());
    } else {
      out.push_back(p);
    }
  }
  return out;
}

int run_check(const CheckOptions& opt) {
  replay::Settings settings;
  for (const auto& r : opt.rules) {
    auto eq = r.find('=');
    if (eq == std::string::npos) {
      std::cerr << "catan-referee: --rule takes KEY=VALUE, not '" << r << "'\n";
      return kExitMalformed;
    }
    std::string key = r.substr(0, eq), value = r.substr(eq + 1);
    core::Options probe;
    std::string err = key == "profile" ? core::apply_profile(probe, value) : core::set_option(probe, key, value);
    if (!err.empty()) {
      std::cerr << "catan-referee: --rule " << r << ": " << err << "\n";
      return kExitMalformed;
    }
    settings.rule_overrides.emplace_back(key, value);
  }
  std::vector<std::string> errors;
  const std::vector<std::string> files = expand(opt.paths, errors);
  int legal = 0, incomplete = 0, illegal = 0, malformed = 0;
  const bool text = opt.format == "text";
  std::vector<diag::GameReport> reports;  // kept for the whole-run formats
  auto unreadable = [&](const std::string& file, const std::string& why) {
    diag::GameReport r;
    r.file = file;
    r.status = diag::Status::Malformed;
    r.error = diag::Diagnostic{};
    r.error->message = why;
    r.error->at.file = file;
    ++malformed;
    if (text) std::cout << diag::render_text(r, opt.quiet);
    else reports.push_back(std::move(r));
  };
  for (const auto& e : errors) unreadable(e.substr(0, e.find(':')), e);
  for (const auto& file : files) {
    std::ifstream f;
    std::istream* in = &std::cin;
    const std::string shown = file == "-" ? "<stdin>" : file;
    if (file != "-") {
      f.open(file, std::ios::binary);
      if (!f) {
        unreadable(shown, std::string("cannot read file: ") + std::strerror(errno));
        continue;
      }
      in = &f;
    }
    log::read_stream(*in, [&](log::Document&& doc) {
      diag::GameReport report = doc.game ? replay::replay(shown, *doc.game, settings).report
                                         : replay::malformed(shown, doc);
      switch (report.status) {
        case diag::Status::Legal: ++legal; break;
        case diag::Status::Incomplete: ++incomplete; break;
        case diag::Status::Illegal: ++illegal; break;
        default: ++malformed; break;
      }
      if (text) std::cout << diag::render_text(report, opt.quiet);
      else reports.push_back(std::move(report));
    });
  }
  if (!text) std::cout << diag::render_json(reports);
  else if (!opt.quiet) std::cout << diag::summary_line(legal, incomplete, illegal, malformed);
  if (malformed > 0) return kExitMalformed;
  return illegal > 0 ? kExitIllegal : kExitLegal;
}

}  // namespace

Runner set_check_command(CLI::App& app) {
  auto opt = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Replay game logs and report the first illegal "
                                              "action of each game.");
  cmd->add_option("paths", opt->paths, "Log files, directories (searched for *.yaml, *.yml, "
                                       "*.json), or - for standard input")
      ->required();
  cmd->add_option("--rule", opt->rules, "Override a rules option for every game: KEY=VALUE "
                                        "(e.g. bank-shortage=strict, profile=catan-5e)")
      ->type_name("KEY=VALUE");
  cmd->add_option("--format", opt->format, "Report format")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  cmd->add_flag("-q,--quiet", opt->quiet, "Print only diagnostics, no verdict lines or summary");
  return [opt] { return run_check(*opt); };
}

}  // namespace catan::cli
