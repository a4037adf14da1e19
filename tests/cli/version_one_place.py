#!/usr/bin/python3
"""The version comes from one place, CMakeLists.txt's project(): `--version`, the JSON and
SARIF reports' tool version and the Python module's __version__ all say it, and no source
file spells it out (it used to be written again in main.cpp and cmd_check.cpp).

Usage: version_one_place.py CATAN_REFEREE SOURCE_DIR [PYTHONPATH]
"""
import json
import os
import pathlib
import re
import subprocess
import sys

exe, root = sys.argv[1], pathlib.Path(sys.argv[2])
version = re.search(r"project\(catan-referee VERSION ([0-9.]+)",
                    (root / "CMakeLists.txt").read_text()).group(1)
failures = []


def expect(what, ok):
    if not ok:
        failures.append(what)


out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
expect(f"--version says {out!r}, not catan-referee {version}", out == f"catan-referee {version}")
sample = str(root / "samples" / "legal-opening.yaml")
report = json.loads(subprocess.run([exe, "check", "--format", "json", sample],
                                   capture_output=True, text=True).stdout)
expect(f"JSON tool version {report['tool']['version']!r}", report["tool"]["version"] == version)
sarif = json.loads(subprocess.run([exe, "check", "--format", "sarif", sample],
                                  capture_output=True, text=True).stdout)
driver = sarif["runs"][0]["tool"]["driver"]
expect(f"SARIF driver version {driver.get('version')!r}", driver.get("version") == version)
if len(sys.argv) > 3:
    env = dict(os.environ, PYTHONPATH=sys.argv[3])
    py = subprocess.run([sys.executable, "-c", "import catan_referee; print(catan_referee.__version__)"],
                        capture_output=True, text=True, env=env).stdout.strip()
    expect(f"Python __version__ {py!r}", py == version)
spelled = re.compile(r'"[^"\n]*\b' + re.escape(version) + r'\b[^"\n]*"')
for f in sorted((root / "src").rglob("*")):
    if f.suffix in (".cpp", ".hpp", ".py") and spelled.search(f.read_text(errors="replace")):
        expect(f"{f.relative_to(root)} spells the version {version} in a string", False)
for f in failures:
    print("FAIL:", f)
print(f"version {version}: {'ok' if not failures else f'{len(failures)} failure(s)'}")
sys.exit(1 if failures else 0)
