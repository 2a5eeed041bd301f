"""uaccess-check patch FILE|-: the check before a patch is sent.

The patch (git diff, or an mbox from git format-patch) is applied to a scratch copy of the files
it touches (patchset.py; the kernel tree is never written). The units it affects, the .c files it
changes that the configuration builds and the accessor units that include a header it changes,
are compiled with the plugin before and after it (level 1 by default: distance is what started
this project), and the Coccinelle scripts run before and after on the changed files no compiled
unit covers (another architecture's code, files the configuration does not build). The findings of the affected files are printed
0-day style, new ones prefixed by '>> ', then a checkpatch-like total. Old and new findings are
matched by fingerprint (finding.py: file, function, class, message without numbers), so an
unrelated line shift is not a new finding.

Exit status: 1 when the patch adds a finding, 0 otherwise, 2 on error (not a patch, does not
apply, no kernel).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from . import UsageError, formats
from .cocci import all_scripts, run_cocci
from .finding import (Finding, Sources, at_level, fingerprints, from_cocci, from_plugin, gcc_lines,
                      one_per_site, sort_findings)
from .fixture import ensure_fixture, fixture_for
from .kbuild import compile_with, make_objects
from .kdir import open_kdir
from .patchset import (apply_to_scratch, changed, compile_after, new_accessor_names, read_patch,
                       units_depending, units_using)
from .plugin import check_level, ensure_plugin, plugin_flags
from .scan import accessor_units, default_jobs
from .units import accessor_names

DEFAULT_LEVEL = 1


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("patch", help="check a patch before sending it: new findings, 0-day style",
                       description="Apply a patch (git diff or git format-patch mbox; '-' reads stdin) to a "
                                   "scratch copy, compile the units it affects with the plugin before and "
                                   "after it, run the Coccinelle scripts on the files it changes, and print "
                                   "the findings, new ones prefixed by '>> '. Exit 1 if the patch adds a "
                                   "finding, 0 if not, 2 on error.")
    p.add_argument("patch", metavar="FILE", help="the patch, or - for standard input")
    p.add_argument("--kernel", metavar="KDIR", default=None,
                   help="a configured and prepared kernel build (default: the 6.12 fixture)")
    p.add_argument("--level", type=int, default=DEFAULT_LEVEL, metavar="N",
                   help="plugin level 0, 1 (default) or 2")
    p.add_argument("--jobs", "-j", type=int, default=None, metavar="J", help="parallel compiles")
    formats.add_arguments(p)
    p.set_defaults(run=run)


def _read(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(errors="replace")
    except OSError as exc:
        raise UsageError(f"{name}: {exc.strerror}") from None


def _plugin_findings(fx, units: list[str], flags: list[str], scratch: Path | None,
                     tmp: Path) -> tuple[list[Finding], list[str]]:
    """(findings, units that failed to compile) of @units, before (@scratch None) or after."""
    findings: list[Finding] = []
    failed: list[str] = []
    roots = ([str(scratch)] if scratch else []) + [str(fx.src), str(fx.build)]
    for unit in units:
        out = tmp / (unit.replace("/", "__")[:-2] + (".after.o" if scratch else ".before.o"))
        obj = fx.kbuild_object(unit)
        res = (compile_after(fx.build, fx.src, scratch, unit, obj, flags, out) if scratch
               else compile_with(fx, unit, flags, out))
        if res.returncode != 0:
            failed.append(unit)
            sys.stderr.write(res.stderr)
        findings += from_plugin(res.stderr.splitlines(), roots)
    return findings, failed


def _cocci_findings(trees: list[tuple[Path, list[str]]]) -> list[list[Finding]]:
    """The scripts' findings on these files of each tree, with tree-relative paths: one run for
    all trees (each spatch starts once for the files before and after the patch)."""
    files = [root / f for root, rels in trees for f in rels if (root / f).is_file()]
    # the driver names a file relative to the working directory when it is below it
    found = [replace(f, file=str((Path.cwd() / f.file).resolve()))
             for f in (run_cocci(files, all_scripts()).findings if files else [])]
    out = []
    for root, _ in trees:
        prefix = str(root.resolve()).rstrip("/") + "/"
        mine = [replace(f, file=f.file[len(prefix):]) for f in found if f.file.startswith(prefix)]
        out.append(from_cocci(mine, Sources([root])))
    return out


def _added(before: list[Finding], after: list[Finding]) -> list[Finding]:
    """The findings of @after whose fingerprint no finding of @before has."""
    old = set(fingerprints(before).values())
    prints = fingerprints(after)
    return [f for f in after if prints[f] not in old]


def _print_text(after: list[Finding], new: list[Finding]) -> None:
    """0-day style: every finding of the affected files, the new ones prefixed by '>> '."""
    shown = set(new)
    print("uaccess-check warnings: (new ones prefixed by >>)")
    for f in after:
        prefix = ">> " if f in shown else "   "
        for line in gcc_lines(f):
            print(prefix + line)
    files = len({f.file for f in after})
    print(f"total: {len(shown)} new, {len(after) - len(shown)} existing findings in {files} files")


def run(args: argparse.Namespace) -> int:
    check_level(args.level)
    opts = formats.options(args)
    jobs = default_jobs() if args.jobs is None else args.jobs
    patch = read_patch(_read(args.patch), args.patch)
    fx = open_kdir(args.kernel) if args.kernel is not None else ensure_fixture(fixture_for(None))
    so = ensure_plugin(fx.compiler)
    flags = plugin_flags(so, level=args.level)
    configured = set(fx.configured_sources())
    with tempfile.TemporaryDirectory(prefix="uaccess-patch-") as tmpdir:
        tmp = Path(tmpdir)
        scratch = tmp / "tree"
        scratch.mkdir()
        apply_to_scratch(patch, fx.src, scratch, args.patch)
        headers = changed(patch, ".h")
        accessors, _ = accessor_units(fx)
        make_objects(fx, accessors, jobs)
        names = accessor_names(fx.src, fx.srcarch, 32 if fx.arch in ("i386", "x86") else 64)
        objects = {u: fx.kbuild_object(u) for u in accessors}
        units = {u for u in changed(patch, ".c") if u in configured and (fx.src / u).is_file()}
        covered = set(units)
        for h in headers:
            users = (set(units_depending(fx.build, objects, [h]))
                     | set(units_using(fx.src, new_accessor_names(names, scratch, [h]), configured)))
            units |= users
            if users:
                covered.add(h)
        units = sorted(units)
        make_objects(fx, units, jobs)
        before, failed_before = _plugin_findings(fx, units, flags, None, tmp)
        after, failed_after = _plugin_findings(fx, units, flags, scratch, tmp)
        # The scripts see what no compiled unit covers: other architectures, unbuilt files.
        code = [f for f in patch.files if f.endswith((".c", ".h")) and f not in covered]
        cocci_before, cocci_after = _cocci_findings([(fx.src, code), (scratch, code)])
        before += cocci_before
        after += cocci_after
    # the plugin's levels hold for every engine (finding.at_level)
    before = sort_findings(set(one_per_site(at_level(before, args.level)).values()))
    after = sort_findings(set(one_per_site(at_level(after, args.level)).values()))
    # json/sarif and baselines see what the patch adds; the text shows it among the rest
    added = _added(before, after)
    outcome = formats.finish(added, opts, "patch",
                             lambda o: _print_text(after, [f for f in added if o.reported(f)]),
                             Sources([fx.src]), fx.src)
    if failed_after:
        print(f"uaccess-check: the patch breaks the compile of {', '.join(failed_after)}", file=sys.stderr)
        return 2
    return outcome.status()
