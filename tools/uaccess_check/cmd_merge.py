"""uaccess-check merge: resolve the requirements of per-unit facts across units.

Reads every ``*.json`` facts file under the given directories (written with
``-fplugin-arg-uaccess_check-facts=DIR``, see ``uaccess-check cflags --facts``), matches each
requirement with the calls other units make to its function, and prints GCC-like
diagnostics sorted by position. Exit status: 0 nothing reported, 1 at least one warning,
2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import UsageError
from .merge import FactsError, format_text, load_facts, merge, normalize_prefixes, strip_finding, to_json
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
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (GCC-like lines, default) or json (a list of findings)")
    p.add_argument("--strip", action="append", default=[], metavar="PREFIX",
                   help="remove this directory prefix from every path (e.g. the kernel tree); repeatable")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    check_level(args.level)
    level = 0 if args.level is None else args.level
    try:
        facts = load_facts(args.dirs)
    except FactsError as exc:
        raise UsageError(str(exc)) from None
    prefixes = normalize_prefixes(args.strip)
    findings = [strip_finding(f, prefixes) for f in merge(facts, level)]
    if args.format == "json":
        json.dump(to_json(findings), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        for line in format_text(findings):
            print(line)
    sys.stdout.flush()
    return 1 if findings else 0
