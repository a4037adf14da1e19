// The report streams (diag/report_stream.hpp, issue 11): each format fed a game at a time
// writes the bytes of its whole-run renderer, as the games come, holding nothing per game
// (JUnit: only the current file's testcases), and a failed write shows on the ostream.
#include "diag/report_stream.hpp"

#include <fmt/format.h>
#include <stdlib.h>  // setenv, unsetenv
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <vector>

#include "diag/render_github.hpp"
#include "diag/render_json.hpp"
#include "diag/render_junit.hpp"
#include "diag/render_sarif.hpp"

using catan::core::Rule;
using catan::core::Severity;
using catan::diag::Diagnostic;
using catan::diag::GameReport;
using catan::diag::make_report_stream;
using catan::diag::RunInfo;
using catan::diag::Status;

namespace {

const char* const kFormats[] = {"json", "jsonl", "sarif", "junit", "github"};

Diagnostic diagnostic(const std::string& file, int line, Rule rule, const std::string& message,
                      int action, Severity severity = Severity::Error) {
  Diagnostic d;
  d.severity = severity;
  d.rule = rule;
  d.message = message;
  d.at = {file, line, 5, line, 20};
  d.action = action;
  d.turn = 3;
  d.player = "red";
  d.situation = "turn 3, red's turn, action phase";
  d.notes = {{"hand", "red holds {brick: 1} <&> \"q\"\x07"}};
  return d;
}

// Three files: an illegal game replayed on (--keep-going, two more deviations, the second
// following from the first) and a legal one with a warning; a malformed game with more
// problems; a legal, an incomplete and an unsupported game.
std::vector<GameReport> run_reports() {
  std::vector<GameReport> out;
  GameReport illegal;
  illegal.file = "games/a,b: c.yaml";
  illegal.index = 0;
  illegal.id = "g\"1";
  illegal.status = Status::Illegal;
  illegal.actions = 40;
  illegal.checked = 40;
  illegal.error = diagnostic(illegal.file, 12, Rule::BUILD_03, "the road <x> is unconnected", 9);
  illegal.deviations.push_back(diagnostic(illegal.file, 20, Rule::PROD_01, "wrong gains", 17));
  illegal.deviations.back().follows_action = 9;
  illegal.deviations.back().follows_rule = Rule::BUILD_03;
  illegal.deviations.push_back(diagnostic(illegal.file, 30, Rule::ROBBER_01, "discard 5", 25));
  illegal.keep_going = catan::diag::KeepGoing{{{"adopted", "the road as written"}}, 40, 0, ""};
  illegal.options = catan::core::Options{};
  out.push_back(illegal);

  GameReport warned;
  warned.file = illegal.file;
  warned.index = 1;
  warned.status = Status::Legal;
  warned.winner = "blue";
  warned.warnings.push_back(
      diagnostic(warned.file, 50, Rule::PROD_04, "100% shortage", 31, Severity::Warning));
  out.push_back(warned);

  GameReport malformed;
  malformed.file = "b.yaml";
  malformed.status = Status::Malformed;
  malformed.error = Diagnostic{};
  malformed.error->message = "unknown key `rols`";
  malformed.error->at = {malformed.file, 4, 3};
  Diagnostic more;
  more.message = "duplicate key `roll`";
  more.at = {malformed.file, 9, 3};
  malformed.more_errors = {more, more};
  out.push_back(malformed);

  GameReport legal;
  legal.file = "c.yaml";
  legal.id = "ok";
  legal.status = Status::Legal;
  legal.actions = legal.checked = 80;
  legal.winner = "white";
  out.push_back(legal);
  GameReport incomplete = legal;
  incomplete.index = 1;
  incomplete.status = Status::Incomplete;
  incomplete.winner.clear();
  out.push_back(incomplete);
  GameReport unsupported;
  unsupported.file = legal.file;
  unsupported.index = 2;
  unsupported.status = Status::Unsupported;
  unsupported.error = Diagnostic{};
  unsupported.error->message = "`buy: hidden` is not supported yet";
  unsupported.error->at = {legal.file, 3, 1};
  out.push_back(unsupported);
  return out;
}

RunInfo run_info(bool keep_going) {
  return {"9.9.9", {"bank-shortage=strict"}, "https://example.org/rules", keep_going};
}

std::string whole(std::string_view format, const std::vector<GameReport>& reports,
                  const RunInfo& run) {
  if (format == "json") return catan::diag::render_json(reports, run);
  if (format == "sarif") return catan::diag::render_sarif(reports, run);
  if (format == "junit") return catan::diag::render_junit(reports);
  if (format == "github") return catan::diag::render_github(reports, run.keep_going);
  std::string out;
  for (const auto& r : reports) out += catan::diag::render_jsonl(r);
  return out;
}

// Counts what it is given and keeps none of it.
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

// Takes `room` bytes, then refuses every write (a full disk).
class FullBuf : public std::streambuf {
 public:
  explicit FullBuf(size_t room) : room_(room) {}

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    if (room_ == 0) return traits_type::eof();
    --room_;
    return c;
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    const auto took = std::min<std::streamsize>(n, static_cast<std::streamsize>(room_));
    room_ -= static_cast<size_t>(took);
    return took;
  }

