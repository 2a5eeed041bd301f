"""Which units a header change can affect: the names it redefines and the units that use them.

Every accessor unit includes include/linux/uaccess.h, so a patch adding one macro to it would
compile them all twice (269 units of 6.12 x86_64: five minutes on two cores) although only the
units that use the new macro can find anything new. When a change touches only macro and inline
function definitions (and the #if guards around them), the units it can affect are those whose
own text names a redefined name, or a macro or inline of the headers they include that uses one,
to a fixed point. Any other change (a declaration, a type, an include, a condition around other
code), or a redefined name some header tests in an #if, may matter to every unit including the
header: then all of them are compiled.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from .csource import top_level_blocks
from .kbuild import cmd_file
from .units import _COMMENT_RE, _FUNC_HEAD_RE, header_definitions

_DIRECTIVE_RE = re.compile(r"^\s*#\s*(\w+)\s*(.*)$")
_GUARD_RE = re.compile(r"^(?:ifn?def\s+(\w+)|if\s+!?\s*defined\s*\(?\s*(\w+)\s*\)?)\s*$")
_DEP_RE = re.compile(r"^\s+(/\S+\.h|\S+\.h)\s*\\?$", re.M)


def redefined(before: str, after: str) -> set[str] | None:
    """The names whose macro or function definitions the change adds, removes or alters; None
    when it changes anything else."""
    old, new = header_definitions(before), header_definitions(after)
    names = {n for n in old.keys() | new.keys() if old.get(n) != new.get(n)}
    if _rest(before, names) != _rest(after, names):
        return None
    return names


def _rest(text: str, names: set[str]) -> list[str]:
    """The tokens of a header outside its definitions: #define and #undef lines, function
    definitions, comments, and the #if guards of @names (with their #else and #endif) removed."""
    kept: list[str] = []
    guards: list[bool] = []
    for line in _COMMENT_RE.sub(" ", text.replace("\\\n", " ")).splitlines():
        m = _DIRECTIVE_RE.match(line)
        if not m:
            kept.append(line)
            continue
        word, rest = m.group(1), m.group(2).strip()
        if word in ("define", "undef"):
            kept.append("")
            continue
        if word in ("if", "ifdef", "ifndef"):
            g = _GUARD_RE.match(f"{word} {rest}")
            guards.append(bool(g) and (g.group(1) or g.group(2)) in names)
        dropped = bool(guards) and guards[-1] and word in ("if", "ifdef", "ifndef", "else", "elif", "endif")
        if word == "endif" and guards:
            guards.pop()
        kept.append("" if dropped else line)
    code = "\n".join(kept)
    out, last = [], 0
    for head_start, _start, end in top_level_blocks(code):
        if _FUNC_HEAD_RE.search(code[head_start:_start]):
            out.append(code[last:head_start])
            last = end
    out.append(code[last:])
    return " ".join(out).split()


def _deps(build: Path, obj: str) -> list[str]:
    """The headers kbuild's dependency list of an object names (absolute, or in the build)."""
    try:
        text = cmd_file(build, obj).read_text(errors="replace").partition("deps_")[2]
    except OSError:
        return []
    return [os.path.normpath(p if p.startswith("/") else build / p) for p in _DEP_RE.findall(text)]


def _naming(names: set[str], files: list[Path]) -> list[Path]:
    """The files of @files that name one of @names as a word."""
    proc = subprocess.run(["grep", "-slwE", "|".join(sorted(names)), "--", *map(str, files)],
                          capture_output=True, text=True, errors="replace")
    return [Path(f) for f in proc.stdout.splitlines()]


def _spread(names: set[str], files: list[Path]) -> set[str]:
    """@names plus the macros and inlines of @files that use one of them, to a fixed point."""
    parsed: dict[Path, dict[str, list[str]]] = {}
    while True:
        word = re.compile(r"\b(?:" + "|".join(sorted(names)) + r")\b")
        grown = set(names)
        for f in _naming(names, files):
            if f not in parsed:
                parsed[f] = header_definitions(f.read_text(errors="replace"))
            grown |= {n for n, bodies in parsed[f].items() if any(word.search(b) for b in bodies)}
        if grown == names:
            return names
        names = grown


def _tested(names: set[str], files: list[Path]) -> Path | None:
    """A file of @files whose #if, #ifdef or #elif tests one of @names, other than the guard
    right above the name's own #define: redefining the name changes which code it compiles, so
    any unit including it may change."""
    word = re.compile(r"\b(?:" + "|".join(sorted(names)) + r")\b")
    for f in _naming(names, files):
        lines = [l for l in f.read_text(errors="replace").splitlines() if l.strip()]
        for i, line in enumerate(lines):
            m = _DIRECTIVE_RE.match(line)
            if not m or m.group(1) not in ("if", "ifdef", "ifndef", "elif") or not word.search(m.group(2)):
                continue
            guard = _GUARD_RE.match(f"{m.group(1)} {m.group(2).strip()}")
            name = guard and (guard.group(1) or guard.group(2))
            after = _DIRECTIVE_RE.match(lines[i + 1]) if i + 1 < len(lines) else None
            if not (name and after and after.group(1) == "define" and after.group(2).split("(")[0].split()[0] == name):
                return f
    return None


def units_using_names(src: Path, scratch: Path, build: Path, objects: dict[str, str], units: list[str],
                      names: set[str]) -> list[str] | None:
    """Of @units (@objects: unit -> kbuild object), those whose text names one of @names or a
    macro or inline of their headers that uses one; None when a header tests one in a
    conditional; a file the patch changed is read from @scratch."""
    if not names:
        return []
    changed = {str(p.relative_to(scratch)) for p in scratch.rglob("*") if p.is_file()}
    prefix = str(src) + "/"

    def patched(path: str) -> Path:
        rel = path[len(prefix):] if path.startswith(prefix) else None
        return scratch / rel if rel in changed else Path(path)

    headers = sorted(patched(h) for h in {h for u in units for h in _deps(build, objects[u])})
    if _tested(names, headers) is not None:
        return None
    spread = _spread(set(names), headers)
    word = re.compile(r"\b(?:" + "|".join(sorted(spread)) + r")\b")
    return [u for u in units if word.search(patched(prefix + u).read_text(errors="replace"))]
