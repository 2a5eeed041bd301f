"""plugin/primitives.def, the one table of primitives, against the plugin and the real kernels.

* It parses (tools/uaccess_check/primitives.py), and malformed lines are refused with the line.
* The plugin's tables are its expansion: primitives.c preprocessed with the plugin headers yields
  exactly the table's names, kinds, modes, recognition and sizes, and no plugin source spells a
  primitive's name (or a prefix of one) in a string.
* Nothing the plugin recognised before the table was lost: PLUGIN_BEFORE is the plugin's own
  tables as they were (recognise.c's, before the table), each name with the same kind and
  mode for the plugin.
* The table is true of the kernels: for each supported version (6.12 and 7.2 must be there, 6.1
  is skipped if its source cannot be prepared) and each of x86, powerpc, arm64, a primitive is
  defined (a #define or a function definition, in include/ or arch/<A>/ headers) exactly when
  the table says it exists there; ARCH ALL means the generic include/ defines it. A wrong
  table fails: test_wrong_table_is_caught shifts a few columns and expects the mismatches.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT, UsageError, cocci, primitives, units
from uaccess_check.fixture import ensure_source, fixture_for, locked
from uaccess_check.primitives import ARCHES, DefError, Primitive, parse

PLUGIN = REPO_ROOT / "plugin"
#: Versions the suite prepares anyway: a failure to prepare them fails the test.
REQUIRED = ("6.12", "7.2")

#: recognise.c's name tables before primitives.def: table, name, plugin kind, mode.
PLUGIN_BEFORE = """
names user_access_begin BEGIN RW
names user_read_access_begin BEGIN READ
names user_write_access_begin BEGIN WRITE
names user_rw_access_begin BEGIN RW
names masked_user_access_begin MASK RW
names masked_user_read_access_begin MASK READ
names masked_user_write_access_begin MASK WRITE
names masked_user_rw_access_begin MASK RW
names __uaccess_begin OPEN RW
names __uaccess_begin_nospec OPEN RW
names __user_read_access_begin OPEN READ
names __user_write_access_begin OPEN WRITE
names unsafe_user_read_access_begin OPEN READ
names unsafe_user_write_access_begin OPEN WRITE
names user_access_end END RW
names user_read_access_end END READ
names user_write_access_end END WRITE
names user_rw_access_end END RW
names __uaccess_end END RW
names scoped_user_read_access SCOPE READ
names scoped_user_read_access_size SCOPE READ
names scoped_user_write_access SCOPE WRITE
names scoped_user_write_access_size SCOPE WRITE
names scoped_user_rw_access SCOPE RW
names scoped_user_rw_access_size SCOPE RW
names access_ok ACCESS_OK NONE
names user_access_save SAVE NONE
names user_access_restore RESTORE NONE
names unsafe_put_user ACCESSOR WRITE
names unsafe_get_user ACCESSOR READ
names unsafe_copy_to_user ACCESSOR WRITE
names unsafe_copy_from_user ACCESSOR READ
names unsafe_try_cmpxchg_user ACCESSOR RW
names unsafe_atomic_op1 ACCESSOR RW
names unsafe_atomic_op2 ACCESSOR RW
names arch_unsafe_put_user ACCESSOR WRITE
names arch_unsafe_get_user ACCESSOR READ
names get_user_inline ACCESSOR READ
names put_user_inline ACCESSOR WRITE
functions __access_ok ACCESS_OK NONE
functions __scoped_user_read_access_end END READ
functions __scoped_user_write_access_end END WRITE
functions __scoped_user_rw_access_end END RW
functions user_access_begin BEGIN RW
functions mask_user_address MASK RW
functions stac OPEN RW
functions clac END RW
functions smap_save SAVE NONE
functions smap_restore RESTORE NONE
functions user_read_access_begin BEGIN READ
functions user_write_access_begin BEGIN WRITE
functions __user_access_begin BEGIN RW
functions __masked_user_access_begin MASK RW
functions allow_read_from_user OPEN READ
functions allow_write_to_user OPEN WRITE
functions allow_read_write_user OPEN RW
functions allow_user_access OPEN RW
functions prevent_current_access_user END RW
functions prevent_current_read_from_user END READ
functions prevent_current_write_to_user END WRITE
functions prevent_read_from_user END READ
functions prevent_write_to_user END WRITE
functions prevent_read_write_user END RW
functions prevent_user_access END RW
functions prevent_user_access_return SAVE NONE
functions restore_user_access RESTORE NONE
functions access_ok ACCESS_OK NONE
functions uaccess_ttbr0_enable OPEN RW
functions uaccess_ttbr0_disable END RW
functions uaccess_enable_privileged OPEN RW
functions uaccess_disable_privileged END RW
functions user_access_save SAVE NONE
functions user_access_restore RESTORE NONE
passers __uaccess_mask_ptr - -
"""

#: What the plugin makes of each KIND (primitives.c's ua_def_prim, plus its accessors and scopes).
PLUGIN_KIND = {"check": "ACCESS_OK", "begin": "BEGIN", "mask": "MASK", "masked": "MASK",
               "scoped": "SCOPE", "unchecked": "OPEN", "end": "END", "save": "SAVE",
               "restore": "RESTORE", "accessor": "ACCESSOR"}


def test_table_parses():
    prims = primitives.load()
    assert len(prims) == len(primitives.by_name()) > 50
    assert {p.kind for p in prims} == set(primitives.KINDS), "every kind has a primitive"
    assert primitives.load() is prims, "load() reads the file once"
    assert primitives.names(kind="accessor")[:2] == ("unsafe_put_user", "unsafe_get_user")
    p = primitives.by_name()["unsafe_copy_to_user"]
    assert (p.kind, p.mode, p.ptr, p.size, p.how, p.since, p.until, p.generic) == \
        ("accessor", "write", 0, 2, "macro", "6.1", None, True)
    assert p.by_macro and not p.by_call and p.exists("6.1", "arm64")
    p = primitives.by_name()["allow_read_from_user"]
    assert p.arches == {"powerpc"} and p.exists("6.12", "powerpc") and not p.exists("7.2")
    assert not p.exists("6.12", "x86")
    assert primitives.by_name()["__user_write_access_begin"].since is None  # the seed's: PATCH


def test_selections():
    assert "__uaccess_mask_ptr" in primitives.names(kind="passer", arch="arm64")
    # no supported x86 kernel has one (6.19's scope constructors are PATCH rows)
    assert not any(primitives.names(kind="passer", version=v, arch="x86") for v in primitives.VERSIONS)
    assert "class_user_rw_access_constructor" in primitives.names(kind="passer", arch="x86")
    ends = primitives.names(kind="end", version="7.2", arch="powerpc")
    assert "prevent_user_access" in ends and "prevent_read_from_user" not in ends
    assert "clac" not in ends and "user_access_end" in ends
    assert "stac" in primitives.names(kind="unchecked", how="call")
    assert "stac" not in primitives.names(kind="unchecked", how="macro")
    wrappers = primitives.names(kind="wrapper")
    assert "unsafe_copy_ckvsx_from_user" in wrappers and len(wrappers) == 14
    with pytest.raises(ValueError, match="unknown kind"):
        primitives.names(kind="acessor")
    with pytest.raises(ValueError, match="unknown kernel version"):
        primitives.names(version="6.6")
    with pytest.raises(ValueError, match="unknown architecture"):
        primitives.names(arch="x86_64")


def test_driver_lists_come_from_the_table():
    assert set(units.BASE_ACCESSORS) == set(primitives.names(kind="accessor"))
    assert {"user_access_begin", "masked_user_access_begin", "__uaccess_begin",
            "scoped_user_rw_access_size"} <= set(units.REGION_OPENERS)
    assert "stac" not in units.REGION_OPENERS, "a function name, not one a programmer writes"
    assert {"access_ok", "user_access_end", "user_access_save", "__uaccess_end"} <= cocci.REGION_WORDS
    assert not cocci.REGION_WORDS & set(primitives.names(kind=("accessor", "scoped")))


GOOD = "UA_PRIM(foo, BEGIN, RW, 0, 1, MACRO, 6.1, -, ALL)\n"


@pytest.mark.parametrize("text, error", [
    ("UA_PRIM(foo, BEGIN, RW, 0, 1, MACRO, 6.1, ALL)\n", r"t\.def:1: 8 columns, not 9"),
    ("/* two\n lines */\nUA_PRIM(foo, BEGUN, RW, 0, 1, MACRO, 6.1, -, ALL)\n", r"t\.def:3: KIND 'BEGUN'"),
    ("UA_PRIM(foo, begin, RW, 0, 1, MACRO, 6.1, -, ALL)\n", r"KIND 'begin'"),
    ("UA_PRIM(foo, BEGIN, RO, 0, 1, MACRO, 6.1, -, ALL)\n", r"MODE 'RO'"),
    ("UA_PRIM(foo, BEGIN, RW, x, 1, MACRO, 6.1, -, ALL)\n", r"PTR 'x'"),
    ("UA_PRIM(foo, BEGIN, RW, 0, LEN, MACRO, 6.1, -, ALL)\n", r"SIZE 'LEN'"),
    ("UA_PRIM(foo, BEGIN, RW, -1, PTR, MACRO, 6.1, -, ALL)\n", r"SIZE PTR without a pointer"),
    ("UA_PRIM(foo, BEGIN, RW, 0, 1, FUNC, 6.1, -, ALL)\n", r"HOW 'FUNC'"),
    ("UA_PRIM(foo, BEGIN, RW, 0, 1, MACRO, 6.6, -, ALL)\n", r"SINCE '6\.6'"),
    ("UA_PRIM(foo, BEGIN, RW, 0, 1, MACRO, 7.2, 6.1, ALL)\n", r"UNTIL 6\.1 is before SINCE 7\.2"),
    ("UA_PRIM(foo, BEGIN, RW, 0, 1, MACRO, PATCH, 6.1, ALL)\n", r"UNTIL 6\.1 of a name no kernel"),
    ("UA_PRIM(foo, BEGIN, RW, 0, 1, MACRO, 6.1, -, X86|RISCV)\n", r"ARCH 'X86\|RISCV'"),
    ("UA_PRIM(1foo, BEGIN, RW, 0, 1, MACRO, 6.1, -, ALL)\n", r"NAME '1foo'"),
    (GOOD + "UA_PRIM(foo, END, RW, -1, NONE, MACRO, 6.1, -, ALL)\n",
     r"t\.def:2: foo is listed twice \(also line 1\)"),
    (GOOD + "UA_PRIM(bar, END, RW, -1, NONE,\n MACRO, 6.1, -, ALL)\n", r"t\.def:2: not a UA_PRIM"),
    (GOOD + "#define X 1\n", r"t\.def:2: not a UA_PRIM"),
    ("/* nothing */\n", r"no UA_PRIM line"),
])
def test_bad_lines_are_refused(text, error):
    with pytest.raises(DefError, match=error):
        parse(text, "t.def")


def test_good_line():
    (p,) = parse("/* c */ " + GOOD.replace("ALL", "X86|ARM64"), "t.def")
    assert (p.name, p.kind, p.arches, p.generic, p.line) == ("foo", "begin", {"x86", "arm64"}, False, 1)


def _plugin_headers() -> Path:
    include = Path(subprocess.run(["gcc", "-print-file-name=plugin"], capture_output=True,
                                  text=True).stdout.strip()) / "include"
    if not (include / "gcc-plugin.h").is_file() or shutil.which("g++") is None:
        pytest.skip(f"no GCC plugin headers ({include}) or g++: primitives.c cannot be preprocessed")
    return include


def _expanded_table() -> list[tuple[str, str, str, int, int, int]]:
    """primitives.c's ua_prims[] as the compiler sees it: (name, KIND, MODE, how, ptr, size)."""
    proc = subprocess.run(["g++", "-std=gnu++14", "-E", "-P", "-x", "c++", f"-I{_plugin_headers()}",
                           "primitives.c"], cwd=PLUGIN, capture_output=True, text=True, check=True)
    m = re.search(r"\bua_prims\[\] = \{(.*?)\n\};", proc.stdout, re.S)
    assert m, "primitives.c defines no ua_prims[] table"
    entries = re.findall(r'\{ "(\w+)", UA_KIND_(\w+), UA_MODE_(\w+), ([-()|\d ]+), ([-()\d ]+), ([-()|\d ]+) \}',
                         m.group(1))
    assert len(entries) == m.group(1).count("{"), f"an entry not understood in: {m.group(1)}"
    return [(n, k, md, eval(how), eval(ptr), eval(size))  # noqa: S307
            for n, k, md, how, ptr, size in entries]


