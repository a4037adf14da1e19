#!/usr/bin/python3
"""How long `serve` takes to take back an entry: `undo`, and a refused entry.

Usage: bench_serve_undo.py CATAN_REFEREE [SEED] [ROUNDS]

Both go back to the last checkpoint (one every 16 accepted entries) and replay the entries
after it, so their cost should not grow with the length of the game. Generates one game and
measures, each as the median of ROUNDS runs (default 5) minus the median of feeding the game
alone:
  - `undo` from the end of the game: 100 undos in a row (back over 100 entries);
  - a search-bot step: after every entry, `undo`, the entry again and one refused entry.
Prints the time per undo and per step. Compare two builds by running it on each in one
session (see BENCHMARKS.md, "serve: undo and refused entries").
"""
import json
import statistics
import subprocess
import sys
import time

import yaml

exe = sys.argv[1]
seed = sys.argv[2] if len(sys.argv) > 2 else "8"
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
text = subprocess.run([exe, "generate", "--seed", seed], capture_output=True, text=True,
                      check=True).stdout
at = text.index("\nactions:")
header = json.dumps(yaml.safe_load(text[:at]))
entries = [l.strip()[2:] for l in text[at:].splitlines() if l.startswith("  - ")]
players = yaml.safe_load(text[:at])["players"]


def run(lines):
    t = time.monotonic()
    p = subprocess.run([exe, "serve"], input="\n".join(lines) + "\n", capture_output=True,
                       text=True, check=True)
    elapsed = time.monotonic() - t
    return elapsed, p.stdout


def median(lines):
    return statistics.median(run(lines)[0] for _ in range(rounds))


base = median([header] + entries)
undos = 100
with_undo = median([header] + entries + ['{"query": "undo"}'] * undos)
per_undo = (with_undo - base) / undos

# After every entry: undo it, play it again, then one entry that is refused (a player who is
# not to act ends the turn; the first player's name is refused when it is not their turn,
# else the second's).
search = [header]
for e in entries[:-1]:
    search += [e, '{"query": "undo"}', e]
    actor = yaml.safe_load(e)["player"]
    other = players[1] if actor == players[0] else players[0]
    search.append(json.dumps({"player": other, "end": "turn"}))
elapsed, out = run(search)
refused = sum(1 for line in out.splitlines() if json.loads(line).get("verdict") == "illegal")
with_search = median(search)
per_step = (with_search - base) / (len(entries) - 1)
print(f"{len(entries)} entries, {rounds} rounds (medians)")
print(f"undo from the end: {per_undo * 1000:.3f} ms per undo")
print(f"search step (undo, replay, refused entry; {refused} refused): "
      f"{per_step * 1000:.3f} ms per step")
