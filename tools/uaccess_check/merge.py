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

Everything here is pure: facts.py reads and validates, :func:`merge` judges and returns
finding.Finding objects (engine "merge", each named by its function), which finding.gcc_lines and
formats.py print.
"""


from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace

from .facts import Access, Arg, Call, Check, Facts, Link, Pos, Requirement
from .finding import Finding, Note, at_level
from .messages import say

#: Longest chain of calls followed, as in the plugin (UA_MAX_CHAIN).
MAX_CHAIN = 8
#: Calls examined for one requirement at most (fan-out over eight levels could explode).
MAX_CALLS = 20000


def _at(pos: Pos, cls: str, message: str, notes: tuple[Note, ...] | list[Note] = ()) -> Finding:
    return Finding(pos.file, pos.line, pos.column, cls, message, ("merge",), tuple(notes))


def _note(pos: Pos, message: str) -> Note:
    return Note(pos.file, pos.line, pos.column, message)


def _key(f: Finding) -> tuple:
    """The merge's order: position, text, class, notes."""
    return (f.file, f.line, f.column, f.message, f.cls, f.notes)


def _pos(f: Finding | Note) -> Pos:
    return Pos(f.file, f.line, f.column)


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _others(orphans: list) -> str:
    n = len(orphans) - 1
    return say("others", n=n, s=_s(n)) if n else ""


def _call_notes(chain: list[Link]) -> list[Note]:
    n = len(chain)
    return [_note(l.pos, say("call_of", i=i, n=n, caller=l.caller, callee=l.callee))
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
    return _at(call.pos, "unproven",
               say("not_followed", callee=call.callee, pointer=arg.pointer, accessor=req.accessor,
                       function=top, why=why), (_note(req.access, say("accessed_here")),))


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
    accessed = _note(req.access, say("accessed_here"))
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
            out.append(_at(req.access, "unproven",
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
                out.append(_at(call.pos, "unproven",
                               say("no_root", callee=call.callee, accessor=req.accessor), (accessed,)))
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
                out.append(_at(call.pos, "unchecked",
                               say("unchecked_call", callee=call.callee, pointer=arg.pointer,
                                   accessor=req.accessor), notes))
            elif chk.primitive is not None and chk.pos is not None:
                met.append(_met(req, acc, chk, links, inner))
            # no other verdict is expected at a call (the size is unknown there): nothing to say
    if orphans:
        first = orphans[0]  # the nearest: the walk is breadth first
        out.append(_at(req.access, "unproven",
                       say("orphan", accessor=req.accessor, pointer=first.pointer,
                           function=first.function, others=_others(orphans))))
    met = [m for m in met if level >= _distance_level(acc, m.calls)]
    if not met:
        return None
    # notes[0] is "checked here": among equally far checks, the first in the source
    return min(met, key=lambda m: (-m.calls, _pos(m.finding.notes[0]), _key(m.finding)))


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
    notes = [_note(chk.pos, say("checked_here_text", text=text))] + _call_notes(chain)
    if unchecked_begin:
        notes.append(_note(region.pos, say("region_opened_here")))
    if chk.pos.file == req.access.file:
        distance = say("distance_lines", calls=n, s=_s(n), lines=abs(req.access.line - chk.pos.line),
                       what="check")
    else:
        distance = say("distance_file", calls=n, s=_s(n))
    notes.append(_note(req.access, distance))
    return _at(req.access, "distance", message, tuple(notes))


def _judge_region(req: Requirement, facts: Facts, out: list[Finding]) -> None:
    accessed = _note(req.access, say("accessed_here"))
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
            out.append(_at(req.access, "unproven",
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
                out.append(_at(call.pos, "region",
                               say("region_call", callee=call.callee, accessor=req.accessor), notes))
            elif call.region == "caller":
                why = None
                if call.caller in step.seen:
                    why = say("why_recursive")
                elif len(links) >= MAX_CHAIN:
                    why = say("why_chain", calls=MAX_CHAIN)
                if why is not None:
                    out.append(_at(call.pos, "unproven",
                                   say("region_not_followed", callee=call.callee,
                                       accessor=req.accessor, caller=call.caller, why=why),
                                   (accessed,)))
                    continue
                todo.append(_Step(call.caller, None, None, None, links, call.unit,
                                  step.seen | {call.caller}))
            # open: met
    if orphans:
        first = orphans[0]
        out.append(_at(req.access, "unproven",
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
        members.sort(key=lambda m: _key(m.finding))
        first = members[0].finding
        also = []
        for m in members[1:]:
            note = _note(_pos(m.finding), say("region_also", accessor=m.accessor))
            if _pos(m.finding) != _pos(first) and note not in also:
                also.append(note)
        out.append(replace(first, notes=first.notes + tuple(also)))
    return out


def merge(facts: Facts, level: int = 0) -> list[Finding]:
    """Resolve every requirement; findings sorted by position, then text, without duplicates,
    those of a higher level left out (finding.at_level, as every command does).

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
            _judge_region(req, facts, raw)
    raw.extend(_group_distances(distances))
    out: list[Finding] = []
    seen: set[tuple] = set()
    at_call: set[tuple] = set()
    for f in raw:  # requirements are in access order: the first access wins a call's report
        if _key(f) in seen:
            continue
        seen.add(_key(f))
        if f.cls in ("unchecked", "region"):
            k = (_pos(f), f.cls)
            if k in at_call:
                continue
            at_call.add(k)
        out.append(f)
    out.sort(key=_key)
    return _name_functions(at_level(out, level), facts)


def _name_functions(findings: list[Finding], facts: Facts) -> list[Finding]:
    """Each finding named by its function: the caller of the call it is at, or the function of
    the access."""
    at_call: dict[tuple, str] = {}
    at_access: dict[tuple, str] = {}
    for calls in facts.calls.values():
        for c in calls:
            at_call.setdefault((c.pos.file, c.pos.line, c.pos.column), c.caller)
    for (function, pos) in sorted(facts.accesses, key=lambda k: (k[1], k[0])):
        at_access.setdefault((pos.file, pos.line, pos.column), function)
    out = []
    for f in findings:
        pos = (f.file, f.line, f.column)
        if f.message.startswith("call to '"):
            function = at_call.get(pos) or at_access.get(pos)
        else:
            function = at_access.get(pos) or at_call.get(pos)
        out.append(replace(f, function=function))
    return out
