#!/usr/bin/env python3
"""Folder scans and game numbering (issue 14).
- A one-game-per-line JSON stream (.jsonl) and a several-document file number their games
  1, 2, 3 in every report format; a folder scan reads .jsonl files.
- An empty folder (or one without logs) warns "no games found in DIR"; alone it is a run that
  checked no game (exit 2), beside a log --strict fails.
Usage: scan_and_number.py CATAN_REFEREE SAMPLES_DIR
"""
import json
import pathlib
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import yaml

exe, samples = sys.argv[1], pathlib.Path(sys.argv[2])
game = yaml.safe_load((samples / "legal-opening.yaml").read_text())
line = json.dumps(game, default=str)
failures = []


def run(*args):
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=60)


def expect(name, ok, detail=""):
    if not ok:
        failures.append(f"{name}: {detail}")


with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    logs = tmp / "logs"
    logs.mkdir()
    (logs / "games.jsonl").write_text("\n".join([line] * 3) + "\n")
    (logs / "one.json").write_text(json.dumps(game, default=str, indent=1))
    for path in [logs / "games.jsonl", logs]:
        r = run("check", str(path))
        numbers = [l.split(": game ")[1].split(" ")[0] for l in r.stdout.splitlines()
                   if "games.jsonl: game " in l]
        expect(f"text numbering ({path.name})", numbers == ["1", "2", "3"], r.stdout)
    r = run("check", "--format", "json", str(logs))
    got = [(pathlib.Path(g["file"]).name, g["game"]) for g in json.loads(r.stdout)["games"]]
    expect("json numbering and .jsonl in the scan",
           got == [("games.jsonl", 1), ("games.jsonl", 2), ("games.jsonl", 3), ("one.json", 1)], got)
    r = run("check", "--format", "junit", str(logs / "games.jsonl"))
    names = [t.get("name") for t in ET.fromstring(r.stdout).iter("testcase")]
    expect("junit testcase names are distinct", len(set(names)) == 3, names)
    # SARIF: every game is a result only when it has a diagnostic; use an illegal game.
    illegal = next(samples.glob("illegal-*.yaml"))
    bad = json.dumps(yaml.safe_load(illegal.read_text()), default=str)
    (tmp / "bad.jsonl").write_text(bad + "\n" + bad + "\n")
    r = run("check", "--format", "sarif", str(tmp / "bad.jsonl"))
    text = r.stdout
    expect("sarif names game 1 and game 2", "game 1" in text and "game 2" in text, text[-800:])
    r = run("check", str(tmp / "bad.jsonl"))
    expect("text names game 2 of an illegal stream", "bad.jsonl: game 2" in r.stdout, r.stdout)

    empty = tmp / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("not a log\n")
    r = run("check", str(empty))
    expect("empty folder warns", f"no games found in {empty}" in r.stderr, r.stderr)
    # A run that checked no game is an error (issue 23), with or without --strict.
    expect("empty folder alone: exit 2, no games checked",
           r.returncode == 2 and "no games checked" in r.stderr, (r.returncode, r.stderr))
    r = run("check", "--strict", str(empty))
    expect("empty folder alone under --strict: exit 2", r.returncode == 2, r.returncode)
    r = run("check", "--strict", str(empty), str(logs / "one.json"))
    expect("an empty folder beside a log still warns", f"no games found in {empty}" in r.stderr,
           r.stderr)

for f in failures:
    print("FAIL", f)
print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
