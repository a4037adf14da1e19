#!/usr/bin/python3
"""Each document is parsed once and each game replayed once: `check` in a build with
invariant checks counts the work it did (CATAN_REFEREE_COUNTERS=1 prints the counters on
standard error), and for every sample, the JSON seeds, the project's fixtures and the real
records of ../shared/realgames (CATAN_REALGAMES_DIR) the counts must equal the games.

  - catan-log/1: one document parsed per game read, one replay per game that has a
    verdict (not malformed), no import;
  - another program's record: one import, no catan-log/1 document, one replay per game
    (the catanlogs importer follows the game with the referee's replay, not a second one).

Exits 77 when the build does not count (a release build). Usage: work_once.py EXE SOURCE_DIR
"""
import json
import os
import pathlib
import re
import subprocess
import sys

exe, src = sys.argv[1], pathlib.Path(sys.argv[2])
real = pathlib.Path(os.environ.get("CATAN_REALGAMES_DIR",
                                  src.resolve().parent / "shared" / "realgames"))
COUNTERS = re.compile(r"counters: (\d+) documents parsed, (\d+) games replayed, (\d+) records imported")
failed = 0

probe = subprocess.run([exe, "check", "-q", str(src / "samples" / "legal-opening.yaml")],
                       capture_output=True, text=True, env=dict(os.environ, CATAN_REFEREE_COUNTERS="1"))
if not COUNTERS.search(probe.stderr):
    print("SKIP: this build does not count its work (counters come with invariant checks)")
    sys.exit(77)

files = (sorted(src.glob("samples/*.yaml")) + sorted(src.glob("tests/fuzz/seeds/json/*.json")) +
         sorted(src.glob("tests/fixtures/jsettlers/*.soclog")))
if real.is_dir():
    files += (sorted(real.glob("jsettlers-recorded/*.soclog")) + sorted(real.glob("catanlogs/*.catan")) +
              sorted(real.glob("catanatron-json/*.json")) + sorted(real.glob("stac/*.soclog")))
else:
    print(f"note: {real} is absent; the real records are not counted")

# JSON whose header keys follow its actions (read whole once, not streamed then re-read).
import tempfile
tmp = pathlib.Path(tempfile.mkdtemp(prefix="work-once-"))
seed = json.loads((src / "tests" / "fuzz" / "seeds" / "json" / "fixture-compact.json").read_text())
moved = {k: v for k, v in seed.items() if k != "rules"}  # players and board stay first
moved["rules"] = seed["rules"]
(tmp / "header-after-actions.json").write_text(json.dumps(moved) + "\n")
files.append(tmp / "header-after-actions.json")

for f in files:
    p = subprocess.run([exe, "check", "-j", "1", "--format", "json", str(f)], capture_output=True,
                       text=True, env=dict(os.environ, CATAN_REFEREE_COUNTERS="1"), timeout=300)
    m = COUNTERS.search(p.stderr)
    try:
        games = json.loads(p.stdout)["games"]
    except ValueError:
        games = None
    if not m or games is None:
        failed += 1
        print(f"FAIL {f}: no counters or no report (exit {p.returncode})")
        continue
    parsed, replayed, imported = map(int, m.groups())
    judged = sum(1 for g in games if g["status"] != "malformed")
    # A document whose YAML does not parse has no tree: at most one parse per game.
    want = (0, judged, 1) if imported else (min(parsed, len(games)), judged, 0)
    if (parsed, replayed, imported) != want:
        failed += 1
        print(f"FAIL {f}: parsed {parsed}, replayed {replayed}, imported {imported}; "
              f"want {want} for {len(games)} game(s), {judged} judged")

print(f"{len(files)} files counted")
if failed:
    sys.exit(f"{failed} failure(s)")
print("PASS")
