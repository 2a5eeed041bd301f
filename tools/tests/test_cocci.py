"""The Coccinelle scripts (cocci/) and `uaccess-check cocci`.

For each script cocci/uaccess_<name>.cocci, cocci/tests/<name>.c is an input written for it and
cocci/tests/<name>.expected its report lines; cocci/tests/<name>.patch.expected, where present,
the patch mode output (without the two file header lines). Each script is run directly with
spatch, through `make coccicheck` in the 6.12 tree (M= a scratch directory holding the input),
and through the driver, which says one finding per defect: where a script says the same words
at several accesses of a function, cocci/tests/<name>.driver.expected is what the driver prints
(the first line, then a ``note: also here`` line for each other access). Whole trees (6.1, 6.12, 7.2) against their triaged findings:
test_cocci_real.py.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT
from uaccess_check.cocci import _gnu_grep, _rg, all_scripts, chunks, grep_patterns, parse_script, plan
from uaccess_check.cocci_reduce import functions, mask, reduce_source
from uaccess_check.fixture import kbuild_env

COCCI = REPO_ROOT / "cocci"
INPUTS = COCCI / "tests"
DRIVER = str(REPO_ROOT / "uaccess-check")
SCRIPTS = sorted(p.stem for p in COCCI.glob("uaccess_*.cocci"))
NAMES = [s[len("uaccess_"):] for s in SCRIPTS]

pytestmark = pytest.mark.skipif(shutil.which("spatch") is None, reason="spatch (coccinelle) not installed")


def spatch(name: str, mode: str, cwd: Path = INPUTS) -> subprocess.CompletedProcess:
    script = COCCI / f"uaccess_{name}.cocci"
    opts = parse_script(script).options
    argv = ["spatch", "--very-quiet", "-D", mode, "--cocci-file", str(script), *opts]
    if mode in ("report", "org"):
        argv.append("--no-show-diff")
    return subprocess.run(argv + [f"{name}.c"], cwd=cwd, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=300)


def expected(name: str) -> list[str]:
    return (INPUTS / f"{name}.expected").read_text().splitlines()


def driver_expected(name: str) -> list[str]:
    """What the driver prints for a script's input: its report lines, one per defect."""
    path = INPUTS / f"{name}.driver.expected"
    return path.read_text().splitlines() if path.is_file() else expected(name)


def test_every_script_has_inputs():
    assert NAMES, "no script in cocci/"
    for name in NAMES:
        assert (INPUTS / f"{name}.c").is_file(), name
        assert expected(name), f"{name}.expected lists no report"


@pytest.mark.parametrize("name", NAMES)
def test_header_conventions(name):
    script = COCCI / f"uaccess_{name}.cocci"
    text = script.read_text()
    assert text.splitlines()[1].startswith("/// ")
    for field in ("// Confidence:", "// Options:", "// Keywords:"):
        assert field in text, field
    assert "What the script cannot see" in text
    s = parse_script(script)
    assert {"report", "org", "context"} <= set(s.modes)


@pytest.mark.parametrize("name", NAMES)
def test_report(name):
    proc = spatch(name, "report")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == expected(name)
    assert "EXN" not in proc.stderr, proc.stderr


@pytest.mark.parametrize("name", NAMES)
def test_context_marks_reported_lines(name):
    proc = spatch(name, "context")
    assert proc.returncode == 0, proc.stderr
    reported = {int(l.split(":")[1]) for l in expected(name)}
    source = (INPUTS / f"{name}.c").read_text().splitlines()
    marked = [l[1:] for l in proc.stdout.splitlines() if l.startswith("-") and not l.startswith("---")]
    assert marked, proc.stdout
    for line in reported:
        assert source[line - 1] in marked, f"{name}.c:{line} not marked"


@pytest.mark.parametrize("name", NAMES)
def test_org(name):
    proc = spatch(name, "org")
    assert proc.returncode == 0, proc.stderr
    todos = [l for l in proc.stdout.splitlines() if l.startswith("* TODO")]
    assert len(todos) == len(expected(name))


