#!/usr/bin/python3
"""`check` over many small files in every output format: is the time linear in the count?

Usage: bench_many_files.py COUNTS ROUNDS CATAN_REFEREE
  COUNTS: comma-separated file counts, e.g. 10000,100000

Makes one folder per count of small logs (hard links to a legal opening, an illegal game
and a malformed one, so that every report kind is written), then times
`check --format F -j 1 FOLDER > file` for every format, ROUNDS times, and reads the peak
RSS (GNU time). Prints medians, files/s, and the ratio of each count's time to the first
count's, which is the count ratio when the time is linear. Timing belongs here, never in
tests (BENCHMARKS.md, "Many small files").
"""
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

counts = [int(c) for c in sys.argv[1].split(",")]
rounds, exe = int(sys.argv[2]), sys.argv[3]
root = pathlib.Path(__file__).resolve().parent.parent
tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-many-"))
malformed = tmp / "malformed.yaml"
malformed.write_text("format: catan-log/1\nplayers: [red, blue]\nactions:\n  - {player: red, fly: 1}\n")
seeds = [root / "samples" / "legal-opening.yaml",
         root / "samples" / "illegal-SETUP-05-distance-rule-in-setup.yaml", malformed]
formats = ["text", "json", "jsonl", "sarif", "junit", "github"]


def folder(n):
    d = tmp / f"f{n}"
    d.mkdir()
    for i in range(n):
        os.link(seeds[i % len(seeds)], d / f"g{i:07d}.yaml")
    return d


def run(fmt, d):
    out = tmp / "out"
    with open(out, "wb") as o:
        t = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-f", "%M", exe, "check", "--format", fmt, "-j", "1",
                            str(d)], stdout=o, stderr=subprocess.PIPE, text=True)
        dt = time.perf_counter() - t
    if p.returncode not in (0, 1, 2):
        sys.exit(f"{fmt}: exit {p.returncode}: {p.stderr[-500:]}")
    return dt, int(p.stderr.strip().splitlines()[-1]) / 1024, out.stat().st_size


folders = {n: folder(n) for n in counts}
print(f"seeds: {', '.join(s.name for s in seeds)}")
print(f"{'format':<7} " + " ".join(f"{n:>9,} files: s, files/s, MB RSS, MB out" for n in counts) +
      "   ratio")
for fmt in formats:
    res = {}
    for n in counts:
        runs = [run(fmt, folders[n]) for _ in range(rounds)]
        res[n] = (statistics.median(r[0] for r in runs), max(r[1] for r in runs), runs[0][2])
    base = res[counts[0]][0]
    cells = " ".join(f"{res[n][0]:>10.2f} {n / res[n][0]:>8,.0f} {res[n][1]:>6.1f} {res[n][2] / 1e6:>7.1f}"
                     for n in counts)
    print(f"{fmt:<7} {cells}   " + " ".join(f"{res[n][0] / base:.2f}x" for n in counts[1:]))
subprocess.run(["rm", "-rf", str(tmp)])
