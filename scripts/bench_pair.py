#!/usr/bin/python3
"""Two builds timed side by side: each round runs both at once, one pinned to each core,
and swaps the cores the next round; prints the medians of CPU time (user + system) and of
the per-round ratio A/B with its quartiles.

Usage: ROUNDS=40 bench_pair.py A B ARGS...   e.g. bench_pair.py old/catan-referee
       new/catan-referee check --summary -j 1 FOLDER

On a shared 2-core VM whose speed drifts by 20 % or more within the hour, runs one after
the other cannot resolve a few per cent; two builds running at the same moment see the
same drift, so their ratio can. Run A against A first to see the spread. Needs taskset
(util-linux). Timing belongs here, never in tests (BENCHMARKS.md).
"""
import os
import statistics
import subprocess
import sys

a, b, args = sys.argv[1], sys.argv[2], sys.argv[3:]
ratios, ta, tb = [], [], []
for r in range(int(os.environ.get("ROUNDS", "20"))):
    ca, cb = ("0", "1") if r % 2 == 0 else ("1", "0")
    pa = subprocess.Popen(["taskset", "-c", ca, a] + args, stdout=subprocess.DEVNULL)
    pb = subprocess.Popen(["taskset", "-c", cb, b] + args, stdout=subprocess.DEVNULL)
    ua, ub = os.wait4(pa.pid, 0)[2], os.wait4(pb.pid, 0)[2]
    x, y = ua.ru_utime + ua.ru_stime, ub.ru_utime + ub.ru_stime
    ta.append(x)
    tb.append(y)
    ratios.append(x / y)
q = statistics.quantiles(ratios, n=4)
print(f"A median {statistics.median(ta):.4f} s, B median {statistics.median(tb):.4f} s; "
      f"A/B per round: median {statistics.median(ratios):.3f}, quartiles {q[0]:.3f}-{q[2]:.3f}")
