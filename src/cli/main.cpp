// catan-referee: replays catan-log/1 game logs and reports the first illegal action.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <string_view>
#include <vector>

#include "catan_referee/version.hpp"
#include "cli/commands.hpp"

namespace {

// The edit distance of two words (insertions, deletions, substitutions and swaps of
// neighbours), for "did you mean".
size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// The first argument when it is not an option and names no subcommand: a usage error that
// suggests the nearest subcommand name. Returns false when `word` is a subcommand.
bool unknown_command(const CLI::App& app, std::string_view word) {
  std::string best;
  size_t best_distance = 0;
  std::string names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    const std::string& name = sub->get_name();
    if (name == word) return false;
    const size_t dist = distance(word, name);
    if (best.empty() || dist < best_distance) best = name, best_distance = dist;
    names += (names.empty() ? "" : ", ") + name;
  }
  std::string shown;  // the word as typed, with control characters made visible
  for (const char c : word) shown += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  std::cerr << "catan-referee: unknown command '" << shown << "'";
  if (!best.empty() && best_distance <= std::max<size_t>(1, std::min<size_t>(2, word.size() / 2)))
    std::cerr << "; did you mean '" << best << "'?\n";
  else
    std::cerr << "; the commands are " << names << "\n";
  std::cerr << "Run with --help for more information.\n";
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "catan-referee: checks recorded Catan games (catan-log/1) against the rules of "
      "the base game and reports the first illegal action.",
      "catan-referee"};
  app.set_version_flag("--version", std::string("catan-referee " CATAN_REFEREE_VERSION));
  app.require_subcommand(1, 1);
  app.footer(
      "Exit status: 0 success (for check: every game legal or incomplete); 1 some game "
      "illegal, or a warning that fails the run (check --strict, --require-assertions); 2 "
      "malformed, unreadable or unsupported input, no game checked, or a usage error; 3 "
      "internal error.\nSee catan-referee(1) for the log format "
      "and the rules.");
  std::map<CLI::App*, catan::cli::Runner> runners;
  auto add = [&](auto setter) {
    CLI::App* before = app.get_subcommands({}).empty() ? nullptr : app.get_subcommands({}).back();
    catan::cli::Runner r = setter(app);
    CLI::App* sub = app.get_subcommands({}).back();
    (void)before;
    runners[sub] = std::move(r);
  };
  add(catan::cli::set_check_command);
  add(catan::cli::set_board_command);
  add(catan::cli::set_generate_command);
  add(catan::cli::set_explain_command);
  add(catan::cli::set_show_command);
  add(catan::cli::set_mutate_command);
  add(catan::cli::set_redact_command);
  add(catan::cli::set_import_command);
  add(catan::cli::set_report_command);
  add(catan::cli::set_serve_command);
  add(catan::cli::set_rules_command);
  if (argc > 1 && argv[1][0] != '-' && unknown_command(app, argv[1]))
    return catan::cli::kExitMalformed;
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    // --help, --version: written to standard output, which may fail as any report's does.
    return catan::cli::finish_output(app.exit(e));
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return catan::cli::kExitMalformed;  // usage errors share status 2
  }
  // A failed write to standard output throws where it happens (errno still tells why);
  // what is still buffered at the end is flushed and checked by finish_output.
  std::cout.exceptions(std::ios::badbit);
  try {
    for (CLI::App* sub : app.get_subcommands()) return catan::cli::finish_output(runners.at(sub)());
  } catch (const std::exception& e) {
    // std::ios_base::failure cannot be caught by type across libstdc++'s two ABIs.
    if (std::cout.bad()) return catan::cli::output_failed(errno);
    std::cerr << "catan-referee: internal error: " << e.what() << "\n";
    return 3;
  }
  return catan::cli::kExitMalformed;
}
