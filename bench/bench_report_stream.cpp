// The machine-readable reports of a big run (issue 11): N small verdicts written by
// diag::ReportStream as they come (`stream`: no report kept) or kept in a vector and
// rendered whole at the end (`whole`: what `check` did before the streams), into a
// counting sink. Each verdict is a legal game with its rules options; every 10th has a
// warning, every 100th is illegal with notes. One line: format, mode, shape, N, seconds,
// output bytes, peak RSS (KiB). scripts/bench-report-stream.sh runs the table.
// Usage: bench_report_stream FORMAT stream|whole files|one-file N
#include <fmt/format.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "diag/render_github.hpp"
#include "diag/render_json.hpp"
#include "diag/render_junit.hpp"
#include "diag/render_sarif.hpp"
#include "diag/report_stream.hpp"

namespace {

using namespace catan;

class CountingBuf : public std::streambuf {
 public:
  size_t bytes = 0;

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) ++bytes;
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += static_cast<size_t>(n);
    return n;
  }
};

diag::GameReport verdict(size_t i, bool one_file) {
  diag::GameReport r;
  r.file = one_file ? std::string("games/all.yaml") : fmt::format("games/g{:07}.yaml", i);
  r.index = one_file ? static_cast<int>(i) : 0;
  r.id = fmt::format("game-{}", i);
  r.status = diag::Status::Legal;
  r.actions = r.checked = 600;
  r.turns = 70;
  r.winner = "red";
  r.options = core::Options{};
  auto diagnostic = [&](core::Severity s, core::Rule rule, std::string message) {
    diag::Diagnostic d;
    d.severity = s;
    d.rule = rule;
    d.message = std::move(message);
    d.at = {r.file, 120, 5, 120, 30};
    d.action = 321;
    d.turn = 40;
    d.player = "blue";
    d.situation = "turn 40, blue's turn, action phase";
    d.notes = {{"hand", "blue holds {brick: 1, lumber: 2} (3 cards)"},
               {"rule", "BUILD-03: Roads connect (catan-referee explain BUILD-03)"}};
    return d;
  };
  if (i % 10 == 0)
    r.warnings.push_back(
        diagnostic(core::Severity::Warning, core::Rule::PROD_04, "the bank is short of ore"));
  if (i % 100 == 0) {
    r.status = diag::Status::Illegal;
    r.winner.clear();
    r.error = diagnostic(core::Severity::Error, core::Rule::BUILD_03,
                         "the road [0, -1, E] does not connect to blue's roads or buildings");
  }
  return r;
}

std::string whole(std::string_view format, const std::vector<diag::GameReport>& reports) {
  if (format == "json") return diag::render_json(reports, {});
  if (format == "sarif") return diag::render_sarif(reports, {});
  if (format == "junit") return diag::render_junit(reports);
  if (format == "github") return diag::render_github(reports);
  std::string out;
  for (const auto& r : reports) out += diag::render_jsonl(r);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: bench_report_stream FORMAT stream|whole files|one-file N\n");
    return 2;
  }
  const std::string_view format = argv[1], mode = argv[2], shape = argv[3];
  const size_t n = std::strtoull(argv[4], nullptr, 10);
  const bool one_file = shape == "one-file";
  CountingBuf sink;
  std::ostream out(&sink);
  const auto t = std::chrono::steady_clock::now();
  if (mode == "stream") {
    auto stream = diag::make_report_stream(format, {}, out);
    for (size_t i = 0; i < n; ++i) stream->game(verdict(i, one_file));
    stream->finish();
  } else {
    std::vector<diag::GameReport> reports;
    for (size_t i = 0; i < n; ++i) reports.push_back(verdict(i, one_file));
    const std::string text = whole(format, reports);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("%-6s %-6s %-8s %8zu %8.2f %12zu %9ld\n", argv[1], argv[2], argv[3], n, seconds,
              sink.bytes, usage.ru_maxrss);
  return out ? 0 : 1;
}
