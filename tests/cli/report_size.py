#!/usr/bin/env python3
"""The HTML report of a game stays within a few times the size of its log (issue 23): a page
once embedded the whole source line in every timeline entry, so a 95 KB one-line catanatron
export gave a 205 MB page, and held a panel of HTML per step (about 1.7 KB each).

  report_size.py CATAN-REFEREE generated
      a generated game as catan-log/1 (block YAML) and as one-line JSON, legal and with
      an illegal entry near the end;
  report_size.py CATAN-REFEREE realgames DIR
      the catanatron exports of DIR (../shared/realgames/catanatron-json); exit 77 (a
      visible skip) when DIR is absent.

A page may be at most FACTOR times its log plus FIXED bytes (the board picture, the style
sheet and the script, about 40 KB, the same for every game). Measured: 5.3x to 7.4x with
the fixed part, against 18x (YAML), 690x (generated one-line JSON) and 1,900x (a real
export) when every entry copied its line and every step had a panel of HTML.
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

FACTOR = 8
FIXED = 64 * 1024

exe, mode = sys.argv[1], sys.argv[2]
failures = []
checked = 0


def report(path: pathlib.Path, out: pathlib.Path, expect_rc=(0, 1)):
    global checked
    proc = subprocess.run([exe, "report", str(path), "--out", str(out), "--force"],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode not in expect_rc:
        failures.append(f"{path.name}: report exit {proc.returncode}: {proc.stderr[:300]}")
        return
    log, page = path.stat().st_size, out.stat().st_size
    limit = FACTOR * log + FIXED
    print(f"{path.name}: log {log} bytes, page {page} bytes ({page / log:.1f} x), limit {limit}")
    checked += 1
    if page > limit:
        failures.append(f"{path.name}: a {page}-byte page for a {log}-byte log "
                        f"(more than {FACTOR} x + {FIXED})")


with tempfile.TemporaryDirectory() as tmp:
    d = pathlib.Path(tmp)
    if mode == "realgames":
        src = pathlib.Path(sys.argv[3])
        exports = sorted(src.glob("*.json")) if src.is_dir() else []
        if not exports:
            print(f"SKIP: no catanatron exports in {src} (the real records are not here)")
            sys.exit(77)
        for path in exports:
            report(path, d / (path.stem + ".html"))
    else:
        import yaml  # Debian's python3-yaml

        gen = subprocess.run([exe, "generate", "--seed", "11", "--players", "4", "--expect-every", "5"],
                             capture_output=True, text=True, timeout=120, check=True).stdout
        block = d / "generated.yaml"
        block.write_text(gen, encoding="utf-8")
        report(block, d / "generated.html")
        doc = yaml.safe_load(gen)
        one = d / "generated-one-line.json"
        one.write_text(json.dumps(doc, default=str, ensure_ascii=False), encoding="utf-8")
        if "\n" in one.read_text(encoding="utf-8"):
            failures.append("the JSON game is not one line")
        report(one, d / "generated-one-line.html")
        # Illegal near the end: the page opens at that entry.
        rolls = [i for i, a in enumerate(doc["actions"]) if "roll" in a]
        doc["actions"][rolls[-3]]["roll"] = [6, 7]
        bad = d / "generated-one-line-illegal.json"
        bad.write_text(json.dumps(doc, default=str, ensure_ascii=False), encoding="utf-8")
        report(bad, d / "generated-one-line-illegal.html", expect_rc=(1,))

for f in failures:
    print("FAIL:", f)
print(f"{checked} page(s) checked; {len(failures)} failure(s)")
sys.exit(1 if failures or checked == 0 else 0)
