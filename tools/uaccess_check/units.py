"""Finding the units (.c files) of a kernel tree that use the unsafe user accessors or open
user-access regions.

A unit qualifies when
* it names one of the base names -- the unsafe accessors and every region opener
  (``user_access_begin``, ``masked_user_*_access_begin``, ``__uaccess_begin``,
  ``scoped_user_*_access*``...): a region whose accesses are inline asm or asm routines
  (arch/x86/lib/copy_mc.c, usercopy_64.c) is still a unit -- or a macro / inline function
  defined in the generic or architecture headers whose body (transitively) uses one, e.g.
  ``unsafe_put_compat_sigset``, ``unsafe_save_altstack`` or 7.2's ``get_user_inline``; the names
  are computed from those headers and iterated to a fixed point; or
* it includes, with a quoted ``#include "..."`` resolved next to the including file, a local
  file (a header or .c outside include/ and arch/<arch>/include/) whose text uses one of the
  names or that itself includes such a file: 7.2's kernel/futex/futex.h (pi.c, requeue.c...),
  6.12's arch/x86/kvm/mmu/paging_tmpl.h (mmu.c).
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from . import UsageError, primitives
from .csource import top_level_blocks

#: The unsafe accessors (plugin/primitives.def, kind ACCESSOR).
BASE_ACCESSORS: tuple[str, ...] = primitives.names(kind="accessor")

#: Everything a programmer writes that opens a user-access region (checked, masked, unchecked or
#: scoped): the openers of primitives.def the plugin finds by their macro name.
REGION_OPENERS: tuple[str, ...] = primitives.names(kind=primitives.OPENERS, how="macro")

BASE_NAMES: tuple[str, ...] = BASE_ACCESSORS + REGION_OPENERS

#: The __get_user() family (kind FAMILY): accessors with no check of their own. The headers that
#: implement the accesses (uaccess*.h) use them behind the checked forms, which are not units'
#: business: the family's names spread only through other headers (6.12's epoll_put_uevent()).
FAMILY: tuple[str, ...] = primitives.names(kind="family")

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
    # The C locale makes grep twice as fast here (kernel sources are ASCII where it matters).
    proc = subprocess.run(["grep", "-rlwE", f"--include={include}", pattern, *dirs], cwd=root,
                          capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
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


def _other_word_size(rel: str, srcarch: str, bits: int) -> bool:
    """x86 headers of the other word size (asm/checksum_32.h on x86_64): the build never sees
    their definitions (e.g. the 32-bit inline csum_and_copy_from_user() opens a region; on
    x86_64 it is an out-of-line call)."""
    other = "_32.h" if bits == 64 else "_64.h"
    return srcarch == "x86" and rel.startswith("arch/x86/include/") and rel.endswith(other)


def accessor_names(src: Path, srcarch: str = "x86", bits: int = 64) -> list[str]:
    """Base names (accessors, region openers) plus header macros/functions that use them, to a
    fixed point; and the family's, spread the same way outside the accessor headers."""
    parsed: dict[Path, dict[str, list[str]]] = {}
    return sorted(_spread(src, srcarch, bits, set(BASE_NAMES), parsed, False)
                  | _spread(src, srcarch, bits, set(FAMILY), parsed, True))


def _spread(src: Path, srcarch: str, bits: int, names: set[str],
            parsed: dict[Path, dict[str, list[str]]], skip_uaccess: bool) -> set[str]:
    """names plus the header macros/functions that use one of them, to a fixed point."""
    header_dirs = _global_include_dirs(srcarch)
    while True:
        word = re.compile(r"\b(?:" + "|".join(sorted(names)) + r")\b")
        found = set(names)
        for header in _grep_files(src, header_dirs, names, "*.h"):
            if _other_word_size(header.relative_to(src).as_posix(), srcarch, bits):
                continue
            if skip_uaccess and header.name.startswith("uaccess"):
                continue
            if header not in parsed:
                parsed[header] = header_definitions(header.read_text(errors="replace"))
            for name, bodies in parsed[header].items():
                if name in found:
                    continue
                if any(word.search(body) for body in bodies):
                    found.add(name)
        if found == names:
            return names
        names = found


def _global_include_dirs(srcarch: str) -> list[str]:
    """The include directories whose definitions are found by name (every unit can use them)."""
    return ["include", f"arch/{srcarch}/include"]


