#!/usr/bin/python3
"""One front end: every command reads a game file the same way, so the same input gives
the same games, verdicts, positions and provenance whichever command reads it and whether
it is named or piped in on standard input (`-`).

For every sample, the project's JSettlers2 fixtures, a catanatron export written one per
line, and the real records of ../shared/realgames when present (CATAN_REALGAMES_DIR):
  - check FILE and check - < FILE give the same games (status, actions, error rule,
    action, line and column);
  - show FILE --game N (and show - < FILE) stop before the same action and line as
    check's error, with its rule, for each game;
  - board FILE and board - < FILE draw the same board with the same exit status;
  - report --out - FILE exits as check does (one-game files);
  - import FILE (another program's record) writes catan-log/1 that check judges as it
    judged FILE (status, action count, error rule and action), named or piped in;
  - the Python module, when built, gives check's statuses.

Usage: front_end.py CATAN_REFEREE SOURCE_DIR
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

exe, src = sys.argv[1], pathlib.Path(sys.argv[2])
real = pathlib.Path(os.environ.get("CATAN_REALGAMES_DIR",
                                  src.resolve().parent / "shared" / "realgames"))
failed = checked = 0


def fail(msg):
    global failed
    failed += 1
    print("FAIL", msg)


def run(args, stdin=None):
    data = stdin.read_bytes() if stdin else None
    p = subprocess.run([exe, *args], input=data, capture_output=True, timeout=300)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def games_of(args, stdin=None):
    code, out, err = run(["check", "--format", "json", *args], stdin)
    try:
        games = json.loads(out)["games"]
    except (ValueError, KeyError):
        return code, None
    keep = []
    for g in games:
        e = g.get("error") or {}
        keep.append((g["status"], g.get("actions"), e.get("rule"), e.get("action"),
                     e.get("line"), e.get("column")))
    return code, keep


# Under the sanitizers (the `sanitize` test preset sets CATAN_TEST_EVERY=N) every Nth sample.
every = int(os.environ.get("CATAN_TEST_EVERY", "1"))
inputs = sorted(src.glob("samples/*.yaml"))[::every] + sorted(src.glob("tests/fixtures/jsettlers/*.soclog"))
records = list(sorted(src.glob("tests/fixtures/jsettlers/*.soclog")))
tmp = pathlib.Path(tempfile.mkdtemp(prefix="front-end-"))
if real.is_dir():
    picked = (sorted(real.glob("jsettlers-recorded/*.soclog"))[:2] +
              sorted(real.glob("catanlogs/*.catan")) +
              sorted(real.glob("catanatron-json/*.json"))[:2] +
              sorted(real.glob("stac/*.soclog")))
    inputs += picked
    records += picked
    exports = sorted(real.glob("catanatron-json/*.json"))[:2]
    if len(exports) == 2:  # catanatron exports one per line
        jsonl = tmp / "exports.jsonl"
        jsonl.write_text("".join(json.dumps(json.loads(e.read_text())) + "\n" for e in exports))
        inputs.append(jsonl)
        records.append(jsonl)
else:
    print(f"note: {real} is absent; the real records are not compared")

for f in inputs:
    code, games = games_of([str(f)])
    if games is None:
        fail(f"{f}: check gave no JSON report (exit {code})")
        continue
    checked += 1
    # Standard input: the same games.
    pcode, piped = games_of(["-"], f)
    if (pcode, piped) != (code, games):
        fail(f"{f}: check - < FILE gives {pcode} {piped}, check FILE {code} {games}")
    # show stops where check's error is, for each game (the first three).
    for n, (status, actions, rule, action, line, column) in enumerate(games[:3], 1):
        scode, sout, serr = run(["show", str(f), "--game", str(n), "--format", "json"])
        if status == "malformed":
            if scode != 2:
                fail(f"{f} game {n}: malformed for check, show exits {scode}")
            continue
        if status == "unsupported":
            continue
        if status == "illegal" and not action and not sout:  # an illegal header: no position
            if scode != 1 or rule not in serr:
                fail(f"{f} game {n}: check says {rule} in the header; show exits {scode}")
            continue
        try:
            title = json.loads(sout)["title"]
        except ValueError:
            fail(f"{f} game {n}: show gave no JSON (exit {scode}): {serr[:200]}")
            continue
        if status == "illegal" and action and action > 0:
            want = f"before action {action} (line {line})"
            if want not in title or rule not in title:
                fail(f"{f} game {n}: check says {rule} at action {action} line {line}; "
                     f"show says {title!r}")
        want_code = 1 if status == "illegal" else 0
        if scode != want_code:
            fail(f"{f} game {n}: show exits {scode} for a {status} game")
        p = run(["show", "-", "--game", str(n), "--format", "json"], f)
        if p[1] != sout:
            fail(f"{f} game {n}: show - < FILE differs from show FILE")
    # board: the same picture and exit status, named or piped.
    b1, b2 = run(["board", str(f)]), run(["board", "-"], f)
    if (b1[0], b1[1]) != (b2[0], b2[1]):
        fail(f"{f}: board - < FILE differs from board FILE (exit {b2[0]} vs {b1[0]})")
    if games and games[0][0] == "malformed" and b1[0] != 2:
        fail(f"{f}: a malformed first game, board exits {b1[0]}")
    # report exits as check does, for one-game files.
    if len(games) == 1 and f.stat().st_size < 2_000_000:
        rcode, _, rerr = run(["report", "--out", "-", str(f)])
        if rcode != code:
            fail(f"{f}: report exits {rcode}, check {code}: {rerr[:200]}")

# import writes catan-log/1 that check judges as it judged the record.
for f in records:
    code, games = games_of([str(f)])
    for source in ([str(f)], ["-"]):
        icode, yaml, ierr = run(["import", *source], f if source == ["-"] else None)
        if code == 2 and games and games[0][0] == "malformed":
            if icode != 2:
                fail(f"{f}: malformed for check, import exits {icode}")
            continue
        if icode != 0:
            fail(f"{f}: import {source[0]} exits {icode}: {ierr[:200]}")
            continue
        out = tmp / "imported.yaml"
        out.write_text(yaml)
        _, again = games_of([str(out)])
        strip = lambda gs: [(g[0], g[1], g[2], g[3]) for g in gs or []]
        if strip(again) != strip(games):
            fail(f"{f}: import {source[0]} then check gives {strip(again)}, check {strip(games)}")

# A pattern the shell did not expand is expanded as the shell would, sorted; one that
# matches nothing is "no such file".
pattern = str(src / "samples" / "legal-*.yaml")
named = sorted(str(p) for p in src.glob("samples/legal-*.yaml"))
if games_of([pattern]) != games_of(named):
    fail(f"check '{pattern}' differs from check on the files it matches")
code, _, err = run(["check", str(src / "samples" / "no-such-*.yaml")])
if code != 2 or "no such file" not in err:
    fail(f"a pattern that matches nothing: exit {code}, {err[:200]!r}")

# The Python module, when it was built, reads the same games.
try:
    import catan_referee
except ImportError:
    catan_referee = None
    print("note: the Python module is not importable here; not compared")
if catan_referee:
    if [g.status for g in catan_referee.check(pattern)] != [g.status for g in catan_referee.check(named)]:
        fail("the Python module's check(pattern) differs from check(files)")
    for f in inputs:
        _, games = games_of([str(f)])
        try:
            report = catan_referee.check(str(f))
            statuses = [g.status for g in report.games]
        except Exception as ex:  # noqa: BLE001 (a malformed file may raise)
            statuses = ["malformed"] if games and games[0][0] == "malformed" else [repr(ex)]
        if statuses != [g[0] for g in games or []]:
            fail(f"{f}: the Python module says {statuses}, check {[g[0] for g in games]}")

print(f"{checked} inputs compared across check, show, board, report, import"
      f"{', Python' if catan_referee else ''}")
if failed:
    sys.exit(f"{failed} failure(s)")
print("PASS")
