// What fails the run is data the renderers are told (issue 23): a warning's fails_run and
// the run's run_warnings / run_warnings_fail. The same warning without the flag is a
// plain warning in every format; with it, every format shows a failure.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "diag/diagnostic.hpp"
#include "diag/render_text.hpp"
#include "diag/report_stream.hpp"

using catan::diag::Diagnostic;
using catan::diag::GameReport;
using catan::diag::RunInfo;
using catan::diag::Status;

namespace {

GameReport legal_with_warning(bool fails_run) {
  GameReport r;
  r.file = "games/a.yaml";
  r.id = "g1";
  r.status = Status::Incomplete;
  r.actions = r.checked = 21;
  Diagnostic w;
  w.severity = catan::core::Severity::Warning;
  w.title = "missing assertions";
  w.message = "the log never asserts vp";
  w.at = {"games/a.yaml", 4, 1};
  w.fails_run = fails_run;
  r.warnings.push_back(w);
  return r;
}

std::string render(std::string_view format, const GameReport& r, const RunInfo& run = {}) {
  std::ostringstream out;
  auto stream = catan::diag::make_report_stream(format, run, out);
  stream->game(r);
  stream->finish();
  return out.str();
}

}  // namespace

TEST_CASE("fails_run: a warning that fails the run shows as a failure in every format") {
  for (const bool fails : {false, true}) {
    CAPTURE(fails);
    const GameReport r = legal_with_warning(fails);
    CHECK(catan::diag::failing_warnings(r) == (fails ? 1 : 0));
    const std::string json = render("json", r);
    CHECK((json.find("\"failing-warnings\": 1") != std::string::npos) == fails);
    CHECK((json.find("\"fails-run\": true") != std::string::npos) == fails);
    const std::string jsonl = render("jsonl", r);
    CHECK((jsonl.find("\"fails-run\":true") != std::string::npos) == fails);
    const std::string sarif = render("sarif", r);
    CHECK((sarif.find("\"level\": \"error\"") != std::string::npos) == fails);
    CHECK((sarif.find("\"failingWarnings\": 1") != std::string::npos) == fails);
    const std::string junit = render("junit", r);
    CHECK((junit.find("failures=\"1\"") != std::string::npos) == fails);
    CHECK((junit.find("<failure") != std::string::npos) == fails);
    const std::string github = render("github", r);
    CHECK((github.rfind("::error ", 0) == 0) == fails);
    CHECK((github.find("1 warning that fails the run") != std::string::npos) == fails);
  }
}

TEST_CASE("fails_run: the run's own warnings, failing only when the run says so") {
  const GameReport r = legal_with_warning(false);
  for (const bool fails : {false, true}) {
    CAPTURE(fails);
    RunInfo run;
    run.run_warnings = {"no games found in empty/"};
    run.run_warnings_fail = fails;
    CHECK(catan::diag::failing_warnings(run) == (fails ? 1 : 0));
    const std::string json = render("json", r, run);
    CHECK(json.find("\"run-warnings\": [") != std::string::npos);
    CHECK((json.find("\"failing-warnings\": 1") != std::string::npos) == fails);
    const std::string junit = render("junit", r, run);
    CHECK(junit.find("catan-referee run") != std::string::npos);
    CHECK((junit.find("failures=\"1\"") != std::string::npos) == fails);
    const std::string github = render("github", r, run);
    CHECK((github.rfind("::error ", 0) == 0) == fails);
    const std::string sarif = render("sarif", r, run);
    CHECK((sarif.find("\"failingWarnings\": 1") != std::string::npos) == fails);
  }
}

TEST_CASE("summary_line: failing warnings and the elapsed time") {
  CHECK(catan::diag::summary_line(0, 1, 0, 0) ==
        "1 game(s): 1 legal (1 incomplete), 0 illegal, 0 malformed\n");
  CHECK(catan::diag::summary_line(1, 0, 0, 0, 0, 1) ==
        "1 game(s): 1 legal (0 incomplete), 0 illegal, 0 malformed; 1 warning that fails the "
        "run\n");
  CHECK(catan::diag::summary_line(2, 0, 1, 0, 0, 2, 0.4249) ==
        "3 game(s): 2 legal (0 incomplete), 1 illegal, 0 malformed; 2 warnings that fail the "
        "run in 0.42 s\n");
}
