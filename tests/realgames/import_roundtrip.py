#!/usr/bin/python3
"""Property: every import of a real record reads back with check's verdict on the source.

Usage: import_roundtrip.py CATAN_REFEREE [REALGAMES_DIR]

For each record of $CATAN_REALGAMES_DIR (else REALGAMES_DIR, else ../shared/realgames) in
jsettlers-recorded/, jsettlers2-tests/, catanatron-json/ and catanlogs/, and for every
`--view N` (0 to 5) of the JSettlers2 ones: `check --from auto [--view N] --format json`
on the source gives each game's verdict and action count; `import [--view N] --format
yaml|json --out DIR` then `check` on what it wrote must give the same, game for game. A
record (or view) that check reports as malformed must fail to import, and one that imports
must not be malformed. The records are read where they are, never copied into the
repository. Exits 77 when the folder is absent.
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
root = pathlib.Path(os.environ.get("CATAN_REALGAMES_DIR") or
                    (sys.argv[2] if len(sys.argv) > 2 else
                     pathlib.Path(__file__).resolve().parents[3] / "shared" / "realgames"))
if not root.is_dir():
    print(f"SKIP: no real game records at {root} (set CATAN_REALGAMES_DIR)")
    sys.exit(77)

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}" + (f": {detail[:500]}" if detail else ""))


def verdicts(paths, *extra):
    """{file stem: [(status, actions), ...]} from one check --format json run."""
    p = subprocess.run([BIN, "check", "--format", "json", *extra, *map(str, paths)],
                       capture_output=True, text=True, timeout=300)
    out = {}
    for g in json.loads(p.stdout)["games"]:
        out.setdefault(pathlib.Path(g["file"]).stem, []).append((g["status"], g.get("actions")))
    return out


jsettlers = sorted((root / "jsettlers-recorded").glob("*.soclog")) + sorted(
    (root / "jsettlers2-tests").glob("*.soclog"))
others = sorted((root / "catanatron-json").glob("*.json")) + sorted(
    (root / "catanlogs").glob("*.catan"))
check("records found", len(jsettlers) >= 4 and len(others) >= 2, str(root))
runs = [(jsettlers + others, [])] + [(jsettlers, ["--view", str(n)]) for n in range(6)]
imported = 0
with tempfile.TemporaryDirectory() as tmp:
    for k, (files, view) in enumerate(runs):
        label = " ".join(view) or "complete"
        want = verdicts(files, "--from", "auto", *view)
        for fmt in ("yaml", "json"):
            out = pathlib.Path(tmp) / f"{k}-{fmt}"
            out.mkdir()
            p = subprocess.run([BIN, "import", "--format", fmt, "--out", str(out), *view,
                                *map(str, files)], capture_output=True, text=True, timeout=300)
            check(f"{label} {fmt}: import ends without an internal error", p.returncode in (0, 2),
                  p.stderr)
            written = sorted(out.iterdir())
            got = verdicts(written) if written else {}
            for f in files:
                src = want.get(f.stem, [("missing", None)])
                back = got.get(f.stem)
                if back is None:
                    check(f"{f.name} ({label}, {fmt}): not imported, so malformed at the source",
                          all(s == "malformed" for s, _ in src), f"check says {src}")
                    continue
                imported += 1
                check(f"{f.name} ({label}, {fmt}): verdicts and action counts {src}",
                      back == src, f"read back as {back}")
check("some records imported", imported >= 20, str(imported))
print(f"{imported} imports read back; {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
