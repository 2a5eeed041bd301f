"""The kept user pointers, read from plugin/registrations.def: the plugin's table of pointers
checked where they were stored (see its header), for the driver and the tests."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from . import REPO_ROOT

DEF_PATH = REPO_ROOT / "plugin" / "registrations.def"
_ROW = re.compile(r'^UA_KEPT\(\s*(FIELD|SOURCE),\s*([\w-]+),\s*(\w+),\s*(\d+),\s*([\w-]+),\s*"([^"]*)",\s*"([^"]*)"\s*\)\s*$')


@dataclass(frozen=True)
class Kept:
    """One row: a member of a struct (field) or a function that returns the pointer (source)."""
    field: bool
    record: str  # the struct's name; "-" for a source
    name: str
    bytes: int  # covered by the check, from the pointer
    error: str  # a source's error predicate, or "-"
    check: str
    where: str


def load(path: Path = DEF_PATH) -> list[Kept]:
    """Every row, in the file's order; a line that starts a row and does not parse is a ValueError."""
    rows = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.startswith("UA_KEPT("):
            continue
        m = _ROW.match(line)
        if not m:
            raise ValueError(f"{path.name}:{n}: not a UA_KEPT(KIND, RECORD, NAME, BYTES, ERROR, \"CHECK\", \"WHERE\") row")
        kind, record, name, size, error, check, where = m.groups()
        rows.append(Kept(kind == "FIELD", record, name, int(size), error, check, where))
    return rows
