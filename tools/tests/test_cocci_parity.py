"""The scripts against the plugin's testcases: every difference is listed, with its reason.

docs/cocci.md ("Against the plugin's testcases") lists each (case, line, class, kind) where the
scripts and the plugin's expected output differ (cocci_parity.py says how they are paired). A run
over the testcases must give exactly those rows: a new difference fails, and so does a listed
one that went away (fixed: delete its row).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cocci_parity  # noqa: E402
from uaccess_check import REPO_ROOT  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("spatch") is None, reason="spatch (coccinelle) not installed")
_ROW = re.compile(r"^\| (?P<case>\S+\.c) \| (?P<line>\d+) \| (?P<cls>[a-z]+) \| (?P<kind>plugin|scripts|words) \| (?P<why>.*) \|$")


def documented() -> dict[tuple[str, int, str, str], str]:
    text = (REPO_ROOT / "docs" / "cocci.md").read_text()
    section = text.split("## Against the plugin's testcases", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = _ROW.match(line)
        if m:
            rows[(m["case"], int(m["line"]), m["cls"], m["kind"])] = m["why"].strip()
    return rows


def test_every_difference_is_documented():
    found = {(d.case, d.line, d.cls, d.kind) for d in cocci_parity.differences()}
    listed = documented()
    new = sorted(found - set(listed))
    gone = sorted(set(listed) - found)
    assert not new and not gone, f"not in docs/cocci.md: {new}\nlisted but gone: {gone}"


def test_every_row_has_a_reason():
    rows = documented()
    assert rows, "the parity table is empty or unreadable"
    assert all(why for why in rows.values())


def test_the_comparison_sees_shared_findings():
    # the pairing must work where both engines agree: range_filldir.c's two range warnings
    assert cocci_parity.expected(REPO_ROOT / "testcases" / "range_filldir.c") == [
        (34, "range", "unsafe_put_user() accesses bytes 16..23 of 'prev', beyond the 16 bytes checked"),
        (35, "range", "unsafe_put_user() accesses bytes 28..31 of 'prev', beyond the 16 bytes checked")]
    assert not [d for d in cocci_parity.differences() if d.case == "range_filldir.c"]
