"""The Linux 7.x testcases: testcases/v7/*.c, in the format of test_testcases.py, built against
the 7.2 fixture (``uaccess-check kernel --version 7.2``, which ``make test`` prepares).

All cases are built once as one external module of the 7.2 build dir, with the plugin and each
case's check-level, and their plugin lines compared with the headers (casebuild.py, shared with
test_testcases.py). Sparse: Debian's sparse 0.6.4 cannot check 7.x as shipped, so kbuild's
``C=2`` runs ``testcases/v7/sparse/sparse``, a wrapper that supplies ``__typeof_unqual__`` and a
MODULE_INFO() without its static_assert (testcases/README.md); a case must give no sparse
warning or error in its own file, and every case must have been checked (kbuild turns C=2 off,
silently but for one line, when it finds the checker unusable).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT
from uaccess_check.fixture import Fixture, ensure_fixture, fixture_for
from casebuild import CaseBuild, assert_case_output, assert_sparse_clean, build_cases, case_names, header_problems, parse_case

VERSION = "7.2"
# UACCESS_CHECK_TESTCASES_V7: another directory of 7.x cases (to try the harness on a draft set).
CASES_DIR = Path(os.environ.get("UACCESS_CHECK_TESTCASES_V7") or REPO_ROOT / "testcases" / "v7")
CASES = case_names(CASES_DIR)
SPARSE = REPO_ROOT / "testcases" / "v7" / "sparse" / "sparse"


@pytest.fixture(scope="module")
def fx7() -> Fixture:
    return ensure_fixture(fixture_for(VERSION))


@pytest.fixture(scope="module")
def build(fx7, plugin_so, tmp_path_factory) -> CaseBuild:
    return build_cases(fx7, plugin_so, CASES_DIR, CASES, tmp_path_factory.mktemp("testcases_v7"),
                       check=str(SPARSE))


def test_testcases_exist():
    assert CASES, f"no testcases/v7/*.c found in {CASES_DIR}"


def test_fixture_is_7x(fx7):
    """The cases use the scoped API: the build dir must be a 7.x kernel's."""
    assert fx7.version == VERSION
    assert "scoped_user_write_access" in (fx7.src / "include" / "linux" / "uaccess.h").read_text()


@pytest.mark.parametrize("name", CASES)
def test_header(name):
    assert header_problems(parse_case(CASES_DIR / name)) == []


@pytest.mark.parametrize("name", CASES)
def test_output(build, name):
    assert_case_output(build, CASES_DIR, name)


@pytest.mark.parametrize("name", CASES)
def test_sparse_clean(build, name):
    assert_sparse_clean(build, name)
