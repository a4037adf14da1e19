// `check -j`'s job runner (cli/ordered_jobs.hpp): results in index order whatever the
// threads' timing, never more than a window held, and a failure rethrown in the caller.
#include "cli/ordered_jobs.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using catan::cli::run_ordered;

namespace {

// A pause of 0 to 300 microseconds, different for every item and thread.
void jitter(size_t i) {
  thread_local std::mt19937 rng(std::random_device{}());
  std::this_thread::sleep_for(std::chrono::microseconds((rng() + i) % 300));
}

}  // namespace

TEST_CASE("run_ordered hands results over in index order, once each") {
  for (size_t threads : {1, 2, 3, 8}) {
    for (size_t window : {1, 2, 8}) {
      std::vector<size_t> seen;
      std::set<std::thread::id> workers;
      std::mutex m;
      run_ordered(
          200, threads, window,
          [&](size_t i) {
            jitter(i);
            std::lock_guard lock(m);
            workers.insert(std::this_thread::get_id());
            return std::to_string(i);
          },
          [&](size_t k, std::string&& r) {
            REQUIRE(r == std::to_string(k));
            seen.push_back(k);
            jitter(k);
          });
      REQUIRE(seen.size() == 200);
      for (size_t k = 0; k < seen.size(); ++k) REQUIRE(seen[k] == k);
      INFO("threads " << threads << ", window " << window);
      REQUIRE(workers.size() <= threads);
      if (threads == 1) REQUIRE(workers.count(std::this_thread::get_id()) == 1);
    }
  }
}

TEST_CASE("run_ordered keeps at most a window of results ahead of the sink") {
  constexpr size_t kWindow = 4;
  std::atomic<size_t> started{0}, printed{0}, most_ahead{0};
  run_ordered(
      300, 3, kWindow,
      [&](size_t i) {
        const size_t ahead = ++started - printed.load();
        size_t prev = most_ahead.load();
        while (ahead > prev && !most_ahead.compare_exchange_weak(prev, ahead)) {
        }
        jitter(i);
        return i;
      },
      [&](size_t, size_t&&) {
        jitter(0);  // a slow output, so that the workers run into the window
        ++printed;
      });
  REQUIRE(printed == 300);
  REQUIRE(most_ahead.load() <= kWindow);
  REQUIRE(most_ahead.load() >= 2);  // the threads did run side by side
}

TEST_CASE("run_ordered with nothing to do, or fewer items than threads") {
  size_t calls = 0;
  run_ordered(
      0, 4, 16, [](size_t i) { return i; }, [&](size_t, size_t&&) { ++calls; });
  REQUIRE(calls == 0);
  std::vector<size_t> seen;
  run_ordered(
      2, 8, 32, [](size_t i) { return i * 10; }, [&](size_t, size_t&& r) { seen.push_back(r); });
  REQUIRE(seen == std::vector<size_t>{0, 10});
}

TEST_CASE("run_ordered rethrows the first failure and stops handing out work") {
  std::atomic<size_t> worked{0};
  std::vector<size_t> seen;
  auto work = [&](size_t i) {
    ++worked;
    if (i == 50) throw std::runtime_error("item 50");
    return i;
  };
  REQUIRE_THROWS_WITH(run_ordered(1000, 2, 8, work, [&](size_t k, size_t&&) { seen.push_back(k); }),
                      "item 50");
  REQUIRE(worked.load() < 1000);
  REQUIRE(seen.size() <= 50);  // nothing at or after the failed item is handed over
  for (size_t k = 0; k < seen.size(); ++k) REQUIRE(seen[k] == k);

  // A failing sink stops the run too.
  worked = 0;
  REQUIRE_THROWS_WITH(run_ordered(
                          1000, 2, 8, [&](size_t i) { return ++worked, i; },
                          [&](size_t k, size_t&&) {
                            if (k == 10) throw std::runtime_error("sink 10");
                          }),
                      "sink 10");
  REQUIRE(worked.load() < 100);
}
