#!/usr/bin/python3
"""The commands of README's "Use it from your engine's CI" run and say what it says.

Usage: readme_ci.py CATAN_REFEREE README

Runs each ```sh block of that section with bash (catan-referee on PATH, in a fresh
directory, blocks in order) and checks each one's exit status and output.
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

exe, readme = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2]).read_text()
section = readme.split("## Use it from your engine's CI", 1)[1].split("\n## ", 1)[0]
blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
failed = 0


def check(ok, msg):
    global failed
    if not ok:
        failed += 1
        print("FAIL", msg)


check(len(blocks) == 4, f"{len(blocks)} sh blocks")
tmp = tempfile.mkdtemp(prefix="readme-ci-")
bindir = pathlib.Path(tmp) / "bin"
bindir.mkdir()
(bindir / "catan-referee").symlink_to(exe)
env = dict(os.environ, PATH=f"{bindir}:{os.environ['PATH']}")
out = []
for b in blocks:
    p = subprocess.run(["bash", "-o", "pipefail", "-c", b], cwd=tmp, env=env, capture_output=True,
                       text=True, timeout=600)
    out.append(p)
    check(p.returncode == 0, f"exit {p.returncode}: {b}\n{p.stderr[:500]}")
if len(out) == 4:
    check("4 game(s): 4 legal (0 incomplete), 0 illegal, 0 malformed" in out[0].stdout and
          out[0].stdout.count("assertions checked: gains") == 4, out[0].stdout[-500:])
    check(out[1].stdout.strip() == "4", f"jsonl shards: {out[1].stdout!r}")
    answers = out[2].stdout.splitlines()
    check(len(answers) == 3, f"serve answers: {answers}")
    if len(answers) == 3:
        check('"board-seed":42' in answers[0] and '"hexes":[' in answers[0], answers[0][:200])
        check('"count":54' in answers[1] and '{"player":"red","settlement":[' in answers[1],
              answers[1][:200])
        check('"verdict":"illegal"' in answers[2] and '"rule":"SETUP-08"' in answers[2],
              answers[2][:300])
    # --keep-going on a mutant: several deviations, the exit status of a plain check (1).
    m = re.fullmatch(r"keep-going: (\d+) deviation\(s\) in 1 game\(s\)\n", out[3].stdout)
    check(m is not None and int(m.group(1)) > 1, f"keep-going: {out[3].stdout!r}")
print(f"{failed} failed")
sys.exit(1 if failed else 0)
