#!/usr/bin/python3
"""A Python bot plays whole games through catan_referee.Game, asking for the legal actions
as dicts at every step, against checking the finished logs with `check`.

Usage: PYTHONPATH=build/rel/python bench_python_bot.py CATAN_REFEREE [GAMES] [SEED]

The bot (a greedy policy: a city, else a settlement, else a road while it has fewer than
15, else a development card, a card it may play, a bank trade toward what it lacks, else
the end of its turn; the robber, discards and set-up placements at random; dice drawn as
two fair dice) plays GAMES games (default 200, 4 players, boards {"random": SEED + i}),
each to its winner (`claim: win`) or to 3,000 entries. Every step is one
`legal_actions(as_dicts=True)` and one `play`. The games are written as catan-log/1 and
checked by `catan-referee check --summary` on the same files in the same run.

Prints: games, steps, the bot's time per step split into legal_actions and play (and the
bot's own choosing), check's time per entry, and the ratio. Time is process CPU time for
the bot (this interpreter) and wall time for check, each the median of 3 runs of check.
"""
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import catan_referee

exe = sys.argv[1]
games_wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 200
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
PLAYERS = ["red", "blue", "white", "orange"]
COST = {"city": {"grain": 2, "ore": 3},
        "settlement": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1},
        "road": {"lumber": 1, "brick": 1}, "buy": {"wool": 1, "grain": 1, "ore": 1}}


def kind(a):
    return next(k for k in a if k != "player")


def choose(actions, rng, roads):
    """The bot's move among the legal actions (dicts)."""
    by = {}
    for a in actions:
        by.setdefault(kind(a), []).append(a)
    if "claim" in by:
        return by["claim"][0]
    if "roll" in by:
        d = [rng.randint(1, 6), rng.randint(1, 6)]
        return next((a for a in by["roll"] if a["roll"] == d), by["roll"][0])
    if "discard" in by:
        return rng.choice(by["discard"])
    if "robber" in by:
        return rng.choice(by["robber"])
    for k in ("city", "settlement"):
        if k in by:
            return rng.choice(by[k])
    if "road" in by and roads.get(by["road"][0]["player"], 0) < 15:
        return rng.choice(by["road"])
    if "play" in by and rng.random() < 0.5:
        return rng.choice(by["play"])
    if "buy" in by:
        return rng.choice(by["buy"])
    if "bank" in by and rng.random() < 0.3:
        return rng.choice(by["bank"])
    if "end" in by:
        return by["end"][0]
    return rng.choice(actions)


def yaml_entry(a):
    return "  - " + json.dumps(a, separators=(", ", ": "))


def play_game(i, rng, timing):
    header = {"format": "catan-log/1", "players": PLAYERS, "board": {"random": seed + i}}
    game = catan_referee.Game(header)
    roads = {}
    entries = []
    while len(entries) < 3000:
        t0 = time.process_time()
        actions = game.legal_actions(as_dicts=True)
        t1 = time.process_time()
        if not actions:
            break
        a = choose(actions, rng, roads)
        t2 = time.process_time()
        verdict = game.play(a)
        t3 = time.process_time()
        timing["legal"] += t1 - t0
        timing["choose"] += t2 - t1
        timing["play"] += t3 - t2
        if not verdict.ok:
            raise SystemExit(f"game {i}: the referee refused its own legal action {a}: "
                             f"{verdict.error}")
        if kind(a) == "road":
            roads[a["player"]] = roads.get(a["player"], 0) + 1
        entries.append(a)
        if kind(a) == "claim":
            break
    board = game.board
    lines = ["format: catan-log/1", f"players: {json.dumps(PLAYERS)}",
             f"board: {json.dumps(board)}", "actions:"] + [yaml_entry(a) for a in entries]
    return "\n".join(lines) + "\n", len(entries)


def main():
    rng = random.Random(seed)
    timing = {"legal": 0.0, "choose": 0.0, "play": 0.0}
    tmp = tempfile.mkdtemp(prefix="bench-bot-")
    steps = won = 0
    t0 = time.monotonic()
    for i in range(games_wanted):
        text, n = play_game(i, rng, timing)
        steps += n
        won += text.rstrip().endswith("claim\": \"win\"}")
        with open(os.path.join(tmp, f"bot-{i:04d}.yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    wall = time.monotonic() - t0
    runs = []
    for _ in range(3):
        t = time.monotonic()
        p = subprocess.run([exe, "check", "--summary", tmp], capture_output=True, text=True)
        runs.append(time.monotonic() - t)
    check_s = statistics.median(runs)
    legal = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr.strip()
    bot = timing["legal"] + timing["play"]
    print(f"{games_wanted} games, {won} won, {steps} steps ({wall:.1f} s wall for the bot)")
    print(f"bot per step: legal_actions {1e6 * timing['legal'] / steps:.1f} us, play "
          f"{1e6 * timing['play'] / steps:.1f} us, choosing {1e6 * timing['choose'] / steps:.1f} us")
    print(f"check on the finished logs: {1e6 * check_s / steps:.2f} us an entry "
          f"(median of {runs and len(runs)} runs: {check_s:.3f} s); {legal}")
    print(f"ratio (legal_actions + play) / check: {bot / check_s:.0f}x")
    if p.returncode != 0:
        raise SystemExit(f"check says the bot's games are not all legal (exit {p.returncode})")


main()
