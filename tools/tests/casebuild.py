"""Building the testcases as one external module, and checking facts files against docs/facts.md.

Shared by test_combinations.py (every testcase under every option combination) and
test_facts.py (the facts records). The cases are ``testcases/*.c`` with their headers and the
units of ``testcases/merge/*/``, each merge case copied to ``merge/<case>/`` of the module
directory so that units of the same name (``callee.c``) do not collide. kbuild compiles the named
objects serially with stdout and stderr merged, so each unit's lines follow its ``CC [M]`` line.

The facts checks assert with a message that names the record, since this module is not a test
module and pytest does not rewrite its asserts.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Iterable

from uaccess_check import REPO_ROOT
from uaccess_check.diag import Diagnostic, parse_diagnostic, relative_to
from uaccess_check.fixture import Fixture, kbuild_env

# UACCESS_CHECK_TESTCASES: another directory of cases (as for test_testcases.py).
CASES_DIR = Path(os.environ.get("UACCESS_CHECK_TESTCASES") or REPO_ROOT / "testcases")
MERGE_DIR = CASES_DIR / "merge"

_UNIT_LINE = re.compile(r"^\s+(?:CC \[M\]|CC)\s+(\S+)\.o$")
# A diagnostic GCC prints without a position: "cc1: warning: TEXT".
_UNLOCATED = re.compile(r"^(?P<file>[^\s:]+): (?P<kind>warning|error|note|fatal error): (?P<text>.*)$")


def case_units() -> list[str]:
    """Every unit, as its path relative to the module directory (``merge/two_files/callee.c``)."""
    units = [p.name for p in CASES_DIR.glob("*.c")]
    units += [f"merge/{p.parent.name}/{p.name}" for p in MERGE_DIR.glob("*/*.c")]
    return sorted(units)


def stage(dest: Path) -> list[str]:
    """Copy every unit (and the headers beside it) into dest with a Kbuild naming them all."""
    units = case_units()
    merge_dirs = sorted({p.parent for p in MERGE_DIR.glob("*/*.c")})
    for src_dir, sub in [(CASES_DIR, dest)] + [(d, dest / "merge" / d.name) for d in merge_dirs]:
        sub.mkdir(parents=True, exist_ok=True)
        for f in sorted(src_dir.glob("*.[ch]")):
            shutil.copy(f, sub / f.name)
    (dest / "Kbuild").write_text("obj-m += " + " ".join(object_name(u) for u in units) + "\n")
    return units


def object_name(unit: str) -> str:
    return unit[:-2] + ".o"


def kbuild_serial(fx: Fixture, mdir: Path, kcflags: list[str], units: Iterable[str]) -> str:
    """Compile the units of mdir one after the other, going on after errors; the merged output."""
    proc = subprocess.run(["make", "-C", str(fx.build), f"M={mdir}", "-k", "-j1", "V=0",
                           "KCFLAGS=" + " ".join(kcflags)] + [object_name(u) for u in units],
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace", env=kbuild_env(), timeout=900)
    return proc.stdout


def lines_by_unit(output: str, mdir: Path) -> dict[str, list[str]]:
    """A serial kbuild run's output -> its lines per unit (path relative to mdir)."""
    groups: dict[str, list[str]] = {}
    current = None
    root = str(mdir).rstrip("/") + "/"
    for line in output.splitlines():
        m = _UNIT_LINE.match(line)
        if m and m.group(1).startswith(root):
            current = m.group(1)[len(root):] + ".c"
            groups.setdefault(current, [])
        elif current is not None:
            groups[current].append(line)
    return groups


def plugin_diagnostics(lines: Iterable[str], mdir: Path) -> list[Diagnostic]:
    """The plugin's diagnostics among a unit's lines, in emitted order, files under mdir relative.

    Like ``uaccess_check.diag.plugin_diagnostics`` (a ``[-Wuaccess-<class>]`` diagnostic and the
    notes that follow it; any other warning or error ends the group), but a diagnostic printed
    without a position (``cc1: warning: ...``) is kept too, with line and column 0.
    """
    out: list[Diagnostic] = []
    in_group = False
    for line in lines:
        d = parse_diagnostic(line)
        if d is None:
            m = _UNLOCATED.match(line)
            if m is None:
                continue
            d = Diagnostic(file=m.group("file"), line=0, col=0, kind=m.group("kind"), text=m.group("text"))
        if d.kind == "note":
            if in_group:
                out.append(replace(d, file=relative_to(d.file, [str(mdir)])))
        elif d.uaccess_class is not None:
            out.append(replace(d, file=relative_to(d.file, [str(mdir)])))
            in_group = True
        else:
            in_group = False
    return out


# ---- facts files (docs/facts.md) ----------------------------------------------------------------

