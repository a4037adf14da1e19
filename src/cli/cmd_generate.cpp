// `catan-referee generate`: complete random legal games as catan-log/1.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/out_dir.hpp"
#include "cli/progress.hpp"
#include "gen/generator.hpp"

namespace catan::cli {

namespace {
struct GenerateOptions {
  uint64_t seed = 1;
  int players = 4;
  int count = 1;
  std::string out = "-";
  double trade_bias = 1.0, build_bias = 1.0;
  int expect_every = 1;
  std::vector<std::string> rules;
  std::string turn_structure;  // --turn-structure: turn-structure-56's value
  bool force = false;
  bool header_only = false;
};

int run_generate(const GenerateOptions& o) {
  gen::GenOptions g;
  g.players = o.players;
  g.trade_bias = o.trade_bias;
  g.build_bias = o.build_bias;
  g.expect_every = o.expect_every;
  std::vector<std::string> items = o.rules;
  if (!o.turn_structure.empty()) items.push_back("turn-structure-56=" + o.turn_structure);
  for (const auto& r : items) {
    const std::string err = r.find('=') == std::string::npos ? "--rule takes KEY=VALUE"
                                                             : core::apply_option_item(g.rules, r);
    if (!err.empty()) {
      std::cerr << "catan-referee: --rule " << r << ": " << err << "\n";
      return kExitMalformed;
    }
  }
  if (o.out != "-") {
    if (std::string err = check_out_dir(o.out); !err.empty()) {
      std::cerr << "catan-referee: " << err << "\n";
      return kExitMalformed;
    }
  }
  Progress progress(progress_wanted(o.out == "-"), static_cast<size_t>(o.count), std::cout,
                    "generated");
  for (int i = 0; i < o.count; ++i) {
    g.seed = o.seed + static_cast<uint64_t>(i);
    const std::string id = gen::game_id(g, o.header_only);
    const std::string text = gen::game_text(g, o.header_only);
    progress.clear();
    if (o.out == "-") {
      if (i > 0) std::cout << "---\n";
      std::cout << text;
    } else {
      if (std::string err = write_out_file(o.out, id + ".yaml", text, o.force); !err.empty()) {
        std::cerr << "catan-referee: " << err << "\n";
        return kExitMalformed;
      }
    }
    progress.game_done();
    progress.file_done();
  }
  return kExitLegal;
}
}  // namespace

Runner set_generate_command(CLI::App& app) {
  auto o = std::make_shared<GenerateOptions>();
  CLI::App* cmd = app.add_subcommand("generate",
                                     "Write complete random legal games (with "
                                     "assertions) as catan-log/1.");
  cmd->add_option("--seed", o->seed, "Seed of the first game; game i uses seed+i")->default_val(1);
  cmd->add_option("--players", o->players,
                  "3 or 4 players (the base game), or 5 or 6 (the five-six extension)")
      ->check(CLI::Range(3, 6))
      ->default_val(4);
  cmd->add_option("--turn-structure", o->turn_structure,
                  "Five or six players: paired or special-build (the same as --rule "
                  "turn-structure-56=...)")
      ->check(CLI::IsMember({"paired", "special-build"}));
  cmd->add_option("--count", o->count, "How many games")
      ->check(CLI::Range(1, 1000000))
      ->default_val(1);
  cmd->add_option("--out", o->out,
                  "Existing directory for one file per game, or - for standard output "
                  "(games separated by ---)")
      ->default_val("-");
  cmd->add_flag("--force", o->force, "Replace files that already exist in the --out directory");
  cmd->add_flag("--header-only", o->header_only,
                "Write only a new game's header (players, rules, and the board of seed N, as a "
                "live game's `board: {random: N}` makes it), with no actions");
  cmd->add_option("--trade-bias", o->trade_bias, "Above 1 trades more, below 1 less")
      ->check(CLI::Range(0.0, 10.0))
      ->default_val(1.0);
  cmd->add_option("--build-bias", o->build_bias, "Above 1 builds roads and buys cards more")
      ->check(CLI::Range(0.0, 10.0))
      ->default_val(1.0);
  cmd->add_option("--expect-every", o->expect_every,
                  "An `expect` after every k-th end of turn "
                  "(0: none)")
      ->check(CLI::Range(0, 1000))
      ->default_val(1);
  cmd->add_option("--rule", o->rules,
                  "A rules option for the generated games: KEY=VALUE (repeatable)")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  return [o] { return run_generate(*o); };
}

}  // namespace catan::cli
