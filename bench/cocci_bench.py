#!/usr/bin/env python3
"""Wall time of all Coccinelle scripts (cocci/): over a whole tree, or as `uaccess-check patch`
runs them on the files a patch changes.

Tree mode runs what `uaccess-check cocci` runs (grep prefilter, reduced copies, spatch per
script and worker) over the prepared source tree of --version (6.12 or 7.2, all architectures)
or the PATHs given; goal 8 s on 2 cores. --patch FILE times the scripts on one file of the
tree before and after a change, in one run as the patch command does (the file unchanged in a
scratch copy: the work is the same); goal 2 s. N runs, each printed with its wall time and the
CPU time of the bench and its children (grep, spatch: what the machine's other load does not
inflate), then the medians. --profile adds, after each tree run, the wall time of each stage
and the CPU time of each script's spatch runs.

    bench/cocci_bench.py [--runs N] [--jobs J] [--version V] [--profile] [--patch FILE] [PATH ...]
"""

from __future__ import annotations

import argparse
import resource
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

TREE_GOAL_S = 8.0
PATCH_GOAL_S = 2.0


def _tree(version: str) -> Path:
    fx = fixture_for(version)
    with locked(fx.cache):
        ensure_source(fx)
    return fx.src


def _cpu() -> float:
    """CPU seconds (user + system) of this process and its waited-for children."""
    return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                  resource.getrusage(resource.RUSAGE_CHILDREN)))


def _profile(res) -> list[str]:
    """The stages' wall times and each script's spatch CPU time (and its runs) of a tree run."""
    lines = ["  stages (wall s): " + ", ".join(f"{k} {v:.2f}" for k, v in res.stages.items())]
    per: dict[str, list[float]] = {}
    for r in res.outputs:
        p = per.setdefault(r.script, [0, 0.0, 0.0])
        p[0] += 1
        p[1] += r.cpu or 0.0
        p[2] += r.seconds
    total = sum(p[1] for p in per.values())
    lines.append(f"  spatch: {sum(p[0] for p in per.values())} runs, cpu {total:.2f} s")
    for name, (n, cpu, wall) in sorted(per.items(), key=lambda kv: -kv[1][1]):
        lines.append(f"    {name}: {n} runs, cpu {cpu:.2f} s, wall {wall:.2f} s")
    return lines


def _time_tree(paths: list[Path], jobs: int, profile: bool) -> tuple[float, float, str]:
    start, cpu = time.monotonic(), _cpu()
    res = run_cocci(paths, all_scripts(), jobs=jobs)
    wall, cpu = time.monotonic() - start, _cpu() - cpu
    if res.failures:
        raise UsageError(f"{len(res.failures)} spatch runs failed or timed out")
    what = f"{res.files} files, {res.pairs} runs, {len(res.findings)} findings"
    return wall, cpu, what + "".join("\n" + line for line in _profile(res)) if profile else what


def _time_patch(src: Path, rel: str) -> tuple[float, float, str]:
    with tempfile.TemporaryDirectory(prefix="uaccess-bench-") as tmp:
        after = Path(tmp) / rel
        after.parent.mkdir(parents=True)
        shutil.copy(src / rel, after)
        start, cpu = time.monotonic(), _cpu()
        before, changed = _cocci_findings([(src, [rel]), (Path(tmp), [rel])])
        wall, cpu = time.monotonic() - start, _cpu() - cpu
    return wall, cpu, f"{len(before)} findings before, {len(changed)} after"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="cocci_bench.py", description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, metavar="N")
    ap.add_argument("--jobs", "-j", type=int, default=2, metavar="J")
    ap.add_argument("--version", default="6.12", metavar="V", help="the tree to scan (default 6.12)")
    ap.add_argument("--patch", metavar="FILE", help="time the patch command's run on this file of the tree")
    ap.add_argument("--profile", action="store_true", help="tree runs: each stage's wall and each script's CPU time")
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
        walls, cpus = [], []
        for i in range(args.runs):
            wall, cpu, what = _time_patch(paths[0], args.patch) if args.patch else \
                _time_tree(paths, args.jobs, args.profile)
            walls.append(wall)
            cpus.append(cpu)
            print(f"run {i + 1}: {wall:.3f} s, cpu {cpu:.3f} s, {what}", flush=True)
        med = statistics.median(walls)
        print(f"median wall: {med:.3f} s (goal {goal:g} s: {'met' if med <= goal else 'missed'}), "
              f"median cpu: {statistics.median(cpus):.3f} s")
    except UsageError as exc:
        print(f"cocci_bench.py: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
