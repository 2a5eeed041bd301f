#!/usr/bin/env python3
"""Wall time of all Coccinelle scripts (cocci/) over the whole Linux 6.12 tree.

Runs what `uaccess-check cocci` runs (grep prefilter, reduced copies, one spatch per script and
worker) N times and prints each run's wall time, the median and the goal (20 s on 2 cores).

    bench/cocci_bench.py [--runs N] [--jobs J] [PATH ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from uaccess_check import UsageError  # noqa: E402
from uaccess_check.cocci import all_scripts, run_cocci  # noqa: E402
from uaccess_check.fixture import ensure_fixture  # noqa: E402

GOAL_S = 20.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="cocci_bench.py", description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, metavar="N")
    ap.add_argument("--jobs", "-j", type=int, default=2, metavar="J")
    ap.add_argument("paths", nargs="*", metavar="PATH", help="default: the prepared 6.12 tree")
    args = ap.parse_args(argv)
    try:
        if args.runs < 1 or args.jobs < 1:
            raise UsageError("--runs and --jobs must be at least 1")
        paths = [Path(p) for p in args.paths] or [ensure_fixture().src]
        for p in paths:
            if not p.exists():
                raise UsageError(f"no such file or directory: {p}")
        scripts = all_scripts()
        label = "linux 6.12 (all architectures)" if not args.paths else " ".join(args.paths)
        print(f"uaccess_check cocci bench: {label}, {len(scripts)} scripts, jobs {args.jobs}, {args.runs} runs")
        walls = []
        for i in range(args.runs):
            start = time.monotonic()
            res = run_cocci(paths, scripts, jobs=args.jobs)
            wall = time.monotonic() - start
            walls.append(wall)
            if res.failures:
                raise UsageError(f"{len(res.failures)} spatch runs failed or timed out")
            print(f"run {i + 1}: {wall:.3f} s, {res.files} files, {res.pairs} runs, {len(res.findings)} findings")
        med = statistics.median(walls)
        print(f"median wall: {med:.3f} s (goal {GOAL_S:g} s: {'met' if med <= GOAL_S else 'missed'})")
    except UsageError as exc:
        print(f"cocci_bench.py: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
