#!/usr/bin/env python3
"""Golden test: every sample declares its verdicts; the CLI must report exactly those.

Header lines, one per game of the file, in order:
  # expect: legal                      (a finished game: somebody won)
  # expect: incomplete                 (legal, nobody won yet)
  # expect: illegal RULE-ID at action N [line L]   (N = 0: the header or the final result)
  # expect: malformed [line L]
After an illegal game's line, `check --keep-going` reports each later deviation of it, in order:
  # keep-going: RULE-ID at action N line L [follows M]   (M: the action it may follow from;
  #                                                     none: it starts a chain of its own)
A folder with no such file, a file without an `# expect:` line, and a run that checked no
game all fail.
Usage: run_samples.py CATAN_REFEREE SAMPLES_DIR
"""
import json
import pathlib
import re
import subprocess
import sys

EXPECT = re.compile(
    r"^# expect: (legal|incomplete|malformed|unsupported|illegal ((?:X56-)?[A-Z]+-\d+) at action (\d+))"
    r"(?: line (\d+))?\s*$")


KEEP_GOING = re.compile(
    r"^# keep-going: ((?:X56-)?[A-Z]+-\d+) at action (\d+) line (\d+)(?: follows (\d+))?\s*$")


def expectations(path):
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        m = EXPECT.match(line)
        k = KEEP_GOING.match(line)
        if m:
            out.append({"status": m.group(1).split()[0], "rule": m.group(2),
                        "action": int(m.group(3)) if m.group(3) else None,
                        "line": int(m.group(4)) if m.group(4) else None, "later": []})
        elif k and out and out[-1]["status"] == "illegal":
            out[-1]["later"].append((k.group(1), int(k.group(2)), int(k.group(3)),
                                     int(k.group(4) or 0)))
        elif line.startswith("# keep-going"):
            raise SystemExit(f"{path}: unreadable keep-going line: {line}")
        elif line.startswith("# expect"):
            raise SystemExit(f"{path}: unreadable expect line: {line}")
    return out


def main():
    exe, samples = sys.argv[1], pathlib.Path(sys.argv[2])
    files = sorted(p for p in samples.rglob("*") if p.suffix in (".yaml", ".yml", ".json"))
    if not files:  # a mistyped or emptied folder must not pass by checking nothing
        print(f"FAIL {samples}: no .yaml, .yml or .json file to check")
        return 1
    failures, games = 0, 0
    for path in files:
        want = expectations(path)
        if not want:
            print(f"FAIL {path}: no '# expect:' line")
            failures += 1
            continue
        proc = subprocess.run([exe, "check", "--format", "json", str(path)],
                              capture_output=True, text=True, timeout=120)
        try:
            got = json.loads(proc.stdout)["games"]
        except (ValueError, KeyError) as e:
            print(f"FAIL {path}: no JSON report ({e}); stderr: {proc.stderr[:300]}")
            failures += 1
            continue
        if len(got) != len(want):
            print(f"FAIL {path}: {len(want)} expect line(s) but {len(got)} game(s)")
            failures += 1
            continue
        for i, (w, g) in enumerate(zip(want, got)):
            games += 1
            err = g.get("error") or {}
            problems = []
            if g["status"] != w["status"]:
                problems.append(f"status {g['status']} != {w['status']}")
            if w["rule"] and err.get("rule") != w["rule"]:
                problems.append(f"rule {err.get('rule')} != {w['rule']}")
            if w["action"] is not None and err.get("action") != w["action"]:
                problems.append(f"action {err.get('action')} != {w['action']}")
            if w["line"] is not None and err.get("line") != w["line"]:
                problems.append(f"line {err.get('line')} != {w['line']}")
            if problems:
                failures += 1
                print(f"FAIL {path} game {i + 1}: {'; '.join(problems)}: {err.get('message', '')}")
        if any(w["later"] for w in want):
            kg = subprocess.run([exe, "check", "--format", "json", "--keep-going", str(path)],
                                capture_output=True, text=True, timeout=120)
            for i, (w, g) in enumerate(zip(want, json.loads(kg.stdout)["games"])):
                got_later = [(d["rule"], d["action"], d["line"], d.get("follows", {}).get("action", 0))
                             for d in g.get("deviations", [])]
                if got_later != w["later"]:
                    failures += 1
                    print(f"FAIL {path} game {i + 1}: --keep-going reports {got_later}, "
                          f"not {w['later']}")
        expected_exit = 2 if any(w["status"] in ("malformed", "unsupported") for w in want) else (
            1 if any(w["status"] == "illegal" for w in want) else 0)
        if proc.returncode != expected_exit:
            failures += 1
            print(f"FAIL {path}: exit status {proc.returncode}, expected {expected_exit}")
    print(f"golden: {len(files)} files, {games} games: {games - failures if failures <= games else 0} passed, {failures} failed")
    if games == 0:
        print("FAIL no game was checked")
    return 1 if failures or games == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
