#!/usr/bin/python3
"""`serve` answers per second: play, legal-actions (in full, filtered, counted, as text
with trades listed) and undo, on generated games fed over a pipe.

Usage: bench_serve_answers.py CATAN_REFEREE [GAMES] [ROUNDS] [--view VIEW [--hide-discards]]

Generates GAMES games (default 10, seeds 1..GAMES, 4 players) and feeds each request set to
one `serve` process per round, all requests written at once (a client that does not wait),
timing the process from start to exit:
  play       the header and every entry: answers/s = entries / time;
  legal      before every entry {"query": "legal-actions"} (serve/2: objects, trades
             summarised);
  legal-kind before every entry the legal actions of its kind by its player;
  count      before every entry {"query": "legal-actions", "count-only": true};
  legal-text before every entry {"query": "legal-actions", "as": "yaml", "trades": "list"}
             (serve/1's answer);
  undo       after every entry {"query": "undo"} and the entry again.
Each set's extra answers are timed as (its median time - play's median time) / their
number, so the cost of feeding the game is not counted twice. Medians of ROUNDS (default 5).
With --view (a player's name or spectator), each game is fed as that recorder's view
(`redact --view VIEW`, with --hide-discards if given): legal-actions then lists what some
consistent world allows; compare with a run without --view for the complete-log ratio.
"""
import json
import statistics
import subprocess
import sys
import time

import yaml

args = sys.argv[1:]
view = None
hide = "--hide-discards" in args
if hide:
    args.remove("--hide-discards")
if "--view" in args:
    i = args.index("--view")
    view = args[i + 1]
    del args[i:i + 2]
exe = args[0]
games = int(args[1]) if len(args) > 1 else 10
rounds = int(args[2]) if len(args) > 2 else 5


def split(text):
    at = text.index("\nactions:")
    header = json.dumps(yaml.safe_load(text[:at]))
    entries = [l.strip()[2:] for l in text[at:].splitlines() if l.startswith("  - ")]
    return header, entries


logs = []
for s in range(1, games + 1):
    text = subprocess.run([exe, "generate", "--seed", str(s)], capture_output=True, text=True,
                          check=True).stdout
    if view:
        text = subprocess.run([exe, "redact", "--view", view, "-"] + (["--hide-discards"] if hide
                                                                   else []),
                              input=text, capture_output=True, text=True, check=True).stdout
    logs.append(split(text))


def kind_player(entry):
    e = yaml.safe_load(entry)
    k = next(k for k in e if k not in ("player", "gains", "expect", "takes"))
    return k, e["player"]


def requests(which):
    lines, extra = [], 0
    for header, entries in logs:
        lines.append(header)
        for e in entries:
            if which == "legal":
                lines.append('{"query": "legal-actions"}')
            elif which == "legal-kind":
                k, p = kind_player(e)
                lines.append(json.dumps({"query": "legal-actions", "kind": k, "player": p}))
            elif which == "count":
                lines.append('{"query": "legal-actions", "count-only": true}')
            elif which == "legal-text":
                lines.append('{"query": "legal-actions", "as": "yaml", "trades": "list"}')
            extra += which not in ("play", "undo")
            lines.append(e)
            if which == "undo":
                lines += ['{"query": "undo"}', e]
                extra += 2
    return "\n".join(lines) + "\n", extra


def timed(data):
    t = time.monotonic()
    p = subprocess.run([exe, "serve"], input=data, capture_output=True, text=True)
    elapsed = time.monotonic() - t
    if p.returncode != 0 or '"verdict":"illegal"' in p.stdout:
        raise SystemExit(f"serve failed: {p.returncode} {p.stderr[:200]}")
    return elapsed


entries = sum(len(e) for _, e in logs)
sets = ["play", "legal", "legal-kind", "count", "legal-text", "undo"]
data = {w: requests(w) for w in sets}
times = {w: [] for w in sets}
for _ in range(rounds):
    for w in sets:  # interleaved, so that drift on a shared machine hits every set alike
        times[w].append(timed(data[w][0]))
med = {w: statistics.median(t) for w, t in times.items()}
print(f"{games} games, {entries} entries, median of {rounds} rounds"
      + (f", the view of {view}" + (" (discards hidden)" if hide else "") if view else ""))
print(f"play        {entries / med['play']:10.0f} answers/s  ({1e6 * med['play'] / entries:.1f} us an entry)")
for w in sets[1:]:
    n = data[w][1]
    per = (med[w] - med["play"]) / n
    label = "undo+again" if w == "undo" else w
    print(f"{label:11} {1 / per if per > 0 else float('inf'):10.0f} answers/s  ({1e6 * per:.1f} us an answer)")
