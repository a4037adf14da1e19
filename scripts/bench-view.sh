#!/usr/bin/env bash
# Player-view checking against the complete log's check (BENCHMARKS.md, "Player-view logs"):
# bench/bench_view.cpp's in-process medians over generated games of about 1,000 actions
# (complete, spectator, spectator with hidden discards and dice sums, one seat), and, with
# BASELINE=REV, the complete-log path of this tree against revision REV by instruction
# counts (callgrind: the same counts on a loaded or an idle machine).
# Usage: [BASELINE=REV] scripts/bench-view.sh [GAMES] [REPETITIONS]   (default 10 3)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-10}"
reps="${2:-3}"
CATAN_WITH_BENCH=1 bash scripts/setup-deps.sh >/dev/null
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DCATAN_BENCH=ON -DCATAN_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench -j "$(nproc)" --target bench_view catan-referee >/dev/null
echo "== In process: player-view check / complete check, per game, medians of $reps"
build/bench/bench_view "$games" "$reps"

if [ -n "${BASELINE:-}" ]; then
  echo
  echo "== Complete logs: instructions of check, this tree against $BASELINE (callgrind)"
  base=build/bench-baseline
  if [ ! -d "$base/src" ]; then git worktree add --detach "$base/src" "$BASELINE" >/dev/null; fi
  cmake -S "$base/src" -B "$base/build" -DCMAKE_BUILD_TYPE=Release -DCATAN_BUILD_TESTS=OFF >/dev/null
  cmake --build "$base/build" -j "$(nproc)" --target catan-referee >/dev/null
  for f in samples/legal-game-4p-seed323.yaml samples/legal-game-3p-seed452.yaml samples/legal-game-3p-seed412.yaml; do
    for exe in "$base/build/catan-referee" build/bench/catan-referee; do
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$exe" check "$f" >/dev/null 2>"$base/cg.txt" || true
      printf '%-40s %-40s %s\n' "$f" "$exe" "$(grep -o 'refs: *[0-9,]*' "$base/cg.txt")"
    done
  done
fi
