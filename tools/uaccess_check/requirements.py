"""Following one requirement of the facts up the callers in other units (merge.py's rules).

judge_check() walks a check requirement breadth first from the function that needs it to the
calls other units make, and up again where a caller relies on its own callers; judge_region()
does the same for a region. Each appends the findings at calls (and the unproven ones) to a list;
judge_check() also returns the met requirement to report as a distance, if any.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from . import primitives
from .facts import Access, Arg, Call, Check, Facts, Link, Pos, Requirement
from .finding import Finding, Note
from .messages import ALL, say

#: Longest chain of calls followed, as in the plugin (UA_MAX_CHAIN).
MAX_CHAIN = 8
#: Calls examined for one requirement at most (fan-out over eight levels could explode).
MAX_CALLS = 20000


def _at(pos: Pos, mid: str, notes: tuple[Note, ...] | list[Note] = (), **fields: object) -> Finding:
    """Message mid of the table said at pos, in its row's class."""
    return Finding(pos.file, pos.line, pos.column, ALL[mid].cls, say(mid, **fields), ("merge",), tuple(notes))


def note_at(pos: Pos, message: str) -> Note:
    return Note(pos.file, pos.line, pos.column, message)


def merge_order(f: Finding) -> tuple:
    """The merge's order: position, text, class, notes."""
    return (f.file, f.line, f.column, f.message, f.cls, f.notes)


def position(f: Finding | Note) -> Pos:
    return Pos(f.file, f.line, f.column)


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _others(orphans: list) -> str:
    n = len(orphans) - 1
    return say("others", n=n, s=_s(n)) if n else ""


