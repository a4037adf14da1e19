#!/usr/bin/python3
"""`serve` legal-actions in a player view against the complete log, by instruction counts
(callgrind: the same on a loaded or an idle machine; BENCHMARKS.md, "Legal actions in a
player view").

Usage: bench_serve_instructions.py CATAN_REFEREE [SEED] [VIEW]   (default 3 spectator)

Generates game SEED (4 players) and its view (`redact --view VIEW`), and runs `serve` under
callgrind on four request sets: each log's header and entries alone, and the same with
{"query": "legal-actions"} before every entry. Per query = (the run with queries - the run
without) / entries; the view's per-query count is then divided by the complete log's.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

exe = sys.argv[1]
seed = sys.argv[2] if len(sys.argv) > 2 else "3"
view = sys.argv[3] if len(sys.argv) > 3 else "spectator"


def split(text):
    at = text.index("\nactions:")
    header = json.dumps(yaml.safe_load(text[:at]))
    entries = [l.strip()[2:] for l in text[at:].splitlines() if l.startswith("  - ")]
    return header, entries


def requests(log, queries):
    header, entries = log
    lines = [header]
    for e in entries:
        if queries:
            lines.append('{"query": "legal-actions"}')
        lines.append(e)
    return "\n".join(lines) + "\n"


def instructions(data, tmp):
    path = os.path.join(tmp, "requests")
    with open(path, "w") as f:
        f.write(data)
    with open(path) as f:
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", exe,
                            "serve"], stdin=f, capture_output=True, text=True)
    if '"verdict":"illegal"' in p.stdout:
        raise SystemExit("serve found the game illegal")
    m = re.search(r"refs:\s*([\d,]+)", p.stderr)
    if not m:
        raise SystemExit(f"no instruction count from callgrind: {p.stderr[-300:]}")
    return int(m.group(1).replace(",", ""))


complete = subprocess.run([exe, "generate", "--seed", seed], capture_output=True, text=True,
                          check=True).stdout
redacted = subprocess.run([exe, "redact", "--view", view, "-"], input=complete,
                          capture_output=True, text=True, check=True).stdout
per = {}
with tempfile.TemporaryDirectory() as tmp:
    for name, text in (("complete", complete), (view, redacted)):
        log = split(text)
        plain = instructions(requests(log, False), tmp)
        asked = instructions(requests(log, True), tmp)
        per[name] = (asked - plain) / len(log[1])
        print(f"{name:10} {len(log[1])} entries: {plain / 1e6:8.1f}M without queries, "
              f"{asked / 1e6:8.1f}M with, {per[name] / 1e3:8.0f}k a query")
print(f"view / complete, per query: {per[view] / per['complete']:.2f}x")
