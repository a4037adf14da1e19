#!/usr/bin/env bash
# Prints the benchmark table of BENCHMARKS.md: medians of repeated runs of bench_check
# (engine-only replay, reader, end-to-end check, and the bare YAML::Load floor measured
# in the same process), ratios against that floor, -j 2 scaling, and peak memory of
# `check` over 1, 100 and 10,000 files and over one 1,000,000-action log, and player views
# against the complete logs of the same games (generated, and catanatron-style: the
# catanatron exports of ../shared/realgames, when that folder is there).
# Usage: scripts/bench.sh [REPETITIONS]   (default 5). Timing belongs here, never in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
reps="${1:-5}"
CATAN_WITH_BENCH=1 bash scripts/setup-deps.sh >/dev/null
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DCATAN_BENCH=ON -DCATAN_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench -j "$(nproc)" --target bench_check bench_view catan-referee >/dev/null
exe=build/bench/catan-referee
work=build/bench/data
mkdir -p "$work"

echo "== In-process medians ($reps repetitions; 40 generated 4-player games held in memory)"
build/bench/bench_check --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
  --benchmark_format=json >"$work/bench.json" 2>/dev/null
/usr/bin/python3 - "$work/bench.json" <<'PY'
import json, sys
runs = {b["run_name"]: b for b in json.load(open(sys.argv[1]))["benchmarks"] if b.get("aggregate_name") == "median"}
floor = runs["yaml_load"]["bytes_per_second"]
print(f"{'benchmark':<12} {'ms/corpus':>10} {'MB/s':>8} {'games/s':>9} {'actions/s':>12} {'vs YAML::Load':>14}")
for name in ["yaml_load", "yaml_events", "read_yaml_cpp", "read", "replay", "check"]:
    b = runs[name]
    print(f"{name:<12} {b['real_time']:>10.2f} {b['bytes_per_second']/1e6:>8.2f} {b['items_per_second']:>9.1f} "
          f"{b['actions/s']:>12,.0f} {b['bytes_per_second']/floor:>13.2f}x")
PY

echo
echo "== End-to-end CLI: 200 generated 4-player games, -j 1 vs -j 2 (median of $reps)"
if [ ! -d "$work/corpus200" ]; then mkdir -p "$work/corpus200" && "$exe" generate --seed 5000 --count 200 --out "$work/corpus200" >/dev/null; fi
/usr/bin/python3 - "$exe" "$work/corpus200" "$reps" <<'PY'
import statistics, subprocess, sys, time, pathlib
exe, corpus, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
size = sum(p.stat().st_size for p in pathlib.Path(corpus).glob("*.yaml"))
res = {}
for j in (1, 2):
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        subprocess.run([exe, "check", "--summary", "-j", str(j), corpus], check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    res[j] = statistics.median(times)
    print(f"-j {j}: {res[j]:.3f} s, {200/res[j]:.1f} games/s, {size/res[j]/1e6:.2f} MB/s")
print(f"-j 2 speed-up: {res[1]/res[2]:.2f}x")
PY
# A run of 0.08 s moves with the machine's other load; the same games as 2,000 files take
# about ten times as long, and two processes on halves of them, started at once, are the
# machine's own ceiling for -j 2 in the same rounds.
echo "2,000 files (the 200 games, each linked 10 times), -j 1 against -j 2 and two processes:"
/usr/bin/python3 scripts/bench_jobs.py 2000 "$reps" 2 "$exe"

echo
echo "== Peak memory of check (GNU time, max RSS)"
if [ ! -d "$work/files10000" ]; then
  mkdir -p "$work/files10000"
  i=0
  for n in $(seq 1 50); do for f in "$work"/corpus200/*.yaml; do i=$((i+1)); [ $i -le 10000 ] && ln -sf "$(realpath "$f")" "$work/files10000/g$i.yaml"; done; done
fi
mkdir -p "$work/files1" "$work/files100"
# (no `ls | head` here: under pipefail, ls killed by SIGPIPE when head is done ends the script)
games=("$work"/corpus200/*.yaml)
ln -sf "$(pwd)/${games[0]}" "$work/files1/"
for f in "${games[@]:0:100}"; do ln -sf "$(pwd)/$f" "$work/files100/"; done
if [ ! -f "$work/million.yaml" ]; then /usr/bin/python3 tests/hostile/make_long_log.py 1000000 >"$work/million.yaml"; fi
for target in files1 files100 files10000 million.yaml; do
  /usr/bin/time -f "%e %M" -o "$work/time.txt" "$exe" check --summary "$work/$target" >/dev/null || true
  read -r secs kb <"$work/time.txt"
  awk -v t="$target" -v s="$secs" -v k="$kb" 'BEGIN { printf "%-14s %8.2f s %8.1f MB\n", t, s, k / 1024 }'
done

echo
echo "== Player views against the complete logs of the same games (median of $reps a game)"
# Generated games of about 1,000 actions, in process (bench/bench_view.cpp; its hidden-discard
# row passes --max-worlds and holds its worlds as constraints, exactly: the last columns count
# the views judged approximately and those held as constraints). Then the same with a bound of
# 5,000, where the constraints take over sooner.
build/bench/bench_view 10 "$reps"
build/bench/bench_view 10 "$reps" 5000 | tail -2 | head -1
# Catanatron-style: the catanatron exports imported (every hidden card shown), and their
# spectator views (steals and purchases unseen), each checked by the CLI; ratio per game.
realgames=../shared/realgames/catanatron-json
if [ -d "$realgames" ]; then
  rm -rf "$work/catanatron" && mkdir -p "$work/catanatron"
  "$exe" import --out "$work/catanatron" "$realgames"/*.json >/dev/null
  for f in "$work"/catanatron/*.yaml; do
    "$exe" redact --view spectator "$f" >"${f%.yaml}.spectator.view"
  done
  /usr/bin/python3 - "$exe" "$work/catanatron" "$reps" <<'PY'
import pathlib, statistics, subprocess, sys, time
exe, folder, reps = sys.argv[1], pathlib.Path(sys.argv[2]), int(sys.argv[3])
def timed(path):
    # Median wall time of `reps` checks, and the peak memory (GNU time's max RSS) of one.
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        p = subprocess.run([exe, "check", "--summary", str(path)], capture_output=True, text=True)
        times.append(time.perf_counter() - t)
    m = subprocess.run(["/usr/bin/time", "-f", "%M", exe, "check", "--summary", str(path)],
                       capture_output=True, text=True)
    return statistics.median(times), p.stdout, int(m.stderr.split()[-1]) / 1024
ratios = []
for game in sorted(folder.glob("*.yaml")):
    full, _, full_mb = timed(game)
    view, out, view_mb = timed(game.with_suffix(".spectator.view"))
    ratios.append(view / full)
    approx = " (approximated)" if "approximately" in out else ""
    print(f"{game.name:<40} complete {full * 1e3:6.1f} ms {full_mb:5.1f} MB  "
          f"spectator {view * 1e3:6.1f} ms {view_mb:5.1f} MB  {view / full:5.2f}x{approx}")
print(f"catanatron-style spectator views: median {statistics.median(ratios):.2f}x, max {max(ratios):.2f}x")
PY
else
  echo "(no $realgames: the catanatron-style rows are left out)"
fi
