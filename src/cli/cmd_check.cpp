// `catan-referee check PATH...`: replays every game of every file and reports verdicts.
// Files are checked in parallel with -j; output keeps the order of the paths.
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <thread>

#include "catan_referee/version.hpp"
#include "cli/commands.hpp"
#include "cli/from_option.hpp"
#include "cli/ordered_jobs.hpp"
#include "cli/progress.hpp"
#include "core/options.hpp"
#include "core/work_counters.hpp"
#include "diag/render_sarif.hpp"
#include "diag/render_text.hpp"
#include "diag/report_stream.hpp"
#include "import/registry.hpp"
#include "log/reader.hpp"
#include "replay/check_file.hpp"
#include "replay/input_paths.hpp"
#include "replay/read_input.hpp"
#include "replay/replay.hpp"
#include "replay/run_policy.hpp"

namespace catan::cli {
namespace {

namespace fs = std::filesystem;
constexpr const char* kToolVersion = CATAN_REFEREE_VERSION;  // from CMakeLists.txt project()

// The installed rules reference (docs/rules.md in the docdir, found at run time) as a file
// URI.
std::string default_help_uri_base() { return "file://" + diag::sarif_uri(rules_reference()); }

struct CheckOptions {
  std::vector<std::string> paths;
  std::string files_from;
  std::vector<std::string> rules;
  std::string format = "text";
  std::string color = "auto";
  bool quiet = false;
  bool summary = false;
  bool strict = false;
  int jobs = 1;
  size_t max_worlds = rules::kDefaultMaxWorlds;
  bool approximate_worlds = false;
  std::string max_document = "256M";
  std::string max_scalar = "16M";
  std::string help_uri_base = default_help_uri_base();
  size_t max_document_bytes = log::kDefaultMaxDocumentBytes;
  std::string from = "auto";  // a file that is not catan-log/1: its format (auto: by content)
  int view = -1;              // --view N of an imported JSettlers2 log
  std::vector<std::string> require;  // --require-assertions kinds
  bool require_given = false;
  bool keep_going = false;                   // --keep-going: every deviation of a game
  std::vector<std::string> globs, excludes;  // --glob, --exclude: files of the folders
  bool no_ignore = false;                    // --no-ignore: .gitignore files not honoured
};

// Everything one file produced: its reports, and its rendered text in text mode.
struct FileResult {
  std::vector<diag::GameReport> reports;
  std::string text;
};

using Input = replay::InputPath;

replay::FileOptions file_options(const CheckOptions& opt) {
  replay::FileOptions fo;
  fo.from = opt.from;
  fo.view_seat = opt.view;
  fo.max_document_bytes = opt.max_document_bytes;
  return fo;
}

// What check does to each report before it is rendered (replay/run_policy.hpp).
void prepare(diag::GameReport& r, const CheckOptions& opt) {
  replay::apply_run_policy(r, {opt.strict, opt.require_given, opt.require});
}

// One file checked whole, for the -j workers: its reports, and its text in text mode
// (rendered while each document's text is at hand, for the excerpts).
FileResult check_file(const Input& in, const replay::Settings& settings, const CheckOptions& opt,
                      bool color) {
  FileResult res;
  replay::check_file(in.path, in.found, settings, file_options(opt),
                     [&](diag::GameReport&& r, const diag::SourceText& src) {
                       prepare(r, opt);
                       if (opt.format == "text" && !opt.summary) {
                         const diag::TextStyle style{color, src.text.empty() ? nullptr : &src};
                         res.text += diag::render_text(r, opt.quiet, style);
                       }
                       res.reports.push_back(std::move(r));
                     });
  return res;
}

std::vector<std::string> read_list(const std::string& file) {
  std::vector<std::string> out;
  std::ifstream f;
  std::istream* in = &std::cin;
  if (file != "-") {
    f.open(file);
    if (!f) throw std::runtime_error("cannot read --files-from " + file);
    in = &f;
  }
  for (std::string line; std::getline(*in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

int run_check(CheckOptions opt) {
  const auto started = std::chrono::steady_clock::now();
  replay::Settings settings;
  settings.max_worlds = opt.max_worlds;
  settings.approximate_worlds = opt.approximate_worlds;
  settings.keep_going = opt.keep_going;
  if (std::string err = parse_rule_overrides(opt.rules, settings.rule_overrides); !err.empty()) {
    std::cerr << "catan-referee: " << err << "\n";
    return kExitMalformed;
  }
  if (!opt.files_from.empty()) {
    try {
      auto more = read_list(opt.files_from);
      opt.paths.insert(opt.paths.end(), more.begin(), more.end());
    } catch (const std::exception& e) {
      std::cerr << "catan-referee: " << e.what() << "\n";
      return kExitMalformed;
    }
  }
  if (opt.paths.empty()) {
    std::cerr << "catan-referee: check needs a PATH or --files-from\n";
    return kExitMalformed;
  }
  if (std::count(opt.paths.begin(), opt.paths.end(), "-") > 1) {
    std::cerr << "catan-referee: standard input (-) can be read only once\n";
    return kExitMalformed;
  }
  if (std::find(opt.require.begin(), opt.require.end(), "all") != opt.require.end())
    opt.require = {"gains", "hands", "vp", "awards"};
  const bool color = color_wanted(opt.color, STDOUT_FILENO);
  const auto max_document = replay::parse_size(opt.max_document);
  const auto max_scalar = replay::parse_size(opt.max_scalar);
  if (!max_document || !max_scalar) {
    std::cerr << "catan-referee: "
              << (max_document ? "--max-scalar-bytes " + opt.max_scalar
                               : "--max-document-bytes " + opt.max_document)
              << ": expected a positive size in bytes, such as 1000, 64K, 256M or 1G\n";
    return kExitMalformed;
  }
  opt.max_document_bytes = *max_document;
  settings.limits.max_scalar_bytes = *max_scalar;
  // Once the options are valid: a path named that does not exist (a mistyped name, a glob
  // the shell left unexpanded) is a usage error; one that exists but cannot be read is
  // reported as malformed below.
  for (const auto& p : opt.paths) {
    struct stat st {};
    if (p != "-" && ::stat(p.c_str(), &st) != 0 && (errno == ENOENT || errno == ENOTDIR) &&
        replay::glob_matches(p).empty()) {
      std::cerr << "catan-referee: no such file: " << diag::visible(p) << "\n";
      return kExitMalformed;
    }
  }
  replay::PathSelection selection;
  for (const auto& g : opt.globs) selection.globs.push_back(replay::parse_pattern(g));
  for (const auto& x : opt.excludes) selection.excludes.push_back(replay::parse_pattern(x));
  selection.gitignore = !opt.no_ignore;
  replay::PathExpansion expansion = replay::expand_paths(opt.paths, selection);
  const std::vector<Input>& files = expansion.files;
  const std::vector<std::string>& empty_dirs = expansion.empty;
  // A folder's files that are not logs are not read: one note for the run, on standard
  // error, naming a few (every one with the reason: the Python module's skipped_files).
  // One line per reason, in the order the reasons first occur.
  if (!expansion.skipped.empty() && !opt.quiet) {
    std::vector<std::pair<std::string, std::vector<const std::string*>>> reasons;
    for (const replay::SkippedPath& k : expansion.skipped) {
      auto it = std::find_if(reasons.begin(), reasons.end(),
                             [&](const auto& r) { return r.first == k.why; });
      if (it == reasons.end()) it = reasons.insert(reasons.end(), {k.why, {}});
      it->second.push_back(&k.path);
    }
    for (const auto& [why, paths] : reasons) {
      std::string names;
      for (size_t i = 0; i < paths.size() && i < 3; ++i)
        names += (i ? ", " : "") + diag::visible(*paths[i]);
      if (paths.size() > 3) names += fmt::format(" and {} more", paths.size() - 3);
      std::cerr << "catan-referee: note: " << paths.size()
                << " file(s) in the folders given were not read, " << diag::visible(why) << ": "
                << names << "\n";
    }
  }
  const bool text = opt.format == "text";

  diag::RunCounts counts;
  diag::RunInfo run{kToolVersion, opt.rules, opt.help_uri_base, opt.keep_going};
  // A folder without logs beside others is a warning (exit 1 under --strict), in every
  // format; a run that checks no game at all is an error (below).
  for (const auto& d : empty_dirs) {
    std::cerr << "catan-referee: warning: no games found in " << diag::visible(d) << "\n";
    run.run_warnings.push_back("no games found in " + d);
  }
  run.run_warnings_fail = opt.strict;
  std::error_code cwd_error;  // SARIF: relative names are relative to %SRCROOT%, this directory
  run.source_root = fs::current_path(cwd_error).string();
  counts.warnings += static_cast<int>(empty_dirs.size());
  counts.failing_warnings += diag::failing_warnings(run);
  // Every machine-readable format is written as the games are decided (diag/report_stream.hpp:
  // json and sarif write their opening now, JUnit holds a file's test cases until the end).
  std::unique_ptr<diag::ReportStream> report;
  if (!text) report = diag::make_report_stream(opt.format, run, std::cout);
  // On a terminal, a line of progress on standard error, erased before anything is printed.
  Progress progress(!opt.quiet && isatty(STDERR_FILENO), files.size(), std::cout);
  // A game's report, as soon as it is decided: counted, then printed.
  auto one = [&](diag::GameReport&& g, const std::string* rendered) {
    counts.add(g);
    progress.clear();
    if (report)
      report->game(g);
    else if (rendered)
      std::cout << *rendered;
    progress.game_done();
  };
  auto consume = [&](FileResult&& r) {
    progress.clear();
    if (text) std::cout << r.text;
    for (auto& g : r.reports) one(std::move(g), nullptr);
    progress.file_done();
  };
  // Standard input that is not a file (a pipe from a running program, a terminal): each
  // verdict is flushed as soon as it is printed.
  struct stat in_st {};
  const bool live = std::count(opt.paths.begin(), opt.paths.end(), "-") > 0 &&
                    (::fstat(STDIN_FILENO, &in_st) != 0 || !S_ISREG(in_st.st_mode));

  const size_t jobs = opt.jobs == 0
                          ? std::max(1u, std::thread::hardware_concurrency())  // -j 0: every core
                          : static_cast<size_t>(std::max(1, std::min(opt.jobs, 64)));
  if (jobs == 1 || files.size() < 2) {
    // Every report goes out as soon as its document is read: memory holds one document.
    for (const auto& f : files) {
      replay::check_file(f.path, f.found, settings, file_options(opt),
                         [&](diag::GameReport&& r, const diag::SourceText& src) {
                           prepare(r, opt);
                           std::string rendered;
                           if (text && !opt.summary) {
                             const diag::TextStyle style{color, src.text.empty() ? nullptr : &src};
                             rendered = diag::render_text(r, opt.quiet, style);
                           }
                           one(std::move(r), &rendered);
                           if (live && f.path == "-") std::cout.flush();
                         });
      progress.file_done();
    }
  } else {
    // Results come out strictly in path order, at most 4 files per job ahead of the output.
    run_ordered(
        files.size(), jobs, 4 * jobs,
        [&](size_t i) { return check_file(files[i], settings, opt, color); },
        [&](size_t, FileResult&& r) { consume(std::move(r)); });
  }

  progress.clear();
  if (report)
    report->finish();  // closing elements and summaries; jsonl has none, so shards merge
  else if (!opt.quiet || opt.summary) {
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
    std::cout << diag::summary_line(counts.legal, counts.incomplete, counts.illegal,
                                    counts.malformed, counts.unsupported, counts.failing_warnings,
                                    elapsed.count());
    if (opt.keep_going) std::cout << diag::deviations_line(counts.deviations, counts.deviant_games);
  }
  if (core::kCountsWork && std::getenv("CATAN_REFEREE_COUNTERS")) {  // dev builds: the work done
    std::cout.flush();
    const core::WorkCounters& w = core::work_counters();
    std::cerr << "counters: " << w.documents_parsed << " documents parsed, " << w.games_replayed
              << " games replayed, " << w.records_imported << " records imported\n";
  }
  const int games =
      counts.legal + counts.incomplete + counts.illegal + counts.malformed + counts.unsupported;
  if (games == 0) {  // as pytest does: a CI job that checked nothing must not pass
    std::cout.flush();
    std::cerr << "catan-referee: no games checked: "
              << (empty_dirs.empty() ? "the input holds no game" : "no logs found") << "\n";
    return kExitMalformed;
  }
  if (counts.malformed > 0 || counts.unsupported > 0) return kExitMalformed;
  if (counts.illegal > 0 || counts.failing_warnings > 0) return kExitIllegal;
  return kExitLegal;
}

}  // namespace

std::string parse_rule_overrides(const std::vector<std::string>& items,
                                 std::vector<std::pair<std::string, std::string>>& out) {
  return replay::parse_rule_overrides(items, out, "--rule");
}

Runner set_check_command(CLI::App& app) {
  auto opt = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check",
                                     "Replay game logs and report the first illegal "
                                     "action of each game.");
  cmd->add_option("paths", opt->paths,
                  "Log files, directories (searched recursively for *.yaml, "
                  "*.yml, *.json, *.jsonl, and other programs' *.soclog, *.catan), or - for "
                  "standard input");
  cmd->add_option("--glob", opt->globs,
                  "In directories, read the files that match PATTERN (repeatable; instead of "
                  "the log file endings; a pattern without / matches the name at any depth, "
                  "one with / the path below the directory; *, ?, [...] and ** as in "
                  ".gitignore)")
      ->type_name("PATTERN")
      ->allow_extra_args(false);
  cmd->add_option("--exclude", opt->excludes,
                  "In directories, skip the files and folders that match PATTERN (repeatable; "
                  "matched as --glob)")
      ->type_name("PATTERN")
      ->allow_extra_args(false);
  cmd->add_flag("--no-ignore", opt->no_ignore,
                "Read the files that .gitignore files in the directories ignore (by default "
                "they are skipped, as is every .git folder)");
  cmd->add_option("--files-from", opt->files_from,
                  "Read more paths from FILE, one per line (- for "
                  "standard input)")
      ->type_name("FILE");
  cmd->add_option("--rule", opt->rules,
                  "Override a rules option for every game: KEY=VALUE "
                  "(e.g. bank-shortage=strict); profile=NAME resets every option "
                  "to that profile, including those the log set; repeatable, one KEY=VALUE each")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);  // one value per --rule: the paths after it stay paths
  cmd->add_option("--format", opt->format,
                  "Report format: text; json (one document); jsonl (one game a line, "
                  "shards merge with cat); sarif (SARIF 2.1.0); junit (JUnit XML); github "
                  "(GitHub Actions annotations)")
      ->check(CLI::IsMember({"text", "json", "jsonl", "sarif", "junit", "github"}))
      ->default_str("text");
  cmd->add_option("--color", opt->color,
                  "Colour the text report: auto (on a terminal, unless NO_COLOR is set), always, "
                  "never (text format only)")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->default_str("auto");
  cmd->add_option("-j,--jobs", opt->jobs,
                  "Check N files in parallel, 0 for one per core (output order is unchanged)")
      ->check(CLI::Range(0, 64))
      ->default_val(1);
  cmd->add_flag("-q,--quiet", opt->quiet,
                "Text format: print only diagnostics, no verdict lines, no summary");
  cmd->add_flag("--summary", opt->summary, "Text format: print only the summary line");
  cmd->add_option("--max-worlds", opt->max_worlds,
                  "Player-view logs: the most distinct worlds (assignments of unseen cards) kept "
                  "one by one; past it they are held as constraints, still exactly")
      ->check(CLI::Range(size_t{1}, size_t{100000000}))
      ->default_val(rules::kDefaultMaxWorlds);
  cmd->add_flag("--approximate-worlds", opt->approximate_worlds,
                "Player-view logs: past --max-worlds, hold the worlds as per-player intervals "
                "instead (faster, approximate: a warning names the actions so judged)");
  cmd->add_flag("--strict", opt->strict,
                "Warnings (legal but suspect content, or a directory without logs) make "
                "the exit status 1");
  cmd->add_option("--max-document-bytes", opt->max_document,
                  "A document (one game) larger than SIZE is "
                  "malformed and reading stops there (default "
                  "256M; K, M, G suffixes are binary)")
      ->type_name("SIZE");
  cmd->add_option("--max-scalar-bytes", opt->max_scalar,
                  "A scalar (one value) longer than SIZE is malformed "
                  "(default 16M)")
      ->type_name("SIZE");
  cmd->add_option("--from", opt->from,
                  "Files that are not catan-log/1: " + importers::format_names(", ") +
                      ", imported in memory; auto (the default) recognises them by content")
      ->check(CLI::IsMember(from_choices()))
      ->default_str("auto");
  cmd->add_option("--view", opt->view,
                  "Imported JSettlers2 logs: check what seat N received instead of the "
                  "server's complete record")
      ->type_name("N")
      ->check(CLI::Range(0, 5));
  cmd->add_option("--require-assertions", opt->require,
                  "Fail (exit 1, with a warning) a legal game that omits these assertions: "
                  "gains (on every roll but a 7), hands, vp, awards (each at least once), or "
                  "all of them; comma-separated; also reports each game's assertions checked, "
                  "by kind")
      ->delimiter(',')
      ->check(CLI::IsMember({"gains", "hands", "vp", "awards", "all"}))
      ->type_name("KINDS")
      ->allow_extra_args(false)
      ->each([opt](const std::string&) { opt->require_given = true; });
  cmd->add_flag("--keep-going", opt->keep_going,
                "Go on after a game's first deviation and report every one, each with the "
                "earlier deviation it may follow from (complete logs; a player-view log stops "
                "at its first)");
  cmd->add_option("--help-uri-base", opt->help_uri_base,
                  "SARIF format: each rule's helpUri is URL#RULE-ID (default: the installed "
                  "rules reference, PREFIX/share/doc/catan-referee/rules.md beside "
                  "PREFIX/bin/catan-referee, as a file URI; empty: none)")
      ->type_name("URL");
  return [opt] { return run_check(*opt); };
}

}  // namespace catan::cli
