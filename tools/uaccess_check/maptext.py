"""The distance map for a terminal: the farthest checks first, with their chains, then every
histogram of distmap.histograms() drawn as bpftrace's hist() draws one (the format the review
thread that started this project used):

    @calls:
    [0]                 4021 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|
    [4, 8)                23 |                                                    |

A label in 16 columns, the count right-aligned in 8, a bar of up to 52 '@' scaled to the
largest count of that histogram. Categorical buckets ("5+", "other unit") are labels like any.
"""

from __future__ import annotations

from .distmap import MapAccess, counts, farthest, histograms

BAR = 52

#: How each validation reads in the totals line.
VALIDATION_WORDS = {
    "access": "at the access",
    "function": "in the function",
    "callers": "calls up",
    "unit": "in another unit",
    "kept": "where kept",
    "guard": "by a guard",
    "none-needed": "need none",
    "none": "none found",
}


def hist_lines(name: str, buckets: list[tuple[str, int]]) -> list[str]:
    top = max((n for _, n in buckets), default=0)
    out = [f"{name}:"]
    for label, n in buckets:
        bar = "@" * (n * BAR // top) if top else ""
        out.append(f"{label:<16}{n:>8} |{bar:<{BAR}}|")
    return out + [""]


def chain_text(r: MapAccess) -> str:
    if not r.chain:
        return f"{r.function}()"
    return " -> ".join([f"{c.caller}()" for c in r.chain] + [f"{r.chain[-1].callee}()"])


def _calls(n: int | None) -> str:
    return "1 call" if n == 1 else f"{n} calls"


def _lines(n: int) -> str:
    return "1 line" if n == 1 else f"{n} lines"


def where(r: MapAccess) -> str:
    """How far an access's check is, in words."""
    if r.validation == "function":
        return f"{_lines(r.lines)} above" if r.lines is not None else "in the function"
    if r.validation == "callers":
        lines = f", {_lines(r.lines)} away" if r.lines is not None else ", in another file"
        return f"{_calls(r.calls)} up{lines}"
    if r.validation == "unit":
        return f"{_calls(r.calls)} up, in another unit"
    return VALIDATION_WORDS[r.validation]


def access_text(r: MapAccess) -> str:
    ptr = f"'{r.pointer}'" if r.pointer else "its pointer"
    return f"{r.file}:{r.line}: {r.accessor}() on {ptr} in {r.function}()"


def farthest_lines(recs: list[MapAccess], top: int) -> list[str]:
    far = farthest(recs, top)
    out = [f"farthest checks (top {len(far)}):"]
    for i, (r, n) in enumerate(far, 1):
        chk = r.check
        assert chk is not None
        at = f" at {chk.file}:{chk.line}" if chk.file else ""
        more = f" (and {n - 1} more access{'es' if n > 2 else ''} of {r.function}() on this check)" if n > 1 else ""
        out.append(f"{i:>3}. {access_text(r)}: {where(r)}{more}")
        out.append(f"     {chk.text or chk.primitive + '()'} in {chk.function}(){at}")
        if r.chain:
            out.append(f"     {chain_text(r)}")
    return out + [""]


def totals_line(cells: list[str], recs: list[MapAccess]) -> str:
    units = len({u for r in recs for u in r.units})
    parts = [f"{n} {VALIDATION_WORDS[v]}" for v, n in counts(recs) if n]
    name = cells[0] if len(cells) == 1 else f"{len(cells)} cells"
    return f"{name}: {len(recs)} accesses in {units} units: {', '.join(parts)}"


def cell_lines(cells: list[str], recs: list[MapAccess]) -> list[str]:
    """A merged map's cells, each with the accesses it holds."""
    if len(cells) < 2:
        return []
    n = {c: 0 for c in cells}
    for r in recs:
        for c in r.cells:
            n[c] = n.get(c, 0) + 1
    return [f"  {c}: {n[c]} accesses" for c in cells]


def render(cells: list[str], recs: list[MapAccess], top: int = 10) -> str:
    out = [totals_line(cells, recs)] + cell_lines(cells, recs) + [""] + farthest_lines(recs, top)
    for name, buckets in histograms(recs):
        out += hist_lines(name, buckets)
    return "\n".join(out).rstrip("\n") + "\n"
