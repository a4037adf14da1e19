#!/usr/bin/python3
"""`check --keep-going`: every deviation of a game, the first exactly as `check` gives it.

Usage: keep_going.py CATAN_REFEREE SAMPLES_DIR SCHEMAS_DIR SARIF_SCHEMA

1. Over every sample and over the mutants `catan-referee mutate` writes of the legal samples:
   the exit status, each game's JSON (status, error, checked, ...) and the first diagnostic
   of the text report are identical with and without --keep-going; the keep-going report
   validates against the report schema; what --keep-going adds is only `keep-going` and
   `deviations` (on illegal games) and `summary.deviations`.
2. The sample with several deviations in every format: text (each diagnostic, the
   keep-going line, the summary's deviation count), json and jsonl (schemas, `follows`),
   sarif (SARIF 2.1.0 schema, one result each, relatedLocations at the deviation it
   follows), junit (every deviation in the failure), github (one annotation each).
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import jsonschema

exe, samples, schemas = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
sarif_schema = json.loads(pathlib.Path(sys.argv[4]).read_text())
report_schema = json.loads((schemas / "catan-referee-report-2.schema.json").read_text())
failed = 0
MULTI = samples / "illegal-TURN-01-keep-going-three-deviations.yaml"


def fail(msg):
    global failed
    failed += 1
    print("FAIL", msg)


def run(*args):
    p = subprocess.run([exe, "check", *map(str, args)], capture_output=True, text=True,
                       timeout=300)
    return p.returncode, p.stdout


DIAG = re.compile(r"^\S.*:\d+:\d+: (error|warning)")


def first_diagnostic(text):
    """The lines of the first diagnostic block of a text report."""
    out = []
    for line in text.splitlines():
        if out and (DIAG.match(line) or not line.startswith(" ")):
            break
        if out or DIAG.match(line):
            out.append(line)
    return out


def compare(paths, what):
    rc0, j0 = run("--format", "json", *paths)
    rc1, j1 = run("--format", "json", "--keep-going", *paths)
    if rc0 != rc1:
        fail(f"{what}: exit status {rc0} without --keep-going, {rc1} with")
    r0, r1 = json.loads(j0), json.loads(j1)
    try:
        jsonschema.validate(r1, report_schema)
    except jsonschema.ValidationError as e:
        fail(f"{what}: the --keep-going report does not validate: {e.message}")
    if len(r0["games"]) != len(r1["games"]):
        fail(f"{what}: {len(r0['games'])} games, {len(r1['games'])} with --keep-going")
    for g0, g1 in zip(r0["games"], r1["games"]):
        extra = set(g1) - set(g0)
        if extra - {"keep-going", "deviations"} or (extra and g1["status"] != "illegal"):
            fail(f"{what} {g1['file']} game {g1['game']}: --keep-going adds {sorted(extra)}")
        if {k: v for k, v in g1.items() if k not in extra} != g0:
            fail(f"{what} {g1['file']} game {g1['game']}: the game differs with --keep-going")
        if g1["status"] == "illegal" and g1["error"]["action"] > 0 and "keep-going" not in g1:
            fail(f"{what} {g1['file']} game {g1['game']}: no keep_going on an illegal game")
    s1 = dict(r1["summary"])
    if s1.pop("deviations", None) is None or s1 != r0["summary"]:
        fail(f"{what}: summary {r1['summary']} against {r0['summary']}")
    for p in paths:
        _, t0 = run(p)
        _, t1 = run("--keep-going", p)
        if first_diagnostic(t0) != first_diagnostic(t1):
            fail(f"{what} {p}: the first text diagnostic differs with --keep-going")
    return r1


files = sorted(p for p in samples.rglob("*") if p.suffix in (".yaml", ".yml", ".json"))
if not files:  # checking nothing must not pass
    print(f"FAIL {samples}: no sample to check")
    sys.exit(1)
report = compare(files, "samples")
deviations = sum(g.get("keep-going", {}).get("deviations", 0) for g in report["games"])
print(f"keep-going: {len(files)} samples, {deviations} deviations in all")

with tempfile.TemporaryDirectory() as tmp:
    n = views_followed = 0
    # Under the sanitizers (CATAN_TEST_EVERY=N in the `sanitize` test preset) every Nth game.
    every = int(os.environ.get("CATAN_TEST_EVERY", "1"))
    for legal in sorted(samples.glob("legal-game-*.yaml"))[::every]:
        if "view" in legal.name:
            continue
        for seed in (1,):
            out = pathlib.Path(tmp) / f"{legal.stem}-{seed}"
            out.mkdir()
            subprocess.run([exe, "mutate", "--seed", str(seed), "--out", str(out), str(legal)],
                           capture_output=True, check=True, timeout=300)
            mutants = sorted(out.iterdir())
            n += len(mutants)
            compare(mutants, f"mutants of {legal.name} (seed {seed})")
            # Their player views, followed in the worlds: the first deviation and the game
            # as without --keep-going there too, and no view left unfollowed at a deviation
            # while its worlds are exact.
            views = pathlib.Path(tmp) / f"{legal.stem}-{seed}-views"
            views.mkdir()
            for m in mutants:
                for extra, seat in (([], "spectator"), (["--hide-discards"], "red")):
                    v = views / f"{m.stem}.{seat}.yaml"
                    subprocess.run([exe, "redact", *extra, "--view", seat, "--out", str(v),
                                    str(m)], capture_output=True, check=True, timeout=300)
            seen = sorted(views.iterdir())
            report = compare(seen, f"views of the mutants of {legal.name} (seed {seed})")
            for g in report["games"]:
                kg = g.get("keep-going") or {}
                if kg.get("stopped-at") and "--max-worlds" not in (kg.get("stopped") or ""):
                    fail(f"{g['file']}: keep-going stopped at {kg['stopped_at']}: "
                         f"{kg['stopped']}")
            views_followed += sum(1 for g in report["games"]
                                  if (g.get("keep-going") or {}).get("deviations", 0) > 1)
    print(f"keep-going: {n} mutants compared, and their views ({views_followed} views with "
          f"more than one deviation)")
    if n < 40 // every:
        fail(f"only {n} mutants")
    if views_followed < 10:
        fail(f"only {views_followed} views followed past their first deviation")

# 2. The sample with several deviations, in every format.
rc, out = run("--format", "json", "--keep-going", MULTI)
game = json.loads(out)["games"][0]
devs = game.get("deviations", [])
if rc != 1 or game["keep-going"]["deviations"] != 1 + len(devs) or len(devs) < 2:
    fail(f"{MULTI.name}: exit {rc}, keep_going {game.get('keep_going')}, {len(devs)} later")
for d in devs:  # each says what it follows, or follows nothing (a chain of its own)
    if ("follows" in d) != any(n["label"] == "may follow from" for n in d["notes"]):
        fail(f"{MULTI.name}: action {d['action']}: `follows` and the note disagree")
if not any("follows" in d for d in devs) or all("follows" in d for d in devs):
    fail(f"{MULTI.name}: expected deviations that follow one and one that starts a chain")
all_devs = [game["error"]] + devs


def followed(d):
    if "follows" not in d:
        return None
    return next(e for e in all_devs if e["action"] == d["follows"]["action"]
                and e["rule"] == d["follows"]["rule"])


rc, out = run("--format", "jsonl", "--keep-going", MULTI)
if json.loads(out) != game:
    fail("jsonl: the line differs from the JSON report's game")

rc, out = run("--format", "sarif", "--keep-going", MULTI)
sarif = json.loads(out)
try:
    jsonschema.validate(sarif, sarif_schema)
except jsonschema.ValidationError as e:
    fail(f"sarif: does not validate: {e.message}")
results = [r for r in sarif["runs"][0]["results"] if r["level"] == "error"]
if len(results) != len(all_devs):
    fail(f"sarif: {len(results)} error results for {len(all_devs)} deviations")
for res, d in zip(results[1:], devs):
    related = res.get("relatedLocations", [])
    line = related[0]["physicalLocation"]["region"]["startLine"] if related else None
    want = followed(d)["line"] if followed(d) else None
    if line != want:
        fail(f"sarif: action {d['action']}: relatedLocations line {line}, not {want}")
if "relatedLocations" in results[0]:
    fail("sarif: the first deviation has relatedLocations")

rc, out = run("--format", "junit", "--keep-going", MULTI)
failure = ET.fromstring(out).find(".//failure")
for d in all_devs:
    if failure is None or f":{d['line']}:{d['column']}: error[{d['rule']}]" not in failure.text:
        fail(f"junit: the failure does not show action {d['action']} ({d['rule']})")

rc, out = run("--format", "github", "--keep-going", MULTI)
annotations = [l for l in out.splitlines() if l.startswith("::error ")]
if len(annotations) != len(all_devs):
    fail(f"github: {len(annotations)} annotations for {len(all_devs)} deviations")
if f"keep-going: {len(all_devs)} deviation(s) in 1 game(s)" not in out:
    fail("github: no deviation count")

rc, out = run("--keep-going", MULTI)
for d in all_devs:
    if f":{d['line']}:{d['column']}: error[{d['rule']}]: " not in out:
        fail(f"text: action {d['action']} ({d['rule']}) not shown")
if f"keep-going: {len(all_devs)} deviation(s), replayed to the end" not in out:
    fail("text: no keep-going line for the game")
if not out.endswith(f"keep-going: {len(all_devs)} deviation(s) in 1 game(s)\n"):
    fail("text: the summary does not count the deviations")
rc, out = run(MULTI)
if "deviation(s)" in out or "may follow from" in out:
    fail("text: without --keep-going the report speaks of it")

print("keep-going:", "FAILED" if failed else "all passed")
sys.exit(1 if failed else 0)
