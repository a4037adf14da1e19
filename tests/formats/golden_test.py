#!/usr/bin/python3
"""Golden outputs of the report formats for a few small logs.

Usage: golden_test.py CATAN_REFEREE GOLDEN_DIR REPO_ROOT [--update]

For each case and each format, runs `CATAN_REFEREE check --format F INPUT` from REPO_ROOT
with INPUT relative to it (so file names in the output are stable) and compares stdout
byte for byte with GOLDEN_DIR/<case>.<format>.golden, and the exit status with the case's.
With --update, rewrites the golden files instead. Prints `N passed, M failed` last.
The expected files end in .golden so that `catan-referee check` on a directory never
reads them as logs.
"""
import difflib
import os
import pathlib
import subprocess
import urllib.parse
import sys

FORMATS = ("json", "sarif", "junit", "github")


def cases(golden_dir, root):
    """(case name, input relative to REPO_ROOT, expected exit status)."""
    here = os.path.relpath(golden_dir, root)
    return [
        ("illegal-SETUP-03-snake-order", "samples/illegal-SETUP-03-snake-order.yaml", 1),
        ("legal-opening", "samples/legal-opening.yaml", 0),
        ("malformed-dup-key", os.path.join(here, "malformed-dup-key.yaml"), 2),
    ]


def main(argv):
    update = "--update" in argv
    args = [a for a in argv[1:] if a != "--update"]
    if len(args) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    exe = os.path.abspath(args[0])
    golden_dir, root = pathlib.Path(args[1]).resolve(), pathlib.Path(args[2]).resolve()
    passed = failed = 0
    for name, source, exit_status in cases(golden_dir, root):
        for fmt in FORMATS:
            expected_file = golden_dir / f"{name}.{fmt}.golden"
            proc = subprocess.run([exe, "check", "--format", fmt, source], cwd=root,
                                  capture_output=True, timeout=120)
            # SARIF names the working directory (%SRCROOT%) and the rules reference found at
            # run time (the source tree's docs/rules.md): the tree's place as ROOT.
            root_uri = "file://" + urllib.parse.quote(str(root), safe="/-._~!$&'()*+,;=@")
            proc.stdout = proc.stdout.replace(root_uri.encode(), b"file:///ROOT")
            problems = []
            if proc.returncode != exit_status:
                problems.append(f"exit status {proc.returncode}, expected {exit_status}; "
                                f"stderr: {proc.stderr.decode(errors='replace')[:300]}")
            if update:
                if not expected_file.exists() or expected_file.read_bytes() != proc.stdout:
                    expected_file.write_bytes(proc.stdout)
                    print(f"updated {expected_file}")
            elif not expected_file.exists():
                problems.append(f"{expected_file} is missing (run with --update)")
            elif expected_file.read_bytes() != proc.stdout:
                diff = difflib.unified_diff(
                    expected_file.read_text(encoding="utf-8").splitlines(),
                    proc.stdout.decode("utf-8", errors="replace").splitlines(),
                    str(expected_file), "actual", lineterm="", n=2)
                problems.append("output differs:\n" + "\n".join(list(diff)[:40]))
            if problems:
                failed += 1
                print(f"FAIL {name} --format {fmt}: " + "\n  ".join(problems))
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
