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

namespace {
constexpr const char* kBold = "\033[1m";
constexpr const char* kRed = "\033[1;31m";
constexpr const char* kYellow = "\033[1;33m";
constexpr const char* kCyan = "\033[36m";
constexpr const char* kReset = "\033[0m";
}  // namespace

std::string excerpt(const std::string& source, int line, int column) {
  if (line < 1 || column < 1) return {};
  size_t start = 0;
  for (int l = 1; l < line; ++l) {
    start = source.find('\n', start);
    if (start == std::string::npos) return {};
    ++start;
  }
  size_t end = source.find('\n', start);
  std::string text = source.substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (!text.empty() && text.back() == '\r') text.pop_back();
  if (text.size() > 200) return {};  // a very long line (flow style) is not worth echoing
  for (char& c : text)
    if (c == '\t') c = ' ';
  const size_t col = static_cast<size_t>(column - 1);
  if (col > text.size()) return {};
  // Underline the token: a bracketed value up to its closing bracket, else up to a delimiter.
  size_t len = 1;
  if (col < text.size() && (text[col] == '[' || text[col] == '{')) {
    const char open = text[col], close = open == '[' ? ']' : '}';
    int depth = 0;
    for (size_t i = col; i < text.size(); ++i) {
      depth += text[i] == open;
      depth -= text[i] == close;
      if (depth == 0) {
        len = i - col + 1;
        break;
      }
    }
  } else {
    while (col + len < text.size() && std::string_view(" ,:}]#").find(text[col + len]) == std::string_view::npos)
      ++len;
  }
  std::string gutter = fmt::format("{:>5} | ", line);
  return gutter + text + "\n" + std::string(gutter.size() - 2, ' ') + "| " + std::string(col, ' ') + "^" +
         std::string(len > 1 ? len - 1 : 0, '~') + "\n";
}

std::string render_text(const Diagnostic& d, const TextStyle& style) {
  const bool error = d.severity == core::Severity::Error;
  auto paint = [&](const char* code, const std::string& s) {
    return style.color ? std::string(code) + s + kReset : s;
  };
  std::string out = paint(kBold, fmt::format("{}:{}:{}:", d.at.file, d.at.line, d.at.column)) + " " +
                    paint(error ? kRed : kYellow, std::string(error ? "error" : "warning") +
                                                      (d.rule ? fmt::format("[{}]", core::id(*d.rule)) : ""));
  out += ": " + paint(kBold, d.message) + "\n";
  if (style.source) out += excerpt(*style.source, d.at.line, d.at.column);
  if (d.action > 0)
    out += paint(kCyan, "  note:") + fmt::format(" action {}{}{}\n", d.action,
                       d.player.empty() ? "" : " by " + d.player,
                       d.situation.empty() ? "" : " (" + d.situation + ")");
  else if (!d.situation.empty())
    out += paint(kCyan, "  note:") + fmt::format(" {}\n", d.situation);
  for (const auto& n : d.notes) out += paint(kCyan, "  note:") + fmt::format(" {}: {}\n", n.label, n.text);
  if (d.rule)
    out += paint(kCyan, "  note:") + fmt::format(" rule {}: {} (catan-referee explain {})\n", core::id(*d.rule),
                                                 core::info(*d.rule).title, core::id(*d.rule));
  return out;
}

namespace {
// Player-view logs: how many worlds the verdict was reached against.
std::string worlds_note(const GameReport& r) {
  if (r.peak_worlds == 0) return "";
  std::string out = fmt::format(" (player view: {} consistent world(s) at the end, at most {}", r.worlds,
                                r.peak_worlds);
  if (r.approximate_from > 0)
    out += fmt::format("; actions {}-{} checked approximately", r.approximate_from, r.approximate_to);
  if (r.unjudged_from > 0) out += fmt::format("; not judged from action {}", r.unjudged_from);
  return out + ")";
}
}  // namespace

std::string render_text(const GameReport& r, bool quiet, const TextStyle& style) {
  std::string out;
  if (r.error) out += render_text(*r.error, style);
  for (const auto& w : r.warnings) out += render_text(w, style);
  if (quiet) return out;
  std::string game = r.id.empty() ? fmt::format("game {}", r.index + 1)
                                  : fmt::format("game {} ({})", r.index + 1, r.id);
  switch (r.status) {
    case Status::Legal:
      out += fmt::format("{}: {}: legal: {} actions, {} won on turn {}{}\n", r.file, game, r.actions,
                         r.winner, r.turns, worlds_note(r));
      break;
    case Status::Incomplete:
      out += fmt::format("{}: {}: legal, incomplete: {} actions, no winner yet (turn {}){}\n", r.file,
                         game, r.actions, r.turns, worlds_note(r));
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

std::string summary_line(int legal, int incomplete, int illegal, int malformed, int unsupported) {
  std::string out = fmt::format("{} game(s): {} legal ({} incomplete), {} illegal, {} malformed",
                                legal + incomplete + illegal + malformed + unsupported, legal + incomplete,
                                incomplete, illegal, malformed);
  if (unsupported > 0) out += fmt::format(", {} unsupported", unsupported);
  return out + "\n";
}

}  // namespace catan::diag