PATCHED = sorted(p.name.split(".")[0] for p in INPUTS.glob("*.patch.expected"))


@pytest.mark.parametrize("name", PATCHED)
def test_patch(name):
    proc = spatch(name, "patch")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("--- ") and lines[1].startswith("+++ ")
    assert lines[2:] == (INPUTS / f"{name}.patch.expected").read_text().splitlines()


def test_patch_modes_declared():
    for name in NAMES:
        modes = parse_script(COCCI / f"uaccess_{name}.cocci").modes
        assert ("patch" in modes) == (name in PATCHED), name


# ---- make coccicheck in the 6.12 tree ---------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_make_coccicheck(fx, name, tmp_path):
    shutil.copy(INPUTS / f"{name}.c", tmp_path / f"{name}.c")
    proc = subprocess.run(["make", "-s", "-C", str(fx.src), "coccicheck", "MODE=report",
                           f"COCCI={COCCI / f'uaccess_{name}.cocci'}", f"M={tmp_path}", "J=1"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, env=kbuild_env(),
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = [l.replace(f"{tmp_path}/", "") for l in proc.stdout.splitlines() if l.startswith(f"{tmp_path}/")]
    assert got == expected(name)


# ---- the driver -------------------------------------------------------------------------------

def driver(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, DRIVER, "cocci", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, cwd=cwd, timeout=900)


@pytest.mark.parametrize("name", NAMES)
def test_driver_one_script(name, tmp_path):
    shutil.copy(INPUTS / f"{name}.c", tmp_path / f"{name}.c")
    proc = driver("-s", f"uaccess_{name}", str(tmp_path))
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.splitlines() == driver_expected(name)


def test_driver_sorted_all_scripts(tmp_path):
    for name in NAMES:
        shutil.copy(INPUTS / f"{name}.c", tmp_path / f"{name}.c")
    proc = driver(str(tmp_path))
    assert proc.returncode == 1, proc.stderr
    lines = proc.stdout.splitlines()
    for name in NAMES:
        assert set(driver_expected(name)) <= set(lines), name
    found = [l for l in lines if ": note: " not in l]
    key = [(l.split(":")[0], int(l.split(":")[1]), int(l.split(":")[2].split("-")[0])) for l in found]
    assert key == sorted(key)
    assert len(found) == len(set(found))
    assert lines and ": note: " not in lines[0]
    assert proc.stderr.splitlines()[-1].startswith(f"uaccess-check: cocci: {len(NAMES)} scripts, ")


@pytest.mark.parametrize("level", [0, 1, 2])
def test_driver_filters_by_level_like_scan(tmp_path, level):
    """--level N shows what scan shows at level N (finding.at_level): level 0 drops the
    distances, 1 keeps the region's (distance.c) but not a kept pointer's (unchecked.c's
    KVM slot), 2, the default, shows everything."""
    for name in ("distance", "unchecked"):
        shutil.copy(INPUTS / f"{name}.c", tmp_path / f"{name}.c")
    scripts = ("-s", "uaccess_distance", "-s", "uaccess_unchecked")
    every = driver(*scripts, str(tmp_path)).stdout.splitlines()
    assert set(driver_expected("distance") + driver_expected("unchecked")) <= set(every)
    proc = driver(*scripts, "--level", str(level), str(tmp_path))
    kept = [l for l in every if "relies on a check made where the pointer was stored" in l]
    distances = [l for l in every if l.endswith("[distance]") and l not in kept]
    assert len(kept) == 2 and len(distances) == 3
    hidden = {0: kept + distances, 1: kept, 2: []}[level]
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.splitlines() == [l for l in every if l not in hidden]
    assert proc.stderr.splitlines()[-1].endswith(f", {len(every) - len(hidden)} findings")


def test_driver_no_reduce_same(tmp_path):
    for name in NAMES:
        shutil.copy(INPUTS / f"{name}.c", tmp_path / f"{name}.c")
    a = driver(str(tmp_path))
    b = driver("--no-reduce", "-j", "1", str(tmp_path))
    assert a.stdout == b.stdout and a.stdout


def test_driver_one_finding_per_defect(tmp_path):
    """powerpc's emulate_spe() shape (7.1): both accesses through p = addr are one defect, said at
    the first with the alias's origin and the other access as located notes, in every format."""
    shutil.copy(INPUTS / "scoped.c", tmp_path / "scoped.c")
    text = driver("-s", "uaccess_scoped", str(tmp_path)).stdout.splitlines()
    first = next(i for i, l in enumerate(text) if l.startswith("scoped.c:268:2-17: "))
    assert text[first + 1] == "scoped.c:269:17: note: also here"
    assert not [l for l in text if l.startswith("scoped.c:269:2-17: ")]
    proc = driver("-s", "uaccess_scoped", "--format", "json", str(tmp_path))
    assert proc.returncode == 1, proc.stderr
    spe = [f for f in json.loads(proc.stdout)["findings"] if f["function"] == "scoped_emulate_spe"]
    assert [(f["line"], f["column"], f["class"]) for f in spe] == [(268, 17, "unchecked")]
    assert spe[0]["notes"] == [
        {"file": "scoped.c", "line": 265, "column": 21, "message": "'p' set from 'addr' here"},
        {"file": "scoped.c", "line": 269, "column": 17, "message": "also here"}]
    assert proc.stderr.splitlines()[-1].endswith(f", {len(json.loads(proc.stdout)['findings'])} findings")
    sarif = json.loads(driver("-s", "uaccess_scoped", "--format", "sarif", str(tmp_path)).stdout)
    result = next(r for r in sarif["runs"][0]["results"]
                  if r["locations"][0]["physicalLocation"]["region"]["startLine"] == 268)
    assert [(r["physicalLocation"]["region"]["startLine"], r["message"]["text"])
            for r in result["relatedLocations"]] == [(265, "'p' set from 'addr' here."), (269, "also here.")]


def test_driver_nothing_found(tmp_path):
    (tmp_path / "clean.c").write_text("int f(int __user *p)\n{\n\treturn put_user(1, p);\n}\n")
    proc = driver(str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""


@pytest.mark.parametrize("args", [("/nonexistent/dir",), ("-s", "no_such_script", "."), ("--jobs", "0", "."),
                                  ("--timeout", "0", "."), ("--mode", "bogus", ".")],
                         ids=lambda a: " ".join(a))
def test_driver_bad_input(args):
    proc = driver(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    assert proc.stderr.startswith("uaccess-check: error: ")


def test_driver_timeout_reported(tmp_path):
    # a big generated function: far more than 1 s for the unchecked script
    body = "".join(f"\tif (x == {i}) unsafe_put_user({i}, p + {i}, efault);\n" for i in range(3000))
    (tmp_path / "big.c").write_text(f"int big(int __user *p, int x)\n{{\n{body}\treturn 0;\nefault:\n\treturn -1;\n}}\n")
    proc = driver("-s", "uaccess_unchecked", "--timeout", "1", str(tmp_path))
    assert proc.returncode == 2
    assert "big.c timed out after 1 s" in proc.stderr


# ---- the reduction keeps lines and relevant functions -----------------------------------------

def test_reduce_keeps_lines_and_callers():
    src = ("/* { */\n#define X(a) do { a; } while (0)\nstatic int h(int __user *p)\n{\n"
           "\tunsafe_put_user(1, p, e);\n\treturn 0;\ne:\n\treturn 1;\n}\n"
           "int caller(int __user *p)\n{\n\treturn h(p);\n}\n"
           "int unrelated(void)\n{\n\tchar *s = \"}\";\n\treturn 0;\n}\n"
           "struct s { int a; };\nstatic const struct s v = { 1 };\n")
    out = reduce_source(src, {"unsafe_put_user"})
    assert out is not None
    assert len(out) == len(src) and out.count("\n") == src.count("\n")
    assert "unsafe_put_user" in out and "return h(p);" in out
    assert "unrelated" not in out and "\"}\"" not in out
    assert "#define X(a)" in out and "struct s { int a; };" in out and "= { 1 };" in out
    assert [f[0] for f in functions(mask(src))] == ["h", "caller", "unrelated"]


def test_chunks_balance():
    files = [Path(f"f{i}") for i in range(5)]
    sizes = {f: s for f, s in zip(files, (100, 90, 10, 10, 5))}
    groups = chunks(files, sizes, 2)
    assert sorted(sum(sizes[f] for f in g) for g in groups) == [105, 110]
    assert chunks(files[:1], sizes, 2) == [[files[0]]]


def test_plan_splits_only_a_large_script():
    files = {n: [Path(f"{n}{i}") for i in range(k)] for n, k in (("big", 6), ("mid", 2), ("small", 1))}
    sizes = {n: {f: 100 for f in fs} for n, fs in files.items()}
    # big holds 600 of 900 bytes: more than a quarter with two jobs, split (in two: no more runs
    # than jobs); mid, 200, and small one run each; largest first
    runs = plan(files, sizes, 2)
    assert [(n, len(g)) for n, g in runs] == [("big", 3), ("big", 3), ("mid", 2), ("small", 1)]
    assert sorted(f for n, g in runs if n == "big" for f in g) == sorted(files["big"])
    assert [(n, len(g)) for n, g in plan(files, sizes, 1)] == [("big", 6), ("mid", 2), ("small", 1)]


@pytest.mark.skipif(shutil.which("rg") is None, reason="ripgrep not installed")
def test_rg_lists_what_grep_lists(fx, tmp_path):
    """Where ripgrep is installed the prefilter runs it instead of GNU grep: the same files, also
    those the tree's .gitignore names, hidden ones, binary ones, top-level files not *.c or *.h
    (grep's --include filters those too) and symlinks (not followed below an argument)."""
    for name, text in ((".gitignore", "*.c\n"), ("ignored.c", "unsafe_put_user"), (".hidden.c", "unsafe_put_user"),
                       ("top.txt", "unsafe_put_user"), ("bin.c", "\0\x01unsafe_put_user"), ("plain.c", "nothing")):
        (tmp_path / name).write_text(text)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "link.c").symlink_to(tmp_path / "ignored.c")
    patterns = grep_patterns({w for s in all_scripts() for w in s.keywords})
    for d in (tmp_path, INPUTS, REPO_ROOT / "testcases", fx.src):
        assert sorted(_rg(shutil.which("rg"), d, patterns, 2)) == sorted(_gnu_grep(d, patterns, 2)), d


def test_bench_format(tmp_path):
    for name in NAMES:
        shutil.copy(INPUTS / f"{name}.c", tmp_path / f"{name}.c")
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "cocci_bench.py"), "--runs", "1",
                           str(tmp_path)], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == f"uaccess_check cocci bench: {tmp_path}, {len(NAMES)} scripts, jobs 2, 1 runs"
    assert re.fullmatch(r"run 1: \d+\.\d{3} s, cpu \d+\.\d{3} s, \d+ files, \d+ runs, \d+ findings", lines[1])
    assert re.fullmatch(r"median wall: \d+\.\d{3} s \(goal 8 s: (met|missed)\), median cpu: \d+\.\d{3} s", lines[2])
    assert len(lines) == 3


def test_bench_patch_format():
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "cocci_bench.py"), "--runs", "1",
                           "--patch", "fs/readdir.c"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=600)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == f"uaccess_check cocci bench: patch of fs/readdir.c, linux 6.12, {len(NAMES)} scripts, jobs 2, 1 runs"
    # the same file before and after: the same findings
    m = re.fullmatch(r"run 1: \d+\.\d{3} s, cpu \d+\.\d{3} s, (\d+) findings before, (\d+) after", lines[1])
    assert m and m[1] == m[2], lines[1]
    assert re.fullmatch(r"median wall: \d+\.\d{3} s \(goal 2 s: (met|missed)\), median cpu: \d+\.\d{3} s", lines[2])
    bad = subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "cocci_bench.py"), "--patch", "no/such.c"],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
    assert bad.returncode == 2 and bad.stderr.strip() == \
        "cocci_bench.py: error: no such file in the 6.12 tree: no/such.c"


