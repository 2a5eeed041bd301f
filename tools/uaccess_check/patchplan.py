"""Which engine checks each file of a patch, and why: what `uaccess-check patch` says it checked.

A patch's run is only as good as what it saw. A `.c` file the configuration builds is compiled
with the plugin; a header is, through the units whose accessor code includes it; the scripts see
what no compiled unit covers (another architecture's code, a file this configuration does not
build, a header no accessor unit includes); a deleted file or one that is not C is not checked.
Each file also names the accessor kinds its text uses (primitives.def's kinds, grouped as a
maintainer names them), so "0 new" on a file with no accessor reads as what it is.

The plan is made before anything is compiled; the command reports it as JSON-ready rows in every
format (formats.RunInfo).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import primitives

#: The accessor kinds a run names, each with the primitives.def kinds it gathers.
KIND_GROUPS = (
    ("unsafe_*()", ("accessor", "wrapper")),
    ("regions", ("begin", "masked", "unchecked", "end", "save", "restore", "mask")),
    ("scoped", ("scoped",)),
    ("__get_user() family", ("family",)),
    ("get_user()/copy_*_user()", ("checked",)),
    ("access_ok()", ("check",)),
)

PLUGIN, SCRIPTS, NONE = "plugin", "scripts", "none"


@dataclass(frozen=True)
class FilePlan:
    file: str
    engine: str  # PLUGIN, SCRIPTS or NONE
    why: str = ""  # why the scripts only, why not checked, or how a header's units were chosen
    units: tuple[str, ...] = ()  # the units compiled for it (a header: those including it)
    kinds: tuple[str, ...] = ()  # KIND_GROUPS names its text uses

    def row(self, level: int) -> dict[str, Any]:
        return {"file": self.file, "engine": self.engine,
                "level": level if self.engine != NONE else None, "units": list(self.units),
                "why": self.why, "accessors": list(self.kinds)}

    def text(self, level: int) -> str:
        if self.engine == NONE:
            return f"{self.file}: not checked: {self.why}"
        if self.engine == SCRIPTS:
            said = f"the scripts only ({self.why}), level {level}"
        elif self.units == (self.file,):
            said = f"the plugin at level {level}"
        else:
            said = f"the plugin at level {level}, in {_units(self.units)}: {self.why}"
        kinds = ", ".join(self.kinds) if self.kinds else "no user accessor"
        return f"{self.file}: {said}; {kinds}"


def _units(units: tuple[str, ...]) -> str:
    shown = ", ".join(units[:3]) + (f" and {len(units) - 3} more" if len(units) > 3 else "")
    return f"{len(units)} unit{'s' if len(units) != 1 else ''} ({shown})"


def _kind_words() -> list[tuple[str, re.Pattern[str]]]:
    return [(group, re.compile(r"\b(?:" + "|".join(primitives.names(kinds)) + r")\b"))
            for group, kinds in KIND_GROUPS]


def kinds_in(text: str) -> tuple[str, ...]:
    """The KIND_GROUPS a source text names (comments included: a cheap, honest upper bound)."""
    return tuple(group for group, word in _kind_words() if word.search(text))


def _not_built(file: str, srcarch: str, label: str) -> str:
    parts = Path(file).parts
    if len(parts) > 1 and parts[0] == "arch" and parts[1] != srcarch:
        return f"arch/{parts[1]} code, the build is {label}"
    return f"not built by {label}"


def plan_file(file: str, text: str | None, units: list[str], srcarch: str, label: str,
              how: str = "") -> FilePlan:
    """@file's plan: @text its content after the patch (None: deleted), @units the units of the
    build compiled for it (none: the scripts see it), @how a header's units were chosen."""
    if not file.endswith((".c", ".h")):
        return FilePlan(file, NONE, "not C source")
    if text is None:
        return FilePlan(file, NONE, "deleted by the patch")
    kinds = kinds_in(text)
    if units:
        return FilePlan(file, PLUGIN, how, tuple(sorted(units)), kinds)
    if file.endswith(".c"):
        why = _not_built(file, srcarch, label)
    else:
        why = f"{how}, in {label}" if how else f"no unit of {label} that uses an accessor includes it"
    return FilePlan(file, SCRIPTS, why, kinds=kinds)
