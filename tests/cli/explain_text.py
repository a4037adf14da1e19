#!/usr/bin/env python3
"""`explain` and `rules` print plain text (issue 14): no garbled integer defaults
("default 72..19"), no source notes in titles, the status tag in words, and every rule's
text as the catalog has it.
Usage: explain_text.py CATAN_REFEREE
"""
import re
import subprocess
import sys

exe = sys.argv[1]
failures = []


def run(*args):
    r = subprocess.run([exe, *args], capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout + r.stderr


code, listing = run("rules")
ids = [i for i in re.findall(r"^  ((?:X56-)?[A-Z]+-\d+) ", listing, re.M) if not i.startswith("D-")]
if len(ids) < 90:
    failures.append(f"rules lists {len(ids)} rule IDs")
for rid in ids:
    code, text = run("explain", rid)
    title = text.splitlines()[0]
    if code != 0:
        failures.append(f"explain {rid}: exit {code}")
    if re.search(r"default \d+\d\.\.\d+", text):
        failures.append(f"explain {rid}: garbled default: {text}")
    if re.search(r"\(\d{3}: ", title) or "*" in title:
        failures.append(f"explain {rid}: source note in the title: {title}")
    if "read in the seeds" in text or re.search(r"\[[RIE][^\]]*\]", text.split("\n\n")[0]):
        failures.append(f"explain {rid}: status tag as jargon: {text.split(chr(10))[1]}")
    if f"\n  See docs/rules.md#{rid} (installed as " not in text:
        failures.append(f"explain {rid}: no 'See docs/rules.md#{rid}' line")
code, text = run("explain", "DEV-09")
if not text.startswith("DEV-09: Year of Plenty\n"):
    failures.append(f"DEV-09 title: {text.splitlines()[0]}")
code, text = run("explain", "ROBBER-01")
if "default 7; an integer in 2..19" not in text:
    failures.append(f"ROBBER-01 option: {text}")
if re.search(r"default \d+\d\.\.\d+", listing):
    failures.append("rules: garbled default")

# The decisions of RULES.md section 2: `rules` lists them, `explain D-NN` prints the
# decision, the options that select its alternatives and the sources.
decisions = re.findall(r"^  (D-\d+) ", listing, re.M)
if len(decisions) < 20:
    failures.append(f"rules lists {len(decisions)} decisions")
for did in decisions:
    code, text = run("explain", did.lower())
    if code != 0 or not text.startswith(did + ": "):
        failures.append(f"explain {did}: exit {code}: {text[:100]}")
    if f"\n  See docs/rules.md#{did} (installed as " not in text:
        failures.append(f"explain {did}: no 'See docs/rules.md#{did}' line")
    for part in ("Decision:", "Options:", "Sources:"):
        if part not in text:
            failures.append(f"explain {did}: no {part}")
code, text = run("explain", "D-07")
if "year-of-plenty-shortage: take-available (default) | forbid" not in text or "2015 English rulebook" not in text:
    failures.append(f"explain D-07: {text}")
code, text = run("explain", "D-14")
if "beginner-fixed (not supported yet)" not in text:
    failures.append(f"explain D-14 does not mark beginner-fixed: {text}")
if not re.search(r"^  setup-mode .*beginner-fixed \(not supported yet\)", listing, re.M):
    failures.append("rules does not mark setup-mode: beginner-fixed as unsupported")

for f in failures:
    print("FAIL", f)
print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
