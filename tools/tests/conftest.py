"""Shared fixtures: the prepared default kernel and the built plugin (both idempotent)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TOOLS))

from uaccess_check import REPO_ROOT  # noqa: E402
from uaccess_check.fixture import Fixture, ensure_fixture  # noqa: E402
from uaccess_check.plugin import ensure_plugin  # noqa: E402

_FIXTURE: Fixture | None = None


def kernel_fixture() -> Fixture:
    """The default kernel fixture, prepared once per session (usable at collection time)."""
    global _FIXTURE
    if _FIXTURE is None:
        _FIXTURE = ensure_fixture()
    return _FIXTURE


@pytest.fixture(scope="session")
def fx() -> Fixture:
    return kernel_fixture()


@pytest.fixture(scope="session")
def plugin_so() -> Path:
    return ensure_plugin()


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT
