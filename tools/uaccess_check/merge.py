"""Cross-unit merge of the plugin's per-unit facts (docs/facts.md, schema version 1).

A unit cannot see the callers of its global functions: an access whose pointer is a parameter
of such a function (or whose region the callers open) leaves a *requirement* in the unit's
facts. The merge reads the facts of many units, finds the calls to that function in the
*other* units (calls in the function's own unit were already judged by the plugin) and
applies the plugin's rules to the argument at each call:

* a check found at the call (``proven``/``unproven`` with a primitive): the requirement is met;
  it is reported as a ``distance`` at the access, with the check, every call of the chain and
  the distance (level 1; level 2 for an access without an unchecked begin one call below the
  check, the plugin's rule for a helper inside its caller's checked region);
* ``unchecked``: an ``unchecked`` warning at the call, with a note at the access;
* ``requirement: true`` (the caller relies on its own callers): the requirement moves up to
  the caller's parameter, up to MAX_CHAIN calls, never around a cycle;
* for ``needs: region``: a call with the region ``open`` meets it, ``closed`` is a ``region``
  warning at the call, ``caller`` moves up;
* no call anywhere: level >= 2 reports ``unproven`` at the access.

As in the plugin, a finding at a call is reported once per call and class (noting the first
access), and a met requirement once per access, with the farthest check; the accesses of one
region that share the check are one diagnostic, at the first, listing the others.

Everything here is pure: :func:`load_facts` reads and validates, :func:`merge` judges,
:func:`format_text` / :func:`to_json` print. Bad input raises :class:`FactsError`.
"""

from __future__ import annotations

import json
import os
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from .diag import relative_to
from .messages import say

SCHEMA_VERSION = 1
#: Longest chain of calls followed, as in the plugin (UA_MAX_CHAIN).
MAX_CHAIN = 8
#: Calls examined for one requirement at most (fan-out over eight levels could explode).
MAX_CALLS = 20000
SECTIONS = ("accesses", "checks", "regions", "calls", "requirements")


class FactsError(Exception):
    """A facts file or directory that cannot be used (reported as one line, exit 2)."""


# ---- data -----------------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Pos:
    file: str
    line: int
    column: int

    def strip(self, prefixes: Iterable[str]) -> "Pos":
        return Pos(relative_to(self.file, prefixes), self.line, self.column)


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
    check: Check | None
    region: Region | None


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
    accesses: dict[tuple[str, Pos], Access] = field(default_factory=dict)
    requirements: list[Requirement] = field(default_factory=list)


@dataclass(frozen=True)
class Note:
    pos: Pos
    message: str


@dataclass(frozen=True)
class Finding:
    pos: Pos
    cls: str  # distance, unchecked, region, unproven
    message: str
    notes: tuple[Note, ...] = ()

    def key(self) -> tuple:
        return (self.pos.file, self.pos.line, self.pos.column, self.message, self.cls,
                tuple((n.pos, n.message) for n in self.notes))


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
                     chain=self.chain(obj, where))

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
                     region=r.region(r.get(rec, "region", (dict, type(None)), where), f"{where}.region"))
        facts.accesses[(acc.function, acc.pos)] = acc

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


# ---- judging --------------------------------------------------------------------------------

def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _others(orphans: list) -> str:
    n = len(orphans) - 1
    return say("others", n=n, s=_s(n)) if n else ""


def _call_notes(chain: list[Link]) -> list[Note]:
    n = len(chain)
    return [Note(l.pos, say("call_of", i=i, n=n, caller=l.caller, callee=l.callee))
            for i, l in enumerate(chain, 1)]


