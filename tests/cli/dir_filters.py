#!/usr/bin/python3
"""check's directory filters from outside: .gitignore honoured by default (negations, folder
patterns, `.git` skipped), --no-ignore, --glob, --exclude; one note per reason; a file named
itself always read; the Python module's scan_paths/skipped_files/check agree with the CLI.

Usage: dir_filters.py CATAN_REFEREE SAMPLES_DIR
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

exe, samples = sys.argv[1], pathlib.Path(sys.argv[2])
failed = 0


def check(ok, msg):
    global failed
    if not ok:
        failed += 1
        print("FAIL", msg)


def run(*args):
    p = subprocess.run([exe, "check", "--summary", *map(str, args)], capture_output=True,
                       text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def games(out):
    return int(out.split(" game(s)")[0].split()[-1]) if " game(s)" in out else 0


game = (samples / "legal-game-4p-seed5.yaml").read_text()
with tempfile.TemporaryDirectory() as tmp:
    d = pathlib.Path(tmp) / "club"
    for rel in ["a.yaml", "sub/b.yaml", "sub/keep.tmp.yaml", "scratch.tmp.yaml",
                "build/c.yaml", ".git/d.yaml", "notes/e.txt"]:
        (d / rel).parent.mkdir(parents=True, exist_ok=True)
        (d / rel).write_text(game)
    (d / ".gitignore").write_text("# output\nbuild/\n*.tmp.yaml\n")
    (d / "sub" / ".gitignore").write_text("!keep.tmp.yaml\n")

    rc, out, err = run(d)
    check(rc == 0 and games(out) == 3, f"default: 3 games (a, sub/b, sub/keep.tmp): {out}{err}")
    check("ignored by .gitignore (*.tmp.yaml): " + str(d / "scratch.tmp.yaml") in err, err)
    check(err.count("catan-referee: note:") == 2, f"one note per reason: {err}")

    rc, out, err = run("--no-ignore", d)
    check(rc == 0 and games(out) == 6, f"--no-ignore: 6 games: {out}{err}")

    rc, out, err = run("--glob", "*.txt", "--glob", "sub/*.yaml", "--exclude", "keep*", d)
    check(rc == 0 and games(out) == 2, f"--glob/--exclude: 2 games (e.txt, sub/b): {out}{err}")
    check("not matched by --glob" in err and "excluded by --exclude keep*" in err, err)

    rc, out, err = run("--exclude", "sub", "--exclude", "notes", d)
    check(rc == 0 and games(out) == 1, f"--exclude a folder: 1 game: {out}{err}")

    rc, out, err = run("--exclude", "*.yaml", d / "scratch.tmp.yaml")
    check(rc == 0 and games(out) == 1, f"a file named itself is read: {out}{err}")

    rc, out, err = run("--glob", "*.none", d)
    check(rc == 2 and "no games checked" in err, f"nothing matched: exit 2: {rc} {err}")

    # The Python module, when built, expands the same way.
    try:
        import catan_referee
    except ImportError:
        print("python: catan_referee not importable here, its part skipped")
    else:
        names = lambda files: sorted(os.path.relpath(f, d) for f, _ in files)
        files, _ = catan_referee.scan_paths(str(d))
        check(names(files) == ["a.yaml", "sub/b.yaml", "sub/keep.tmp.yaml"], names(files))
        files, _ = catan_referee.scan_paths(str(d), glob=["*.txt"], no_ignore=True)
        check(names(files) == ["notes/e.txt"], names(files))
        why = dict(catan_referee.skipped_files(str(d), exclude="sub"))
        check(why.get(str(d / "scratch.tmp.yaml")) == "ignored by .gitignore (*.tmp.yaml)", why)
        check(len(catan_referee.check(str(d), exclude=["sub"])) == 1, "python check exclude")

print(f"dir filters: {'FAILED' if failed else 'passed'}")
sys.exit(1 if failed else 0)
