#!/usr/bin/env python3
"""Wall and CPU time of `uaccess-check map` against `uaccess-check scan` of the same kernel.

The map compiles the same accessor units as the scan (at level 2, with the facts) and builds
its records; the scan runs its default engines (plugin, scripts, merge). Runs alternate, scan
then map, after one untimed warm-up of each (--warmup); the ratio of the medians is what the map costs
against the scan a user runs anyway (goal: at most 1.2). The scan with --engine plugin,merge
(the same compiles without the scripts) is timed too, as the stricter comparison.

    bench/map_ratio.py [--version 7.2] [--arch x86_64] [--runs N] [--warmup N] [--jobs J]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = str(ROOT / "uaccess-check")


def timed(cmd: list[str]) -> tuple[float, float]:
    """(wall, CPU of the children) seconds of one run; its output is dropped."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    res = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode not in (0, 1):
        sys.exit(f"map_ratio: {' '.join(cmd)}: exit {res.returncode}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--version", default="7.2")
    ap.add_argument("--arch", default="x86_64")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1, help="untimed runs of each command first (default 1)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    cell = ["--version", args.version, "--arch", args.arch, "--jobs", str(args.jobs)]
    cmds = {
        "scan": [TOOL, "scan"] + cell,
        "scan (plugin, merge)": [TOOL, "scan", "--engine", "plugin,merge"] + cell,
        "map": [TOOL, "map", "--format", "json"] + cell,
    }
    for _ in range(args.warmup):
        for cmd in cmds.values():
            timed(cmd)
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in cmds}
    for i in range(args.runs):
        for name, cmd in cmds.items():
            times[name].append(timed(cmd))
            print(f"run {i + 1}: {name}: {times[name][-1][0]:.1f} s wall, {times[name][-1][1]:.1f} s CPU",
                  file=sys.stderr)
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in times.items()}
    print(f"linux {args.version} {args.arch}, {args.runs} alternating runs, {args.jobs} jobs, medians:")
    for name, (wall, cpu) in med.items():
        print(f"  {name:<26}{wall:7.1f} s wall {cpu:7.1f} s CPU")
    for base in ("scan", "scan (plugin, merge)"):
        print(f"  {'map / ' + base:<26}{med['map'][0] / med[base][0]:7.2f} wall {med['map'][1] / med[base][1]:7.2f} CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
