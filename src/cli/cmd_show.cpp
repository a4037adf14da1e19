// `catan-referee show FILE --at N|turn:T|round:R|line:L|end`: the state after an action, for
// adjudicators.
#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "cli/at_spec.hpp"
#include "cli/commands.hpp"
#include "cli/from_option.hpp"
#include "diag/render_state.hpp"
#include "diag/render_svg.hpp"
#include "diag/render_text.hpp"
#include "log/reader.hpp"
#include "replay/input.hpp"
#include "replay/replay.hpp"

namespace catan::cli {

namespace {

struct ShowOptions {
  std::string file;
  std::string at = "error";
  int game = 1;
  std::string format = "text";
  bool coords = false;
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
  std::string title;
  int round = 0;    // round R is every player's R-th turn: it starts with turn (R-1) * players + 1
  int at_line = 0;  // line:N, the line a diagnostic printed
  const std::optional<AtSpec> at = parse_at(o.at);
  if (!at) {
    std::cerr << "catan-referee: " << kAtUsage << "\n";
    return kExitMalformed;
  }
  switch (at->kind) {
    case AtSpec::Kind::Turn:
      settings.stop_at_turn = at->n;
      break;
    case AtSpec::Kind::Round:
      round = at->n;
      break;
    case AtSpec::Kind::Line:
      at_line = at->n;
      break;
    case AtSpec::Kind::Action:
      settings.stop_before = at->n + 1;
      break;
    default:
      break;
  }
  if (std::string err = parse_rule_overrides(o.rules, settings.rule_overrides); !err.empty()) {
    std::cerr << "catan-referee: " << err << "\n";
    return kExitMalformed;
  }
  if (o.coords && o.format != "svg") {
    std::cerr << "catan-referee: --coords labels the SVG picture: it needs --format svg\n";
    return kExitMalformed;
  }
  int status = kExitMalformed;
  bool found = false;
  // With line:N and no --game, the game whose document holds line N: the last one starting
  // at or before it.
  const bool by_line = at_line > 0 && o.game_given->count() == 0;
  std::optional<log::Document> chosen;
  auto choose = [&](log::Document&& doc) {
    const int first = doc.game ? doc.game->at.line : doc.error ? doc.error->at.line : 0;
    if (!chosen || first <= at_line) chosen = std::move(doc);
  };
  auto visit = [&](log::Document&& doc) {
    if ((!by_line && doc.index + 1 != o.game) || found) return;
    found = true;
    if (!doc.game) {
      std::cerr << diag::render_text(replay::malformed(file, doc), true);
      return;
    }
    if (round > 0)
      settings.stop_at_turn = (round - 1) * static_cast<int>(doc.game->players.size()) + 1;
    const int line_stop = at_line > 0 ? replay::entry_at_line(*doc.game, at_line) : 0;
    settings.stop_before = at_line > 0 ? line_stop : settings.stop_before;
    replay::Outcome out = replay::replay(file, *doc.game, settings);
    if (out.error_entry_applied && out.report.error) {
      // A failed assertion is checked after its entry: the position shown is the one before
      // that entry, as for any other illegal entry and as a player view of the game shows it.
      replay::Settings before = settings;
      before.stop_before = out.report.error->action;
      out.state = std::move(replay::replay(file, *doc.game, before).state);
    }
    if (!out.state) {  // the header is illegal or unsupported: there is no game state
      std::cerr << diag::render_text(out.report, false);
      status = out.report.status == diag::Status::Unsupported ? kExitMalformed : kExitIllegal;
      return;
    }
    const auto& r = out.report;
    if (r.error && r.status == diag::Status::Illegal && r.error->action > 0)
      title = fmt::format(
          "State before action {} (line {}), the first illegal action ({}):", r.error->action,
          r.error->at.line, r.error->rule ? std::string(core::id(*r.error->rule)) : "?");
    else if (line_stop > 0)
      title =
          fmt::format("State before action {}, the entry at line {} (after action {}):", line_stop,
                      at_line, r.checked);
    else if (at_line > 0)
      title = fmt::format("State at the end of the log, line {} (after action {}):", at_line,
                          r.checked);
    else if (settings.stop_before > 0)
      title = fmt::format("State after action {}:", std::min(settings.stop_before - 1, r.checked));
    else if (round > 0)
      title = fmt::format("State at the start of round {} (turn {}, after action {}):", round,
                          settings.stop_at_turn, r.checked);
    else if (settings.stop_at_turn > 0)
      title = fmt::format("State at the start of turn {} (after action {}):", settings.stop_at_turn,
                          r.checked);
    else
      title = fmt::format("State at the end of the log (after action {}):", r.checked);
    const std::optional<diag::PlayerView> view = replay::player_view(out, *doc.game);
    const diag::PlayerView* pv = view ? &*view : nullptr;
    if (o.format == "svg") {
      diag::SvgPicture pic = diag::picture_of(*out.state);
      pic.title = title.substr(0, title.size() - 1);  // without the colon
      pic.coords = o.coords;
      diag::add_hands(pic, *out.state, pv);
      // Before an illegal entry: its place outlined, its diagnostic's first line the caption.
      if (r.error && r.status == diag::Status::Illegal) {
        if (r.error->action > 0 && r.error->action <= static_cast<int>(doc.game->actions.size()))
          pic.highlight = diag::highlight_of(doc.game->actions[r.error->action - 1].action);
        pic.caption = diag::first_line(*r.error);
      }
      std::cout << diag::render_svg(pic);
    } else {
      std::cout << (o.format == "json" ? diag::render_state_json(*out.state, title, pv)
                                       : diag::render_state_text(*out.state, title, pv));
    }
    if (r.error && o.format == "text") std::cout << "\n" << diag::render_text(*r.error);
    status = r.status == diag::Status::Illegal ? kExitIllegal : kExitLegal;
  };
  replay::InputOptions io;
  io.from = o.from;
  io.view_seat = o.view;
  const replay::Input in =
      replay::read_documents(o.file, io, [&](log::Document&& d, const replay::Provenance&) {
        by_line ? choose(std::move(d)) : visit(std::move(d));
      });
  for (const replay::InputProblem& e : in.errors)
    std::cerr << replay::problem_text(in.from, e) << "\n";
  if (!in.errors.empty()) return kExitMalformed;
  if (chosen) visit(std::move(*chosen));
  if (!found && status == kExitMalformed)
    std::cerr << diag::visible(file) << ": no game " << o.game << " in the file\n";
  return status;
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
  cmd->add_option("--at", o->at, kAtHelp)->default_val("error");
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
  cmd->add_option("--rule", o->rules, "Override a rules option: KEY=VALUE (repeatable)")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  cmd->add_option("--max-worlds", o->max_worlds,
                  "Player-view logs: the most distinct worlds kept exactly (as for check)")
      ->check(CLI::Range(size_t{1}, size_t{100000000}))
      ->default_val(rules::kDefaultMaxWorlds);
  add_from_options(cmd, o->from, o->view);
  return [o] { return run_show(*o); };
}

}  // namespace catan::cli
