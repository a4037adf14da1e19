#include "diag/render_text.hpp"

#include <fmt/format.h>

namespace catan::diag {

std::string_view to_string(Status s) {
  switch (s) {
    case Status::Legal: return "legal";
    case Status::Incomplete: return "incomplete";
    case Status::Illegal: return "illegal";
    case Status::Malformed: return "malformed";
    case Status::Unsupported: return "unsupported";
  }
  return "?";
}

std::string render_text(const Diagnostic& d) {
  std::string out = fmt::format("{}:{}:{}: {}", d.at.file, d.at.line, d.at.column,
                                d.severity == core::Severity::Error ? "error" : "warning");
  if (d.rule) out += fmt::format("[{}]", core::id(*d.rule));
  out += ": " + d.message + "\n";
  if (d.action > 0)
    out += fmt::format("  note: action {}{}{}\n", d.action,
                       d.player.empty() ? "" : " by " + d.player,
                       d.situation.empty() ? "" : " (" + d.situation + ")");
  else if (!d.situation.empty())
    out += fmt::format("  note: {}\n", d.situation);
  for (const auto& n : d.notes) out += fmt::format("  note: {}: {}\n", n.label, n.text);
  if (d.rule) out += fmt::format("  note: rule {}: {}\n", core::id(*d.rule), core::info(*d.rule).title);
  return out;
}

std::string render_text(const GameReport& r, bool quiet) {
  std::string out;
  if (r.error) out += render_text(*r.error);
  for (const auto& w : r.warnings) out += render_text(w);
  if (quiet) return out;
  std::string game = r.id.empty() ? fmt::format("game {}", r.index + 1)
                                  : fmt::format("game {} ({})", r.index + 1, r.id);
  switch (r.status) {
    case Status::Legal:
      out += fmt::format("{}: {}: legal: {} actions, {} won on turn {}\n", r.file, game, r.actions,
                         r.winner, r.turns);
      break;
    case Status::Incomplete:
      out += fmt::format("{}: {}: legal, incomplete: {} actions, no winner yet (turn {})\n", r.file,
                         game, r.actions, r.turns);
      break;
    case Status::Illegal:
      out += fmt::format("{}: {}: illegal: {} at action {} of {}\n", r.file, game,
                         r.error && r.error->rule ? core::id(*r.error->rule) : "?",
                         r.error ? r.error->action : 0, r.actions);
      break;
    case Status::Malformed: out += fmt::format("{}: {}: malformed\n", r.file, game); break;
    case Status::Unsupported: out += fmt::format("{}: {}: not checked (unsupported)\n", r.file, game); break;
  }
  return out;
}

std::string summary_line(int legal, int incomplete, int illegal, int malformed) {
  return fmt::format("{} game(s): {} legal ({} incomplete), {} illegal, {} malformed\n",
                     legal + incomplete + illegal + malformed, legal + incomplete, incomplete,
                     illegal, malformed);
}

}  // namespace catan::diag
