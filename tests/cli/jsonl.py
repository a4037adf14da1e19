#!/usr/bin/python3
"""`check --format jsonl`: one game a line, each exactly the JSON report's `games` item.

Usage: jsonl.py CATAN_REFEREE SAMPLES_DIR SCHEMAS_DIR

Checks on every sample: each line is one compact JSON object valid against
schemas/catan-referee-report-line-2.schema.json (which refers to the report schema); the
lines equal the `games` of `check --format json` on the same paths, in order, with the same
exit status; and two shards checked apart and merged with `cat` equal the whole run.
"""
import json
import pathlib
import subprocess
import sys

import jsonschema

exe, samples, schemas = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
failed = 0


def fail(msg):
    global failed
    failed += 1
    print("FAIL", msg)


def run(fmt, paths):
    p = subprocess.run([exe, "check", "--format", fmt, *map(str, paths)], capture_output=True,
                       text=True, timeout=300)
    return p.returncode, p.stdout


report_schema = json.loads((schemas / "catan-referee-report-2.schema.json").read_text())
line_schema = json.loads((schemas / "catan-referee-report-line-2.schema.json").read_text())
# The line schema refers to the report schema's game; resolved here by hand (Debian's
# jsonschema comes without the `referencing` registry on every release).
REF = "catan-referee-report-2.schema.json#/$defs/game"
if line_schema.get("$ref") != REF:
    fail(f"the line schema's $ref is {line_schema.get('$ref')!r}, not {REF!r}")
resolved = {"$schema": report_schema["$schema"], "$defs": report_schema["$defs"],
            "$ref": "#/$defs/game"}
validator = jsonschema.Draft202012Validator(resolved)

files = sorted(p for p in samples.rglob("*") if p.suffix in (".yaml", ".yml", ".json", ".jsonl"))
if not files:  # checking nothing must not pass
    print(f"FAIL {samples}: no sample to check")
    sys.exit(1)
rc_json, out_json = run("json", files)
rc_jsonl, out_jsonl = run("jsonl", files)
if rc_json != rc_jsonl:
    fail(f"exit status: json {rc_json}, jsonl {rc_jsonl}")
games = json.loads(out_json)["games"]
lines = [l + "\n" for l in out_jsonl.split("\n")[:-1]]  # not splitlines: U+2028 is no break
if not out_jsonl.endswith("\n"):
    fail("the last line has no line break")
if len(lines) != len(games):
    fail(f"{len(lines)} lines for {len(games)} games")
for i, (line, game) in enumerate(zip(lines, games)):
    obj = json.loads(line)
    if obj != game:
        fail(f"line {i + 1} differs from the JSON report's game {i + 1} ({game['file']})")
    if json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n" != line:
        fail(f"line {i + 1} is not compact JSON on one line")
    for e in validator.iter_errors(obj):
        fail(f"line {i + 1}: schema: /{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")
        break
# A broken line must fail the schema (the validator is not vacuous).
if validator.is_valid({**json.loads(lines[0]), "status": "fine"}):
    fail("the schema accepts status 'fine'")
half = len(files) // 2
_, a = run("jsonl", files[:half])
_, b = run("jsonl", files[half:])
if a + b != out_jsonl:
    fail("two shards merged with cat differ from the whole run")
if not lines:
    fail("no line was checked")
print(f"{len(lines)} lines checked, {failed} failed")
sys.exit(1 if failed else 0)
