#!/usr/bin/env python3
"""Wall time of `uaccess-check patch` on a one-file patch, warm (fixture prepared, plugin built).

The patch is the seed's v2 (testcases/seed/v2-checking-begin.patch: include/linux/eventpoll.h,
one affected unit, fs/eventpoll.c). Runs alternate with the same work without the checker: the
two plain compiles of that unit (before and after) with its saved kbuild command, so the ratio
says what the patch command adds over compiling what the patch touches. One untimed warm-up
each, then N timed runs each; the medians and their ratio are printed.

    bench/patch_time.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from uaccess_check.fixture import ensure_fixture  # noqa: E402
from uaccess_check.kbuild import compile_with, make_objects  # noqa: E402

PATCH = ROOT / "testcases" / "seed" / "v2-checking-begin.patch"
UNIT = "fs/eventpoll.c"


def time_patch() -> float:
    start = time.perf_counter()
    proc = subprocess.run([str(ROOT / "uaccess-check"), "patch", str(PATCH)], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL)
    if proc.returncode not in (0, 1):
        sys.exit(f"patch_time: uaccess-check patch failed: {proc.stderr.strip()}")
    return time.perf_counter() - start


def time_plain(fx, tmp: Path) -> float:
    start = time.perf_counter()
    for side in ("before", "after"):
        compile_with(fx, UNIT, [], tmp / f"{side}.o")
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    fx = ensure_fixture()
    make_objects(fx, [UNIT], 1)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        time_patch()
        time_plain(fx, tmp)
        patch, plain = [], []
        for _ in range(args.runs):
            patch.append(time_patch())
            plain.append(time_plain(fx, tmp))
    mp, mb = statistics.median(patch), statistics.median(plain)
    print(f"uaccess-check patch (one header, 1 unit): median {mp:.2f} s over {args.runs} runs")
    print(f"the two plain compiles of {UNIT}: median {mb:.2f} s; ratio {mp / mb:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
