"""Parsing GCC-format diagnostics and the plugin's verbose summary line."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Iterable

from .messages import say

DIAG_RE = re.compile(
    r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): "
    r"(?P<kind>warning|error|note|fatal error): (?P<text>.*)$")
CLASS_RE = re.compile(r" \[-W(?:error=)?uaccess-(?P<cls>[a-z][a-z-]*)\]$")
SUMMARY_RE = re.compile(
    r"^uaccess_check: summary: (?P<file>.+): accesses=(?P<accesses>\d+) proven=(?P<proven>\d+) "
    r"callers=(?P<callers>\d+) unproven=(?P<unproven>\d+) reported=(?P<reported>\d+)$")


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int
    col: int
    kind: str  # warning, error, note, fatal error
    text: str

    @property
    def uaccess_class(self) -> str | None:
        """unchecked/range/region/... for the plugin's warnings, None otherwise."""
        m = CLASS_RE.search(self.text)
        return m.group("cls") if m else None

    def format(self, file: str | None = None) -> str:
        return f"{self.file if file is None else file}:{self.line}:{self.col}: {self.kind}: {self.text}"


@dataclass(frozen=True)
class Summary:
    file: str
    accesses: int
    proven: int
    callers: int
    unproven: int
    reported: int

    def format(self, file: str | None = None) -> str:
        return (f"uaccess_check: summary: {self.file if file is None else file}: "
                f"accesses={self.accesses} proven={self.proven} callers={self.callers} "
                f"unproven={self.unproven} reported={self.reported}")


def parse_diagnostic(line: str) -> Diagnostic | None:
    m = DIAG_RE.match(line.rstrip("\n"))
    if not m:
        return None
    return Diagnostic(file=m.group("file"), line=int(m.group("line")), col=int(m.group("col")),
                      kind=m.group("kind"), text=m.group("text"))


def parse_summary(line: str) -> Summary | None:
    m = SUMMARY_RE.match(line.rstrip("\n"))
    if not m:
        return None
    return Summary(file=m.group("file"), **{k: int(m.group(k)) for k in
                                            ("accesses", "proven", "callers", "unproven", "reported")})


def plugin_diagnostics(lines: Iterable[str]) -> list[Diagnostic]:
    """The plugin's diagnostics among a compiler's stderr lines, in emitted order.

    A diagnostic whose text ends in ``[-Wuaccess-<class>]`` and the notes that follow it
    (source/caret lines and "In function" context lines in between are skipped). Any other
    warning or error ends the group.
    """
    out: list[Diagnostic] = []
    in_group = False
    for line in lines:
        d = parse_diagnostic(line)
        if d is None:
            continue
        if d.kind == "note":
            if in_group:
                out.append(d)
        elif d.uaccess_class is not None:
            out.append(d)
            in_group = True
        else:
            in_group = False
    return out


def per_access(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The plugin's warnings of plugin_diagnostics(), one per access: a warning's "also here"
    notes (the same defect at its other accesses, report.c) are the warning at each of their
    places; its other notes are left out."""
    also = say("also_here")
    out: list[Diagnostic] = []
    last: Diagnostic | None = None
    for d in diagnostics:
        if d.kind != "note":
            last = d
            out.append(d)
        elif last is not None and d.text == also:
            out.append(Diagnostic(d.file, d.line, d.col, last.kind, last.text))
    return out


def summaries(lines: Iterable[str]) -> list[Summary]:
    return [s for s in (parse_summary(l) for l in lines) if s is not None]


def relative_to(path: str, roots: Iterable[str]) -> str:
    """Strip the first matching root directory prefix from path, and normalise the rest
    (kbuild compiles arch/x86/kvm/../../../virt/kvm/kvm_main.c by that name). A root reached
    through a symbolic link matches by its real path too: kbuild names the files by the path the
    build directory was prepared with."""
    for root in roots:
        for prefix in dict.fromkeys((root.rstrip("/") + "/", os.path.realpath(root).rstrip("/") + "/")):
            if path.startswith(prefix):
                return os.path.normpath(path[len(prefix):])
    return path


def basename(path: str) -> str:
    return os.path.basename(path)
