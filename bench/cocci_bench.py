#!/usr/bin/env python3
"""Wall time of all Coccinelle scripts (cocci/): over a whole tree, or as `uaccess-check patch`
runs them on the files a patch changes.

Tree mode runs what `uaccess-check cocci` runs (grep prefilter, reduced copies, spatch per
script and worker) over the prepared source tree of --version (6.12 or 7.2, all architectures)
or the PATHs given; goal 10 s on 2 cores. --patch FILE times the scripts on one file of the
tree before and after a change, in one run as the patch command does (the file unchanged in a
scratch copy: the work is the same); goal 2 s. N runs, each printed, then the median.

    bench/cocci_bench.py [--runs N] [--jobs J] [--version V] [--patch FILE] [PATH ...]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from uaccess_check import UsageError  # noqa: E402
from uaccess_check.cmd_patch import _cocci_findings  # noqa: E402
from uaccess_check.cocci import all_scripts, run_cocci  # noqa: E402
from uaccess_check.fixture import ensure_source, fixture_for, locked  # noqa: E402

TREE_GOAL_S = 10.0
PATCH_GOAL_S = 2.0


def _tree(version: str) -> Path:
    fx = fixture_for(version)
    with locked(fx.cache):
        ensure_source(fx)
    return fx.src


def _time_tree(paths: list[Path], jobs: int) -> tuple[float, str]:
    start = time.monotonic()
    res = run_cocci(paths, all_scripts(), jobs=jobs)
    wall = time.monotonic() - start
    if res.failures:
        raise UsageError(f"{len(res.failures)} spatch runs failed or timed out")
    return wall, f"{res.files} files, {res.pairs} runs, {len(res.findings)} findings"


def _time_patch(src: Path, rel: str) -> tuple[float, str]:
    with tempfile.TemporaryDirectory(prefix="uaccess-bench-") as tmp:
        after = Path(tmp) / rel
        after.parent.mkdir(parents=True)
        shutil.copy(src / rel, after)
        start = time.monotonic()
        before, changed = _cocci_findings([(src, [rel]), (Path(tmp), [rel])])
        wall = time.monotonic() - start
    return wall, f"{len(before)} findings before, {len(changed)} after"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="cocci_bench.py", description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, metavar="N")
    ap.add_argument("--jobs", "-j", type=int, default=2, metavar="J")
    ap.add_argument("--version", default="6.12", metavar="V", help="the tree to scan (default 6.12)")
    ap.add_argument("--patch", metavar="FILE", help="time the patch command's run on this file of the tree")
    ap.add_argument("paths", nargs="*", metavar="PATH", help="default: the prepared tree of --version")
    args = ap.parse_args(argv)
    try:
        if args.runs < 1 or args.jobs < 1:
            raise UsageError("--runs and --jobs must be at least 1")
        if args.patch and args.paths:
            raise UsageError("--patch names a file of the --version tree: no PATH with it")
        paths = [Path(p) for p in args.paths] or [_tree(args.version)]
        for p in paths:
            if not p.exists():
                raise UsageError(f"no such file or directory: {p}")
        if args.patch and not (paths[0] / args.patch).is_file():
            raise UsageError(f"no such file in the {args.version} tree: {args.patch}")
        label = " ".join(args.paths) if args.paths else f"linux {args.version} (all architectures)"
        if args.patch:
            label = f"patch of {args.patch}, linux {args.version}"
        goal = PATCH_GOAL_S if args.patch else TREE_GOAL_S
        print(f"uaccess_check cocci bench: {label}, {len(all_scripts())} scripts, jobs {args.jobs}, {args.runs} runs")
        walls = []
        for i in range(args.runs):
            wall, what = _time_patch(paths[0], args.patch) if args.patch else _time_tree(paths, args.jobs)
            walls.append(wall)
            print(f"run {i + 1}: {wall:.3f} s, {what}")
        med = statistics.median(walls)
        print(f"median wall: {med:.3f} s (goal {goal:g} s: {'met' if med <= goal else 'missed'})")
    except UsageError as exc:
        print(f"cocci_bench.py: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
