#!/usr/bin/python3
"""`catan-referee serve` driven over a pipe by a scripted client, against `check`.

Usage: serve.py CATAN_REFEREE SCHEMAS_DIR [GAMES] [--protocol N]
       serve.py CATAN_REFEREE SCHEMAS_DIR GAMES --legal-only SEED [--protocol N]

`--protocol N` runs every `serve` as `serve --protocol N` (default 2) and validates against
that protocol's schema. Under serve/2 legal actions are JSON objects and domestic trades are
summarised: a logged trade must lie within its summary, and at every 25th step (and on every
step of the first two games of --legal-only) a random trade drawn within a summary is played,
accepted and taken back.

The second form checks legal-actions only, on every step of GAMES generated games (3 and 4
players, seeds from SEED), with two clients at once: the logged entry is among the answer,
and every 25th step one listed action is played, accepted and taken back with `undo`.

A client writes one request line and reads its answer before the next (so every answer
must come at once). Through generated games (`generate`), their player views (`redact`)
and their illegal variants (`mutate`), every answer is checked against `check --format json`
on the same log: each entry before check's first error is accepted, that entry is refused
with the same rule, message and action, and a header check refuses is refused; a roll's
effects equal the production the log asserts (`gains`). On every step of GAMES generated
games (default 40; the dev suite runs 25) the logged entry is among the `legal-actions` answer; on some, one
listed action a step is played and taken back with `undo`. Every answer is valid against
schemas/catan-referee-serve-N.schema.json (diagnostics against the report's, a `state`
answer against schemas/catan-referee-state-2.schema.json). Then the
protocol's edges: malformed lines, an over-long line, an entry before any header, a closed
output pipe (exit 0, promptly, no message).
"""
import json
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import threading
import time

import jsonschema
import yaml

args = sys.argv[1:]
protocol = 2
if "--protocol" in args:
    at = args.index("--protocol")
    protocol = int(args[at + 1])
    del args[at:at + 2]
