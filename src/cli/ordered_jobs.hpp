// Runs work(i) for every i in [0, n) on `threads` threads (the caller's included) and hands
// the results to sink(i, result) one at a time in index order, so that output keeps the
// order of the inputs. No thread only prints: whichever worker finishes the next result in
// order takes the printing role and drains every consecutive result that is ready, while
// the other keeps working. A worker never runs more than `window` items ahead of the
// printed ones, so at most `window` results are held. The hand-off is one uncontended
// lock per item; a thread sleeps only when it is a window ahead.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace catan::cli {

template <class Work, class Sink>
void run_ordered(size_t n, size_t threads, size_t window, Work&& work, Sink&& sink) {
  using Result = decltype(work(size_t{0}));
  if (window < 1) window = 1;
  std::vector<std::optional<Result>> slots(window);  // item i waits in slots[i % window]
  std::mutex m;
  std::condition_variable ahead;  // a worker a window ahead waits here for the printer
  size_t next = 0, printed = 0, waiting = 0;
  bool printing = false;
  std::exception_ptr failure;  // the first exception, rethrown in the caller

  auto body = [&] {
    std::unique_lock lock(m);
    for (;;) {
      if (next >= n || failure) return;
      if (next >= printed + window) {
        ++waiting;
        ahead.wait(lock, [&] { return next >= n || failure || next < printed + window; });
        --waiting;
        continue;
      }
      const size_t i = next++;
      lock.unlock();
      std::optional<Result> r;
      try {
        r.emplace(work(i));
      } catch (...) {
        lock.lock();
        if (!failure) failure = std::current_exception();
        ahead.notify_all();
        return;
      }
      lock.lock();
      slots[i % window] = std::move(r);
      if (printing) continue;  // the printer will find it
      printing = true;
      while (!failure && printed < n && slots[printed % window]) {
        Result out = std::move(*slots[printed % window]);
        slots[printed % window].reset();
        const size_t k = printed;
        lock.unlock();
        try {
          sink(k, std::move(out));
        } catch (...) {
          lock.lock();
          if (!failure) failure = std::current_exception();
          break;
        }
        lock.lock();
        ++printed;
        if (waiting) ahead.notify_all();
      }
      printing = false;
      if (failure) {
        ahead.notify_all();
        return;
      }
    }
  };

  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads && t < n; ++t) pool.emplace_back(body);
  body();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace catan::cli
