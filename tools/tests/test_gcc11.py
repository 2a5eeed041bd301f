"""The 6.12 x86 testcases under GCC 11: the plugin built for gcc-11 (``gcc-11-plugin-dev``)
prints, for each case, exactly the case's expected block, as it does under GCC 12.

The cases (``testcases/*.c``) are built as one external module of the 6.12 x86_64 defconfig
kernel prepared with ``CC=gcc-11`` (``build-6.12-x86_64-gcc11`` in the cache), with the plugin
from ``plugins/gcc-11/`` and each case's check-level, by the harness of test_testcases.py
(casebuild.py: ``build_cases()`` passes the fixture's ``CC=gcc-11`` to kbuild); the per-case
comparison is test_testcases.py's, xfail for ``check-known-to-fail`` included. The headers and
sparse-cleanliness do not depend on the compiler and stay test_testcases.py's (build_cases()
runs sparse here too; nothing asserts on it). The plugin reads
GIMPLE, whose shape (SSA names, PHIs, where the front end puts a location, what is folded
before the pass) is what changes between GCC versions, and GCC 11 lacks API the plugin uses
under GCC 12 (bridged in plugin/gcc_includes.h): a case that differs here is a plugin bug on
GCC 11 or a GCC 11 behaviour to document.

``make test`` runs SUBSET, ten cases chosen so that every diagnostic class is expected at least
once, at all three levels, together with the shapes most tied to GIMPLE (all asserted by
test_subset_covers_every_class):

* ``syscall_waitid_bad`` (unchecked, 3 findings on a ``SYSCALL_DEFINE`` parameter, with notes)
  and ``unchecked_inverted_begin`` (unchecked and region: a begin whose test is inverted);
* ``range_filldir`` (range on the fs/readdir.c shape: a struct member past the checked size)
  and ``masked_range`` (range of a masked begin's 4096-byte coverage);
* ``region_missing_end`` (region: a path that returns with the region open);
* ``mode_write_two_up`` (level 1: mode and distance, a write in a read region two calls up);
* ``distance_recursion`` (level 2: distance and unproven through a recursive caller);
* ``unproven_param`` (level 2: unproven, 4 findings, parameters with no caller in the unit);
* silent: ``two_begins_joined`` (two checking begins on branches that join before the
  accesses: the check reaches them through a PHI) and ``loop_advance`` (the pointer advanced in
  a loop inside the region: a loop PHI on the checked root).

The findings exercise the notes' locations (inside accessor and begin macros), byte ranges
from member offsets and casts, per-path region state, call chains and both higher levels; the
silent cases are where a difference in GIMPLE would show as a false positive.

``make test-matrix`` (UACCESS_CHECK_MATRIX=1) runs every case. Without gcc-11 or its plugin
headers the tests fail, naming the packages (``make deps`` installs them); nothing is skipped.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from casebuild import CaseBuild, assert_case_output, build_cases, case_names, object_name, parse_case
from conftest import kernel_fixture
from uaccess_check import REPO_ROOT, UsageError
from uaccess_check.fixture import Fixture
from uaccess_check.plugin import ensure_plugin

MATRIX = os.environ.get("UACCESS_CHECK_MATRIX") == "1"
VERSION = "6.12"
GCC = "11"
CASES_DIR = REPO_ROOT / "testcases"
CLASSES = ("unchecked", "range", "region", "mode", "unproven", "distance")
SUBSET = ["syscall_waitid_bad.c", "unchecked_inverted_begin.c", "range_filldir.c", "masked_range.c",
          "region_missing_end.c", "mode_write_two_up.c", "distance_recursion.c", "unproven_param.c",
          "two_begins_joined.c", "loop_advance.c"]
CASES = case_names(CASES_DIR) if MATRIX else SUBSET


@pytest.fixture(scope="module")
def fx11() -> Fixture:
    try:
        return kernel_fixture(VERSION, gcc=GCC)
    except UsageError as exc:
        pytest.fail(f"GCC {GCC} fixture: {exc}", pytrace=False)


@pytest.fixture(scope="module")
def plugin11(fx11) -> Path:
    try:
        return ensure_plugin(fx11.cc)
    except UsageError as exc:
        pytest.fail(f"plugin for {fx11.cc}: {exc}", pytrace=False)


@pytest.fixture(scope="module")
def build(fx11, plugin11, tmp_path_factory) -> CaseBuild:
    return build_cases(fx11, plugin11, CASES_DIR, CASES, tmp_path_factory.mktemp("testcases_gcc11"))


def classes_of(expected: list[str]) -> set[str]:
    """The -Wuaccess classes an expected block names."""
    return {c for line in expected for c in CLASSES if line.endswith(f"[-Wuaccess-{c}]")}


def test_subset_covers_every_class():
    gone = [n for n in SUBSET if not (CASES_DIR / n).is_file()]
    assert not gone, f"SUBSET names cases testcases/ no longer has: {gone}"
    cases = [parse_case(CASES_DIR / n) for n in SUBSET]
    assert set(CLASSES) <= set().union(*(classes_of(c.expected) for c in cases))
    assert any(not c.expected for c in cases), "SUBSET has no silent case"
    assert {c.level for c in cases} == {0, 1, 2}


def test_compiled_by_gcc11(build, fx11, plugin11):
    """kbuild ran gcc-11 with the GCC 11 plugin on every case (its saved command line)."""
    assert fx11.cc == f"gcc-{GCC}"
    for name in CASES:
        cmd_file = build.tmp / f".{object_name(name)}.cmd"
        assert cmd_file.is_file(), f"{name} did not build:\n" + build.unit_output(name)
        first = cmd_file.read_text().splitlines()[0]
        assert first.split(":=", 1)[1].split()[0] == fx11.cc, first[:200]
        assert f"-fplugin={plugin11.resolve()}" in first.split(), first[:200]


@pytest.mark.parametrize("name", CASES)
def test_output(build, name):
    assert_case_output(build, CASES_DIR, name)
