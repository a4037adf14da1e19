#!/usr/bin/env python3
"""Runs the commands of the README sections "Use it from Python" and "Check millions of
games": every ```sh block in bash and every ```python block in the module's interpreter,
from a scratch folder that links the tree's samples/, conformance/, examples/, tests/ and
build/.
A ```text block right after a block is its expected standard output, compared exactly.
Background commands (`... &`) are ended with their process group when the block ends.

usage: readme_examples.py README CLI PYTHON_PACKAGE_DIR PYTHON   (exit 77: module not built)
"""
import os
import re
import signal
import subprocess
import sys
import tempfile

SECTIONS = ["Use it from Python", "Check millions of games"]


def blocks(readme):
    """(section, language, code, expected output or None) of the sections' blocks."""
    text = open(readme, encoding="utf-8").read()
    out = []
    for title in SECTIONS:
        m = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
        if not m:
            sys.exit(f"FAIL: README has no section '## {title}'")
        fences = re.findall(r"^```(\w+)\n(.*?)^```\n", m.group(1), re.S | re.M)
        for i, (lang, code) in enumerate(fences):
            if lang not in ("sh", "python"):
                continue
            expected = fences[i + 1][1] if i + 1 < len(fences) and fences[i + 1][0] == "text" else None
            out.append((title, lang, code, expected))
    return out


def main():
    readme, cli, package_dir, python = sys.argv[1:5]
    if not os.path.isfile(os.path.join(package_dir, "catan_referee", "__init__.py")):
        print("SKIP: the Python module catan_referee was not built")
        return 77
    source = os.path.dirname(os.path.abspath(readme))
    found = blocks(readme)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="catan-readme-") as tmp:
        for name in ["samples", "conformance", "examples", "tests"]:
            os.symlink(os.path.join(source, name), os.path.join(tmp, name))
        # The README says build/dev/python; the module of this build is package_dir.
        os.makedirs(os.path.join(tmp, "build", "dev"))
        os.symlink(os.path.abspath(package_dir), os.path.join(tmp, "build", "dev", "python"))
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        # The CLI of this build and the system python3 (with Debian's Dask) come first.
        env["PATH"] = os.pathsep.join([os.path.dirname(os.path.abspath(cli)), "/usr/bin", env["PATH"]])
        env["PWD"] = tmp
        exported = {}
        for title, lang, code, expected in found:
            if lang == "sh":
                script = "set -eu\n" + code  # no pipefail: check exits 1 on an illegal game
                cmd = ["bash", "-c", script]
            else:
                cmd = [python, "-c", code]
            run_env = dict(env, **exported)
            # Output to files, not pipes: background commands keep a pipe open after the
            # block ends. Its process group (the block and what it started) is ended after.
            with open(os.path.join(tmp, ".out"), "w+") as fo, open(os.path.join(tmp, ".err"), "w+") as fe:
                p = subprocess.Popen(cmd, cwd=tmp, env=run_env, stdout=fo, stderr=fe, text=True,
                                     start_new_session=True)
                try:
                    p.wait(timeout=240)
                    status = p.returncode
                except subprocess.TimeoutExpired:
                    status = "timed out"
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                p.wait()
                fo.seek(0)
                fe.seek(0)
                out, err = fo.read(), fe.read()
            for m in re.finditer(r"^export (\w+)=(\S+)$", code, re.M):  # for later blocks
                exported[m.group(1)] = m.group(2).replace("$PWD", tmp)
            ok = status == 0 and (expected is None or out == expected)
            print(f"{'ok  ' if ok else 'FAIL'} {title}: {lang} block {code.splitlines()[0]!r}")
            if not ok:
                failures += 1
                print(f"exit {status}\n--- stdout\n{out}--- stderr\n{err[-3000:]}")
                if expected is not None and out != expected:
                    print(f"--- expected stdout\n{expected}")
    print(f"readme: {len(found)} blocks, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
