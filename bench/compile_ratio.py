#!/usr/bin/env python3
"""Compile-time and memory cost of the uaccess_check plugin on the accessor units.

For each configured accessor unit of a kernel fixture (default 6.12 x86_64; --version, --arch,
--gcc pick another, compiled by its own compiler with its own plugin), runs the exact compile command kbuild
saved for it (``$BUILD/<dir>/.<unit>.o.cmd``) alternately without and with the plugin, N times
each after one untimed warm-up, and reports the median wall times, their ratio (with/without)
and the plugin's extra peak RSS (ru_maxrss from wait4, i.e. the largest of gcc/cc1/as).
Overall: the median of the per-unit ratios and the ratio of the summed medians.

    bench/compile_ratio.py [--runs N] [--level L] [--version V] [--arch A] [--gcc G] [UNIT ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from uaccess_check import UsageError  # noqa: E402
from uaccess_check.fixture import KERNEL_VERSIONS, ensure_fixture, fixture_for  # noqa: E402
from uaccess_check.kbuild import RunResult, compile_with, make_objects  # noqa: E402
from uaccess_check.plugin import check_level, ensure_plugin, plugin_flags  # noqa: E402
from uaccess_check.scan import accessor_units  # noqa: E402


@dataclass
class UnitBench:
    unit: str
    plain_s: list[float]
    plugin_s: list[float]
    plain_rss_kb: list[int]
    plugin_rss_kb: list[int]

    @property
    def plain_median(self) -> float:
        return statistics.median(self.plain_s)

    @property
    def plugin_median(self) -> float:
        return statistics.median(self.plugin_s)

    @property
    def ratio(self) -> float:
        return self.plugin_median / self.plain_median

    @property
    def extra_rss_kb(self) -> int:
        return max(self.plugin_rss_kb) - max(self.plain_rss_kb)


def _checked(res: RunResult, unit: str, what: str) -> RunResult:
    if res.returncode != 0:
        sys.stderr.write(res.stderr)
        raise UsageError(f"{unit}: compile {what} failed (exit {res.returncode})")
    return res


def bench_unit(fx, unit: str, flags: list[str], runs: int, tmp: Path) -> UnitBench:
    out = tmp / "bench.o"
    _checked(compile_with(fx, unit, [], out), unit, "without the plugin")  # warm-up
    b = UnitBench(unit, [], [], [], [])
    for _ in range(runs):
        plain = _checked(compile_with(fx, unit, [], out), unit, "without the plugin")
        withp = _checked(compile_with(fx, unit, flags, out), unit, "with the plugin")
        b.plain_s.append(plain.wall)
        b.plain_rss_kb.append(plain.maxrss_kb)
        b.plugin_s.append(withp.wall)
        b.plugin_rss_kb.append(withp.maxrss_kb)
    return b


def report(results: list[UnitBench], runs: int, level: int) -> str:
    lines = [f"uaccess_check compile cost: {len(results)} units, {runs} runs each, level {level}",
             f"{'unit':<48} {'without_s':>9} {'with_s':>9} {'ratio':>7} {'extra_rss_kb':>12}"]
    for r in results:
        lines.append(f"{r.unit:<48} {r.plain_median:>9.3f} {r.plugin_median:>9.3f} {r.ratio:>7.3f} "
                     f"{r.extra_rss_kb:>12d}")
    if results:
        total_plain = sum(r.plain_median for r in results)
        total_plugin = sum(r.plugin_median for r in results)
        lines.append(f"overall: median ratio {statistics.median(r.ratio for r in results):.3f}, "
                     f"summed medians {total_plain:.3f} s -> {total_plugin:.3f} s "
                     f"(ratio {total_plugin / total_plain:.3f}), "
                     f"extra peak RSS max {max(r.extra_rss_kb for r in results)} KiB, "
                     f"median {int(statistics.median(r.extra_rss_kb for r in results))} KiB")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="compile_ratio.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="timed runs per variant (default 5)")
    ap.add_argument("--level", type=int, default=0, help="plugin level (default 0)")
    ap.add_argument("--version", default=None, choices=KERNEL_VERSIONS, help="kernel version (default 6.12)")
    ap.add_argument("--arch", default=None, help="x86_64 (default), arm64 or powerpc (its base build)")
    ap.add_argument("--gcc", default=None, help="GCC major version (default 12)")
    ap.add_argument("units", nargs="*", help="units to measure (default: all configured accessor units)")
    args = ap.parse_args(argv)
    try:
        if args.runs < 1:
            raise UsageError(f"--runs {args.runs}: must be at least 1")
        check_level(args.level)
        fx = ensure_fixture(fixture_for(args.version, args.arch, args.gcc))
        so = ensure_plugin(fx.cc)
        configured, _ = accessor_units(fx)
        units = sorted(args.units) if args.units else configured
        unknown = [u for u in units if u not in fx.configured_sources()]
        if unknown:
            raise UsageError(f"not a configured unit of {fx.label()}: {unknown[0]}")
        make_objects(fx, units, os.cpu_count() or 1)
        flags = plugin_flags(so, level=args.level)
        with tempfile.TemporaryDirectory(prefix="uaccess-bench-") as tmp:
            results = [bench_unit(fx, u, flags, args.runs, Path(tmp)) for u in units]
    except UsageError as exc:
        print(f"compile_ratio.py: error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(report(results, args.runs, args.level))
    return 0


if __name__ == "__main__":
    sys.exit(main())
