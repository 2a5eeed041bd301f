#!/usr/bin/env python3
"""What the plugin costs a whole `make W=1` build: a fixed random sample of a kernel's units.

Maintainers load the plugin into every compile of a build, most of which have no user access.
This compiles a fixed random sample of the configuration's units (--sample N, default 300,
drawn with --seed from the sorted list of every configured .c file) plus every accessor unit,
each with its exact saved kbuild command, alternately without and with the plugin at level 1 (as
under `make W=1`), --runs times each after one untimed plain compile, --jobs units at a time. It
reports, from the per-unit medians: the CPU-time ratio (user + system of the compiler and its
children) and the wall-time ratio of the whole set, the same two for the accessor units and for
the others (where the plugin has nothing to analyse: the ratio should be 1 within noise), and
the extra peak memory (the largest cc1's, with the plugin against without).

--before SO measures another build of the plugin too (one made from an older commit), in the same
alternation (without, before, with), so both are compared with the same plain compiles.

    bench/build_ratio.py [--version V] [--sample N] [--seed S] [--runs R] [--jobs J] [--before SO]
                         [--accessors N]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from uaccess_check import UsageError  # noqa: E402
from uaccess_check.fixture import KERNEL_VERSIONS, ensure_fixture, fixture_for  # noqa: E402
from uaccess_check.kbuild import RunResult, compile_with, make_objects  # noqa: E402
from uaccess_check.plugin import ensure_plugin, plugin_flags  # noqa: E402
from uaccess_check.scan import accessor_units  # noqa: E402

LEVEL = 1  # make W=1's


@dataclass
class Unit:
    name: str
    accessor: bool
    plain: list[RunResult] = field(default_factory=list)
    plugin: list[RunResult] = field(default_factory=list)
    before: list[RunResult] = field(default_factory=list)

    def median(self, which: str, what: str) -> float:
        return statistics.median(getattr(r, what) for r in getattr(self, which))

    def extra_rss_kb(self, which: str = "plugin") -> int:
        return max(r.maxrss_kb for r in getattr(self, which)) - max(r.maxrss_kb for r in self.plain)


def sample(fx, size: int, seed: int, first: int | None) -> tuple[list[str], list[str]]:
    """(the sampled units without accessors, the accessor units, or the first @first of them)."""
    accessors, _ = accessor_units(fx)
    accessors = accessors[:first] if first is not None else accessors
    others = sorted(u for u in fx.configured_sources()
                    if u.endswith(".c") and u not in accessors and (fx.src / u).is_file())
    if size > len(others):
        raise UsageError(f"--sample {size}: the configuration has {len(others)} other units")
    return sorted(random.Random(seed).sample(others, size)), accessors


def measure(fx, unit: Unit, flags: list[str], before: list[str] | None, runs: int, tmp: Path) -> Unit:
    out = tmp / (unit.name.replace("/", "__") + ".o")

    def compiled(extra: list[str]) -> RunResult:
        res = compile_with(fx, unit.name, extra, out)
        if res.returncode != 0:
            raise UsageError(f"{unit.name}: does not compile ({'with' if extra else 'without'} the plugin)")
        return res

    compiled([])  # the unit's headers into the page cache
    for _ in range(runs):
        unit.plain.append(compiled([]))
        if before is not None:
            unit.before.append(compiled(before))
        unit.plugin.append(compiled(flags))
    return unit


def ratios(units: list[Unit], what: str, which: str) -> tuple[float, float, float]:
    plain = sum(u.median("plain", what) for u in units)
    plugin = sum(u.median(which, what) for u in units)
    return plain, plugin, plugin / plain


def _table(units: list[Unit], which: str, so: Path) -> list[str]:
    acc = [u for u in units if u.accessor]
    other = [u for u in units if not u.accessor]
    lines = [f"plugin: {so}", f"{'':<22} {'without':>10} {'with':>10} {'ratio':>7}"]
    for title, group in (("all units", units), ("accessor units", acc), ("other units", other)):
        for what in ("cpu", "wall"):
            plain, plugin, ratio = ratios(group, what, which)
            lines.append(f"{title + ' ' + what + ' s':<22} {plain:>10.2f} {plugin:>10.2f} {ratio:>7.3f}")
    worst = max(units, key=lambda u: u.extra_rss_kb(which))
    lines.append(f"extra peak RSS: max {worst.extra_rss_kb(which)} KiB ({worst.name}), median "
                 f"{int(statistics.median(u.extra_rss_kb(which) for u in units))} KiB")
    return lines


def report(fx, units: list[Unit], args: argparse.Namespace, so: Path) -> str:
    acc = sum(u.accessor for u in units)
    lines = [f"build ratio: {fx.label()}, level {LEVEL}, {len(units)} units ({len(units) - acc} sampled with "
             f"seed {args.seed} + {acc} accessor units), {args.runs} runs each alternating, "
             f"{args.jobs} jobs"]
    if args.before is not None:
        lines += _table(units, "before", args.before.resolve())
    lines += _table(units, "plugin", so)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="build_ratio.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--version", default=None, choices=KERNEL_VERSIONS, help="kernel version (default 6.12)")
    ap.add_argument("--sample", type=int, default=300, help="units drawn besides the accessor units (300)")
    ap.add_argument("--seed", type=int, default=2026, help="the draw's seed (2026)")
    ap.add_argument("--runs", type=int, default=3, help="timed runs per variant and unit (3)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="units compiled at a time")
    ap.add_argument("--before", type=Path, default=None, metavar="SO",
                    help="another build of the plugin, measured in the same alternation")
    ap.add_argument("--accessors", type=int, default=None, metavar="N",
                    help="only the first N accessor units (default all; a smoke run)")
    args = ap.parse_args(argv)
    try:
        if args.runs < 1 or args.jobs < 1 or args.sample < 0:
            raise UsageError("--runs and --jobs must be at least 1, --sample at least 0")
        fx = ensure_fixture(fixture_for(args.version))
        so = ensure_plugin(fx.cc)
        if args.before is not None and not args.before.is_file():
            raise UsageError(f"--before {args.before}: no such file")
        others, accessors = sample(fx, args.sample, args.seed, args.accessors)
        make_objects(fx, others + accessors, args.jobs)
        units = [Unit(u, False) for u in others] + [Unit(u, True) for u in accessors]
        flags = plugin_flags(so, level=LEVEL)
        before = plugin_flags(args.before.resolve(), level=LEVEL) if args.before else None
        with tempfile.TemporaryDirectory(prefix="uaccess-build-ratio-") as tmp:
            with ThreadPoolExecutor(max_workers=args.jobs) as pool:
                units = list(pool.map(lambda u: measure(fx, u, flags, before, args.runs, Path(tmp)), units))
    except UsageError as exc:
        print(f"build_ratio.py: error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(report(fx, units, args, so))
    return 0


if __name__ == "__main__":
    sys.exit(main())
