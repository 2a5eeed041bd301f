"""The portable testcases/*.c on arm64: built against the 6.12 arm64 defconfig fixture by the
aarch64 cross compiler with its own plugin, each must print exactly its expected block, as on x86.

arm64's accessors are asm with the address in a register, reached through uaccess_mask_ptr(), and
its begins are other functions (docs/design.md, "Primitives per architecture"): the same
diagnostics from another route. Cases that use what only x86 has are not part of this cell, by
their source, not by a list: ``__uaccess_begin()`` (x86's unchecked begin), ``unsafe_try_cmpxchg_user()``
and the masked begins (6.12's arm64 has none: ``masked_user_access_begin()`` is NULL there).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from casebuild import CaseBuild, assert_case_output, build_cases, case_names
from conftest import kernel_fixture
from uaccess_check import REPO_ROOT, UsageError
from uaccess_check.plugin import ensure_plugin

CASES_DIR = REPO_ROOT / "testcases"
X86_ONLY = ("__uaccess_begin", "unsafe_try_cmpxchg_user", "masked_user_")


def portable(name: str) -> bool:
    text = (CASES_DIR / name).read_text(errors="replace")
    return not any(word in text for word in X86_ONLY)


CASES = [n for n in case_names(CASES_DIR) if portable(n)]


@pytest.fixture(scope="module")
def build(tmp_path_factory) -> CaseBuild:
    try:
        fx = kernel_fixture("6.12", "arm64")
        so = ensure_plugin(fx.cc)
    except UsageError as exc:
        pytest.fail(f"the arm64 cell needs its cross compiler: {exc}")
    return build_cases(fx, so, CASES_DIR, CASES, tmp_path_factory.mktemp("arm64"))


def test_most_cases_are_portable():
    assert len(CASES) >= len(case_names(CASES_DIR)) // 2, CASES


@pytest.mark.parametrize("name", CASES)
def test_output(build, name):
    assert_case_output(build, CASES_DIR, name)


def test_compiled_by_the_cross_compiler(build):
    cmd = Path(build.tmp) / f".{CASES[0][:-2]}.o.cmd"
    text = cmd.read_text()
    assert "aarch64-linux-gnu-gcc-12" in text and "/plugins/aarch64-linux-gnu-gcc-12/" in text
