"""arch/x86/kvm of Linux 6.12 with the plugin: accessor units the default configuration leaves out.

The KVM variant of the fixture (``kvm_fixture()``: defconfig plus KVM, KVM_INTEL, KVM_AMD as
modules and KVM_XEN, in its own build dir, prepared here on first use) builds x86.o and
mmu/mmu.o (which includes paging_tmpl.h three times) with plain kbuild. Each unit is then
compiled with its saved kbuild command plus the plugin at levels 0, 1 and 2, with and without
facts=DIR, objects to a temporary directory. In every combination: the compile succeeds (no
internal compiler error), every -Wuaccess line has a file and a line, record_steal_time() (two
checking begins on branches that join before the accesses, issue 7) is silent and its facts
say proven, the facts agree with the warnings, and the output equals the triaged list in
testcases/real/linux-6.12-kvm.txt (docs/real-code.md).
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from triage import (Expected, fixture_package, groups_of, parse_expected, release_differences, retriage_message,
                    triaged_package)
from uaccess_check import REPO_ROOT
from uaccess_check.diag import parse_diagnostic, per_access, plugin_diagnostics, relative_to
from uaccess_check.fixture import Fixture, ensure_fixture, kvm_fixture
from uaccess_check.plugin import LEVELS, plugin_flags
from uaccess_check.scan import UnitReport, compile_units, default_jobs

EXPECTED_FILE = REPO_ROOT / "testcases" / "real" / "linux-6.12-kvm.txt"
UNITS = ("arch/x86/kvm/x86.c", "arch/x86/kvm/mmu/mmu.c")
STEAL_UNIT = "arch/x86/kvm/x86.c"
STEAL_FUNCTION = "record_steal_time"
COMBINATIONS = [(level, facts) for level in LEVELS for facts in (False, True)]
ERROR_CLASSES = ("unchecked", "range", "region", "mode")  # the same at every level


@dataclass
class Run:
    report: UnitReport
    facts: Path | None


def function_lines(src: Path, name: str) -> range:
    """Lines of a top-level C function, from its name to the first '}' in column 1."""
    lines = src.read_text().splitlines()
    start = next(i for i, l in enumerate(lines, 1) if re.match(rf"^\w.*\b{name}\(", l))
    end = next(i for i, l in enumerate(lines, 1) if i > start and l.startswith("}"))
    return range(start, end + 1)


@pytest.fixture(scope="module")
def kfx() -> Fixture:
    return ensure_fixture(kvm_fixture())


@pytest.fixture(scope="module")
def runs(kfx, plugin_so, tmp_path_factory) -> dict[tuple[str, int, bool], Run]:
    out: dict[tuple[str, int, bool], Run] = {}
    for level, with_facts in COMBINATIONS:
        facts = tmp_path_factory.mktemp(f"kvm_facts_l{level}") if with_facts else None
        flags = plugin_flags(plugin_so, level=level, facts=facts, verbose=True)
        for rep in compile_units(kfx, list(UNITS), flags, default_jobs()):
            out[(rep.unit, level, with_facts)] = Run(rep, facts)
    return out


def unit_facts(run: Run, unit: str) -> dict:
    assert run.facts is not None
    files = sorted(run.facts.rglob(Path(unit).name + ".json"))
    assert len(files) == 1, f"expected one facts file for {unit} in {run.facts}, got {files}"
    return json.loads(files[0].read_text())


EXPECTED = parse_expected(EXPECTED_FILE)
ALL = pytest.mark.parametrize("unit,level,with_facts", [(u, level, f) for u in UNITS for level, f in COMBINATIONS],
                              ids=[f"{u}-l{level}{'-facts' if f else ''}" for u in UNITS for level, f in COMBINATIONS])


def test_configuration(kfx):
    config = (kfx.build / ".config").read_text().splitlines()
    for line in ("CONFIG_KVM=m", "CONFIG_KVM_INTEL=m", "CONFIG_KVM_AMD=m", "CONFIG_KVM_XEN=y"):
        assert line in config
    assert set(UNITS) <= set(kfx.configured_sources())


@ALL
def test_compiles(runs, unit, level, with_facts):
    rep = runs[(unit, level, with_facts)].report
    assert "internal compiler error" not in rep.stderr, rep.stderr[-4000:]
    assert rep.returncode == 0, f"{unit} failed to compile with the plugin:\n{rep.stderr[-4000:]}"


@ALL
def test_every_diagnostic_has_a_position(runs, unit, level, with_facts):
    rep = runs[(unit, level, with_facts)].report
    for line in rep.stderr.splitlines():
        if "[-Wuaccess-" in line:
            d = parse_diagnostic(line)
            assert d is not None and d.line > 0, f"no file and line: {line}"


@pytest.mark.parametrize("level,with_facts", COMBINATIONS,
                         ids=[f"l{level}{'-facts' if f else ''}" for level, f in COMBINATIONS])
def test_record_steal_time_silent(kfx, runs, level, with_facts):
    lines = function_lines(kfx.src / STEAL_UNIT, STEAL_FUNCTION)
    inside = [l for l in runs[(STEAL_UNIT, level, with_facts)].report.diagnostics
              if (d := parse_diagnostic(l)) and d.file == STEAL_UNIT and d.line in lines]
    # Level 2 says that the first region holds only an xchgb asm (the PV TLB flush): that is no
    # finding about the six accessors, each of which must stay unreported.
    blind = [l for l in inside if "holds no accessor the plugin can see" in l]
    assert len(blind) == (1 if level == 2 else 0), inside
    assert [l for l in inside if l not in blind] == [], \
        f"{STEAL_FUNCTION}() (lines {lines.start}-{lines.stop - 1}) must be silent"


@ALL
def test_output_as_triaged(kfx, runs, unit, level, with_facts):
    rep = runs[(unit, level, with_facts)].report
    expected = EXPECTED.get((unit, level), Expected([], ""))
    package = fixture_package(kfx)
    if triaged_package(EXPECTED_FILE) != package:
        diff = release_differences([g[0] for g in expected.groups], [g[0] for g in groups_of(rep.diagnostics)])
        assert not diff, retriage_message(EXPECTED_FILE, package, [f"{unit} level {level}: {d}" for d in diff])
        return
    want = [l for g in expected.groups for l in g] + ([expected.summary] if expected.summary else [])
    got = [l for g in groups_of(rep.diagnostics) for l in g] + rep.summaries
    diff = "\n".join(difflib.unified_diff(want, got, EXPECTED_FILE.name, "plugin", lineterm=""))
    assert got == want, f"{unit} at level {level} differs from {EXPECTED_FILE.name} (warnings sorted):\n{diff}"


@pytest.mark.parametrize("level", LEVELS)
def test_record_steal_time_facts(kfx, runs, level):
    facts = unit_facts(runs[(STEAL_UNIT, level, True)], STEAL_UNIT)
    lines = function_lines(kfx.src / STEAL_UNIT, STEAL_FUNCTION)
    records = [a for a in facts["accesses"] if a["line"] in lines and a["file"].endswith(STEAL_UNIT)]
    # Six accessors as written: one under the begin of the else branch, five after the join.
    assert [(a["line"], a["verdict"]) for a in records] == [(a["line"], "proven") for a in records]
    assert len(records) == 6, records
    assert not [r for r in facts["requirements"] if r["function"].startswith(STEAL_FUNCTION)]


@pytest.mark.parametrize("unit,level", [(u, level) for u in UNITS for level in LEVELS])
def test_facts_agree_with_warnings(kfx, runs, unit, level):
    """Every access whose facts verdict is an error class is a warning of that class at the accessor
    (or an "also here" note of one: the same defect)."""
    run = runs[(unit, level, True)]
    roots = [str(kfx.src), str(kfx.build)]
    facts = unit_facts(run, unit)
    judged = sorted(f"{relative_to(a['file'], roots)}:{a['line']}:{a['column']}: {a['verdict']}"
                    for a in facts["accesses"] if a["verdict"] in ERROR_CLASSES)
    warned = sorted(f"{d.file}:{d.line}:{d.col}: {d.uaccess_class}"
                    for d in per_access(plugin_diagnostics(run.report.diagnostics)) if d.uaccess_class in ERROR_CLASSES)
    assert judged == warned
