#!/usr/bin/env python3
"""`show --format json` output validates against schemas/catan-referee-state-1.schema.json,
at several moments of several samples, and agrees with the text output on the basics.
Usage: check_show.py CATAN_REFEREE SAMPLES_DIR STATE_SCHEMA"""
import json
import pathlib
import subprocess
import sys

import jsonschema

exe, samples, schema_path = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
schema = json.load(open(schema_path))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failures = passed = 0
files = sorted(samples.glob("legal-*.yaml")) + sorted(samples.glob("illegal-*.yaml"))[:20]
for path in files:
    for at in ["error", "end", "0", "16", "turn:3"]:
        r = subprocess.run([exe, "show", str(path), "--format", "json", "--at", at], capture_output=True, text=True)
        if r.returncode not in (0, 1) or not r.stdout.strip():
            continue  # e.g. an illegal header: no state to show
        doc = json.loads(r.stdout)
        errors = list(validator.iter_errors(doc))
        if errors:
            failures += 1
            print(f"FAIL {path} --at {at}: {errors[0].message} at {list(errors[0].path)}")
            continue
        total = {k: doc["bank"][k] + sum(p["hand"][k] for p in doc["players"]) for k in doc["bank"]}
        if any(v != 19 for v in total.values()):
            failures += 1
            print(f"FAIL {path} --at {at}: resources do not sum to 19: {total}")
            continue
        passed += 1
# --at round:R is the start of every player's R-th turn: turn (R-1) * players + 1.
import yaml  # noqa: E402
for path in sorted(samples.glob("legal-*.yaml"))[:5]:
    players = len(yaml.safe_load(path.read_text())["players"])
    for rnd in [1, 2]:
        a = subprocess.run([exe, "show", str(path), "--format", "json", "--at", f"round:{rnd}"],
                           capture_output=True, text=True)
        b = subprocess.run([exe, "show", str(path), "--format", "json", "--at",
                            f"turn:{(rnd - 1) * players + 1}"], capture_output=True, text=True)
        if a.returncode not in (0, 1) or not a.stdout.strip():
            failures += 1
            print(f"FAIL {path} --at round:{rnd}: exit {a.returncode}: {a.stderr[:200]}")
            continue
        da, db = json.loads(a.stdout), json.loads(b.stdout)
        title = da.pop("title", ""), db.pop("title", "")
        if da != db or f"round {rnd}" not in title[0]:
            failures += 1
            print(f"FAIL {path} --at round:{rnd} differs from turn:{(rnd - 1) * players + 1}: {title}")
            continue
        passed += 1
print(f"{passed} passed, {failures} failed")
sys.exit(1 if failures or passed == 0 else 0)
