#!/usr/bin/python3
"""How many deviations `check --keep-going` reports per mutation made.

Each mutant that `catan-referee mutate` writes changes one entry of a legal game; a referee
without cascades reports one deviation for it, plus only its true consequences. This script
mutates the legal samples and GAMES generated games, checks every mutant with --keep-going,
and prints the distribution of deviations per mutant (and the worst ones), for one binary or
for two side by side (before and after a change).

With --view SEAT (a player's name or spectator) every mutant is checked as that seat's
view of it (`redact --view SEAT`, written by the first binary), and the count of mutants
whose view reports a deviation at an action where the complete mutant reports none (a
deviation the view alone makes: a cascade of the worlds) is printed too.

Usage: keep_going_cascades.py [--view SEAT] SAMPLES_DIR GAMES CATAN_REFEREE [CATAN_REFEREE_BEFORE]
"""
import collections
import json
import pathlib
import subprocess
import sys
import tempfile

args = sys.argv[1:]
view = None
if args[:1] == ["--view"]:
    view, args = args[1], args[2:]
samples, games, exes = pathlib.Path(args[0]), int(args[1]), args[2:]
BUCKETS = ["1", "2", "3", "4-5", "6-10", "11-50", ">50"]


def bucket(n):
    for b, hi in zip(BUCKETS, [1, 2, 3, 5, 10, 50, 1 << 30]):
        if n <= hi:
            return b


def run(exe, *args):
    return subprocess.run([exe, *map(str, args)], capture_output=True, text=True, timeout=600)


with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    (tmp / "gen").mkdir()
    run(exes[0], "generate", "--seed", 1, "--count", games, "--out", tmp / "gen")
    legal = sorted(samples.glob("legal-game-*.yaml")) + sorted((tmp / "gen").glob("*.yaml"))
    mutants = tmp / "mutants"
    mutants.mkdir()
    for i, log in enumerate(legal):
        out = mutants / f"{i:04d}"
        out.mkdir()
        run(exes[0], "mutate", log, "--seed", i + 1, "--out", out)
    files = sorted(mutants.rglob("*.yaml"))
    if not files:
        sys.exit("no mutants written")

    def deviations(exe, paths):
        """Per file: the actions of its deviations (the first one's included)."""
        per = {}
        for chunk in range(0, len(paths), 200):
            part = paths[chunk:chunk + 200]
            p = run(exe, "check", "--keep-going", "--format", "jsonl", "-j", "2", *part)
            for line in p.stdout.splitlines():
                g = json.loads(line)
                if g.get("status") != "illegal":
                    continue
                per[g["file"]] = [g["error"]["action"]] + [d["action"] for d in
                                                           g.get("deviations", [])]
        return per

    complete = None
    if view:
        complete = {pathlib.Path(f): a for f, a in deviations(exes[0], files).items()}
        views = []
        for f in files:
            v = tmp / "views" / f.relative_to(mutants)
            v.parent.mkdir(parents=True, exist_ok=True)
            run(exes[0], "redact", f, "--view", view, "--out", v)
            views.append(v)
        files = views
    results = []
    for exe in exes:
        per = deviations(exe, files)
        if complete is not None:
            own = sum(1 for f, acts in per.items()
                      if set(acts) - set(complete.get(
                          mutants / pathlib.Path(f).relative_to(tmp / "views"), [])))
            print(f"{exe}: {own} of {len(per)} illegal views report a deviation at an action "
                  f"where the complete mutant reports none")
        results.append({f: len(a) for f, a in per.items()})
    print(f"{len(legal)} legal games, {len(files)} mutants" +
          (f", as {view}'s views" if view else ""))
    for exe, per in zip(exes, results):
        dist = collections.Counter(bucket(n) for n in per.values())
        n = len(per)
        total = sum(per.values())
        print(f"\n{exe}: {n} illegal mutants, {total} deviations, mean {total / max(n, 1):.2f}, "
              f"one deviation: {dist['1']} ({100 * dist['1'] / max(n, 1):.0f}%)")
        for b in BUCKETS:
            print(f"  {b:>6}: {dist[b]}")
        worst = sorted(per.items(), key=lambda kv: -kv[1])[:5]
        for f, k in worst:
            print(f"  worst: {k} deviations: {pathlib.Path(f).parent.name}/{pathlib.Path(f).name}")
