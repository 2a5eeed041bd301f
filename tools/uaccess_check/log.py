"""Progress messages: always on stderr, so stdout stays the report."""

from __future__ import annotations

import sys


def info(message: str) -> None:
    print(f"uaccess-check: {message}", file=sys.stderr, flush=True)
