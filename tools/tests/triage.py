"""Triage files: the plugin's output on real kernel code, each warning with a verdict read from the code.

Format (testcases/real/linux-<version>.txt for x86_64, linux-<version>-<arch>.txt for arm64 and
powerpc, linux-6.12-kvm.txt)::

    [fs/readdir.c 0 1 2]
    # true: dirent is derived from the raw pointer before the scope; only prev is masked
    fs/readdir.c:294:17: warning: ... [-Wuaccess-unchecked]
    fs/readdir.c:291:9: note: ...
    uaccess_check: summary: fs/readdir.c: accesses=...

``[UNIT LEVEL...]`` opens the block of one unit, valid at each listed level. Each warning is
followed by its notes, exactly as the plugin prints them (paths relative to the tree), and
preceded by a ``#`` line: the verdict. The warnings compare as a multiset; the last line of a
block is the unit's summary (a unit with no accessor has none). A (unit, level) in no block
must print no warning.

A list names the package it was read against (``# package: linux-source-V VERSION``). A fixture
built from that package is compared line for line; one built from another point release of the
same version (Debian moved on) is compared by what identifies each finding, as the driver's
fingerprint does: the file, the class and the message with its digits removed
(:func:`finding_key`); a point release with the same findings passes, one with other findings
fails naming them (:func:`release_differences`).

``python3 tools/tests/triage.py VERSION [ARCH]`` prints a draft for the prepared defconfig kernel
of that version and architecture (``uaccess-check kernel --version VERSION --arch ARCH``; powerpc's
two builds, as ``scan`` compiles them): every finding of every
level, grouped by unit and by the levels whose output is the same, with ``# TODO`` for the
verdicts. Verdicts are written by reading the code; the draft is never checked in as it is.
``--keep FILE`` redrafts a triaged file after a plugin change: its header, and the verdict of
every warning printed before with the same notes in the same unit (its "also here" notes aside:
the same defect at other accesses, each a warning of its own before); only new warnings get
``# TODO``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from uaccess_check.finding import strip_digits  # noqa: E402
from uaccess_check.messages import say  # noqa: E402

_BLOCK_RE = re.compile(r"^\[(\S+)((?: \d)+)\]$")
_PACKAGE_RE = re.compile(r"^# package: (\S+ \S+)$", re.M)
#: A plugin warning (file:line:col: ...) or a script's finding (file:line:col-end: ...).
_POSITION_RE = re.compile(r"^(?P<file>[^:\s]+):\d+:\d+(?:-\d+)?: (?P<rest>.*)$")
SUMMARY = "uaccess_check: summary: "
#: The end of the note that says a warning's defect again at another access (report.c).
ALSO_HERE = ": note: " + say("also_here")


@dataclass(frozen=True)
class Expected:
    groups: list[tuple[str, ...]]  # each warning with its notes, sorted
    summary: str
    verdicts: tuple[str, ...] = ()  # the "#" lines before the warnings, in file order


def groups_of(lines: list[str]) -> list[tuple[str, ...]]:
    """Plugin lines (a warning, then its notes) -> one tuple per warning, sorted."""
    groups: list[list[str]] = []
    for line in lines:
        if ": note: " in line and groups:
            groups[-1].append(line)
        else:
            groups.append([line])
    return sorted(tuple(g) for g in groups)


def parse_expected(path: Path) -> dict[tuple[str, int], Expected]:
    """(unit, level) -> what the plugin must print; a unit/level not listed must be silent."""
    blocks: dict[tuple[str, ...], tuple[list[str], list[str]]] = {}
    current: tuple[list[str], list[str]] | None = None
    header = True
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line:
            continue
        m = _BLOCK_RE.match(line)
        if m:
            header = False
            current = blocks.setdefault((m.group(1), *m.group(2).split()), ([], []))
        elif line.startswith("#"):
            if not header and current is not None:
                current[1].append(line[1:].strip())
        elif current is None:
            raise ValueError(f"{path}: line outside a [UNIT LEVEL...] block: {line}")
        else:
            current[0].append(line)
    out: dict[tuple[str, int], Expected] = {}
    for (unit, *levels), (lines, verdicts) in blocks.items():
        if not lines:
            raise ValueError(f"{path}: block {unit} is empty")
        summary = lines[-1] if lines[-1].startswith(SUMMARY) else ""
        body = lines[:-1] if summary else lines
        for level in levels:
            key = (unit, int(level))
            if key in out:
                raise ValueError(f"{path}: {unit} level {level} is in two blocks")
            out[key] = Expected(groups_of(body), summary, tuple(verdicts))
    return out


def triaged_package(path: Path) -> str:
    """'linux-source-V VERSION' from a list's '# package:' line ('' when it has none)."""
    m = _PACKAGE_RE.search(path.read_text())
    return m.group(1) if m else ""


def fixture_package(fx) -> str:
    """'linux-source-V VERSION' of a fixture's source: the downloaded .deb, or the installed package."""
    if fx.package_version():
        return f"{fx.source.package} {fx.package_version()}"
    proc = subprocess.run(["dpkg-query", "-W", "-f=${Version}", fx.source.package],
                          capture_output=True, text=True)
    return f"{fx.source.package} {proc.stdout.strip()}"


def finding_key(line: str) -> str:
    """What identifies a finding across point releases: its file, then the rest of its line with
    every digit removed (line, column and the numbers of the message)."""
    m = _POSITION_RE.match(line)
    if not m:
        return strip_digits(line)
    return f"{m['file']}: {strip_digits(m['rest'])}"


