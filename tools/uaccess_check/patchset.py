"""A patch checked before it is sent: what it changes, a scratch copy with it applied, and the
compile of an affected unit before and after it.

The user's tree is never written: the files the patch touches are copied into a scratch
directory and the patch is applied there (GNU patch, -p1). A unit compiles "after" with its own
saved kbuild command, the scratch copy of the unit when the patch changes it, and the scratch
directory put in front of every include directory of the tree, so a changed header is the one
found; quoted includes next to a changed .c still find their unchanged neighbours (-iquote).

A header change affects the accessor units whose kbuild dependency list (``deps_<obj>`` in the
``.o.cmd`` files) names it, and the units that use a macro or inline of the header that uses an
accessor only after the patch (they become accessor units).
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from . import UsageError
from .kbuild import cmd_file, compile_argv, run_measured, RunResult
from .units import header_definitions

_DIFF_GIT_RE = re.compile(r"^diff --git a/(\S+) b/(\S+)$", re.M)
_PLUS_RE = re.compile(r"^\+\+\+ (?:b/)?(\S+)", re.M)
_MINUS_RE = re.compile(r"^--- (?:a/)?(\S+)", re.M)
_HUNK_RE = re.compile(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@", re.M)


@dataclass(frozen=True)
class Patch:
    text: str
    files: tuple[str, ...]  # tree-relative paths the patch touches (old and new names)


def read_patch(text: str, name: str) -> Patch:
    """A git diff or git format-patch mbox; anything else is a UsageError in one line."""
    if not _HUNK_RE.search(text) or not _PLUS_RE.search(text):
        raise UsageError(f"{name}: not a patch (no '+++' file header and '@@' hunk)")
    files: set[str] = set()
    for m in _DIFF_GIT_RE.finditer(text):
        files.update((m.group(1), m.group(2)))
    for regex in (_PLUS_RE, _MINUS_RE):
        for m in regex.finditer(text):
            if m.group(1) != "/dev/null":
                files.add(m.group(1))
    bad = sorted(f for f in files if f.startswith("/") or ".." in Path(f).parts)
    if bad:
        raise UsageError(f"{name}: a path outside the tree: {bad[0]}")
    return Patch(text=text, files=tuple(sorted(files)))


def apply_to_scratch(patch: Patch, src: Path, scratch: Path, name: str) -> None:
    """Copy what the patch touches from @src into @scratch and apply the patch there."""
    for rel in patch.files:
        orig = src / rel
        if orig.is_file():
            dest = scratch / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(orig.read_bytes())
    proc = subprocess.run(["patch", "-p1", "-f", "-N", "--no-backup-if-mismatch", "-r", "-",
                           "-d", str(scratch)], input=patch.text, capture_output=True, text=True)
    if proc.returncode != 0:
        raise UsageError(f"{name}: does not apply to {src}: "
                         f"{apply_failure((proc.stdout + proc.stderr).splitlines(), patch.text)}")


def _hunk_headers(text: str) -> list[tuple[str, list[str]]]:
    """(file, its hunks' '@@' lines) for each file section of a patch, in order."""
    sections: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        m = _PLUS_RE.match(line)
        if m:
            sections.append((m.group(1), []))
        elif line.startswith("@@") and sections:
            sections[-1][1].append(line)
    return sections


def apply_failure(output: list[str], text: str) -> str:
    """What patch(1) could not do, said of the first file and hunk it failed on: the file and the
    hunk's '@@' line (with the function git names there), not patch's count of failed hunks."""
    sections = _hunk_headers(text)
    seen: dict[str, int] = {}
    current = ""
    for i, line in enumerate(output):
        m = re.match(r"^(?:patching|checking) file '?(.+?)'?$", line)
        if m:
            current = m.group(1)
            seen[current] = seen.get(current, 0) + 1
            continue
        m = re.match(r"^Hunk #(\d+) FAILED at (\d+)", line)
        if m:
            hunks = [hs for f, hs in sections if f == current]
            index = seen.get(current, 1) - 1
            headers = hunks[index] if index < len(hunks) else []
            number = int(m.group(1))
            header = f" ({headers[number - 1]})" if number <= len(headers) else ""
            return f"{current}: hunk #{number}{header} does not match the file at line {m.group(2)}"
        if line.startswith("Reversed (or previously applied) patch detected"):
            return f"{current}: already applied (or reversed)"
        if line.startswith("can't find file to patch"):
            named = next((_PLUS_RE.match(l[1:]) for l in output[i:] if l.startswith("|+++ ")), None)
            return f"{named.group(1) if named else 'a file'}: no such file in the tree"
    return next((l for l in output if l.strip()), "patch(1) failed")


def changed(patch: Patch, suffix: str) -> list[str]:
    return [f for f in patch.files if f.endswith(suffix)]


def units_depending(build: Path, objects: dict[str, str], headers: list[str]) -> list[str]:
    """The units (of @objects: unit -> kbuild object) whose kbuild dependency list names a
    changed header."""
    found = []
    for unit, obj in sorted(objects.items()):
        try:
            deps = cmd_file(build, obj).read_text(errors="replace").partition("deps_")[2]
        except OSError:
            continue
        if any(("/" + h) in deps for h in headers):
            found.append(unit)
    return found


def new_accessor_names(before: list[str], src: Path, scratch: Path, headers: list[str]) -> set[str]:
    """Macros and inlines of the patched headers that use an accessor or opener after the patch
    and did not before: the units using them become accessor units (the seed's
    epoll_put_uevent())."""
    return _using(before, scratch, headers) - _using(before, src, headers)


def _using(before: list[str], root: Path, headers: list[str]) -> set[str]:
    """@before plus the macros and inlines of @headers (as in @root) that use one, to a fixed point."""
    defs: dict[str, list[str]] = {}
    for h in headers:
        if (root / h).is_file():
            for name, bodies in header_definitions((root / h).read_text(errors="replace")).items():
                defs.setdefault(name, []).extend(bodies)
    names = set(before)
    while True:
        word = re.compile(r"\b(?:" + "|".join(sorted(names)) + r")\b")
        grown = names | {n for n, bodies in defs.items() if any(word.search(b) for b in bodies)}
        if grown == names:
            return names
        names = grown


def units_using(src: Path, names: set[str], configured: set[str]) -> list[str]:
    """Configured .c files that name one of @names."""
    if not names:
        return []
    proc = subprocess.run(["grep", "-rlwE", "--include=*.c", "|".join(sorted(names)), "."], cwd=src,
                          capture_output=True, text=True, errors="replace")
    return sorted(u for u in (os.path.normpath(l) for l in proc.stdout.splitlines()) if u in configured)


def after_argv(build: Path, src: Path, scratch: Path, unit: str, obj: str, flags: list[str],
               output: Path) -> list[str]:
    """The unit's compile with the patch applied: scratch copies first, the tree after them."""
    argv = compile_argv(build, obj, flags, output)
    out: list[str] = []
    for a in argv:
        if a.startswith("-I"):
            d = Path(a[2:])
            rel = _under(d if d.is_absolute() else build / d, src)
            if rel is not None and (scratch / rel).is_dir():
                out.append(f"-I{scratch / rel}")
        out.append(a)
    if (scratch / unit).is_file():
        for i, a in enumerate(out):
            if a.endswith(unit) and Path(a).name == Path(unit).name:
                out[i] = str(scratch / unit)
        out.insert(len(out) - 1, f"-iquote{(src / unit).parent}")
    for i, a in enumerate(out[:-1]):
        if a == "-include":
            rel = _under(Path(out[i + 1]), src)
            if rel is not None and (scratch / rel).is_file():
                out[i + 1] = str(scratch / rel)
    return out


def _under(path: Path, root: Path) -> Path | None:
    try:
        return path.resolve().relative_to(root.resolve())
    except ValueError:
        return None


def compile_after(build: Path, src: Path, scratch: Path, unit: str, obj: str, flags: list[str],
                  output: Path) -> RunResult:
    return run_measured(after_argv(build, src, scratch, unit, obj, flags, output), build)
