// The JUnit report's grouping (issue 11). That it stays linear on hostile sizes is counted,
// not timed, in tests/counting/linear_count_test.cpp (its own binary, which counts
// allocations and comparisons); the timing is in bench/bench_report_stream.cpp.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "diag/render_junit.hpp"

using catan::diag::GameReport;

TEST_CASE("render_junit: a file's games stay together, in first-seen order", "[diag]") {
  std::vector<GameReport> reports(3);
  reports[0].file = "b.yaml";
  reports[1].file = "a.yaml";
  reports[2].file = "b.yaml";
  reports[2].index = 1;
  const std::string xml = catan::diag::render_junit(reports);
  const size_t b = xml.find("<testsuite name=\"b.yaml\" tests=\"2\"");
  const size_t a = xml.find("<testsuite name=\"a.yaml\" tests=\"1\"");
  REQUIRE(b != std::string::npos);
  REQUIRE(a != std::string::npos);
  CHECK(b < a);
  CHECK(xml.find("name=\"game 2\"") < a);
}
