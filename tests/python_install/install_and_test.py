#!/usr/bin/env python3
"""The Python package as a user installs it (pyproject.toml, setup.py):

1. `python3 -m build --no-isolation --wheel` makes a wheel for this platform with the
   project's version and every file the CMake build assembles in BUILD_DIR/python/catan_referee;
2. the wheel, installed with `pip install --no-index --no-deps` into a fresh venv
   (`python3 -m venv --system-site-packages`, for pytest and Debian's other modules),
   passes the whole Python suite (tests/python) with no PYTHONPATH, importing
   catan_referee and its native module from the venv;
3. `pip install --no-build-isolation .` into a second venv installs a module that imports
   from that venv and checks a game;
and neither build leaves a file in the source tree that git does not ignore.

Both builds reuse BUILD_DIR (CATAN_CMAKE_BUILD_DIR, setup.py) instead of compiling the
library again; setup.py's own Release build is not run here (it takes minutes).

usage: install_and_test.py PYTHON BUILD_DIR SOURCE_DIR VERSION CLI
"""
import glob
import os
import subprocess
import sys
import tempfile
import time
import zipfile

python, build_dir, source_dir, version, cli = sys.argv[1:6]
build_dir, source_dir = os.path.abspath(build_dir), os.path.abspath(source_dir)
legal = os.path.join(source_dir, "samples", "legal-game-4p-seed5.yaml")
failures = []
started = time.monotonic()

# No PYTHONPATH (nor a user's site-packages): the module must come from the venv.
env = {k: v for k, v in os.environ.items()
       if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE", "VIRTUAL_ENV")}
env.update(PYTHONNOUSERSITE="1", PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
           CATAN_CMAKE_BUILD_DIR=build_dir)


def run(cmd, cwd, timeout=600, **extra):
    shown = " ".join("'...'" if "\n" in a or len(a) > 120 else a for a in cmd)
    print(f"[{time.monotonic() - started:5.1f}s] $ {shown}", flush=True)
    p = subprocess.run(cmd, cwd=cwd, env={**env, **extra}, capture_output=True, text=True,
                       timeout=timeout)
    if p.returncode != 0:
        sys.exit(f"FAIL: {shown} exited {p.returncode}\n{p.stdout[-20000:]}\n{p.stderr[-20000:]}")
    return p


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)


