"""Many maps made one (map --merge): a bot scans each configuration, architecture and version
on its own machine and writes a JSON map; the merge lists each access once, with the cells (the
builds) it appears in and every unit that compiled it.

The records of every map go through distmap.unite(), as the units of one build do: one pass
with a dictionary keyed by the access (file, line, column, function, accessor), then one sort of
the keys, so the time is linear in the records read but for the sort. Where the cells judge one
access differently (a header's access whose callers differ between configurations), the farther
check is kept.
"""

from __future__ import annotations

from pathlib import Path

from .distmap import MapAccess, load_map, unite


def merge_maps(paths: list[Path]) -> tuple[list[str], list[MapAccess]]:
    """(cells, records) of the maps read, in the map's order."""
    cells: set[str] = set()
    recs: list[MapAccess] = []
    for path in paths:
        map_cells, map_recs = load_map(path)
        cells.update(map_cells)
        recs += map_recs
    return sorted(cells), unite(recs)
