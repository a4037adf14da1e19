#!/usr/bin/python3
"""A maritime (bank) trade giving cards the player does not hold cites one rule, TRADE-07,
at the same action, in a complete log and in every view of it (spectator and each seat,
with hidden discards and sum-only dice), exactly one by one, as constraints past
--max-worlds 1, and under the interval approximation (--approximate-worlds).

Why TRADE-07 and not TRADE-05: TRADE-05's "you must own what you give" is the rule of
domestic trades (each party holds what it gives); a bank trade's cards are TRADE-07's
"gives exactly 4 cards of one type" (3 or 2 with a harbor, TRADE-08/09), which a player
who does not hold them cannot give. docs/PLAYER-VIEW.md says so.

Usage: maritime_views.py CATAN_REFEREE SAMPLES_DIR
"""
import json
import pathlib
import subprocess
import sys
import tempfile

exe, samples = sys.argv[1], pathlib.Path(sys.argv[2])
base = (samples / "legal-game-4p-seed5.yaml").read_text().splitlines(keepends=True)
failed = checked = constrained = 0


def fail(msg):
    global failed
    failed += 1
    print("FAIL", msg)


def run(*args):
    return subprocess.run([exe, *map(str, args)], capture_output=True, text=True, timeout=120)


# (line to replace, the bank trade): orange's 4:1 and red's 3:1 of the sample.
cases = [
    (68, "  - {player: orange, bank: {give: {ore: 4}, get: {brick: 1}}}\n"),
    (68, "  - {player: orange, bank: {give: {wool: 8}, get: {brick: 2}}}\n"),
    (71, "  - {player: red, bank: {give: {ore: 3}, get: {brick: 1}}}\n"),
]
views = [["--view", "spectator"], ["--view", "spectator", "--hide-discards", "--dice", "sum"],
         ["--view", "red"], ["--view", "blue", "--hide-discards"], ["--view", "orange"]]
with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    for i, (line, entry) in enumerate(cases):
        assert "bank:" in base[line - 1], base[line - 1]
        text = base[:line - 1] + [entry] + base[line:]
        full = tmp / f"full{i}.yaml"
        full.write_text("".join(text))
        logs = [full]
        for j, v in enumerate(views):
            out = tmp / f"view{i}-{j}.yaml"
            p = run("redact", full, *v, "--out", out)
            if p.returncode != 0:
                fail(f"redact {v}: {p.stderr.strip()}")
                continue
            logs.append(out)
        for log in logs:
            for extra in ([], ["--max-worlds", "1"], ["--max-worlds", "1", "--approximate-worlds"]):
                report = json.loads(run("check", "--format", "json", *extra, log).stdout)
                err = report["games"][0].get("error") or {}
                checked += 1
                # Past the bound the worlds are held as constraints (exact), or, with
                # --approximate-worlds, as intervals (approximate).
                pv = report["games"][0].get("player-view")
                if extra and pv and pv["peak-worlds"] > 1:
                    approx = "--approximate-worlds" in extra
                    if pv.get("held-as-constraints", False) == approx:
                        fail(f"case {i} {log.name} {extra}: held-as-constraints {pv}")
                    if (pv["approximate-from"] is not None) != approx:
                        fail(f"case {i} {log.name} {extra}: approximate-from {pv}")
                    constrained += not approx
                if err.get("rule") != "TRADE-07":
                    fail(f"case {i} {log.name} {extra}: {err.get('rule')} ({err.get('message')})")
                if log == full:
                    action = err.get("action")
                elif err.get("action") != action:  # a view has the same entries
                    fail(f"case {i} {log.name} {extra}: action {err.get('action')}, not {action}")
if checked < 45:
    fail(f"only {checked} checks")
if constrained < 5:
    fail(f"only {constrained} checks held the worlds as constraints")
print(f"{checked} checked, {failed} failed")
sys.exit(1 if failed else 0)