def test_driver_patch_and_context_headers(tmp_path):
    shutil.copy(INPUTS / "region_end.c", tmp_path / "region_end.c")
    proc = driver("--mode", "patch", "-s", "uaccess_region_end", str(tmp_path))
    assert proc.returncode == 1, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[:3] == ["diff -u -p a/region_end.c b/region_end.c", "--- a/region_end.c",
                         "+++ b/region_end.c"]
    assert lines[3:] == (INPUTS / "region_end.patch.expected").read_text().splitlines()
    proc = driver("--mode", "context", "-s", "uaccess_region_end", str(tmp_path))
    assert proc.returncode == 1, proc.stderr
    assert f"--- {tmp_path}/region_end.c" in proc.stdout.splitlines()
    assert "/tmp/nothing" not in proc.stdout and "uaccess-cocci-" not in proc.stdout


def test_region_single_function_file(tmp_path):
    # no helper in the file: the helper rules bind nothing, the other rules must still report
    src = (INPUTS / "region.c").read_text()
    start = src.index("/* access after the end */")
    end = src.index("/* access before the begin */")
    (tmp_path / "region.c").write_text(src[start:end])
    proc = spatch("region", "report", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "region.c:8:1-16: unsafe_put_user() is outside an open user-access region on some path: "
        "after user_write_access_end() at line 7 [region]"]