SECTIONS = ("accesses", "checks", "regions", "calls", "requirements")
POS = ["file", "line", "column"]
KEYS = {
    "accesses": ["function"] + POS + ["accessor", "mode", "verdict", "via_callers", "check", "region"],
    "checks": ["function"] + POS + ["primitive", "mode", "checks"],
    "regions": ["function"] + POS + ["primitive", "mode", "checks"],
    "calls": ["caller", "callee"] + POS + ["region", "args"],
    "requirements": ["function", "global", "needs", "param_index", "param", "offset", "accessor", "access"],
}
ARG_KEYS = ["index", "pointer", "root", "param_index", "offset", "check"]
CHECK_KEYS = ["verdict", "requirement", "primitive", "text", "function"] + POS + ["calls", "chain"]
CHECK_KEYS_NONE = ["verdict", "requirement", "primitive", "text", "calls", "chain"]  # no check found
REGION_KEYS = ["primitive", "checks", "function"] + POS + ["calls"]
CHAIN_KEYS = ["caller", "callee"] + POS
ACCESS_KEYS = ["function"] + POS
ACCESSORS = {"unsafe_put_user", "unsafe_get_user", "unsafe_copy_to_user", "unsafe_copy_from_user",
             "unsafe_try_cmpxchg_user", "unsafe_atomic_op1", "unsafe_atomic_op2"}
VERDICTS = {"proven", "unproven", "range", "unchecked", "region", "mode"}


def facts_path(facts: Path, src: Path) -> Path:
    """DIR/<unit>.json, <unit> the source path as given to the compiler without the leading /."""
    return facts / (str(src).lstrip("/") + ".json")


class Keyed(dict):
    """A JSON object that remembers the order of its keys (``.keys_in_order``)."""


def _ordered(pairs):
    d = Keyed(pairs)
    d.keys_in_order = [k for k, _ in pairs]
    return d


def load_facts(path: Path) -> dict:
    """A facts file, each object a ``Keyed`` (raises on invalid JSON)."""
    return json.loads(path.read_text(), object_pairs_hook=_ordered)


def _check_object(obj, where: str) -> None:
    """A check object (docs/facts.md) of the record named by where."""
    what = f"{where}: check object {obj}"
    assert obj["verdict"] in ("proven", "unproven", "range", "unchecked"), what
    assert isinstance(obj["requirement"], bool), what
    if obj["primitive"] is None:
        assert obj.keys_in_order == CHECK_KEYS_NONE and obj["text"] is None, what
    else:
        assert obj.keys_in_order == CHECK_KEYS, what
        assert obj["text"].startswith(obj["primitive"] + "("), what
    assert obj["calls"] == len(obj["chain"]), what
    for link in obj["chain"]:
        assert link.keys_in_order == CHAIN_KEYS, what
    if obj["chain"]:
        assert obj["chain"][0]["caller"] == obj.get("function"), \
            f"{what}: the chain does not start at the checking function"
        for a, b in zip(obj["chain"], obj["chain"][1:]):
            assert a["callee"] == b["caller"], f"{what}: the chain is not a path"


def check_facts(d: dict, src: Path) -> None:
    """Assert that d (from ``load_facts``) is a valid facts file of the unit compiled from src."""
    assert d.keys_in_order == ["version", "unit"] + list(SECTIONS), d.keys_in_order
    assert d["version"] == 1, d["version"]
    assert d["unit"] == str(src).lstrip("/"), d["unit"]
    for section in SECTIONS:
        assert isinstance(d[section], list), f"{section}: {d[section]}"
        for rec in d[section]:
            assert rec.keys_in_order == KEYS[section], f"{section}: {rec}"
    for rec in d["accesses"]:
        assert rec["accessor"] in ACCESSORS, rec
        assert rec["mode"] in ("read", "write", "rw"), rec
        assert rec["verdict"] in VERDICTS, rec
        assert isinstance(rec["via_callers"], bool), rec
        _check_object(rec["check"], f"access {rec['accessor']} in {rec['function']} at line {rec['line']}")
        if rec["check"]["chain"]:
            assert rec["check"]["chain"][-1]["callee"] == rec["function"], rec
        if rec["region"] is not None:
            assert rec["region"].keys_in_order == REGION_KEYS, rec
            assert isinstance(rec["region"]["checks"], bool) and rec["region"]["calls"] >= 0, rec
    for rec in d["checks"]:
        assert rec["checks"] is True, rec
        assert rec["mode"] in ("none", "read", "write", "rw"), rec
    for rec in d["regions"]:
        assert isinstance(rec["checks"], bool), rec
    for rec in d["calls"]:
        assert rec["region"] in ("open", "closed", "caller"), rec
        assert rec["args"], rec  # only calls with a pointer argument whose root is known
        for arg in rec["args"]:
            assert arg.keys_in_order == ARG_KEYS, arg
            assert arg["root"] in ("parm", "load", "value"), arg
            assert (arg["param_index"] is not None) == (arg["root"] == "parm"), arg
            _check_object(arg["check"], f"argument {arg['index']} of the call to {rec['callee']} "
                                        f"in {rec['caller']} at line {rec['line']}")
    for rec in d["requirements"]:
        assert rec["needs"] in ("check", "region"), rec
        assert rec["access"].keys_in_order == ACCESS_KEYS, rec
        if rec["needs"] == "region":
            assert rec["param_index"] is None and rec["param"] is None and rec["offset"] is None, rec
