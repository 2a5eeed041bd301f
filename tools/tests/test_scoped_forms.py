"""Both forms of the 7.x scopes give the plugin's same output (issue 17, item 2).

Linux 6.19.0 .. 7.0-rc2 closed a ``scoped_user_{read,write,rw}_access[_size]()`` scope with a
``CLASS()`` guard, whose destructor is called on every exit of the scope; 7.0-rc3 on (upstream
af4e9ef3d784, backported to 6.19.y) with a ``__cleanup`` attribute on the shadowing pointer, the
form of the 7.2 fixture. plugin/primitives.def knows the guard's destructor as the scope's end
and its constructor as a pointer passer, as PATCH rows (no supported kernel defines them).

* The real units: ``testcases/v7/scoped-class-revert.patch`` (the upstream change reverted on
  7.2's context) is applied to a scratch copy of the fixture's ``include/linux/uaccess.h``, put
  first on the include path of each unit's saved kbuild command (the cached tree is never
  written); every accessor unit that expands a scope is compiled with the plugin at levels 0, 1
  and 2 in both forms, and its diagnostics and summary line must be the same.
* The table: the names the old form defines and 7.2 does not are exactly the PATCH rows it
  uses (the guard's functions, ``user_rw_access_end()``), and the names 7.2 defines and the old
  form does not are 7.2 rows.
* The cases: every ``testcases/v7`` case that opens a scope is built as one external module
  twice, once with ``testcases/v7/scoped_class_form.h`` (the old form, written for the cases)
  forced in and once with that header's guard defined (7.2's form, also for the cases that
  include it themselves); each case's plugin output must be the same in both.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from casebuild import group_by_unit, kbuild_serial, object_name, parse_case
from uaccess_check import REPO_ROOT, primitives
from uaccess_check.diag import plugin_diagnostics, relative_to, summaries
from uaccess_check.fixture import Fixture, ensure_fixture, fixture_for
from uaccess_check.kbuild import compile_argv, make_objects, run_measured
from uaccess_check.plugin import plugin_flags
from uaccess_check.scan import accessor_units

VERSION = "7.2"
V7 = REPO_ROOT / "testcases" / "v7"
REVERT = V7 / "scoped-class-revert.patch"
HEADER = V7 / "scoped_class_form.h"
HEADER_GUARD = "V7_SCOPED_CLASS_FORM_H"
UACCESS_H = Path("include/linux/uaccess.h")
LEVELS = (0, 1, 2)
JOBS = 2
#: What a scope's cleanup is in each form, after preprocessing: the handler its variable names.
CLEANUP_RE = {"new": re.compile(r"__cleanup__\(__scoped_user_(?:read|write|rw)_access_end\)"),
              "old": re.compile(r"__cleanup__\(class_user_(?:read|write|rw)_access_destructor\)")}
SCOPE_WORDS = re.compile(r"\b(?:scoped_user_\w+|get_user_inline|put_user_inline)\b")
#: What the old form refuses under the kernel's -Werror, off in both builds of the cases (the
#: plugin's output is compared, not GCC's): a scope on a pointer to const (its "void __user *"
#: _tmpptr drops the const: what af4e9ef3d784 fixed; scoped_read_ok), and a scope whose body
#: does not use its pointer (the shadow is unused; 7.2's __cleanup uses it; scoped_alias_before).
OLD_FORM_REFUSES = ["-Wno-discarded-qualifiers", "-Wno-unused-variable"]


@pytest.fixture(scope="module")
def fx7() -> Fixture:
    return ensure_fixture(fixture_for(VERSION))


@pytest.fixture(scope="module")
def overlay(fx7, tmp_path_factory) -> Path:
    """An include directory holding the fixture's uaccess.h with the revert applied."""
    root = tmp_path_factory.mktemp("scoped_forms")
    (root / UACCESS_H).parent.mkdir(parents=True)
    shutil.copy(fx7.src / UACCESS_H, root / UACCESS_H)
    proc = subprocess.run(["patch", "-p1", "-s", "-f", "--no-backup-if-mismatch", "-i", str(REVERT)],
                          cwd=root, capture_output=True, text=True)
    assert proc.returncode == 0, f"{REVERT.name} does not apply to 7.2's {UACCESS_H}:\n{proc.stdout}{proc.stderr}"
    return root


def unit_argv(fx: Fixture, unit: str, extra: list[str], out: Path, overlay: Path | None) -> list[str]:
    """The unit's saved kbuild command plus extra flags, with overlay/include searched first."""
    argv = compile_argv(fx.build, fx.kbuild_object(unit), extra, out)
    return argv[:1] + [f"-I{overlay / 'include'}"] + argv[1:] if overlay else argv


def preprocess(fx: Fixture, unit: str, tmp: Path, overlay: Path | None) -> str:
    out = tmp / (unit.replace("/", "__") + (".old" if overlay else ".new") + ".i")
    res = run_measured(unit_argv(fx, unit, ["-E", "-dD"], out, overlay), fx.build)
    assert res.returncode == 0, f"{unit} does not preprocess:\n{res.stderr[-3000:]}"
    return out.read_text(errors="replace")


@pytest.fixture(scope="module")
def scoped_units(fx7, overlay, tmp_path_factory) -> dict[str, dict[str, str]]:
    """unit -> form -> preprocessed text, for every configured accessor unit that expands a scope."""
    units, _ = accessor_units(fx7)
    make_objects(fx7, units, JOBS)
    tmp = tmp_path_factory.mktemp("scoped_forms_i")

    def both(unit: str) -> tuple[str, dict[str, str]]:
        return unit, {"new": preprocess(fx7, unit, tmp, None), "old": preprocess(fx7, unit, tmp, overlay)}

    with ThreadPoolExecutor(JOBS) as pool:
        texts = dict(pool.map(both, units))
    found = {}
    for unit, t in texts.items():
        uses = {form: bool(CLEANUP_RE[form].search(text)) for form, text in t.items()}
        assert uses["new"] == uses["old"], f"{unit}: a scope in one form only ({uses})"
        assert not CLEANUP_RE["old"].search(t["new"]) and not CLEANUP_RE["new"].search(t["old"]), unit
        if uses["new"]:
            found[unit] = t
    return found


