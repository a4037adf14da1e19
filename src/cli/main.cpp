// catan-referee: replays catan-log/1 game logs and reports the first illegal action.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "catan-referee: checks recorded Catan games (catan-log/1) against the rules of "
      "the base game and reports the first illegal action.",
      "catan-referee"};
  app.set_version_flag("--version", std::string("catan-referee 0.1.0"));
  app.require_subcommand(1, 1);
  app.footer(
      "Exit status: 0 success (for check: every game legal or incomplete); 1 some game "
      "illegal, or with check --strict a warning; 2 malformed, unreadable or unsupported "
      "input, or a usage error; 3 internal error.\nSee catan-referee(1) for the log format "
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
  add(catan::cli::set_serve_command);
  add(catan::cli::set_rules_command);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
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
