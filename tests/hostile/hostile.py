#!/usr/bin/env python3
"""Hostile inputs: each must get a clear error (or a correct verdict) within bounded time
and memory, never a crash or a hang. Usage: hostile.py CATAN_REFEREE [LONG_LOG_ACTIONS]

The bounds here are generous safety nets for debug and sanitizer builds; the measured
figures for a release build are in BENCHMARKS.md and the man page (LIMITS)."""
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

exe = sys.argv[1]
long_actions = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
here = pathlib.Path(__file__).parent
TIME_LIMIT_S = 120
RSS_LIMIT_MB = 3000  # ASan builds carry shadow memory

failures = passed = 0


def run(name, path, want_exit, want_text=None):
    global failures, passed
    t = time.monotonic()
    try:
        r = subprocess.run([exe, "check", "-q", str(path)], capture_output=True, timeout=TIME_LIMIT_S)
    except subprocess.TimeoutExpired:
        failures += 1
        print(f"FAIL {name}: no answer within {TIME_LIMIT_S} s")
        return
    secs = time.monotonic() - t
    rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    out = r.stdout.decode("utf-8", "replace") + r.stderr.decode("utf-8", "replace")
    problems = []
    if r.returncode != want_exit:
        problems.append(f"exit {r.returncode}, want {want_exit}")
    if want_text and want_text not in out:
        problems.append(f"output lacks {want_text!r}")
    if want_exit == 2 and ":" not in out.split("\n")[0]:
        problems.append("no file:line:column position")
    if rss_mb > RSS_LIMIT_MB:
        problems.append(f"peak RSS {rss_mb:.0f} MB")
    if problems:
        failures += 1
        print(f"FAIL {name}: {'; '.join(problems)}: {out[:300]!r}")
    else:
        passed += 1
        print(f"ok   {name}: exit {r.returncode} in {secs:.2f} s (largest child RSS so far {rss_mb:.0f} MB)")


with tempfile.TemporaryDirectory() as tmp:
    d = pathlib.Path(tmp)

    def write(name, data):
        p = d / name
        p.write_bytes(data if isinstance(data, bytes) else data.encode())
        return p

    run("deeply nested sequences", write("deep.yaml", "[" * 200000), 2, "nested too deeply")
    run("deeply nested mappings", write("deepmap.yaml", "a: " + "{x: " * 100000 + "1" + "}" * 100000 + "\n"), 2)
    run("huge integer", write("huge.yaml", "format: catan-log/1\nplayers: [a, b, c]\nboard: {hexes: [{at: [" +
                                "9" * 100000 + ", 0], terrain: desert}], harbors: []}\nactions: []\n"), 2,
        "must be an integer")
    bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 40))
    run("alias bomb", write("bomb.yaml", bomb), 2, "anchors")
    run("very long line of garbage", write("longline.yaml", "x" * 5_000_000 + ": [\n"), 2)
    notes = open(here.parent.parent / "samples" / "legal-opening.yaml").read().replace(
        'notes: "hand-written sample"', 'notes: "' + "n" * 5_000_000 + '"')
    run("5 MB string in a legal log", write("longnotes.yaml", notes), 0)
    run("binary garbage", write("garbage.yaml", bytes((i * 7919 + 13) % 256 for i in range(3_000_000))), 2)
    run("empty file", write("empty.yaml", ""), 2, "no YAML document")
    run("only comments", write("comments.yaml", "# nothing\n# here\n"), 2)
    run("NUL bytes", write("nul.yaml", b"format: catan-log/1\x00\x00\n"), 2)
    long_log = d / "long.yaml"
    with open(long_log, "w") as f:
        subprocess.run([sys.executable, str(here / "make_long_log.py"), str(long_actions)], stdout=f, check=True)
    run(f"a {long_actions}-action log", long_log, 0)

exec(open(here / "robustness.py").read())

print(f"{passed} passed, {failures} failed")
sys.exit(1 if failures else 0)
