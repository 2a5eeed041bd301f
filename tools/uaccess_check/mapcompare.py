"""Two distance maps compared: two kernels, or one before and after a patch (map --compare,
and the summary `patch` prints).

Lines move between kernels and across a patch, so accesses are paired without them: first by
file, function, accessor and pointer as written (the n-th such access of the old map with the
n-th of the new), then what is left by file, function, pointer and mode, which pairs an access
whose accessor changed (a per-access __put_user() rewritten as unsafe_put_user() in a region).
A pair is:

* ``farther`` or ``nearer``: its check moved (distmap.rank: no check, another unit, calls, lines);
* ``changed``: as far, validated another way (another accessor, region or check);
* unpaired: ``appeared`` in the new map, ``vanished`` from the old.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable, Iterable

from .distmap import MapAccess, plain, rank
from .maptext import VALIDATION_WORDS, where

CHANGES = ("farther", "nearer", "changed", "appeared", "vanished")


@dataclass(frozen=True)
class Change:
    change: str  # one of CHANGES
    old: MapAccess | None
    new: MapAccess | None

    def at(self) -> MapAccess:
        r = self.new or self.old
        assert r is not None
        return r


def _pair(old: list[MapAccess], new: list[MapAccess],
          key: Callable[[MapAccess], tuple]) -> tuple[list[tuple[MapAccess, MapAccess]], list, list]:
    """Pairs of equal key, in order of occurrence; and what is left of each side."""
    pending: dict[tuple, list[MapAccess]] = {}
    for r in old:
        pending.setdefault(key(r), []).append(r)
    pairs, left_new = [], []
    for r in new:
        same = pending.get(key(r))
        if same:
            pairs.append((same.pop(0), r))
        else:
            left_new.append(r)
    left_old = [r for rs in pending.values() for r in rs]
    return pairs, left_old, left_new


def _form(r: MapAccess) -> tuple:
    region = (r.region.primitive, r.region.function) if r.region else None
    check = (r.check.primitive, r.check.function) if r.check else None
    return (r.accessor, r.validation, region, check)


def compare(old: list[MapAccess], new: list[MapAccess]) -> list[Change]:
    pairs, lo, ln = _pair(old, new, lambda r: (r.file, r.function, r.accessor, r.pointer))
    more, lo, ln = _pair(lo, ln, lambda r: (r.file, r.function, r.pointer, r.mode))
    out = [Change("appeared", None, r) for r in ln] + [Change("vanished", r, None) for r in lo]
    for a, b in pairs + more:
        if rank(b) > rank(a):
            out.append(Change("farther", a, b))
        elif rank(b) < rank(a):
            out.append(Change("nearer", a, b))
        elif _form(a) != _form(b):
            out.append(Change("changed", a, b))
    return sorted(out, key=lambda c: (CHANGES.index(c.change), c.at().key()))


def form_text(r: MapAccess) -> str:
    """How an access is validated, in words: the accessor, its region, its check and how far."""
    checked = r.check is not None and r.validation in ("function", "callers", "unit")
    if r.region is not None:
        at = f"{r.region.primitive}() at {r.region.file}:{r.region.line}"
        if checked and r.check and (r.check.primitive, r.check.file, r.check.line) == \
                (r.region.primitive, r.region.file, r.region.line):
            return f"{r.accessor}() in a region opened and checked by {at}, {where(r)}"
        form = f"{r.accessor}() in a region opened by {at}"
    else:
        form = f"a per-access {r.accessor}()"
    if checked and r.check:
        return f"{form}, on {r.check.primitive}() in {r.check.function}(), {where(r)}"
    return f"{form}, {VALIDATION_WORDS[r.validation]}" + (f": {r.why}" if r.why else "")


def change_lines(c: Change) -> list[str]:
    r = c.at()
    ptr = f"'{r.pointer}'" if r.pointer else "its pointer"
    head = f"  {c.change}: {r.file}:{r.line}: {r.mode} of {ptr} in {r.function}()"
    if c.old is None:
        assert c.new is not None
        return [head, f"      new: {form_text(c.new)}"]
    if c.new is None:
        return [head, f"      was: {form_text(c.old)}"]
    moved = f" (then at line {c.old.line})" if (c.old.file, c.old.line) != (c.new.file, c.new.line) else ""
    return [head, f"      was{moved}: {form_text(c.old)}", f"      now: {form_text(c.new)}"]


def summary(changes: list[Change]) -> str:
    n = {k: sum(1 for c in changes if c.change == k) for k in CHANGES}
    return ", ".join(f"{n[k]} {k}" for k in CHANGES)


def render_text(changes: list[Change], old_cells: Iterable[str], new_cells: Iterable[str],
                old_n: int, new_n: int) -> str:
    out = [f"map compare: {' + '.join(old_cells)} ({old_n} accesses) -> "
           f"{' + '.join(new_cells)} ({new_n} accesses): {summary(changes)}"]
    for c in changes:
        out += change_lines(c)
    return "\n".join(out) + "\n"


def render_json(changes: list[Change], old_cells: Iterable[str], new_cells: Iterable[str]) -> str:
    doc = {"version": 1, "old": sorted(old_cells), "new": sorted(new_cells),
           "changes": [{"change": c.change, "old": c.old and plain(c.old), "new": c.new and plain(c.new)}
                       for c in changes]}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
