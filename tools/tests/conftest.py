"""Shared fixtures: the prepared kernels (default 6.12; others by version) and the built plugin
(all idempotent)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TOOLS))

from uaccess_check import REPO_ROOT  # noqa: E402
from uaccess_check.fixture import DEFAULT_VERSION, Fixture, ensure_fixture, fixture_for  # noqa: E402
from uaccess_check.plugin import ensure_plugin  # noqa: E402

_FIXTURES: dict[tuple[str, str | None, str | None, str], Fixture] = {}


def kernel_fixture(version: str = DEFAULT_VERSION, arch: str | None = None, gcc: str | None = None,
                   variant: str = "") -> Fixture:
    """The defconfig fixture of a kernel version (default 6.12), architecture (default x86_64) and
    GCC (default 12), prepared once per session (usable at collection time); 6.1 and 7.2 are
    downloaded into the cache on first use."""
    key = (version, arch, gcc, variant)
    if key not in _FIXTURES:
        _FIXTURES[key] = ensure_fixture(fixture_for(version, arch, gcc, variant))
    return _FIXTURES[key]


@pytest.fixture(scope="session")
def fx() -> Fixture:
    return kernel_fixture()


@pytest.fixture(scope="session")
def plugin_so() -> Path:
    return ensure_plugin()


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT
