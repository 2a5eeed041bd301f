"""Every option combination is a test: each testcase at every level, with and without facts.

All testcases (``testcases/*.c`` and the units of ``testcases/merge/*/``) are built as one
external module under each combination of plugin options: levels 0, 1 and 2, each with and without
``facts=DIR``, and level 2 with facts and ``error``. The level comes from the combination (the
cases' ``check-level`` is not applied). The options must never change a verdict, only add to it,
so for each unit this asserts:

* no internal compiler error, and the object is built (with ``error`` only a unit without
  diagnostics must build: the others fail by design);
* every plugin diagnostic has a file and a line (no ``cc1: warning: ... [-Wuaccess-...]``);
* the error-class findings (``unchecked``, ``range``, ``region``, ``mode``, each with the notes
  that follow it) are the same, in the same order, in every combination;
* each higher level only adds ``distance`` / ``unproven`` findings (with their notes): level L's
  findings are a sub-multiset of level L+1's;
* facts on or off changes no diagnostic at the same level;
* with ``error`` the same diagnostics are printed, the findings as ``error:``;
* the distance map made of each combination's facts and findings (distmap.py) has every access
  of the facts, the same records at every level but for the level each is reported at, which is
  level 2's when the combination's level reaches it;
* the facts files are valid against docs/facts.md (``casebuild.check_facts``, shared with
  test_facts.py), and one combination built twice in the same directory writes the same bytes
  and prints the same diagnostics.

Each combination is built in its own module directory, serially (so each unit's lines follow its
``CC [M]`` line), and the combinations run in parallel, one per core. A failure names the unit and
the combinations and shows a diff.
"""

from __future__ import annotations

import difflib
import os
import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from casebuild import (case_units, check_facts, facts_path, kbuild_serial, lines_by_unit, load_facts,
                       object_name, plugin_diagnostics, stage)
from uaccess_check.diag import Diagnostic, relative_to
from uaccess_check.distmap import from_facts_dir
from uaccess_check.finding import from_plugin
from uaccess_check.plugin import LEVELS, plugin_flags

UNITS = case_units()
ERROR_CLASSES = ("unchecked", "range", "region", "mode")
LEVEL_CLASSES = ("distance", "unproven")
_SOURCE_LINE = re.compile(r"^\s*\d* \|")  # GCC's quoted source line and its caret line


@dataclass(frozen=True)
class Combo:
    level: int
    facts: bool = False
    error: bool = False

    @property
    def name(self) -> str:
        return " ".join([f"level={self.level}"] + ["facts"] * self.facts + ["error"] * self.error)

    @property
    def slug(self) -> str:
        return self.name.replace("level=", "l").replace(" ", "-")


COMBOS = tuple(Combo(level, facts) for level in LEVELS for facts in (False, True)) + (Combo(2, True, True),)
REFERENCE = Combo(0)  # the error-class findings of every combination are compared with these
WITH_ERROR = Combo(2, True, True)
REPEATED = Combo(2, True)  # built twice: its facts bytes and diagnostics must not change


@dataclass
class Run:
    combo: Combo
    mdir: Path
    facts: Path | None
    lines: dict[str, list[str]]  # unit -> its lines of the build output
    diags: dict[str, list[Diagnostic]]  # unit -> the plugin's diagnostics
    objects: set[str]  # units whose object was built


@dataclass
class Builds:
    runs: dict[Combo, Run]
    again: Run  # REPEATED, built a second time in the same directory with the same flags


def _build(fx, so: Path, mdir: Path, combo: Combo, facts: Path | None) -> Run:
    flags = plugin_flags(so, level=combo.level, facts=facts, error=combo.error)
    lines = lines_by_unit(kbuild_serial(fx, mdir, flags, UNITS), mdir)
    return Run(combo=combo, mdir=mdir, facts=facts, lines=lines,
               diags={u: plugin_diagnostics(lines.get(u, []), mdir) for u in UNITS},
               objects={u for u in UNITS if (mdir / object_name(u)).is_file()})


def _build_combo(fx, so: Path, root: Path, combo: Combo) -> list[Run]:
    """The combination's run; for REPEATED also the second run (objects removed, same flags)."""
    mdir = root / combo.slug
    stage(mdir)
    facts = root / f"{combo.slug}.facts" if combo.facts else None
    if facts is not None:
        facts.mkdir()
    run = _build(fx, so, mdir, combo, facts)
    if combo != REPEATED:
        return [run]
    run.facts = facts.rename(root / f"{combo.slug}.facts-first")
    facts.mkdir()
    for unit in UNITS:
        (mdir / object_name(unit)).unlink(missing_ok=True)
    return [run, _build(fx, so, mdir, combo, facts)]