 private:
  size_t room_;
};

// TMPDIR for the life of a scope.
class TmpdirAs {
 public:
  explicit TmpdirAs(const char* dir) {
    if (const char* old = std::getenv("TMPDIR")) old_ = old;
    setenv("TMPDIR", dir, 1);
  }
  ~TmpdirAs() {
    if (old_)
      setenv("TMPDIR", old_->c_str(), 1);
    else
      unsetenv("TMPDIR");
  }

 private:
  std::optional<std::string> old_;
};

}  // namespace

TEST_CASE("report streams: fed a game at a time, each format writes its whole-run report",
          "[diag][stream]") {
  const std::vector<GameReport> reports = run_reports();
  const bool keep_going = GENERATE(false, true);
  const RunInfo run = run_info(keep_going);
  for (const char* format : kFormats) {
    CAPTURE(format, keep_going);
    std::ostringstream out;
    auto stream = make_report_stream(format, run, out);
    for (const auto& r : reports) stream->game(r);
    stream->finish();
    CHECK(out.str() == whole(format, reports, run));
    CHECK(out.str().find("b.yaml") != std::string::npos);
  }
  SECTION("an empty run") {
    for (const char* format : kFormats) {
      CAPTURE(format);
      std::ostringstream out;
      make_report_stream(format, run, out)->finish();
      CHECK(out.str() == whole(format, {}, run));
    }
  }
}

TEST_CASE("report streams: what each format has written after each game", "[diag][stream]") {
  const std::vector<GameReport> reports = run_reports();
  const RunInfo run = run_info(true);
  for (const char* format : {"json", "jsonl", "sarif", "github"}) {
    CAPTURE(format);
    const std::string all = whole(format, reports, run);
    std::ostringstream out;
    auto stream = make_report_stream(format, run, out);
    const std::string opening = out.str();
    CHECK(all.starts_with(opening));
    for (const auto& r : reports) {
      CAPTURE(r.file, r.index);
      const size_t before = out.str().size();
      stream->game(r);
      CHECK(stream->held_bytes() == 0);
      const std::string written = out.str();
      CHECK(all.starts_with(written));  // a prefix of the report, nothing written twice
      // Every game is an item of json and jsonl; sarif and github write its diagnostics.
      if (format == std::string_view("json") || format == std::string_view("jsonl") || r.error ||
          !r.warnings.empty())
        CHECK(written.size() > before);
      else
        CHECK(written.size() == before);
    }
    stream->finish();
    CHECK(out.str() == all);
  }
  SECTION("json and sarif open at construction, jsonl and github write nothing before a game") {
    for (const char* format : kFormats) {
      std::ostringstream out;
      auto stream = make_report_stream(format, run, out);
      CAPTURE(format);
      if (format == std::string_view("json"))
        CHECK(out.str().ends_with("\"games\": ["));
      else if (format == std::string_view("sarif"))
        CHECK(out.str().ends_with("\"results\": ["));
      else
        CHECK(out.str().empty());
    }
  }
  SECTION("junit writes everything at finish(), holding only the current file's testcases") {
    std::ostringstream out;
    auto stream = make_report_stream("junit", run, out);
    size_t held_in_file = 0;
    for (size_t i = 0; i < reports.size(); ++i) {
      CAPTURE(i);
      const bool new_file = i == 0 || reports[i].file != reports[i - 1].file;
      stream->game(reports[i]);
      CHECK(out.str().empty());
      // The game's <testcase>, cut from the whole-run report of that game alone.
      const std::string alone = catan::diag::render_junit({reports[i]});
      const size_t from = alone.find("    <testcase"), to = alone.find("  </testsuite>");
      REQUIRE(to > from);
      held_in_file = (new_file ? 0 : held_in_file) + (to - from);
      CHECK(stream->held_bytes() == held_in_file);  // earlier files are no longer held
    }
    stream->finish();
    CHECK(out.str() == whole("junit", reports, run));
  }
}

