"""Many maps made one (map --merge): a bot scans each configuration, architecture and version
on its own machine and writes a JSON map; the merge lists each access once, with the cells (the
builds) it appears in and every unit that compiled it.

One pass over the input with a dictionary keyed by the access (file, line, column, function,
accessor), then one sort of the keys: time linear in the records read, but for the sort. Where
the cells judge one access differently (a header's access whose callers differ between
configurations), the farther check is kept, as for the units of one build (distmap.unite).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .distmap import MapAccess, farther, load_map


def merge_maps(paths: list[Path]) -> tuple[list[str], list[MapAccess]]:
    """(cells, records) of the maps read, in the map's order."""
    cells: set[str] = set()
    by_key: dict[tuple, MapAccess] = {}
    for path in paths:
        map_cells, recs = load_map(path)
        cells.update(map_cells)
        for r in recs:
            k = r.key()
            old = by_key.get(k)
            if old is None:
                by_key[k] = r
                continue
            by_key[k] = replace(farther(old, r), cells=tuple(sorted(set(old.cells) | set(r.cells))),
                                units=tuple(sorted(set(old.units) | set(r.units))))
    return sorted(cells), [by_key[k] for k in sorted(by_key)]
