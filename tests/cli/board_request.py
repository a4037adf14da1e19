#!/usr/bin/python3
"""A new game from a board name: `serve`'s header may ask for a board, `{"random": N}` or
`"standard"`, instead of writing one out, and gets it back in full with its seed; it is the
board `generate --header-only --seed N` writes, whose header checks as a legal game of no
entries and starts the same game in serve. The game is then played from its legal actions
(as JSON objects) for 60 entries. Malformed requests are refused with their position.

Usage: board_request.py CATAN_REFEREE
"""
import json
import subprocess
import sys

import yaml

exe = sys.argv[1]
failures = []


def expect(what, ok):
    if not ok:
        failures.append(what)


def serve(lines):
    out = subprocess.run([exe, "serve"], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, timeout=300, check=True).stdout
    return [json.loads(a) for a in out.splitlines()]


def header_only(seed, players=3):
    return subprocess.run([exe, "generate", "--header-only", "--seed", str(seed), "--players",
                           str(players)], capture_output=True, text=True, check=True).stdout


players = ["red", "blue", "white"]
req = {"format": "catan-log/1", "players": players}
game, std, bad1, bad2, bad3 = serve([
    json.dumps(dict(req, board={"random": 42})),
    json.dumps(dict(req, board="standard")),
    json.dumps(dict(req, board={"random": -1})),
    json.dumps(dict(req, board={"random": 42, "seed": 1})),
    json.dumps(dict(req, board="beginner")),
])
written = yaml.safe_load(header_only(42))
expect("the game starts", game["ok"] and game["board-seed"] == 42)
expect("the board made is generate --header-only's", game["board"] == written["board"])
expect("standard draws a seed and returns its board",
       std["ok"] and std["board"] == yaml.safe_load(header_only(std["board-seed"]))["board"])
for a, why in [(bad1, "negative seed"), (bad2, "extra key")]:
    expect(f"{why} refused", not a["ok"] and "a board to be made is" in a["error"]["message"]
           and a["error"]["column"] > 1)
expect("an unknown board name refused", not bad3["ok"])
expect("two seeds give two boards", std["board-seed"] == 42 or std["board"] != game["board"])

# The header written by generate --header-only: a legal game of no entries ...
text = header_only(7, 4)
p = subprocess.run([exe, "check", "-"], input=text, capture_output=True, text=True)
expect("the written header checks (legal, incomplete)", p.returncode == 0 and "1 incomplete" in p.stdout)
# ... that serve starts as the same game as {"random": 7}; then 60 entries from the legal
# actions as objects, the same in both.
head = yaml.safe_load(text)
head.pop("actions")
lines_a = [json.dumps(head, default=str)]
lines_b = [json.dumps({"format": "catan-log/1", "players": head["players"], "board": {"random": 7}})]
answers = serve(lines_a)
expect("the written header starts a game", answers[0]["ok"])
played = []
for step in range(60):
    got = serve(lines_a + [json.dumps(e) for e in played] +
                ['{"query": "legal-actions", "as": "json"}'])
    actions = got[-1]["actions"]
    if not actions:
        break
    played.append(actions[(step * 7) % len(actions)])
for lines in (lines_a, lines_b):
    got = serve(lines + [json.dumps(e) for e in played])
    expect("every entry from the legal actions accepted",
           all(a.get("verdict") == "ok" for a in got[1:]) and len(got) == len(played) + 1)
expect("60 entries played", len(played) == 60)
for f in failures:
    print("FAIL:", f)
print(f"board-seed 42 and standard ({std.get('board-seed')}), {len(played)} entries played")
sys.exit(1 if failures else 0)