def test_plugin_table_is_the_expansion():
    how = {"none": 0, "macro": 1, "call": 2, "both": 3}
    size = {"ptr": -1, None: -2, "inner": -3}
    want = [(p.name, p.kind.upper(), p.mode.upper(), how[p.how], -1 if p.ptr is None else p.ptr,
             size.get(p.size, p.size)) for p in primitives.load()]
    assert _expanded_table() == want


def test_plugin_lost_no_name():
    table = primitives.by_name()
    lost, changed = [], []
    for line in PLUGIN_BEFORE.strip().splitlines():
        where, name, kind, mode = line.split()
        p = table.get(name)
        if p is None:
            lost.append(name)
            continue
        if where == "passers":
            ok = p.kind == "passer" and p.by_call
        else:
            ok = (PLUGIN_KIND.get(p.kind), p.mode.upper()) == (kind, mode) and \
                 (p.by_macro if where == "names" else p.by_call)
        if not ok:
            changed.append(f"{where} {name} {kind} {mode}: now {p}")
    assert not lost, f"primitives the plugin recognised, missing from primitives.def: {lost}"
    assert not changed, "\n".join(changed)
    # the rules recognise.c spelled with names before: what opens, what is a copy, a scope
    assert [p.name for p in primitives.select("mask")] == ["mask_user_address"]
    macros = primitives.select(how="macro")
    assert {p.name for p in macros if p.name.startswith("scoped_user_")} == \
        {p.name for p in macros if p.kind == "scoped"}
    assert {p.name for p in macros if p.kind == "accessor" and isinstance(p.size, int)} == \
        {p.name for p in macros if p.kind == "accessor" and p.name.startswith("unsafe_copy_")}


