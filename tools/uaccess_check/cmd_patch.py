"""uaccess-check patch FILE|-: the check before a patch is sent.

The patch (a git diff, a git format-patch or b4 mbox, a raw list mail: mail.py decodes it as git
am would) is applied to a scratch copy of the files it touches (patchset.py; the kernel tree is
never written). Each file gets a plan (patchplan.py): a .c file the configuration builds is
compiled with the plugin; a header, through the accessor units that include it and use what it
redefines (headerchange.py), or all of them when it changes more than definitions; the scripts
see what no compiled unit covers (another architecture's code, files the configuration does not
build). Each unit is compiled once before and once after the patch, the compiles spread over the
jobs (level 1 by default: distance is what started this project).

The findings of the affected files are printed 0-day style, new ones prefixed by '>> ', then what
each file was checked by and a checkpatch-like total; a run that failed to compile or checked
nothing says so in its total, its JSON and its SARIF, never as a clean one. Old and new findings
are matched by fingerprint (finding.py: file, function, class, message without numbers), so an
unrelated line shift is not a new finding.

Exit status: 1 when the patch adds a finding, 0 otherwise, 2 on error (not a patch, does not
apply, no kernel, a unit that does not compile).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

from . import UsageError, formats
from .cocci import all_scripts, run_cocci
from .finding import (Finding, Sources, at_level, fingerprints, from_cocci, from_plugin, gcc_lines,
                      one_per_site, sort_findings)
from .fixture import ensure_fixture, fixture_for
from .kbuild import compile_with, make_objects
from .distmap import from_facts_dir
from .kdir import open_kdir
from .mail import patch_text
from .mapcompare import Change, change_lines, compare, summary
from .headerchange import redefined, units_using_names
from .patchplan import NONE, SCRIPTS, FilePlan, plan_file
from .patchset import (apply_to_scratch, changed, compile_after, new_accessor_names, read_patch,
                       units_depending, units_using)
from .plugin import check_level, ensure_plugin, plugin_flags
from .scan import accessor_units, default_jobs
from .units import accessor_names

DEFAULT_LEVEL = 1


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("patch", help="check a patch before sending it: new findings, 0-day style",
                       description="Apply a patch (a git diff, a git format-patch or b4 mbox, a raw list "
                                   "mail; '-' reads stdin) to a scratch copy, compile the units it affects "
                                   "with the plugin before and after it, run the Coccinelle scripts on the "
                                   "files no unit covers, and print the findings, new ones prefixed by '>> ', "
                                   "then what checked each file. Exit 1 if the patch adds a finding, 0 if "
                                   "not, 2 on error (also a unit the patch breaks).")
    p.add_argument("patch", metavar="FILE", help="the patch, or - for standard input")
    p.add_argument("--kernel", metavar="KDIR", default=None,
                   help="a configured and prepared kernel build (default: the 6.12 fixture)")
    p.add_argument("--level", type=int, default=DEFAULT_LEVEL, metavar="N",
                   help="plugin level 0, 1 (default) or 2")
    p.add_argument("--jobs", "-j", type=int, default=None, metavar="J", help="parallel compiles")
    formats.add_arguments(p)
    p.set_defaults(run=run)


def _read(name: str) -> str:
    """The patch's diff text, decoded as git am would when it is mail (mail.py)."""
    if name == "-":
        return patch_text(sys.stdin.buffer.read(), name)
    try:
        return patch_text(Path(name).read_bytes(), name)
    except OSError as exc:
        raise UsageError(f"{name}: {exc.strerror}") from None


def _compile_one(fx, unit: str, flags: list[str], scratch: Path | None,
                 tmp: Path) -> tuple[list[Finding], str | None]:
    """(findings, the compiler's stderr if it failed) of @unit before (@scratch None) or after."""
    out = tmp / (unit.replace("/", "__")[:-2] + (".after.o" if scratch else ".before.o"))
    obj = fx.kbuild_object(unit)
    res = (compile_after(fx.build, fx.src, scratch, unit, obj, flags, out) if scratch
           else compile_with(fx, unit, flags, out))
    roots = ([str(scratch)] if scratch else []) + [str(fx.src), str(fx.build)]
    return from_plugin(res.stderr.splitlines(), roots), (res.stderr if res.returncode else None)


