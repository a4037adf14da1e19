#!/usr/bin/env python3
"""docs/rules.md is what `scripts/gen_rule_table.py --markdown` prints from RULES.md, and it
has an anchor for every rule ID and decision that `catan-referee rules` lists.

Usage: rules_doc.py CATAN-REFEREE SOURCE-DIR [RULES.md]
"""
import os
import re
import subprocess
import sys

exe, src = sys.argv[1], sys.argv[2]
catalog = sys.argv[3] if len(sys.argv) > 3 else os.path.join(src, "..", "shared", "rules", "RULES.md")
doc_path = os.path.join(src, "docs", "rules.md")
failures = []

doc = open(doc_path, encoding="utf-8").read()
if os.path.exists(catalog):
    fresh = subprocess.run([sys.executable, os.path.join(src, "scripts", "gen_rule_table.py"), "--markdown",
                            catalog], capture_output=True, text=True, check=True).stdout
    if fresh != doc:
        failures.append("docs/rules.md is out of date: run scripts/gen_rule_table.py --markdown > docs/rules.md")
    # The generated tables the binary is built from (core/*.def) are up to date as well.
    for flag, out in (([], "rules.def"), (["--decisions"], "decisions.def"), (["--sources"], "rule_sources.def")):
        made = subprocess.run([sys.executable, os.path.join(src, "scripts", "gen_rule_table.py"), *flag,
                               catalog], capture_output=True, text=True, check=True).stdout
        if made != open(os.path.join(src, "src", "core", out), encoding="utf-8").read():
            failures.append(f"src/core/{out} is out of date: run scripts/gen_rule_table.py "
                            f"{' '.join(flag)} > src/core/{out}")
else:
    print(f"note: {catalog} not found; only the anchors are checked")

listing = subprocess.run([exe, "rules"], capture_output=True, text=True, check=True).stdout
ids = re.findall(r"^  ((?:X56-)?[A-Z]+-\d+|D-\d+) ", listing, re.M)
if len(ids) < 100:
    failures.append(f"`rules` listed only {len(ids)} IDs")
anchors = set(re.findall(r'<a id="([^"]+)"></a>', doc))
for i in ids:
    if i not in anchors:
        failures.append(f"docs/rules.md has no anchor for {i}")
    elif not re.search(rf"^### {re.escape(i)} — ", doc, re.M):
        failures.append(f"docs/rules.md has no heading for {i}")

for f in failures:
    print("FAIL:", f)
print(f"{len(ids)} IDs checked" if not failures else f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
