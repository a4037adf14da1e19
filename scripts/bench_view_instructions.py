#!/usr/bin/python3
"""Player-view `check` against the complete log of the same games, by instruction counts
(callgrind: the same on a loaded or an idle machine; BENCHMARKS.md, "Player-view logs").

Usage: bench_view_instructions.py CATAN_REFEREE [CATAN_REFEREE ...] [--games N] [--seed S]
                                  [--no-hidden-discards]

For N generated 4-player games (default 5, seeds S.. with S = 20000), checks each complete
and as four views (`redact`): a spectator; seat 0; a spectator with hidden discards and
sum-only dice; seat 0 the same. Each count has the process's own start-up taken off (the
check of the game's header alone). Prints, per binary, each view's median ratio to the
complete log over the games, its maximum, and the number of games a view's verdict line
says were checked approximately (past --max-worlds). --no-hidden-discards leaves out the
two views with hidden discards (each takes minutes under callgrind).
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile

args = sys.argv[1:]
games, seed = 5, 20000
if "--games" in args:
    i = args.index("--games")
    games = int(args[i + 1])
    del args[i:i + 2]
if "--seed" in args:
    i = args.index("--seed")
    seed = int(args[i + 1])
    del args[i:i + 2]
no_discards = "--no-hidden-discards" in args
if no_discards:
    args.remove("--no-hidden-discards")
exes = args
VIEWS = {
    "spectator": ["--view", "spectator"],
    "seat 0": ["--view", "SEAT0"],
    "spectator, hidden discards, sums": ["--view", "spectator", "--hide-discards", "--dice", "sum"],
    "seat 0, hidden discards, sums": ["--view", "SEAT0", "--hide-discards", "--dice", "sum"],
}
if no_discards:
    VIEWS = {k: v for k, v in VIEWS.items() if "--hide-discards" not in v}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def instructions(exe, path):
    p = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", exe, "check",
             path])
    m = re.search(r"refs:\s*([\d,]+)", p.stderr)
    if not m:
        raise SystemExit(f"no instruction count from callgrind: {p.stderr[-300:]}")
    return int(m.group(1).replace(",", "")), p.stdout


with tempfile.TemporaryDirectory() as tmp:
    logs = []  # per game: {name: path}
    gen = exes[0]
    for g in range(games):
        text = run([gen, "generate", "--seed", str(seed + g), "--build-bias", "0.6"],
                   check=True).stdout
        seat0 = re.search(r"^players: \[([^,\]]+)", text, re.M).group(1).strip()
        paths = {}
        for name, opts in [("complete", None)] + list(VIEWS.items()):
            path = os.path.join(tmp, f"g{g}-{len(paths)}.yaml")
            if opts is None:
                out = text
            else:
                out = run([gen, "redact"] + [seat0 if o == "SEAT0" else o for o in opts] + ["-"],
                          input=text, check=True).stdout
            with open(path, "w") as f:
                f.write(out)
            paths[name] = path
        header = os.path.join(tmp, f"g{g}-header.yaml")
        with open(header, "w") as f:
            f.write(text[:text.index("\nactions:")] + "\nactions: []\n")
        paths["header"] = header
        logs.append(paths)
    for exe in exes:
        print(f"== {exe}: {games} games from seed {seed}")
        ratios = {v: [] for v in VIEWS}
        approx = {v: 0 for v in VIEWS}
        for paths in logs:
            start, _ = instructions(exe, paths["header"])
            full, _ = instructions(exe, paths["complete"])
            for v in VIEWS:
                n, out = instructions(exe, paths[v])
                ratios[v].append((n - start) / (full - start))
                approx[v] += "approximately" in out or "--max-worlds" in out
        for v in VIEWS:
            r = ratios[v]
            print(f"  {v:34} median {statistics.median(r):7.2f}x  max {max(r):7.2f}x  "
                  f"approximated {approx[v]} of {games}")
