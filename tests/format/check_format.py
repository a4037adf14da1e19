#!/usr/bin/env python3
"""Every C++ file of src/, include/, tests/ and bench/ is formatted by the checked-in .clang-format.

Usage: check_format.py SOURCE_DIR [CLANG_FORMAT]   (prints the files that differ; exit 1)
"""
import pathlib
import shutil
import subprocess
import sys


def main():
    root = pathlib.Path(sys.argv[1])
    exe = sys.argv[2] if len(sys.argv) > 2 else shutil.which("clang-format")
    if not exe:
        raise SystemExit("clang-format is not installed (scripts/setup-deps.sh installs it)")
    files = sorted(p for d in ("src", "include", "tests", "bench") for ext in ("*.cpp", "*.hpp")
                   for p in (root / d).rglob(ext))
    if not files:  # checking nothing must not pass
        print(f"format: no C++ file under {root}")
        return 1
    bad = [f for f in files
           if subprocess.run([exe, "--dry-run", "--Werror", str(f)], capture_output=True).returncode]
    for f in bad:
        print(f"not formatted: {f.relative_to(root)} (run: clang-format -i {f.relative_to(root)})")
    print(f"format: {len(files)} files, {len(files) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
