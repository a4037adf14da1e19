#!/usr/bin/python3
"""How `serve` grows with the length of a live game, against `check` on the same game.

Usage: bench_serve_long.py CATAN_REFEREE [ENTRIES ...]   (default 10000 40000 200000)

Writes a game that never ends: the header and set-up of a generated 4-player game, then
turns of a roll (never a 7, so nobody discards) and `end: turn`. For each length, plays it
through `serve` (one entry a line, as an engine would) and checks it as one file, and prints
the wall time and the peak resident memory of each process, and their ratios. A session
that grows with the square of its entries shows it here (BENCHMARKS.md, "serve: a long
live game").
"""
import json
import os
import selectors
import subprocess
import sys
import tempfile
import time

import yaml

exe = sys.argv[1]
lengths = [int(a) for a in sys.argv[2:]] or [10000, 40000, 200000]
text = subprocess.run([exe, "generate", "--seed", "8", "--players", "4"], capture_output=True,
                      text=True, check=True).stdout
at = text.index("\nactions:")
head = yaml.safe_load(text[:at])
players = head["players"]
setup = [yaml.safe_load(l.strip()[2:]) for l in text[at:].splitlines() if l.startswith("  - ")]
setup = setup[:4 * len(players)]  # a settlement and a road each, twice


def entries(n):
    out = list(setup)
    turn, k = 0, 0
    while len(out) < n:
        p = players[turn % len(players)]
        a, b = 1 + k % 6, 1 + (k * 5 + 2) % 6
        if a + b == 7:
            b = b % 6 + 1
        k += 1
        out += [{"player": p, "roll": [a, b]}, {"player": p, "end": "turn"}]
        turn += 1
    return out[:n]


def measured(args, stdin):
    # The child's peak memory from wait4 (ru_maxrss, KB on Linux).
    t = time.monotonic()
    p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    # communicate() writes and reads together (serve answers while it reads), and leaves the
    # child unreaped for wait4.
    out = []
    view = memoryview(stdin)
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    if view:
        sel.register(p.stdin, selectors.EVENT_WRITE)
    else:
        p.stdin.close()
    while sel.get_map():
        for key, _ in sel.select():
            if key.fileobj is p.stdin:
                n = os.write(p.stdin.fileno(), view[:65536])
                view = view[n:]
                if not view:
                    sel.unregister(p.stdin)
                    p.stdin.close()
            else:
                chunk = os.read(p.stdout.fileno(), 65536)
                if not chunk:
                    sel.unregister(p.stdout)
                out.append(chunk)
    _, status, usage = os.wait4(p.pid, 0)
    return time.monotonic() - t, usage.ru_maxrss / 1024, b"".join(out)


print(f"{'entries':>8} {'serve s':>8} {'serve MB':>9} {'check s':>8} {'check MB':>9} "
      f"{'time x':>7} {'mem x':>6}")
with tempfile.TemporaryDirectory() as tmp:
    for n in lengths:
        es = entries(n)
        log = dict(head)
        log["actions"] = es
        path = os.path.join(tmp, "long.json")
        with open(path, "w") as f:
            json.dump(log, f)
        header = dict(head)
        header.pop("actions", None)
        lines = [json.dumps(header)] + [json.dumps(e) for e in es]
        s_t, s_mb, out = measured([exe, "serve"], ("\n".join(lines) + "\n").encode())
        answers = out.decode().splitlines()
        bad = [a for a in answers[1:] if json.loads(a).get("verdict") != "ok"]
        if bad:
            sys.exit(f"serve refused an entry: {bad[0][:300]}")
        c_t, c_mb, _ = measured([exe, "check", path], b"")
        print(f"{n:>8} {s_t:>8.2f} {s_mb:>9.1f} {c_t:>8.2f} {c_mb:>9.1f} "
              f"{s_t / c_t:>7.1f} {s_mb / c_mb:>6.1f}", flush=True)
