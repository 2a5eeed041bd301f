"""Building the testcases as one external module, and checking facts files against docs/facts.md.

Shared by test_combinations.py (every testcase under every option combination) and
test_facts.py (the facts records). The cases are ``testcases/*.c`` with their headers and the
units of ``testcases/merge/*/``, each merge case copied to ``merge/<case>/`` of the module
directory so that units of the same name (``callee.c``) do not collide. kbuild compiles the named
objects serially with stdout and stderr merged, so each unit's lines follow its ``CC [M]`` line.

The facts checks assert with a message that names the record, since this module is not a test
module and pytest does not rewrite its asserts.

It also holds the sparse-style case format (``testcases/README.md``) and the one-build harness
shared by test_testcases.py (``testcases/*.c`` on 6.12) and test_testcases_v7.py
(``testcases/v7/*.c`` on 7.2): ``parse_case()`` reads a header, ``build_cases()`` builds a
directory of cases once with the plugin and once more with a checker, and returns each unit's
plugin lines and checker warnings; the test modules compare them with the headers.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable

from uaccess_check import REPO_ROOT, kept, primitives
from uaccess_check.diag import Diagnostic, basename, parse_diagnostic, relative_to
from uaccess_check.diag import plugin_diagnostics as located_plugin_diagnostics
from uaccess_check.fixture import Fixture, kbuild_env
from uaccess_check.plugin import plugin_flags

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
    proc = subprocess.run(["make", "-C", str(fx.build), f"M={mdir}", "-k", "-j1", "V=0"] + fx.make_vars() + [
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


# ---- the case format (testcases/README.md) and the one-build harness -----------------------------

@dataclass
class Case:
    name: str
    title: str
    level: int
    known_to_fail: bool
    expected: list[str]


def case_names(cases_dir: Path) -> list[str]:
    """The cases of a directory: its ``*.c``, sorted (none if it does not exist)."""
    return sorted(p.name for p in cases_dir.glob("*.c")) if cases_dir.is_dir() else []


def parse_case(path: Path) -> Case:
    """The header of a case: the first block comment, after the SPDX line (raises ValueError)."""
    text = path.read_text(errors="replace")
    # The first block comment, after any // lines (SPDX-License-Identifier) and blank lines.
    m = re.match(r"(?:[ \t]*(?://[^\n]*)?\n)*\s*/\*(.*?)\*/", text, re.S)
    if not m:
        raise ValueError(f"{path.name}: no leading comment block")
    title, level, known, expected = "", 0, False, []
    in_output = False
    seen_end = False
    for raw in m.group(1).splitlines():
        line = re.sub(r"^\s*\*( |$)", "", raw).rstrip()
        key = line.strip()
        if key == "check-output-start":
            in_output = True
        elif key == "check-output-end":
            in_output, seen_end = False, True
        elif in_output:
            if key:
                expected.append(key)
        elif key.startswith("check-name:"):
            title = key.split(":", 1)[1].strip()
        elif key.startswith("check-level:"):
            level = int(key.split(":", 1)[1].strip())
        elif key == "check-known-to-fail":
            known = True
    if in_output and not seen_end:
        raise ValueError(f"{path.name}: check-output-start without check-output-end")
    if not title:
        raise ValueError(f"{path.name}: no check-name")
    return Case(path.name, title, level, known, expected)


def header_problems(case: Case) -> list[str]:
    """What is wrong with a parsed header (empty: nothing)."""
    problems = []
    if case.level not in (0, 1, 2):
        problems.append(f"{case.name}: check-level {case.level}")
    for line in case.expected:
        d = parse_diagnostic(line)
        if d is None:
            problems.append(f"{case.name}: expected line is not a GCC diagnostic: {line}")
        elif "/" in d.file:
            problems.append(f"{case.name}: expected lines name files by basename: {line}")
    return problems


_BUILD_UNIT_LINE = re.compile(r"^\s+(CC \[M\]|CC|CHECK)\s+(\S+)$")


def group_by_unit(lines: list[str]) -> dict[str, list[str]]:
    """Output of a serial kbuild run (stdout+stderr merged) -> raw lines per unit basename."""
    groups: dict[str, list[str]] = {}
    current = None
    for line in lines:
        m = _BUILD_UNIT_LINE.match(line)
        if m:
            current = basename(m.group(2))
            if current.endswith(".o"):
                current = current[:-2] + ".c"
            groups.setdefault(current, [])
            continue
        if current is not None:
            groups[current].append(line)
    return groups


@dataclass
class CaseBuild:
    tmp: Path
    returncode: int
    output: str
    plugin_lines: dict[str, list[str]] = field(default_factory=dict)
    sparse_lines: dict[str, list[str]] = field(default_factory=dict)
    sparse_output: str = ""

    def built(self, name: str) -> bool:
        return (self.tmp / object_name(name)).is_file()

    def unit_output(self, name: str) -> str:
        """The build's lines for one case (the whole output's tail if it has none)."""
        return "\n".join(group_by_unit(self.output.splitlines()).get(name, [self.output[-3000:]]))


def _kbuild_cases(fx: Fixture, tmp: Path, names: list[str], extra: list[str]) -> subprocess.CompletedProcess:
    # Serial (-j1), stdout and stderr merged: each unit's diagnostics follow its "CC [M]" line.
    return subprocess.run(["make", "-C", str(fx.build), f"M={tmp}", "-k", "-j1", "V=0"] + fx.make_vars() + extra
                          + [object_name(n) for n in names],
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace", env=kbuild_env())


def build_cases(fx: Fixture, plugin_so: Path, cases_dir: Path, names: list[str], tmp: Path,
                check: str = "sparse") -> CaseBuild:
    """Build the named cases of cases_dir as one external module of fx in tmp, with the plugin
    (``CFLAGS_<case>.o`` carries each case's check-level), then run kbuild once more with
    ``C=2 CHECK=<check>`` (objects are up to date, so that run only checks).

    plugin_lines: per case, the plugin's diagnostics with files reduced to basenames;
    sparse_lines: per case the checker ran on, its warnings and errors located in the case's own
    file (a case absent from it was not checked: kbuild turns C=2 off for a checker it finds
    unusable).
    """
    kbuild = []
    for name in names:
        shutil.copy(cases_dir / name, tmp / name)
        try:
            level = parse_case(cases_dir / name).level
        except ValueError:
            level = 0  # the header test reports the malformed header; the other cases still run
        obj = object_name(name)
        kbuild.append(f"obj-m += {obj}\nCFLAGS_{obj} += -fplugin-arg-uaccess_check-level={level}\n")
    for header in cases_dir.glob("*.h"):
        shutil.copy(header, tmp / header.name)
    (tmp / "Kbuild").write_text("".join(kbuild))
    kcflags = "KCFLAGS=" + " ".join(plugin_flags(plugin_so))
    proc = _kbuild_cases(fx, tmp, names, [kcflags])
    b = CaseBuild(tmp=tmp, returncode=proc.returncode, output=proc.stdout)
    for unit, lines in group_by_unit(proc.stdout.splitlines()).items():
        b.plugin_lines[unit] = [d.format(basename(d.file)) for d in located_plugin_diagnostics(lines)]
    sparse = _kbuild_cases(fx, tmp, names, [kcflags, "C=2", f"CHECK={check}"])
    b.sparse_output = sparse.stdout
    for unit, lines in group_by_unit(sparse.stdout.splitlines()).items():
        diags = [parse_diagnostic(l) for l in lines]
        b.sparse_lines[unit] = [d.format(basename(d.file)) for d in diags
                                if d is not None and d.kind != "note" and basename(d.file) == unit]
    return b


def assert_case_output(build: CaseBuild, cases_dir: Path, name: str) -> None:
    """The case built and its plugin lines are its expected block (xfail for check-known-to-fail)."""
    import pytest

    case = parse_case(cases_dir / name)
    assert build.built(name), f"{name} did not build:\n" + build.unit_output(name)
    got = build.plugin_lines.get(name, [])
    if case.known_to_fail and got != case.expected:
        pytest.xfail(f"{name}: check-known-to-fail")
    assert got == case.expected, f"{name}: plugin output differs from its expected block:\n" + "\n".join(
        difflib.unified_diff(case.expected, got, "expected", "plugin", lineterm=""))


def assert_sparse_clean(build: CaseBuild, name: str) -> None:
    assert name in build.sparse_lines, f"sparse did not run on {name}:\n{build.sparse_output[-3000:]}"
    assert build.sparse_lines[name] == [], f"{name}: sparse warns: {build.sparse_lines[name]}"


# ---- facts files (docs/facts.md) ----------------------------------------------------------------

SECTIONS = ("accesses", "checks", "regions", "calls", "requirements")
POS = ["file", "line", "column"]
KEYS = {
    "accesses": ["function"] + POS + ["accessor", "pointer", "mode", "verdict", "via_callers", "check", "region",
                                      "proven_by"],
    "checks": ["function"] + POS + ["primitive", "pointer", "mode", "checks"],
    "regions": ["function"] + POS + ["primitive", "pointer", "mode", "checks"],
    "calls": ["caller", "callee"] + POS + ["region", "args"],
    "requirements": ["function", "global", "needs", "param_index", "param", "offset", "accessor", "access"],
}
ARG_KEYS = ["index", "pointer", "root", "param_index", "offset", "check"]
CHECK_KEYS = ["verdict", "requirement", "primitive", "text", "function"] + POS + ["calls", "chain"]
CHECK_KEYS_NONE = ["verdict", "requirement", "primitive", "text", "calls", "chain", "stored"]  # no check found
REGION_KEYS = ["primitive", "checks", "function"] + POS + ["calls"]
CHAIN_KEYS = ["caller", "callee"] + POS
ACCESS_KEYS = ["function"] + POS
ACCESSORS = set(primitives.names(kind=("accessor", "family")))  # what a facts access may name
KEPT_CHECKS = {k.check for k in kept.load()}  # what a kept pointer's check object says
KEPT_WHERE = {k.where for k in kept.load()}  # ... and where it was stored
PROVEN_BY = {None, "arm64", "compat", "u32", "checked_before", "bound"}  # proven with no check to name: why
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
        assert obj.keys_in_order == CHECK_KEYS_NONE, what
        # a kept pointer's check, made where it was stored, is the table's text (registrations.def),
        # whether it covers the access (proven) or not (range, unproven)
        assert obj["text"] is None or (obj["verdict"] != "unchecked" and obj["text"] in KEPT_CHECKS), what
        # ... and where it was stored, the table's words, exactly when the text is the table's
        assert (obj["stored"] is None) == (obj["text"] is None), what
        assert obj["stored"] is None or obj["stored"] in KEPT_WHERE, what
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
        assert rec["proven_by"] in PROVEN_BY, rec
        assert rec["proven_by"] is None or (rec["verdict"] == "proven" and rec["check"]["primitive"] is None), rec
        # ... and a proven access with no check, kept pointer or chain says why
        if rec["verdict"] == "proven" and rec["check"]["primitive"] is None and rec["check"]["text"] is None \
                and not rec["check"]["chain"] and not rec["via_callers"]:
            assert rec["proven_by"] is not None, rec
        # the pointer as written: one whole argument, trimmed
        ptr = rec["pointer"]
        assert ptr is None or (ptr == ptr.strip() and ptr and ptr.count("(") == ptr.count(")")), rec
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
