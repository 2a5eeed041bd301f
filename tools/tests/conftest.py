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

_FIXTURES: dict[str, Fixture] = {}


def kernel_fixture(version: str = DEFAULT_VERSION) -> Fixture:
    """The x86_64 defconfig fixture of a kernel version (default 6.12), prepared once per session
    (usable at collection time); 6.1 and 7.2 are downloaded into the cache on first use."""
    if version not in _FIXTURES:
        _FIXTURES[version] = ensure_fixture(fixture_for(version))
    return _FIXTURES[version]


@pytest.fixture(scope="session")
def fx() -> Fixture:
    return kernel_fixture()


@pytest.fixture(scope="session")
def plugin_so() -> Path:
    return ensure_plugin()


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT
