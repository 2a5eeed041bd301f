"""Real kernels, triaged: every plugin finding on the defconfig accessor units of a (version,
architecture) cell, at every level, equals the list in testcases/real/linux-<version>.txt (x86_64)
or linux-<version>-<arch>.txt (arm64, powerpc: ppc64le_defconfig and its CONFIG_COMPAT build),
where each warning carries a verdict read from the code (``# true: ...`` or ``# false: ...``).

``make test`` runs the x86_64 cells of 6.1, 6.12 and 7.2 and powerpc 6.12, the cross cell that
fits CI's time (17 units); ``make test-matrix`` (UACCESS_CHECK_MATRIX=1) adds the other
architecture cells, each compiled with its own cross compiler and plugin.

Any change in what the plugin says on real code shows here, with a diff. Every verdict says what
the code's maintainer would do (bug, gap, distance, noise, false); at levels 0 and 1, what a
maintainer building with make W=1 sees, only bug, gap and distance may appear, in every cell's
list (checked on the lists themselves, for the cells make test does not compile too). A triage
file names the package it was read against: a fixture built from that
package must print the list line for line; one built from another point release (the archive moved
on) must print the same findings, compared by file, class and message without digits, and a
difference names exactly the findings to triage again (triage.release_differences).
"""

from __future__ import annotations

import difflib
import os
import re

import pytest

from conftest import kernel_fixture
from triage import (fixture_package, groups_of, parse_expected, release_differences, retriage_message, triage_name,
                    triaged_package, Expected)
from uaccess_check import REPO_ROOT
from uaccess_check.plugin import LEVELS, ensure_plugin, plugin_flags
from uaccess_check.scan import compile_fixtures, default_jobs

MATRIX = os.environ.get("UACCESS_CHECK_MATRIX") == "1"
CELLS = [("6.1", "x86_64"), ("6.12", "x86_64"), ("7.2", "x86_64"), ("6.12", "powerpc")]
MATRIX_CELLS = [("6.1", "arm64"), ("6.1", "powerpc"), ("6.12", "arm64"), ("7.2", "arm64"),
                ("7.2", "powerpc")]
REAL = REPO_ROOT / "testcases" / "real"
_VERDICT_RE = re.compile(r"^(bug|gap|distance|noise|false): \S")
#: What make W=1 (level 1) and a plain build (level 0) may print: findings a maintainer acts on.
W1_VERDICTS = ("bug", "gap", "distance")
ALL_LISTS = sorted(REAL.glob("linux-*.txt"))


def triage_file(cell: tuple[str, str]):
    return REAL / triage_name(*cell)


@pytest.fixture(scope="module", params=CELLS + (MATRIX_CELLS if MATRIX else []),
                ids=lambda c: "-".join(c))
def scanned(request, plugin_so):
    """(cell, fixture, {(unit, level): report}) for one cell, every level compiled once."""
    version, arch = request.param
    fixtures = [kernel_fixture(version, arch)]
    if arch == "powerpc":
        fixtures.append(kernel_fixture(version, arch, variant="compat"))
    so = plugin_so if fixtures[0].cc == "gcc" else ensure_plugin(fixtures[0].cc)
    reports = {}
    for level in LEVELS:
        for rep in compile_fixtures(fixtures, plugin_flags(so, level=level, verbose=True), default_jobs())[0]:
            reports[(rep.unit, level)] = rep
    return request.param, fixtures[0], reports


def test_triage_names_its_package(scanned):
    cell, fx, _ = scanned
    listed = triaged_package(triage_file(cell))
    assert listed, f"{triage_file(cell).name}: no '# package: NAME VERSION' line"
    assert listed.split()[0] == fixture_package(fx).split()[0]


def test_output_as_triaged(scanned):
    cell, fx, reports = scanned
    expected = parse_expected(triage_file(cell))
    if triaged_package(triage_file(cell)) != fixture_package(fx):
        assert_same_findings(cell, fixture_package(fx), expected, reports)
        return
    failures = []
    for (unit, level), rep in sorted(reports.items()):
        assert rep.returncode == 0, f"{unit} failed to compile at level {level}:\n{rep.stderr[-3000:]}"
        want_exp = expected.get((unit, level), Expected([], ""))
        want = [l for g in want_exp.groups for l in g] + ([want_exp.summary] if want_exp.summary else [])
        assert not [l for l in rep.stderr.splitlines() if l.startswith("cc1: ") and "-Wuaccess" in l], \
            f"{unit} level {level}: a diagnostic without a file and line"
        got = [l for g in groups_of(rep.diagnostics) for l in g]
        got += rep.summaries if rep.diagnostics else []
        if got != want:
            diff = "\n".join(difflib.unified_diff(want, got, f"{triage_file(cell).name}",
                                                  "plugin", lineterm=""))
            failures.append(f"{unit} at level {level}:\n{diff}")
    stale = sorted(k for k in expected if k not in reports)
    assert not stale, f"triaged units that are no longer scanned: {stale}"
    assert not failures, "\n\n".join(failures)


def assert_same_findings(cell, package: str, expected, reports) -> None:
    """Another point release than the triaged one: the same findings, unit by unit and level by
    level, whatever their lines and notes."""
    failures = []
    for (unit, level), rep in sorted(reports.items()):
        assert rep.returncode == 0, f"{unit} failed to compile at level {level}:\n{rep.stderr[-3000:]}"
        listed = [g[0] for g in expected.get((unit, level), Expected([], "")).groups]
        diff = release_differences(listed, [g[0] for g in groups_of(rep.diagnostics)])
        failures += [f"{unit} level {level}: {d}" for d in diff]
    stale = sorted(k for k in expected if k not in reports)
    failures += [f"{unit} level {level}: no longer scanned" for unit, level in stale]
    name = triage_file(cell).name
    assert not failures, retriage_message(triage_file(cell), package, failures + [
        f"(redraft: tools/tests/triage.py {' '.join(cell)} --keep {name})"])


def test_every_warning_has_a_verdict(scanned):
    cell, _, _ = scanned
    for (unit, level), exp in parse_expected(triage_file(cell)).items():
        assert len(exp.verdicts) == len(exp.groups), \
            f"{unit} level {level}: {len(exp.groups)} warnings, {len(exp.verdicts)} verdict lines"
        for v in exp.verdicts:
            assert _VERDICT_RE.match(v), f"{unit}: verdict must be 'bug|gap|distance|noise|false: why': {v}"


@pytest.mark.parametrize("path", [p for p in ALL_LISTS if not p.name.endswith("-cocci.txt")], ids=lambda p: p.name)
def test_w1_prints_only_what_a_maintainer_acts_on(path):
    for (unit, level), exp in parse_expected(path).items():
        if level > 1:
            continue
        for v in exp.verdicts:
            assert v.split(":")[0] in W1_VERDICTS, f"{path.name} {unit} level {level}: {v}"


def test_another_release_compares_findings_not_lines():
    listed = ["fs/readdir.c:294:17: warning: unsafe_put_user() on 'dirent' is not validated, checked at "
              "line 280 [-Wuaccess-unchecked]",
              "arch/x86/kernel/signal_32.c:215:9: warning: unsafe_put_user() runs in a region opened 1 call "
              "up [-Wuaccess-distance]"]
    moved = ["fs/readdir.c:297:17: warning: unsafe_put_user() on 'dirent' is not validated, checked at "
             "line 283 [-Wuaccess-unchecked]",
             "arch/x86/kernel/signal_32.c:216:9: warning: unsafe_put_user() runs in a region opened 1 call "
             "up [-Wuaccess-distance]"]
    assert release_differences(listed, moved) == []
    other = [moved[0].replace("'dirent'", "'prev'"), moved[1], moved[1]]
    assert release_differences(listed, other) == [
        "+ arch/x86/kernel/signal_32.c: warning: unsafe_put_user() runs in a region opened  call up "
        "[-Wuaccess-distance]",
        "+ fs/readdir.c: warning: unsafe_put_user() on 'prev' is not validated, checked at line  "
        "[-Wuaccess-unchecked]",
        "- fs/readdir.c: warning: unsafe_put_user() on 'dirent' is not validated, checked at line  "
        "[-Wuaccess-unchecked]"]
