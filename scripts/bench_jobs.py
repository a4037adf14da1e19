#!/usr/bin/python3
"""`check -j 1` against `check -j N` and against N processes on equal shares, interleaved.

Usage: bench_jobs.py FILES ROUNDS JOBS CATAN_REFEREE [CATAN_REFEREE ...]

Generates 200 4-player games (seeds from 5000) with the first binary and links them into
FILES separate files, split into JOBS folders of equal size. Each round runs, for every
binary, `check --summary -j 1 ALL`, `check --summary -j JOBS ALL`, and JOBS processes of
`check --summary -j 1 SHARE` started at once (the machine's own ceiling for the same work),
in that order; prints the medians of wall time and the speed-ups against `-j 1`, the share
of the ceiling that `-j JOBS` reaches, and the medians of CPU time (user + system: what
running in parallel costs in work, which varies less than wall time on a shared VM). Timing belongs here, never in tests (BENCHMARKS.md).
"""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import time

from bench_corpus import generated_games

files, rounds, jobs, exes = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
tmp, docs = generated_games(exes[0], "bench-jobs-")
root = tmp / "all"
shares = [root / f"share{s}" for s in range(jobs)]
for s in shares:
    s.mkdir(parents=True)
for i in range(files):
    (shares[i * jobs // files] / f"g{i:06d}.yaml").symlink_to(docs[i % len(docs)])
size = sum(docs[i % len(docs)].stat().st_size for i in range(files))


def timed(cmds):
    """Wall time of the commands run at once, and their CPU time (user + system)."""
    t = time.perf_counter()
    ps = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in cmds]
    cpu = 0.0
    for p in ps:
        _, status, use = os.wait4(p.pid, 0)
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit(f"{cmds[0]} failed")
        cpu += use.ru_utime + use.ru_stime
    return time.perf_counter() - t, cpu


res = {(e, k): [] for e in exes for k in ("j1", "jN", "procs")}
for _ in range(rounds):
    for e in exes:
        base = [e, "check", "--summary"]
        res[(e, "j1")].append(timed([base + ["-j", "1", str(root)]]))
        res[(e, "jN")].append(timed([base + ["-j", str(jobs), str(root)]]))
        res[(e, "procs")].append(timed([base + ["-j", "1", str(s)] for s in shares]))

print(f"{files} files, {size / 1e6:.1f} MB, {rounds} rounds, medians")
for e in exes:
    m = {k: statistics.median(w for w, _ in res[(e, k)]) for k in ("j1", "jN", "procs")}
    c = {k: statistics.median(u for _, u in res[(e, k)]) for k in ("j1", "jN", "procs")}
    print(f"{e}: -j 1 {m['j1']:.3f} s ({size / 1e6 / m['j1']:.0f} MB/s), -j {jobs} {m['jN']:.3f} s "
          f"({m['j1'] / m['jN']:.2f}x), {jobs} processes {m['procs']:.3f} s "
          f"({m['j1'] / m['procs']:.2f}x); -j {jobs} reaches "
          f"{m['procs'] / m['jN'] * 100:.0f} % of the processes")
    print(f"  CPU seconds: -j 1 {c['j1']:.3f}, -j {jobs} {c['jN']:.3f} ({c['jN'] / c['j1']:.2f}x), "
          f"{jobs} processes {c['procs']:.3f} ({c['procs'] / c['j1']:.2f}x)")
shutil.rmtree(tmp)
