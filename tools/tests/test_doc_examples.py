"""The outputs quoted in README.md and docs/usage.md are what the current tool prints.

A quoted output is marked in the markdown source by a comment naming the command that prints it,
run from the repository's top directory, right before its fenced block:

    <!-- output of: ./uaccess-check patch testcases/seed/v2-checking-begin.patch -->
    ```
    uaccess-check warnings: (new ones prefixed by >>)
    ...
    ```

The block's lines must be the command's stdout lines in order; a line "..." stands for any number
of lines, so an excerpt keeps its first and last lines exact. Every marked block is run: a
change of the tool's words fails here until the docs say them.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT

DOCS = (REPO_ROOT / "README.md", REPO_ROOT / "docs" / "usage.md")
MARK_RE = re.compile(r"^<!-- output of: (?P<cmd>.+?) -->\n```[a-z]*\n(?P<block>.*?)^```$", re.M | re.S)


def examples() -> list[tuple[str, str, list[str]]]:
    out = []
    for doc in DOCS:
        for m in MARK_RE.finditer(doc.read_text()):
            out.append((doc.name, m.group("cmd"), m.group("block").splitlines()))
    return out


def matches(block: list[str], lines: list[str]) -> bool:
    """Whether @lines are @block with each "..." standing for any run of lines."""
    if not block:
        return not lines
    if block[0] == "...":
        return any(matches(block[1:], lines[i:]) for i in range(len(lines) + 1))
    return bool(lines) and lines[0] == block[0] and matches(block[1:], lines[1:])


def test_the_docs_mark_their_examples():
    names = {doc for doc, _, _ in examples()}
    assert names == {"README.md", "usage.md"}


@pytest.mark.parametrize("doc,cmd,block", examples(), ids=lambda v: v if isinstance(v, str) else None)
def test_example_is_real_output(fx, doc: str, cmd: str, block: list[str]):
    res = subprocess.run(cmd, shell=True, cwd=REPO_ROOT, capture_output=True, text=True)
    assert "Traceback" not in res.stderr
    assert matches(block, res.stdout.splitlines()), f"{doc}: {cmd} printed:\n{res.stdout}"


def test_matches_is_strict():
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "b"], ["a", "b"])
    assert not matches(["a", "...", "d"], ["a", "b", "c", "d", "e"])
    assert not matches(["a", "c"], ["a", "b", "c"])
