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


def test_a_fifo_in_a_folder_is_not_opened_on_a_worker(cli, tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    os.mkfifo(games / "pipe.yaml")  # opening it would block the worker: nobody writes
    (games / "game.yaml").write_text(open(os.path.join(SAMPLES, "legal-game-4p-seed5.yaml")).read())
    out = tmp_path / "report.json"
    p = run_example("--local", "1", "--out", str(out), str(games))
    status, expected = cli("check", "--format", "json", str(games))
    assert p.returncode == status == 2, p.stderr
    assert out.read_text(encoding="utf-8") == expected
