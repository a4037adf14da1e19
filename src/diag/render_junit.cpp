#include "diag/render_junit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include "diag/render_text.hpp"
#include "diag/spool.hpp"
#include "diag/utf8.hpp"

namespace catan::diag {
namespace {

constexpr std::string_view kReplacement = kReplacementChar;

std::string escape(std::string_view s, bool attribute) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    const size_t len = decode_utf8(s, i, cp);
    if (len == 0) {  // an ill-formed byte: U+FFFD in its place
      out += kReplacement;
      ++i;
      continue;
    }
    const std::string_view raw = s.substr(i, len);
    i += len;
    switch (cp) {
      case '&':
        out += "&amp;";
        continue;
      case '<':
        out += "&lt;";
        continue;
      case '>':
        out += "&gt;";
        continue;
      case '"':
        out += "&quot;";
        continue;
      case '\'':
        out += "&apos;";
        continue;
      case '\r':
        out += "&#13;";
        continue;  // a literal CR would be read as a line end
      case '\n':
        out += attribute ? "&#10;" : "\n";
        continue;  // attribute values are normalised
      case '\t':
        out += attribute ? "&#9;" : "\t";
        continue;
      default:
        break;
    }
    const bool control = cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
    if (control || cp == 0xFFFE || cp == 0xFFFF) continue;
    out += raw;
  }
  return out;
}

std::string game_name(const GameReport& r) {
  return r.id.empty() ? fmt::format("game {}", r.index + 1)
                      : fmt::format("game {} ({})", r.index + 1, r.id);
}

std::string attr(std::string_view name, std::string_view value) {
  return fmt::format(" {}=\"{}\"", name, xml_escape_attribute(value));
}

// A game that passed but has a warning that fails the run (check --strict,
// --require-assertions): a failed test case.
bool warning_fails(const GameReport& r) {
  return (r.status == Status::Legal || r.status == Status::Incomplete) && failing_warnings(r) > 0;
}

struct Counts {
  int tests = 0, failures = 0, errors = 0;
  void add(const GameReport& r) {
    ++tests;
    failures += r.status == Status::Illegal || warning_fails(r);
    errors += r.status == Status::Malformed || r.status == Status::Unsupported;
  }
  std::string attrs() const {
    return fmt::format(" tests=\"{}\" failures=\"{}\" errors=\"{}\"", tests, failures, errors);
  }
};

void write_testcase(std::string& out, const GameReport& r) {
  out += fmt::format("    <testcase{}{}", attr("classname", r.file), attr("name", game_name(r)));
  const bool has_body = r.error || !r.warnings.empty() || r.status == Status::Incomplete;
  if (!has_body) {
    out += "/>\n";
    return;
  }
  out += ">\n";
  if (r.error) {
    const Diagnostic& d = *r.error;
    if (r.status == Status::Illegal) {
      const std::string_view type = d.rule ? core::id(*d.rule) : "illegal";
      out +=
          fmt::format("      <failure{}{}>",
                      attr("message", fmt::format("{}: {}", type, d.message)), attr("type", type));
      std::string text = render_text(d);
      for (const auto& e : r.deviations) text += render_text(e);  // check --keep-going
      out += xml_escape_text(text) + "</failure>\n";
    } else {
      out += fmt::format("      <error{}{}>", attr("message", d.message),
                         attr("type", to_string(r.status)));
      std::string text = render_text(d);
      for (const auto& e : r.more_errors) text += render_text(e);
      out += xml_escape_text(text) + "</error>\n";
    }
  }
  if (warning_fails(r)) {
    const auto first = std::find_if(r.warnings.begin(), r.warnings.end(),
                                    [](const Diagnostic& w) { return w.fails_run; });
    const std::string type = first->rule
                                 ? std::string(core::id(*first->rule))
                                 : (first->title.empty() ? std::string("warning") : first->title);
    std::string text;
    for (const auto& w : r.warnings)
      if (w.fails_run) text += render_text(w);
    out += fmt::format("      <failure{}{}>", attr("message", type + ": " + first->message),
                       attr("type", "warning that fails the run"));
    out += xml_escape_text(text) + "</failure>\n";
  }
  if (r.status == Status::Incomplete)
    out += "      <system-out>incomplete: no winner</system-out>\n";
  if (!r.warnings.empty()) {
    std::string text;
    for (const auto& w : r.warnings) text += render_text(w);
    out += "      <system-err>" + xml_escape_text(text) + "</system-err>\n";
  }
  out += "    </testcase>\n";
}

}  // namespace

std::string xml_escape_text(std::string_view s) { return escape(s, false); }
std::string xml_escape_attribute(std::string_view s) { return escape(s, true); }

