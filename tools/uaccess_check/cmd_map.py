"""uaccess-check map [KDIR]: every user access of a kernel and how far its check is (distmap.py).

Compiles the accessor units as `scan` does (the prepared fixture, or your own build), at level 2
with the plugin's facts, and builds the map from the facts, the findings and the cross-unit merge.
--format text (default: the farthest checks, then bpftrace-style histograms), json (one record per
access, stable bytes) or html (one self-contained page). Two more forms read maps already made:
--compare OLD NEW lists the accesses whose check moved, and --merge MAP... makes one map of many
(one per configuration, architecture and version), each access once with the cells it is in.
Exit status: 0, or 2 on bad input or a unit that failed to compile.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from . import UsageError
from .cmd_kernel import add_kernel_arguments, kernel_builds
from .distmap import MapAccess, MapError, from_facts_dir, load_map, to_json, write_map
from .finding import from_plugin
from .formats import check_writable
from .log import info
from .maphtml import render as render_html
from .mapcompare import compare, render_json, render_text
from .mapmerge import merge_maps
from .maptext import render as render_map_text
from .plugin import ensure_plugin, plugin_flags
from .scan import compile_fixtures

FORMATS = ("text", "json", "html")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("map", help="every user access of a kernel and how far its check is",
                       description="Compile every accessor unit of a kernel (a defconfig fixture: 6.12 x86_64 "
                                   "unless --version, --arch, --gcc; or your own KDIR) and map each user access "
                                   "to its validation: at the access, in the function, N calls up (with the "
                                   "chain), in another unit, where a kept pointer was stored, none needed, or "
                                   "none found. --compare and --merge read maps written with --format json.")
    add_kernel_arguments(p)
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="text (default; json for --merge), json or html")
    p.add_argument("--output", "-o", type=Path, default=None, metavar="FILE",
                   help="write to FILE instead of stdout")
    p.add_argument("--top", type=int, default=10, metavar="N", help="farthest checks listed (text; default 10)")
    p.add_argument("--link-base", default=None, metavar="URL",
                   help="html: link each file:line to URL + file + '#L' + line (e.g. a git web view of the tree)")
    p.add_argument("--compare", nargs=2, type=Path, default=None, metavar=("OLD", "NEW"),
                   help="compare two JSON maps: accesses whose check moved farther, came nearer, changed, "
                        "appeared or vanished")
    p.add_argument("--merge", nargs="+", type=Path, default=None, metavar="MAP",
                   help="merge JSON maps (one per configuration, architecture, version) into one")
    p.set_defaults(run=run)


def render(fmt: str, cells: list[str], recs: list[MapAccess], top: int = 10, link_base: str | None = None) -> str:
    if fmt == "json":
        return to_json(recs, cells)
    if fmt == "html":
        return render_html(cells, recs, link_base)
    return render_map_text(cells, recs, top)


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    write_map(output, text)
    info(f"map written to {output}")


def _load(path: Path) -> tuple[list[str], list[MapAccess]]:
    try:
        return load_map(path)
    except MapError as exc:
        raise UsageError(str(exc)) from None


def _compile(args: argparse.Namespace) -> tuple[list[str], list[MapAccess], int]:
    fixtures, jobs = kernel_builds(args)
    fx = fixtures[0]
    so = ensure_plugin(fx.compiler)
    roots = [str(fx.src)] + [str(f.build) for f in fixtures]
    cell = " and ".join(f.label() for f in fixtures)
    with tempfile.TemporaryDirectory(prefix="uaccess-map-") as tmp:
        reports, _ = compile_fixtures(fixtures, plugin_flags(so, level=2, facts=Path(tmp)), jobs)
        if not reports:
            raise UsageError(f"no configured accessor unit found in {fx.src}")
        findings = [f for rep in reports for f in from_plugin(rep.stderr.splitlines(), roots)]
        recs = from_facts_dir(Path(tmp), findings, roots, cell)
    failed = [rep for rep in reports if rep.returncode != 0]
    for rep in failed:
        sys.stderr.write(rep.stderr)
        info(f"compile failed: {rep.unit} (exit {rep.returncode})")
    return [cell], recs, len(failed)


def run(args: argparse.Namespace) -> int:
    if args.output is not None:
        check_writable(args.output, "map")
    if args.top < 1:
        raise UsageError(f"--top {args.top}: must be at least 1")
    if args.compare and args.merge:
        raise UsageError("give --compare or --merge, not both")
    if (args.compare or args.merge) and (args.kdir or args.version or args.arch or args.gcc):
        raise UsageError("--compare and --merge read maps: no KDIR, --version, --arch or --gcc")
    if args.compare:
        if args.format == "html":
            raise UsageError("--compare prints text or json")
        (oc, old), (nc, new) = _load(args.compare[0]), _load(args.compare[1])
        changes = compare(old, new)
        text = render_json(changes, oc, nc) if args.format == "json" else render_text(changes, oc, nc, len(old), len(new))
        _emit(text, args.output)
        return 0
    if args.merge:
        try:
            cells, recs = merge_maps(args.merge)
        except MapError as exc:
            raise UsageError(str(exc)) from None
        _emit(render(args.format or "json", cells, recs, args.top, args.link_base), args.output)
        return 0
    cells, recs, failed = _compile(args)
    _emit(render(args.format or "text", cells, recs, args.top, args.link_base), args.output)
    return 2 if failed else 0
