#!/usr/bin/python3
"""Hostile inputs found from outside, each with a clear message at its file:line:column and
exit status 2 (or a correct verdict), in bounded time and memory: never exit 3, a hang or
memory in proportion to the input.

Usage: hostile_found.py CATAN_REFEREE JSETTLERS_FIXTURE

- an unclosed run of `[` (YAML and JSON, 4 MB; a 1 MB `serve` request): rejected where the
  nesting passes 100 levels, in flat memory;
- a catanlogs transcript with 3,000 repeated player lines: one problem per repeat, at most
  100 listed and a last that says more follow;
- a JSettlers2 nickname of 1,100 characters (ASCII, two-byte letters, quotes and
  backslashes): imported as
  YAML and as JSON, and each reads back with check's verdict on the source;
- import --out DIR a/x.soclog b/x.soclog (with --force): the second is an error, the first
  stays written;
- a NUL byte outside quotes: "a NUL byte (U+0000)" at its own column;
- serve: a lone CR ends a request line as LF and CRLF do (a CRLF is one line break).
Prints `N passed, M failed` last; exit status 1 if any check failed.
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

BIN, FIXTURE = sys.argv[1], sys.argv[2]
passed = failed = 0
RSS_LIMIT_MB = 300  # measured 15 MB (dev build); before the fix 945 MB for 4 MB of `[`


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}" + (f": {detail[:400]}" if detail else ""))


def run(*args, stdin=b"", timeout=60):
    """(exit, stdout, stderr, seconds, peak RSS MB) of one run, its memory from wait4."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as inp:
        inp.write(stdin)
        inp.seek(0)
        t = time.monotonic()
        p = subprocess.Popen([BIN, *map(str, args)], stdin=inp, stdout=out, stderr=err)
        deadline = t + timeout
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                pid, status, usage = os.wait4(p.pid, 0)
                break
            time.sleep(0.01)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return (p.returncode, out.read().decode("utf-8", "replace"),
                err.read().decode("utf-8", "replace"), time.monotonic() - t,
                usage.ru_maxrss / 1024)


