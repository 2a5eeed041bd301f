"""`make C=1|2 CHECK="uaccess-check sparse"`: sparse's output and status, then the plugin's findings.

On 6.12 (sparse 0.6.4 works): a scratch copy of testcases/syscall_waitid_bad.c with one line sparse
warns about, built as an external module with C=1 and checked again with C=2, shows sparse's line
then the case's expected diagnostics, and the dependency information kbuild keeps is the same as
without CHECK; the fixture's fs/readdir.o is checked with C=2 (no rebuild, nothing in the fixture
changes): sparse-clean, no level-0 finding, and at UACCESS_CHECK_LEVEL=2 exactly the findings of a
direct compile with the plugin. W=1 gives level 1, -Wsparse-error makes a finding fail, a broken
compiler or plugin is one line and sparse's status, bad invocations are one line and exit 2.

On 7.2 kbuild validates CHECK with scripts/checker-valid.sh, which Debian's sparse fails: the
wrapper passes it (its checks really compile the file) and fails it when they cannot, and
`make C=1`/`C=2` then checks, with the "sparse cannot parse this kernel" line once per make.
"""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import pytest

from casebuild import parse_case
from conftest import kernel_fixture
from uaccess_check import REPO_ROOT
from uaccess_check.diag import basename, parse_diagnostic, plugin_diagnostics
from uaccess_check.fixture import Fixture, kbuild_env, locked
from uaccess_check.kbuild import compile_with, make_objects
from uaccess_check.plugin import plugin_flags

WRAPPER = REPO_ROOT / "uaccess-check"
CHECK = f"{WRAPPER} sparse"
CASES = REPO_ROOT / "testcases"
# What kbuild passes before c_flags on x86_64 ($(CHECKFLAGS), the same on 6.12 and 7.2).
CHECKFLAGS = ["-D__linux__", "-Dlinux", "-D__STDC__", "-Dunix", "-D__unix__", "-Wbitwise",
              "-Wno-return-void", "-Wno-unknown-attribute", "-D__x86_64__", "--arch=x86",
              "-mlittle-endian", "-m64"]
SPARSE_LINE = "syscall_waitid_bad.c:46:5: warning: symbol 'uacheck_sparse_demo' was not declared. Should it be static?"
ONCE = ("uaccess-check: sparse: sparse 0.6.4 (Debian: 0.6.4-3) cannot parse this kernel "
        "(scripts/checker-valid.sh rejects it, e.g. no __typeof_unqual__); running uaccess_check's checks alone")
CHECKER_OFF = "but uaccess-check sparse is not available or not up to date"  # kbuild's warning


def make(fx: Fixture, *args: str, mdir: Path | None = None, env: dict[str, str] | None = None):
    """kbuild in fx's build dir, serial, stdout and stderr merged (each file's lines follow its
    CHECK line). The fixture's own objects are built with KCFLAGS= (as scan builds them)."""
    argv = ["make", "-C", str(fx.build), "-j1", "KCFLAGS="] + ([f"M={mdir}"] if mdir else []) + list(args)
    run = lambda: subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, errors="replace",
                                 env=dict(kbuild_env(), **(env or {})), timeout=600)
    if mdir is not None:
        return run()
    with locked(fx.cache):  # concurrent kbuild runs in one O= dir race
        return run()


def wrapper(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(WRAPPER), "sparse"] + args, cwd=cwd, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, errors="replace",
                          env=dict(kbuild_env(), **env), timeout=600)


def located(output: str, root: Path | None = None) -> list[str]:
    """The GCC-format lines of output (sparse's and the plugin's), files by basename."""
    out = []
    for line in output.splitlines():
        d = parse_diagnostic(line)
        if d is not None:
            out.append(d.format(basename(d.file)))
    return out


def module(tmp: Path, *cases: Path, extra: str = "") -> Path:
    """A scratch external module of copies of the cases (extra appended to the first)."""
    tmp.mkdir(parents=True, exist_ok=True)
    for i, case in enumerate(cases):
        text = case.read_text() + (extra if i == 0 else "")
        (tmp / case.name).write_text(text)
    (tmp / "Kbuild").write_text("".join(f"obj-m += {c.stem}.o\n" for c in cases))
    return tmp


