// Linear work on hostile sizes (issue 11), counted rather than timed: this binary counts
// every call to operator new (calls and bytes) and to memcmp (calls and bytes, the string
// comparisons of std::string and std::string_view), so the work a renderer does for N
// reports is a number that is the same on every machine, in debug, release and sanitizer
// builds alike. Rendering 4 times as many reports must take about 4 times as much of each
// (at most 6 times: a quadratic path takes 16 times); the first JUnit renderer, which
// searched the list of files for every report, made 4 times as many reports cost 16 times
// the comparisons. Timings stay in bench/ (bench_report_stream junit whole files N).
//
// Its own binary (catan_count_tests), because replacing the global operator new and memcmp
// would count the work of every other test in catan_unit_tests too.
#define CATCH_CONFIG_MAIN
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "diag/render_junit.hpp"
#include "diag/report_stream.hpp"

namespace {

struct Work {
  size_t news = 0, new_bytes = 0, compares = 0, compared_bytes = 0;
};
Work g_work;

void* counted_new(std::size_t n) {
  ++g_work.news;
  g_work.new_bytes += n;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}

}  // namespace

void* operator new(std::size_t n) { return counted_new(n); }
void* operator new[](std::size_t n) { return counted_new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return counted_new(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return counted_new(n);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

// Every memcmp of this executable (the library is linked in statically) comes here.
extern "C" int memcmp(const void* a, const void* b, std::size_t n) noexcept {
  ++g_work.compares;
  g_work.compared_bytes += n;
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  for (std::size_t i = 0; i < n; ++i)
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

namespace {

using catan::diag::GameReport;

// Reports of n games in n files (the shape that was quadratic) or all in one file.
std::vector<GameReport> reports(size_t n, bool one_file) {
  std::vector<GameReport> out(n);
  for (size_t i = 0; i < n; ++i) {
    out[i].file = one_file ? std::string("games/all.yaml") : fmt::format("games/g{:06}.yaml", i);
    out[i].index = one_file ? static_cast<int>(i) : 0;
  }
  return out;
}

// The work `render` does on its reports, alone (building them is not counted).
template <class F>
Work work_of(F render) {
  const Work before = g_work;
  render();
  return {g_work.news - before.news, g_work.new_bytes - before.new_bytes,
          g_work.compares - before.compares, g_work.compared_bytes - before.compared_bytes};
}

// Each count for 4n reports is at most 6 times the count for n (linear: about 4 times;
// quadratic: 16), with a floor so that a count of a few does not divide by zero.
void check_linear(const Work& small, const Work& big) {
  const auto bounded = [](size_t s, size_t b) { return b <= 6 * std::max<size_t>(s, 64); };
  INFO("operator new: " << small.news << " calls, " << small.new_bytes << " bytes for n; "
                        << big.news << " calls, " << big.new_bytes << " bytes for 4n");
  INFO("memcmp: " << small.compares << " calls, " << small.compared_bytes << " bytes for n; "
                  << big.compares << " calls, " << big.compared_bytes << " bytes for 4n");
  CHECK(small.news > 0);  // the counting hooks are in place
  CHECK(bounded(small.news, big.news));
  CHECK(bounded(small.new_bytes, big.new_bytes));
  CHECK(bounded(small.compares, big.compares));
  CHECK(bounded(small.compared_bytes, big.compared_bytes));
}

constexpr size_t kN = 2500;

}  // namespace

TEST_CASE("counting: memcmp and operator new of this binary are counted", "[count]") {
  const std::string a = fmt::format("games/g{:06}.yaml", 1),
                    b = fmt::format("games/g{:06}.yaml", 2);
  const Work w = work_of([&] {
    std::string c = a + b;  // one allocation
    CHECK(a != b);          // one comparison of 18 bytes
    CHECK(c.size() == 36);
  });
  CHECK(w.news >= 1);
  CHECK(w.compares >= 1);
  CHECK(w.compared_bytes >= 18);
}

TEST_CASE("render_junit: the work for 4n files is about 4 times the work for n", "[count]") {
  const auto small = reports(kN, false), big = reports(4 * kN, false);
  std::string xml;
  const Work ws = work_of([&] { xml = catan::diag::render_junit(small); });
  const Work wb = work_of([&] { xml = catan::diag::render_junit(big); });
  CHECK(xml.find(fmt::format("games/g{:06}.yaml", 4 * kN - 1)) != std::string::npos);
  check_linear(ws, wb);
}

TEST_CASE("report streams: the work for 4n games is about 4 times the work for n", "[count]") {
  for (const char* format : {"json", "jsonl", "sarif", "junit", "github"}) {
    for (bool one_file : {false, true}) {
      INFO(format << (one_file ? ", one file" : ", a file per game"));
      const auto small = reports(kN, one_file), big = reports(4 * kN, one_file);
      const auto run = [&](const std::vector<GameReport>& rs) {
        std::ostringstream out;
        const auto stream = catan::diag::make_report_stream(format, {}, out);
        for (const auto& r : rs) stream->game(r);
        stream->finish();
        CHECK(out.good());
      };
      const Work ws = work_of([&] { run(small); });
      const Work wb = work_of([&] { run(big); });
      check_linear(ws, wb);
    }
  }
}