def test_no_name_spelled_in_the_plugin():
    names = set(primitives.by_name())
    found = []
    for src in sorted(PLUGIN.glob("*.[ch]")):
        for n, line in enumerate(src.read_text().splitlines(), 1):
            for lit in re.findall(r'"([A-Za-z_]\w{3,})"', line):
                # a name, or a prefix of names ("unsafe_copy_", "scoped_user_")
                if lit in names or lit.endswith("_") and any(name.startswith(lit) for name in names):
                    found.append(f"{src.name}:{n}: \"{lit}\"")
    assert not found, "primitive names belong in primitives.def:\n" + "\n".join(found)


# -- the real kernels -------------------------------------------------------------------------

_TREES: dict[str, Path] = {}
_DEFS: dict[str, dict[str, set[str]]] = {}


def source_tree(version: str) -> Path:
    if version not in _TREES:
        fx = fixture_for(version)
        try:
            with locked(fx.cache):
                ensure_source(fx)
        except UsageError as exc:
            if version in REQUIRED:
                pytest.fail(f"Linux {version} source tree cannot be prepared: {exc}")
            pytest.skip(f"Linux {version} source tree cannot be prepared: {exc}")
        _TREES[version] = fx.src
    return _TREES[version]


def _defined(src: Path, top: str, names: set[str]) -> set[str]:
    """The names a header under src/top defines, as a macro or a function with a body."""
    proc = subprocess.run(["grep", "-rlwE", "--include=*.h", "|".join(sorted(names)), top], cwd=src,
                          capture_output=True, text=True)
    assert proc.returncode in (0, 1), proc.stderr
    found: set[str] = set()
    for rel in proc.stdout.split():
        found |= names & set(units.header_definitions((src / rel).read_text(errors="replace")))
    return found


