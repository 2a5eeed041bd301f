"""uaccess-check merge: resolve the requirements of per-unit facts across units.

Reads every ``*.json`` facts file under the given directories (written with
``-fplugin-arg-uaccess_check-facts=DIR``, see ``uaccess-check cflags --facts``), matches each
requirement with the calls other units make to its function, and prints GCC-like
diagnostics sorted by position (or, --format json|sarif, the documents of formats.py; with
--baseline only the findings not in it). Exit status: 0 nothing reported, 1 at least one warning,
2 bad input.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Iterable

from . import UsageError, formats
from .diag import relative_to
from .facts import FactsError, load_facts
from .finding import Sources, gcc_lines, relocate
from .merge import merge
from .plugin import check_level


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("merge", help="resolve cross-unit requirements from the plugin's facts",
                       description="Read the per-unit facts under DIR... (written with "
                                   "'uaccess-check cflags --facts DIR'), find the calls from other units "
                                   "to each function whose accesses rely on its callers, and report: "
                                   "-Wuaccess-distance (level 1) when the check is found in another unit, "
                                   "-Wuaccess-unchecked / -Wuaccess-region at a call that does not provide "
                                   "it, -Wuaccess-unproven (level 2) when no caller is seen. "
                                   "Exit 1 if any warning was printed, 2 on bad input.")
    p.add_argument("dirs", nargs="+", type=Path, metavar="DIR", help="directory of facts files (searched recursively)")
    p.add_argument("--level", type=int, default=None, metavar="N",
                   help="0 (default): unchecked and region; 1 adds distance; 2 adds unproven")
    p.add_argument("--strip", action="append", default=[], metavar="PREFIX",
                   help="remove this directory prefix from every path (e.g. the kernel tree); repeatable")
    formats.add_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    check_level(args.level)
    level = 0 if args.level is None else args.level
    opts = formats.options(args)
    try:
        facts = load_facts(args.dirs)
    except FactsError as exc:
        raise UsageError(str(exc)) from None
    prefixes = normalize_prefixes(args.strip)
    found = [relocate(f, lambda p: relative_to(p, prefixes)) for f in merge(facts, level)]

    def text(outcome: formats.Outcome) -> None:
        for f in found:
            if outcome.reported(f):
                print("\n".join(gcc_lines(f)))
    root = Path(prefixes[0]) if len(prefixes) == 1 and prefixes[0] not in ("", "/") else None
    return formats.finish(found, opts, "merge", text, Sources(Path(p) for p in prefixes), root).status()


def normalize_prefixes(prefixes: Iterable[str]) -> list[str]:
    """--strip values: the longest first, so nested prefixes strip the most."""
    return sorted((os.path.normpath(p) if p not in ("", "/") else p for p in prefixes),
                  key=len, reverse=True)
