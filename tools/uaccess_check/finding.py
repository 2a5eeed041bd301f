"""The one finding model every command prints (text, json, sarif), and its stable fingerprint.

Every engine's findings are :class:`Finding`: the plugin's GCC diagnostic lines (with GCC's "In
function" context lines) are read here (from_plugin), the Coccinelle scripts' ``file:line:col-end:
message [class]`` lines by cocci.parse_report and given display columns here (from_cocci), and
the cross-unit merge (merge.py) makes them itself. So formats.py, the baselines, the level filter
(at_level) and every command handle one thing.

Positions follow GCC's convention for every engine: 1-based lines and columns, a tab advancing
the column to the next multiple of 8 plus one (GCC's "display" columns), so a plugin and a cocci
finding at the same site have the same position. Column 0 means "not known".

The fingerprint must survive unrelated edits above a finding (line shifts) and must not change
when only numbers in the message move ("... checked at line 28"): like smatch's new-bug filter, it
keys on the file, the function, the class and the message with its digits removed, plus an
occurrence index among findings with the same key (in source order), hashed.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable

from .diag import CLASS_RE, parse_diagnostic, relative_to
from .messages import ALL as MESSAGES, level_of, say

ENGINES = ("plugin", "cocci", "merge")
#: Whose words a site reported by several engines is said in: the plugin's, then merge's (made
#: of the plugin's facts), then the scripts'.
SAID_FIRST = ("plugin", "merge", "cocci")
TAB = 8


@dataclass(frozen=True, order=True)
class Note:
    file: str
    line: int
    column: int
    message: str


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    column: int
    cls: str  # one of messages.CLASSES
    message: str  # without the class tag
    engines: tuple[str, ...] = ("plugin",)
    notes: tuple[Note, ...] = ()
    function: str | None = None
    severity: str = "warning"  # "error" when the plugin runs with its error option
    end_column: int | None = None  # exclusive, when the engine gives one (cocci)

    def sort_key(self) -> tuple:
        """The stable order of findings: file, line, column, class, message, then the rest."""
        return (self.file, self.line, self.column, self.cls, self.message, self.notes,
                self.function or "", self.engines, self.severity, self.end_column or 0)

    def fingerprint_key(self) -> tuple[str, str, str, str]:
        return (self.file, self.function or "", self.cls, strip_digits(self.message))


def site(f: Finding) -> tuple:
    """Where a finding is said, whichever engine says it."""
    return (f.file, f.line, f.column, f.cls)


def one_per_site(findings: Iterable[Finding]) -> dict[Finding, Finding]:
    """Each finding -> the one said for it: a finding of another engine at the same site
    (position and class), or at one of its "also here" notes (the same defect at another
    access), joins it, naming both engines, in the words of the engine that comes first in
    SAID_FIRST; two findings of one engine at one site (two accessors of one macro) stay two."""
    rank = {e: i for i, e in enumerate(SAID_FIRST)}
    said: list[Finding] = []
    at: dict[tuple, list[int]] = {}
    of: dict[Finding, int] = {}
    for f in sorted(findings, key=lambda f: (rank[f.engines[0]], f.sort_key())):
        idx = next((i for i in at.get(site(f), []) if not set(f.engines) & set(said[i].engines)), None)
        if idx is None:
            for where in [site(f)] + [(n.file, n.line, n.column, f.cls) for n in f.notes if is_also_here(n)]:
                at.setdefault(where, []).append(len(said))
            of[f] = len(said)
            said.append(f)
            continue
        of[f] = idx
        engines = tuple(sorted(set(said[idx].engines) | set(f.engines), key=rank.get))
        said[idx] = replace(said[idx], engines=engines)
    return {f: said[i] for f, i in of.items()}


def defect(f: Finding) -> tuple | None:
    """What makes two findings one defect: the same file, function, class, words, notes and
    engines (None for a finding of no known function: it is never grouped)."""
    if f.function is None:
        return None
    return (f.file, f.function, f.cls, f.message, f.notes, f.engines, f.severity)


def defects(findings: Iterable[Finding]) -> dict[Finding, Finding]:
    """Each finding -> the one said for its defect, as the plugin's report.c says them: a
    finding with the words and notes of an earlier one of its function (in source order) is that
    defect again, said at another access; it becomes a note "also here" of the first, at its own
    place, after the first's own notes."""
    first: dict[tuple, Finding] = {}
    of: dict[Finding, Finding] = {}
    also: dict[Finding, list[Note]] = {}
    for f in unique(findings):
        key = defect(f)
        if key is None or key not in first:
            if key is not None:
                first[key] = f
            of[f] = f
            also[f] = []
            continue
        head = of[f] = first[key]
        note = Note(f.file, f.line, f.column, say("also_here"))
        if note not in also[head] and (f.line, f.column) != (head.line, head.column):
            also[head].append(note)
    return {f: replace(head, notes=head.notes + tuple(also[head])) if also[head] else head
            for f, head in of.items()}


