#!/usr/bin/python3
"""`check` on one stream of many games against the same games as separate files, and peak memory.

Usage: bench_stream.py GAMES ROUNDS CATAN_REFEREE [CATAN_REFEREE ...]

Generates 200 4-player games (seeds from 5000) with the first binary and repeats them to
GAMES games in four forms: GAMES separate YAML files (links), one YAML file of GAMES `---`
documents, the same file piped on standard input, and one JSON-lines file; plus one
1,000,000-action log (tests/hostile/make_long_log.py). Times `check --summary -j 1` on each
form with every binary given, ROUNDS times, interleaved, and reads each run's peak RSS
(GNU time). Prints medians, MB/s of the input and the stream / files ratio per binary.
Timing belongs here, never in tests (BENCHMARKS.md, "Streams").
"""
import json
import pathlib
import statistics
import subprocess
import sys
import time

import yaml

from bench_corpus import generated_games

games, rounds, exes = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
here = pathlib.Path(__file__).resolve().parent
tmp, docs = generated_games(exes[0], "bench-stream-")
texts = [p.read_text() for p in docs]
files = tmp / "files"
files.mkdir()
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
with open(tmp / "stream.yaml", "w") as y, open(tmp / "stream.jsonl", "w") as j:
    for i in range(games):
        k = i % len(docs)
        (files / f"g{i:06d}.yaml").symlink_to(docs[k])
        y.write(("---\n" if i else "") + texts[k])
        j.write(json.dumps(yaml.load(texts[k], Loader=Loader), separators=(", ", ": ")) + "\n")
million = tmp / "million.yaml"
with open(million, "w") as f:
    subprocess.run([sys.executable, str(here.parent / "tests/hostile/make_long_log.py"), "1000000"],
                   check=True, stdout=f)

size_files = sum(len(texts[i % len(docs)]) for i in range(games))
forms = [
    ("files", [str(files)], None, size_files),
    ("one file", [str(tmp / "stream.yaml")], None, (tmp / "stream.yaml").stat().st_size),
    ("stdin", ["-"], tmp / "stream.yaml", (tmp / "stream.yaml").stat().st_size),
    ("JSON lines", [str(tmp / "stream.jsonl")], None, (tmp / "stream.jsonl").stat().st_size),
    ("1M actions", [str(million)], None, million.stat().st_size),
]


def run(exe, args, stdin):
    with open(stdin or "/dev/null", "rb") as inp:
        t = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-f", "%M", exe, "check", "--summary", "-j", "1"] + args,
                           stdin=inp, capture_output=True)
        secs = time.perf_counter() - t
    return secs, int(p.stderr.decode().strip().splitlines()[-1]) / 1024


res = {(e, f[0]): [] for e in exes for f in forms}
for _ in range(rounds):
    for name, args, stdin, _size in forms:
        for e in exes:
            res[(e, name)].append(run(e, args, stdin))
print(f"{games} games ({size_files / 1e6:.0f} MB as YAML), medians of {rounds}")
print(f"{'binary':<40} {'form':<11} {'seconds':>8} {'MB/s':>7} {'peak RSS':>9}")
for e in exes:
    for name, _a, _s, size in forms:
        secs = statistics.median(r[0] for r in res[(e, name)])
        rss = max(r[1] for r in res[(e, name)])
        print(f"{e:<40} {name:<11} {secs:>8.2f} {size / secs / 1e6:>7.1f} {rss:>7.0f} MB")
    f = statistics.median(r[0] for r in res[(e, 'files')])
    o = statistics.median(r[0] for r in res[(e, 'one file')])
    print(f"{e:<40} one file / files: {o / f:.2f}x the time")
