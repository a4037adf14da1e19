#!/usr/bin/env python3
"""The JSON Schema and the reader agree on what is malformed.

Every file in CASES/malformed must fail the schema and make `check` exit 2 (malformed).
Every file in CASES/valid must pass the schema and must not be malformed for the reader
(exit 0 or 1), except files whose first line starts with '# unsupported:' (exit 2, a
feature the checker does not support yet, such as `hidden` cards).
Usage: agreement.py CATAN_REFEREE SCHEMA CASES_DIR
"""
import pathlib
import subprocess
import sys

exe, schema, cases = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
validate = pathlib.Path(__file__).with_name("validate.py")
failures = passed = 0


def schema_ok(path):
    r = subprocess.run([sys.executable, str(validate), schema, str(path)], capture_output=True, text=True)
    if r.returncode == 2:
        raise SystemExit(f"{path}: validate.py failed: {r.stdout}{r.stderr}")
    return r.returncode == 0


for folder in ("malformed", "valid"):  # checking nothing must not pass
    if not any((cases / folder).glob("*.yaml")):
        raise SystemExit(f"FAIL {cases / folder}: no case")
for path in sorted((cases / "malformed").glob("*.yaml")):
    rc = subprocess.run([exe, "check", "-q", str(path)], capture_output=True, text=True).returncode
    ok_schema = schema_ok(path)
    if rc != 2 or ok_schema:
        failures += 1
        print(f"FAIL {path}: reader exit {rc} (want 2), schema {'accepts' if ok_schema else 'rejects'} (want rejects)")
    else:
        passed += 1
for path in sorted((cases / "valid").glob("*.yaml")):
    unsupported = path.read_text(encoding="utf-8").startswith("# unsupported:")
    rc = subprocess.run([exe, "check", "-q", str(path)], capture_output=True, text=True).returncode
    want = {2} if unsupported else {0, 1}
    ok_schema = schema_ok(path)
    if rc not in want or not ok_schema:
        failures += 1
        print(f"FAIL {path}: reader exit {rc} (want {sorted(want)}), schema {'accepts' if ok_schema else 'rejects'} (want accepts)")
    else:
        passed += 1
print(f"{passed} passed, {failures} failed")
sys.exit(1 if failures else 0)