TEST_CASE("report streams: a junit file whose games come back gets a second testsuite",
          "[diag][stream][junit]") {
  std::vector<GameReport> reports(3);
  reports[0].file = reports[2].file = "a.yaml";
  reports[2].index = 1;
  reports[1].file = "b.yaml";
  std::ostringstream out;
  auto stream = make_report_stream("junit", {}, out);
  for (const auto& r : reports) stream->game(r);
  stream->finish();
  const std::string xml = out.str();
  CHECK(xml.find("<testsuites name=\"catan-referee\" tests=\"3\"") != std::string::npos);
  const size_t first = xml.find("<testsuite name=\"a.yaml\" tests=\"1\"");
  const size_t b = xml.find("<testsuite name=\"b.yaml\" tests=\"1\"");
  const size_t second = xml.find("<testsuite name=\"a.yaml\" tests=\"1\"", first + 1);
  CHECK(first < b);
  CHECK(b < second);
  CHECK(second != std::string::npos);
  // The whole-run renderer groups them first.
  CHECK(catan::diag::render_junit(reports).find("<testsuite name=\"a.yaml\" tests=\"2\"") !=
        std::string::npos);
}

TEST_CASE("report streams: junit without a temporary file holds the report in memory",
          "[diag][stream][junit]") {
  const std::vector<GameReport> reports = run_reports();
  const std::string expected = catan::diag::render_junit(reports);
  TmpdirAs tmpdir("/nonexistent/catan-referee-test");
  std::ostringstream out;
  auto stream = make_report_stream("junit", {}, out);
  size_t held = 0;
  for (const auto& r : reports) {
    stream->game(r);
    CHECK(stream->held_bytes() > held);  // nothing goes to disk
    held = stream->held_bytes();
  }
  stream->finish();
  CHECK(out.str() == expected);
}

TEST_CASE("report streams: 100,000 games hold nothing per game", "[diag][stream]") {
  constexpr size_t kGames = 100000;
  const bool one_file = GENERATE(false, true);
  for (const char* format : kFormats) {
    // One file or many is the same for all but junit, which holds a file's testcases.
    if (one_file && format != std::string_view("junit")) continue;
    CAPTURE(format, one_file);
    CountingBuf counter;
    std::ostream out(&counter);
    auto stream = make_report_stream(format, {}, out);
    GameReport r;
    r.status = Status::Legal;
    r.actions = r.checked = 60;
    size_t most_held = 0;
    for (size_t i = 0; i < kGames; ++i) {
      r.file = one_file ? "games/all.yaml" : fmt::format("games/g{:06}.yaml", i);
      r.index = one_file ? static_cast<int>(i) : 0;
      r.warnings.clear();
      if (i % 10 == 0)  // something for sarif and github to say
        r.warnings.push_back(
            diagnostic(r.file, 3, Rule::PROD_04, "shortage", 7, Severity::Warning));
      stream->game(r);
      most_held = std::max(most_held, stream->held_bytes());
    }
    stream->finish();
    CHECK(out.good());
    CHECK(stream->held_bytes() == 0);
    // junit: a file of one game, its testcase; one big file, 64 KiB and one more testcase.
    if (format == std::string_view("junit"))
      CHECK(most_held < (one_file ? 64 * 1024 + 2048 : 2048));
    else
      CHECK(most_held == 0);
    CHECK(counter.bytes > kGames / 10 * 30);
  }
}

