"""uaccess-check cflags: print the KCFLAGS that load the plugin into a compiler (--arch, --gcc:
the host's gcc by default; the plugin is built once per compiler, into the cache)."""

from __future__ import annotations

import argparse
from pathlib import Path

from . import UsageError
from .cmd_kernel import add_toolchain_arguments
from .plugin import check_level, ensure_plugin, plugin_flags
from .toolchain import DEFAULT_ARCH, DEFAULT_GCC, Toolchain


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cflags", help="print the compiler flags (for KCFLAGS) that load the plugin",
                       description="Print the flags that load the plugin, e.g. "
                                   'make O=... KCFLAGS="$(uaccess-check cflags)" fs/readdir.o. '
                                   "Builds the plugin for that compiler first if needed; --arch/--gcc "
                                   "name another compiler (make ARCH=powerpc CROSS_COMPILE=... CC=...).")
    add_toolchain_arguments(p)
    p.add_argument("--level", type=int, default=None, metavar="N",
                   help="analysis level 0 (default), 1 or 2 (2 adds -Wuaccess-unproven)")
    p.add_argument("--facts", type=Path, default=None, metavar="DIR",
                   help="write one JSON file of facts per unit into DIR (must exist)")
    p.add_argument("--verbose", action="store_true", help="print one summary line per unit with accessors")
    p.add_argument("--error", action="store_true", help="report the diagnostics as errors")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    check_level(args.level)
    if args.facts is not None and not args.facts.is_dir():
        raise UsageError(f"--facts {args.facts}: not a directory")
    tc = Toolchain(args.arch or DEFAULT_ARCH, args.gcc or DEFAULT_GCC)
    tc.require()
    flags = plugin_flags(ensure_plugin(tc.cc), level=args.level, facts=args.facts,
                         verbose=args.verbose, error=args.error)
    print(" ".join(flags))
    return 0
