#include "diag/render_github.hpp"

#include <fmt/format.h>

#include "diag/render_text.hpp"

namespace catan::diag {
namespace {

std::string escape(std::string_view s, bool property) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      case ':':
        out += property ? "%3A" : ":";
        break;
      case ',':
        out += property ? "%2C" : ",";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string title(const GameReport& r, const Diagnostic& d) {
  if (d.rule) return fmt::format("{} ({})", core::id(*d.rule), core::info(*d.rule).title);
  if (!d.title.empty()) return d.title;
  return r.status == Status::Unsupported ? "unsupported" : "malformed";
}

// One annotation; the notes go on lines of their own below the message.
std::string command(const GameReport& r, const Diagnostic& d) {
  std::string props;
  // Log text goes through visible() first: the Actions log renders ANSI escapes.
  if (!d.at.file.empty()) props += "file=" + github_escape_property(visible(d.at.file)) + ",";
  if (d.at.line > 0) {
    props += fmt::format("line={},", d.at.line);
    if (d.at.column > 0) props += fmt::format("col={},", d.at.column);
    // GitHub counts the end column inclusively, and only within one line.
    if (d.at.end_line > d.at.line)
      props += fmt::format("endLine={},", d.at.end_line);
    else if (d.at.end_line == d.at.line && d.at.column > 0 && d.at.end_column > d.at.column)
      props += fmt::format("endLine={},endColumn={},", d.at.end_line, d.at.end_column - 1);
  }
  props += "title=" + github_escape_property(title(r, d));
  std::string text = visible(d.message);
  if (const std::string where = action_note(d); !where.empty()) text += "\n" + visible(where);
  for (const auto& n : d.notes) text += fmt::format("\n{}: {}", visible(n.label), visible(n.text));
  return fmt::format("::{} {}::{}\n", d.severity == core::Severity::Error ? "error" : "warning",
                     props, github_escape_data(text));
}

}  // namespace

std::string github_escape_data(std::string_view s) { return escape(s, false); }
std::string github_escape_property(std::string_view s) { return escape(s, true); }

std::string render_github(const std::vector<GameReport>& reports, bool run_keep_going) {
  std::string out;
  int legal = 0, incomplete = 0, illegal = 0, malformed = 0, unsupported = 0;
  int deviations = 0, deviant_games = 0;
  bool keep_going = false;
  for (const auto& r : reports) {
    if (r.error) out += command(r, *r.error);
    for (const auto& e : r.more_errors) out += command(r, e);
    for (const auto& w : r.warnings) out += command(r, w);
    for (const auto& d : r.deviations) out += command(r, d);  // check --keep-going
    if (r.keep_going) {
      keep_going = true;
      deviations += static_cast<int>(r.deviations.size()) + (r.error ? 1 : 0);
      deviant_games += r.error ? 1 : 0;
    }
    switch (r.status) {
      case Status::Legal:
        ++legal;
        break;
      case Status::Incomplete:
        ++incomplete;
        break;
      case Status::Illegal:
        ++illegal;
        break;
      case Status::Unsupported:
        ++unsupported;
        break;
      default:
        ++malformed;
        break;
    }
  }
  out += summary_line(legal, incomplete, illegal, malformed, unsupported);
  if (keep_going || run_keep_going) out += deviations_line(deviations, deviant_games);
  return out;
}

}  // namespace catan::diag
