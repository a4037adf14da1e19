#!/usr/bin/env python3
"""`show --format json` (catan-referee-state/2) at several moments of every sample:

- it validates against schemas/catan-referee-state-2.schema.json;
- every key is kebab-case as in catan-log/1, and no place is a string: settlements, cities
  and roads are [q, r, "D"] arrays, the robber a [q, r] array;
- the resources of the hands and the bank sum to 19 of each (24 with five or six players);
- round trip: the places listed, read as catan-log/1 places, name exactly the pieces the
  log's entries before that moment built (a `city:` turns its settlement into a city),
  with the aliases of LOG-FORMAT.md resolved here, independently of the engine;
- nothing of catan-referee-state/1 was dropped: each document, renamed back by the table
  of docs/STATE-FORMAT.md, validates against the kept state-1 schema (beside STATE_SCHEMA);
- `--at round:R` is `--at turn:((R - 1) * players + 1)`.
Usage: check_show.py CATAN_REFEREE SAMPLES_DIR STATE_SCHEMA"""
import json
import os
import pathlib
import re
import subprocess
import sys

import jsonschema
import yaml

exe, samples, schema_path = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
schema = json.load(open(schema_path))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
old_schema = json.load(open(pathlib.Path(schema_path).with_name("catan-referee-state-1.schema.json")))
old_validator = jsonschema.Draft202012Validator(old_schema)
failures = passed = 0
KEBAB = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
PLACE_TEXT = re.compile(r"^\s*\[")


def fail(msg):
    global failures
    failures += 1
    if failures <= 30:
        print("FAIL", msg)


def shape_problems(doc, path="$"):
    """Keys that are not kebab-case and strings that spell a place, anywhere in doc."""
    out = []
    if isinstance(doc, dict):
        for k, v in doc.items():
            if not KEBAB.match(k):
                out.append(f"{path}: key {k!r} is not kebab-case")
            out += shape_problems(v, f"{path}.{k}")
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += shape_problems(v, f"{path}[{i}]")
    elif isinstance(doc, str) and PLACE_TEXT.match(doc):
        out.append(f"{path}: place written as the string {doc!r}")
    return out


# LOG-FORMAT.md "Coordinates": the canonical corner has C in {N, S}, the canonical path D in
# {NE, E, SE}; every other name is an alias of one of them.
def as_state1(doc):
    """The document in catan-referee-state/1's spelling (docs/STATE-FORMAT.md, the table)."""
    if isinstance(doc, dict):
        # `undecided` (player-view) came with /2, after state/1: not one of its keys.
        out = {k.replace("-", "_"): as_state1(v) for k, v in doc.items() if k != "undecided"}
        if out.get("format") == "catan-referee-state/2":
            out["format"] = "catan-referee-state/1"
        if out.get("card") == "hidden":
            out["card"] = "unseen"
        for k in ("settlements", "cities", "roads"):
            if isinstance(out.get(k), list):
                out[k] = [f"[{q}, {r}, {d}]" for q, r, d in out[k]]
        if isinstance(out.get("robber"), list):
            out["robber"] = "[{}, {}]".format(*out["robber"])
        return out
    if isinstance(doc, list):
        return [as_state1(v) for v in doc]
    return doc


def corner(q, r, c):
    return {"N": (q, r, "N"), "S": (q, r, "S"), "NE": (q + 1, r - 1, "S"),
            "SE": (q, r + 1, "N"), "SW": (q - 1, r + 1, "N"), "NW": (q, r - 1, "S")}[c]


def edge(q, r, d):
    return {"NE": (q, r, "NE"), "E": (q, r, "E"), "SE": (q, r, "SE"),
            "W": (q - 1, r, "E"), "SW": (q - 1, r + 1, "NE"), "NW": (q, r - 1, "SE")}[d]


def built(entries, player):
    """The pieces `player` built in these entries: (settlements, cities, roads)."""
    st, ci, ro = set(), set(), set()
    for e in entries:
        if e.get("player") != player:
            continue
        if "settlement" in e:
            st.add(corner(*e["settlement"]))
        elif "city" in e:
            c = corner(*e["city"])
            st.discard(c)
            ci.add(c)
        elif "road" in e:
            ro.add(edge(*e["road"]))
    return st, ci, ro


