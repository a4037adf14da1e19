#!/usr/bin/env python3
"""The installed C++ API (docs/API.md) is what the user-facing documents point to:
CHANGES.md says at its top that it covers that API (and the CLI, formats and Python), lists
the API under "After 0.1.0 (unreleased)", and names no internal C++ type (`replay::...`,
`log::Node`, `PerPlayer`, ...: not installed, not an interface); README's "Use it from
C++" and the man page point to docs/API.md and the API's names, not the internal headers.

usage: api_mentions.py SOURCE_DIR
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
failures = []


def expect(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


changes = (root / "CHANGES.md").read_text()
top = changes.split("\n## ", 1)[0]
expect("include/catan_referee/" in top and "C++ API" in top and "Python" in top,
       "CHANGES.md says at its top that it covers the C++ API (and CLI, formats, Python)")
m = re.search(r"^## After 0\.1\.0 \(unreleased\)\n(.*?)(?=^## |\Z)", changes, re.S | re.M)
unreleased = m.group(1) if m else ""
for name in ["catan_referee::catan_referee", "Log::read_file", "check_file", "Report::render",
             "LiveGame", "catan-referee.pc"]:
    expect(name in unreleased, f"CHANGES.md, After 0.1.0: the API's {name}")
internal = re.compile(r"\b(?:catan|replay|log|core|rules|diag|gen|text|importers|cli|python)::"
                      r"|\bPerPlayer\b|\bSession::|\bEntrySink\b")
for n, line in enumerate(changes.splitlines(), 1):
    hit = internal.search(line)
    expect(not hit, f"CHANGES.md:{n} names no internal C++ type" + (f" ({hit.group(0)})" if hit else ""))

readme = (root / "README.md").read_text()
m = re.search(r"^## Use it from C\+\+\n(.*?)(?=^## |\Z)", readme, re.S | re.M)
section = m.group(1) if m else ""
expect("docs/API.md" in section and "catan_referee::catan_referee" in section
       and "include/catan_referee/" in section,
       "README 'Use it from C++' points to docs/API.md and the API's target and headers")
expect("<catan/" not in readme, "README names no internal header (<catan/...>)")
man = (root / "man" / "catan-referee.1").read_text()
expect("docs/API.md" in man and "catan_referee/" in man, "the man page names the API and docs/API.md")

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
