#!/usr/bin/env python3
"""Compiles and runs the C++ examples of docs/API.md, one per task of the API: every ```cpp
block is a complete program, compiled with -Wall -Wextra -Werror -pedantic against the
API's headers alone (include/ of the source and of the build, never src/) and linked with
the built libcatan_referee; it runs in a scratch folder that links the tree's samples/ and
tests/. The ```text block right after it is its expected standard output, compared exactly.
Each of the sections below must have an example.

usage: api_examples.py API_MD SOURCE_DIR BUILD_DIR LIBRARY CXX [CXXFLAGS [LDFLAGS]]
"""
import os
import re
import subprocess
import sys
import tempfile

SECTIONS = ["Read a game", "Check games", "Referee a live game", "Render a report"]


def blocks(doc):
    """(section, code, expected output or None) of every ```cpp block."""
    text = open(doc, encoding="utf-8").read()
    out = []
    for m in re.finditer(r"^## (.+?)\n(.*?)(?=^## |\Z)", text, re.S | re.M):
        fences = re.findall(r"^```(\w+)\n(.*?)^```\n", m.group(2), re.S | re.M)
        for i, (lang, code) in enumerate(fences):
            if lang == "cpp":
                nxt = fences[i + 1] if i + 1 < len(fences) else None
                out.append((m.group(1), code, nxt[1] if nxt and nxt[0] == "text" else None))
    return out


def main():
    doc, source, build, library, cxx = sys.argv[1:6]
    cxxflags = sys.argv[6].split() if len(sys.argv) > 6 else []
    ldflags = sys.argv[7].split() if len(sys.argv) > 7 else []
    found = blocks(doc)
    failures = []
    for title in SECTIONS:
        if not any(t == title for t, _, _ in found):
            failures.append(f"docs/API.md has no C++ example in a section '## {title}'")
    with tempfile.TemporaryDirectory(prefix="catan-api-doc-") as tmp:
        for name in ["samples", "tests"]:
            os.symlink(os.path.join(source, name), os.path.join(tmp, name))
        for n, (title, code, expected) in enumerate(found):
            src = os.path.join(tmp, f"example{n}.cpp")
            exe = os.path.join(tmp, f"example{n}")
            with open(src, "w") as f:
                f.write(code)
            p = subprocess.run([cxx, *cxxflags, "-std=c++20", "-Wall", "-Wextra", "-Werror",
                                "-pedantic", "-I", os.path.join(source, "include"), "-I",
                                os.path.join(build, "include"), src, "-o", exe, library,
                                f"-Wl,-rpath,{os.path.dirname(os.path.abspath(library))}", *ldflags],
                               capture_output=True, text=True)
            if p.returncode != 0:
                failures.append(f"'{title}': does not compile\n{p.stderr}")
                continue
            p = subprocess.run([exe], capture_output=True, text=True, cwd=tmp, timeout=120)
            if p.returncode != 0:
                failures.append(f"'{title}': exited {p.returncode}\n{p.stdout}{p.stderr}")
            elif expected is None:
                failures.append(f"'{title}': no ```text block of its output after it")
            elif p.stdout != expected:
                failures.append(f"'{title}': output differs; expected\n{expected}got\n{p.stdout}")
            else:
                print(f"ok   {title}")
    for f in failures:
        print("FAIL", f)
    print(f"{len(found)} example(s), {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
