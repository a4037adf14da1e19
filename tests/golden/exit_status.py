#!/usr/bin/env python3
"""Exit statuses of the CLI: 0 legal, 1 illegal, 2 malformed, unreadable or usage error.
Usage: exit_status.py CATAN_REFEREE SAMPLES_DIR
"""
import pathlib
import subprocess
import sys
import tempfile

exe, samples = sys.argv[1], pathlib.Path(sys.argv[2])
legal = samples / "legal-opening.yaml"
illegal = next(samples.glob("illegal-*.yaml"))
cases = []
with tempfile.TemporaryDirectory() as tmp:
    bad = pathlib.Path(tmp) / "bad.yaml"
    bad.write_text("format: catan-log/1\nplayers: [a, b, c]\nactions: [\n")
    notlog = pathlib.Path(tmp) / "notlog.yaml"
    notlog.write_text("hello: world\n")
    empty = pathlib.Path(tmp) / "empty.yaml"
    empty.write_text("")
    binary = pathlib.Path(tmp) / "binary.yaml"
    binary.write_bytes(bytes(range(256)) * 4)
    cases = [
        ("legal file", ["check", str(legal)], 0, None),
        ("illegal file", ["check", str(illegal)], 1, None),
        ("legal and illegal", ["check", str(legal), str(illegal)], 1, None),
        ("YAML syntax error", ["check", str(bad)], 2, None),
        ("not a catan log", ["check", str(notlog)], 2, None),
        ("empty file", ["check", str(empty)], 2, None),
        ("binary garbage", ["check", str(binary)], 2, None),
        ("missing file", ["check", str(pathlib.Path(tmp) / "nope.yaml")], 2, None),
        ("illegal and malformed", ["check", str(illegal), str(bad)], 2, None),
        ("standard input", ["check", "-"], 0, legal.read_bytes()),
        ("no subcommand", [], 2, None),
        ("unknown subcommand", ["frobnicate"], 2, None),
        ("unknown option", ["check", "--frobnicate", str(legal)], 2, None),
        ("check without paths", ["check"], 2, None),
        ("bad --rule", ["check", "--rule", "bank-shortage=sometimes", str(legal)], 2, None),
        ("--rule without =", ["check", "--rule", "strict", str(legal)], 2, None),
        ("--rule before a path", ["check", "--rule", "profile=catan-5e", str(legal)], 0, None),
        ("two --rule before paths", ["check", "--rule", "profile=catan-5e", "--rule",
                                     "bank-shortage=strict", str(legal), str(legal)], 0, None),
        ("--rule before -", ["check", "--rule", "profile=catan-5e", "-"], 0, legal.read_bytes()),
        ("show --rule before the file", ["show", "--rule", "profile=catan-5e", str(legal)], 0, None),
        ("--help", ["--help"], 0, None),
        ("--version", ["--version"], 0, None),
        ("board", ["board"], 0, None),
        ("board of a log", ["board", str(legal)], 0, None),
    ]
    failures = 0
    for name, args, want, stdin in cases:
        r = subprocess.run([exe] + args, input=stdin, capture_output=True, timeout=60)
        if r.returncode != want:
            failures += 1
            print(f"FAIL {name}: exit {r.returncode}, want {want}: {r.stdout[:200]!r} {r.stderr[:200]!r}")
print(f"{len(cases) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
