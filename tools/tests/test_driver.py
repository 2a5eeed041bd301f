"""The uaccess-check driver: command line, error handling, diagnostics parsing, unit discovery."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from uaccess_check import REPO_ROOT
from uaccess_check.diag import (Diagnostic, parse_diagnostic, parse_summary, plugin_diagnostics,
                                relative_to, summaries)
from uaccess_check.kbuild import compile_argv
from uaccess_check.units import accessor_names, header_definitions

DRIVER = str(REPO_ROOT / "uaccess-check")


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run([sys.executable, DRIVER, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=full_env, timeout=600)


# ---- command line -----------------------------------------------------------------------------

def test_cflags_default(plugin_so):
    proc = run("cflags")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"-fplugin={plugin_so}\n"
    assert os.path.isabs(proc.stdout.split("=", 1)[1].strip())


def test_cflags_options(plugin_so, tmp_path):
    proc = run("cflags", "--level", "2", "--facts", str(tmp_path), "--verbose", "--error")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == [
        f"-fplugin={plugin_so}",
        "-fplugin-arg-uaccess_check-level=2",
        f"-fplugin-arg-uaccess_check-facts={tmp_path.resolve()}",
        "-fplugin-arg-uaccess_check-verbose",
        "-fplugin-arg-uaccess_check-error",
    ]


def test_kernel_prints_build_dir(fx):
    proc = run("kernel")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"{fx.build}\n"
    assert proc.stderr == ""  # already prepared: no work, no noise


BAD_INPUTS = [
    ("cflags", "--level", "3"),
    ("cflags", "--level", "x"),
    ("cflags", "--level", "-1"),
    ("cflags", "--facts", "/nonexistent/facts-dir"),
    ("scan", "--level", "9"),
    ("scan", "--jobs", "0"),
    ("scan", "--bogus"),
    ("frobnicate",),
    (),
]


@pytest.mark.parametrize("args", BAD_INPUTS, ids=lambda a: " ".join(a) or "no-args")
def test_bad_input_one_line(args):
    proc = run(*args)
    assert proc.returncode != 0
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("uaccess-check: error: ")


def test_missing_plugin_override():
    proc = run("cflags", env={"UACCESS_CHECK_PLUGIN": "/nonexistent/uaccess_check.so"})
    assert proc.returncode != 0
    assert proc.stderr.splitlines() == ["uaccess-check: error: UACCESS_CHECK_PLUGIN=/nonexistent/uaccess_check.so: no such file"]


# ---- diagnostics parsing ----------------------------------------------------------------------

STDERR = """\
/root/.cache/uaccess-check/linux-6.12/fs/readdir.c: In function 'filldir':
/root/.cache/uaccess-check/linux-6.12/fs/readdir.c:250:9: warning: unsafe_put_user() writes 8 bytes at offset 24 of 'dirent', beyond the 16 bytes checked [-Wuaccess-range]
  250 |         unsafe_put_user(offset, &prev->d_off, efault_end);
      |         ^~~~~~~~~~~~~~~
