"""Shared set-up of the Python module's tests: run by ctest (tests/CMakeLists.txt) with
PYTHONPATH at the built package, CATAN_REFEREE the CLI and CATAN_SOURCE_DIR the tree."""
import os
import subprocess

import pytest

SOURCE_DIR = os.environ.get("CATAN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
SAMPLES = os.path.join(SOURCE_DIR, "samples")
ILLEGAL = os.path.join(SAMPLES, "illegal-ROBBER-01-wrong-discard-count.yaml")
LEGAL = os.path.join(SAMPLES, "legal-game-4p-seed5.yaml")


@pytest.fixture
def cli():
    """Runs `catan-referee ARGS...`; returns (exit status, stdout)."""
    exe = os.environ.get("CATAN_REFEREE")
    if not exe:
        pytest.skip("CATAN_REFEREE (the CLI to compare with) is not set")

    def run(*args):
        p = subprocess.run([exe, *args], capture_output=True, text=True, timeout=300)
        return p.returncode, p.stdout

    return run
