#!/usr/bin/env python3
"""Every view of generated games, judged exactly under the default settings (issue 27).

Generates GAMES complete games (`generate --seed SEED`), writes every view of each with
`redact` (the spectator and each seat; discards shown and hidden; dice as pairs and as
sums: 4 modes), and checks each mode's folder once with `check --format json -j JOBS`.
Every view must be legal, name the complete log's winner, and be judged exactly: no
interval box (`approximate-from`) and no unjudged stretch (`unjudged-from`). Prints, per
mode, the views, how many were held as constraints, the peak worlds, the wall time, and
the time per view against the time per complete log (both whole `check` runs over a
folder, process start-up included). Exit status 1 when any view fails.

Usage: scripts/views_exact.py EXE [--games 200] [--seed 5000] [--jobs 2] [--players 4]
                              [--work DIR] [--check-arg=--max-worlds=1000 ...]
A long run (2-3 minutes for 200 four-player games on two cores, release build): a
measurement, not part of the test suite.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import time

MODES = [("pair", False), ("sum", False), ("pair", True), ("sum", True)]


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def check_folder(exe, folder, jobs, extra=()):
    t = time.perf_counter()
    out = subprocess.run([exe, "check", "--format", "json", "-j", str(jobs), *extra, str(folder)],
                         capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    if out.returncode not in (0, 1):
        sys.exit(f"check {folder}: exit {out.returncode}\n{out.stderr[:2000]}")
    return json.loads(out.stdout)["games"], elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exe")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--work", default="build/views-exact")
    ap.add_argument("--check-arg", action="append", default=[],
                    help="an extra option for the check of the views (repeat for more)")
    a = ap.parse_args()
    work = pathlib.Path(a.work)
    shutil.rmtree(work, ignore_errors=True)
    complete = work / "complete"
    complete.mkdir(parents=True)
    run([a.exe, "generate", "--seed", str(a.seed), "--count", str(a.games), "--players",
         str(a.players), "--out", str(complete)])
    games, t_complete = check_folder(a.exe, complete, a.jobs)
    winners, players = {}, {}
    for g in games:
        if g["status"] != "legal" or not g.get("winner"):
            sys.exit(f"{g['file']}: the complete log is {g['status']} with no winner")
        winners[pathlib.Path(g["file"]).stem] = g["winner"]
    for f in sorted(complete.glob("*.yaml")):
        for line in f.read_text().splitlines():
            if line.startswith("players:"):
                players[f.stem] = [p.strip() for p in line.split("[", 1)[1].rstrip("]").split(",")]
                break
    print(f"{len(winners)} complete games, checked in {t_complete:.2f} s (-j {a.jobs})")
    print(f"{'dice':<5} {'discards':<9} {'views':>6} {'exact':>6} {'winner':>7} {'constraints':>12} "
          f"{'peak worlds':>12} {'time':>9} {'per view / complete':>20}")
    failures = []
    for dice, hide in MODES:
        folder = work / f"views-{dice}-{'hidden' if hide else 'shown'}"
        folder.mkdir()
        for f in sorted(complete.glob("*.yaml")):
            for view in ["spectator"] + players[f.stem]:
                cmd = [a.exe, "redact", "--view", view, "--dice", dice, str(f),
                       "--out", str(folder / f"{f.stem}__{view}.yaml")]
                if hide:
                    cmd.append("--hide-discards")
                run(cmd)
        views, elapsed = check_folder(a.exe, folder, a.jobs, a.check_arg)
        exact = named = constrained = 0
        peak = 0
        for g in views:
            stem = pathlib.Path(g["file"]).stem
            game = stem.split("__")[0]
            pv = g.get("player-view") or {}
            ok_exact = pv.get("approximate-from") is None and pv.get("unjudged-from") is None
            ok_winner = g["status"] == "legal" and g.get("winner") == winners[game]
            exact += ok_exact
            named += ok_winner
            constrained += bool(pv.get("held-as-constraints"))
            peak = max(peak, pv.get("peak-worlds") or 0)
            if not (ok_exact and ok_winner):
                failures.append(f"{folder.name}/{stem}: {g['status']}, winner {g.get('winner')} "
                                f"(complete: {winners[game]}), view {pv}")
        per_view = (elapsed / len(views)) / (t_complete / len(winners))
        print(f"{dice:<5} {'hidden' if hide else 'shown':<9} {len(views):>6} {exact:>6} {named:>7} "
              f"{constrained:>12} {peak:>12} {elapsed:>8.1f}s {per_view:>19.1f}x")
    for f in failures[:50]:
        print("FAIL", f)
    print(f"{len(failures)} view(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
