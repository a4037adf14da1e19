#!/usr/bin/python3
"""`serve`'s legal-actions query as a JSON client uses it: `"as": "json"` (serve/2's default) lists each
action as an object (the catan-log/1 entry as JSON), `kind` and `player` filter, `count-only`
counts. Plays a whole sample game; before every entry asks for the actions of its kind by
its player: the entry (its assertions left out) is among them for the kinds that are listed
in full, every listed object is the text form read as YAML, and the counts agree. Then the
errors: an unknown kind, an unknown player, an unknown key, a key on another query, a
`worlds` that is not a boolean; and `"worlds": true` (one world in a complete log).

Usage: serve_legal_json.py CATAN_REFEREE SAMPLE
"""
import json
import subprocess
import sys

import yaml

exe, sample = sys.argv[1], sys.argv[2]
with open(sample, encoding="utf-8") as f:
    head, body = f.read().split("\nactions:\n")
header = yaml.safe_load(head)
entries = yaml.safe_load("actions:\n" + body)["actions"]
FULL = {"roll", "road", "settlement", "city", "end", "buy"}  # listed in full
OPTIONAL = {"gains", "expect", "takes"}


def kind_of(e):
    return next(k for k in e if k != "player" and k not in OPTIONAL)


lines = [json.dumps(header, default=str)]
for e in entries:
    k = kind_of(e)
    lines.append(json.dumps({"query": "legal-actions", "kind": k, "player": e["player"], "as": "json"}))
    lines.append(json.dumps({"query": "legal-actions", "kind": [k], "player": e["player"],
                             "as": "yaml"}))
    lines.append(json.dumps({"query": "legal-actions", "kind": k, "player": e["player"],
                             "count-only": True}))
    lines.append(json.dumps(e))
lines += [
    '{"query": "legal-actions", "kind": "castle"}',
    '{"query": "legal-actions", "player": "nobody"}',
    '{"query": "legal-actions", "colour": "red"}',
    '{"query": "undo", "kind": "road"}',
    '{"query": "legal-actions", "as": "xml"}',
    '{"query": "legal-actions", "worlds": "yes"}',
    # At the end of the game: one world, each action allowed in it.
    '{"query": "legal-actions", "worlds": true}',
    '{"query": "legal-actions", "worlds": true, "count-only": true}',
]
out = subprocess.run([exe, "serve"], input="\n".join(lines) + "\n", capture_output=True,
                     text=True, timeout=600, check=True).stdout.splitlines()
answers = [json.loads(a) for a in out]
failures = []


def expect(what, ok):
    if not ok and len(failures) < 20:
        failures.append(what)


expect("the game starts", answers[0]["ok"])
found = listed = 0
for i, e in enumerate(entries):
    objs, texts, count, played = answers[1 + 4 * i: 5 + 4 * i]
    k = kind_of(e)
    expect(f"entry {i + 1} accepted", played["ok"])
    expect(f"entry {i + 1}: objects and texts agree",
           objs["actions"] == [yaml.safe_load(t) for t in texts["actions"]])
    expect(f"entry {i + 1}: counts agree", objs["count"] == count["count"] == len(objs["actions"])
           and "actions" not in count)
    expect(f"entry {i + 1}: filtered by kind and player",
           all(a["player"] == e["player"] and k in a for a in objs["actions"]))
    listed += len(objs["actions"])
    if k in FULL:
        bare = {key: v for key, v in e.items() if key not in OPTIONAL}
        expect(f"entry {i + 1} ({bare}) among its kind's legal actions", bare in objs["actions"])
        found += 1
errors = answers[1 + 4 * len(entries):-2]
expect("six errors", [a["answer"] for a in errors] == ["error"] * 6)
messages = [a["error"]["message"] for a in errors]
expect("unknown kind", "`kind` names entry kinds" in messages[0])
expect("unknown player", "`player` names a player" in messages[1])
expect("unknown key", "legal-actions takes `kind`" in messages[2])
expect("a key on undo", "has the one key `query`" in messages[3])
expect("as xml", "`as` is json" in messages[4])
expect("worlds yes", "`worlds` is true or false" in messages[5])
listed_worlds, counted_worlds = answers[-2:]
expect("worlds: one consistent world, each action allowed in it",
       listed_worlds.get("consistent-worlds") == 1
       and listed_worlds.get("worlds") == [1] * listed_worlds["count"] and listed_worlds["count"] > 0)
expect("worlds with count-only", counted_worlds.get("worlds") == [1] * counted_worlds["count"]
       and "actions" not in counted_worlds)
for f in failures:
    print("FAIL:", f)
print(f"{len(entries)} entries, {found} found among their kind's actions, {listed} listed")
sys.exit(1 if failures or found < 100 else 0)
