"""uaccess-check scan [KDIR]: compile every accessor unit of a kernel with the plugin: the user's
own build (kdir.py), or a prepared fixture (default 6.12 x86_64, --version V, --arch A, --gcc V;
powerpc's fixture is two builds, the second with CONFIG_COMPAT).

Output (stdout, byte-for-byte stable): for each configured unit in sorted order, the plugin's
diagnostics (paths relative to the kernel tree) and its summary line; then one line per
candidate unit the configuration does not build; then a totals line.
Exit status: 0 no warning, 1 at least one -Wuaccess warning, 2 a unit failed to compile or
bad input.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from . import UsageError, formats
from .cmd_kernel import add_kernel_arguments, kernel_builds
from .cocci import all_scripts, run_cocci
from .diag import relative_to
from .distmap import from_facts_dir, to_json, write_map
from .facts import FactsError, load_facts
from .finding import (SAID_FIRST, Finding, Sources, at_level, from_cocci, from_plugin, gcc_lines, one_per_site,
                      relocate, sort_findings)
from .log import info
from .maphtml import render as render_html
from .merge import merge
from .patchplan import NONE, SCRIPTS, plan_file
from .plugin import check_level, ensure_plugin, plugin_flags
from .scan import compile_fixtures

ENGINES = SAID_FIRST  # the --engine names, in the order their words win at a site


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("scan", help="check every unit of a kernel (default 6.12) that uses unsafe accessors",
                       description="Find the units of a kernel (a defconfig fixture: 6.12 x86_64 unless --version, "
                                   "--arch, --gcc; or your own KDIR) that "
                                   "use unsafe user accessors or open user-access regions, compile each with "
                                   "the plugin and print the diagnostics. Exit 1 if any warning was printed, "
                                   "2 on failure.")
    add_kernel_arguments(p)
    p.add_argument("--level", type=int, default=None, metavar="N", help="analysis level 0 (default), 1 or 2")
    p.add_argument("--engine", default=",".join(ENGINES), metavar="LIST",
                   help="comma-separated engines: plugin (the compiles), cocci (the scripts over the "
                        "whole tree, every architecture), merge (cross-unit, over the compiles' facts); "
                        "default all")
    p.add_argument("--map", type=Path, default=None, metavar="FILE",
                   help="also write the distance map of the units compiled (uaccess-check map): JSON, or "
                        "the HTML page when FILE ends in .html; an access gets a level only when this "
                        "level reports it")
    formats.add_arguments(p)
    p.set_defaults(run=run)


def _engines(text: str) -> tuple[str, ...]:
    chosen = tuple(e for e in ENGINES if e in text.split(","))
    unknown = sorted(set(text.split(",")) - set(ENGINES))
    if unknown or not chosen:
        raise UsageError(f"--engine {text}: expected a comma-separated list of {', '.join(ENGINES)}")
    return chosen


def _engine_note(f: Finding) -> list[str]:
    if f.engines == ("plugin",):
        return []
    return [f"{f.file}:{f.line}:{f.column}: note: found by {' and '.join(f.engines)}"]


def _progress(done: int, total: int) -> None:
    """One line on a terminal's stderr, rewritten in place."""
    sys.stderr.write(f"\ruaccess-check: {done}/{total} units compiled")
    sys.stderr.flush()


def _run_info(fx, reports: list, unconfigured: list[str], failed: list, scripts: bool,
              level: int) -> formats.RunInfo:
    """What the scan checked, for its JSON and SARIF: each unit compiled, each candidate the
    configuration does not build (the scripts' alone, when they ran)."""
    rows = []
    for unit in sorted({rep.unit for rep in reports} | set(unconfigured)):
        path = fx.src / unit
        text = path.read_text(errors="replace") if path.is_file() else None
        plan = plan_file(unit, text, [] if unit in unconfigured else [unit], fx.srcarch, fx.label())
        if plan.engine == SCRIPTS and not scripts:
            plan = replace(plan, engine=NONE)
        rows.append(plan.row(level))
    if failed:
        return formats.RunInfo("failed", f"{len(failed)} units failed to compile: "
                               f"{', '.join(rep.unit for rep in failed)}", None, tuple(rows))
    return formats.RunInfo("checked", "", None, tuple(rows))