def one_per_defect(findings: Iterable[Finding]) -> list[Finding]:
    """The findings said, one per defect (defects()), in the order their first came."""
    findings = list(findings)
    said = defects(findings)
    out: dict[Finding, None] = {}
    for f in findings:
        out.setdefault(said[f])
    return list(out)


def is_also_here(n: Note) -> bool:
    """A note that says a finding's defect again at another access (defects())."""
    return n.message == say("also_here")


def strip_digits(text: str) -> str:
    return re.sub(r"[0-9]+", "", text)


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=Finding.sort_key)


def unique(findings: Iterable[Finding]) -> list[Finding]:
    """Sorted, each finding once (a header's finding is reported by every unit including it)."""
    return sort_findings(set(findings))


def fingerprints(findings: Iterable[Finding]) -> dict[Finding, str]:
    """Finding -> its fingerprint: 32 hex digits of sha256 over the key and the finding's index
    among the findings with the same key in the stable order. Equal findings share one."""
    counts: dict[tuple, int] = {}
    out: dict[Finding, str] = {}
    for f in unique(findings):
        key = f.fingerprint_key()
        index = counts.get(key, 0)
        counts[key] = index + 1
        text = "\0".join((*key, str(index)))
        out[f] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    return out


# ---- columns ----------------------------------------------------------------------------------

