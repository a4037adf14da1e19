"""examples/dask_check.py on a LocalCluster of 2 worker processes gives the CLI's report
(`check --format json`), byte for byte, and its exit status."""
import os
import subprocess
import sys

import pytest

from conftest import SAMPLES, SOURCE_DIR

pytest.importorskip("distributed", reason="python3-distributed is not installed")
EXAMPLE = os.path.join(SOURCE_DIR, "examples", "dask_check.py")
CONFORMANCE = os.path.join(SOURCE_DIR, "conformance")


def run_example(*args):
    return subprocess.run([sys.executable, EXAMPLE, *args], capture_output=True, text=True,
                          timeout=240)


def test_local_cluster_report_is_the_clis(cli, tmp_path):
    out = tmp_path / "report.json"
    rules = ["--rule", "bank-shortage=strict"]
    p = run_example("--local", "2", "--batch", "16", "--out", str(out), *rules, SAMPLES, CONFORMANCE)
    status, expected = cli("check", "--format", "json", *rules, SAMPLES, CONFORMANCE)
    assert p.returncode == status, p.stderr
    assert out.read_text(encoding="utf-8") == expected
    assert expected.count('"game":') > 150  # many batches, so both workers had work


def test_bad_rule_is_a_usage_error():
    p = run_example("--local", "1", "--rule", "bank-shortage=sometimes", SAMPLES)
    assert p.returncode == 2 and "bank-shortage" in p.stderr
