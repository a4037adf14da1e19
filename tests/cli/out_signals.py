#!/usr/bin/env python3
"""SIGTERM and SIGINT during `generate --out DIR` leave no hidden temporary file behind.

Each run starts `generate --count 100000 --out DIR` (games to 3 victory points, quick to
make) into a fresh folder and, after a short random delay, stops it (SIGSTOP) at random
moments until a temporary file (.NAME.XXXXXX) is in DIR while it is stopped, that is in
the middle of a write; then it gets SIGTERM or SIGINT (alternately) and SIGCONT. A run
that catches no write within 3 s sends the signal anyway. A write takes microseconds
against milliseconds for a game, so with --preload SHIM (tests/cli/slow_out_writes.cpp,
LD_PRELOAD) each write takes 40 ms more and most runs catch one. Every run must end by that
signal (or with a clean nonzero exit status and a message), leave no hidden file, and
every file it left must be a complete game (the newest is checked). At least one run must
have caught a write in progress, or the test has not tested the cleanup.
Usage: out_signals.py CATAN_REFEREE [RUNS] [--preload SHIM]
"""
import os
import pathlib
import random
import signal
import subprocess
import sys
import tempfile
import time

args = sys.argv[1:]
env = dict(os.environ)
if "--preload" in args:
    shim = args.pop(args.index("--preload") + 1)
    args.remove("--preload")
    env["LD_PRELOAD"] = shim
    # A sanitizer build's runtime must otherwise come first in the library list.
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"),
                                                 "verify_asan_link_order=0"]))
exe = args[0]
runs = int(args[1]) if len(args) > 1 else 20
rng = random.Random(int(os.environ.get("OUT_SIGNALS_SEED", "23")))
failures = []


def hidden(folder):
    return sorted(n for n in os.listdir(folder) if n.startswith("."))


def stopped(pid):
    """True once the process is in the stopped state (T), False if it is gone."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            return False
        if state in ("T", "t"):
            return True
        if state in ("Z", "X"):
            return False
    return False


def one_run(n, sig, folder):
    proc = subprocess.Popen([exe, "generate", "--seed", str(1000 * n + 1), "--count", "100000",
                             "--rule", "victory-points=3", "--out", folder],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    time.sleep(rng.uniform(0.05, 0.4))
    caught = False
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and proc.poll() is None:
        os.kill(proc.pid, signal.SIGSTOP)
        if not stopped(proc.pid):
            break
        if hidden(folder):
            caught = True
            break
        os.kill(proc.pid, signal.SIGCONT)
        time.sleep(rng.uniform(0, 0.005))
    if proc.poll() is None:
        os.kill(proc.pid, sig)
        os.kill(proc.pid, signal.SIGCONT)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        failures.append(f"run {n}: still running 60 s after {sig.name}")
        return caught
    rc = proc.returncode
    if rc != -sig and not (rc > 0 and err.strip()):
        failures.append(f"run {n}: {sig.name} gave exit status {rc} ({err.decode()[:200]!r}), "
                        f"not death by the signal or a nonzero status with a message")
    left = hidden(folder)
    if left:
        failures.append(f"run {n}: {sig.name} {'during a write ' if caught else ''}left {left}")
    games = sorted(pathlib.Path(folder).glob("*.yaml"), key=lambda p: p.stat().st_mtime_ns)
    if games:
        r = subprocess.run([exe, "check", "-q", str(games[-1])], capture_output=True, timeout=120)
        if r.returncode != 0:
            failures.append(f"run {n}: the newest file {games[-1].name} is not a complete legal "
                            f"game (check exits {r.returncode})")
    return caught


def main():
    caught = 0
    t0 = time.monotonic()
    for n in range(runs):
        sig = signal.SIGTERM if n % 2 == 0 else signal.SIGINT
        with tempfile.TemporaryDirectory(prefix="out-signals-") as folder:
            caught += one_run(n, sig, folder)
    for f in failures:
        print("FAIL", f)
    if caught == 0:
        print("FAIL no run caught a write in progress: the cleanup went untested")
    print(f"out_signals: {runs} runs, {caught} signalled during a write, {len(failures)} failed "
          f"({time.monotonic() - t0:.1f} s)")
    return 1 if failures or caught == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
