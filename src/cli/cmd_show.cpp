// `catan-referee show FILE --at N|turn:T|round:R|line:L|end`: the state after an action, for
// adjudicators.

#include <iostream>

#include "cli/colors_option.hpp"
#include "cli/commands.hpp"
#include "cli/from_option.hpp"
#include "diag/render_state.hpp"
#include "diag/render_text.hpp"
#include "log/reader.hpp"
#include "replay/at_spec.hpp"
#include "replay/input.hpp"
#include "replay/replay.hpp"
#include "replay/show.hpp"

namespace catan::cli {

using replay::AtSpec;
using replay::kAtUsage;
using replay::parse_at;

namespace {

struct ShowOptions {
  std::string file;
  std::string at = "error";
  int game = 1;
  std::string format = "text";
  bool coords = false;
  std::string colors;  // --colors NAME=COLOUR,...
  std::vector<std::string> rules;
  size_t max_worlds = rules::kDefaultMaxWorlds;
  std::string from = "auto";
  int view = -1;
  const CLI::Option* game_given = nullptr;  // --game on the command line (else line:N picks)
};

int run_show(const ShowOptions& o) {
  const std::string file = o.file == "-" ? "<stdin>" : o.file;  // as diagnostics name it
  replay::Settings settings;
  settings.max_worlds = o.max_worlds;
  const std::optional<AtSpec> at = parse_at(o.at);
  if (!at) {
    std::cerr << "catan-referee: " << kAtUsage << "\n";
    return kExitMalformed;
  }
  if (std::string err = parse_rule_overrides(o.rules, settings.rule_overrides); !err.empty()) {
    std::cerr << "catan-referee: " << err << "\n";
    return kExitMalformed;
  }
  if (o.coords && o.format != "svg") {
    std::cerr << "catan-referee: --coords labels the SVG picture: it needs --format svg\n";
    return kExitMalformed;
  }
  if (!o.colors.empty() && o.format != "svg") {
    std::cerr << "catan-referee: --colors colours the SVG picture: it needs --format svg\n";
    return kExitMalformed;
  }
  const std::optional<diag::ColourChoices> colours = read_colors_option(o.colors);
  if (!colours) return kExitMalformed;
  // With line:N and no --game, the game whose document holds line N: the last one starting
  // at or before it.
  replay::GamePick pick(o.game, *at, o.game_given->count() > 0);
  replay::InputOptions io;
  io.from = o.from;
  io.view_seat = o.view;
  const replay::Input in = replay::read_documents(
      o.file, io, [&](log::Document&& d, const replay::Provenance&) { pick.offer(std::move(d)); });
  for (const replay::InputProblem& e : in.errors)
    std::cerr << replay::problem_text(in.from, e) << "\n";
  if (!in.errors.empty()) return kExitMalformed;
  if (!pick.chosen()) {
    std::cerr << diag::visible(file) << ": no game " << o.game << " in the file\n";
    return kExitMalformed;
  }
  const log::Document& doc = *pick.chosen();
  if (!doc.game) {
    std::cerr << diag::render_text(replay::malformed(file, doc), true);
    return kExitMalformed;
  }
  const replay::Shown shown = replay::show_position(file, *doc.game, settings, *at);
  const auto& r = shown.out.report;
  if (!shown.out.state) {  // the header is illegal or unsupported: there is no game state
    std::cerr << diag::render_text(r, false);
    return r.status == diag::Status::Unsupported ? kExitMalformed : kExitIllegal;
  }
  const diag::PlayerView* pv = shown.view ? &*shown.view : nullptr;
  if (o.format == "svg")
    std::cout << replay::shown_svg(shown, *doc.game, o.coords, *colours);
  else
    std::cout << (o.format == "json" ? diag::render_state_json(*shown.out.state, shown.title, pv)
                                     : diag::render_state_text(*shown.out.state, shown.title, pv));
  if (r.error && o.format == "text") std::cout << "\n" << diag::render_text(*r.error);
  return r.status == diag::Status::Illegal ? kExitIllegal : kExitLegal;
}

}  // namespace

Runner set_show_command(CLI::App& app) {
  auto o = std::make_shared<ShowOptions>();
  CLI::App* cmd = app.add_subcommand("show",
                                     "Show the game state after an action: board with pieces, "
                                     "hands, cards, VP, awards, bank, turn and phase.");
  cmd->add_option("file", o->file,
                  "A catan-log/1 file, or a game record of another program (see --from); - reads "
                  "standard input")
      ->required();
  cmd->add_option("--at", o->at, replay::kAtHelp)->default_val("error");
  o->game_given = cmd->add_option("--game", o->game,
                                  "Which game of a multi-game file (1-based; with --at line:L, "
                                  "the game holding line L)")
                      ->default_val(1)
                      ->check(CLI::PositiveNumber);
  cmd->add_option("--format", o->format,
                  "text, json (catan-referee-state/2) or svg (a picture of the board)")
      ->check(CLI::IsMember({"text", "json", "svg"}))
      ->default_val("text");
  cmd->add_flag("--coords", o->coords,
                "With --format svg: label every hex, corner and path with its name in a log");
  add_colors_option(cmd, o->colors, "With --format svg: ");
  cmd->add_option("--rule", o->rules, "Override a rules option: KEY=VALUE (repeatable)")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  cmd->add_option("--max-worlds", o->max_worlds,
                  "Player-view logs: the most distinct worlds kept one by one (as for check)")
      ->check(CLI::Range(size_t{1}, size_t{100000000}))
      ->default_val(rules::kDefaultMaxWorlds);
  add_from_options(cmd, o->from, o->view);
  return [o] { return run_show(*o); };
}

}  // namespace catan::cli