def _call_notes(chain: list[Link]) -> list[Note]:
    n = len(chain)
    return [note_at(l.pos, say("call_of", i=i, n=n, caller=l.caller, callee=l.callee))
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
    return _at(call.pos, "not_followed", (note_at(req.access, say("accessed_here")),), callee=call.callee,
               pointer=arg.pointer, accessor=req.accessor, function=top, why=why)


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
class Distance:
    """A met requirement: its finding, how many calls it spans, and what groups it with the
    other accesses of the same region (None: reported alone)."""
    finding: Finding
    group: tuple | None
    accessor: str
    check: Check
    chain: tuple[Link, ...]  # from the checking function down to the access

    @property
    def calls(self) -> int:
        return len(self.chain)


def judge_check(req: Requirement, facts: Facts, level: int, out: list[Finding]) -> Distance | None:
    """Append the findings at calls to out; return the distance to report at the access, the
    farthest check found (the plugin's choice), or None."""
    acc = facts.accesses.get((req.access_function, req.access))
    inner = _inner_chain(req, facts)
    accessed = note_at(req.access, say("accessed_here"))
    met: list[Distance] = []
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
            out.append(_at(req.access, "too_many_calls", accessor=req.accessor, pointer=req.param,
                           function=req.function, calls=MAX_CALLS))
            break
        if not calls:
            if not step.guess:
                orphans.append(step)
            continue
        for call in calls:
            arg = _arg(call, step.param_index)
            links = (_link(call),) + step.links
            if arg is None:
                out.append(_at(call.pos, "no_root", (accessed,), callee=call.callee, accessor=req.accessor))
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
                if chk.chain and chk.primitive is None:
                    out.append(_not_followed(call, arg, req, chk.chain[0].caller, say("why_no_param")))
                why = None
                if arg.root != "parm" or arg.param_index is None:
                    why = say("why_not_param", caller=call.caller)
                elif call.caller in step.seen:
                    why = say("why_recursive")
                elif len(links) + len(inner) >= MAX_CHAIN:
                    why = say("why_chain", calls=MAX_CHAIN)
                if why is not None:
                    if certain:
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
                # the facts do not say where another unit's pointer came from: a family
                # member's missing check there is the plugin's level-2 question (family.c)
                mid = "family_unseen_call" if _family(req.accessor) else "unchecked_call"
                out.append(_at(call.pos, mid, notes, callee=call.callee, pointer=arg.pointer,
                               accessor=req.accessor))
            elif chk.primitive is not None and chk.pos is not None:
                met.append(_met(req, acc, chk, links, inner))
            # no other verdict is expected at a call (the size is unknown there): nothing to say
    if orphans:
        first = orphans[0]  # the nearest: the walk is breadth first
        out.append(_at(req.access, "orphan", accessor=req.accessor, pointer=first.pointer,
                       function=first.function, others=_others(orphans)))
    met = [m for m in met if level >= _distance_level(acc, m.calls, req.accessor)]
    if not met:
        return None
    # notes[0] is "checked here": among equally far checks, the first in the source
    return min(met, key=lambda m: (-m.calls, position(m.finding.notes[0]), merge_order(m.finding)))


def _met(req: Requirement, acc: Access | None, chk: Check, links: tuple[Link, ...],
         inner: list[Link]) -> Distance:
    """A check found at a call meets the requirement: a distance finding."""
    chain = tuple(chk.chain) + links + tuple(inner)
    region = acc.region if acc is not None else None
    group = (region.pos, chk.pos, chain) if region is not None else None
    return Distance(_distance(req, acc, chk, list(links), inner), group, req.accessor, chk, chain)


def _family(accessor: str) -> bool:
    """Is accessor a member of the __get_user() family (primitives.def, kind FAMILY)?"""
    p = primitives.by_name().get(accessor)
    return p is not None and p.kind == "family"


def _distance_level(acc: Access | None, calls: int, accessor: str) -> int:
    """The plugin's rule: an unchecked begin far from its check is level 1; an access whose
    check (and region) a caller provides is level 1 from two calls up, level 2 one call up
    (the __unsafe_setup_sigcontext() shape); a family member's check is far by design: level 2."""
    if _family(accessor):
        return 2
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
    notes = [note_at(chk.pos, say("checked_here_text", text=text))] + _call_notes(chain)
    if unchecked_begin:
        notes.append(note_at(region.pos, say("region_opened_here")))
    if chk.pos.file == req.access.file:
        distance = say("distance_lines", calls=n, s=_s(n), lines=abs(req.access.line - chk.pos.line),
                       what="check")
    else:
        distance = say("distance_file", calls=n, s=_s(n))
    notes.append(note_at(req.access, distance))
    if unchecked_begin:
        return _at(req.access, "begin_far_unit", notes, begin=region.primitive, function=chk.function,
                   calls=n, s=_s(n))
    param = req.param if req.param is not None else f"parameter {req.param_index}"
    if _family(req.accessor):
        return _at(req.access, "family_elsewhere", notes, accessor=req.accessor, pointer=param,
                   check=text, function=chk.function)
    return _at(req.access, "validated_elsewhere", notes, accessor=req.accessor, pointer=param, check=text,
               function=chk.function)


def judge_region(req: Requirement, facts: Facts, out: list[Finding]) -> None:
    accessed = note_at(req.access, say("accessed_here"))
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
            out.append(_at(req.access, "region_too_many_calls", accessor=req.accessor,
                           function=req.function, calls=MAX_CALLS))
            break
        calls = _outside_calls(facts, step)
        if not calls:
            orphans.append(step)
            continue
        for call in calls:
            links = (_link(call),) + step.links
            if call.region == "closed":
                notes = [accessed] + (_call_notes(list(links)) if step.links else [])
                out.append(_at(call.pos, "region_call", notes, callee=call.callee, accessor=req.accessor))
            elif call.region == "caller":
                why = None
                if call.caller in step.seen:
                    why = say("why_recursive")
                elif len(links) >= MAX_CHAIN:
                    why = say("why_chain", calls=MAX_CHAIN)
                if why is not None:
                    out.append(_at(call.pos, "region_not_followed", (accessed,), callee=call.callee,
                                   accessor=req.accessor, caller=call.caller, why=why))
                    continue
                todo.append(_Step(call.caller, None, None, None, links, call.unit,
                                  step.seen | {call.caller}))
            # open: met
    if orphans:
        first = orphans[0]
        out.append(_at(req.access, "region_orphan", accessor=req.accessor, function=first.function,
                       others=_others(orphans)))
