"""Finding the units (.c files) of a kernel tree that use the unsafe user accessors.

A unit qualifies when it names one of the base accessors or a macro / inline function defined
in the generic or architecture headers whose body (transitively) uses one, e.g.
``unsafe_put_compat_sigset`` or ``unsafe_save_altstack``. The names are computed from the
headers and iterated to a fixed point.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from . import UsageError
from .csource import top_level_blocks

BASE_ACCESSORS: tuple[str, ...] = (
    "unsafe_put_user",
    "unsafe_get_user",
    "unsafe_copy_to_user",
    "unsafe_copy_from_user",
    "unsafe_try_cmpxchg_user",
    "unsafe_atomic_op1",
    "unsafe_atomic_op2",
)

#: Top-level directories never scanned (host tools, documentation).
EXCLUDED_TOP = ("tools", "Documentation", "scripts", "samples", "usr")

_DEFINE_RE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?:\([^)]*\))?(.*)$")
_COMMENT_RE = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_FUNC_HEAD_RE = re.compile(r"\b([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)\s*$", re.S)


def _grep_files(root: Path, dirs: list[str], names: set[str], include: str) -> list[Path]:
    """Files under root/dirs (glob include) containing one of names as a word."""
    dirs = [d for d in dirs if (root / d).is_dir()]
    if not dirs or not names:
        return []
    pattern = "|".join(sorted(names))
    proc = subprocess.run(["grep", "-rlwE", f"--include={include}", pattern, *dirs], cwd=root,
                          capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        raise UsageError(f"grep failed in {root}: {proc.stderr.strip()}")
    return sorted(root / line for line in proc.stdout.splitlines() if line)


def header_definitions(text: str) -> dict[str, list[str]]:
    """Macro and function definitions of a header: name -> bodies (all variants)."""
    defs: dict[str, list[str]] = {}
    lines = text.replace("\\\r\n", " ").replace("\\\n", " ").splitlines()
    code_lines: list[str] = []
    for line in lines:
        m = _DEFINE_RE.match(line)
        if m:
            defs.setdefault(m.group(1), []).append(m.group(2))
            code_lines.append("")
        elif line.lstrip().startswith("#"):
            code_lines.append("")
        else:
            code_lines.append(line)
    code = _COMMENT_RE.sub(" ", "\n".join(code_lines))
    # Top-level brace blocks preceded by a function declarator are function bodies.
    for head_start, start, end in top_level_blocks(code):
        m = _FUNC_HEAD_RE.search(code[head_start:start])
        if m:
            defs.setdefault(m.group(1), []).append(code[start:end])
    return defs


def accessor_names(src: Path, srcarch: str = "x86") -> list[str]:
    """Base accessors plus header macros/functions that use them, to a fixed point."""
    header_dirs = ["include", f"arch/{srcarch}/include"]
    names: set[str] = set(BASE_ACCESSORS)
    parsed: dict[Path, dict[str, list[str]]] = {}
    while True:
        word = re.compile(r"\b(?:" + "|".join(sorted(names)) + r")\b")
        found = set(names)
        for header in _grep_files(src, header_dirs, names, "*.h"):
            if header not in parsed:
                parsed[header] = header_definitions(header.read_text(errors="replace"))
            for name, bodies in parsed[header].items():
                if name in found:
                    continue
                if any(word.search(body) for body in bodies):
                    found.add(name)
        if found == names:
            return sorted(names)
        names = found


def _excluded(rel: str, srcarch: str) -> bool:
    parts = rel.split("/")
    if parts[0] in EXCLUDED_TOP:
        return True
    return parts[0] == "arch" and len(parts) > 1 and parts[1] != srcarch


def candidate_units(src: Path, srcarch: str = "x86") -> list[str]:
    """Relative paths of the .c files using an accessor name (whatever the configuration)."""
    if not (src / "Makefile").is_file():
        raise UsageError(f"not a kernel source tree: {src}")
    names = set(accessor_names(src, srcarch))
    top = sorted(p.name for p in src.iterdir() if p.is_dir() and not p.name.startswith("."))
    units = []
    for path in _grep_files(src, top, names, "*.c"):
        rel = path.relative_to(src).as_posix()
        if not _excluded(rel, srcarch):
            units.append(rel)
    return sorted(units)


def split_configured(candidates: list[str], configured: list[str]) -> tuple[list[str], list[str]]:
    """(configured units, unconfigured units), both sorted."""
    conf = set(configured)
    return (sorted(u for u in candidates if u in conf), sorted(u for u in candidates if u not in conf))


def object_of(unit: str) -> str:
    """fs/readdir.c -> fs/readdir.o"""
    if not unit.endswith(".c"):
        raise UsageError(f"not a C unit: {unit}")
    return unit[:-2] + ".o"