def shown(doc_player):
    return tuple({tuple(p) for p in doc_player[k]} for k in ("settlements", "cities", "roads"))


def show(path, at):
    r = subprocess.run([exe, "show", str(path), "--format", "json", "--at", at],
                       capture_output=True, text=True, timeout=60)
    if r.returncode not in (0, 1) or not r.stdout.strip():
        return None  # e.g. an illegal header: no state to show
    return json.loads(r.stdout)


def check_doc(doc, where):
    errors = list(validator.iter_errors(doc))
    if errors:
        fail(f"{where}: {errors[0].message} at {list(errors[0].path)}")
        return False
    problems = shape_problems(doc)
    if problems:
        fail(f"{where}: {problems[0]} ({len(problems)} such)")
        return False
    total = {k: doc["bank"][k] + sum(p["hand"][k] for p in doc["players"]) for k in doc["bank"]}
    five_six = "turn-structure" in doc  # the five-six extension: 24 a resource
    stock = 24 if five_six else 19
    if any(v != stock for v in total.values()):
        fail(f"{where}: resources do not sum to {stock}: {total}")
        return False
    if five_six:  # catan-referee-state/1 has no five- or six-player games
        return True
    errors = list(old_validator.iter_errors(as_state1(doc)))
    if errors:
        fail(f"{where}: renamed back to state/1: {errors[0].message} at {list(errors[0].path)}")
        return False
    return True


files = sorted(p for p in samples.glob("*.yaml") if not p.name.startswith("unsupported-"))
# Under the sanitizers (the `sanitize` test preset sets CATAN_TEST_EVERY=N) every Nth sample.
files = files[:: int(os.environ.get("CATAN_TEST_EVERY", "1"))]
views = hidden_cards = 0
for path in files:
    for at in ["error", "end", "0", "16", "turn:3"]:
        doc = show(path, at)
        if doc is None:
            continue
        if check_doc(doc, f"{path.name} --at {at}"):
            passed += 1
            views += "player-view" in doc
            hidden_cards += sum(d["card"] == "hidden" for p in doc["players"]
                                for d in p["development-cards"])

    # Round trip: the moments before the first illegal entry (check's verdict).
    log = yaml.safe_load(path.read_text())
    entries = log.get("actions") or []
    r = subprocess.run([exe, "check", str(path), "--format", "json"], capture_output=True,
                       text=True, timeout=60)
    game = json.loads(r.stdout)["games"][0] if r.stdout.strip() else {}
    if game.get("status") == "malformed":
        continue
    # Action 0: the header (no state to show) or the `result` (after every entry).
    error = (game.get("error") or {}).get("action")
    last = len(entries) if not error else error - 1
    for n in sorted({0, min(8, last), last // 2, last}):
        doc = show(path, str(n))
        if doc is None:
            if error != 0:
                fail(f"{path.name} --at {n}: no state")
            break
        if not check_doc(doc, f"{path.name} --at {n}"):
            continue
        for p in doc["players"]:
            want, got = built(entries[:n], p["name"]), shown(p)
            if want != got:
                fail(f"{path.name} --at {n}: {p['name']}'s pieces (settlements, cities, roads) "
                     f"{[sorted(x) for x in got]} but the log built {[sorted(x) for x in want]}")
                break
        else:
            passed += 1

if views == 0 or hidden_cards == 0:
    fail(f"{views} player-view states, {hidden_cards} hidden cards: the player-view keys went "
         "unchecked")

# --at round:R is the start of every player's R-th turn: turn (R - 1) * players + 1.
for path in sorted(samples.glob("legal-*.yaml"))[:5]:
    players = len(yaml.safe_load(path.read_text())["players"])
    for rnd in [1, 2]:
        da, db = show(path, f"round:{rnd}"), show(path, f"turn:{(rnd - 1) * players + 1}")
        if da is None or db is None:
            fail(f"{path} --at round:{rnd}: no state")
            continue
        title = da.pop("title", ""), db.pop("title", "")
        if da != db or f"round {rnd}" not in title[0]:
            fail(f"{path} --at round:{rnd} differs from turn:{(rnd - 1) * players + 1}: {title}")
            continue
        passed += 1
print(f"{passed} passed, {failures} failed ({views} player-view states, {hidden_cards} hidden "
      "cards)")
sys.exit(1 if failures or passed == 0 else 0)
