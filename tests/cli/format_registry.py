#!/usr/bin/python3
"""The format registry is the one list of import formats: what `import --list-formats`
prints (from src/import/registry.cpp) must be what the bash completion offers for --from,
what every --from option accepts and lists in --help, what the man page's IMPORT FORMATS
section and docs/IMPORT-FORMATS.md describe, and which file endings a folder's files are
read by. Fails naming each place that drifted.

Usage: format_registry.py CATAN_REFEREE SOURCE_DIR
"""
import json
import pathlib
import re
import subprocess
import sys

exe, src = sys.argv[1], pathlib.Path(sys.argv[2])
failed = 0


def fail(msg):
    global failed
    failed += 1
    print("FAIL", msg)


def run(*args):
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=60)


r = run("import", "--list-formats", "--format", "json")
if r.returncode != 0:
    sys.exit(f"FAIL import --list-formats: exit {r.returncode}: {r.stderr}")
formats = json.loads(r.stdout)
names = [f["name"] for f in formats]
every_name = [n for f in formats for n in [f["name"], *f["aliases"]]]
extensions = [e for f in formats for e in f["extensions"]]
if not names:
    sys.exit("FAIL the registry lists no format")

# The text listing names the same formats in the same order.
text = run("import", "--list-formats").stdout
listed = [l for l in text.splitlines() if l and not l.startswith(" ")]
if listed != names:
    fail(f"import --list-formats (text) lists {listed}, JSON {names}")

# Each mapping page exists.
for f in formats:
    if not (src / f["doc"]).is_file():
        fail(f"{f['name']}: its mapping page {f['doc']} does not exist")

# The completion's --from list, and its file-name pattern.
comp = (src / "completion" / "catan-referee.bash").read_text()
m = re.search(r'--from\) list="([^"]*)"', comp)
if not m or m.group(1).split() != ["auto", *every_name]:
    fail(f"completion --from offers {m.group(1).split() if m else None}, "
         f"the registry {['auto', *every_name]}")
for pattern in re.findall(r"@\(([a-z|]+)\)", comp):
    for e in extensions:
        if e.lstrip(".") not in pattern.split("|"):
            fail(f"completion's file pattern @({pattern}) lacks {e}")

# Every command's --from: its --help lists the names, and it accepts each name and alias.
for cmd in ["check", "show", "report", "redact", "import", "board", "mutate"]:
    h = run(cmd, "--help").stdout
    block = h[h.find("\n  --from"):][:600]
    for n in names:
        if n not in block:
            fail(f"{cmd} --help: --from does not name {n}")
    for n in every_name:
        r = run(cmd, "--from", n, str(src / "nonexistent-file"))
        if "not in" in r.stderr or "--from" in r.stderr:
            fail(f"{cmd} --from {n} is refused: {r.stderr.strip()}")
    r = run(cmd, "--from", "no-such-format", "x")
    if r.returncode != 2:
        fail(f"{cmd} --from no-such-format: exit {r.returncode}, want 2")

# The man page's IMPORT FORMATS section: one .TP entry a format, in order, with its
# aliases, file endings and mapping page.
man = (src / "man" / "catan-referee.1").read_text()
sec = man[man.find(".SH IMPORT FORMATS"):]
sec = sec[:sec.find("\n.SH ", 1)]
entries = re.findall(r"\.TP\n\.B (\S+)\n(.*?)(?=\n\.TP\n|\Z)", sec, re.S)
if [e[0] for e in entries] != names:
    fail(f"man IMPORT FORMATS lists {[e[0] for e in entries]}, the registry {names}")
for (name, body), f in zip(entries, formats):
    plain = body.replace("\\-", "-")
    for a in f["aliases"]:
        if a not in plain:
            fail(f"man IMPORT FORMATS {name}: alias {a} missing")
    for e in f["extensions"]:
        if e not in plain:
            fail(f"man IMPORT FORMATS {name}: file ending {e} missing")
    if f["doc"] not in plain:
        fail(f"man IMPORT FORMATS {name}: mapping page {f['doc']} missing")

# docs/IMPORT-FORMATS.md: one table row a format, in order, with the same cells.
doc = (src / "docs" / "IMPORT-FORMATS.md").read_text()
rows = [[c.strip() for c in l.strip().strip("|").split("|")]
        for l in doc.splitlines() if l.startswith("| `")]
if [r[0].strip("`") for r in rows] != names:
    fail(f"docs/IMPORT-FORMATS.md lists {[r[0] for r in rows]}, the registry {names}")
for row, f in zip(rows, formats):
    if row[1].replace("`", "").split() != f["aliases"]:
        fail(f"docs/IMPORT-FORMATS.md {f['name']}: aliases {row[1]!r}, want {f['aliases']}")
    if row[2].replace("`", "").split() != f["extensions"]:
        fail(f"docs/IMPORT-FORMATS.md {f['name']}: files {row[2]!r}, want {f['extensions']}")
    if row[3] != f["title"] or row[4] != f["expresses"]:
        fail(f"docs/IMPORT-FORMATS.md {f['name']}: title or holds differ from the registry")
    if pathlib.Path(f["doc"]).name not in row[5]:
        fail(f"docs/IMPORT-FORMATS.md {f['name']}: mapping {row[5]!r}, want {f['doc']}")

# A folder's files are read by every format's endings: one file of each, named by the
# ending, must be looked at by `check DIR` (each is empty: malformed, but read).
import tempfile
with tempfile.TemporaryDirectory() as d:
    for i, e in enumerate(sorted(set(extensions))):
        (pathlib.Path(d) / f"f{i}{e}").write_text("")
    r = run("check", "--format", "json", d)
    try:
        seen = {pathlib.Path(g["file"]).suffix for g in json.loads(r.stdout)["games"]}
    except (ValueError, KeyError) as ex:
        seen = set()
        fail(f"check DIR: no JSON report ({ex}): {r.stderr[:300]}")
    for e in set(extensions) - seen:
        fail(f"check DIR does not read *{e} files")
    # A file of another ending is not read, and the run says so, with the reason.
    (pathlib.Path(d) / "notes.txt").write_text("not a game\n")
    r = run("check", "--format", "json", d)
    if "1 file(s) in the folders given were not read" not in r.stderr or "notes.txt" not in r.stderr:
        fail(f"check DIR: no note for the file it skips: {r.stderr[:300]!r}")
    if "--quiet" and "notes.txt" in run("check", "-q", d).stderr:
        fail("check -q DIR: the note on skipped files is not quiet")

print(f"{len(formats)} formats: {', '.join(names)}")
if failed:
    sys.exit(f"{failed} failure(s)")
print("PASS")