def _write_map(path: Path, facts: Path, findings: list[Finding], roots: list[str], cell: str) -> None:
    recs = from_facts_dir(facts, findings, roots, cell)
    write_map(path, render_html([cell], recs, None) if path.suffix == ".html" else to_json(recs, [cell]))


def run(args: argparse.Namespace) -> int:
    check_level(args.level)
    opts = formats.options(args)
    if args.map is not None:
        formats.check_writable(args.map, "map")
    fixtures, jobs = kernel_builds(args)
    fx = fixtures[0]
    so = ensure_plugin(fx.compiler)
    engines = _engines(args.engine)
    level = 0 if args.level is None else args.level
    roots = [str(fx.src)] + [str(f.build) for f in fixtures]
    with tempfile.TemporaryDirectory(prefix="uaccess-facts-") as facts_dir:
        facts = Path(facts_dir) if "merge" in engines or args.map else None
        reports, unconfigured = compile_fixtures(
            fixtures, plugin_flags(so, level=args.level, verbose=True, facts=facts), jobs,
            progress=_progress if sys.stderr.isatty() else None)
        if not reports:
            raise UsageError(f"no configured accessor unit found in {fx.src}")
        if sys.stderr.isatty():
            sys.stderr.write("\n")
        compiled = {rep.unit: from_plugin(rep.stderr.splitlines(), roots) for rep in reports}
        merged: list[Finding] = []
        if args.map is not None:
            _write_map(args.map, Path(facts_dir), [f for fs in compiled.values() for f in fs], roots,
                       " and ".join(f.label() for f in fixtures))
        if "merge" in engines:
            try:
                loaded = load_facts([facts])
            except FactsError as exc:
                raise UsageError(str(exc)) from None
            merged = [relocate(f, lambda p: relative_to(p, roots)) for f in merge(loaded, level)]
    cocci: list[Finding] = []
    if "cocci" in engines:
        cocci = from_cocci(run_cocci([fx.src], all_scripts()).findings, Sources([fx.src]))
    # formats.py: text (the lines below, a finding's lines as the plugin printed them), json, sarif
    found = {rep.unit: at_level(compiled[rep.unit], level) if "plugin" in engines else [] for rep in reports}
    merged = at_level(merged + cocci, level)
    said = one_per_site([f for fs in found.values() for f in fs] + merged)
    others = sort_findings({f for f in said.values() if "plugin" not in f.engines})
    failed = [rep for rep in reports if rep.returncode != 0]

    def totals(outcome: formats.Outcome) -> str:
        everything = [f for fs in found.values() for f in fs] + others
        shown = sum(1 for f in everything if outcome.reported(said.get(f, f)))
        count = f"{shown} warnings"
        if outcome.baseline is not None:
            count = f"{shown} new warnings ({len(everything) - shown} in the baseline, {len(outcome.stale)} stale)"
        label = " and ".join(f.label() for f in fixtures)
        return (f"{label}, level {level}: {len(reports)} units, {count}"
                + (f", {len(failed)} failed" if failed else ""))

    def text(outcome: formats.Outcome) -> None:
        for rep in reports:
            for f in found[rep.unit]:
                if outcome.reported(said[f]):
                    print("\n".join(gcc_lines(f) + _engine_note(said[f])))
            for line in rep.summaries:
                print(line)
            if rep.returncode != 0:
                print(f"uaccess-check: compile failed: {rep.unit} (exit {rep.returncode})")
                sys.stdout.flush()
                sys.stderr.write(rep.stderr)
        for f in others:
            if outcome.reported(f):
                print("\n".join(gcc_lines(f) + _engine_note(f)))
        for unit in unconfigured:
            print(f"uaccess-check: not configured: {unit}")
        print(f"uaccess-check: {totals(outcome)}")

    checked = _run_info(fx, reports, unconfigured, failed, "cocci" in engines, level)
    outcome = formats.finish(list(said.values()), opts, "scan", text, Sources([fx.src] + [f.build for f in fixtures]),
                             fx.src, run=checked)
    if opts.format != "text":  # stdout is the document: the rest goes to stderr
        for rep in failed:
            sys.stderr.write(rep.stderr)
            info(f"compile failed: {rep.unit} (exit {rep.returncode})")
        info(totals(outcome))
    if failed:
        return 2
    return outcome.status()
