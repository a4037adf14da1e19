#!/usr/bin/python3
"""A folder holding one unreadable subfolder (chmod 000) and 8 good logs: `check DIR` and
the Python module's check(DIR) report the subfolder as one unreadable path ("cannot
open", exit status 2 as for any unreadable path) and still check the 8 logs.

Usage: unreadable_folder.py CATAN_REFEREE [PYTHON_MODULE_DIR]
Exits 77 (skipped) when run as root, who can read any folder.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
MODULE_DIR = sys.argv[2] if len(sys.argv) > 2 else None
if os.geteuid() == 0:
    print("SKIP: running as root, who can read a chmod 000 folder")
    sys.exit(77)

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}" + (f": {detail[:600]}" if detail else ""))


with tempfile.TemporaryDirectory() as tmp:
    gen = pathlib.Path(tmp) / "gen"
    gen.mkdir()
    subprocess.run([BIN, "generate", "--seed", "7", "--count", "8", "--out", str(gen)],
                   check=True, capture_output=True, timeout=120)
    legal = sorted(gen.iterdir())
    check("8 generated games", len(legal) == 8, str(legal))
    root = pathlib.Path(tmp) / "logs"
    # Logs before and after the unreadable folder in the walk's order.
    for i, f in enumerate(legal):
        sub = root / ("a" if i < 4 else "z")
        sub.mkdir(parents=True, exist_ok=True)
        shutil.copy(f, sub / f.name)
    locked = root / "m-locked"
    locked.mkdir()
    (locked / "hidden.yaml").write_text("format: catan-log/1\n")
    locked.chmod(0)
    try:
        p = subprocess.run([BIN, "check", "--format", "json", str(root)], capture_output=True,
                           text=True, timeout=120)
        report = json.loads(p.stdout) if p.stdout.startswith("{") else {"games": []}
        games = report["games"]
        files = [g["file"] for g in games]
        check("check: exit 2 (an unreadable path)", p.returncode == 2, p.stderr)
        check("check: the 8 logs checked", sum(g["status"] in ("legal", "incomplete")
                                              for g in games) == 8, json.dumps(games)[:600])
        check("check: the folder reported once", files.count(str(locked)) == 1, str(files))
        bad = [g for g in games if g["file"] == str(locked)]
        check("check: as cannot open", bad and "cannot open" in bad[0]["error"]["message"],
              json.dumps(bad))
        check("check: nothing else", len(games) == 9, str(files))
        p = subprocess.run([BIN, "check", str(root)], capture_output=True, text=True,
                           timeout=120)
        check("check text: the summary counts 8 legal and 1 malformed",
              "8 legal" in p.stdout and "1 malformed" in p.stdout, p.stdout[-300:])
        if MODULE_DIR:
            code = ("import sys, catan_referee as c\n"
                    "r = c.check(sys.argv[1])\n"
                    "print(sum(g.status in ('legal', 'incomplete') for g in r), "
                    "[g.file for g in r if g.status == 'malformed'])\n")
            env = dict(os.environ, PYTHONPATH=MODULE_DIR)
            p = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True,
                               text=True, timeout=120, env=env)
            if "No module named" in p.stderr:
                print("note: the Python module is not built; its half is not run")
            else:
                check("python check(DIR): 8 checked and the folder reported",
                      p.stdout.strip() == f"8 ['{locked}']", p.stdout + p.stderr)
    finally:
        locked.chmod(0o755)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
