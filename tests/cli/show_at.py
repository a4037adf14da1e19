#!/usr/bin/python3
"""`show --at`: the position a moment names is the same for a log and its views, in every
format, and `--at line:L` lands where a diagnostic's line points.

Usage: show_at.py CATAN_REFEREE SAMPLES_DIR [REALGAMES_DIR]

1. The complete sample game and its spectator and seat views (written by `redact`, with and
   without hidden discards and sum-only dice): every `turn:T`, `round:R`, `N` and `end`
   gives the same turn, phase, active player, pieces and title in JSON, the same title in
   text, and an SVG whose title names the same moment.
2. Every illegal sample: `--at line:L` with L the line the JSON report gives for the error
   is the state the default `--at error` shows (text and JSON), and a line of an earlier
   entry lands before that entry.
3. A file of two games: `line:L` in the second game shows the second game.
4. Real records of other programs (skipped with a message when absent): the line a
   diagnostic prints, given to `--at line:L`, shows the state before the same action.
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

exe, samples = sys.argv[1], pathlib.Path(sys.argv[2])
realgames = pathlib.Path(sys.argv[3]) if len(sys.argv) > 3 else None
failed = 0
compared = 0


def fail(msg):
    global failed
    failed += 1
    print("FAIL", msg)


def run(*args):
    return subprocess.run([exe, *map(str, args)], capture_output=True, text=True, timeout=120)


def state(path, at, *extra):
    p = run("show", path, "--at", at, "--format", "json", *extra)
    if p.returncode not in (0, 1):
        fail(f"show {path} --at {at}: exit {p.returncode}: {p.stderr.strip()}")
        return None
    return json.loads(p.stdout)


def public(d):
    """What every view of a game shows alike at one moment."""
    players = [
        (p["name"], p["settlements"], p["cities"], p["roads"], p["knights-played"],
         p["road-length"])
        for p in d["players"]
    ]
    return (d["title"], d["turn"], d["phase"], d["active"], d["winner"], players,
            json.dumps(d.get("robber")), json.dumps(d.get("longest-road")),
            json.dumps(d.get("largest-army")))


# 1. A log and its views.
full = samples / "legal-game-4p-seed5.yaml"
with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    views = []
    for i, args in enumerate([["--view", "spectator"], ["--view", "spectator", "--hide-discards"],
                              ["--view", "blue", "--dice", "sum"],
                              ["--view", "red", "--hide-discards", "--dice", "sum"]]):
        out = tmp / f"view{i}.yaml"
        p = run("redact", full, *args, "--out", out)
        if p.returncode != 0 or not out.is_file():
            fail(f"redact {args}: exit {p.returncode}: {p.stderr.strip()}")
            continue
        views.append(out)
    ats = [f"turn:{t}" for t in (1, 2, 5, 9, 17, 30, 500)] + ["round:1", "round:3", "round:7"]
    ats += ["0", "1", "40", "253", "100000", "end"]
    for at in ats:
        want = state(full, at)
        if want is None:
            continue
        want_text = run("show", full, "--at", at).stdout.splitlines()[0]
        for v in views:
            got = state(v, at)
            compared += 1
            if got is None:
                continue
            if public(got) != public(want):
                fail(f"{v.name} --at {at}: {public(got)[:4]} != complete log's {public(want)[:4]}")
            text = run("show", v, "--at", at).stdout.splitlines()[0]
            if text != want_text:
                fail(f"{v.name} --at {at}: text title {text!r} != {want_text!r}")
            svg = run("show", v, "--at", at, "--format", "svg").stdout
            title = want["title"].rstrip(":")
            if f"<title>{title}</title>" not in svg and title not in svg:
                fail(f"{v.name} --at {at}: the SVG does not name {title!r}")
    if compared < 60:
        fail(f"only {compared} view positions compared")

# 1b. report --at opens its page at the same moment, for the log and its views.
def opens_at(path, at):
    with tempfile.TemporaryDirectory() as d:
        out = pathlib.Path(d) / "r.html"
        p = run("report", path, "--at", at, "--out", out)
        if p.returncode not in (0, 1):
            fail(f"report {path} --at {at}: exit {p.returncode}: {p.stderr.strip()}")
            return None
        m = re.search(r'data-open="(\d+)"', out.read_text())
        return int(m.group(1)) if m else None


with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    view = tmp / "spectator.yaml"
    run("redact", full, "--view", "spectator", "--hide-discards", "--out", view)
    for at in ["turn:5", "round:3", "40", "end", "error"]:  # (a line is one file's)
        want, got = opens_at(full, at), opens_at(view, at)
        compared += 1
        if want is None or want != got:
            fail(f"report --at {at}: the view opens at step {got}, the log at {want}")
        shown = state(full, at) if not at.startswith("line:") else None
        if shown is not None and at not in ("end", "error"):
            after = re.search(r"after action (\d+)", shown["title"])
            if after and int(after.group(1)) != want:
                fail(f"report --at {at} opens at step {want}, show says after action {after.group(1)}")

# 2. line:L on every illegal sample.
illegal = sorted(samples.glob("illegal-*.yaml"))
# Under the sanitizers (the `sanitize` test preset sets CATAN_TEST_EVERY=N) every Nth sample.
illegal = illegal[:: int(os.environ.get("CATAN_TEST_EVERY", "1"))]
if not illegal:
    fail(f"no illegal samples in {samples}")
for path in illegal:
    report = json.loads(run("check", "--format", "json", path).stdout)
    err = report["games"][0].get("error")
    if not err or not err.get("line") or not err.get("action"):
        continue  # a header error: no entry to stop before
    at_error = state(path, "error")
    at_line = state(path, f"line:{err['line']}")
    compared += 1
    if at_error is None or at_line is None:
        continue
    if (at_line["turn"], at_line["phase"], at_line["players"]) != (
            at_error["turn"], at_error["phase"], at_error["players"]):
        fail(f"{path.name}: --at line:{err['line']} is not the state before action "
             f"{err['action']} ({at_line['title']!r} against {at_error['title']!r})")
    if opens_at(path, f"line:{err['line']}") != err["action"] - 1:
        fail(f"{path.name}: report --at line:{err['line']} does not open before action {err['action']}")
    if f"before action {err['action']}," not in at_line["title"]:
        fail(f"{path.name}: --at line:{err['line']} title {at_line['title']!r} does not name "
             f"action {err['action']}")

# A line inside an earlier entry lands before that entry; a line before the entries, before
# the first action.
sample = samples / "illegal-ROBBER-01-wrong-discard-count.yaml"
lines = sample.read_text().splitlines()
first = next(i for i, l in enumerate(lines, 1) if re.match(r"\s*- \{?player:", l))
for line, want in [(1, "before action 1,"), (first, "before action 1,"), (first + 1, "before action 2,")]:
    got = state(sample, f"line:{line}")
    if got is not None and want not in got["title"]:
        fail(f"{sample.name} --at line:{line}: {got['title']!r}, expected {want!r}")

# 3. Two games in one file.
with tempfile.TemporaryDirectory() as tmp:
    two = pathlib.Path(tmp) / "two.yaml"
    a = (samples / "legal-game-4p-seed5.yaml").read_text()
    b = sample.read_text()
    two.write_text(a + ("" if a.endswith("\n") else "\n") + "---\n" + b)
    offset = len(a.splitlines()) + 1
    report = json.loads(run("check", "--format", "json", two).stdout)
    err = report["games"][1]["error"]
    got = state(two, f"line:{err['line']}")
    if got is None or f"before action {err['action']}," not in got["title"]:
        fail(f"two games: --at line:{err['line']} does not pick the second game: {got and got['title']}")
    got = state(two, f"line:{err['line']}", "--game", "1")
    if got is None or "end of the log" not in got["title"]:
        fail(f"two games: --game 1 with a line of game 2 is game 1's end: {got and got['title']}")

# 4. Real records of other programs.
if realgames is None or not realgames.is_dir():
    print(f"SKIPPED part 4: {realgames} is absent: real records not checked")
else:
    records = sorted(realgames.glob("catanlogs/*.catan")) + sorted(
        realgames.glob("jsettlers-recorded/*.soclog"))
    for path in records:
        report = json.loads(run("check", "--format", "json", path).stdout)
        for g in report["games"]:
            err = g.get("error")
            if not err or not err.get("action"):
                continue
            got = state(path, f"line:{err['line']}")
            compared += 1
            if got is None or f"before action {err['action']}," not in got["title"]:
                fail(f"{path.name}: --at line:{err['line']}: {got and got['title']}, expected "
                     f"the state before action {err['action']}")

print(f"{compared} positions compared, {failed} failed")
sys.exit(1 if failed else 0)
