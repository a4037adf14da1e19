#!/usr/bin/env python3
"""Writes a legal catan-log/1 game with N actions: the standard set-up, then turns of
`roll: [1, 1]` and `end: turn` (no 7s, so no discards). Usage: make_long_log.py N"""
import sys

n = int(sys.argv[1])
BOARD = """board:
  hexes:
    - {at: [0, -2], terrain: mountains, number: 10}
    - {at: [1, -2], terrain: pasture, number: 2}
    - {at: [2, -2], terrain: forest, number: 9}
    - {at: [-1, -1], terrain: fields, number: 12}
    - {at: [0, -1], terrain: hills, number: 6}
    - {at: [1, -1], terrain: pasture, number: 4}
    - {at: [2, -1], terrain: hills, number: 10}
    - {at: [-2, 0], terrain: fields, number: 9}
    - {at: [-1, 0], terrain: forest, number: 11}
    - {at: [0, 0], terrain: desert}
    - {at: [1, 0], terrain: forest, number: 3}
    - {at: [2, 0], terrain: mountains, number: 8}
    - {at: [-2, 1], terrain: forest, number: 8}
    - {at: [-1, 1], terrain: mountains, number: 3}
    - {at: [0, 1], terrain: fields, number: 4}
    - {at: [1, 1], terrain: pasture, number: 5}
    - {at: [-2, 2], terrain: hills, number: 5}
    - {at: [-1, 2], terrain: fields, number: 6}
    - {at: [0, 2], terrain: pasture, number: 11}
  harbors:
    - {at: [0, -2, NW], trade: "3:1"}
    - {at: [1, -2, NE], trade: wool}
    - {at: [2, -1, E], trade: "3:1"}
    - {at: [1, 1, E], trade: "3:1"}
    - {at: [0, 2, SE], trade: brick}
    - {at: [-1, 2, SW], trade: lumber}
    - {at: [-2, 1, W], trade: "3:1"}
    - {at: [-2, 0, NW], trade: grain}
    - {at: [-1, -1, NW], trade: ore}
  robber: [0, 0]
"""
SETUP = [("red", "settlement", "[0, -1, S]"), ("red", "road", "[0, -1, SW]"),
         ("blue", "settlement", "[1, -1, SE]"), ("blue", "road", "[1, -1, E]"),
         ("white", "settlement", "[-1, 1, S]"), ("white", "road", "[-1, 1, SE]"),
         ("orange", "settlement", "[1, 0, S]"), ("orange", "road", "[1, 0, SE]"),
         ("orange", "settlement", "[0, 1, S]"), ("orange", "road", "[0, 1, SE]"),
         ("white", "settlement", "[-2, 1, N]"), ("white", "road", "[-2, 1, NW]"),
         ("blue", "settlement", "[0, -2, S]"), ("blue", "road", "[0, -2, SW]"),
         ("red", "settlement", "[1, -2, S]"), ("red", "road", "[1, -2, SE]")]
out = sys.stdout
out.write("format: catan-log/1\nplayers: [red, blue, white, orange]\n" + BOARD + "actions:\n")
for p, k, v in SETUP:
    out.write(f"  - {{player: {p}, {k}: {v}}}\n")
players = ["red", "blue", "white", "orange"]
count, turn = len(SETUP), 0
while count + 2 <= n:
    p = players[turn % 4]
    out.write(f"  - {{player: {p}, roll: [1, 1]}}\n  - {{player: {p}, end: turn}}\n")
    count += 2
    turn += 1