@pytest.fixture(scope="module")
def builds(fx, plugin_so, tmp_path_factory) -> Builds:
    root = tmp_path_factory.mktemp("combinations")
    order = (REPEATED,) + tuple(c for c in COMBOS if c != REPEATED)  # the longest first
    with ThreadPoolExecutor(max_workers=min(os.cpu_count() or 1, len(order))) as pool:
        results = list(pool.map(lambda c: _build_combo(fx, plugin_so, root, c), order))
    runs = {runs[0].combo: runs[0] for runs in results}
    [again] = [runs[1] for runs in results if len(runs) > 1]
    return Builds(runs=runs, again=again)


# ---- helpers ------------------------------------------------------------------------------------

def _text(diags) -> list[str]:
    """Diagnostics as GCC printed them (one without a position as ``cc1: warning: ...``)."""
    return [d.format() if d.line else f"{d.file}: {d.kind}: {d.text}" for d in diags]


def _diff(a: list[str], b: list[str], a_name: str, b_name: str) -> str:
    return "\n".join(difflib.unified_diff(a, b, a_name, b_name, lineterm="", n=3))


def _groups(diags: list[Diagnostic]) -> list[tuple[Diagnostic, ...]]:
    """Each plugin finding with the notes that follow it."""
    out: list[list[Diagnostic]] = []
    for d in diags:
        if d.kind == "note" and out:
            out[-1].append(d)
        else:
            out.append([d])
    return [tuple(g) for g in out]


def _as_warnings(diags: list[Diagnostic]) -> list[Diagnostic]:
    """What ``error`` printed, spelled as without it (findings as warnings)."""
    return [replace(d, kind="warning") if d.kind == "error" else d for d in diags]


def _error_class(diags: list[Diagnostic]) -> list[str]:
    return [line for g in _groups(diags) if g[0].uaccess_class in ERROR_CLASSES for line in _text(g)]


def _excerpt(lines: list[str], limit: int = 40) -> str:
    """A unit's compiler output without the source and caret lines."""
    kept = [l for l in lines if not _SOURCE_LINE.match(l)]
    return "\n".join(kept[:limit] + (["..."] if len(kept) > limit else []))


def _report(failures: list[str]) -> None:
    assert not failures, "\n\n".join(failures)


# ---- tests --------------------------------------------------------------------------------------

@pytest.mark.parametrize("unit", UNITS)
def test_compiles(builds, unit):
    failures = []
    for combo in COMBOS:
        run = builds.runs[combo]
        where = f"{unit} [{combo.name}]"
        if unit not in run.lines:
            failures.append(f"{where}: not compiled (no CC line in the build output)")
        elif any("internal compiler error" in l for l in run.lines[unit]):
            failures.append(f"{where}: internal compiler error:\n{_excerpt(run.lines[unit])}")
        elif unit not in run.objects and (not combo.error or not run.diags[unit]):
            failures.append(f"{where}: no object built:\n{_excerpt(run.lines[unit])}")
    _report(failures)


@pytest.mark.parametrize("unit", UNITS)
def test_every_diagnostic_has_a_location(builds, unit):
    failures = []
    for combo in COMBOS:
        unlocated = _text(d for d in builds.runs[combo].diags[unit] if d.line == 0)
        if unlocated:
            failures.append(f"{unit} [{combo.name}]: plugin diagnostics without a file and line:\n"
                            + "\n".join(unlocated))
    _report(failures)


@pytest.mark.parametrize("unit", UNITS)
def test_error_classes_same_everywhere(builds, unit):
    want = _error_class(builds.runs[REFERENCE].diags[unit])
    failures = []
    for combo in COMBOS:
        got = _error_class(_as_warnings(builds.runs[combo].diags[unit]))
        if got != want:
            failures.append(f"{unit}: unchecked/range/region/mode findings differ, [{REFERENCE.name}] vs "
                            f"[{combo.name}]" + (" (errors spelled as warnings)" if combo.error else "")
                            + ":\n" + _diff(want, got, REFERENCE.name, combo.name))
    _report(failures)


@pytest.mark.parametrize("unit", UNITS)
def test_higher_level_only_adds(builds, unit):
    failures = []
    for facts in (False, True):
        for level in LEVELS[:-1]:
            lo, hi = Combo(level, facts), Combo(level + 1, facts)
            lo_diags, hi_diags = builds.runs[lo].diags[unit], builds.runs[hi].diags[unit]
            lo_groups, hi_groups = Counter(_groups(lo_diags)), Counter(_groups(hi_diags))
            lost = list((lo_groups - hi_groups).elements())
            added = [g for g in (hi_groups - lo_groups).elements() if g[0].uaccess_class not in LEVEL_CLASSES]
            if lost or added:
                failures.append(f"{unit}: [{hi.name}] is not [{lo.name}] plus distance/unproven findings:\n"
                                + "".join(f"missing at {hi.name}: {l}\n" for g in lost for l in _text(g))
                                + "".join(f"added at {hi.name}: {l}\n" for g in added for l in _text(g))
                                + _diff(_text(lo_diags), _text(hi_diags), lo.name, hi.name))
    _report(failures)


