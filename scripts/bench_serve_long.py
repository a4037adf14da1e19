#!/usr/bin/python3
"""How `serve` grows with the length of a live game, against `check` on the same game.

Usage: bench_serve_long.py CATAN_REFEREE [--baseline OTHER_CATAN_REFEREE] [ENTRIES ...]
       (default lengths 10000 40000 200000)

Writes a game that never ends: the header and set-up of a generated 4-player game, then
turns of a roll (never a 7, so nobody discards) and `end: turn`. For each length, plays it
through `serve` (one entry a line, as an engine would) and checks it as one JSON file, and
prints the wall time and the peak resident memory of each process. With --baseline, the
other build's serve runs on the same input in the same script, and the ratios are printed.
A session that grows with its entries shows it here (BENCHMARKS.md, "serve: a long live
game").

Peak memory: serve's VmHWM read from /proc once every answer is in and before its stdin
closes; check's from GNU time (`/usr/bin/time -f %M`, package `time`). wait4's ru_maxrss
would also count this script's own memory, which a vfork'ed child shares until it execs
(the numbers before 2026-12-04 were inflated by it at the short lengths).
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

from endless_game import endless_game

args = sys.argv[1:]
exe = args.pop(0)
baseline = None
if args[:1] == ["--baseline"]:
    baseline = args[1]
    args = args[2:]
lengths = [int(a) for a in args] or [10000, 40000, 200000]
gnu_time = os.path.exists("/usr/bin/time")

head, entries = endless_game(exe)


def serve(program, data, expected):
    """Wall seconds, peak MB (VmHWM) and the answers of `program serve` to `data`."""
    t = time.monotonic()
    p = subprocess.Popen([program, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    writer = threading.Thread(target=lambda: (p.stdin.write(data), p.stdin.flush()))
    writer.start()
    answers = []
    while len(answers) < expected:
        line = p.stdout.readline()
        if not line:
            break
        answers.append(line)
    secs = time.monotonic() - t
    writer.join()
    with open(f"/proc/{p.pid}/status") as f:
        peak = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    p.stdin.close()
    p.stdout.read()
    p.wait()
    bad = [a for a in answers[1:] if json.loads(a).get("verdict") != "ok"]
    if bad or len(answers) != expected:
        sys.exit(f"serve refused an entry: {(bad or [b'(answers missing)'])[0][:300]}")
    return secs, peak / 1024


def check(path):
    """Wall seconds and peak MB of `check PATH` (GNU time's %M; nan without it)."""
    t = time.monotonic()
    if gnu_time:
        r = subprocess.run(["/usr/bin/time", "-f", "%M", exe, "check", path],
                           capture_output=True, text=True)
        return time.monotonic() - t, int(r.stderr.strip().splitlines()[-1]) / 1024
    subprocess.run([exe, "check", path], capture_output=True)
    return time.monotonic() - t, float("nan")


title = f"{'entries':>8} {'serve s':>8} {'serve MB':>9}"
if baseline:
    title += f" {'base s':>8} {'base MB':>8} {'time x':>7} {'mem x':>6}"
print(title + f" {'check s':>8} {'check MB':>9}")
with tempfile.TemporaryDirectory() as tmp:
    for n in lengths:
        es = entries(n)
        log = dict(head)
        log["actions"] = es
        path = os.path.join(tmp, "long.json")
        with open(path, "w") as f:
            json.dump(log, f)
        data = ("\n".join([json.dumps(head)] + [json.dumps(e) for e in es]) + "\n").encode()
        del es, log
        s_t, s_mb = serve(exe, data, n + 1)
        row = f"{n:>8} {s_t:>8.2f} {s_mb:>9.1f}"
        if baseline:
            b_t, b_mb = serve(baseline, data, n + 1)
            row += f" {b_t:>8.2f} {b_mb:>8.1f} {b_t / s_t:>7.2f} {b_mb / s_mb:>6.1f}"
        c_t, c_mb = check(path)
        print(row + f" {c_t:>8.2f} {c_mb:>9.1f}", flush=True)