def tree_definitions(version: str) -> dict[str, set[str]]:
    """generic (include/) and each arch's (arch/<A>/) definitions of the table's names."""
    if version not in _DEFS:
        src, names = source_tree(version), set(primitives.by_name())
        _DEFS[version] = {"generic": _defined(src, "include", names),
                          **{a: _defined(src, f"arch/{a}", names) for a in ARCHES}}
    return _DEFS[version]


def mismatches(prims: tuple[Primitive, ...], version: str, defs: dict[str, set[str]]) -> list[str]:
    out = []
    for p in prims:
        if p.generic and p.exists(version) and p.name not in defs["generic"]:
            out.append(f"{p.name}: ARCH ALL, but {version}'s include/ does not define it")
        if not p.generic and p.name in defs["generic"]:
            out.append(f"{p.name}: {version}'s include/ defines it: ARCH should be ALL")
        for a in ARCHES:
            there = p.name in defs["generic"] or p.name in defs[a]
            if there != p.exists(version, a):
                out.append(f"{p.name}: {version} {a} {'defines' if there else 'does not define'} it, "
                           f"the table (SINCE {p.since or 'PATCH'}, UNTIL {p.until or '-'}, "
                           f"{'ALL' if p.generic else '|'.join(sorted(p.arches))}) says otherwise")
    return out


@pytest.mark.parametrize("version", primitives.VERSIONS)
def test_table_is_true_of_the_kernel(version):
    wrong = mismatches(primitives.load(), version, tree_definitions(version))
    assert not wrong, "\n".join(wrong)


def test_wrong_table_is_caught():
    defs = tree_definitions("6.12")
    table = primitives.by_name()
    wrong = (replace(table["masked_user_access_begin"], since="6.1"),   # no: 6.12 is its first
             replace(table["mask_user_address"], since="7.2"),          # 6.12 has it already
             replace(table["stac"], arches=frozenset({"powerpc"})),      # x86's
             replace(table["allow_read_from_user"], until="6.1"),       # 6.12 still has it
             replace(table["user_rw_access_end"], since="6.1"))         # in no kernel
    # 6.12 has masked_user_access_begin; each other lie is caught on each architecture it
    # concerns, and a generic one in include/ too
    assert len(mismatches(wrong, "6.12", defs)) == 3 + 2 + 1 + 4, mismatches(wrong, "6.12", defs)
    assert len(mismatches(wrong[:1], "6.1", tree_definitions("6.1"))) == 1 + 3