TEST_CASE("report streams: junit of files bigger than what it holds in memory",
          "[diag][stream][junit]") {
  // The expected document built from each game's testcase alone: a file of 3,000 games
  // (about 600 KiB of testcases, so most wait on disk), one of 1, one of 2,000.
  std::vector<GameReport> reports;
  const std::pair<const char*, int> files[] = {
      {"big.yaml", 3000}, {"one.yaml", 1}, {"mid.yaml", 2000}};
  for (const auto& [file, games] : files)
    for (int i = 0; i < games; ++i) {
      GameReport r;
      r.file = file;
      r.index = i;
      r.status = i % 7 == 0 ? Status::Incomplete : Status::Legal;
      if (i % 5 == 0)
        r.warnings.push_back(diagnostic(file, 3 + i, Rule::PROD_04, "short", i, Severity::Warning));
      if (i % 11 == 0) {
        r.status = Status::Illegal;
        r.error = diagnostic(file, 9 + i, Rule::BUILD_03, "unconnected", i);
      }
      reports.push_back(r);
    }
  std::string body;
  int tests = 0, failures = 0;
  size_t k = 0;
  for (const auto& [file, games] : files) {
    int file_failures = 0;
    std::string cases;
    for (int i = 0; i < games; ++i, ++k) {
      const std::string alone = catan::diag::render_junit({reports[k]});
      const size_t from = alone.find("    <testcase"), to = alone.find("  </testsuite>");
      cases += alone.substr(from, to - from);
      file_failures += reports[k].status == Status::Illegal;
    }
    body += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n",
                        file, games, file_failures) +
            cases + "  </testsuite>\n";
    tests += games;
    failures += file_failures;
  }
  const std::string expected =
      fmt::format(
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<testsuites name=\"catan-referee\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n",
          tests, failures) +
      body + "</testsuites>\n";
  REQUIRE(expected.size() > 3 * 64 * 1024);
  std::ostringstream out;
  auto stream = make_report_stream("junit", {}, out);
  size_t most_held = 0;
  for (const auto& r : reports) {
    stream->game(r);
    most_held = std::max(most_held, stream->held_bytes());
  }
  stream->finish();
  CHECK(out.str() == expected);
  CHECK(most_held < 64 * 1024 + 4096);
  CHECK(catan::diag::render_junit(reports) == expected);
}

TEST_CASE("report streams: a write that fails shows on the ostream", "[diag][stream]") {
  const std::vector<GameReport> reports = run_reports();
  const RunInfo run = run_info(false);
  for (const char* format : kFormats) {
    CAPTURE(format);
    // Room for the opening only (measured): the first game's write fails (junit: finish()).
    std::ostringstream opening;
    make_report_stream(format, run, opening);
    FullBuf full(opening.str().size());
    std::ostream out(&full);
    auto stream = make_report_stream(format, run, out);
    CHECK(out.good());
    stream->game(reports[0]);
    if (format == std::string_view("junit")) {
      CHECK(out.good());
      stream->finish();
    }
    CHECK(out.bad());
    // Or throws, when the ostream asks for exceptions (as main.cpp's std::cout does; as
    // there, not caught by type: std::ios_base::failure differs between libstdc++'s ABIs).
    FullBuf none(opening.str().size());
    std::ostream strict(&none);
    strict.exceptions(std::ios::badbit);
    auto s = make_report_stream(format, run, strict);
    if (format == std::string_view("junit")) {
      s->game(reports[0]);
      CHECK_THROWS(s->finish());
    } else {
      CHECK_THROWS(s->game(reports[0]));
    }
    CHECK(strict.bad());
  }
}

TEST_CASE("report streams: junit's temporary file refusing a write is a failed write",
          "[diag][stream][junit]") {
  // In a child process whose files may not pass 4 KiB (a full disk, as far as the spool
  // can tell): the report, going to memory, is marked bad instead of silently shortened.
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    std::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails with EFBIG instead
    const rlimit limit{4096, 4096};
    if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(4);
    std::ostringstream out;
    auto stream = make_report_stream("junit", {}, out);
    GameReport r;
    for (int i = 0; i < 1000; ++i) {
      r.file = fmt::format("games/g{:06}.yaml", i);
      stream->game(r);
    }
    stream->finish();
    _exit(out.bad() ? 0 : 1);
  }
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("report streams: only the machine-readable formats", "[diag][stream]") {
  std::ostringstream out;
  CHECK_THROWS_AS(make_report_stream("text", {}, out), std::invalid_argument);
  CHECK_THROWS_AS(make_report_stream("", {}, out), std::invalid_argument);
  CHECK(out.str().empty());
}