@pytest.mark.parametrize("unit", UNITS)
def test_facts_change_no_diagnostic(builds, unit):
    failures = []
    for level in LEVELS:
        off, on = Combo(level), Combo(level, True)
        a, b = _text(builds.runs[off].diags[unit]), _text(builds.runs[on].diags[unit])
        if a != b:
            failures.append(f"{unit}: diagnostics differ, [{off.name}] vs [{on.name}]:\n"
                            + _diff(a, b, off.name, on.name))
    _report(failures)


@pytest.mark.parametrize("unit", UNITS)
def test_error_reports_the_same_as_errors(builds, unit):
    base = Combo(WITH_ERROR.level, WITH_ERROR.facts)
    want = _text(replace(d, kind="error") if d.kind == "warning" else d for d in builds.runs[base].diags[unit])
    got = _text(builds.runs[WITH_ERROR].diags[unit])
    assert got == want, (f"{unit}: [{WITH_ERROR.name}] does not print [{base.name}]'s diagnostics as errors:\n"
                         + _diff(want, got, f"{base.name}, findings as errors", WITH_ERROR.name))


@pytest.mark.parametrize("unit", UNITS)
def test_facts_valid(builds, unit):
    failures = []
    for combo in (c for c in COMBOS if c.facts):
        run = builds.runs[combo]
        path = facts_path(run.facts, run.mdir / unit)
        where = f"{unit} [{combo.name}]"
        if not path.is_file():
            # A unit with findings accesses user memory: docs/facts.md says it writes facts.
            if builds.runs[Combo(combo.level)].diags[unit]:
                failures.append(f"{where}: no facts file {path.name}, though [{Combo(combo.level).name}] "
                                "reports on the unit")
            continue
        try:
            check_facts(load_facts(path), run.mdir / unit)
        except (AssertionError, ValueError, KeyError, TypeError) as e:  # a bad file breaks in any of these
            failures.append(f"{where}: {path.name} is not valid against docs/facts.md: {e}")
    _report(failures)


def test_facts_files_are_units(builds):
    """Nothing but DIR/<unit>.json, and only for the units built."""
    failures = []
    for combo in (c for c in COMBOS if c.facts):
        run = builds.runs[combo]
        expected = {facts_path(run.facts, run.mdir / u) for u in UNITS}
        stray = sorted(str(p.relative_to(run.facts)) for p in run.facts.rglob("*")
                       if p.is_file() and p not in expected)
        if stray:
            failures.append(f"[{combo.name}]: files in the facts directory that name no unit: {stray}")
    _report(failures)


@pytest.mark.parametrize("unit", UNITS)
def test_same_combination_twice(builds, unit):
    first, again = builds.runs[REPEATED], builds.again
    where = f"{unit} [{REPEATED.name}, built twice]"
    a, b = facts_path(first.facts, first.mdir / unit), facts_path(again.facts, again.mdir / unit)
    assert a.is_file() == b.is_file(), f"{where}: facts file written only once: {a.is_file()}, {b.is_file()}"
    if a.is_file() and a.read_bytes() != b.read_bytes():
        pytest.fail(f"{where}: facts bytes differ:\n"
                    + _diff(a.read_text().splitlines(), b.read_text().splitlines(), "first", "second"))
    one, two = _text(first.diags[unit]), _text(again.diags[unit])
    assert one == two, f"{where}: diagnostics differ:\n" + _diff(one, two, "first", "second")


def _map(run: Run) -> dict:
    """The distance map of a combination's build, by access."""
    findings = [f for u in UNITS for f in from_plugin(run.lines.get(u, []), [str(run.mdir)])]
    return {r.key(): r for r in from_facts_dir(run.facts, findings, [str(run.mdir)], "testcases")}


def test_map_at_every_level(builds):
    top = builds.runs[Combo(2, True)]
    full = _map(top)
    accesses = {(relative_to(a["file"], [str(top.mdir)]), a["line"], a["column"], a["function"], a["accessor"])
                for p in top.facts.rglob("*.json") for a in load_facts(p)["accesses"]}
    assert accesses and accesses <= full.keys()
    assert {r.validation for r in full.values()} >= {"function", "callers", "none"}
    failures = []
    for combo in (c for c in COMBOS if c.facts):
        got = _map(builds.runs[combo])
        if got.keys() != full.keys():
            failures.append(f"[{combo.name}]: the map's accesses differ from level 2's: "
                            f"{sorted(got.keys() ^ full.keys())[:5]}")
            continue
        for k, r in full.items():
            want = replace(r, level=r.level if r.level is not None and r.level <= combo.level else None)
            if got[k] != want:
                failures.append(f"[{combo.name}] {k}: {got[k]} is not level 2's {want}")
    _report(failures)

