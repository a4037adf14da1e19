#include "replay/show.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "diag/render_svg.hpp"

namespace catan::replay {

GamePick::GamePick(int game, const AtSpec& at, bool game_given) : game_(game) {
  if (at.kind == AtSpec::Kind::Line) at_line_ = at.n;
  by_line_ = at_line_ > 0 && !game_given;
}

void GamePick::offer(log::Document&& doc) {
  if (by_line_) {
    const int first = doc.game ? doc.game->at.line : doc.error ? doc.error->at.line : 0;
    if (!chosen_ || first <= at_line_) chosen_ = std::move(doc);
  } else if (!chosen_ && doc.index + 1 == game_) {
    chosen_ = std::move(doc);
  }
}

Shown show_position(const std::string& file, const log::Game& game, Settings settings,
                    const AtSpec& at) {
  int round = 0;    // round R is every player's R-th turn: it starts with turn (R-1) * players + 1
  int at_line = 0;  // line:N, the line a diagnostic printed
  switch (at.kind) {
    case AtSpec::Kind::Turn:
      settings.stop_at_turn = at.n;
      break;
    case AtSpec::Kind::Round:
      round = at.n;
      settings.stop_at_turn = (round - 1) * static_cast<int>(game.players.size()) + 1;
      break;
    case AtSpec::Kind::Line:
      at_line = at.n;
      break;
    case AtSpec::Kind::Action:
      settings.stop_before = at.n + 1;
      break;
    default:
      break;
  }
  const int line_stop = at_line > 0 ? entry_at_line(game, at_line) : 0;
  if (at_line > 0) settings.stop_before = line_stop;
  Shown s;
  s.out = replay(file, game, settings);
  if (s.out.error_entry_applied && s.out.report.error) {
    // A failed assertion is checked after its entry: the position shown is the one before
    // that entry, as for any other illegal entry and as a player view of the game shows it.
    Settings before = settings;
    before.stop_before = s.out.report.error->action;
    s.out.state = std::move(replay(file, game, before).state);
  }
  if (!s.out.state) return s;  // the header is illegal or unsupported: there is no game state
  const auto& r = s.out.report;
  if (r.error && r.status == diag::Status::Illegal && r.error->action > 0)
    s.title = fmt::format(
        "State before action {} (line {}), the first illegal action ({}):", r.error->action,
        r.error->at.line, r.error->rule ? std::string(core::id(*r.error->rule)) : "?");
  else if (line_stop > 0)
    s.title =
        fmt::format("State before action {}, the entry at line {} (after action {}):", line_stop,
                    at_line, r.checked);
  else if (at_line > 0)
    s.title =
        fmt::format("State at the end of the log, line {} (after action {}):", at_line, r.checked);
  else if (settings.stop_before > 0)
    s.title = fmt::format("State after action {}:", std::min(settings.stop_before - 1, r.checked));
  else if (round > 0)
    s.title = fmt::format("State at the start of round {} (turn {}, after action {}):", round,
                          settings.stop_at_turn, r.checked);
  else if (settings.stop_at_turn > 0)
    s.title = fmt::format("State at the start of turn {} (after action {}):", settings.stop_at_turn,
                          r.checked);
  else
    s.title = fmt::format("State at the end of the log (after action {}):", r.checked);
  s.view = player_view(s.out, game);
  return s;
}

std::string shown_svg(const Shown& s, const log::Game& game, bool coords,
                      const diag::ColourChoices& colours) {
  const auto& r = s.out.report;
  diag::SvgPicture pic = diag::picture_of(*s.out.state);
  pic.colours = diag::player_colours(pic.players, colours);
  pic.title = s.title.substr(0, s.title.size() - 1);  // without the colon
  pic.coords = coords;
  diag::add_hands(pic, *s.out.state, s.view ? &*s.view : nullptr);
  // Before an illegal entry: its place outlined, its diagnostic's first line the caption.
  if (r.error && r.status == diag::Status::Illegal) {
    if (r.error->action > 0 && r.error->action <= static_cast<int>(game.actions.size()))
      pic.highlight = diag::highlight_of(game.actions[r.error->action - 1].action);
    pic.caption = diag::first_line(*r.error);
  }
  return diag::render_svg(pic);
}

}  // namespace catan::replay