def check_argv(mdir: Path, obj: str) -> list[str]:
    """What kbuild passes to CHECK for a module's obj: $(CHECKFLAGS) $(c_flags) $< (from the
    command it saved: savedcmd_<abs obj> := gcc <c_flags> -c -o <obj> <source> [; objtool ...])."""
    first = (mdir / f".{obj}.cmd").read_text().splitlines()[0]
    assert first.startswith(f"savedcmd_{mdir}/{obj} := "), first
    argv = shlex.split(first.split(" := ", 1)[1])
    if ";" in argv:  # "; ./tools/objtool/objtool ... <obj>" after the compile
        argv = argv[:argv.index(";")]
    i = argv.index("-c")
    assert argv[i + 1] == "-o"
    return CHECKFLAGS + argv[1:i] + argv[i + 3:]


def deps_state(mdir: Path) -> dict[str, bytes]:
    """kbuild's dependency information of a module dir: the .cmd files; and any .d left over."""
    return {p.name: p.read_bytes() for p in sorted(mdir.glob(".*.cmd")) + sorted(mdir.glob("*.d"))
            + sorted(mdir.glob(".*.d"))}


# ---- bad invocations -----------------------------------------------------------------------

@pytest.mark.parametrize("args", [[], ["-D__linux__", "-m64"], ["/nonexistent/foo.c"]])
def test_bad_invocation_one_line_exit_2(tmp_path, args):
    proc = wrapper(args, tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and proc.stderr.startswith("uaccess-check: error: sparse: ")


def test_bad_level_one_line_exit_2(fx, plugin_so, tmp_path):
    src = tmp_path / "x.c"
    src.write_text("int x;\n")
    proc = wrapper([str(src)], tmp_path, UACCESS_CHECK_LEVEL="7")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == "uaccess-check: error: sparse: UACCESS_CHECK_LEVEL=7: expected one of 0, 1, 2\n"


# ---- 6.12: a testcase module, C=1 then C=2 --------------------------------------------------

@pytest.fixture(scope="module")
def waitid(fx, plugin_so, tmp_path_factory):
    """syscall_waitid_bad.c plus a global sparse warns about: built plainly first (the reference
    .cmd), then from scratch with C=1 CHECK=uaccess-check, then checked again with C=2."""
    mdir = module(tmp_path_factory.mktemp("sparse_waitid"), CASES / "syscall_waitid_bad.c",
                  extra="int uacheck_sparse_demo;\n")
    plain = make(fx, "syscall_waitid_bad.o", mdir=mdir)
    assert plain.returncode == 0, plain.stdout[-3000:]
    reference = deps_state(mdir)
    (mdir / "syscall_waitid_bad.o").unlink()
    (mdir / ".syscall_waitid_bad.o.cmd").unlink()
    c1 = make(fx, "C=1", f"CHECK={CHECK}", "syscall_waitid_bad.o", mdir=mdir)
    after_c1 = deps_state(mdir)
    obj_mtime = (mdir / "syscall_waitid_bad.o").stat().st_mtime_ns
    c2 = make(fx, "C=2", f"CHECK={CHECK}", "syscall_waitid_bad.o", mdir=mdir)
    sparse_only = make(fx, "C=2", "syscall_waitid_bad.o", mdir=mdir)  # CHECK=sparse, kbuild's default
    return dict(mdir=mdir, reference=reference, after_c1=after_c1, c1=c1, c2=c2, sparse=sparse_only,
                obj_mtime=obj_mtime, after_all=deps_state(mdir))


def test_c1_prints_sparse_then_plugin(waitid):
    expected = [SPARSE_LINE] + parse_case(CASES / "syscall_waitid_bad.c").expected
    assert waitid["c1"].returncode == 0, waitid["c1"].stdout[-3000:]
    assert located(waitid["c1"].stdout) == expected
    assert f"  CHECK   {waitid['mdir']}/syscall_waitid_bad.c" in waitid["c1"].stdout.splitlines()


def test_c2_checks_without_rebuilding(waitid):
    assert waitid["c2"].returncode == 0, waitid["c2"].stdout[-3000:]
    assert located(waitid["c2"].stdout) == located(waitid["c1"].stdout)
    assert "  CC [M]" not in waitid["c2"].stdout
    assert (waitid["mdir"] / "syscall_waitid_bad.o").stat().st_mtime_ns == waitid["obj_mtime"]


def test_sparse_output_kept_as_is(waitid):
    """The wrapper's output begins with exactly what sparse alone prints."""
    alone = [l for l in waitid["sparse"].stdout.splitlines() if parse_diagnostic(l)]
    assert alone and [l.replace(f"{waitid['mdir']}/", "") for l in alone] == [SPARSE_LINE]
    ours = [l for l in waitid["c2"].stdout.splitlines() if parse_diagnostic(l)]
    assert ours[:len(alone)] == alone


def test_dependency_files_stay_kbuilds(waitid):
    """Same .cmd (kbuild's dependency list) as a build without CHECK, and no .d file left."""
    assert waitid["after_c1"] == waitid["reference"]
    assert waitid["after_all"] == waitid["reference"]
    assert not [p for p in waitid["mdir"].iterdir() if p.name.endswith(".d")]


def _waitid_argv(waitid, depfile: Path) -> list[str]:
    argv = check_argv(waitid["mdir"], "syscall_waitid_bad.o")
    return [f"-Wp,-MMD,{depfile}" if a.startswith("-Wp,-MMD,") else a for a in argv]


def test_depfile_option_not_honoured(fx, waitid, tmp_path):
    dep = tmp_path / "dep.d"
    proc = wrapper(_waitid_argv(waitid, dep), fx.build)
    assert proc.returncode == 0, proc.stderr
    assert not dep.exists()
    assert len(located(proc.stderr)) == 7  # sparse's line and the plugin's six


@pytest.mark.parametrize("flag, status", [(None, 0), ("-Wsparse-error", 1), ("-Wno-sparse-error", 0)])
def test_exit_status(fx, waitid, tmp_path, flag, status):
    """sparse's status; a plugin warning fails only under -Wsparse-error (sparse's own switch)."""
    src = waitid["mdir"] / "syscall_waitid_bad.c"
    clean = tmp_path / "clean.c"  # sparse-clean: only the plugin's warnings
    clean.write_text((CASES / "syscall_waitid_bad.c").read_text())
    argv = _waitid_argv(waitid, tmp_path / "dep.d")
    argv = [str(clean) if a == str(src) else a for a in argv]
    if flag:
        argv.insert(0, flag)
    proc = wrapper(argv, fx.build)
    assert proc.returncode == status, proc.stderr
    assert len(located(proc.stderr)) == 6


@pytest.mark.parametrize("env, what", [({"UACCESS_CHECK_CC": "false"}, "false has no plugin headers"),
                                       ({"UACCESS_CHECK_PLUGIN": "/nonexistent/uaccess_check.so"},
                                        "UACCESS_CHECK_PLUGIN=/nonexistent/uaccess_check.so: no such file")])
def test_our_failure_is_one_line_and_sparses_status(fx, waitid, tmp_path, env, what):
    proc = wrapper(_waitid_argv(waitid, tmp_path / "dep.d"), fx.build, **env)
    assert proc.returncode == 0
    lines = proc.stderr.splitlines()
    assert [l.replace(f"{waitid['mdir']}/", "") for l in lines[:-1]] == [SPARSE_LINE]
    assert lines[-1].startswith(f"uaccess-check: sparse: {waitid['mdir']}/syscall_waitid_bad.c: "
                                f"not checked by uaccess_check: {what}")
    assert "Traceback" not in proc.stderr


def test_w1_is_level_1(fx, plugin_so, tmp_path):
    """make W=1 C=1: distance appears (the plugin reads KBUILD_EXTRA_WARN); without W=1 nothing;
    UACCESS_CHECK_LEVEL=1 gives it too."""
    case = CASES / "distance_caller_chain.c"
    mdir = module(tmp_path / "m", case)
    plain = make(fx, "C=1", f"CHECK={CHECK}", f"{case.stem}.o", mdir=mdir)
    assert plain.returncode == 0 and located(plain.stdout) == [], plain.stdout[-3000:]
    w1 = make(fx, "W=1", "C=1", f"CHECK={CHECK}", f"{case.stem}.o", mdir=mdir)
    assert w1.returncode == 0, w1.stdout[-3000:]
    expected = parse_case(case).expected
    assert [l for l in located(w1.stdout) if "uaccess" in l or ": note: " in l] == expected
    proc = wrapper(check_argv(mdir, f"{case.stem}.o"), fx.build, UACCESS_CHECK_LEVEL="1")
    assert proc.returncode == 0 and located(proc.stderr) == expected, proc.stderr


# ---- 6.12: the fixture's fs/readdir.o with C=2 -------------------------------------------------

def direct(fx: Fixture, so: Path, unit: str, level: int, tmp: Path) -> list[str]:
    """The plugin's diagnostics of a direct compile of unit (scan's way)."""
    res = compile_with(fx, unit, plugin_flags(so, level=level), tmp / "direct.o")
    assert res.returncode == 0, res.stderr[-3000:]
    return [d.format() for d in plugin_diagnostics(res.stderr.splitlines())]


def fixture_state(fx: Fixture) -> tuple:
    o, cmd = fx.build / "fs" / "readdir.o", fx.build / "fs" / ".readdir.o.cmd"
    return (o.stat().st_mtime_ns, o.read_bytes(), cmd.stat().st_mtime_ns, cmd.read_bytes(),
            (fx.build / "fs" / ".readdir.o.d").exists())


def check_readdir(fx: Fixture, **env: str):
    make_objects(fx, ["fs/readdir.c"], 1)  # a no-op when built (the fixture is built plainly)
    before = fixture_state(fx)
    proc = make(fx, "C=2", f"CHECK={CHECK}", "fs/readdir.o", env=env)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert fixture_state(fx) == before
    assert f"  CHECK   {fx.src}/fs/readdir.c" in proc.stdout.splitlines(), proc.stdout[-3000:]
    return proc.stdout


def readdir_lines(output: str, fx: Fixture) -> list[str]:
    """The located lines that follow readdir's CHECK line (up to the next kbuild line)."""
    lines = output.splitlines()
    start = lines.index(f"  CHECK   {fx.src}/fs/readdir.c") + 1
    out = []
    for line in lines[start:]:
        if line.startswith("  ") or line.startswith("make"):
            break
        out.append(line)
    return out


def test_readdir_c2_clean_at_level_0(fx, plugin_so):
    out = check_readdir(fx)
    assert readdir_lines(out, fx) == []
    assert ONCE not in out


def test_readdir_c2_level_2_matches_a_direct_compile(fx, plugin_so, tmp_path):
    out = check_readdir(fx, UACCESS_CHECK_LEVEL="2")
    expected = direct(fx, plugin_so, "fs/readdir.c", 2, tmp_path)
    # 28 unproven accesses: 13 warnings, each with its note, and 15 "also here" notes (one
    # finding per defect)
    assert len(expected) == 41
    assert readdir_lines(out, fx) == expected


# ---- 7.2: kbuild's checker validation, C=2 on the fixture, C=1 on a module --------------------

@pytest.fixture(scope="module")
def fx7() -> Fixture:
    return kernel_fixture("7.2")


def checker_valid(fx7: Fixture, check: list[str], **env: str) -> str:
    proc = subprocess.run(["sh", str(fx7.src / "scripts" / "checker-valid.sh")] + check + CHECKFLAGS,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          env=dict(kbuild_env(), **env), timeout=120)
    return proc.stdout.strip()


def test_v7_validation(fx7, plugin_so):
    assert checker_valid(fx7, ["sparse"]) == "0"  # Debian's sparse 0.6.4: the premise
    assert checker_valid(fx7, [str(WRAPPER), "sparse"]) == "1"
    # Our checks are the only checker there: when they fail, kbuild must be told.
    assert checker_valid(fx7, [str(WRAPPER), "sparse"], UACCESS_CHECK_CC="false") == "0"


def test_v7_readdir_c2_checks(fx7, plugin_so, tmp_path):
    # level 2: 7.2's fs/readdir.c is silent at levels 0 and 1 (filldir's alias of the masked prev)
    out = check_readdir(fx7, UACCESS_CHECK_LEVEL="2")
    assert CHECKER_OFF not in out
    assert out.splitlines().count(ONCE) == 1, out[-3000:]  # two files checked (empty.c, readdir.c)
    expected = direct(fx7, plugin_so, "fs/readdir.c", 2, tmp_path)
    assert sum(1 for l in expected if ": warning: " in l) == 10  # one per defect
    assert readdir_lines(out, fx7) == expected


def test_v7_module_c1_checks(fx7, plugin_so, tmp_path):
    bad, ok = CASES / "v7" / "scoped_other_ptr.c", CASES / "v7" / "scoped_write_ok.c"
    mdir = module(tmp_path / "m", bad, ok)
    for run in ("C=1", "C=2"):  # C=1 builds and checks; C=2 checks again, in a new make
        proc = make(fx7, run, f"CHECK={CHECK}", f"{bad.stem}.o", f"{ok.stem}.o", mdir=mdir)
        assert proc.returncode == 0, proc.stdout[-3000:]
        assert CHECKER_OFF not in proc.stdout
        assert proc.stdout.splitlines().count(ONCE) == 1, proc.stdout[-3000:]
        assert located(proc.stdout) == parse_case(bad).expected
        checked = [basename(l.split()[-1]) for l in proc.stdout.splitlines() if l.startswith("  CHECK   ")]
        assert checked == [bad.name, ok.name]  # 7.x names a module's files relative to M=
