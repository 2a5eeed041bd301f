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

Everything here is pure, and data flows one way: facts.py reads and validates, requirements.py
follows each requirement, :func:`merge` groups, orders and names what they found and returns
finding.Finding objects (engine "merge"), which finding.gcc_lines and formats.py print.
"""
from __future__ import annotations

from dataclasses import replace

from .facts import Facts
from .finding import Finding, at_level, one_per_defect
from .messages import say
from .requirements import Distance, judge_check, judge_region, merge_order, note_at, position


def _group_distances(distances: list[Distance]) -> list[Finding]:
    """One distance per region and check, at its first access, listing the others (as the
    plugin does: "the region also holds ... here")."""
    groups: dict[tuple, list[Distance]] = {}
    out = []
    for d in distances:
        if d.group is None:
            out.append(d.finding)
        else:
            groups.setdefault(d.group, []).append(d)
    for members in groups.values():
        members.sort(key=lambda m: merge_order(m.finding))
        first = members[0].finding
        also = []
        for m in members[1:]:
            note = note_at(position(m.finding), say("region_also", accessor=m.accessor))
            if position(m.finding) != position(first) and note not in also:
                also.append(note)
        out.append(replace(first, notes=first.notes + tuple(also)))
    return out


def merge(facts: Facts, level: int = 0) -> list[Finding]:
    """Resolve every requirement; findings sorted by position, then text, without duplicates,
    those of a higher level left out (finding.at_level, as every command does).

    ``unchecked`` and ``region`` findings at a call are reported once per call and class
    (the plugin's rule), with the note at the first access in source order; the findings of one
    function in the same words and notes are one defect, at the first, the others its notes
    "also here" (finding.one_per_defect, the plugin's rule).
    """
    raw: list[Finding] = []
    distances: list[Distance] = []
    for req in facts.requirements:
        if req.needs == "check":
            d = judge_check(req, facts, level, raw)
            if d is not None:
                distances.append(d)
        else:
            judge_region(req, facts, raw)
    raw.extend(_group_distances(distances))
    out: list[Finding] = []
    seen: set[tuple] = set()
    at_call: set[tuple] = set()
    for f in raw:  # requirements are in access order: the first access wins a call's report
        if merge_order(f) in seen:
            continue
        seen.add(merge_order(f))
        if f.cls in ("unchecked", "region"):
            k = (position(f), f.cls)
            if k in at_call:
                continue
            at_call.add(k)
        out.append(f)
    out.sort(key=merge_order)
    return one_per_defect(_name_functions(at_level(out, level), facts))


def met_checks(facts: Facts) -> dict[tuple, Distance]:
    """The farthest check another unit provides for each access that relies on its callers,
    by (function, position) of the access: what the distance map says of it, at any level."""
    met: dict[tuple, Distance] = {}
    for req in facts.requirements:
        if req.needs == "check":
            d = judge_check(req, facts, 2, [])
            key = (req.access_function, req.access)
            if d is not None and (key not in met or d.calls > met[key].calls):
                met[key] = d
    return met


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