def untracked():
    """The files of the source tree that git neither tracks nor ignores (None: not a checkout)."""
    p = subprocess.run(["git", "-C", source_dir, "status", "--porcelain", "--untracked-files=all"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None
    return {line[3:] for line in p.stdout.splitlines() if line.startswith("?? ")}


def venv(where):
    run([python, "-m", "venv", "--system-site-packages", where], cwd=os.path.dirname(where))
    return os.path.join(where, "bin", "python")


# Where a venv's python imports catan_referee and its native module from, and what it says.
WHERE = ("import os, sys, catan_referee, catan_referee._native as n; "
         "print(os.path.realpath(sys.prefix)); print(os.path.realpath(catan_referee.__file__)); "
         "print(os.path.realpath(n.__file__)); print(catan_referee.__version__); "
         "print(catan_referee.check(sys.argv[1]).status)")


def check_imports_from(venv_python, venv_dir, how):
    prefix, init, native, module_version, status = run(
        [venv_python, "-c", WHERE, legal], cwd=os.path.dirname(venv_dir)).stdout.split("\n")[:5]
    inside = os.path.realpath(venv_dir) + os.sep
    check(prefix + os.sep == inside, f"{how}: sys.prefix is the venv ({prefix})")
    check(init.startswith(inside), f"{how}: catan_referee imported from the venv ({init})")
    check(native.startswith(inside),
          f"{how}: catan_referee._native imported from the venv ({native})")
    check(module_version == version, f"{how}: __version__ {module_version} (CMake: {version})")
    check(status == "legal", f"{how}: check() of the legal sample says {status}")


# Runs pytest and writes where catan_referee came from once the suite is done.
SUITE = r"""
import os, sys, pytest
out = sys.argv.pop(1)
class Where:
    def pytest_sessionfinish(self, session, exitstatus):
        m = sys.modules.get("catan_referee")
        with open(out, "w") as f:
            f.write(os.path.realpath(m.__file__) if m else "not imported")
sys.exit(pytest.main(sys.argv[1:], plugins=[Where()]))
"""

before = untracked()
with tempfile.TemporaryDirectory(prefix="catan-pip-") as tmp:
    # 1. The wheel.
    dist = os.path.join(tmp, "dist")
    run([python, "-m", "build", "--no-isolation", "--wheel", "--outdir", dist, source_dir], cwd=tmp)
    wheels = glob.glob(os.path.join(dist, "*.whl"))
    check(len(wheels) == 1, f"one wheel made: {[os.path.basename(w) for w in wheels]}")
    wheel = wheels[0]
    name = os.path.basename(wheel)
    check(name.startswith(f"catan_referee-{version}-"), f"the wheel has version {version}: {name}")
    check(not name.endswith("-none-any.whl"), f"the wheel is for this platform: {name}")
    with zipfile.ZipFile(wheel) as z:
        files = set(z.namelist())
        info = f"catan_referee-{version}.dist-info"
        metadata = z.read(f"{info}/METADATA").decode() if f"{info}/METADATA" in files else ""
        wheel_info = z.read(f"{info}/WHEEL").decode() if f"{info}/WHEEL" in files else ""
    check("Name: catan-referee\n" in metadata, "METADATA: Name: catan-referee")
    check(f"Version: {version}\n" in metadata, f"METADATA: Version: {version}")
    check("Requires-Python: " in metadata and "License: " in metadata,
          "METADATA: Requires-Python and License")
    check("Root-Is-Purelib: false" in wheel_info,
          "WHEEL: platform-specific (Root-Is-Purelib: false)")
    assembled = os.path.join(build_dir, "python", "catan_referee")
    built = {os.path.relpath(os.path.join(d, f), os.path.dirname(assembled))
             for d, dirs, fs in os.walk(assembled) for f in fs
             if "__pycache__" not in d and not f.endswith(".pyc")}
    check(any(f.startswith("catan_referee/_native.") and f.endswith(".so") for f in built),
          f"{assembled} holds the native module")
    missing = sorted(built - files)
    check(not missing, f"the wheel holds every file of {assembled} (missing: {missing})")
    extra = sorted(f for f in files if not f.startswith(("catan_referee/", info + "/")))
    check(not extra, f"the wheel holds nothing else (extra: {extra})")

    # 2. The wheel in a venv, and the whole suite against it.
    venv_wheel = os.path.join(tmp, "venv-wheel")
    vpy = venv(venv_wheel)
    run([vpy, "-m", "pip", "install", "--no-index", "--no-deps", wheel], cwd=tmp)
    check_imports_from(vpy, venv_wheel, "wheel")
    where = os.path.join(tmp, "suite-imported")
    p = run([vpy, "-c", SUITE, where, "-q", "-rs", "-p", "no:cacheprovider",
             os.path.join(source_dir, "tests", "python")], cwd=tmp, timeout=900,
            CATAN_REFEREE=cli, CATAN_SOURCE_DIR=source_dir)
    print(p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "(pytest printed nothing)")
    with open(where) as f:
        imported = f.read()
    check(imported.startswith(os.path.realpath(venv_wheel) + os.sep),
          f"wheel: the suite passed with catan_referee from {imported}")

    # 3. pip install . into another venv (pip builds a wheel in the tree with setup.py).
    venv_pip = os.path.join(tmp, "venv-pip")
    vpy = venv(venv_pip)
    run([vpy, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--no-deps",
         source_dir], cwd=tmp)
    check_imports_from(vpy, venv_pip, "pip install .")

after = untracked()
if before is None:
    print("skip the source tree check: not a git checkout")
else:
    new = sorted(after - before)
    check(not new, f"the builds left no file in the source tree that git does not ignore ({new})")

print(f"{time.monotonic() - started:.1f} s")
if failures:
    sys.exit(f"{len(failures)} failed:\n  " + "\n  ".join(failures))
print("all passed")
