"""The plugin's per-unit facts (docs/facts.md, schema version 1): the records, and the reader.

A unit cannot see the callers of its global functions: what an access there needs from them is
a *requirement* in the unit's facts, and every call a unit makes to another unit's function is
recorded with how each pointer argument is checked at the call. :func:`load_facts` reads the
facts files of many units, validates every record and indexes them for the merge (merge.py).
Bad input raises :class:`FactsError` naming the file and the record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

SCHEMA_VERSION = 1
SECTIONS = ("accesses", "checks", "regions", "calls", "requirements")


class FactsError(Exception):
    """A facts file or directory that cannot be used (reported as one line, exit 2)."""


# ---- data -----------------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Pos:
    file: str
    line: int
    column: int


@dataclass(frozen=True)
class Link:
    """One call of a chain: caller() calls callee() at pos."""
    caller: str
    callee: str
    pos: Pos


@dataclass(frozen=True)
class Check:
    verdict: str
    requirement: bool
    primitive: str | None
    text: str | None
    function: str | None
    pos: Pos | None
    chain: tuple[Link, ...]
    stored: str | None  # a kept pointer's: where it was stored (registrations.def)


@dataclass(frozen=True)
class Arg:
    index: int
    pointer: str | None
    root: str
    param_index: int | None
    offset: int | None
    check: Check


@dataclass(frozen=True)
class Call:
    unit: str
    caller: str
    callee: str
    pos: Pos
    region: str  # open, closed, caller
    args: tuple[Arg, ...]


@dataclass(frozen=True)
class Region:
    primitive: str
    checks: bool
    function: str
    pos: Pos
    calls: int


@dataclass(frozen=True)
class Access:
    unit: str
    function: str
    pos: Pos
    accessor: str
    pointer: str | None  # the pointer argument as written
    mode: str
    verdict: str
    check: Check | None
    region: Region | None
    proven_by: str | None  # proven with no check to name: arm64, compat, u32, checked_before, bound


@dataclass(frozen=True)
class Primitive:
    """A check or region primitive as written (the facts' checks and regions)."""
    unit: str
    function: str
    pos: Pos
    primitive: str
    pointer: str | None
    mode: str


@dataclass(frozen=True)
class Requirement:
    unit: str
    function: str
    needs: str  # check, region
    param_index: int | None
    param: str | None
    offset: int | None
    accessor: str
    access_function: str
    access: Pos


@dataclass
class Facts:
    """The facts of all units read, indexed for the merge."""
    units: list[str] = field(default_factory=list)
    calls: dict[str, list[Call]] = field(default_factory=dict)  # by callee
    accesses: dict[tuple[str, Pos], Access] = field(default_factory=dict)  # one per function, position
    every_access: list[Access] = field(default_factory=list)  # each unit's, for the distance map
    checks: list[Primitive] = field(default_factory=list)
    requirements: list[Requirement] = field(default_factory=list)

# ---- reading and validating -----------------------------------------------------------------

class _Reader:
    """Typed access to one facts file's records; every mistake names the file and the record."""

    def __init__(self, path: Path):
        self.path = path

    def fail(self, where: str, what: str) -> FactsError:
        return FactsError(f"{self.path}: {where}: {what}")

    def get(self, obj: Any, key: str, types: tuple, where: str, optional: bool = False) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(where, "expected an object")
        if key not in obj:
            if optional:
                return None
            raise self.fail(where, f"missing key '{key}'")
        val = obj[key]
        # bool is an int in Python: never accept one for the other
        ok = isinstance(val, types) and not (isinstance(val, bool) and bool not in types)
        if not ok:
            raise self.fail(where, f"'{key}' has the wrong type ({type(val).__name__})")
        return val

    def str_(self, obj: Any, key: str, where: str) -> str:
        return self.get(obj, key, (str,), where)

    def opt_str(self, obj: Any, key: str, where: str) -> str | None:
        return self.get(obj, key, (str, type(None)), where, optional=True)

    def int_(self, obj: Any, key: str, where: str) -> int:
        return self.get(obj, key, (int,), where)

    def opt_int(self, obj: Any, key: str, where: str, optional: bool = False) -> int | None:
        return self.get(obj, key, (int, type(None)), where, optional=optional)

    def bool_(self, obj: Any, key: str, where: str) -> bool:
        return self.get(obj, key, (bool,), where)

    def pos(self, obj: Any, where: str) -> Pos:
        return Pos(self.str_(obj, "file", where), self.int_(obj, "line", where),
                   self.int_(obj, "column", where))

    def chain(self, obj: Any, where: str) -> tuple[Link, ...]:
        links = self.get(obj, "chain", (list,), where)
        return tuple(Link(self.str_(l, "caller", f"{where}.chain[{i}]"),
                          self.str_(l, "callee", f"{where}.chain[{i}]"),
                          self.pos(l, f"{where}.chain[{i}]"))
                     for i, l in enumerate(links))

    def check(self, obj: Any, where: str) -> Check:
        if not isinstance(obj, dict):
            raise self.fail(where, "expected an object")
        primitive = self.opt_str(obj, "primitive", where)
        return Check(verdict=self.str_(obj, "verdict", where),
                     requirement=self.bool_(obj, "requirement", where),
                     primitive=primitive,
                     text=self.opt_str(obj, "text", where),
                     function=self.str_(obj, "function", where) if primitive else None,
                     pos=self.pos(obj, where) if primitive else None,
                     chain=self.chain(obj, where),
                     stored=None if primitive else self.opt_str(obj, "stored", where))

    def region(self, obj: Any, where: str) -> Region | None:
        if obj is None:
            return None
        return Region(primitive=self.str_(obj, "primitive", where),
                      checks=self.bool_(obj, "checks", where),
                      function=self.str_(obj, "function", where),
                      pos=self.pos(obj, where),
                      calls=self.int_(obj, "calls", where))


def _load_one(path: Path, facts: Facts) -> None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise FactsError(f"{path}: cannot read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FactsError(f"{path}: invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    r = _Reader(path)
    if not isinstance(data, dict):
        raise FactsError(f"{path}: not a facts file (expected a JSON object)")
    version = data.get("version")
    if version != SCHEMA_VERSION or isinstance(version, bool):
        raise FactsError(f"{path}: facts schema version {json.dumps(version)}, "
                         f"this uaccess-check reads version {SCHEMA_VERSION}")
    unit = r.str_(data, "unit", "top level")
    for section in SECTIONS:
        r.get(data, section, (list,), "top level")
    facts.units.append(unit)

    for i, rec in enumerate(data["calls"]):
        where = f"calls[{i}]"
        args = []
        for j, a in enumerate(r.get(rec, "args", (list,), where)):
            w = f"{where}.args[{j}]"
            args.append(Arg(index=r.int_(a, "index", w), pointer=r.opt_str(a, "pointer", w),
                            root=r.str_(a, "root", w), param_index=r.opt_int(a, "param_index", w),
                            offset=r.opt_int(a, "offset", w),
                            check=r.check(r.get(a, "check", (dict,), w), f"{w}.check")))
        region = r.str_(rec, "region", where)
        if region not in ("open", "closed", "caller"):
            raise r.fail(where, f"unknown region '{region}'")
        call = Call(unit=unit, caller=r.str_(rec, "caller", where), callee=r.str_(rec, "callee", where),
                    pos=r.pos(rec, where), region=region, args=tuple(args))
        facts.calls.setdefault(call.callee, []).append(call)

    for i, rec in enumerate(data["accesses"]):
        where = f"accesses[{i}]"
        chk = r.get(rec, "check", (dict, type(None)), where)
        acc = Access(unit=unit, function=r.str_(rec, "function", where), pos=r.pos(rec, where),
                     accessor=r.str_(rec, "accessor", where),
                     check=None if chk is None else r.check(chk, f"{where}.check"),
                     region=r.region(r.get(rec, "region", (dict, type(None)), where), f"{where}.region"),
                     pointer=r.opt_str(rec, "pointer", where), mode=r.str_(rec, "mode", where),
                     verdict=r.str_(rec, "verdict", where), proven_by=r.opt_str(rec, "proven_by", where))
        facts.accesses[(acc.function, acc.pos)] = acc
        facts.every_access.append(acc)

    for i, rec in enumerate(data["checks"]):
        where = f"checks[{i}]"
        facts.checks.append(Primitive(unit=unit, function=r.str_(rec, "function", where), pos=r.pos(rec, where),
                                      primitive=r.str_(rec, "primitive", where),
                                      pointer=r.opt_str(rec, "pointer", where), mode=r.str_(rec, "mode", where)))

    for i, rec in enumerate(data["requirements"]):
        where = f"requirements[{i}]"
        needs = r.str_(rec, "needs", where)
        if needs not in ("check", "region"):
            raise r.fail(where, f"unknown need '{needs}'")
        access = r.get(rec, "access", (dict,), where)
        param_index = r.opt_int(rec, "param_index", where)
        if needs == "check" and param_index is None:
            raise r.fail(where, "a check requirement without param_index")
        if not r.bool_(rec, "global", where):
            # A static function whose address is taken: its callers go through function
            # pointers, which the plugin already reported as not followed. Its name may also
            # be another unit's global: matching it by name would pair the wrong calls.
            continue
        facts.requirements.append(Requirement(
            unit=unit, function=r.str_(rec, "function", where), needs=needs, param_index=param_index,
            param=r.opt_str(rec, "param", where), offset=r.opt_int(rec, "offset", where),
            accessor=r.str_(rec, "accessor", where),
            access_function=r.str_(access, "function", f"{where}.access"),
            access=r.pos(access, f"{where}.access")))


def facts_files(dirs: Iterable[Path]) -> list[Path]:
    """Every *.json file under the directories, in a stable order, each file once (a directory
    named twice, or inside another one given, adds nothing)."""
    files: list[Path] = []
    seen: set[Path] = set()
    for d in dirs:
        if not d.exists():
            raise FactsError(f"{d}: no such directory")
        if not d.is_dir():
            raise FactsError(f"{d}: not a directory")
        for p in sorted(d.rglob("*.json")):
            if p.is_file() and p.resolve() not in seen:
                seen.add(p.resolve())
                files.append(p)
    return files


def load_facts(dirs: Iterable[Path]) -> Facts:
    dirs = list(dirs)
    facts = Facts()
    files = facts_files(dirs)
    if not files:
        raise FactsError(f"no facts (*.json) under {', '.join(map(str, dirs))}")
    for path in files:
        _load_one(path, facts)
    for calls in facts.calls.values():
        calls.sort(key=lambda c: (c.pos, c.caller))
    facts.requirements.sort(key=lambda q: (q.access, q.function, q.needs, q.param_index or 0))
    return facts