def release_differences(listed: Iterable[str], printed: Iterable[str]) -> list[str]:
    """Findings (first lines) as listed and as printed by another release -> one line per
    finding to triage again: '+' printed but not listed, '-' listed but not printed."""
    want, got = Counter(map(finding_key, listed)), Counter(map(finding_key, printed))
    return ([f"+ {k}" for k in sorted((got - want).elements())] +
            [f"- {k}" for k in sorted((want - got).elements())])


def retriage_message(path: Path, package: str, differences: list[str]) -> str:
    """What a test says when another release than a list's prints other findings."""
    return (f"{path.name} was triaged on {triaged_package(path)}, the fixture is {package}, and these "
            f"findings differ; triage them again:\n" + "\n".join(differences))


def warnings_in(expected: Expected) -> int:
    return len(expected.groups)


def triage_name(version: str, arch: str = "x86_64") -> str:
    """The file of a (version, architecture) cell in testcases/real/."""
    return f"linux-{version}.txt" if arch == "x86_64" else f"linux-{version}-{arch}.txt"


def dist_units() -> list[str]:
    """The accessor units the distribution-like 7.2 build (fixture.dist_fixture()) adds to the
    default 7.2 x86_64 one."""
    from uaccess_check.fixture import dist_fixture, ensure_fixture, fixture_for
    from uaccess_check.scan import accessor_units

    added = accessor_units(ensure_fixture(dist_fixture()))[0]
    base = set(accessor_units(ensure_fixture(fixture_for("7.2", "x86_64")))[0])
    return [u for u in added if u not in base]


def draft(version: str, arch: str = "x86_64") -> str:
    """A draft triage file of a version's scan at levels 0, 1 and 2 (verdicts to be written);
    version "7.2-dist": the units the distribution-like build adds."""
    from uaccess_check.fixture import arch_fixtures, dist_fixture, ensure_fixture
    from uaccess_check.plugin import LEVELS, ensure_plugin, plugin_flags
    from uaccess_check.scan import compile_fixtures, compile_units, default_jobs

    dist = version == "7.2-dist"
    fixtures = [ensure_fixture(dist_fixture())] if dist else \
        [ensure_fixture(f) for f in arch_fixtures(version, arch)]
    so = ensure_plugin(fixtures[0].cc)
    per_unit: dict[str, dict[int, list[str]]] = {}
    for level in LEVELS:
        flags = plugin_flags(so, level=level, verbose=True)
        if dist:
            reports = compile_units(fixtures[0], dist_units(), flags, default_jobs())
        else:
            reports, _ = compile_fixtures(fixtures, flags, default_jobs())
        for rep in reports:
            if rep.diagnostics:
                per_unit.setdefault(rep.unit, {})[level] = rep.diagnostics + rep.summaries
    out = []
    for unit in sorted(per_unit):
        by_output: dict[tuple[str, ...], list[int]] = {}
        for level, lines in sorted(per_unit[unit].items()):
            by_output.setdefault(tuple(lines), []).append(level)
        for lines, levels in by_output.items():
            out.append(f"[{unit} {' '.join(map(str, levels))}]")
            for line in lines:
                if ": note: " not in line and not line.startswith(SUMMARY):
                    out.append("# TODO")
                out.append(line)
            out.append("")
    return "\n".join(out)


def _verdicts_by_warning(path: Path) -> dict[tuple[str, tuple[str, ...]], str]:
    """(unit, a warning's lines with its notes) -> the verdict line before it, from a triaged file."""
    out: dict[tuple[str, tuple[str, ...]], str] = {}
    unit, verdict = "", ""
    group: list[str] = []

    def close() -> None:
        if group and verdict:
            out[(unit, tuple(group))] = verdict
        group.clear()

    for line in path.read_text().splitlines():
        m = _BLOCK_RE.match(line.strip())
        if ": note: " in line and group:
            group.append(line)
            continue
        close()
        if m:
            unit, verdict = m.group(1), ""
        elif line.startswith("#") and unit:
            verdict = line
        elif line.strip() and unit and not line.startswith(SUMMARY):
            group.append(line)
    close()
    return out


def keep_verdicts(text: str, old: Path) -> str:
    """A draft with the header and the verdicts of an earlier triage of the same cell."""
    known = _verdicts_by_warning(old)
    header = []
    for line in old.read_text().splitlines():
        if _BLOCK_RE.match(line.strip()):
            break
        header.append(line)
    lines = text.splitlines()
    out, unit = list(header), ""
    for i, line in enumerate(lines):
        m = _BLOCK_RE.match(line)
        if m:
            unit = m.group(1)
        if line == "# TODO":
            group = [lines[i + 1]] + [l for l in _notes_after(lines, i + 2)]
            own = tuple(l for l in group if not l.endswith(ALSO_HERE))
            line = known.get((unit, tuple(group)), known.get((unit, own), line))
        out.append(line)
    return "\n".join(out) + "\n"


def _notes_after(lines: list[str], start: int) -> list[str]:
    notes = []
    for line in lines[start:]:
        if ": note: " not in line:
            break
        notes.append(line)
    return notes


if __name__ == "__main__":
    args = sys.argv[1:]
    keep = None
    if len(args) >= 2 and args[-2] == "--keep":
        keep, args = Path(args[-1]), args[:-2]
    if len(args) not in (1, 2):
        print("usage: triage.py VERSION [ARCH] [--keep FILE]", file=sys.stderr)
        sys.exit(2)
    text = draft(*args)
    print(keep_verdicts(text, keep) if keep else text, end="")