namespace {

constexpr std::string_view kXmlDeclaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

// <testsuites> carries the run's totals and each <testsuite> its file's counts, so: the
// current file's <testcase>s in memory up to kHeld bytes, beyond that in a temporary file
// of their own (`cases_spool_`), each finished <testsuite> in another (`suites_`), and
// everything written at finish(). Each byte is copied a fixed number of times: linear.
class JunitStream final : public ReportStream {
 public:
  JunitStream(std::ostream& out, const RunInfo& run) : out_(out), run_(run) {}

  void game(const GameReport& r) override {
    if (!in_file_ || r.file != file_) {
      end_file();
      file_ = r.file;
      in_file_ = true;
    }
    counts_.add(r);
    total_.add(r);
    write_testcase(cases_, r);
    if (cases_.size() > kHeld) {  // a big file: its test cases wait on disk
      check(cases_spool_.write(cases_));
      spilled_ = true;
      cases_.clear();
    }
  }

  void finish() override {
    end_file();
    run_suite();
    const std::string head =
        std::string(kXmlDeclaration) +
        fmt::format("<testsuites{}{}>\n", attr("name", "catan-referee"), total_.attrs());
    write(head);
    check(suites_.copy_to(out_));
    write("</testsuites>\n");
  }

  size_t held_bytes() const override {
    return cases_.size() + cases_spool_.memory_bytes() + suites_.memory_bytes();
  }

 private:
  // The current file's <testsuite> into `suites_`.
  void end_file() {
    if (!in_file_) return;
    in_file_ = false;
    check(suites_.write(fmt::format("  <testsuite{}{}>\n", attr("name", file_), counts_.attrs())));
    if (spilled_) {
      check(cases_spool_.copy_to(suites_));
      check(cases_spool_.clear());
      spilled_ = false;
    }
    check(suites_.write(cases_));
    check(suites_.write("  </testsuite>\n"));
    counts_ = {};
    cases_.clear();
  }
  // The run's own warnings (a directory without logs): a <testsuite> of their own, a test
  // case each, failed when they fail the run (check --strict).
  void run_suite() {
    if (run_.run_warnings.empty()) return;
    Counts c;
    std::string cases;
    for (const auto& text : run_.run_warnings) {
      ++c.tests;
      cases += fmt::format("    <testcase{}{}>\n", attr("classname", "catan-referee"),
                           attr("name", text));
      if (run_.run_warnings_fail) {
        ++c.failures;
        cases += fmt::format("      <failure{}{}/>\n", attr("message", text),
                             attr("type", "warning that fails the run"));
      } else {
        cases += "      <system-err>warning: " + xml_escape_text(text) + "</system-err>\n";
      }
      cases += "    </testcase>\n";
    }
    total_.tests += c.tests;
    total_.failures += c.failures;
    check(suites_.write(
        fmt::format("  <testsuite{}{}>\n", attr("name", "catan-referee run"), c.attrs())));
    check(suites_.write(cases));
    check(suites_.write("  </testsuite>\n"));
  }
  // A temporary file that refused a write: the report cannot be written whole.
  void check(bool ok) {
    if (!ok) out_.setstate(std::ios::badbit);
  }
  void write(std::string_view text) {
    out_.write(text.data(), static_cast<std::streamsize>(text.size()));
  }

  static constexpr size_t kHeld = 64 * 1024;
  std::ostream& out_;
  const RunInfo run_;
  Counts total_;
  bool in_file_ = false;
  std::string file_;      // the current file
  Counts counts_;         // its games
  std::string cases_;     // its latest rendered <testcase>s
  bool spilled_ = false;  // its earlier ones are in cases_spool_
  Spool cases_spool_, suites_;
};

}  // namespace

std::unique_ptr<ReportStream> make_junit_stream(std::ostream& out, const RunInfo& run) {
  return std::make_unique<JunitStream>(out, run);
}

std::string render_junit(const std::vector<GameReport>& reports) {
  // Files in the order they were first reported; each file's games in order (one pass:
  // linear in the number of reports), so the stream sees each file's games together.
  std::vector<std::vector<const GameReport*>> files;
  std::unordered_map<std::string_view, size_t> file_index;
  for (const auto& r : reports) {
    auto [it, fresh] = file_index.emplace(r.file, files.size());
    if (fresh) files.emplace_back();
    files[it->second].push_back(&r);
  }
  std::ostringstream out;
  const auto stream = make_junit_stream(out);
  for (const auto& games : files)
    for (const GameReport* r : games) stream->game(*r);
  stream->finish();
  return std::move(out).str();
}

}  // namespace catan::diag