def _compile_both(fx, units: list[str], flags: dict[bool, list[str]], scratch: Path, tmp: Path,
                  jobs: int) -> tuple[list[Finding], list[Finding], list[str], list[str]]:
    """(findings before, after, units failing before, after): each unit compiled once per side
    with that side's flags (flags[True] after), the 2 x N compiles spread over @jobs."""
    sides = [(u, side) for side in (None, scratch) for u in units]
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(lambda t: _compile_one(fx, t[0], flags[t[1] is not None], t[1], tmp), sides))
    found: dict[bool, list[Finding]] = {False: [], True: []}
    failed: dict[bool, list[str]] = {False: [], True: []}
    for (unit, side), (findings, stderr) in zip(sides, results):
        found[side is not None] += findings
        if stderr is not None:
            failed[side is not None].append(unit)
            sys.stderr.write(stderr)
    return found[False], found[True], failed[False], failed[True]


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


def _chosen_units(fx, h: str, scratch: Path, objects: dict[str, str]) -> tuple[list[str], str]:
    """(the accessor units a header change can affect, how they were chosen): those including it
    that use what it redefines (headerchange.py), or all of them."""
    including = units_depending(fx.build, objects, [h])
    old = fx.src / h
    names = redefined(old.read_text(errors="replace") if old.is_file() else "",
                      (scratch / h).read_text(errors="replace"))
    if names is None:
        return including, "every unit including it: it changes more than definitions"
    users = units_using_names(fx.src, scratch, fx.build, objects, including, names)
    if users is None:
        return including, "every unit including it: a header tests what it redefines in an #if"
    return users, (f"{len(users) or 'none'} of the {len(including)} units including it "
                   f"{'use' if len(users) > 1 else 'uses'} what it redefines")


def _header_users(fx, patch, scratch: Path, jobs: int) -> dict[str, tuple[list[str], str]]:
    """Each changed header -> (the units compiled for it, how they were chosen): the accessor
    units it can affect, and the units that use a macro or inline of it that uses an accessor
    only after the patch."""
    headers = [f for f in changed(patch, ".h") if (scratch / f).is_file()]
    if not headers:
        return {}
    configured = set(fx.configured_sources())
    accessors, _ = accessor_units(fx)
    make_objects(fx, accessors, jobs)
    names = accessor_names(fx.src, fx.srcarch, 32 if fx.arch in ("i386", "x86") else 64)
    objects = {u: fx.kbuild_object(u) for u in accessors}
    out = {}
    for h in headers:
        users, how = _chosen_units(fx, h, scratch, objects)
        became = units_using(fx.src, new_accessor_names(names, fx.src, scratch, [h]), configured)
        out[h] = (sorted(set(users) | set(became)), how)
    return out


def _plan(fx, patch, scratch: Path, jobs: int) -> list[FilePlan]:
    """Each file of the patch and what checks it (patchplan.py)."""
    configured = set(fx.configured_sources())
    headers = _header_users(fx, patch, scratch, jobs)
    plans = []
    for f in patch.files:
        after = scratch / f
        text = after.read_text(errors="replace") if after.is_file() else None
        units, how = headers.get(f, ([f] if f.endswith(".c") and f in configured and text is not None else [], ""))
        plans.append(plan_file(f, text, units, fx.srcarch, fx.label(), how))
    return plans


def _run_info(plans: list[FilePlan], failed_before: list[str], failed_after: list[str],
              existing: int, level: int) -> formats.RunInfo:
    rows = tuple(p.row(level) for p in plans)
    if failed_after:
        return formats.RunInfo("failed", f"the patch breaks the compile of {', '.join(failed_after)}",
                               existing, rows)
    if failed_before:
        return formats.RunInfo("failed", f"{', '.join(failed_before)} does not compile before the patch",
                               existing, rows)
    if all(p.engine == NONE for p in plans):
        why = "; ".join(sorted({p.why for p in plans}))
        return formats.RunInfo("nothing checked", f"no file of the patch was checked ({why})", existing, rows)
    return formats.RunInfo("checked", "", existing, rows)


