#include "diag/render_github.hpp"

#include <fmt/format.h>

#include <ostream>
#include <sstream>

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
  // A warning that fails the run (check --strict, --require-assertions) is an error to CI.
  if (d.fails_run) text += "\n(this warning fails the run)";
  return fmt::format("::{} {}::{}\n",
                     d.severity == core::Severity::Error || d.fails_run ? "error" : "warning",
                     props, github_escape_data(text));
}

}  // namespace

std::string github_escape_data(std::string_view s) { return escape(s, false); }
std::string github_escape_property(std::string_view s) { return escape(s, true); }

namespace {

// A game's annotations as it comes, the summary at finish(); only the counts are kept.
class GithubStream final : public ReportStream {
 public:
  GithubStream(bool run_keep_going, std::ostream& out, const RunInfo& run)
      : out_(out), run_keep_going_(run_keep_going), failing_(failing_warnings(run)) {
    // The run's own warnings (a directory without logs), errors when they fail the run.
    std::string text;
    for (const auto& w : run.run_warnings)
      text +=
          fmt::format("::{} title=catan-referee::{}\n", run.run_warnings_fail ? "error" : "warning",
                      github_escape_data(visible(w)));
    write(text);
  }

  void game(const GameReport& r) override {
    std::string text;
    if (r.error) text += command(r, *r.error);
    for (const auto& e : r.more_errors) text += command(r, e);
    for (const auto& w : r.warnings) text += command(r, w);
    for (const auto& d : r.deviations) text += command(r, d);  // check --keep-going
    write(text);
    failing_ += failing_warnings(r);
    if (r.keep_going) {
      keep_going_ = true;
      deviations_ += static_cast<int>(r.deviations.size()) + (r.error ? 1 : 0);
      deviant_games_ += r.error ? 1 : 0;
    }
    switch (r.status) {
      case Status::Legal:
        ++legal_;
        break;
      case Status::Incomplete:
        ++incomplete_;
        break;
      case Status::Illegal:
        ++illegal_;
        break;
      case Status::Unsupported:
        ++unsupported_;
        break;
      default:
        ++malformed_;
        break;
    }
  }

  void finish() override {
    std::string text =
        summary_line(legal_, incomplete_, illegal_, malformed_, unsupported_, failing_);
    if (keep_going_ || run_keep_going_) text += deviations_line(deviations_, deviant_games_);
    write(text);
  }

 private:
  void write(const std::string& text) {
    out_.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
  std::ostream& out_;
  const bool run_keep_going_;  // check --keep-going: a last line counts the deviations
  bool keep_going_ = false;    // some game was replayed on after its first deviation
  int legal_ = 0, incomplete_ = 0, illegal_ = 0, malformed_ = 0, unsupported_ = 0;
  int deviations_ = 0, deviant_games_ = 0;
  int failing_;  // warnings that fail the run
};

}  // namespace

std::unique_ptr<ReportStream> make_github_stream(bool run_keep_going, std::ostream& out,
                                                 const RunInfo& run) {
  return std::make_unique<GithubStream>(run_keep_going, out, run);
}

std::string render_github(const std::vector<GameReport>& reports, bool run_keep_going) {
  std::ostringstream out;
  const auto stream = make_github_stream(run_keep_going, out);
  for (const auto& r : reports) stream->game(r);
  stream->finish();
  return std::move(out).str();
}

}  // namespace catan::diag
