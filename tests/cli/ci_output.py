#!/usr/bin/python3
"""CI output that agrees with itself (issue 23): what makes `check` exit nonzero shows in
every format, an empty run is an error, -j 0, "did you mean", --require-assertions=all,
NO_COLOR, the progress line on a terminal, the elapsed time, SARIF's URIs and helpUri, and
--help/--version to a full disk.

Usage: ci_output.py SECTION CATAN_REFEREE SOURCE_DIR SARIF_SCHEMA
SECTION: agree | empty | options | color | progress | sarif | full
Nothing here depends on wall time: the elapsed field and the progress line are matched by
their shape.
"""
import json
import os
import pathlib
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import xml.etree.ElementTree as ET

import jsonschema

section, exe, source, sarif_schema = sys.argv[1], os.path.abspath(sys.argv[2]), \
    pathlib.Path(sys.argv[3]).resolve(), sys.argv[4]
samples = source / "samples"
report_validator = jsonschema.Draft202012Validator(
    json.loads((source / "schemas" / "catan-referee-report-2.schema.json").read_text()))
sarif_validator = jsonschema.Draft7Validator(json.loads(pathlib.Path(sarif_schema).read_text()))
failures = []
FORMATS = ("text", "json", "jsonl", "sarif", "junit", "github")
SUMMARY = re.compile(r"^(\d+) game\(s\): (\d+) legal \((\d+) incomplete\), (\d+) illegal, "
                     r"(\d+) malformed(?:, (\d+) unsupported)?"
                     r"(?:; (\d+) warnings? that fails? the run)?( in \d+\.\d\d s)?$", re.M)


def expect(name, ok, detail=""):
    if not ok:
        failures.append(f"{name}: {str(detail)[:600]}")


def run(*args, cwd=None, env=None, stdout=subprocess.PIPE):
    return subprocess.run([exe, *map(str, args)], cwd=cwd, env=env, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=300)


def ends_mid_turn(tmp):
    """legal-opening cut after a roll: legal, with the warning "ends in the middle of a turn"."""
    lines = (samples / "legal-opening.yaml").read_text().splitlines(keepends=True)
    cut = next(i for i, l in enumerate(lines) if "player: blue, roll: [5, 5]" in l)
    path = tmp / "mid-turn.yaml"
    path.write_text("".join(lines[:cut + 1]))
    return path


def shows_failure(fmt, out):
    """Whether the report in format `fmt` says the run fails (what the exit status says)."""
    if fmt == "text":
        m = SUMMARY.search(out)
        return m is not None and (int(m.group(4)) + int(m.group(5)) + int(m.group(6) or 0) +
                                  int(m.group(7) or 0)) > 0
    if fmt == "json":
        s = json.loads(out)["summary"]
        return s["illegal"] + s["malformed"] + s["unsupported"] + s["failing-warnings"] > 0
    if fmt == "jsonl":
        games = [json.loads(l) for l in out.splitlines()]
        return any(g["status"] in ("illegal", "malformed", "unsupported") or
                   any(w.get("fails-run") for w in g["warnings"]) for g in games)
    if fmt == "sarif":
        run_ = json.loads(out)["runs"][0]
        return any(r["level"] == "error" for r in run_["results"]) or \
            run_["properties"].get("failingWarnings", 0) > 0
    if fmt == "junit":
        root = ET.fromstring(out)
        return int(root.get("failures")) + int(root.get("errors")) > 0
    if fmt == "github":
        return "::error " in out or out.startswith("::error")
    raise ValueError(fmt)


def validate(fmt, out, name):
    if fmt == "json":
        errs = list(report_validator.iter_errors(json.loads(out)))
        expect(f"{name}: the JSON report is valid", not errs, errs[:1])
    if fmt == "sarif":
        errs = list(sarif_validator.iter_errors(json.loads(out)))
        expect(f"{name}: the SARIF log is valid", not errs, errs[:1])