/root/.cache/uaccess-check/linux-6.12/fs/readdir.c:240:14: note: region opened here with size 16
In file included from /root/.cache/uaccess-check/linux-6.12/include/linux/uaccess.h:12:
/root/.cache/uaccess-check/linux-6.12/fs/readdir.c:260:5: warning: unused variable 'x' [-Wunused-variable]
/root/.cache/uaccess-check/linux-6.12/fs/readdir.c:261:5: note: declared here
fs/select.c:1000:3: error: unsafe_get_user() outside any user access region [-Werror=uaccess-region]
fs/select.c:990:1: note: in expansion of macro 'unsafe_get_user'
uaccess_check: summary: /root/.cache/uaccess-check/linux-6.12/fs/readdir.c: accesses=12 proven=11 callers=0 unproven=1 reported=1
"""


def test_parse_diagnostic():
    d = parse_diagnostic("fs/readdir.c:250:9: warning: unsafe_put_user() beyond the range [-Wuaccess-range]")
    assert d == Diagnostic("fs/readdir.c", 250, 9, "warning",
                           "unsafe_put_user() beyond the range [-Wuaccess-range]")
    assert d.uaccess_class == "range"
    assert d.format("readdir.c") == "readdir.c:250:9: warning: unsafe_put_user() beyond the range [-Wuaccess-range]"
    assert parse_diagnostic("x.c:1:2: note: opened here").kind == "note"
    assert parse_diagnostic("x.c:1:2: fatal error: foo.h: No such file").kind == "fatal error"
    assert parse_diagnostic("  250 |   unsafe_put_user(a, b, c);") is None
    assert parse_diagnostic("fs/readdir.c: In function 'filldir':") is None
    assert parse_diagnostic("x.c:1:2: warning: unused [-Wunused]").uaccess_class is None
    assert parse_diagnostic("x.c:1:2: warning: a [-Wuaccess-unproven]").uaccess_class == "unproven"


def test_plugin_diagnostics_groups_notes():
    got = [d.format() for d in plugin_diagnostics(STDERR.splitlines())]
    root = "/root/.cache/uaccess-check/linux-6.12/"
    assert got == [
        root + "fs/readdir.c:250:9: warning: unsafe_put_user() writes 8 bytes at offset 24 of 'dirent', "
               "beyond the 16 bytes checked [-Wuaccess-range]",
        root + "fs/readdir.c:240:14: note: region opened here with size 16",
        "fs/select.c:1000:3: error: unsafe_get_user() outside any user access region [-Werror=uaccess-region]",
        "fs/select.c:990:1: note: in expansion of macro 'unsafe_get_user'",
    ]


def test_summary():
    (s,) = summaries(STDERR.splitlines())
    assert (s.accesses, s.proven, s.callers, s.unproven, s.reported) == (12, 11, 0, 1, 1)
    root = "/root/.cache/uaccess-check/linux-6.12"
    assert s.format(relative_to(s.file, [root])) == \
        "uaccess_check: summary: fs/readdir.c: accesses=12 proven=11 callers=0 unproven=1 reported=1"
    assert parse_summary("uaccess_check: summary: a.c: accesses=1") is None


def test_relative_to():
    assert relative_to("/a/b/c.c", ["/x", "/a/b/"]) == "c.c"
    assert relative_to("/a/bc.c", ["/a/b"]) == "/a/bc.c"


# ---- discovery and saved commands ---------------------------------------------------------------

def test_header_definitions():
    text = """
#define unsafe_put_foo(x, p, l) do {	\\
	unsafe_put_user(x, p, l);	\\
} while (0)
#define other(x) (x + 1)
struct s { int a; };
static inline int put_bar(int __user *p)
{
	/* { unbalanced in a comment */
	if (p) { unsafe_get_user(x, p, e); }
	return 0;
}
extern int decl(int);
"""
    defs = header_definitions(text)
    assert "unsafe_put_user(x, p, l)" in defs["unsafe_put_foo"][0]
    assert defs["other"] == [" (x + 1)"]
    assert "unsafe_get_user" in defs["put_bar"][0]
    assert "s" not in defs and "decl" not in defs


def test_accessor_names(fx):
    names = accessor_names(fx.src)
    for name in ("unsafe_put_user", "unsafe_get_user", "unsafe_copy_to_user", "unsafe_try_cmpxchg_user",
                 "unsafe_put_compat_sigset", "unsafe_get_compat_sigset", "unsafe_save_altstack",
                 "unsafe_compat_save_altstack"):
        assert name in names
    assert names == sorted(names)


def test_compile_argv_redirects_output(fx, plugin_so, tmp_path):
    from uaccess_check.kbuild import make_objects
    make_objects(fx, ["fs/readdir.c"], 1)
    argv = compile_argv(fx.build, "fs/readdir.o", ["-DX"], tmp_path / "r.o")
    assert argv[0] == "gcc"
    assert argv[-1] == f"{fx.src}/fs/readdir.c"
    assert argv[-2] == "-DX"
    assert argv[argv.index("-o") + 1] == str(tmp_path / "r.o")
    assert f"-Wp,-MMD,{tmp_path / 'r.o'}.d" in argv
    assert not any("uaccess_check" in a for a in argv[:-2])
