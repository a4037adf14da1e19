// Linear time on hostile sizes (issue 11): sizes where a quadratic path takes tens of
// seconds and a linear one a fraction of a second, even in debug and sanitizer builds.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "diag/render_junit.hpp"

using catan::diag::GameReport;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("render_junit: 100,000 files in linear time", "[diag]") {
  std::vector<GameReport> reports(100000);
  for (size_t i = 0; i < reports.size(); ++i) reports[i].file = fmt::format("games/g{:06}.yaml", i);
  const auto t = std::chrono::steady_clock::now();
  const std::string xml = catan::diag::render_junit(reports);
  CHECK(seconds_since(t) < 5.0);  // quadratic: minutes
  CHECK(xml.find("games/g099999.yaml") != std::string::npos);
}

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