def _excluded(rel: str, srcarch: str) -> bool:
    parts = rel.split("/")
    if parts[0] in EXCLUDED_TOP:
        return True
    return parts[0] == "arch" and len(parts) > 1 and parts[1] != srcarch


def _is_local(rel: str, srcarch: str) -> bool:
    """A file found by inclusion, not by name: outside the global include dirs (and scanned)."""
    return not _excluded(rel, srcarch) and not any(rel.startswith(d + "/") for d in _global_include_dirs(srcarch))


_QUOTED_INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.M)


def quoted_includes(text: str) -> list[str]:
    """The file names of a source's ``#include "..."`` lines, in order."""
    return _QUOTED_INCLUDE_RE.findall(_COMMENT_RE.sub(" ", text))


def _resolve_include(src: Path, includer: str, name: str) -> str | None:
    """Tree-relative path of a quoted include, looked up next to the including file (as the
    compiler does first); None if it is not there or lies outside the tree."""
    rel = os.path.normpath(os.path.join(os.path.dirname(includer), name))
    if rel.startswith("../") or rel == ".." or os.path.isabs(rel):
        return None
    return rel if (src / rel).is_file() else None


@dataclass
class TreeScan:
    """What one grep over a tree's .c and .h files found."""
    naming: set[str] = field(default_factory=set)  # files naming one of the names (maybe in comments)
    includes: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # basename -> (includer, "name")


_INCLUDE_MATCH = r'#[[:space:]]*include[[:space:]]*"[^"]*"'


def scan_tree(src: Path, top: list[str], names: set[str]) -> TreeScan:
    """Files naming one of names, and every quoted include, in one pass (one walk of the tree)."""
    pattern = "|".join(sorted(names)) + "|" + _INCLUDE_MATCH
    dirs = [d for d in top if (src / d).is_dir()]
    proc = subprocess.run(["grep", "-rHowE", "--include=*.c", "--include=*.h", "-e", pattern, "--", *dirs],
                          cwd=src, capture_output=True, text=True, errors="replace", env=dict(os.environ, LC_ALL="C"))
    if proc.returncode not in (0, 1):
        raise UsageError(f"grep failed in {src}: {proc.stderr.strip()}")
    scan = TreeScan()
    for line in proc.stdout.splitlines():
        path, _, match = line.partition(":")
        rel = os.path.normpath(path)
        if match.endswith('"'):
            name = match[match.index('"') + 1:-1]
            scan.includes.setdefault(os.path.basename(name), []).append((rel, name))
        elif match:
            scan.naming.add(rel)
    return scan


def includers(src: Path, scan: TreeScan, targets: set[str]) -> set[str]:
    """Files that include one of targets with a quoted include resolved next to them (outside comments)."""
    out = set()
    for target in targets:
        for includer, name in scan.includes.get(os.path.basename(target), []):
            if includer not in out and _resolve_include(src, includer, name) == target:
                if name in quoted_includes((src / includer).read_text(errors="replace")):
                    out.add(includer)
    return out


def candidate_units(src: Path, srcarch: str = "x86", bits: int = 64) -> list[str]:
    """Relative paths of the .c files using an accessor or region opener (outside comments),
    directly, through a global header's macro or inline, or through a local file they include,
    whatever the configuration."""
    if not (src / "Makefile").is_file():
        raise UsageError(f"not a kernel source tree: {src}")
    names = set(accessor_names(src, srcarch, bits))
    word = re.compile(r"\b(?:" + "|".join(sorted(names)) + r")\b")
    top = sorted(p.name for p in src.iterdir() if p.is_dir() and not p.name.startswith("."))
    scan = scan_tree(src, top, names)
    # Local files (headers, .c) that use a name outside comments.
    targets = {rel for rel in scan.naming
               if _is_local(rel, srcarch) and word.search(_COMMENT_RE.sub(" ", (src / rel).read_text(errors="replace")))}
    units = {t for t in targets if t.endswith(".c")}
    # Their includers, to a fixed point: a header that includes a template (paging_tmpl.h),
    # a .c that includes a header (futex.h) or another .c.
    frontier = set(targets)
    while frontier:
        frontier = {f for f in includers(src, scan, frontier) if _is_local(f, srcarch)} - targets
        targets |= frontier
        units |= {f for f in frontier if f.endswith(".c")}
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
