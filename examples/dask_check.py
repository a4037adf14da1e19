#!/usr/bin/env python3
"""Checks many catan-log/1 files over a Dask cluster with the Python module catan_referee.

The files (folders are scanned as `catan-referee check DIR` scans them) are cut into
batches; each batch is one task that a worker checks with catan_referee.check_files. The
reports are gathered in the order of the files into one JSON report, the same document as
`catan-referee check --format json` prints for the same paths and rules. The exit status
is check's: 0 every game legal, 1 some game illegal, 2 some game malformed.

    # on a cluster: `dask scheduler` on one machine, `dask worker tcp://HOST:8786` on each
    python3 examples/dask_check.py --scheduler tcp://HOST:8786 --out report.json games/
    # or with the file a scheduler wrote on a shared file system
    python3 examples/dask_check.py --scheduler-file scheduler.json games/
    # on this machine: a LocalCluster of N worker processes
    python3 examples/dask_check.py --local 2 samples/

Every worker needs catan_referee importable (PYTHONPATH or an installed package) and the
files at the same paths (a shared file system).
"""
import argparse
import sys

import catan_referee
from distributed import Client, LocalCluster


def check_batch(batch, rules):
    """One task: the reports of a batch of (path, found in a folder) pairs, as a
    catan_referee.Report (pickled back to the client)."""
    import catan_referee  # on the worker

    return catan_referee.check_files([p for p, _ in batch], rules, found=[f for _, f in batch])


def batches(files, size):
    return [files[i:i + size] for i in range(0, len(files), size)]


def check_on(client, files, rules, batch_size):
    """The joined report of every file, in order, checked batch by batch on the cluster."""
    futures = client.map(check_batch, batches(files, batch_size), rules=rules, pure=False)
    games = [game for report in client.gather(futures) for game in report]
    return catan_referee.Report(games, rules)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help="log files or folders (scanned recursively)")
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler, tcp://HOST:8786")
    where.add_argument("--scheduler-file", metavar="FILE",
                       help="the file a running scheduler wrote (dask scheduler --scheduler-file)")
    where.add_argument("--local", type=int, metavar="N", help="start a LocalCluster of N worker processes")
    ap.add_argument("--batch", type=int, default=200, metavar="K", help="files per task (default 200)")
    ap.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                    help="a rules option for every game, as check --rule")
    ap.add_argument("--out", metavar="FILE", help="write the JSON report here (default: standard output)")
    args = ap.parse_args(argv)
    if args.batch < 1 or (args.local is not None and args.local < 1):
        ap.error("--batch and --local take a positive number")
    try:
        catan_referee.check_text("", args.rule)  # the rules are refused here, not on every worker
    except ValueError as e:
        ap.error(str(e))

    files, empty = catan_referee.scan_paths(args.paths)
    for folder in empty:
        print(f"dask_check: warning: no games found in {folder}", file=sys.stderr)
    if args.local is not None:
        with LocalCluster(n_workers=args.local, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            report = check_on(client, files, args.rule, args.batch)
    else:
        connect = {"scheduler_file": args.scheduler_file} if args.scheduler_file else {"address": args.scheduler}
        with Client(**connect) as client:
            report = check_on(client, files, args.rule, args.batch)

    text = report.to_json()
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return report.exit_status


if __name__ == "__main__":
    sys.exit(main())
