#!/usr/bin/env python3
"""Wall time of `uaccess-check patch`, warm, against compiling what the patch affects twice.

Two patches of the 6.12 fixture: the seed's v1 (testcases/seed/v1-unchecked-begin.patch: a macro
added to include/linux/uaccess.h and epoll_put_uevent() changed in include/linux/eventpoll.h),
and a .c-only one (a comment line added at the top of fs/readdir.c). For each, the units the
patch command compiles are read from its own JSON (`checked`), and runs alternate with the same
work without the checker: those units compiled twice (before and after) with their saved kbuild
commands, spread over the same number of jobs. The ratio of the medians says what the command
adds over the compiles it cannot avoid; goal 1.3. One untimed warm-up each, then N timed runs.

    bench/patch_time.py [--runs N] [--jobs J]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from uaccess_check.fixture import ensure_fixture  # noqa: E402
from uaccess_check.kbuild import compile_with, make_objects  # noqa: E402

V1 = ROOT / "testcases" / "seed" / "v1-unchecked-begin.patch"


def c_only_patch(fx, tmp: Path) -> Path:
    first = (fx.src / "fs/readdir.c").read_text().splitlines()[0]
    path = tmp / "readdir-comment.patch"
    path.write_text(f"--- a/fs/readdir.c\n+++ b/fs/readdir.c\n@@ -1 +1,2 @@\n {first}\n+/* a comment */\n")
    return path


def patch_cmd(patch: Path, jobs: int, *extra: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(ROOT / "uaccess-check"), "patch", str(patch), "-j", str(jobs), *extra],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode not in (0, 1):
        sys.exit(f"patch_time: uaccess-check patch {patch.name} failed: {proc.stderr.strip()}")
    return proc


def units_of(patch: Path, jobs: int) -> list[str]:
    doc = json.loads(patch_cmd(patch, jobs, "--format", "json").stdout)
    return sorted({u for row in doc["checked"] for u in row["units"]})


def time_patch(patch: Path, jobs: int) -> float:
    start = time.perf_counter()
    patch_cmd(patch, jobs)
    return time.perf_counter() - start


def time_plain(fx, units: list[str], jobs: int, tmp: Path) -> float:
    start = time.perf_counter()
    sides = [(u, side) for side in ("before", "after") for u in units]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda t: compile_with(fx, t[0], [], tmp / f"{t[0].replace('/', '__')}.{t[1]}.o"), sides))
    return time.perf_counter() - start


def bench(fx, patch: Path, runs: int, jobs: int, tmp: Path) -> str:
    units = units_of(patch, jobs)
    make_objects(fx, units, jobs)
    time_patch(patch, jobs)
    time_plain(fx, units, jobs, tmp)
    timed, plain = [], []
    for _ in range(runs):
        timed.append(time_patch(patch, jobs))
        plain.append(time_plain(fx, units, jobs, tmp))
    mp, mb = statistics.median(timed), statistics.median(plain)
    return (f"{patch.name}: {len(units)} unit{'s' if len(units) != 1 else ''} ({', '.join(units)}); "
            f"uaccess-check patch median {mp:.2f} s, the plain compiles twice median {mb:.2f} s; "
            f"ratio {mp / mb:.2f} ({runs} runs, {jobs} jobs)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    fx = ensure_fixture()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for patch in (V1, c_only_patch(fx, tmp)):
            print(bench(fx, patch, args.runs, args.jobs, tmp), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