@pytest.mark.parametrize("arch", ["x86", "powerpc", "arm64", "s390"])
def test_family_judged_by_architecture(tmp_path, arch):
    """uaccess_family.cocci judges by directory, as the tree shows it (the driver's copies keep
    the path): arm64's family checks or masks on its own and s390's user space is an address
    space of its own (access_ok() is always true there), so the same file under arch/arm64/ or
    arch/s390/ gives nothing; under arch/x86/ or arch/powerpc/ it gives family.expected."""
    d = tmp_path / "arch" / arch / "kernel"
    d.mkdir(parents=True)
    shutil.copy(INPUTS / "family.c", d / "family.c")
    proc = driver("-s", "uaccess_family", str(tmp_path))
    if arch in ("arm64", "s390"):
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout == ""
    else:
        assert proc.returncode == 1, proc.stderr
        assert proc.stdout.splitlines() == [f"arch/{arch}/kernel/{l}" for l in driver_expected("family")]


def test_family_lists_follow_their_tables():
    """uaccess_family.cocci writes out, for spatch and the driver, what cocci/lib keeps in one
    place: the architectures it does not judge (// Exclude:, family.SAFE_ARCHES) and the first
    members of the registered fields (its ftype rule, registered.FIRST_MEMBERS)."""
    sys.path.insert(0, str(COCCI / "lib"))
    try:
        import family
        import registered
    finally:
        sys.path.pop(0)
    script = parse_script(COCCI / "uaccess_family.cocci")
    assert {e for e in script.excludes if e.endswith("/")} == {f"arch/{a}/" for a in family.SAFE_ARCHES}
    assert script.excluded("arch/arm64/kernel/signal.c") and script.excluded("include/linux/uaccess.h")
    assert not script.excluded("arch/x86/kernel/signal.c")
    m = re.search(r'identifier f =~ "\^\(([\w|]+)\)\$";', (COCCI / "uaccess_family.cocci").read_text())
    assert m and set(m.group(1).split("|")) == registered.FIRST_MEMBERS
