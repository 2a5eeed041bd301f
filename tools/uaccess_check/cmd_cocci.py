"""uaccess-check cocci: run the Coccinelle scripts of cocci/ over kernel sources, no build needed.

Output (stdout): in report mode, the sorted, de-duplicated ``file:line:col-col: message`` lines of
all scripts (--level N: those scan shows at level N, finding.at_level; default every one), paths
relative to the directory given (the kernel tree by default), one per defect: the accesses of a
function the scripts say in the same words are one finding, said at the first, each other
following it as a GCC-style ``file:line:col: note: also here`` line (finding.defects); or with
--format json|sarif the documents of formats.py (--baseline: only the findings not in it); in the
other modes (org, context, patch) spatch's output per script and file, in a stable order.
Exit status: 0 nothing found, 1 at least one finding, 2 bad input, a spatch failure or a timeout.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import UsageError, formats
from .cocci import DEFAULT_TIMEOUT, MODES, relative, report_line, run_cocci, select_scripts
from .cmd_kernel import add_version_argument
from .finding import Sources, at_level, defects, is_also_here, located, one_per_defect
from .fixture import ensure_fixture, fixture_for
from .log import info
from .plugin import check_level

#: Every finding: the scripts are a lint of the source; --level 0 or 1 shows what scan would.
DEFAULT_LEVEL = 2


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cocci", help="run the Coccinelle scripts (cocci/) over kernel sources",
                       description="Run the Coccinelle scripts of cocci/ over PATHs (default: the prepared "
                                   "source tree of --version, Linux 6.12 unless given, all architectures). Files are preselected by grep; "
                                   "spatch runs per file, in parallel, with a per-file timeout. "
                                   "Exit 1 if anything was reported, 2 on failure.")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="files or directories (default: the prepared tree of --version, 6.12 unless given)")
    add_version_argument(p)
    p.add_argument("--script", "-s", action="append", metavar="NAME",
                   help="run only this script (name or file name; repeatable)")
    p.add_argument("--mode", "-m", default="report", choices=MODES, help="spatch mode (default report)")
    p.add_argument("--jobs", "-j", type=int, default=2, metavar="J", help="parallel spatch runs (default 2)")
    p.add_argument("--level", type=int, default=DEFAULT_LEVEL, metavar="N",
                   help="report mode: show the findings of levels up to N, as the plugin's level option "
                        "(0: unchecked, range, region, mode; 1 adds distance; 2, the default, adds unproven "
                        "and kept pointers)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="S",
                   help=f"per-file timeout in seconds (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--no-macro-file", action="store_true",
                   help="do not pass cocci/macros.h to spatch (as make coccicheck does)")
    p.add_argument("--no-reduce", action="store_true",
                   help="give spatch the files as they are (by default, function definitions that do not "
                        "use the primitives are blanked in a temporary copy, lines unchanged)")
    formats.add_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: must be at least 1")
    check_level(args.level)
    if args.timeout <= 0:
        raise UsageError(f"--timeout {args.timeout:g}: must be positive")
    if args.mode != "report" and (args.format != "text" or args.baseline or args.save_baseline):
        raise UsageError(f"--format {args.format}, --baseline and --save-baseline need --mode report")
    opts = formats.options(args)
    scripts = select_scripts(args.script)
    if args.paths:
        paths = [Path(p) for p in args.paths]
        for p in paths:
            if not p.exists():
                raise UsageError(f"no such file or directory: {p}")
    else:
        paths = [ensure_fixture(fixture_for(args.version)).src]
    result = run_cocci(paths, scripts, mode=args.mode, jobs=args.jobs, timeout=args.timeout,
                       macro_file=not args.no_macro_file, reduce=not args.no_reduce)
    roots = [p for p in paths if p.is_dir()] or [Path.cwd()]
    status = 0
    native = at_level(result.findings, args.level)
    count = "n/a"
    baselined = ""
    if args.mode == "report":
        sources = Sources(roots)
        each = located(native, sources)
        said = defects(each)
        found = one_per_defect(each)
        count = str(len(found))

        def text(outcome: formats.Outcome) -> None:
            # coccicheck's line for each defect, at its first access, then its other accesses
            printed = set()
            for n, f in zip(native, each):
                if said[f] in printed or not outcome.reported(said[f]):
                    continue
                printed.add(said[f])
                print(report_line(n))
                for note in filter(is_also_here, said[f].notes):
                    print(f"{note.file}:{note.line}:{note.column}: note: {note.message}")
        outcome = formats.finish(found, opts, "cocci", text, sources, roots[0] if len(roots) == 1 else None)
        status = outcome.status()
        if opts.baseline is not None:
            reported = sum(1 for f in found if outcome.reported(f))
            count = str(reported)
            baselined = f" ({len(found) - reported} in the baseline, {len(outcome.stale)} stale)"
    else:
        for res in result.outputs:
            if res.stdout:
                sys.stdout.write(res.stdout if res.stdout.endswith("\n") else res.stdout + "\n")
    sys.stdout.flush()
    for res in result.failures:
        what = f"timed out after {args.timeout:g} s" if res.timed_out else f"failed (exit {res.returncode})"
        info(f"cocci: {res.script} on {relative(res.file, roots)} {what}")
        if not res.timed_out and res.stderr:
            sys.stderr.write("\n".join(res.stderr.splitlines()[-10:]) + "\n")
    info(f"cocci: {len(scripts)} scripts, {result.files} files, {result.pairs} runs, "
         f"{count} findings{baselined}"
         + (f", {len(result.failures)} failed" if result.failures else ""))
    if result.failures:
        return 2
    if args.mode == "report":
        return status
    return 1 if any(r.stdout.strip() for r in result.outputs) else 0
