"""The testcase harness: testcases/*.c carry their expected diagnostics in a header comment.

    /*
     * check-name: inverted begin test
     * check-level: 1                 (optional, default 0)
     * check-known-to-fail            (optional: the case documents a known limitation)
     *
     * check-output-start
    inverted_begin.c:14:9: warning: ... [-Wuaccess-unchecked]
    inverted_begin.c:10:14: note: ...
     * check-output-end
     */

All cases are copied to one temporary external-module directory and built once with kbuild
(serially, so each unit's diagnostics stay together), with the plugin in KCFLAGS and
``CFLAGS_<case>.o += -fplugin-arg-uaccess_check-level=N``. The plugin's lines (warnings
tagged ``[-Wuaccess-...]`` and their notes), with paths reduced to basenames, must equal the
expected block. Each case must also be sparse-clean (kbuild C=2).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT
from uaccess_check.fixture import kbuild_env
from uaccess_check.diag import basename, parse_diagnostic, plugin_diagnostics
from uaccess_check.plugin import plugin_flags

# UACCESS_CHECK_TESTCASES: another directory of cases (to try the harness on a draft set).
CASES_DIR = Path(os.environ.get("UACCESS_CHECK_TESTCASES") or REPO_ROOT / "testcases")
CASES = sorted(p.name for p in CASES_DIR.glob("*.c")) if CASES_DIR.is_dir() else []

_UNIT_LINE = re.compile(r"^\s+(CC \[M\]|CC|CHECK)\s+(\S+)$")


@dataclass
class Case:
    name: str
    title: str
    level: int
    known_to_fail: bool
    expected: list[str]


def parse_case(path: Path) -> Case:
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


def group_by_unit(lines: list[str]) -> dict[str, list[str]]:
    """Output of a serial kbuild run (stdout+stderr merged) -> raw lines per unit basename."""
    groups: dict[str, list[str]] = {}
    current = None
    for line in lines:
        m = _UNIT_LINE.match(line)
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
class Build:
    tmp: Path
    returncode: int
    output: str
    plugin_lines: dict[str, list[str]] = field(default_factory=dict)
    sparse_lines: dict[str, list[str]] = field(default_factory=dict)
    sparse_output: str = ""


def _kbuild(fx, tmp: Path, extra: list[str]) -> subprocess.CompletedProcess:
    objs = [c[:-2] + ".o" for c in CASES]
    # Serial (-j1), stdout and stderr merged: each unit's diagnostics follow its "CC [M]" line.
    return subprocess.run(["make", "-C", str(fx.build), f"M={tmp}", "-k", "-j1", "V=0"] + extra + objs,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace", env=kbuild_env())


@pytest.fixture(scope="module")
def build(fx, plugin_so, tmp_path_factory) -> Build:
    tmp = tmp_path_factory.mktemp("testcases")
    kbuild = []
    for name in CASES:
        shutil.copy(CASES_DIR / name, tmp / name)
        try:
            level = parse_case(CASES_DIR / name).level
        except ValueError:
            level = 0  # test_header reports the malformed header; the other cases still run
        obj = name[:-2] + ".o"
        kbuild.append(f"obj-m += {obj}\nCFLAGS_{obj} += -fplugin-arg-uaccess_check-level={level}\n")
    for header in CASES_DIR.glob("*.h"):
        shutil.copy(header, tmp / header.name)
    (tmp / "Kbuild").write_text("".join(kbuild))
    kcflags = "KCFLAGS=" + " ".join(plugin_flags(plugin_so))
    proc = _kbuild(fx, tmp, [kcflags])
    b = Build(tmp=tmp, returncode=proc.returncode, output=proc.stdout)
    for unit, lines in group_by_unit(proc.stdout.splitlines()).items():
        b.plugin_lines[unit] = [d.format(basename(d.file)) for d in plugin_diagnostics(lines)]
    # Objects are up to date with the same KCFLAGS: this run only checks with sparse.
    sparse = _kbuild(fx, tmp, [kcflags, "C=2", "CHECK=sparse"])
    b.sparse_output = sparse.stdout
    for unit, lines in group_by_unit(sparse.stdout.splitlines()).items():
        diags = [parse_diagnostic(l) for l in lines]
        b.sparse_lines[unit] = [d.format(basename(d.file)) for d in diags
                                if d is not None and d.kind != "note" and basename(d.file) == unit]
    return b


def test_testcases_exist():
    assert CASES, f"no testcases/*.c found in {CASES_DIR}"


@pytest.mark.parametrize("name", CASES)
def test_header(name):
    case = parse_case(CASES_DIR / name)
    assert case.level in (0, 1, 2), f"{name}: check-level {case.level}"
    for line in case.expected:
        d = parse_diagnostic(line)
        assert d is not None, f"{name}: expected line is not a GCC diagnostic: {line}"
        assert "/" not in d.file, f"{name}: expected lines name files by basename: {line}"


@pytest.mark.parametrize("name", CASES)
def test_output(build, name):
    case = parse_case(CASES_DIR / name)
    obj = build.tmp / (name[:-2] + ".o")
    assert obj.is_file(), f"{name} did not build:\n" + "\n".join(group_by_unit(build.output.splitlines()).get(name, [build.output[-3000:]]))
    got = build.plugin_lines.get(name, [])
    if case.known_to_fail and got != case.expected:
        pytest.xfail(f"{name}: check-known-to-fail")
    assert got == case.expected


@pytest.mark.parametrize("name", CASES)
def test_sparse_clean(build, name):
    assert name in build.sparse_lines, f"sparse did not run on {name}:\n{build.sparse_output[-3000:]}"
    assert build.sparse_lines[name] == []
