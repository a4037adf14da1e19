#!/usr/bin/python3
"""`check --require-assertions=KINDS`: counts by kind, and a clear failure when one is missing.

Usage: require_assertions.py CATAN_REFEREE SAMPLES_DIR REPORT_SCHEMA

The counts are recomputed here from the YAML (every checked entry of a legal generated
game), the JSON report is valid against its schema, a log without a required kind exits 1
with a `missing assertions` warning at the right place, and without the option nothing
changes (no `assertions`, the same exit status).
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import jsonschema
import yaml

exe, samples, schema_path = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
validator = jsonschema.Draft202012Validator(json.loads(pathlib.Path(schema_path).read_text()))
failed = 0


def check(ok, msg):
    global failed
    if not ok:
        failed += 1
        print("FAIL", msg)


def run(*args):
    p = subprocess.run([exe, "check", *map(str, args)], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def counts(path):
    doc = yaml.safe_load(path.read_text())
    c = dict.fromkeys(["rolls", "gains", "takes", "hands", "vp", "awards", "bank", "robber"], 0)
    for e in doc["actions"]:
        roll = e.get("roll")
        if roll is not None and (sum(roll) if isinstance(roll, list) else roll) != 7:
            c["rolls"] += 1
            c["gains"] += "gains" in e
        c["takes"] += "takes" in e
        x = e.get("expect", {})
        c["hands"] += "hands" in x or "cards" in x
        c["vp"] += "vp" in x
        c["awards"] += "longest-road" in x or "largest-army" in x
        c["bank"] += "bank" in x
        c["robber"] += "robber" in x
    return c


tmp = pathlib.Path(tempfile.mkdtemp(prefix="require-assertions-"))
gen = tmp / "gen"
gen.mkdir()
subprocess.run([exe, "generate", "--seed", "3", "--count", "2", "--out", str(gen)], check=True,
               capture_output=True, timeout=300)
check(len(list(gen.glob("*.yaml"))) == 2, f"generate wrote {sorted(gen.iterdir())}, not 2 games")
for log in sorted(gen.glob("*.yaml")):
    rc, out, _ = run("--format", "json", "--require-assertions=gains,awards,vp,hands", log)
    report = json.loads(out)
    game = report["games"][0]
    check(rc == 0 and game["status"] == "legal", f"{log.name}: exit {rc}, {game['status']}")
    check(game.get("assertions") == counts(log), f"{log.name}: {game.get('assertions')} vs "
          f"{counts(log)} counted from the YAML")
    for e in validator.iter_errors(report):
        check(False, f"{log.name}: schema: {e.message[:200]}")
    rc, out, _ = run("--require-assertions", "gains", "--require-assertions", "vp", log)
    check(rc == 0 and re.search(r": assertions checked: gains \d+ \(of \d+ production rolls\)", out),
          f"{log.name}: text summary: {out}")

# One roll loses its `gains`: that roll is named, at its line; the verdict stays legal.
log = sorted(gen.glob("*.yaml"))[0]
lines = log.read_text().split("\n")
at = next(i for i, l in enumerate(lines) if "roll:" in l and "gains:" in l)
lines[at] = re.sub(r", gains: \{.*\}\}", "}", lines[at])
broken = tmp / "no-gains.yaml"
broken.write_text("\n".join(lines))
rc, out, _ = run("--format", "json", "--require-assertions=gains", broken)
game = json.loads(out)["games"][0]
missing = [w for w in game["warnings"] if w["title"] == "missing assertions"]
check(rc == 1 and game["status"] == "legal" and len(missing) == 1, f"no gains: exit {rc}, {missing}")
if missing:
    check(missing[0]["line"] == at + 1 and missing[0]["rule"] is None and
          "production roll without `gains`" in missing[0]["message"], f"no gains: {missing[0]}")
rc, _, _ = run("--require-assertions=vp,hands,awards", broken)
check(rc == 0, f"gains not required: exit {rc}")

# A sample that asserts no VP and no award: exit 1, one warning naming both; the text says so.
sample = samples / "holds-BUILD-01-exact-costs.yaml"
rc, out, _ = run("--require-assertions=gains,vp,awards", sample)
check(rc == 1 and "warning: the log never asserts vp" in out and "missing: assertions of vp, awards"
      in out and "assertions checked: gains 6 (of 6 production rolls)" in out, f"sample: {rc} {out}")
rc, out, _ = run("--format", "jsonl", "--require-assertions=vp", sample)
check(rc == 1 and json.loads(out)["assertions"]["vp"] == 0, f"jsonl: {out[:300]}")
# Without the option: the summary is not shown and the exit status is check's.
rc, out, _ = run("--format", "json", sample)
check(rc == 0 and "assertions" not in json.loads(out)["games"][0], "without the option")
rc, _, err = run("--require-assertions=bank", sample)
check(rc == 2 and "bank not in" in err, f"an unknown kind: exit {rc}: {err}")
print(f"{failed} failed")
sys.exit(1 if failed else 0)
