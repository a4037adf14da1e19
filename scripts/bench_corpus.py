"""The benchmarks' shared corpus: 200 generated 4-player games (seeds from 5000), the
games of `scripts/bench_stream.py` and `scripts/bench_jobs.py`."""
import pathlib
import subprocess
import tempfile


def generated_games(exe, prefix):
    """A new temporary folder, and the sorted paths of the 200 games `exe` wrote into its gen/."""
    tmp = pathlib.Path(tempfile.mkdtemp(prefix=prefix))
    gen = tmp / "gen"
    gen.mkdir()
    subprocess.run([exe, "generate", "--seed", "5000", "--count", "200", "--out", str(gen)],
                   check=True, stdout=subprocess.DEVNULL)
    return tmp, sorted(gen.glob("*.yaml"))
