"""A 4-player game that never ends, for long live-game runs (scripts/bench_serve_long.py,
tests/cli/serve_long.py): the header and set-up of `generate --seed 8`, then turns of a
roll (never a 7, so nobody discards) and `end: turn`."""
import subprocess

import yaml


def endless_game(exe):
    """(header dict without `actions`, entries(n): the first n entries as dicts)."""
    text = subprocess.run([exe, "generate", "--seed", "8", "--players", "4"],
                          capture_output=True, text=True, check=True).stdout
    at = text.index("\nactions:")
    header = yaml.safe_load(text[:at])
    header.pop("actions", None)
    players = header["players"]
    setup = [yaml.safe_load(l.strip()[2:]) for l in text[at:].splitlines()
             if l.startswith("  - ")]
    setup = setup[:4 * len(players)]  # a settlement and a road each, twice

    def entries(n):
        out = list(setup)
        turn, k = 0, 0
        while len(out) < n:
            p = players[turn % len(players)]
            a, b = 1 + k % 6, 1 + (k * 5 + 2) % 6
            if a + b == 7:
                b = b % 6 + 1
            k += 1
            out += [{"player": p, "roll": [a, b]}, {"player": p, "end": "turn"}]
            turn += 1
        return out[:n]

    return header, entries