exe, schemas = args[0], pathlib.Path(args[1])
games_wanted = int(args[2]) if len(args) > 2 else 40
# Under the sanitizers (the `sanitize` test preset sets CATAN_TEST_EVERY) a sample of the games.
games_wanted = max(2, games_wanted // int(os.environ.get("CATAN_TEST_EVERY", "1")))
legal_only_seed = int(args[4]) if len(args) > 4 and args[3] == "--legal-only" else None
lock = threading.Lock()
failures = 0
checks = 0


def check(ok, msg):
    global failures, checks
    with lock:
        checks += 1
        if not ok:
            failures += 1
            if failures <= 30:
                print("FAIL", msg)
    return ok


serve_schema = json.loads((schemas / f"catan-referee-serve-{protocol}.schema.json").read_text())
report_schema = json.loads((schemas / "catan-referee-report-2.schema.json").read_text())
# The report's diagnostic, and every definition it refers to (argument kinds, note data).
serve_schema["$defs"]["diagnostic"] = report_schema["$defs"]["diagnostic"]
for name, definition in report_schema["$defs"].items():
    if name not in serve_schema["$defs"]:
        serve_schema["$defs"][name] = definition
# A `state` answer is a whole catan-referee-state/2 document.
state_schema = json.loads((schemas / "catan-referee-state-2.schema.json").read_text())
assert serve_schema["$defs"]["state"]["properties"]["format"]["const"] == \
    state_schema["properties"]["format"]["const"]
serve_schema["$defs"]["state"] = state_schema  # its own $id: its "#/$defs/..." stay its own
validator = jsonschema.Draft202012Validator(serve_schema)


class Client:
    def __init__(self, *args):
        self.p = subprocess.Popen([exe, "serve", "--protocol", str(protocol), *args],
                                  stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  bufsize=1)
        self.line = 0

    def ask(self, request):
        if isinstance(request, dict):  # a listed action as serve/2 gives it: sent back as JSON
            request = json.dumps(request)
        self.p.stdin.write(request + "\n")
        self.p.stdin.flush()
        self.line += 1
        answer = self.p.stdout.readline()
        if not answer:
            raise RuntimeError(f"no answer to line {self.line}: {request[:200]}")
        a = json.loads(answer)
        if validate_all or random.random() < 0.02:
            for e in validator.iter_errors(a):
                check(False, f"answer to {request[:80]} against the schema: {e.message[:200]}")
                break
        check(a["line"] == self.line, f"answer names line {a['line']}, not {self.line}")
        return a

    def ask_all(self, requests):
        """Many requests at once: written by a thread while the answers are read (a client
        that does not wait must still read, or both ends block on full pipes)."""
        def write():
            for r in requests:
                self.p.stdin.write(r + "\n")
            self.p.stdin.flush()
        t = threading.Thread(target=write)
        t.start()
        answers = []
        for r in requests:
            self.line += 1
            answer = self.p.stdout.readline()
            if not answer:
                raise RuntimeError(f"no answer to line {self.line}: {r[:200]}")
            a = json.loads(answer)
            check(a["line"] == self.line, f"answer names line {a['line']}, not {self.line}")
            answers.append(a)
        t.join()
        return answers

    def close(self):
        self.p.stdin.close()
        rc = self.p.wait(timeout=60)
        err = self.p.stderr.read()
        check(rc == 0 and err == "", f"serve exited {rc}: {err[:200]}")


validate_all = True
drawn_trades = [0]  # trades drawn within a summary, played and taken back
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(text):
    return yaml.load(text, Loader=Loader)


def split_log(text):
    """The header as one JSON line, and each entry line of `actions` as written."""
    at = text.index("\nactions:")
    header = json.dumps(load(text[:at]))
    entries = [l.strip()[2:] for l in text[at:].splitlines() if l.startswith("  - ")]
    return header, entries


def check_report(path):
    p = subprocess.run([exe, "check", "--format", "json", str(path)], capture_output=True,
                       text=True, timeout=120)
    return json.loads(p.stdout)["games"][0]


ASSERTIONS = ("gains", "expect", "takes")


def canonical(entry):
    e = dict(entry) if isinstance(entry, dict) else load(entry)
    for k in ASSERTIONS:
        e.pop(k, None)
    return json.dumps(e, sort_keys=True)


def within_summary(entry, answer):
    """A domestic trade entry within one of the answer's trade summaries (serve/2)."""
    e = load(entry)
    t = e.get("trade") if isinstance(e, dict) else None
    if not isinstance(t, dict):
        return False
    for s in answer.get("trades", []):
        if s["player"] == e["player"] and s["with"] == t["with"] and \
                all(n <= s["give"].get(r, 0) for r, n in t["give"].items()) and \
                all(n <= s["get"].get(r, 0) for r, n in t["get"].items()):
            return True
    return False


def listed(entry, answer):
    """Whether the logged entry, without its assertions, is among the legal actions (or,
    a domestic trade under serve/2, within a trade summary)."""
    if answer["answer"] != "legal-actions" or answer["count"] != len(answer["actions"]):
        return False
    if protocol >= 2:
        check(all(isinstance(x, dict) and "trade" not in x for x in answer["actions"]) and
              isinstance(answer.get("trades"), list),
              f"serve/2: actions as objects, domestic trades only summarised: {answer}"[:300])
    else:
        check(all(isinstance(x, str) for x in answer["actions"]) and "trades" not in answer,
              f"serve/1: actions as text, trades listed: {answer}"[:300])
    if protocol >= 2 and within_summary(entry, answer):
        return True
    for x in answer["actions"]:  # the log and the answer are written by one writer
        if isinstance(x, dict):
            break
        if entry == x or (entry.startswith(x[:-1] + ", ") and
                          entry[len(x) + 1:].startswith(tuple(k + ":" for k in ASSERTIONS))):
            return True
    want = canonical(entry)
    return any(canonical(x) == want for x in answer["actions"])


def drawn_trade(answer, rng):
    """A random domestic trade within a random summary of the answer, or None."""
    if not answer.get("trades"):
        return None
    s = rng.choice(answer["trades"])
    for _ in range(20):
        give = {r: rng.randint(0, n) for r, n in s["give"].items()}
        get = {r: rng.randint(0, n) for r, n in s["get"].items()}
        if not s["same-type"]:
            for r in list(give):
                if r in get and rng.random() < 0.5:
                    give[r] = 0
                elif r in get:
                    get[r] = 0
        give = {r: n for r, n in give.items() if n}
        get = {r: n for r, n in get.items() if n}
        net_give = {r: n - get.get(r, 0) for r, n in give.items() if n > get.get(r, 0)}
        net_get = {r: n - give.get(r, 0) for r, n in get.items() if n > give.get(r, 0)}
        if net_give and net_get:
            return {"player": s["player"], "trade": {"with": s["with"], "give": give, "get": get}}
    return None


def play_drawn_trade(client, la, rng, name, i):
    """Plays a trade drawn within a summary: accepted, then taken back."""
    t = drawn_trade(la, rng)
    if t is None:
        return 0
    a = client.ask(t)
    check(a["verdict"] == "ok", f"{name}: step {i}: trade {t} within its summary refused: "
          f"{(a.get('error') or {}).get('message')}")
    u = client.ask('{"query": "undo"}')
    check(u["ok"] and u["entries"] == i - 1, f"{name}: undo after a trade: {u}")
    return 1


def replay_against_check(client, path, name, bulk=True):
    """Feeds one log; every answer as check's report says."""
    text = path.read_text()
    header, entries = split_log(text)
    report = check_report(path)
    err = report["error"]
    view = "view" in json.loads(header)
    stop = err["action"] if err and err["action"] > 0 else len(entries)
    requests = [header] + entries[:stop]
    answers = client.ask_all(requests) if bulk else [client.ask(r) for r in requests]
    g = answers[0]
    header_lines = text[: text.index("\nactions:")].count("\n") + 1
    if err and err["action"] == 0 and err["line"] <= header_lines:  # check refuses the header
        check(not g["ok"] and g["error"]["rule"] == err["rule"] and
              g["error"]["message"] == err["message"], f"{name}: header: {g}, check says {err}")
        return
    if not check(g["ok"], f"{name}: header refused: {g}"):
        return
    warnings = []
    for i, (e, a) in enumerate(zip(entries[:stop], answers[1:]), start=1):
        warnings += [(w["rule"], w["action"]) for w in a["warnings"]]
        if i < stop or not err or err["action"] == 0:
            if not check(a["verdict"] == "ok", f"{name}: entry {i} {a['verdict']}: "
                         f"{(a.get('error') or {}).get('message')} (check: {err and err['message']})"):
                return
            entry = load(e)
            gains = entry.get("gains")
            if "roll" in entry and "effects" in a and gains is not None and not view:
                produced = {p: r for p, r in a["effects"]["gained"].items() if r}
                check(produced == {p: r for p, r in gains.items() if r},
                      f"{name}: entry {i}: production {produced}, the log asserts {gains}")
        else:
            check(a["verdict"] == "illegal" and a["error"]["rule"] == err["rule"] and
                  a["error"]["message"] == err["message"] and a["action"] == err["action"],
                  f"{name}: entry {i}: serve {a['verdict']} {a.get('error')}, check {err}")
    ours = sorted(warnings)
    theirs = sorted((w["rule"], w["action"]) for w in report["warnings"]
                    if w["rule"] not in ("TURN-05", "COMP-05", "WIN-02"))
    check(ours == theirs, f"{name}: warnings {ours} vs check {theirs}")


def keep_going_against_check(path, name):
    """A game started with "keep-going": true: each entry's deviations (action, rule, line
    within the entry, message, what it may follow from) are check --keep-going's, in order,
    and the game goes on to the end or to where check says keep-going stopped."""
    text = path.read_text()
    header, entries = split_log(text)
    p = subprocess.run([exe, "check", "--keep-going", "--format", "json", str(path)],
                       capture_output=True, text=True, timeout=120)
    report = json.loads(p.stdout)["games"][0]
    if report["status"] != "illegal" or report["error"]["action"] == 0:
        return 0
    theirs = [report["error"]] + report.get("deviations", [])
    theirs = [(d["action"], d["rule"], d["message"], (d.get("follows") or {}).get("action"))
              for d in theirs if d["action"] <= len(entries)]
    stopped = (report.get("keep-going") or {}).get("stopped-at")
    client = Client()
    g = client.ask(json.dumps(dict(json.loads(header), **{"keep-going": True})))
    if not check(g["ok"] and g["keep-going"] is True, f"{name}: keep-going header: {g}"):
        client.close()
        return 0
    upto = stopped or len(entries)
    answers = client.ask_all(entries[:upto])
    ours = []
    for i, a in enumerate(answers, start=1):
        if stopped and i == stopped:
            check(a["verdict"] == "unjudged", f"{name}: entry {i}: {a['verdict']}, check stopped")
            break
        check(a["verdict"] in ("ok", "deviation"), f"{name}: entry {i}: {a['verdict']}")
        check((a["verdict"] == "deviation") == bool(a["deviations"]) and
              (not a["deviations"] or a["error"] == a["deviations"][0]),
              f"{name}: entry {i}: verdict {a['verdict']} with {len(a['deviations'])} deviation(s)")
        ours += [(d["action"], d["rule"], d["message"], (d.get("follows") or {}).get("action"))
                 for d in a["deviations"]]
    client.close()
    check(ours == theirs, f"{name}: serve's deviations {ours[:4]}... vs check --keep-going "
          f"{theirs[:4]}...")
    return len(ours)


def legal_on_every_step(client, logs, rng, out):
    """For every step of every log: the logged entry is among the legal actions; every 25th
    step a listed action is played and taken back."""
    steps = 0
    for log in logs:
        header, entries = split_log(log.read_text())
        if not check(client.ask(header)["ok"], f"{log.name}: header refused"):
            continue
        for i, e in enumerate(entries, start=1):
            la = client.ask('{"query": "legal-actions"}')
            steps += 1
            if not check(listed(e, la), f"{log.name}: entry {i} {e} is not among the "
                         f"{la['count']} legal actions"):
                break
            if i % 25 == 0:
                pick = rng.choice(la["actions"])
                a = client.ask(pick)
                check(a["verdict"] == "ok", f"{log.name}: step {i}: listed {pick} refused: "
                      f"{(a.get('error') or {}).get('message')}")
                u = client.ask('{"query": "undo"}')
                check(u["ok"] and u["entries"] == i - 1, f"{log.name}: undo: {u}")
                drawn_trades[0] += play_drawn_trade(client, la, rng, log.name, i)
            if not check(client.ask(e)["verdict"] == "ok", f"{log.name}: entry {i} refused"):
                break
    out.append(steps)


def legal_only(seed):
    """legal-actions on every step of games_wanted generated games, two clients at once."""
    global validate_all
    validate_all = False
    t0 = time.monotonic()
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="serve-legal-"))
    jobs = []
    for k, players in enumerate((4, 3)):  # half the games with 4 players, half with 3
        d = tmp / f"p{players}"
        d.mkdir()
        count = games_wanted // 2 + (games_wanted % 2 if k == 0 else 0)
        jobs.append(subprocess.Popen([exe, "generate", "--seed", str(seed + k * 100000),
                                      "--players", str(players), "--count", str(count),
                                      "--out", str(d)], stdout=subprocess.DEVNULL))
    for j in jobs:
        check(j.wait(timeout=600) == 0, "generate failed")
    logs = sorted(tmp.glob("p*/*.yaml"))
    check(len(logs) == games_wanted, f"{len(logs)} generated games, wanted {games_wanted}")
    print(f"generated {len(logs)} games ({time.monotonic() - t0:.1f} s)")
    steps, threads, clients = [], [], []
    for k in range(2):
        client = Client()
        clients.append(client)
        t = threading.Thread(target=legal_on_every_step,
                             args=(client, logs[k::2], random.Random(seed + k), steps))
        t.start()
        threads.append(t)
    for t in threads:
        t.join()
    for c in clients:
        c.close()
    check(len(steps) == 2, "a client thread failed")
    print(f"legal-actions: {sum(steps)} steps of {len(logs)} games, {drawn_trades[0]} trades "
          f"drawn within summaries ({time.monotonic() - t0:.1f} s)")
    check(protocol < 2 or drawn_trades[0] > 0, "no trade drawn within a summary")
    print(f"{checks} checks, {failures} failed ({time.monotonic() - t0:.1f} s)")
    return 1 if failures else 0