def section_agree(tmp):
    mid = ends_mid_turn(tmp)
    empty = tmp / "no-logs"
    empty.mkdir()
    legal = samples / "legal-opening.yaml"
    illegal = samples / "illegal-SETUP-03-snake-order.yaml"
    cases = [
        ("a warning", [mid], 0),
        ("a warning under --strict", ["--strict", mid], 1),
        ("--require-assertions=all", ["--require-assertions=all", legal], 1),
        ("--require-assertions=vp", ["--require-assertions=vp", legal], None),
        ("--require-assertions=gains under --strict", ["--strict", "--require-assertions=gains",
                                                       mid], 1),
        ("an empty folder beside a log", [empty, legal], 0),
        # (jsonl has no place for the run's own warnings: a line per game and nothing else)
        ("an empty folder beside a log under --strict", ["--strict", empty, legal], 1),
        ("an illegal game and a warning", ["--strict", illegal, mid], 1),
        ("legal", [legal], 0),
    ]
    for name, args, status in cases:
        statuses = set()
        for fmt in FORMATS:
            r = run("check", "--format", fmt, *args)
            statuses.add(r.returncode)
            if status is not None:
                expect(f"{name} --format {fmt}: exit {status}", r.returncode == status,
                       f"{r.returncode}: {r.stderr}")
            try:
                shown = shows_failure(fmt, r.stdout)
            except Exception as e:  # noqa: BLE001 - a report that does not parse fails here
                expect(f"{name} --format {fmt}: the report parses", False, f"{e}: {r.stdout[:300]}")
                continue
            if fmt == "jsonl" and empty in args:
                continue
            expect(f"{name} --format {fmt}: the report says the run fails exactly when it exits 1",
                   shown == (r.returncode != 0), f"exit {r.returncode}; {r.stdout[-400:]}")
            validate(fmt, r.stdout, f"{name} --format {fmt}")
        expect(f"{name}: every format exits alike", len(statuses) == 1, statuses)

    # The counts themselves.
    r = run("check", "--strict", mid)
    expect("text: the warning is counted on the summary line",
           re.search(r"^1 game\(s\): 1 legal \(1 incomplete\), 0 illegal, 0 malformed; "
                     r"1 warning that fails the run in \d+\.\d\d s$", r.stdout, re.M), r.stdout)
    r = run("check", mid)
    expect("text: no count of failing warnings without --strict",
           "fail" not in r.stdout.splitlines()[-1], r.stdout)
    r = run("check", "--format", "json", "--strict", mid)
    rep = json.loads(r.stdout)
    expect("json: summary.failing_warnings", rep["summary"]["failing-warnings"] == 1, rep["summary"])
    expect("json: the warning has fails_run", rep["games"][0]["warnings"][0].get("fails-run") is True,
           rep["games"][0]["warnings"])
    r = run("check", "--format", "json", mid)
    rep = json.loads(r.stdout)
    expect("json: no fails_run without --strict",
           rep["summary"]["failing-warnings"] == 0 and
           "fails-run" not in rep["games"][0]["warnings"][0], rep["summary"])
    r = run("check", "--format", "json", "--strict", empty, legal)
    s = json.loads(r.stdout)["summary"]
    expect("json: the run's own warning", s.get("run-warnings") == [f"no games found in {empty}"] and
           s["failing-warnings"] == 1, s)
    r = run("check", "--format", "sarif", "--strict", mid)
    run_ = json.loads(r.stdout)["runs"][0]
    res = run_["results"]
    expect("sarif: the failing warning is an error with failsRun",
           len(res) == 1 and res[0]["level"] == "error" and res[0]["properties"].get("failsRun"), res)
    expect("sarif: the run's properties count it", run_["properties"].get("failingWarnings") == 1,
           run_["properties"])
    r = run("check", "--format", "junit", "--require-assertions=all", legal)
    root = ET.fromstring(r.stdout)
    fails = root.findall(".//testcase/failure")
    expect("junit: the game is a failed test case", root.get("failures") == "1" and len(fails) == 1
           and "missing assertions" in fails[0].get("message"), r.stdout[-600:])
    r = run("check", "--format", "junit", "--strict", empty, legal)
    root = ET.fromstring(r.stdout)
    expect("junit: the empty folder is a failed test case under --strict",
           root.get("failures") == "1" and root.get("tests") == "2", r.stdout[:400])
    r = run("check", "--format", "github", "--strict", mid)
    expect("github: an error annotation and the count on the summary line",
           r.stdout.startswith("::error ") and "1 warning that fails the run" in r.stdout, r.stdout)