def _add_offset(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a + b


@dataclass(frozen=True)
class _Step:
    """Where a requirement stands while it moves up: the function whose callers must provide
    it, which parameter (None for a region) and its name, the calls from that function down to
    the requirement's own function (top first), the unit that defines the function (its calls
    there were judged by the plugin) and the functions already crossed."""
    function: str
    param_index: int | None
    pointer: str | None
    offset: int | None
    links: tuple[Link, ...]
    unit: str
    seen: frozenset[str]
    guess: bool = False  # the requirement may rest on another function: silent when nothing is found


def _not_followed(call: Call, arg: Arg, req: Requirement, top: str, why: str) -> Finding:
    return Finding(call.pos, "unproven",
                   say("not_followed", callee=call.callee, pointer=arg.pointer, accessor=req.accessor,
                       function=top, why=why), (Note(req.access, say("accessed_here")),))


def _inner_chain(req: Requirement, facts: Facts) -> list[Link]:
    """The calls inside the requirement's unit, from its function down to the access."""
    if req.function == req.access_function or req.needs != "check":
        return []
    acc = facts.accesses.get((req.access_function, req.access))
    if acc is None or acc.check is None:
        return []
    chain = list(acc.check.chain)
    if chain and chain[0].caller == req.function and chain[-1].callee == req.access_function:
        return chain
    return []


def _outside_calls(facts: Facts, step: _Step) -> list[Call]:
    return [c for c in facts.calls.get(step.function, []) if c.unit != step.unit]


def _arg(call: Call, index: int | None) -> Arg | None:
    for a in call.args:
        if a.index == index:
            return a
    return None


def _link(call: Call) -> Link:
    return Link(call.caller, call.callee, call.pos)


def _start(req: Requirement) -> _Step:
    param = req.param if req.param is not None else f"parameter {req.param_index}"
    return _Step(req.function, req.param_index, param, req.offset, (), req.unit,
                 frozenset({req.function}))


@dataclass(frozen=True)
class _Distance:
    """A met requirement: its finding, how many calls it spans, and what groups it with the
    other accesses of the same region (None: reported alone)."""
    finding: Finding
    calls: int
    group: tuple | None
    accessor: str


def _judge_check(req: Requirement, facts: Facts, level: int, out: list[Finding]) -> _Distance | None:
    """Append the findings at calls to out; return the distance to report at the access, the
    farthest check found (the plugin's choice), or None."""
    acc = facts.accesses.get((req.access_function, req.access))
    inner = _inner_chain(req, facts)
    accessed = Note(req.access, say("accessed_here"))
    met: list[_Distance] = []
    orphans: list[_Step] = []  # where the requirement stands with no caller in sight
    todo = deque([_start(req)])
    expanded: set[tuple[str, int | None]] = set()
    budget = MAX_CALLS
    while todo:
        step = todo.popleft()
        if (step.function, step.param_index) in expanded:
            continue  # reached again by another path: its callers are judged already
        expanded.add((step.function, step.param_index))
        calls = _outside_calls(facts, step)
        budget -= len(calls)
        if budget < 0:
            if level >= 2:
                out.append(Finding(req.access, "unproven",
                                   say("too_many_calls", accessor=req.accessor, pointer=req.param,
                                       function=req.function, calls=MAX_CALLS)))
            break
        if not calls:
            if not step.guess:
                orphans.append(step)
            continue
        for call in calls:
            arg = _arg(call, step.param_index)
            links = (_link(call),) + step.links
            if arg is None:
                if level >= 2:
                    out.append(Finding(call.pos, "unproven",
                                       say("no_root", callee=call.callee, accessor=req.accessor),
                                       (accessed,)))
                continue
            chk = arg.check
            if chk.requirement:
                # The caller relies on callers outside its unit: move up to them. The facts
                # name the parameter of the caller of this call (arg.param_index); the function
                # the requirement rests on is that caller when the plugin found no chain above
                # it, or when the chain is just one checking caller; otherwise it is somewhere on
                # the chain and the step to the caller is a guess that stays silent if it fails.
                if chk.primitive is not None and chk.pos is not None:
                    met.append(_met(req, acc, chk, links, inner))  # the path in its unit is met
                certain = not chk.chain or (chk.primitive is not None and len(chk.chain) == 1)
                if chk.chain and chk.primitive is None and level >= 2:
                    out.append(_not_followed(call, arg, req, chk.chain[0].caller, say("why_no_param")))
                why = None
                if arg.root != "parm" or arg.param_index is None:
                    why = say("why_not_param", caller=call.caller)
                elif call.caller in step.seen:
                    why = say("why_recursive")
                elif len(links) + len(inner) >= MAX_CHAIN:
                    why = say("why_chain", calls=MAX_CHAIN)
                if why is not None:
                    if level >= 2 and certain:
                        out.append(_not_followed(call, arg, req, call.caller, why))
                    continue
                todo.append(_Step(call.caller, arg.param_index, arg.pointer,
                                  _add_offset(step.offset, arg.offset), links, call.unit,
                                  step.seen | {call.caller}, guess=not certain))
            elif chk.verdict == "unchecked":
                notes = [accessed]
                path = list(chk.chain) + list(links) + inner
                if len(path) > 1:  # say how the call reaches the access
                    notes += _call_notes(path)
                out.append(Finding(call.pos, "unchecked",
                                   say("unchecked_call", callee=call.callee, pointer=arg.pointer,
                                       accessor=req.accessor), tuple(notes)))
            elif chk.primitive is not None and chk.pos is not None:
                met.append(_met(req, acc, chk, links, inner))
            # no other verdict is expected at a call (the size is unknown there): nothing to say
    if orphans and level >= 2:
        first = orphans[0]  # the nearest: the walk is breadth first
        out.append(Finding(req.access, "unproven",
                           say("orphan", accessor=req.accessor, pointer=first.pointer,
                               function=first.function, others=_others(orphans))))
    met = [m for m in met if level >= _distance_level(acc, m.calls)]
    if not met:
        return None
    # notes[0] is "checked here": among equally far checks, the first in the source
    return min(met, key=lambda m: (-m.calls, m.finding.notes[0].pos, m.finding.key()))


def _met(req: Requirement, acc: Access | None, chk: Check, links: tuple[Link, ...],
         inner: list[Link]) -> _Distance:
    """A check found at a call meets the requirement: a distance finding."""
    chain = tuple(chk.chain) + links + tuple(inner)
    region = acc.region if acc is not None else None
    group = (region.pos, chk.pos, chain) if region is not None else None
    return _Distance(_distance(req, acc, chk, list(links), inner), len(chain), group, req.accessor)


def _distance_level(acc: Access | None, calls: int) -> int:
    """The plugin's rule: an unchecked begin far from its check is level 1; an access whose
    check (and region) a caller provides is level 1 from two calls up, level 2 one call up
    (the __unsafe_setup_sigcontext() shape)."""
    if acc is not None and acc.region is not None and not acc.region.checks:
        return 1
    return 1 if calls >= 2 else 2


def _distance(req: Requirement, acc: Access | None, chk: Check, cross: list[Link],
              inner: list[Link]) -> Finding:
    assert chk.pos is not None and chk.function is not None
    text = chk.text or f"{chk.primitive}()"  # the source text, when the plugin could read it
    chain = list(chk.chain) + cross + inner
    n = len(chain)
    region = acc.region if acc is not None else None
    unchecked_begin = region is not None and not region.checks
    if unchecked_begin:
        message = say("begin_far_unit", begin=region.primitive, function=chk.function, calls=n, s=_s(n))
    else:
        param = req.param if req.param is not None else f"parameter {req.param_index}"
        message = say("validated_elsewhere", accessor=req.accessor, pointer=param, check=text,
                      function=chk.function)
    notes = [Note(chk.pos, say("checked_here_text", text=text))] + _call_notes(chain)
    if unchecked_begin:
        notes.append(Note(region.pos, say("region_opened_here")))
    if chk.pos.file == req.access.file:
        distance = say("distance_lines", calls=n, s=_s(n), lines=abs(req.access.line - chk.pos.line),
                       what="check")
    else:
        distance = say("distance_file", calls=n, s=_s(n))
    notes.append(Note(req.access, distance))
    return Finding(req.access, "distance", message, tuple(notes))


def _judge_region(req: Requirement, facts: Facts, level: int, out: list[Finding]) -> None:
    accessed = Note(req.access, say("accessed_here"))
    orphans: list[_Step] = []
    todo = deque([_start(req)])
    expanded: set[str] = set()
    budget = MAX_CALLS
    while todo:
        step = todo.popleft()
        if step.function in expanded:
            continue
        expanded.add(step.function)
        budget -= len(facts.calls.get(step.function, []))
        if budget < 0:
            if level >= 2:
                out.append(Finding(req.access, "unproven",
                                   say("region_too_many_calls", accessor=req.accessor,
                                       function=req.function, calls=MAX_CALLS)))
            break
        calls = _outside_calls(facts, step)
        if not calls:
            orphans.append(step)
            continue
        for call in calls:
            links = (_link(call),) + step.links
            if call.region == "closed":
                notes = [accessed] + (_call_notes(list(links)) if step.links else [])
                out.append(Finding(call.pos, "region",
                                   say("region_call", callee=call.callee, accessor=req.accessor),
                                   tuple(notes)))
            elif call.region == "caller":
                why = None
                if call.caller in step.seen:
                    why = say("why_recursive")
                elif len(links) >= MAX_CHAIN:
                    why = say("why_chain", calls=MAX_CHAIN)
                if why is not None:
                    if level >= 2:
                        out.append(Finding(call.pos, "unproven",
                                           say("region_not_followed", callee=call.callee,
                                               accessor=req.accessor, caller=call.caller, why=why),
                                           (accessed,)))
                    continue
                todo.append(_Step(call.caller, None, None, None, links, call.unit,
                                  step.seen | {call.caller}))
            # open: met
    if orphans and level >= 2:
        first = orphans[0]
        out.append(Finding(req.access, "unproven",
                           say("region_orphan", accessor=req.accessor, function=first.function,
                               others=_others(orphans))))


def _group_distances(distances: list[_Distance]) -> list[Finding]:
    """One distance per region and check, at its first access, listing the others (as the
    plugin does: "the region also holds ... here")."""
    groups: dict[tuple, list[_Distance]] = {}
    out = []
    for d in distances:
        if d.group is None:
            out.append(d.finding)
        else:
            groups.setdefault(d.group, []).append(d)
    for members in groups.values():
        members.sort(key=lambda m: m.finding.key())
        first = members[0].finding
        also = []
        for m in members[1:]:
            note = Note(m.finding.pos, say("region_also", accessor=m.accessor))
            if m.finding.pos != first.pos and note not in also:
                also.append(note)
        out.append(Finding(first.pos, first.cls, first.message, first.notes + tuple(also)))
    return out


def merge(facts: Facts, level: int = 0) -> list[Finding]:
    """Resolve every requirement; findings sorted by position, then text, without duplicates.

    ``unchecked`` and ``region`` findings at a call are reported once per call and class
    (the plugin's rule), with the note at the first access in source order.
    """
    raw: list[Finding] = []
    distances: list[_Distance] = []
    for req in facts.requirements:
        if req.needs == "check":
            d = _judge_check(req, facts, level, raw)
            if d is not None:
                distances.append(d)
        else:
            _judge_region(req, facts, level, raw)
    raw.extend(_group_distances(distances))
    out: list[Finding] = []
    seen: set[tuple] = set()
    at_call: set[tuple] = set()
    for f in raw:  # requirements are in access order: the first access wins a call's report
        if f.key() in seen:
            continue
        seen.add(f.key())
        if f.cls in ("unchecked", "region"):
            k = (f.pos, f.cls)
            if k in at_call:
                continue
            at_call.add(k)
        out.append(f)
    out.sort(key=Finding.key)
    return out


# ---- output ---------------------------------------------------------------------------------

def strip_finding(f: Finding, prefixes: list[str]) -> Finding:
    if not prefixes:
        return f
    return Finding(f.pos.strip(prefixes), f.cls, f.message,
                   tuple(Note(n.pos.strip(prefixes), n.message) for n in f.notes))


def format_text(findings: list[Finding]) -> list[str]:
    lines = []
    for f in findings:
        p = f.pos
        lines.append(f"{p.file}:{p.line}:{p.column}: warning: {f.message} [-Wuaccess-{f.cls}]")
        lines.extend(f"{n.pos.file}:{n.pos.line}:{n.pos.column}: note: {n.message}" for n in f.notes)
    return lines


def to_json(findings: list[Finding]) -> list[dict[str, Any]]:
    return [{"file": f.pos.file, "line": f.pos.line, "column": f.pos.column, "class": f.cls,
             "message": f.message,
             "notes": [{"file": n.pos.file, "line": n.pos.line, "column": n.pos.column,
                        "message": n.message} for n in f.notes]}
            for f in findings]


def normalize_prefixes(prefixes: Iterable[str]) -> list[str]:
    """--strip values: the longest first, so nested prefixes strip the most."""
    return sorted((os.path.normpath(p) if p not in ("", "/") else p for p in prefixes),
                  key=len, reverse=True)
