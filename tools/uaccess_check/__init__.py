"""uaccess_check driver: prepares a kernel fixture, loads the GCC plugin, scans units."""

from __future__ import annotations

import os
from pathlib import Path

#: Root of the repository (tools/uaccess_check/__init__.py -> ../..).
REPO_ROOT: Path = Path(__file__).resolve().parent.parent.parent


class UsageError(Exception):
    """Bad input or an unusable environment: reported as one line, no traceback."""


def cache_dir() -> Path:
    """The cache directory holding extracted kernels and build directories."""
    explicit = os.environ.get("UACCESS_CHECK_CACHE")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(xdg) / "uaccess-check"
