#!/usr/bin/env bash
# The machine-readable reports of a big run (issue 11): bench/bench_report_stream.cpp
# writes N small verdicts per format through diag::ReportStream (`stream`) and, for
# comparison, keeps them and renders the whole run at the end (`whole`, as `check` did
# before), each in a process of its own so that peak RSS is that run's; the median time
# and the largest peak of REPS runs. Shapes: a file per game (`files`) and every game in
# one file (`one-file`).
# Usage: [REPS=3] scripts/bench-report-stream.sh [N...]   (default 100000 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
reps="${REPS:-3}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100000 1000000)
CATAN_WITH_BENCH=1 bash scripts/setup-deps.sh >/dev/null
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DCATAN_BENCH=ON -DCATAN_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench -j "$(nproc)" --target bench_report_stream >/dev/null
printf '%-6s %-6s %-8s %8s %8s %12s %9s\n' format mode shape games seconds bytes peak-KiB
for n in "${sizes[@]}"; do
  for shape in files one-file; do
    for format in json jsonl sarif junit github; do
      for mode in stream whole; do
        for _ in $(seq "$reps"); do build/bench/bench_report_stream "$format" "$mode" "$shape" "$n"; done |
          /usr/bin/python3 -c '
import statistics, sys
rows = [line.split() for line in sys.stdin]
t = statistics.median(float(r[4]) for r in rows)
r = rows[0]
print(f"{r[0]:<6} {r[1]:<6} {r[2]:<8} {int(r[3]):>8} {t:>8.2f} {int(r[5]):>12} {max(int(x[6]) for x in rows):>9}")'
      done
    done
  done
done
