"""Compiling accessor units with the plugin and collecting its diagnostics (used by scan, tests, bench)."""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .diag import plugin_diagnostics, relative_to, summaries
from .fixture import Fixture
from .kbuild import compile_with, make_objects
from .units import candidate_units, split_configured


@dataclass
class UnitReport:
    unit: str
    returncode: int
    stderr: str
    build: str = ""  # the build dir it was compiled in
    diagnostics: list[str] = field(default_factory=list)  # plugin lines, paths relative to the tree
    summaries: list[str] = field(default_factory=list)  # verbose summary lines, relative paths
    warnings: int = 0  # plugin warnings/errors (not notes)
    accesses: int = 0


def _candidates(fx: Fixture, bits: int) -> list[str]:
    """The tree's candidate units. A fixture's tree never changes once extracted, so they are
    kept next to its stamps, keyed by the extraction stamp and the finder's own source (a
    changed finder finds again); a user's tree is searched every time."""
    stamp = getattr(fx, "extracted_stamp", None)
    if stamp is None or not stamp.is_file():
        return candidate_units(fx.src, fx.srcarch, bits)
    finder = Path(candidate_units.__code__.co_filename).read_bytes()
    key = hashlib.sha256(stamp.read_bytes() + finder + f"{fx.srcarch} {bits}".encode()).hexdigest()
    cache = fx.cache / f".linux-{fx.version}.{fx.srcarch}-{bits}.units"
    try:
        lines = cache.read_text().splitlines()
        if lines and lines[0] == key:
            return lines[1:]
    except OSError:
        pass
    units = candidate_units(fx.src, fx.srcarch, bits)
    tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
    tmp.write_text("\n".join([key] + units) + "\n")
    os.replace(tmp, cache)
    return units


def accessor_units(fx: Fixture) -> tuple[list[str], list[str]]:
    """(configured accessor units, unconfigured ones) of the kernel, sorted."""
    bits = 32 if fx.arch in ("i386", "x86") else 64
    return split_configured(_candidates(fx, bits), fx.configured_sources())


def _report(fx: Fixture, unit: str, flags: list[str], tmpdir: Path) -> UnitReport:
    out = tmpdir / (unit.replace("/", "__")[:-2] + ".o")
    res = compile_with(fx, unit, flags, out)
    lines = res.stderr.splitlines()
    roots = [str(fx.src), str(fx.build)]
    rep = UnitReport(unit=unit, returncode=res.returncode, stderr=res.stderr, build=str(fx.build))
    for d in plugin_diagnostics(lines):
        rep.diagnostics.append(d.format(relative_to(d.file, roots)))
        if d.kind != "note":
            rep.warnings += 1
    for s in summaries(lines):
        rep.summaries.append(s.format(relative_to(s.file, roots)))
        rep.accesses += s.accesses
    return rep


def compile_units(fx: Fixture, units: list[str], flags: list[str], jobs: int,
                  progress: Callable[[int, int], None] | None = None) -> list[UnitReport]:
    """Compile each unit with its saved kbuild command + flags; reports sorted by unit.

    Objects go to a temporary directory: the build dir's objects stay plain kbuild output.
    @progress, if given, is called with (units done, units) as they finish.
    """
    units = sorted(units)
    make_objects(fx, units, jobs)
    done = 0
    lock = threading.Lock()

    def one(unit: str, tmp: Path) -> UnitReport:
        nonlocal done
        rep = _report(fx, unit, flags, tmp)
        if progress:
            with lock:
                done += 1
                progress(done, len(units))
        return rep

    with tempfile.TemporaryDirectory(prefix="uaccess-check-") as tmp:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            reports = list(pool.map(lambda u: one(u, Path(tmp)), units))
    return sorted(reports, key=lambda r: r.unit)


def compile_fixtures(fixtures: list[Fixture], flags: list[str], jobs: int,
                     progress: Callable[[int, int], None] | None = None) -> tuple[list[UnitReport], list[str]]:
    """(reports, unconfigured units) of builds of one tree that together make an architecture's
    configuration (powerpc's base and COMPAT builds): each unit is compiled in the first build
    that configures it; unconfigured are the candidates none of them builds."""
    plan: list[tuple[Fixture, list[str]]] = []
    taken: set[str] = set()
    unconfigured: set[str] | None = None
    for fx in fixtures:
        units, missing = accessor_units(fx)
        plan.append((fx, [u for u in units if u not in taken]))
        taken.update(units)
        unconfigured = set(missing) if unconfigured is None else unconfigured & set(missing)
    total = sum(len(units) for _, units in plan)
    reports: list[UnitReport] = []
    for fx, units in plan:
        offset = len(reports)
        tick = (lambda done, _n, o=offset: progress(o + done, total)) if progress else None
        reports += compile_units(fx, units, flags, jobs, progress=tick)
    return sorted(reports, key=lambda r: r.unit), sorted(unconfigured or ())


def default_jobs() -> int:
    return os.cpu_count() or 1
