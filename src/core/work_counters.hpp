// How often the expensive steps ran, counted in builds with invariant checks (the dev
// build): a document parsed, a game replayed (by the referee or by an importer following
// it), a record imported. `check` prints them when CATAN_REFEREE_COUNTERS is set, and a
// test asserts that each document is parsed once and each game replayed once. In other
// builds the counting compiles to nothing.
#pragma once

#include <atomic>

namespace catan::core {

struct WorkCounters {
  std::atomic<long> documents_parsed{0};
  std::atomic<long> games_replayed{0};
  std::atomic<long> records_imported{0};
  std::atomic<long> entries_fed{0};  // entries fed to any Replayer (a live game's replays too)
};

// The process's counters.
inline WorkCounters& work_counters() {
  static WorkCounters counters;
  return counters;
}

inline void count_work([[maybe_unused]] std::atomic<long> WorkCounters::*which) {
#ifdef CATAN_CHECK_INVARIANTS
  (work_counters().*which).fetch_add(1, std::memory_order_relaxed);
#endif
}

// Whether this build counts.
inline constexpr bool kCountsWork =
#ifdef CATAN_CHECK_INVARIANTS
    true;
#else
    false;
#endif

}  // namespace catan::core
