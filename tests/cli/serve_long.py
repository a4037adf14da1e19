#!/usr/bin/python3
"""Found from outside (issue 26): a live game's memory grew with its length, by the square
of it at first (200,000 entries: 10 GB) and then by about 0.8 KB an entry (every accepted
entry kept whole for undo). A session now keeps its entries packed and its copies of the
referee thinned out, so that its memory is nearly flat in its length.

Plays a game that never ends (the set-up of a generated game, then rolls that are never 7
and `end: turn`) through `serve`, one entry a line, at two lengths; every answer must be
`ok`, and the peak resident memory of the longer session may exceed the shorter one's by
at most 64 bytes an extra entry (it was 782 in this game). Then takes 1,000 entries back
with undo, plays them again, and asks for the state, which must equal the first time's.
Skipped (exit 77) for a sanitizer build, whose allocator keeps freed memory in quarantine.

Usage: serve_long.py CATAN_REFEREE [SHORT LONG]
"""
import json
import os
import subprocess
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "scripts"))
from endless_game import endless_game  # noqa: E402

exe = sys.argv[1]
short, long_ = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (10000, 80000)
ldd = subprocess.run(["ldd", exe], capture_output=True, text=True).stdout
if "libasan" in ldd or "libubsan" in ldd:
    print("skipped: a sanitizer build's memory is not the program's")
    sys.exit(77)

header, entries = endless_game(exe)


def serve(lines):
    """serve's answers to `lines` (one each) and its peak resident memory in KB, read from
    /proc (VmHWM) once every answer is in and before stdin closes: wait4's ru_maxrss would
    also count this script's memory, which a vfork'ed child shares until it execs."""
    p = subprocess.Popen([exe, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    writer = threading.Thread(target=lambda: (p.stdin.write(("\n".join(lines) + "\n").encode()),
                                              p.stdin.flush()))
    writer.start()
    answers = []
    while len(answers) < len(lines):
        line = p.stdout.readline()
        if not line:
            break
        answers.append(line.decode())
    writer.join()
    with open(f"/proc/{p.pid}/status") as f:
        peak = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    p.stdin.close()
    p.stdout.read()
    if p.wait() != 0:
        sys.exit(f"serve exited with status {p.returncode}")
    return answers, peak


failures = 0


def check(what, ok, detail=""):
    global failures
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {detail}"))
    failures += 0 if ok else 1


peaks = {}
for n in (short, long_):
    es = entries(n)
    lines = [json.dumps(header)] + [json.dumps(e) for e in es]
    if n == long_:  # undo 1,000 entries, play them again, and compare the state
        lines += ['{"query": "state"}'] + ['{"query": "undo"}'] * 1000
        lines += [json.dumps(e) for e in es[-1000:]] + ['{"query": "state"}']
    answers, peaks[n] = serve(lines)
    verdicts = [json.loads(a) for a in answers[1:1 + n]]
    bad = [v for v in verdicts if v.get("verdict") != "ok"]
    check(f"{n} entries: every one accepted", len(verdicts) == n and not bad,
          (bad or ["missing answers"])[0])
    if n == long_:
        rest = [json.loads(a) for a in answers[1 + n:]]
        undos = rest[1:1001]
        counts = [a.get("entries") for a in undos]
        check("1,000 undos taken back one entry each",
              len(rest) == 2002 and counts == list(range(n - 1, n - 1001, -1)), str(undos[:2]))
        again = [a for a in rest[1001:2001] if a.get("verdict") != "ok"]
        check("the same entries accepted again", len(rest) == 2002 and not again, str(again[:1]))
        check("the state after undo and the same entries again is the state before",
              len(rest) == 2002 and rest[0].get("state") == rest[-1].get("state") != None, "")
    print(f"     peak resident memory {peaks[n] / 1024:.1f} MB")

extra = (peaks[long_] - peaks[short]) * 1024 / (long_ - short)
check(f"memory per extra entry {extra:.0f} bytes (at most 64)", extra <= 64)
sys.exit(1 if failures else 0)
