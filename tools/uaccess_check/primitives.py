"""The user-access primitives, read from plugin/primitives.def: the one table of their names.

The plugin expands the same file at compile time (plugin/primitives.c), so the driver, the
Coccinelle scripts (through cocci/lib) and the plugin agree on every name, its kind and mode.
The file's header comment describes the columns; each ``UA_PRIM(...)`` line becomes one
``Primitive``::

    from uaccess_check import primitives
    primitives.names(kind="accessor")                  # the unsafe accessors, in table order
    primitives.names(kind=("accessor", "wrapper"))     # and the header macros around them
    primitives.names(kind="end", version="7.2", arch="powerpc")
    primitives.by_name()["unsafe_copy_to_user"].ptr    # 0: the user-pointer argument

A malformed line raises ``DefError`` naming the file and line.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from . import REPO_ROOT

DEF_PATH = REPO_ROOT / "plugin" / "primitives.def"
#: The supported kernels, oldest first (the SINCE and UNTIL columns name one of them).
VERSIONS = ("6.1", "6.12", "7.2")
#: The architectures the table describes (kernel source architecture names, arch/<A>/).
ARCHES = ("x86", "powerpc", "arm64")
KINDS = ("check", "begin", "mask", "masked", "scoped", "unchecked", "end", "save", "restore",
         "accessor", "family", "checked", "wrapper", "passer")
MODES = ("none", "read", "write", "rw")
HOWS = ("macro", "call", "both", "none")
#: The kinds that open a region (a checking, masked, scoped or unchecked begin).
OPENERS = ("begin", "masked", "scoped", "unchecked")

_COLUMNS = ("name", "kind", "mode", "ptr", "size", "how", "since", "until", "arch")
_LINE_RE = re.compile(r"^UA_PRIM\((?P<args>[^()]*)\)$")
_NAME_RE = re.compile(r"^[A-Za-z_]\w*$")


class DefError(ValueError):
    """A line of primitives.def that does not parse."""


@dataclass(frozen=True)
class Primitive:
    """One line of primitives.def (see its header for the columns)."""
    name: str
    kind: str                       # one of KINDS
    mode: str                       # one of MODES
    ptr: int | None                 # index of the user-pointer argument; None: no such argument
    size: int | str | None          # a length argument's index, "ptr" (sizeof(*ptr)), "inner"; None
    how: str                        # one of HOWS: how the plugin recognises it
    since: str | None               # first supported kernel defining it; None: none (PATCH)
    until: str | None               # last supported kernel defining it; None: still the newest
    arches: frozenset[str]          # ARCHES it is defined on
    generic: bool                   # defined by the generic include/ (ARCH is ALL)
    line: int                       # line in primitives.def

    @property
    def by_macro(self) -> bool:
        """The plugin finds it as a macro name on the expansion chain."""
        return self.how in ("macro", "both")

    @property
    def by_call(self) -> bool:
        """The plugin finds it as a call of a kernel header function."""
        return self.how in ("call", "both")

    def exists(self, version: str, arch: str | None = None) -> bool:
        """Does this supported kernel version (on arch, when given) define it?"""
        v = _version_key(version)
        if self.since is None or v < _version_key(self.since):
            return False
        if self.until is not None and v > _version_key(self.until):
            return False
        return arch is None or _check_arch(arch) in self.arches


def _version_key(version: str) -> tuple[int, ...]:
    if version not in VERSIONS:
        raise ValueError(f"unknown kernel version {version!r} (known: {', '.join(VERSIONS)})")
    return tuple(int(part) for part in version.split("."))


def _check_arch(arch: str) -> str:
    if arch not in ARCHES:
        raise ValueError(f"unknown architecture {arch!r} (known: {', '.join(ARCHES)})")
    return arch


def _strip_comments(text: str) -> str:
    """The text with /* */ comments blanked, newlines kept (so line numbers stay)."""
    return re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def _parse_line(args: str, where: str) -> dict:
    fields = [f.strip() for f in args.split(",")]
    if len(fields) != len(_COLUMNS):
        raise DefError(f"{where}: {len(fields)} columns, not {len(_COLUMNS)} ({', '.join(_COLUMNS)})")
    name, kind, mode, ptr, size, how, since, until, arch = fields

    def bad(column: str, value: str, allowed: str) -> DefError:
        return DefError(f"{where}: {column} {value!r} is not {allowed}")

    if not _NAME_RE.match(name):
        raise bad("NAME", name, "an identifier")
    if kind.lower() not in KINDS or kind != kind.upper():
        raise bad("KIND", kind, "one of " + ", ".join(k.upper() for k in KINDS))
    if mode.lower() not in MODES or mode != mode.upper():
        raise bad("MODE", mode, "one of " + ", ".join(m.upper() for m in MODES))
    if not re.fullmatch(r"-1|\d+", ptr):
        raise bad("PTR", ptr, "an argument index or -1")
    if size not in ("PTR", "INNER", "NONE") and not size.isdigit():
        raise bad("SIZE", size, "PTR, INNER, NONE or an argument index")
    if how.lower() not in HOWS or how != how.upper():
        raise bad("HOW", how, "one of " + ", ".join(h.upper() for h in HOWS))
    if since not in VERSIONS and since != "PATCH":
        raise bad("SINCE", since, "a supported version (" + ", ".join(VERSIONS) + ") or PATCH")
    if until not in VERSIONS and until != "-":
        raise bad("UNTIL", until, "a supported version or -")
    if since == "PATCH" and until != "-":
        raise DefError(f"{where}: UNTIL {until} of a name no kernel defines (SINCE PATCH)")
    if since in VERSIONS and until in VERSIONS and VERSIONS.index(until) < VERSIONS.index(since):
        raise DefError(f"{where}: UNTIL {until} is before SINCE {since}")
    parts = arch.split("|")
    if arch != "ALL" and any(p.lower() not in ARCHES or p != p.upper() for p in parts):
        raise bad("ARCH", arch, "ALL or " + "|".join(a.upper() for a in ARCHES) + " names joined by |")
    if size == "PTR" and ptr == "-1":
        raise DefError(f"{where}: SIZE PTR without a pointer argument (PTR -1)")
    return dict(name=name, kind=kind.lower(), mode=mode.lower(),
                ptr=None if ptr == "-1" else int(ptr),
                size=int(size) if size.isdigit() else None if size == "NONE" else size.lower(),
                how=how.lower(), since=None if since == "PATCH" else since,
                until=None if until == "-" else until,
                arches=frozenset(ARCHES) if arch == "ALL" else frozenset(p.lower() for p in parts),
                generic=arch == "ALL")


def parse(text: str, filename: str = "primitives.def") -> tuple[Primitive, ...]:
    """The primitives of a .def text; DefError on a line that is not a UA_PRIM(...) of nine
    valid columns, or a name listed twice."""
    prims: list[Primitive] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(_strip_comments(text).splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        where = f"{filename}:{n}"
        m = _LINE_RE.match(line)
        if not m:
            raise DefError(f"{where}: not a UA_PRIM(...) line on one line: {line}")
        p = Primitive(line=n, **_parse_line(m["args"], where))
        if p.name in seen:
            raise DefError(f"{where}: {p.name} is listed twice (also line {seen[p.name]})")
        seen[p.name] = n
        prims.append(p)
    if not prims:
        raise DefError(f"{filename}: no UA_PRIM line")
    return tuple(prims)


@functools.lru_cache(maxsize=None)
def load(path: Path = DEF_PATH) -> tuple[Primitive, ...]:
    """Every primitive of primitives.def, in table order (read once)."""
    return parse(Path(path).read_text(), Path(path).name)


def by_name() -> dict[str, Primitive]:
    """The primitives by name."""
    return {p.name: p for p in load()}


def select(kind: str | Iterable[str] | None = None, *, version: str | None = None,
           arch: str | None = None, how: str | None = None) -> tuple[Primitive, ...]:
    """The primitives of a kind (or kinds), in table order; with version and/or arch only those
    that kernel defines; with how ("macro" or "call") only those the plugin recognises so."""
    kinds = None if kind is None else {kind} if isinstance(kind, str) else set(kind)
    if kinds is not None and not kinds <= set(KINDS):
        raise ValueError(f"unknown kind(s) {sorted(kinds - set(KINDS))} (known: {', '.join(KINDS)})")
    if how not in (None, "macro", "call"):
        raise ValueError(f"how is 'macro' or 'call', not {how!r}")
    if arch is not None:
        _check_arch(arch)
    out = []
    for p in load():
        if kinds is not None and p.kind not in kinds:
            continue
        if how == "macro" and not p.by_macro or how == "call" and not p.by_call:
            continue
        if version is not None and not p.exists(version, arch):
            continue
        if version is None and arch is not None and arch not in p.arches:
            continue
        out.append(p)
    return tuple(out)


def names(kind: str | Iterable[str] | None = None, *, version: str | None = None,
          arch: str | None = None, how: str | None = None) -> tuple[str, ...]:
    """The names of ``select(kind, version=, arch=, how=)``."""
    return tuple(p.name for p in select(kind, version=version, arch=arch, how=how))