def main():
    global validate_all
    if legal_only_seed is not None:
        return legal_only(legal_only_seed)
    t0 = time.monotonic()
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="serve-test-"))
    gen = tmp / "gen"
    gen.mkdir()
    subprocess.run([exe, "generate", "--seed", "1", "--count", str(games_wanted), "--out",
                    str(gen)], check=True, capture_output=True, timeout=300)
    logs = sorted(gen.glob("*.yaml"))
    check(len(logs) == games_wanted, f"{len(logs)} generated games")

    # Complete games, their views and their illegal variants, entry by entry against check.
    client = Client("--effects")
    views, mutants = tmp / "views", tmp / "mutants"
    views.mkdir()
    mutants.mkdir()
    for n, log in enumerate(logs[:2]):
        replay_against_check(client, log, log.name, bulk=n > 0)
        for seat in ("red", "spectator"):
            view = views / f"{log.stem}.{seat}.yaml"
            subprocess.run([exe, "redact", str(log), "--view", seat, "--out", str(view)],
                           check=True, capture_output=True, timeout=120)
            replay_against_check(client, view, view.name, bulk=n > 0)
        subprocess.run([exe, "mutate", str(log), "--out", str(mutants)], check=True,
                       capture_output=True, timeout=120)
    check(any(mutants.glob("*.yaml")), "mutate wrote no variant")
    for m in sorted(mutants.glob("*.yaml")):
        replay_against_check(client, m, m.name)
    client.close()
    print(f"against check: {len(logs[:2])} games, their views and "
          f"{len(list(mutants.glob('*.yaml')))} variants ({time.monotonic() - t0:.1f} s)")

    # keep-going: the variants and their spectator views played on, against check --keep-going.
    kept = 0
    for m in sorted(mutants.glob("*.yaml")):
        kept += keep_going_against_check(m, m.name)
        view = views / f"{m.stem}.spectator.yaml"
        subprocess.run([exe, "redact", str(m), "--view", "spectator", "--out", str(view)],
                       check=True, capture_output=True, timeout=120)
        kept += keep_going_against_check(view, view.name)
    check(kept > 20, f"keep-going: only {kept} deviations played on")
    print(f"keep-going: {kept} deviations as check --keep-going gives them "
          f"({time.monotonic() - t0:.1f} s)")

    # legal-actions on every step of every generated game; play-and-undo on a few.
    validate_all = False
    rng = random.Random(12)
    client = Client()
    steps = 0
    for n, log in enumerate(logs):
        header, entries = split_log(log.read_text())
        if n < 2:  # one request at a time, with a listed action played and taken back
            client.ask(header)
            for i, e in enumerate(entries, start=1):
                la = client.ask('{"query": "legal-actions"}')
                steps += 1
                if not check(listed(e, la), f"{log.name}: entry {i} {e} is not among the "
                             f"{la['count']} legal actions"):
                    break
                pick = rng.choice(la["actions"])
                a = client.ask(pick)
                check(a["verdict"] == "ok", f"{log.name}: step {i}: listed {pick} refused: "
                      f"{(a.get('error') or {}).get('message')}")
                u = client.ask('{"query": "undo"}')
                check(u["ok"] and u["entries"] == i - 1, f"{log.name}: undo: {u}")
                drawn_trades[0] += play_drawn_trade(client, la, rng, log.name, i)
                if not check(client.ask(e)["verdict"] == "ok", f"{log.name}: entry {i} refused"):
                    break
            continue
        requests = [header]
        for e in entries:
            requests += ['{"query": "legal-actions"}', e]
        answers = client.ask_all(requests)
        check(answers[0]["ok"], f"{log.name}: header refused")
        for i, e in enumerate(entries, start=1):
            la, a = answers[2 * i - 1], answers[2 * i]
            steps += 1
            if not check(listed(e, la), f"{log.name}: entry {i} {e} is not among the "
                         f"{la['count']} legal actions"):
                break
            if not check(a["verdict"] == "ok", f"{log.name}: entry {i} refused"):
                break
    client.close()
    print(f"legal-actions: {steps} steps of {len(logs)} games, {drawn_trades[0]} trades drawn "
          f"within summaries ({time.monotonic() - t0:.1f} s)")
    check(protocol < 2 or drawn_trades[0] > 0, "no trade drawn within a summary")

    # The protocol's edges.
    validate_all = True
    client = Client("--max-line-bytes", "200")
    a = client.ask('{player: red, roll: [1, 2]}')
    check(a["answer"] == "error" and "before any game" in a["error"]["message"], f"{a}")
    a = client.ask('{"query": "state"}')
    check(a["answer"] == "error" and "no game" in a["error"]["message"], f"{a}")
    header, entries = split_log(logs[0].read_text())
    a = client.ask(header)
    check(a["answer"] == "error" and "--max-line-bytes (200 bytes)" in a["error"]["message"] and
          a["error"]["column"] == 201, f"over-long header: {a}")
    client.close()
    client = Client()
    client.ask(header)
    for bad, what in ((r'{"player": "red", "settlement": [0, -1, S]', "YAML syntax error"),
                      ("[1, 2]", "not an array"), ("7", "not a scalar"),
                      ('{"query": "redo"}', "unknown query"),
                      ('{"query": "state", "x": 1}', "one key"),
                      ("{player: red, fly: away}", "no action key"),
                      ("{player: red, end: turn, fly: away}", "unknown key 'fly'")):
        a = client.ask(bad)
        check(not a["ok"] and what in a["error"]["message"] and a["error"]["line"] == client.line,
              f"{bad}: {a}")
    # A header is parsed once, its marks moved to its line: errors name line N > 1 and the
    # column of the value at fault, whether the header cannot be read or is illegal.
    two = json.loads(header)
    two["players"] = two["players"][:2]
    two = json.dumps(two)
    for bad, what, at in (('{"format": "catan-log/1", "players": ["red", "red"]}',
                           "listed twice", '"red"]'),
                          ('{"format": "catan-log/1", "players": ["red", "blue"], "board": 7}',
                           "board must be a mapping", "7}"),
                          ("{format: catan-log/1, players: [red, blue, white], view: green}",
                           "view names a player", "green"),
                          (two, "3 or 4 players", '["red", "blue"]')):
        a = client.ask(bad)
        check(a["answer"] == "game" and not a["ok"] and what in a["error"]["message"] and
              client.line > 1 and
              (a["error"]["line"], a["error"]["column"]) == (client.line, bad.rindex(at) + 1),
              f"header error on line {client.line}: {a}")
    a = client.ask(header)
    check(a["ok"] and a["line"] > 1, f"the header again: {a}")
    a = client.ask(entries[0])
    check(a["verdict"] == "ok", f"after malformed lines the game goes on: {a}")
    s = client.ask('{"query": "state"}')
    shown = subprocess.run([exe, "show", str(logs[0]), "--at", "1", "--format", "json"],
                           capture_output=True, text=True, timeout=60)
    theirs = json.loads(shown.stdout)
    check({k: v for k, v in s["state"].items() if k != "title"} ==
          {k: v for k, v in theirs.items() if k != "title"}, "state equals show --format json")
    client.close()

    # A client that stops reading and closes its end: serve ends with status 0, no message.
    p = subprocess.Popen([exe, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdout.close()
    try:
        p.stdin.write((header + "\n" + '{"query": "legal-actions"}\n' * 2000).encode())
        p.stdin.close()
    except BrokenPipeError:
        pass
    rc = p.wait(timeout=60)
    check(rc == 0 and p.stderr.read() == b"", f"closed pipe: exit {rc}")
    print(f"{checks} checks, {failures} failed ({time.monotonic() - t0:.1f} s)")
    return 1 if failures else 0


sys.exit(main())
