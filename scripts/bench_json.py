#!/usr/bin/python3
"""`check` end to end on the same games as YAML, as JSON and as one JSON-lines file.

Usage: bench_json.py GAMES ROUNDS CATAN_REFEREE [CATAN_REFEREE ...]

Generates GAMES 4-player games (seeds from 9000) with the first binary, writes each as YAML
(as generated), as JSON (`json.dumps` of the YAML's data on one line, as a Python engine
writes it) and all of them as one `.jsonl` file, then times `check --summary -j 1` on each
form with every binary given, ROUNDS times, interleaved. Prints medians, MB/s of the input
read and the JSON / YAML ratio per binary. Compare builds (before and after a change) by
passing both in one run (BENCHMARKS.md, "JSON input").
"""
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import yaml

games, rounds, exes = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-json-"))
ydir, jdir = tmp / "yaml", tmp / "json"
ydir.mkdir()
jdir.mkdir()
subprocess.run([exes[0], "generate", "--seed", "9000", "--count", str(games), "--out", str(ydir)],
               check=True, stdout=subprocess.DEVNULL)
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
lines = []
for y in sorted(ydir.glob("*.yaml")):
    line = json.dumps(yaml.load(y.read_text(), Loader=Loader))
    (jdir / (y.stem + ".json")).write_text(line + "\n")
    lines.append(line)
jsonl = tmp / "all.jsonl"
jsonl.write_text("\n".join(lines) + "\n")
forms = {
    "yaml": (ydir, sum(p.stat().st_size for p in ydir.glob("*.yaml"))),
    "json": (jdir, sum(p.stat().st_size for p in jdir.glob("*.json"))),
    "jsonl": (jsonl, jsonl.stat().st_size),
}
times = {(e, f): [] for e in exes for f in forms}
for _ in range(rounds):
    for e in exes:
        for f, (path, _) in forms.items():
            t = time.monotonic()
            p = subprocess.run([e, "check", "--summary", "-j", "1", str(path)],
                               capture_output=True, text=True)
            times[(e, f)].append(time.monotonic() - t)
            if p.returncode != 0:
                sys.exit(f"{e} check {f}: exit {p.returncode}: {p.stderr[-300:]}")
print(f"{games} games; YAML {forms['yaml'][1] / 1e6:.1f} MB, JSON {forms['json'][1] / 1e6:.1f} MB;"
      f" medians of {rounds}")
for e in exes:
    med = {f: statistics.median(times[(e, f)]) for f in forms}
    cells = ", ".join(f"{f} {med[f]:.3f} s ({forms[f][1] / 1e6 / med[f]:.1f} MB/s)" for f in forms)
    print(f"{e}: {cells}; json/yaml time {med['json'] / med['yaml']:.2f}x, "
          f"jsonl/yaml {med['jsonl'] / med['yaml']:.2f}x")
