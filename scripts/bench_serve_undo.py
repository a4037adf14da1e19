#!/usr/bin/python3
"""How long `serve` takes to answer `undo` (which replays the game from its start).

Usage: bench_serve_undo.py CATAN_REFEREE [SEED]

Generates one game, feeds it to `serve`, then sends 100 `undo` queries; prints the entries
replayed and the time per undo (the feeding time is measured apart and subtracted).
"""
import json
import subprocess
import sys
import tempfile
import time

import yaml

exe = sys.argv[1]
seed = sys.argv[2] if len(sys.argv) > 2 else "8"
text = subprocess.run([exe, "generate", "--seed", seed], capture_output=True, text=True,
                      check=True).stdout
at = text.index("\nactions:")
header = json.dumps(yaml.safe_load(text[:at]))
entries = [l.strip()[2:] for l in text[at:].splitlines() if l.startswith("  - ")]


def run(lines):
    t = time.monotonic()
    subprocess.run([exe, "serve"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                   check=True)
    return time.monotonic() - t


base = min(run([header] + entries) for _ in range(3))
undos = 100
with_undo = min(run([header] + entries + ['{"query": "undo"}'] * undos) for _ in range(3))
per = (with_undo - base) / undos
print(f"{len(entries)} entries; undo from the end: {per * 1000:.2f} ms "
      f"({per * 1e5 / len(entries):.3f} ms per 100 entries replayed)")
