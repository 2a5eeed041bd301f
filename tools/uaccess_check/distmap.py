"""The distance map: every user access of a kernel and where its validation is (docs/map.md).

One record per access as written: the unsafe accessors (in a plain, masked or scoped region),
the ``__get_user()`` family, and the checked accesses (``get_user()``, ``copy_*_user()``), which
validate their own pointer. Each says how its pointer is validated:

* ``access``: at the access itself (a checked access);
* ``function``: by a check in the same function, so many lines above;
* ``callers``: by a check N calls up, with the chain;
* ``unit``: by a check in another unit, found by the cross-unit merge (merge.met_checks);
* ``kept``: a kept pointer (plugin/registrations.def), checked where it was stored;
* ``guard``: by a test of the pointer in the function that is no check primitive (a get_user()
  of it before, a bound against the top of user space, a kernel or null address);
* ``none-needed``: a family member that needs none, and why;
* ``none``: no check found or provable, with the level from which the tool reports it.

The records are made from the plugin's facts (facts.py) and the findings of the same compiles;
nothing here compiles or prints. Histograms count the records in the buckets the text, JSON and
HTML forms share (maptext.py, maphtml.py), so the three agree by construction and by test.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable

from . import UsageError, primitives
from .diag import relative_to
from .facts import Access, Check, Facts, FactsError, Link, load_facts
from .finding import Finding
from .merge import met_checks
from .messages import level_of, say
from .requirements import Distance

MAP_VERSION = 1

VALIDATIONS = ("access", "function", "callers", "unit", "kept", "guard", "none-needed", "none")
KINDS = ("unsafe", "masked", "scoped", "family", "checked")
CALL_BUCKETS = ("0", "1", "2", "3", "4", "5+", "other unit", "unknown")

#: What the facts' proven_by says, in words; the first three need no check, the others are guards.
PROVEN_BY = {
    "arm64": "arm64's own member checks the address itself",
    "compat": "a compat syscall's argument: a 32-bit pointer",
    "u32": "made from a 32-bit value: below 4 GiB",
    "checked_before": "a get_user() of the same pointer before it",
    "bound": "every path tests the pointer itself (a bound against the top of user space, "
             "a kernel or null address)",
}
NEEDS_NONE = ("arm64", "compat", "u32")


class MapError(Exception):
    """A map file that cannot be used (reported as one line, exit 2)."""


@dataclass(frozen=True)
class Site:
    """A check or region begin, where it is written."""
    primitive: str
    text: str | None
    function: str | None
    file: str | None
    line: int | None


@dataclass(frozen=True)
class Call:
    caller: str
    callee: str
    file: str
    line: int


@dataclass(frozen=True)
class MapAccess:
    file: str
    line: int
    column: int
    function: str
    accessor: str
    kind: str  # one of KINDS
    mode: str
    pointer: str | None
    validation: str  # one of VALIDATIONS
    calls: int | None  # calls from the check down to the access; None: unknown or not a call chain
    lines: int | None  # source lines from the check to the access, when both are in one file
    check: Site | None
    chain: tuple[Call, ...]
    region: Site | None  # the begin of the region it runs in (unsafe accessors)
    why: str | None  # none-needed: why; kept: where it was stored
    verdict: str  # the plugin's verdict (facts): proven, unproven, range, unchecked, region, mode
    level: int | None  # the level from which the tool reports it; None: not up to the compile's level
    units: tuple[str, ...]  # the compiled units it was seen in
    cells: tuple[str, ...] = field(default=())  # the builds (map --merge)

    def key(self) -> tuple:
        return (self.file, self.line, self.column, self.function, self.accessor)


# ---- building ------------------------------------------------------------------------------

def _kind(accessor: str, region: Site | None) -> str:
    p = primitives.by_name().get(accessor)
    if p is not None and p.kind in ("family", "checked"):
        return p.kind
    rp = primitives.by_name().get(region.primitive) if region else None
    if rp is not None and rp.kind in ("masked", "scoped"):
        return rp.kind
    return "unsafe"


def _chain(links: Iterable[Link], rel: Callable[[str], str]) -> tuple[Call, ...]:
    return tuple(Call(l.caller, l.callee, rel(l.pos.file), l.pos.line) for l in links)


def _site(chk: Check, rel: Callable[[str], str]) -> Site:
    assert chk.primitive is not None and chk.pos is not None
    return Site(chk.primitive, chk.text, chk.function, rel(chk.pos.file), chk.pos.line)


def _lines(file: str, line: int, check: Site | None) -> int | None:
    if check is None or check.file != file or check.line is None:
        return None
    return abs(line - check.line)


def _validation(acc: Access, met: Distance | None, rel: Callable[[str], str]) -> tuple:
    """(validation, calls, check, chain, why) of an access."""
    chk = acc.check
    if acc.proven_by is not None:
        why = PROVEN_BY.get(acc.proven_by, acc.proven_by)
        return ("none-needed" if acc.proven_by in NEEDS_NONE else "guard"), 0, None, (), why
    if chk is not None and chk.primitive is not None:
        site, chain = _site(chk, rel), _chain(chk.chain, rel)
        if chk.function == acc.function and not chk.chain:
            return "function", 0, site, chain, None
        return "callers", len(chain), site, chain, None
    if chk is not None and chk.text is not None:
        return "kept", None, Site(chk.text.split("(", 1)[0], chk.text, None, None, None), (), chk.stored
    if met is not None:
        return "unit", len(met.chain), _site(met.check, rel), _chain(met.chain, rel), None
    return "none", None, None, (), None


def _region(acc: Access, rel: Callable[[str], str]) -> Site | None:
    r = acc.region
    if r is None:
        return None
    return Site(r.primitive, None, r.function, rel(r.pos.file), r.pos.line)


#: The notes that place a finding's access elsewhere than the finding: another access of the
#: same defect, the access a finding at a call (an inlined helper's caller) is about.
_ACCESS_NOTES = (say("also_here"), say("accessed_here"))


def _levels(findings: Iterable[Finding]) -> dict[tuple, int]:
    """The lowest level of a finding at each position, its own or that of a note naming an
    access ("also here", "accessed here")."""
    out: dict[tuple, int] = {}
    for f in findings:
        lvl = level_of(f.cls, f.message)
        for pos in [(f.file, f.line, f.column)] + [(n.file, n.line, n.column) for n in f.notes
                                                    if n.message in _ACCESS_NOTES]:
            out[pos] = min(lvl, out.get(pos, lvl))
    return out


def _access_record(acc: Access, met: Distance | None, levels: dict[tuple, int],
                   rel: Callable[[str], str]) -> MapAccess:
    file = rel(acc.pos.file)
    validation, calls, check, chain, why = _validation(acc, met, rel)
    region = _region(acc, rel)
    level = levels.get((file, acc.pos.line, acc.pos.column))
    lines = 0 if validation == "none-needed" else _lines(file, acc.pos.line, check)
    return MapAccess(file, acc.pos.line, acc.pos.column, acc.function, acc.accessor,
                     _kind(acc.accessor, region), acc.mode, acc.pointer, validation, calls, lines,
                     check, chain, region, why, acc.verdict, level, (unit_name(acc.unit, rel),))


def unit_name(unit: str, rel: Callable[[str], str]) -> str:
    """A facts unit (the compiler's source path without its leading "/") as the map names it:
    relative to the tree when it is in it."""
    inside = rel("/" + unit)
    return unit if inside.startswith("/") else inside


def _checked_records(facts: Facts, rel: Callable[[str], str]) -> list[MapAccess]:
    """The checked accesses (primitives.def kind CHECKED), each validated by itself."""
    checked = set(primitives.names(kind="checked"))
    out = []
    for c in facts.checks:
        if c.primitive in checked:
            file = rel(c.pos.file)
            out.append(MapAccess(file, c.pos.line, c.pos.column, c.function, c.primitive, "checked",
                                 c.mode, c.pointer, "access", 0, 0, None, (), None, None, "proven",
                                 None, (unit_name(c.unit, rel),)))
    return out


def build(facts: Facts, findings: Iterable[Finding], met: dict[tuple, Distance],
          rel: Callable[[str], str], cell: str) -> list[MapAccess]:
    """One record per access of the facts' units, in the map's order. An access of a header
    seen by many units is one record naming them all."""
    levels = _levels(findings)
    recs = [_access_record(a, met.get((a.function, a.pos)), levels, rel) for a in facts.every_access]
    recs += _checked_records(facts, rel)
    return with_cells(unite(recs), (cell,))


def from_facts_dir(facts_dir: Path, findings: Iterable[Finding], roots: list[str],
                   cell: str) -> list[MapAccess]:
    """The map of the units compiled with their facts into facts_dir (none written: an empty
    map); the findings of the same compiles, paths relative to the tree (finding.from_plugin).
    A facts file that cannot be read is a UsageError."""
    if not any(facts_dir.rglob("*.json")):
        return []
    try:
        facts = load_facts([facts_dir])
    except FactsError as exc:
        raise UsageError(str(exc)) from None
    return build(facts, findings, met_checks(facts), lambda p: relative_to(p, roots), cell)


def unite(recs: Iterable[MapAccess]) -> list[MapAccess]:
    """Records of one access (same key) made one, naming every unit and cell, sorted by key:
    a header's access seen by many units of a build, an access of many builds (map --merge).
    Where they judge it differently (their callers differ), the farther check is kept: the map
    shows how far a check can be. One pass, then one sort of the keys."""
    by_key: dict[tuple, MapAccess] = {}
    for r in recs:
        old = by_key.get(r.key())
        if old is None:
            by_key[r.key()] = r
            continue
        by_key[r.key()] = replace(farther(old, r), units=tuple(sorted(set(old.units) | set(r.units))),
                                  cells=tuple(sorted(set(old.cells) | set(r.cells))))
    return [by_key[k] for k in sorted(by_key)]


def farther(a: MapAccess, b: MapAccess) -> MapAccess:
    """The farther of two records of one access; equally far, the first of their JSON texts, so
    that the order records come in never decides."""
    def key(r: MapAccess) -> tuple:
        return (rank(r), json.dumps(plain(replace(r, units=(), cells=())), sort_keys=True))
    return max(a, b, key=key)


def rank(r: MapAccess) -> tuple:
    """Farther: no check at all, then another unit, then more calls, then more lines counted in
    the histogram's power-of-two buckets (a check a few lines farther in the same bucket has
    not moved: across kernels and patches, lines shift)."""
    calls, lines = distance(r)
    return (r.validation == "none", r.validation in ("unit", "kept"), calls,
            lines.bit_length() if lines >= 0 else -1)


def with_cells(recs: list[MapAccess], cells: tuple[str, ...]) -> list[MapAccess]:
    return [replace(r, cells=cells) for r in recs]


# ---- distance and buckets ------------------------------------------------------------------

def distance(r: MapAccess) -> tuple:
    """How far the check is, for ordering: calls first (another unit's chain counted as its
    calls), then lines; accesses without a check found are not ordered here."""
    return (r.calls or 0, r.lines if r.lines is not None else -1)


def calls_bucket(r: MapAccess) -> str:
    if r.validation in ("unit", "kept"):
        return "other unit"
    if r.validation == "none":
        return "unknown"
    n = r.calls or 0
    return "5+" if n >= 5 else str(n)


def _power_label(lo: int) -> str:
    def short(n: int) -> str:
        for suffix, size in (("M", 1 << 20), ("K", 1 << 10)):
            if n >= size and n % size == 0:
                return f"{n // size}{suffix}"
        return str(n)
    return f"[{short(lo)}, {short(lo * 2)})"


def lines_bucket(r: MapAccess) -> str:
    """bpftrace's hist() buckets: [0], [1], [2, 4), [4, 8)...; "other file" when the check is in
    another file than the access, "unknown" when there is none."""
    if r.lines is None:
        return "unknown" if r.validation in ("guard", "none") else "other file"
    if r.lines < 2:
        return f"[{r.lines}]"
    return _power_label(1 << (r.lines.bit_length() - 1))


def lines_buckets(recs: list[MapAccess]) -> list[str]:
    """The line buckets of a histogram, in order: [0] up to the largest used, then the others."""
    top = max((r.lines for r in recs if r.lines is not None), default=0)
    labels = ["[0]", "[1]"]
    lo = 2
    while lo <= top:
        labels.append(_power_label(lo))
        lo *= 2
    return labels + ["other file", "unknown"]


def histogram(recs: list[MapAccess], bucket: Callable[[MapAccess], str],
              labels: list[str] | tuple[str, ...]) -> list[tuple[str, int]]:
    counts = dict.fromkeys(labels, 0)
    for r in recs:
        counts[bucket(r)] += 1
    return list(counts.items())


def top_dir(r: MapAccess) -> str:
    return r.file.split("/", 1)[0]


def histograms(recs: list[MapAccess]) -> list[tuple[str, list[tuple[str, int]]]]:
    """Every histogram of the map, named as bpftrace names its maps: @calls, @lines, then
    @calls[kind], @lines[kind], @calls[dir], @lines[dir] for each kind and top-level directory
    that has accesses. Every form draws these, in this order."""
    lines = lines_buckets(recs)
    out = [("@calls", histogram(recs, calls_bucket, CALL_BUCKETS)),
           ("@lines", histogram(recs, lines_bucket, lines))]
    groups = [(k, [r for r in recs if r.kind == k]) for k in KINDS]
    groups += [(d, [r for r in recs if top_dir(r) == d]) for d in sorted({top_dir(r) for r in recs})]
    for name, members in groups:
        if members:
            out.append((f"@calls[{name}]", histogram(members, calls_bucket, CALL_BUCKETS)))
            out.append((f"@lines[{name}]", histogram(members, lines_bucket, lines_buckets(members))))
    return out


def _check_group(r: MapAccess) -> tuple:
    c = r.check
    assert c is not None
    return (r.function, c.file, c.line, c.function, c.text)


def farthest(recs: list[MapAccess], n: int) -> list[tuple[MapAccess, int]]:
    """The n farthest checks, farthest first: for each check and function of the accesses it
    validates, the farthest of them and how many there are (ties in the map's order)."""
    groups: dict[tuple, list[MapAccess]] = {}
    for r in recs:
        if r.validation in ("function", "callers", "unit"):
            groups.setdefault(_check_group(r), []).append(r)
    best = [(min(g, key=lambda r: (tuple(-x for x in distance(r)), r.key())), len(g)) for g in groups.values()]
    return sorted(best, key=lambda b: (tuple(-x for x in distance(b[0])), b[0].key()))[:n]


def counts(recs: list[MapAccess]) -> list[tuple[str, int]]:
    return histogram(recs, lambda r: r.validation, VALIDATIONS)


# ---- JSON ----------------------------------------------------------------------------------

def to_json(recs: list[MapAccess], cells: Iterable[str]) -> str:
    """The map document: one access per line, stable bytes."""
    lines = [json.dumps(plain(r), ensure_ascii=False) for r in recs]
    head = json.dumps({"version": MAP_VERSION, "cells": sorted(set(cells))}, ensure_ascii=False)[:-1]
    body = ",\n".join("    " + l for l in lines)
    return f'{head}, "accesses": [\n{body}\n]}}\n' if lines else f'{head}, "accesses": []}}\n'


def plain(r: MapAccess) -> dict[str, Any]:
    d = asdict(r)
    d["units"] = list(r.units)
    d["cells"] = list(r.cells)
    return d


def _site_of(d: Any) -> Site | None:
    return None if d is None else Site(d["primitive"], d["text"], d["function"], d["file"], d["line"])


def from_plain(d: dict[str, Any]) -> MapAccess:
    return MapAccess(d["file"], d["line"], d["column"], d["function"], d["accessor"], d["kind"], d["mode"],
                     d["pointer"], d["validation"], d["calls"], d["lines"], _site_of(d["check"]),
                     tuple(Call(c["caller"], c["callee"], c["file"], c["line"]) for c in d["chain"]),
                     _site_of(d["region"]), d["why"], d["verdict"], d["level"], tuple(d["units"]),
                     tuple(d["cells"]))


def write_map(path: Path, text: str) -> None:
    """Write a map where the user asked, through a symlink or into a FIFO as a shell would
    (not atomically: a map is output, not state); a failure is one UsageError line."""
    try:
        with path.open("w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise UsageError(f"cannot write map {path}: {exc.strerror or exc}") from None


def load_map(path: Path) -> tuple[list[str], list[MapAccess]]:
    """(cells, records) of a map file; any mistake is one MapError naming the file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MapError(f"{path}: cannot read: {exc.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MapError(f"{path}: not a map (invalid JSON: {exc})") from None
    if isinstance(data, dict) and "unit" in data and "requirements" in data:
        raise MapError(f"{path}: a facts file (uaccess-check merge reads those), not a map "
                       "(uaccess-check map --format json)")
    if not isinstance(data, dict) or data.get("version") != MAP_VERSION or "accesses" not in data:
        raise MapError(f"{path}: not a map of version {MAP_VERSION} (uaccess-check map --format json)")
    try:
        recs = [from_plain(d) for d in data["accesses"]]
        cells = [str(c) for c in data["cells"]]
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise MapError(f"{path}: a malformed access record ({type(exc).__name__}: {exc})") from None
    for i, r in enumerate(recs):
        if r.validation not in VALIDATIONS or r.kind not in KINDS:
            raise MapError(f"{path}: access {i} ({r.file}:{r.line}): unknown validation '{r.validation}' "
                           f"or kind '{r.kind}'")
    return cells, recs