def _map_changes(fx, scratch: Path, facts: dict[bool, Path], before: list[Finding],
                 after: list[Finding]) -> list[Change]:
    """The accesses whose check the patch moves (the distance map of the units compiled, before
    and after): what a maintainer asks of a patch like the seed's."""
    roots = {False: [str(fx.src), str(fx.build)], True: [str(scratch), str(fx.src), str(fx.build)]}
    return compare(from_facts_dir(facts[False], before, roots[False], "before"),
                   from_facts_dir(facts[True], after, roots[True], "after"))


def _print_text(after: list[Finding], new: list[Finding], plans: list[FilePlan], units: int,
                info: formats.RunInfo, level: int, moved: list[Change]) -> None:
    """0-day style: every finding of the affected files, the new ones prefixed by '>> '; then
    what was checked, and a total that is never clean when nothing was checked or it failed."""
    shown = set(new)
    print("uaccess-check warnings: (new ones prefixed by >>)")
    for f in after:
        prefix = ">> " if f in shown else "   "
        for line in gcc_lines(f):
            print(prefix + line)
    if moved:
        print(f"map: {summary(moved)}")
        for c in moved:
            print("\n".join(change_lines(c)))
    for p in plans:
        print(f"checked: {p.text(level)}")
    if units:
        print(f"checked: {units} unit{'s' if units != 1 else ''}, each compiled before and after the patch")
    if info.status != "checked":
        print(f"total: {info.status}: {info.reason}")
        return
    files = len({f.file for f in after})
    print(f"total: {len(shown)} new, {len(after) - len(shown)} existing findings in {files} files")


def run(args: argparse.Namespace) -> int:
    check_level(args.level)
    opts = formats.options(args)
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise UsageError(f"--jobs {jobs}: must be at least 1")
    patch = read_patch(_read(args.patch), args.patch)
    fx = open_kdir(args.kernel) if args.kernel is not None else ensure_fixture(fixture_for(None))
    so = ensure_plugin(fx.compiler)
    with tempfile.TemporaryDirectory(prefix="uaccess-patch-") as tmpdir:
        tmp = Path(tmpdir)
        scratch = tmp / "tree"
        scratch.mkdir()
        facts = {side: tmp / f"facts-{side}" for side in (False, True)}
        flags = {side: plugin_flags(so, level=args.level, facts=facts[side]) for side in (False, True)}
        apply_to_scratch(patch, fx.src, scratch, args.patch)
        plans = _plan(fx, patch, scratch, jobs)
        units = sorted({u for p in plans for u in p.units})
        make_objects(fx, units, jobs)
        before, after, failed_before, failed_after = _compile_both(fx, units, flags, scratch, tmp, jobs)
        moved = _map_changes(fx, scratch, facts, before, after)
        # The scripts see what no compiled unit covers: other architectures, unbuilt files.
        code = [p.file for p in plans if p.engine == SCRIPTS]
        cocci_before, cocci_after = _cocci_findings([(fx.src, code), (scratch, code)])
        before += cocci_before
        after += cocci_after
    # the plugin's levels hold for every engine (finding.at_level)
    before = sort_findings(set(one_per_site(at_level(before, args.level)).values()))
    after = sort_findings(set(one_per_site(at_level(after, args.level)).values()))
    # json/sarif and baselines see what the patch adds; the text shows it among the rest
    added = _added(before, after)
    info = _run_info(plans, failed_before, failed_after, len(after) - len(added), args.level)
    outcome = formats.finish(added, opts, "patch",
                             lambda o: _print_text(after, [f for f in added if o.reported(f)], plans,
                                                   len(units), info, args.level, moved),
                             Sources([fx.src]), fx.src, run=info)
    if info.failed:
        print(f"uaccess-check: {info.reason}", file=sys.stderr)
        return 2
    return outcome.status()