def section_empty(tmp):
    empty = tmp / "empty"
    empty.mkdir()
    (empty / "README").write_text("no logs here\n")
    blank = tmp / "blank.yaml"
    blank.write_text("")
    for fmt in FORMATS:
        r = run("check", "--format", fmt, empty)
        expect(f"an empty folder --format {fmt}: exit 2 with a message",
               r.returncode == 2 and "no games checked" in r.stderr, (r.returncode, r.stderr))
    r = run("check", blank)
    expect("a file without a game: exit 2", r.returncode == 2, (r.returncode, r.stderr, r.stdout))
    missing = tmp / "missing.yaml"
    for args in ([missing], [samples / "legal-opening.yaml", missing], [tmp / "nomatch" / "*.yaml"],
                 ["--format", "json", missing]):
        r = run("check", *args)
        expect(f"check {args}: no such file, exit 2",
               r.returncode == 2 and f"catan-referee: no such file: {args[-1]}\n" == r.stderr and
               r.stdout == "", (r.returncode, r.stderr, r.stdout[:200]))
    lst = tmp / "list.txt"
    lst.write_text(f"{missing}\n")
    r = run("check", "--files-from", lst)
    expect("--files-from naming a missing file: exit 2", r.returncode == 2 and
           "no such file" in r.stderr, (r.returncode, r.stderr))
    if os.geteuid() != 0:  # unreadable files are reported as before (root reads anything)
        locked = tmp / "locked.yaml"
        shutil.copy(samples / "legal-opening.yaml", locked)
        locked.chmod(0)
        r = run("check", locked)
        expect("an unreadable file: malformed, exit 2",
               r.returncode == 2 and "Permission denied" in r.stdout + r.stderr, (r.stdout, r.stderr))


def section_options(tmp):
    one = run("check", "--format", "json", "-j", "1", samples)
    zero = run("check", "--format", "json", "-j", "0", samples)
    expect("-j 0: the same report and exit status as -j 1",
           zero.returncode == one.returncode and zero.stdout == one.stdout, zero.stderr)
    r = run("check", "--help")
    expect("--help: -j 0 is every core", re.search(r"0 for one per\s+core", r.stdout), r.stdout[:300])
    for typo, want in (("chek", "check"), ("shwo", "show"), ("explian", "explain"), ("sevre", "serve")):
        r = run(typo, samples / "legal-opening.yaml")
        expect(f"{typo}: did you mean '{want}'?", r.returncode == 2 and
               f"did you mean '{want}'?" in r.stderr and r.stdout == "", (r.returncode, r.stderr))
    r = run("frobnicate")
    expect("a word far from every command: no guess, the commands listed",
           r.returncode == 2 and "did you mean" not in r.stderr and "check" in r.stderr, r.stderr)
    legal = samples / "legal-game-4p-seed5.yaml"
    a = run("check", "--format", "json", "--require-assertions=all", legal)
    b = run("check", "--format", "json", "--require-assertions=gains,hands,vp,awards", legal)
    expect("--require-assertions=all is every kind", a.returncode == b.returncode and
           a.stdout == b.stdout and a.returncode in (0, 1), (a.returncode, a.stderr, b.stderr))


def on_pty(args, env=None, stdout_pty=True, stderr_pty=False):
    """Runs the CLI with standard output and/or error on a pseudo-terminal; returns
    (status, what the terminal received, what went to the pipes)."""
    master, slave = pty.openpty()
    # Files, not pipes, for what does not go to the terminal: a full pipe would block the
    # program while this reads the terminal only.
    files = [tempfile.TemporaryFile() for _ in range(2)]
    p = subprocess.Popen([exe, *map(str, args)], stdin=subprocess.DEVNULL,
                         stdout=slave if stdout_pty else files[0],
                         stderr=slave if stderr_pty else files[1], env=env)
    os.close(slave)
    tty = b""
    while True:
        ready, _, _ = select.select([master], [], [], 120)
        if not ready:
            break
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: every writer closed the terminal
            break
        if not data:
            break
        tty += data
    os.close(master)
    p.wait(timeout=120)
    out, err = (f.seek(0) or f.read() for f in files)
    return p.returncode, tty.decode(errors="replace"), out.decode(), err.decode()


def section_color(tmp):
    illegal = samples / "illegal-SETUP-03-snake-order.yaml"
    base = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    _, tty, _, _ = on_pty(["check", illegal], env=base)
    expect("a terminal gets colour", "\x1b[" in tty, tty[:200])
    _, tty, _, _ = on_pty(["check", illegal], env=dict(base, NO_COLOR="1"))
    expect("NO_COLOR=1: no colour", "\x1b[" not in tty and "error[SETUP-03]" in tty, tty[:300])
    _, tty, _, _ = on_pty(["check", illegal], env=dict(base, NO_COLOR=""))
    expect("NO_COLOR empty: colour", "\x1b[" in tty, tty[:200])
    _, tty, _, _ = on_pty(["check", "--color=always", illegal], env=dict(base, NO_COLOR="1"))
    expect("NO_COLOR with --color=always: colour", "\x1b[" in tty, tty[:200])
    r = run("check", "--help")
    expect("--help names NO_COLOR", "NO_COLOR" in r.stdout, r.stdout[:200])


