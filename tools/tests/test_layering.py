"""The plugin's files call only downwards: the order of plugin/Makefile's SRCS is the layering.

docs/design.md ("Files") gives the rule: a file calls only the files listed before it. This
test reads the plugin's sources (comments removed), finds which file defines each external
``ua_*`` function or table, and fails on a use of one defined later in the order, naming the two
files and the name. It also holds the design table to the same order, so the page and the build
say one thing.
"""

from __future__ import annotations

import re
from pathlib import Path

from uaccess_check import REPO_ROOT

PLUGIN = REPO_ROOT / "plugin"
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# A definition at the start of a line: "type ua_name(" or "const struct x ua_name[...] =".
_DEFINITION = re.compile(r"^(?!static|extern)[A-Za-z][^;(]*?\b(ua_\w+)\s*(?:\(|\[[^\]]*\]\s*=)", re.M)


def makefile_order() -> list[str]:
    text = (PLUGIN / "Makefile").read_text()
    m = re.search(r"^SRCS :=((?:.*\\\n)*.*)$", text, re.M)
    assert m, "plugin/Makefile has no SRCS"
    return m.group(1).replace("\\", " ").split()


def _source(name: str) -> str:
    return _COMMENT.sub("", (PLUGIN / name).read_text())


def definitions(files: list[str]) -> dict[str, str]:
    """Each external ua_* name -> the file defining it."""
    defs: dict[str, str] = {}
    for f in files:
        for name in _DEFINITION.findall(_source(f)):
            defs.setdefault(name, f)
    return defs


def upward_calls(files: list[str]) -> list[str]:
    defs = definitions(files)
    rank = {f: i for i, f in enumerate(files)}
    bad = []
    for f in files:
        for name in sorted(set(re.findall(r"\b(ua_\w+)\b", _source(f)))):
            owner = defs.get(name)
            if owner and rank[owner] > rank[f]:
                bad.append(f"{f} uses {name} of {owner}, which comes after it")
    return bad


def test_every_source_is_built():
    assert sorted(makefile_order()) == sorted(p.name for p in PLUGIN.glob("*.c"))


def test_definitions_are_found():
    # the reader must see the functions it judges, or the next test passes on nothing
    defs = definitions(makefile_order())
    assert defs.get("ua_user_location") == "locations.c"
    assert defs.get("ua_prim_props") == "primitives.c"
    assert defs.get("ua_summarise_unit") == "summary.c"
    assert len(defs) > 100


def test_files_call_only_downwards():
    assert upward_calls(makefile_order()) == []


def test_a_call_upwards_is_caught():
    order = makefile_order()
    swapped = order.copy()
    i, j = swapped.index("pointer.c"), swapped.index("summary.c")
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert any(line.startswith("summary.c uses ua_resolve of pointer.c") for line in upward_calls(swapped))


def test_design_table_has_the_build_order():
    text = (REPO_ROOT / "docs" / "design.md").read_text()
    section = text.split("## Files (plugin/)", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+\.c)` \|", section, re.M)
    assert rows == makefile_order()
