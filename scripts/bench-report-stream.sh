#!/usr/bin/env bash
# The machine-readable reports of a big run (issue 11): bench/bench_report_stream.cpp
# writes N small verdicts per format through diag::ReportStream (`stream`) and, for
# comparison, keeps them and renders the whole run at the end (`whole`, as `check` did
# before), each in a process of its own so that peak RSS is that run's. Shapes: a file
# per game (`files`) and every game in one file (`one-file`: JUnit then holds that file's
# test cases until the end).
# Usage: scripts/bench-report-stream.sh [N...]   (default 100000 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
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
        build/bench/bench_report_stream "$format" "$mode" "$shape" "$n"
      done
    done
  done
done