ERASE = "\r\x1b[K"
PROGRESS = re.compile(r"checked \d+ games? \(\d+ of \d+ files\)(, \d+ games/s)?(, about .* left)?")


def section_progress(tmp):
    files = sorted(samples.glob("legal-*.yaml"))
    status, tty, out, err = on_pty(["check", *files], stdout_pty=False, stderr_pty=True)
    expect("progress on a terminal", PROGRESS.search(tty) and ERASE in tty, repr(tty[:300]))
    expect("progress: not on standard output", "checked" not in out and "\x1b" not in out, out[:300])
    expect("progress: the line is erased at the end", tty.endswith(ERASE) or tty == "", repr(tty[-80:]))
    r = run("check", *files)
    expect("no progress when standard error is not a terminal", r.stderr == "", r.stderr)
    strip = lambda s: re.sub(r" in \d+\.\d\d s$", "", s, flags=re.M)
    expect("progress: the same report", strip(r.stdout) == strip(out) and r.returncode == status)
    _, tty, out, _ = on_pty(["check", "--quiet", *files], stdout_pty=False, stderr_pty=True)
    expect("no progress with --quiet", tty == "", repr(tty[:200]))
    # Both on one terminal: the line is erased before each piece of output, so removing the
    # progress lines leaves the report exactly.
    _, tty, _, _ = on_pty(["check", "--color=never", *files], stdout_pty=True, stderr_pty=True)
    plain = re.sub(re.escape(ERASE) + r"(" + PROGRESS.pattern + r")?", "", tty).replace("\r\n", "\n")
    expect("progress never mixes with the report", strip(plain) == strip(r.stdout),
           repr(plain[:300]) + " vs " + repr(r.stdout[:300]))
    for fmt in ("json", "sarif"):
        status, tty, out, err = on_pty(["check", "--format", fmt, *files], stdout_pty=False,
                                       stderr_pty=True)
        expect(f"--format {fmt}: progress on the terminal, the report intact",
               PROGRESS.search(tty) and json.loads(out), repr(tty[:200]))
    # generate, import and report show the same line with their own verb, only while
    # standard error is a terminal, and leave their output intact.
    fixture = samples.parent / "tests" / "fixtures" / "jsettlers" / "fixture.soclog"
    one = samples / "legal-opening.yaml"
    for verb, args, files_total in [
            ("generated", ["generate", "--count", "12", "--out", tmp / "gen", "--force"], 12),
            ("imported", ["import", fixture, fixture, fixture], 3),
            ("reported", ["report", "--out", "-", one], None)]:
        (tmp / "gen").mkdir(exist_ok=True)
        status, tty, out, err = on_pty(args, stdout_pty=False, stderr_pty=True)
        line = re.compile(verb + r" \d+ games?" +
                          (rf" \(\d+ of {files_total} files\)" if files_total else ""))
        expect(f"{args[0]}: progress on a terminal", status == 0 and line.search(tty) and
               tty.endswith(ERASE), repr(tty[-200:]))
        r = run(*args)
        expect(f"{args[0]}: no progress when standard error is not a terminal",
               r.returncode == 0 and verb not in r.stderr, r.stderr[:200])
        if args[0] != "generate":
            expect(f"{args[0]}: the same output with progress", out == r.stdout, out[:200])
    # The elapsed time on the text summary line, and only there.
    r = run("check", "--summary", samples / "legal-opening.yaml")
    expect("the summary line ends with the elapsed time",
           re.fullmatch(r"1 game\(s\): 1 legal \(1 incomplete\), 0 illegal, 0 malformed in \d+\.\d\d s\n",
                        r.stdout), r.stdout)
    r = run("check", "--format", "github", samples / "legal-opening.yaml")
    expect("github: no elapsed time (reports stay reproducible)", " s\n" not in r.stdout, r.stdout)


def file_uri_path(uri):
    assert uri.startswith("file:///"), uri
    return urllib.parse.unquote(uri[len("file://"):])


