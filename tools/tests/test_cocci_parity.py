"""The scripts against the plugin's testcases: every difference is listed, with its reason.

docs/cocci.md ("Against the plugin's testcases") lists each difference between the plugin's
expected warnings and the scripts' findings (cocci_parity.py says how they are paired): case,
line, class, kind, both texts and the reason. A run over the testcases must give exactly those
rows: a new difference fails, and so does a listed one that went away (fixed: delete its row) or
whose texts changed; the counts and the table of the classes not paired must be current too.
`python3 tools/tests/cocci_parity.py --markdown` regenerates all of it.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cocci_parity  # noqa: E402
from uaccess_check import REPO_ROOT  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("spatch") is None, reason="spatch (coccinelle) not installed")


@pytest.fixture(scope="module")
def parity() -> cocci_parity.Parity:
    return cocci_parity.compute()


def test_every_difference_is_documented(parity):
    listed = cocci_parity.documented()
    found = {d.key: d for d in parity.differences}
    new = [cocci_parity.row(found[k], "to fix") for k in sorted(set(found) - set(listed))]
    gone = ["| %s | %d | %s | %s |" % k for k in sorted(set(listed) - set(found))]
    assert not new and not gone, ("not in docs/cocci.md:\n" + "\n".join(new) + "\nlisted but gone:\n"
                                  + "\n".join(gone) + "\n(python3 tools/tests/cocci_parity.py --markdown)")
    changed = [cocci_parity.row(d, listed[k][2]) for k, d in found.items()
               if (cocci_parity.cell(d.plugin), cocci_parity.cell(d.scripts)) != listed[k][:2]]
    assert not changed, "texts changed:\n" + "\n".join(changed)


def test_every_row_has_a_reason():
    rows = cocci_parity.documented()
    assert rows, "the parity table is empty or unreadable"
    assert all(why for _, _, why in rows.values())


def test_counts_and_unpaired_table_current(parity):
    section = " ".join(cocci_parity.section().split())
    assert " ".join(cocci_parity.summary(parity).split()) in section
    assert cocci_parity.documented_others() == [cocci_parity.other_row(o) for o in parity.others]


def test_the_comparison_sees_shared_findings(parity):
    # the pairing must work where both engines agree: range_filldir.c's two range warnings
    assert [e for e in cocci_parity.expected(REPO_ROOT / "testcases" / "range_filldir.c")] == [
        (34, "range", "unsafe_put_user() accesses bytes 16..23 of 'prev', beyond the 16 bytes checked"),
        (35, "range", "unsafe_put_user() accesses bytes 28..31 of 'prev', beyond the 16 bytes checked")]
    assert not [d for d in parity.differences if d.case == "range_filldir.c"]
    assert parity.compared == parity.same + parity.detail + parity.count("words") + parity.count("plugin")