def test_revert_gives_the_old_form(scoped_units):
    """The reverted header is the old form, and the 7.2 units that scope are found."""
    assert {"fs/readdir.c", "fs/select.c", "kernel/rseq.c", "kernel/entry/common.c", "net/socket.c",
            "net/core/scm.c", "kernel/futex/core.c"} <= set(scoped_units), sorted(scoped_units)


def test_old_form_names_are_patch_rows(scoped_units):
    """A name only the old form defines is a PATCH row; one only 7.2 defines, a 7.2 row."""
    table = primitives.by_name()
    words = {form: set(re.findall(r"\b[A-Za-z_]\w*\b", text)) & set(table)
             for form, text in scoped_units["fs/readdir.c"].items()}
    old_only, new_only = words["old"] - words["new"], words["new"] - words["old"]
    assert old_only == {n for n in words["old"] if table[n].since is None}, old_only
    assert {(table[n].kind, table[n].mode) for n in old_only} >= \
        {("end", "read"), ("end", "write"), ("end", "rw"), ("passer", "none")}, old_only
    assert new_only and all(table[n].since == VERSION for n in new_only), new_only


def compile_report(fx: Fixture, so: Path, unit: str, level: int, overlay: Path | None, tmp: Path) -> list[str]:
    """The plugin's diagnostics and summary line for the unit, paths relative to the tree."""
    out = tmp / (unit.replace("/", "__") + f".{level}{'.old' if overlay else ''}.o")
    res = run_measured(unit_argv(fx, unit, plugin_flags(so, level=level, verbose=True), out, overlay),
                       fx.build)
    assert res.returncode == 0, f"{unit} does not compile ({'old' if overlay else 'new'} form):\n{res.stderr[-3000:]}"
    roots = ([str(overlay)] if overlay else []) + [str(fx.src), str(fx.build)]
    lines = res.stderr.splitlines()
    return [d.format(relative_to(d.file, roots)) for d in plugin_diagnostics(lines)] + \
        [s.format(relative_to(s.file, roots)) for s in summaries(lines)]


def test_real_units_same_in_both_forms(fx7, plugin_so, overlay, scoped_units, tmp_path):
    jobs = [(unit, level, ov) for unit in sorted(scoped_units) for level in LEVELS for ov in (None, overlay)]
    with ThreadPoolExecutor(JOBS) as pool:
        reports = list(pool.map(lambda j: compile_report(fx7, plugin_so, *j, tmp_path), jobs))
    got = dict(zip(jobs, reports))
    differ = []
    for unit in sorted(scoped_units):
        for level in LEVELS:
            new, old = got[unit, level, None], got[unit, level, overlay]
            if new != old:
                differ.append(f"{unit} level {level}:\n  7.2 form: " + "\n    ".join(new)
                              + "\n  CLASS() form: " + "\n    ".join(old))
    assert not differ, "\n".join(differ)
    print(f"{len(scoped_units)} units that scope compared at levels {LEVELS}: same output")


# ---- the cases --------------------------------------------------------------------------------

def scoped_cases() -> list[str]:
    return sorted(p.name for p in V7.glob("*.c") if SCOPE_WORDS.search(p.read_text()))


def build_cases(fx: Fixture, so: Path, mdir: Path, names: list[str], form_flag: str) -> dict[str, list[str]]:
    """Each case's plugin lines (files by basename), built as one module with form_flag."""
    mdir.mkdir()
    kbuild = []
    for name in names:
        shutil.copy(V7 / name, mdir / name)
        obj = object_name(name)
        kbuild.append(f"obj-m += {obj}\nCFLAGS_{obj} += -fplugin-arg-uaccess_check-level="
                      f"{parse_case(V7 / name).level}\n")
    for header in V7.glob("*.h"):
        shutil.copy(header, mdir / header.name)
    (mdir / "Kbuild").write_text("".join(kbuild))
    output = kbuild_serial(fx, mdir, plugin_flags(so) + [form_flag] + OLD_FORM_REFUSES, names)
    units = group_by_unit(output.splitlines())
    for name in names:
        assert (mdir / object_name(name)).is_file() and name in units, \
            f"{name} did not build with {form_flag}:\n{output[-3000:]}"
    return {name: [d.format(Path(d.file).name) for d in plugin_diagnostics(units[name])] for name in names}


def test_cases_same_in_both_forms(fx7, plugin_so, tmp_path):
    names = scoped_cases()
    assert len(names) > 20 and any(n.startswith("scoped_class_") for n in names), names
    new = build_cases(fx7, plugin_so, tmp_path / "new", names, f"-D{HEADER_GUARD}")
    old = build_cases(fx7, plugin_so, tmp_path / "old", names, f"-include {tmp_path / 'old' / HEADER.name}")
    assert new["scoped_class_ends.c"], "no plugin output where the case expects some: the build lost it"
    differ = [f"{n}:\n  7.2 form: " + "\n    ".join(new[n]) + "\n  CLASS() form: " + "\n    ".join(old[n])
              for n in names if new[n] != old[n]]
    assert not differ, "\n".join(differ)
    print(f"{len(names)} scoped cases compared: same output")
