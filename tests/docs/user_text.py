#!/usr/bin/env python3
"""What users read (issue 23): `explain` for every rule and decision, `rules`, and
docs/rules.md never refer to files a user does not have (the catalog file, the seed texts,
the shared folder, "beside this file", "the project owner") nor name sources by the
catalog's tags (001, E-2015); every rule's `explain` quotes the rules text it comes from
under a source named in words with its language, with an English translation of every
quote that is not English (a rule that no text states says that it is inferred and what it
rests on); every quote in a decision and in docs/rules.md has its translation.

Usage: user_text.py CATAN-REFEREE SOURCE-DIR
"""
import os
import re
import subprocess
import sys

exe, src = sys.argv[1], sys.argv[2]
failures = []

# Words that point at files or people a user does not have, or at the catalog's tags.
FORBIDDEN = [
    (r"RULES(?:-5-6)?\.md", "the catalog's file name"),
    (r"\bseeds?\b", "the catalog's word for its source files"),
    (r"\bshared/", "the developers' shared folder"),
    (r"beside this file", "a file the user does not have"),
    (r"project owner", "a person the user cannot ask"),
    (r"\.txt\b", "a source file name"),
    (r"verify_quotes", "a developers' script"),
    (r"\bsection [0-4]\b", "a section of the catalog file"),
    (r"(?<![\d.-])00[0-3](?![\d])", "a source tag (000-003)"),
    (r"\bE-(?:2015|2020|FAQ|UoC|fan)\b", "a source tag (E-...)"),
    (r"\b(?:I did not|I could not|I found|by me)\b", "the catalog author's first person"),
]


def forbidden(what, text):
    for pattern, why in FORBIDDEN:
        m = re.search(pattern, text)
        if m:
            line = text[text.rfind("\n", 0, m.start()) + 1:text.find("\n", m.end())]
            failures.append(f"{what}: {why}: {m.group(0)!r} in {line.strip()[:160]!r}")


def run(*args):
    r = subprocess.run([exe, *args], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        failures.append(f"{' '.join(args)}: exit {r.returncode}: {r.stderr[:200]}")
    return r.stdout


# A quote not in English must be followed by its translation: «...» ("...") or «...» — "...".
UNTRANSLATED = re.compile(r"«([^»]*)»(?!\s*(?:\((?:in English: )?|—\s*)\")")

listing = run("rules")
forbidden("rules", listing)
rule_ids = [i for i in re.findall(r"^  ((?:X56-)?[A-Z]+-\d+) ", listing, re.M) if not i.startswith("D-")]
decision_ids = re.findall(r"^  (D-\d+) ", listing, re.M)
if len(rule_ids) < 90 or len(decision_ids) < 20:
    failures.append(f"rules lists {len(rule_ids)} rules and {len(decision_ids)} decisions")

LANG = r"\((Finnish|Persian|Catalan|English)\)"
quotes = 0
for rid in rule_ids:
    text = run("explain", rid)
    forbidden(f"explain {rid}", text)
    block = re.search(r"\n  What the rules texts say:\n(.*?)\n\n", text, re.S)
    if not block:
        failures.append(f"explain {rid}: no 'What the rules texts say' part")
        continue
    lines = block.group(1).split("\n")
    if lines[0].startswith("    No rules text states this in words; it is inferred."):
        status = re.search(r"^  Status: (.*)$", text, re.M).group(1)
        if not status.startswith("inferred"):
            failures.append(f"explain {rid}: no quote, but its status is {status!r}")
        if len(" ".join(lines).split("inferred.", 1)[1].strip()) < 20:
            failures.append(f"explain {rid}: no quote and no word on what it rests on")
        continue
    # Items: a source heading (4 spaces, ending with ":"), then quotes (6 spaces), each «...» with an
    # "In English:" translation after it; wrapped lines continue the item before them.
    items = []
    for line in lines:
        if line.startswith("      "):
            body = line[6:]
            if body.startswith(("«", '"', "In English: ")):
                items.append(["quote", body])
            else:
                items[-1][1] += " " + body
        elif line.startswith("    "):
            if items and items[-1][0] == "source" and not items[-1][1].endswith(":"):
                items[-1][1] += " " + line[4:]
            else:
                items.append(["source", line[4:]])
        else:
            failures.append(f"explain {rid}: unexpected line {line!r}")
    language = None
    for k, (kind, body) in enumerate(items):
        if kind == "source":
            m = re.search(LANG, body)
            if not m or not re.match(r"[A-Z][a-z]", body):
                failures.append(f"explain {rid}: a source without a name and language: {body!r}")
            language = m.group(1) if m else None
            continue
        if language is None:
            failures.append(f"explain {rid}: a quote under no named source: {body!r}")
        if body.startswith("«"):
            quotes += 1
            following = items[k + 1][1] if k + 1 < len(items) else ""
            if language == "English":
                failures.append(f"explain {rid}: a «» quote under an English source: {body!r}")
            if not re.match(r'In English: ".+"$', following):
                failures.append(f"explain {rid}: no English translation of {body!r}")
        elif body.startswith('"'):
            quotes += 1
            if language != "English":
                failures.append(f"explain {rid}: an untranslated quote of a {language} text: {body!r}")
    if not any(kind == "quote" for kind, _ in items):
        failures.append(f"explain {rid}: no quote")
if quotes < 200:
    failures.append(f"only {quotes} quotes in all rules' explain output")

for did in decision_ids:
    text = run("explain", did)
    forbidden(f"explain {did}", text)
    flat = re.sub(r"\s+", " ", text)
    for m in UNTRANSLATED.finditer(flat):
        failures.append(f"explain {did}: no English translation of «{m.group(1)}»")

doc = open(os.path.join(src, "docs", "rules.md"), encoding="utf-8").read()
forbidden("docs/rules.md", doc)
for m in UNTRANSLATED.finditer(re.sub(r"\s+", " ", doc)):
    failures.append(f"docs/rules.md: no English translation of «{m.group(1)}»")
for rid in rule_ids:
    sec = re.search(rf"^### {re.escape(rid)} — .*?(?=^### |\Z)", doc, re.M | re.S)
    if not sec or "What the rules texts say" not in sec.group(0):
        failures.append(f"docs/rules.md: {rid} has no 'What the rules texts say'")
for lang in ("Finnish", "Persian", "Catalan", "English"):
    if not re.search(rf"^\| .+ \| .+ \| {lang} \|$", doc, re.M):
        failures.append(f"docs/rules.md: the Sources table has no {lang} source")

for f in failures:
    print("FAIL:", f)
print(f"{len(rule_ids)} rules, {len(decision_ids)} decisions, {quotes} quotes checked; "
      f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