def section_sarif(tmp):
    work = tmp / "work dir é"
    sub = work / "logs with space"
    sub.mkdir(parents=True)
    shutil.copy(samples / "illegal-SETUP-03-snake-order.yaml", sub / "née 1.yaml")
    outside = tmp / "outside.yaml"
    shutil.copy(samples / "illegal-SETUP-03-snake-order.yaml", outside)
    r = run("check", "--format", "sarif", "logs with space/née 1.yaml", outside, "../outside.yaml",
            cwd=work)
    doc = json.loads(r.stdout)
    errs = list(sarif_validator.iter_errors(doc))
    expect("sarif: valid against the SARIF 2.1.0 schema", not errs, errs[:1])
    run_ = doc["runs"][0]
    base = run_.get("originalUriBaseIds", {}).get("%SRCROOT%", {}).get("uri", "")
    expect("sarif: %SRCROOT% is the working directory as a file URI ending in /",
           base.startswith("file:///") and base.endswith("/") and " " not in base and
           file_uri_path(base) == str(work) + "/" and base.isascii(), base)
    locs = [res["locations"][0]["physicalLocation"]["artifactLocation"] for res in run_["results"]]
    expect("sarif: three results", len(locs) == 3, locs)
    if len(locs) == 3:
        expect("sarif: a relative name is relative to %SRCROOT%, percent-encoded",
               locs[0] == {"uri": "logs%20with%20space/n%C3%A9e%201.yaml", "uriBaseId": "%SRCROOT%"},
               locs[0])
        for loc in locs[1:]:
            expect("sarif: a file outside the working directory is an absolute file URI",
                   "uriBaseId" not in loc and file_uri_path(loc["uri"]) == str(outside) and
                   loc["uri"].isascii(), loc)
    # helpUri and explain: the rules reference beside the running executable.
    rules = lambda doc: doc["runs"][0]["tool"]["driver"]["rules"]
    r = run("check", "--format", "sarif", samples / "legal-opening.yaml")
    uri = rules(json.loads(r.stdout))[0]["helpUri"]
    expect("helpUri from the build tree: the source tree's docs/rules.md",
           uri == "file://" + urllib.parse.quote(str(source / "docs" / "rules.md")) + "#" +
           rules(json.loads(r.stdout))[0]["id"], uri)
    # An installed copy under a prefix of its own (a copy: /proc/self/exe resolves links).
    prefix = tmp / "pre fix"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "share" / "doc" / "catan-referee").mkdir(parents=True)
    shutil.copy(exe, prefix / "bin" / "catan-referee")
    shutil.copy(source / "docs" / "rules.md", prefix / "share" / "doc" / "catan-referee" / "rules.md")
    installed = prefix / "bin" / "catan-referee"
    p = subprocess.run([installed, "check", "--format", "sarif", samples / "legal-opening.yaml"],
                       capture_output=True, text=True, timeout=120)
    if p.returncode not in (0, 1):
        expect("the copied executable runs", False, p.stderr)
        return
    uri = rules(json.loads(p.stdout))[0]["helpUri"]
    want = prefix / "share" / "doc" / "catan-referee" / "rules.md"
    expect("helpUri of an installed copy: its prefix's rules.md",
           uri.startswith("file:///") and file_uri_path(uri.split("#")[0]) == str(want), uri)
    p = subprocess.run([installed, "explain", "SETUP-03"], capture_output=True, text=True, timeout=60)
    expect("explain names its prefix's rules.md", f"(installed as {want})" in p.stdout, p.stdout[-300:])


def section_full(tmp):
    for args in (["--help"], ["--version"], ["serve", "--help"], ["check", "--help"]):
        with open("/dev/full", "w") as full:
            r = run(*args, stdout=full)
        expect(f"{' '.join(args)} > /dev/full: exit 2 with a message",
               r.returncode == 2 and "cannot write to standard output" in r.stderr,
               (r.returncode, r.stderr))
    r = run("--version")
    expect("--version still exits 0", r.returncode == 0 and "catan-referee" in r.stdout, r)


SECTIONS = {"agree": section_agree, "empty": section_empty, "options": section_options,
            "color": section_color, "progress": section_progress, "sarif": section_sarif,
            "full": section_full}

with tempfile.TemporaryDirectory(prefix="catan-ci-output-") as d:
    try:
        SECTIONS[section](pathlib.Path(d))
    except Exception as e:  # noqa: BLE001 - a report without the expected shape fails here
        import traceback
        failures.append(f"stopped: {e!r}\n{traceback.format_exc(limit=3)}")
for f in failures:
    print("FAIL", f)
print(f"{section}: {'FAILED' if failures else 'passed'}: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
