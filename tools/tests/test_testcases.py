"""The testcase harness: testcases/*.c carry their expected diagnostics in a header comment.

    /*
     * check-name: inverted begin test
     * check-level: 1                 (optional, default 0)
     * check-known-to-fail            (optional: the case documents a known limitation)
     *
     * check-output-start
    inverted_begin.c:14:9: warning: ... [-Wuaccess-unchecked]
    inverted_begin.c:10:14: note: ...
     * check-output-end
     */

All cases are copied to one temporary external-module directory and built once with kbuild
(serially, so each unit's diagnostics stay together), with the plugin in KCFLAGS and
``CFLAGS_<case>.o += -fplugin-arg-uaccess_check-level=N``. The plugin's lines (warnings
tagged ``[-Wuaccess-...]`` and their notes), with paths reduced to basenames, must equal the
expected block. Each case must also be sparse-clean (kbuild C=2). The format and the build are
shared with test_testcases_v7.py (casebuild.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT
from casebuild import CaseBuild, assert_case_output, assert_sparse_clean, build_cases, case_names, header_problems, parse_case

# UACCESS_CHECK_TESTCASES: another directory of cases (to try the harness on a draft set).
CASES_DIR = Path(os.environ.get("UACCESS_CHECK_TESTCASES") or REPO_ROOT / "testcases")
CASES = case_names(CASES_DIR)


@pytest.fixture(scope="module")
def build(fx, plugin_so, tmp_path_factory) -> CaseBuild:
    return build_cases(fx, plugin_so, CASES_DIR, CASES, tmp_path_factory.mktemp("testcases"))


def test_testcases_exist():
    assert CASES, f"no testcases/*.c found in {CASES_DIR}"


@pytest.mark.parametrize("name", CASES)
def test_header(name):
    assert header_problems(parse_case(CASES_DIR / name)) == []


@pytest.mark.parametrize("name", CASES)
def test_output(build, name):
    assert_case_output(build, CASES_DIR, name)


@pytest.mark.parametrize("name", CASES)
def test_sparse_clean(build, name):
    assert_sparse_clean(build, name)