def display_column(line_text: str, index: int) -> int:
    """GCC's 1-based display column of the character at 0-based index of a source line."""
    col = 0
    for ch in line_text[:index]:
        col = (col // TAB + 1) * TAB if ch == "\t" else col + 1
    return col + 1


def char_column(line_text: str, column: int) -> int:
    """The 1-based character column (code points, as SARIF counts with columnKind
    unicodeCodePoints) of GCC display column `column` in line_text."""
    for i in range(len(line_text) + 1):
        if display_column(line_text, i) >= column:
            return i + 1
    return len(line_text) + 1 + max(0, column - display_column(line_text, len(line_text)))


class Sources:
    """Source lines read on demand (relative paths against a root), each file once."""

    def __init__(self, roots: Iterable[Path] = ()):
        self.roots = [Path(r) for r in roots]
        self._lines: dict[str, list[str] | None] = {}

    def path(self, file: str) -> Path | None:
        p = Path(file)
        candidates = [p] if p.is_absolute() else [r / p for r in self.roots] + [p]
        for c in candidates:
            if c.is_file():
                return c
        return None

    def lines(self, file: str) -> list[str] | None:
        if file not in self._lines:
            p = self.path(file)
            try:
                self._lines[file] = p.read_text(errors="replace").split("\n") if p else None
            except OSError:
                self._lines[file] = None
        return self._lines[file]

    def line(self, file: str, line: int) -> str | None:
        lines = self.lines(file)
        if lines is None or not 1 <= line <= len(lines):
            return None
        return lines[line - 1]


# ---- the plugin: GCC diagnostic lines --------------------------------------------------------

_IN_FUNCTION_RE = re.compile(r"^(?P<file>.+): In function [‘'](?P<name>[^’']+)[’'][:,]$")
_TOP_LEVEL_RE = re.compile(r"^(?P<file>.+): At top level:$")


def from_plugin(lines: Iterable[str], roots: Iterable[str] = ()) -> list[Finding]:
    """The plugin's findings among a compiler's stderr lines, in emitted order.

    A warning or error ending in ``[-Wuaccess-<class>]`` starts a finding; the notes after it
    are its notes (caret lines and context lines in between are skipped; any other diagnostic
    ends it); GCC's ``FILE: In function 'f':`` line before it names its function. Paths are made
    relative to the first of roots that contains them (diag.relative_to)."""
    roots = list(roots)
    out: list[Finding] = []
    current: Finding | None = None
    notes: list[Note] = []
    function: str | None = None

    def flush() -> None:
        nonlocal current, notes
        if current is not None:
            out.append(Finding(current.file, current.line, current.column, current.cls, current.message,
                               current.engines, tuple(notes), current.function, current.severity))
        current, notes = None, []

    for raw in lines:
        raw = raw.rstrip("\n")
        m = _IN_FUNCTION_RE.match(raw)
        if m:
            function = m.group("name")
            continue
        if _TOP_LEVEL_RE.match(raw):
            function = None
            continue
        d = parse_diagnostic(raw)
        if d is None:
            continue
        if d.kind == "note":
            if current is not None:
                notes.append(Note(relative_to(d.file, roots), d.line, d.col, d.text))
            continue
        flush()
        cm = CLASS_RE.search(d.text)
        if cm is None:
            continue
        current = Finding(relative_to(d.file, roots), d.line, d.col, cm.group("cls"), d.text[:cm.start()],
                          ("plugin",), (), function, "error" if "error" in d.kind else "warning")
    flush()
    return out


def at_level(findings: Iterable[Finding], level: int) -> list[Finding]:
    """The findings shown at a level, whichever engine found them: the plugin's levels, from
    messages.def (a class's, or its message row's: a kept pointer's distance is level 2). Every
    command filters through here."""
    return [f for f in findings if level >= level_of(f.cls, f.message)]


def relocate(f: Finding, path: Callable[[str], str]) -> Finding:
    """f with its path and its notes' mapped (a build directory made relative)."""
    return replace(f, file=path(f.file), notes=tuple(replace(n, file=path(n.file)) for n in f.notes))


def gcc_lines(f: Finding) -> list[str]:
    """A finding as GCC prints it (the plugin's and merge's text format): the warning line, then
    its notes."""
    lines = [f"{f.file}:{f.line}:{f.column}: {f.severity}: {f.message} [-Wuaccess-{f.cls}]"]
    lines += [f"{n.file}:{n.line}:{n.column}: note: {n.message}" for n in f.notes]
    return lines


# ---- Coccinelle -------------------------------------------------------------------------------

def _function_at(lines: list[str], line: int, cache: dict) -> str | None:
    """The function definition of a C file that holds a line (cocci_reduce's reading)."""
    from .cocci_reduce import functions, mask  # imported here: only cocci findings need it
    if "funcs" not in cache:
        text = "\n".join(lines)
        cache["funcs"] = functions(mask(text))
        starts = [0]
        for i, ch in enumerate(text):
            if ch == "\n":
                starts.append(i + 1)
        cache["starts"] = starts
    starts = cache["starts"]
    if not 1 <= line <= len(starts):
        return None
    offset = starts[line - 1]
    for name, start, _body, end in cache["funcs"]:
        if start <= offset < end:
            return name
    return None


def from_cocci(findings: Iterable[Finding], sources: Sources) -> list[Finding]:
    """The scripts' findings as cocci.parse_report reads them (character columns) -> located
    (located()), one per defect (one_per_defect())."""
    return one_per_defect(located(findings, sources))


def located(findings: Iterable[Finding], sources: Sources) -> list[Finding]:
    """Each finding of cocci.parse_report with GCC's display columns, the enclosing function,
    and a note at each line its message names (line_notes()), in the same order."""
    out = []
    per_file: dict[str, dict] = {}
    for f in findings:
        text_line = sources.line(f.file, f.line)
        col = display_column(text_line, f.column - 1) if text_line is not None else f.column
        end = display_column(text_line, f.end_column - 1) if text_line is not None else f.end_column
        lines = sources.lines(f.file)
        function = (_function_at(lines, f.line, per_file.setdefault(f.file, {}))
                    if lines is not None else None)
        out.append(replace(f, column=col, end_column=end, notes=line_notes(f.file, f.message, sources),
                           function=function))
    return out


#: The note made of each row of the table whose words name a line ("checked at line 28"):
#: row -> (note row, the note's fields from the row's, the field naming what the note's column
#: is found at on that line: a call's name, or the name assigned ("=" after it)). Every row with
#: a field "line" has one (test_messages.py).
LINE_NOTES: dict[str, tuple[str, Callable[[dict], dict], str | None]] = {
    "checked_at": ("checked_here", lambda f: {}, None),
    "member_range": ("checked_here", lambda f: {}, None),
    "caller_checks": ("checked_here", lambda f: {}, None),
    "opened_at": ("region_opened_here", lambda f: {}, "begin"),
    "from_fault": ("region_opened_here", lambda f: {}, "begin"),
    "opened_line": ("region_opened_here", lambda f: {}, None),
    "after_end": ("named_here", lambda f: {"name": f["end"]}, "end"),
    "before_begin": ("named_here", lambda f: {"name": f["begin"]}, "begin"),
    "in_scope": ("named_here", lambda f: {"name": f["begin"]}, "begin"),
    "inverted": ("named_here", lambda f: {"name": f["begin"]}, "begin"),
    "failed_path": ("named_here", lambda f: {"name": f["begin"]}, "begin"),
    "masked_discarded": ("named_here", lambda f: {"name": f["begin"]}, "begin"),
    "masked_other": ("named_here", lambda f: {"name": f["begin"]}, "begin"),
    "after_scope": ("named_here", lambda f: {"name": f["scope"]}, "scope"),
    "after_inline": ("named_here", lambda f: {"name": f["scope"]}, "scope"),
    "scope_ends_itself": ("named_here", lambda f: {"name": f["scope"]}, "scope"),
    "outer_scope": ("named_here", lambda f: {"name": f["scope"]}, "scope"),
    "outer_region": ("region_opened_here", lambda f: {}, "begin"),
    "why_set_inside": ("set_from", lambda f: {"name": f["name"], "source": f["source"]}, "=name"),
    "why_alias_before": ("set_from", lambda f: {"name": f["name"], "source": f["scoped"]}, "=name"),
    "why_computed_from": ("set_from", lambda f: {"name": f["scoped"], "source": f["name"]}, "=scoped"),
    "runtime_offset": ("set_here", lambda f: {"name": f["derivation"].split(" = ", 1)[0]}, "=derivation"),
    "caller_unchecked": ("called_unchecked", lambda f: {}, None),
    "from_user_memory": ("read_from_user", lambda f: {"name": f["name"]}, "name"),
}


def line_notes(file: str, message: str, sources: Sources) -> tuple[Note, ...]:
    """A note at each line a script's message names (LINE_NOTES), in the message's order, each
    (line, text) once."""
    found: list[tuple[int, int, Note]] = []
    for mid, (note_id, fields_of, where) in LINE_NOTES.items():
        for m in re.finditer(MESSAGES[mid].inner_pattern, message):
            fields = m.groupdict()
            line = int(fields["line"])
            note = Note(file, line, _note_column(sources.line(file, line), fields, where),
                        say(note_id, **fields_of(fields)))
            found.append((m.start(), line, note))
    notes: list[Note] = []
    for _, line, note in sorted(found, key=lambda x: x[0]):
        if not any(n.line == line and n.message == note.message for n in notes):
            notes.append(note)
    return tuple(notes)


def _note_column(text: str | None, fields: dict, where: str | None) -> int:
    """The display column of what a note points at on its line (0: not found)."""
    if text is None or where is None:
        return 0
    if where.startswith("="):
        value = fields[where[1:]]
        name = value.split(" = ", 1)[0] if where == "=derivation" else value
        m = re.search(r"\b" + re.escape(name) + r"\s*=(?!=)", text)
    else:
        m = re.search(r"\b" + re.escape(fields[where]) + r"\b", text)
    return display_column(text, m.start()) if m else 0
