"""Every Coccinelle script handles every primitive the table (plugin/primitives.def) lists for it.

A script names primitives in SmPL lists (`identifier A = {unsafe_put_user, ...};`, the `when !=`
lines of a path rule, `iterator name ...;`), which spatch needs written out to skip files by
their words. Each list is a promise about one kind of primitive: a list that names one accessor
(or checking begin, end, scope) of a direction must name every primitive of that kind and
direction the kernels define, so that a primitive added to the table and forgotten in a script
fails here. The Python half of the scripts takes pointer arguments and modes from the table
(cocci/lib/vocab.py), checked below too.
"""

from __future__ import annotations

import re
import sys

import pytest

from uaccess_check import REPO_ROOT, primitives

COCCI = REPO_ROOT / "cocci"
SCRIPTS = sorted(p.name for p in COCCI.glob("*.cocci"))
#: Primitives no kernel code calls: arch_unsafe_*() exist only inside unsafe_*_user()'s own
#: definition and __scoped_user_*_access_end() inside the scopes' cleanup; get/put_user_inline()
#: open a scope of one access and are handled as scopes.
NOT_CALLED = {"arch_unsafe_put_user", "arch_unsafe_get_user", "get_user_inline", "put_user_inline",
              "__scoped_user_read_access_end", "__scoped_user_write_access_end",
              "__scoped_user_rw_access_end"}
#: The kinds a list is held to, and which table kinds each takes in.
GROUPS = {
    "accessor": ("accessor", "wrapper"),
    "checking begin": ("begin",),
    "masked begin": ("masked",),
    "end": ("end",),
    "scope": ("scoped",),
    "family member": ("family",),
    "checked access": ("checked",),
}


def source_level(kinds: tuple[str, ...]) -> list[primitives.Primitive]:
    """Primitives of these kinds that kernel code names: defined in a kernel (not only in a
    patch), for every architecture (arch-private functions such as powerpc's
    __user_access_begin() are the plugin's business), and called."""
    return [p for p in primitives.select(kind=kinds) if p.since is not None and p.generic
            and p.name not in NOT_CALLED]


def smpl_lists(text: str) -> list[set[str]]:
    lists = [set(re.findall(r"\w+", m)) for m in re.findall(r"identifier\s+\w+\s*=\s*\{([^}]*)\}", text)]
    lists += [set(re.findall(r"\w+", m)) for m in re.findall(r"iterator name ([^;]*);", text)]
    # the when != lines of one path rule, as one list
    for block in re.findall(r"(?:^\s*(?:\.\.\.\s+)?when != \w+\(\.\.\.\)\n)+", text, re.M):
        lists.append(set(re.findall(r"when != (\w+)\(", block)))
    return lists


def _missing(names: set[str], group: list[primitives.Primitive], kinds_in_list: str) -> set[str]:
    modes = {p.mode for p in group if p.name in names}
    return {p.name for p in group if p.mode in modes} - names


@pytest.mark.parametrize("script", SCRIPTS)
def test_script_lists_name_every_primitive_of_their_kind(script):
    text = (COCCI / script).read_text()
    problems = []
    for names in smpl_lists(text):
        for what, kinds in GROUPS.items():
            group = source_level(kinds)
            if script == "uaccess_range.cocci" and what == "accessor":
                # a range needs the size of what is touched: the wrappers' sizes are inside them
                group = [p for p in group if p.kind == "accessor"]
            missing = _missing(names, group, what)
            if missing:
                problems.append(f"a list of {what}s naming {sorted(names & {p.name for p in group})} "
                                f"lacks {sorted(missing)}")
    assert not problems, "\n".join(problems)


def test_lists_are_found():
    # the parser must see the lists it judges: the unchecked script's accessor list and path rule
    lists = smpl_lists((COCCI / "uaccess_unchecked.cocci").read_text())
    assert any("unsafe_put_user" in l for l in lists)
    assert any({"access_ok", "user_access_begin"} <= l for l in lists)


def test_a_forgotten_primitive_fails():
    names = {p.name for p in source_level(GROUPS["accessor"])} - {"unsafe_copy_from_user"}
    assert _missing(names, source_level(GROUPS["accessor"]), "accessor") == {"unsafe_copy_from_user"}


def test_vocab_takes_pointer_and_mode_from_the_table():
    sys.path.insert(0, str(COCCI / "lib"))
    try:
        import vocab
    finally:
        sys.path.pop(0)
    for p in source_level(GROUPS["accessor"]):
        assert vocab.ACCESSORS[p.name] == (p.ptr, {"read": "r", "write": "w", "rw": "rw"}[p.mode]), p.name
