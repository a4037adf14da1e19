#!/usr/bin/env python3
"""Writes a legal catan-log/1 game with N actions: the set-up of samples/legal-opening.yaml,
then turns of `roll: [1, 1]` and `end: turn` (no 7s, so no discards). Usage: make_long_log.py N"""
import pathlib
import sys

n = int(sys.argv[1])
opening = (pathlib.Path(__file__).resolve().parents[2] / "samples" / "legal-opening.yaml").read_text()
head = opening[:opening.index("  # --- turn 1")]
entries = sum(1 for line in head.splitlines() if line.startswith("  - "))
out = sys.stdout
out.write(head)
players = ["red", "blue", "white", "orange"]
count, turn = entries, 0
while count + 2 <= n:
    p = players[turn % 4]
    out.write(f"  - {{player: {p}, roll: [1, 1]}}\n  - {{player: {p}, end: turn}}\n")
    count += 2
    turn += 1
