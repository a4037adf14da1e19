#!/usr/bin/env python3
"""Long source lines still get an excerpt (issue 23): a diagnostic on a one-line JSON game
shows a window of about 100 columns around the column, "…" at the cut ends, the caret under
the character the position names; a JSON source also gets the path to the value, as a note
in the text output and as `json-path` in the JSON report (valid against the schema). Then
the same on a real catanatron export with one record changed (skipped, visibly, when
../shared/realgames is absent).

Usage: long_lines.py CATAN-REFEREE SOURCE-DIR [CATANATRON-EXPORT]
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

import yaml  # Debian's python3-yaml

exe, src = sys.argv[1], sys.argv[2]
export = sys.argv[3] if len(sys.argv) > 3 else os.path.join(
    src, "..", "shared", "realgames", "catanatron-json", "catanatron-s900002-4p-random.json")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


def run(*args):
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=300)


def excerpt_of(path: pathlib.Path, name: str, text_out: str):
    """The error's position, the excerpt's shown text and caret line, the JSON path note."""
    m = re.search(r"^(.*?):(\d+):(\d+): error\[(?:X56-)?[A-Z]+-\d+\]", text_out, re.M)
    if not check(m, f"{name}: no error line in {text_out[:300]!r}"):
        return None
    line, col = int(m.group(2)), int(m.group(3))
    lines = text_out[m.end():].split("\n")
    shown = re.match(r"^ *\d+ \| (.*)$", lines[1]) if len(lines) > 2 else None
    caret = re.match(r"^ *\| (.*)$", lines[2]) if len(lines) > 2 else None
    if not check(shown and caret, f"{name}: no excerpt under the error: {lines[:4]}"):
        return None
    note = re.search(r"^  note: JSON path: (.*)$", text_out, re.M)
    source = path.read_text(encoding="utf-8").split("\n")[line - 1]
    return line, col, shown.group(1), caret.group(1), note.group(1) if note else None, source


def check_window(name, col, shown, caret, source):
    at = caret.find("^")
    check(at >= 0, f"{name}: no caret")
    check(len(shown) <= 102, f"{name}: the excerpt is {len(shown)} columns long")
    check(shown.startswith("…") and shown.endswith("…"), f"{name}: no '…' at the cut ends: {shown!r}")
    # The caret is under the character the column names (the source is ASCII here).
    check(shown[at:at + 12] == source[col - 1:col - 1 + 12],
          f"{name}: caret under {shown[at:at + 12]!r}, the column holds {source[col - 1:col + 11]!r}")


def schema_valid(report_json):
    try:
        import jsonschema
    except ImportError:
        return True
    schema = json.load(open(os.path.join(src, "schemas", "catan-referee-report-2.schema.json")))
    try:
        jsonschema.validate(report_json, schema)
    except jsonschema.ValidationError as e:
        failures.append(f"the JSON report does not match its schema: {e.message}")
    return True


with tempfile.TemporaryDirectory() as tmp:
    d = pathlib.Path(tmp)
    # A generated game, one line of JSON, an entry near the middle made illegal.
    gen = run("generate", "--seed", "23", "--players", "4", "--expect-every", "7").stdout
    doc = yaml.safe_load(gen)
    rolls = [i for i, a in enumerate(doc["actions"]) if "roll" in a]
    k = rolls[len(rolls) // 2]
    doc["actions"][k]["roll"] = [6, 7]
    game = d / "one-line.json"
    game.write_text(json.dumps(doc, default=str, ensure_ascii=False), encoding="utf-8")
    proc = run("check", str(game))
    got = excerpt_of(game, "one-line JSON game", proc.stdout + proc.stderr)
    if got:
        line, col, shown, caret, note, source = got
        check(line == 1, f"one-line JSON game: line {line}")
        check_window("one-line JSON game", col, shown, caret, source)
        check(note is not None and note.startswith(f"actions[{k}]"),
              f"one-line JSON game: JSON path note {note!r}, expected actions[{k}]...")
        proc = run("check", str(game), "--format", "json")
        rep = json.loads(proc.stdout)
        err = rep["games"][0]["error"] if "games" in rep else None
        check(err is not None and err.get("json-path") == note,
              f"one-line JSON game: json-path {err and err.get('json-path')!r}, note {note!r}")
        schema_valid(rep)
    # The same game as block YAML: no JSON path.
    yml = d / "block.yaml"
    yml.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    proc = run("check", str(yml), "--format", "json")
    err = json.loads(proc.stdout)["games"][0].get("error") or {}
    check(err and "json-path" not in err, f"a YAML game has a json-path: {err.get('json-path')!r}")

    # A real catanatron export, one record changed: orange ends its turn without rolling.
    if not os.path.exists(export):
        print(f"SKIP (this part): {export} is absent")
    else:
        data = json.load(open(export, encoding="utf-8"))
        recs = data["action_records"]
        k = next(i for i, r in enumerate(recs) if i > 40 and r[0][1] == "ROLL")
        recs[k] = [[recs[k][0][0], "END_TURN", None], None]
        bad = d / "catanatron-changed.json"
        bad.write_text(json.dumps(data), encoding="utf-8")
        proc = run("check", str(bad))
        got = excerpt_of(bad, "catanatron export", proc.stdout + proc.stderr)
        if got:
            line, col, shown, caret, note, source = got
            check_window("catanatron export", col, shown, caret, source)
            m = re.match(r"action_records\[(\d+)\]", note or "")
            if check(m, f"catanatron export: JSON path note {note!r}"):
                i = int(m.group(1))
                check(source[col - 1:].startswith(json.dumps(recs[i])),
                      f"catanatron export: the path {note} is not the value at column {col}")
                check(k <= i <= k + 3, f"catanatron export: path {note}, changed record {k}")

for f in failures:
    print("FAIL:", f)
print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