with tempfile.TemporaryDirectory() as tmp:
    d = pathlib.Path(tmp)

    def write(name, data):
        p = d / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data if isinstance(data, bytes) else data.encode())
        return p

    # 1. Unclosed `[`: at the 100th (the root mapping or object is the first level).
    for name, text, where in [
            ("deep.yaml", "format: catan-log/1\nactions: " + "[" * 4_000_000, ":2:109:"),
            ("deep.json", '{"actions": ' + "[" * 4_000_000, ":1:112:")]:
        rc, out, err, secs, rss = run("check", "-q", write(name, text))
        both = out + err
        check(f"{name}: exit 2", rc == 2, both)
        check(f"{name}: nested too deeply at {where}",
              f"{name}{where} error: YAML syntax error: nested too deeply" in both, both)
        check(f"{name}: peak RSS {rss:.0f} MB under {RSS_LIMIT_MB} MB", rss < RSS_LIMIT_MB)
        check(f"{name}: {secs:.1f} s", secs < 30)
    # Closed, 100 levels deep under the root: the same place as unclosed.
    rc, out, err, _, _ = run("check", "-q", write("closed.yaml", "format: catan-log/1\nactions: " +
                                                  "[" * 100 + "]" * 100 + "\n"))
    check("100 closed levels: at the 100th `[`", ":2:109: error: YAML syntax error: nested too "
          "deeply" in out + err, out + err)
    # A `[` in a plain scalar is no nesting: a legal log stays legal.
    sample = (pathlib.Path(__file__).parents[2] / "samples" / "legal-opening.yaml").read_text()
    brackets = sample.replace(
        'game: {id: sample-legal-opening, date: 2026-11-20, notes: "hand-written sample"}',
        "game:\n  id: sample-legal-opening\n  notes: x" + "[" * 300 + " y'" + "{" * 300)
    check("300 `[` in a plain note: still read", brackets != sample)
    rc, out, err, _, _ = run("check", "-q", write("note.yaml", brackets))
    check("300 `[` in a plain note: legal", rc == 0, out + err)
    # serve: a 1 MB request line of `[`.
    rc, out, err, secs, rss = run("serve", stdin=b'{"actions": ' + b"[" * 1_000_000 + b"\n")
    check("serve deep line: exit 0", rc == 0, err)
    check("serve deep line: nested too deeply", "nested too deeply" in out, out[:300])
    check(f"serve deep line: peak RSS {rss:.0f} MB under {RSS_LIMIT_MB} MB", rss < RSS_LIMIT_MB)

    # 2. catanlogs: 3,000 repeated player lines.
    catan = ("catanlog v0.10.0\ntimestamp: 2016-02-12 15:34:26\nplayers: 4\n" +
             "name: kralka, color: red, seat: 1\n" * 3000 +
             "terrain: " + " ".join(["wood"] * 19) + "\n" +
             "numbers: " + " ".join(["5"] * 18 + ["None"]) + "\nports: \n...CATAN!\n")
    rc, out, err, secs, rss = run("check", "--from", "catanlogs", write("dup.catan", catan))
    both = out + err
    check("3,000 repeated names: exit 2", rc == 2, both[:300])
    also = both.count("note: also")
    check(f"3,000 repeated names: at most 100 problems ({also + 1})", 0 < also <= 100, both[-300:])
    check("3,000 repeated names: the last says more follow", "more problems follow" in both)
    check("3,000 repeated names: one problem per repeat",
          both.count("dup.catan:5:") == 1 and "(first at line 4)" in both, both[:600])
    check(f"3,000 repeated names: {len(both)} bytes of output", len(both) < 100_000)

    # 4. A JSettlers2 nickname of 1,100 characters.
    fixture = pathlib.Path(FIXTURE).read_text()
    for label, name in [("ASCII", "r" * 1100), ("two-byte", "é" * 1100),
                        ("quotes and backslashes", 'q"\\' * 400)]:
        text = re.sub(r"(?<=nickname=)red(?=\|)", lambda m: name, fixture)
        src = write(f"long-{label}.soclog", text)
        rc, out, err, _, _ = run("check", "--from", "jsettlers", "--format", "json", src)
        want = json.loads(out)["games"][0]["status"] if out.startswith("{") else None
        check(f"{label} long name: check --from reads it", want in ("legal", "incomplete"),
              out[:300] + err)
        for fmt, ext in [("yaml", "yaml"), ("json", "jsonl")]:
            rc, out, err, _, _ = run("import", "--format", fmt, src)
            check(f"{label} long name: import --format {fmt} exits 0", rc == 0, err)
            back = write(f"back-{label}.{ext}", out)
            rc, out, err, _, _ = run("check", "--format", "json", back)
            got = json.loads(out)["games"][0]["status"] if out.startswith("{") else out + err
            check(f"{label} long name: {fmt} reads back {want}", got == want, str(got)[:300])

    # 6. Two sources of one name into one --out folder.
    a = write("a/x.soclog", fixture)
    b = write("b/x.soclog", fixture.replace("nickname=red|", "nickname=crimson|"))
    outdir = d / "out"
    outdir.mkdir()
    rc, out, err, _, _ = run("import", "--force", "--out", outdir, a, b)
    check("same name twice: exit 2", rc == 2, err)
    check("same name twice: the error names both files",
          str(b) in err and str(a) in err and "x.yaml" in err, err)
    written = (outdir / "x.yaml").read_text() if (outdir / "x.yaml").exists() else ""
    check("same name twice: the first file's games stay", "crimson" not in written and
          written.startswith("format: catan-log/1"), written[:200])

    # 7. NUL bytes outside quotes: at their own column.
    for name, data, where in [("nul.yaml", b"format: catan-log/1\x00\x00\n", ":1:20:"),
                              ("nul2.yaml", b"format: catan-log/1\nplayers: [a, b\x00c]\n", ":2:15:")]:
        rc, out, err, _, _ = run("check", write(name, data))
        both = out + err
        check(f"{name}: exit 2", rc == 2, both)
        check(f"{name}: a NUL byte at {where}", f"{name}{where} error: YAML syntax error: a NUL "
              "byte (U+0000)" in both, both)
        check(f"{name}: no raw control character", "\x00" not in both, both)

    rc, out, err, _, _ = run("serve", stdin=b'{"query": "state"\x00}\n')
    answer = json.loads(out) if out.startswith("{") else {}
    error = answer.get("error") or {}
    check("serve: a NUL byte at its column", "a NUL byte (U+0000)" in error.get("message", "")
          and (error.get("line"), error.get("column")) == (1, 18), out)

    # 8. serve: a lone CR ends a request; a CRLF is one line break.
    for label, data, lines in [("lone CR", b"x\ry\r", [1, 2]), ("CRLF", b"x\r\ny\r\n", [1, 2]),
                               ("CR then LF", b"x\r\ny\rz\n", [1, 2, 3])]:
        rc, out, err, _, _ = run("serve", stdin=data)
        answers = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        check(f"serve {label}: answers on lines {lines}",
              [a.get("line") for a in answers] == lines, out)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
