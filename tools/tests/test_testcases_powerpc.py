"""The powerpc testcases: testcases/powerpc/*.c, in the format of test_testcases.py, compiled by
the ppc64le cross compiler against the 6.12 ppc64le_defconfig fixture, with the plugin built for
that compiler.

Why a cell of its own: powerpc is the architecture whose user-access primitives differ in kind
from x86's. Its begins are one checking function per direction and its ends are three distinct
functions behind the user_*_access_end() macros (prevent_current_read_from_user(),
prevent_current_write_to_user(), prevent_current_access_user(); plugin/primitives.c's powerpc
table); on book3s/32 an end of the wrong direction leaves the write window open, and KUAP on
book3s/64 blocks the other direction inside a one-way region. The wrong-end rule (regioncheck.c's
end_mismatch()) and the mode rule are checked here on the code a powerpc compiler sees: only a
powerpc compile reaches the powerpc table's functions, powerpc's own unsafe_copy_{to,from}_user()
word loops and its "Z<>" memory operands. An x86 build of the same cases tests none of that.

All cases are built once as one external module of the powerpc build dir (``fx.make_vars()``:
ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- CC=powerpc64le-linux-gnu-gcc-12), with each
case's check-level, and their plugin lines compared with the headers (casebuild.py, shared with
test_testcases.py); each case must be sparse-clean (kbuild's C=2 with the host sparse, which
kbuild runs with powerpc's CHECKFLAGS) and sparse must have run on every case; and since
ppc64le_defconfig does not set CONFIG_WERROR, each case must also compile without a GCC warning
of its own.

The cross compiler and its plugin headers are in the Makefile's DEB_PACKAGES (``make deps``):
when they are missing the tests fail, naming the packages, rather than skip, so that a machine
without them cannot pass ``make test`` with the powerpc cell silently left out.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT, UsageError
from uaccess_check.diag import parse_diagnostic
from uaccess_check.fixture import Fixture
from uaccess_check.plugin import ensure_plugin
from uaccess_check.toolchain import Toolchain
from casebuild import CaseBuild, assert_case_output, assert_sparse_clean, build_cases, case_names, group_by_unit, header_problems, parse_case
from conftest import kernel_fixture

VERSION = "6.12"
ARCH = "powerpc"
# UACCESS_CHECK_TESTCASES_POWERPC: another directory of powerpc cases (to try a draft set).
CASES_DIR = Path(os.environ.get("UACCESS_CHECK_TESTCASES_POWERPC") or REPO_ROOT / "testcases" / "powerpc")
CASES = case_names(CASES_DIR)


@pytest.fixture(scope="module")
def fx_ppc() -> Fixture:
    try:
        Toolchain(ARCH).require()
    except UsageError as exc:
        problem = str(exc)
    else:
        return kernel_fixture(VERSION, arch=ARCH)
    pytest.fail(f"the powerpc cell needs its cross compiler: {problem}", pytrace=False)


@pytest.fixture(scope="module")
def plugin_ppc(fx_ppc) -> Path:
    return ensure_plugin(fx_ppc.cc)


@pytest.fixture(scope="module")
def build(fx_ppc, plugin_ppc, tmp_path_factory) -> CaseBuild:
    return build_cases(fx_ppc, plugin_ppc, CASES_DIR, CASES, tmp_path_factory.mktemp("testcases_powerpc"),
                       check="sparse")


def test_testcases_exist():
    assert CASES, f"no testcases/powerpc/*.c found in {CASES_DIR}"


def test_fixture_is_powerpc(fx_ppc):
    """The cases need powerpc's primitives: the build dir must be configured for ppc64le."""
    assert (fx_ppc.version, fx_ppc.arch) == (VERSION, ARCH)
    config = (fx_ppc.build / ".config").read_text()
    assert "CONFIG_PPC64=y" in config and "CONFIG_PPC_KUAP=y" in config


@pytest.mark.parametrize("name", CASES)
def test_header(name):
    assert header_problems(parse_case(CASES_DIR / name)) == []


@pytest.mark.parametrize("name", CASES)
def test_output(build, name):
    assert_case_output(build, CASES_DIR, name)


@pytest.mark.parametrize("name", CASES)
def test_sparse_clean(build, name):
    assert_sparse_clean(build, name)


@pytest.mark.parametrize("name", CASES)
def test_no_compiler_warning(build, name):
    """ppc64le_defconfig has no CONFIG_WERROR: a GCC warning other than the plugin's would not
    stop the build, so it is checked here (the x86 cases get this from -Werror)."""
    lines = group_by_unit(build.output.splitlines()).get(name, [])
    diags = [d for d in map(parse_diagnostic, lines) if d is not None]
    assert [d.format(Path(d.file).name) for d in diags if d.kind != "note" and d.uaccess_class is None] == []
