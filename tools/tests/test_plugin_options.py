"""The plugin's options, as a user sees them: the exact lines GCC prints and the exit status.

A small module (one access of each kind: proven, proven through its caller, unproven, unchecked)
is built as an external module of the prepared kernel, as a user would build their own code:
``make -C $BUILD M=$TMP opt_demo.o KCFLAGS="-fplugin=... -fplugin-arg-uaccess_check-..."``.
Every build runs in a fresh directory with ``LC_ALL=C`` (GCC then quotes with ASCII ').
"""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import pytest

from uaccess_check.diag import parse_diagnostic
from uaccess_check.fixture import kbuild_env
from uaccess_check.kbuild import saved_command
from uaccess_check.plugin import is_plugin_flag, plugin_flags

ARG = "-fplugin-arg-uaccess_check-"

# Line numbers below are those of this text (line 1 is the SPDX tag).
DEMO = """\
// SPDX-License-Identifier: GPL-2.0
/* uaccess_check option tests: one access of each kind. */
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/syscalls.h>
#include <linux/types.h>
#include <linux/uaccess.h>

/* proven: checked and accessed in the same function */
int od_proven(u32 __user *p, u32 v);
int od_proven(u32 __user *p, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(od_proven);

/* proven through its only caller */
static __always_inline int od_put(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int od_callers(u32 __user *p, u32 v);
int od_callers(u32 __user *p, u32 v)
{
	int err;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = od_put(p, v);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(od_callers);

/* unproven: relies on callers outside the unit (reported at level 2 only) */
int od_unproven(u32 __user *p, u32 v);
int od_unproven(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(od_unproven);

/* unchecked: a system call's pointer comes from user space and is never validated */
SYSCALL_DEFINE2(od_unchecked, u32 __user *, out, u32, value)
{
	__uaccess_begin();
	unsafe_put_user(value, out, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check option tests");
"""

# Only the access that relies on callers outside the unit: silent at level 0, two findings at 2.
UNPROVEN_ONLY = """\
// SPDX-License-Identifier: GPL-2.0
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int od_unproven(u32 __user *p, u32 v);
int od_unproven(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(od_unproven);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check option tests: unproven");
"""

# access_ok() 4 lines above the unchecked begin: a distance (level 1) when distance= is below 4.
DISTANCE = """\
// SPDX-License-Identifier: GPL-2.0
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int od_dist(u32 __user *p, u32 v);
int od_dist(u32 __user *p, u32 v)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	v += 1;
	v *= 3;
	__uaccess_begin();
	unsafe_put_user(v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(od_dist);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check option tests: distance");
"""

# A unit with no user access at all.
PLAIN = """\
// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>

int od_plain(int x);
int od_plain(int x)
{
	return x + 1;
}
EXPORT_SYMBOL_GPL(od_plain);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check option tests: no user access");
"""

UNCHECKED = ("{src}:61:9: {kind}: unsafe_put_user() on 'out' is not validated by access_ok() "
             "or a checking begin on every path [-Wuaccess-unchecked]")
UNCHECKED_NOTE = "{src}:61:9: note: no check of 'out' was found"
UNCHECKED_SHOWN = [  # GCC 12's whole report of it, with the function and the caret line
    "{src}: In function '__do_sys_od_unchecked':",
    UNCHECKED,
    "   61 |         unsafe_put_user(value, out, efault);",
    "      |         ^~~~~~~~~~~~~~~",
    UNCHECKED_NOTE,
]
UNPROVEN = [
    "{src}:10:9: warning: unsafe_put_user() on 'p' relies on a check in the callers of 'od_unproven', "
    "none of which is in this unit [-Wuaccess-unproven]",
    "{src}:10:9: warning: unsafe_put_user() relies on a user-access region opened by the callers of "
    "'od_unproven', none of which is in this unit [-Wuaccess-unproven]",
]
UNPROVEN_AT_50 = [l.replace("{src}:10:9:", "{src}:50:9:") for l in UNPROVEN]  # the same in DEMO
DISTANCE_WARNING = ("{src}:15:9: warning: __uaccess_begin() opens a region whose access_ok() is 4 lines "
                    "above it [-Wuaccess-distance]")

BAD_OPTION = ("cc1: error: uaccess_check: bad option '{opt}' (keys: level=0|1|2, distance=N, error, "
              "facts=DIR, verbose, disable; 'gcc -fplugin=uaccess_check.so -v --help' lists them)")

CRASH_WORDS = ("internal compiler error", "Segmentation fault", "Please submit a full bug report",
               "Traceback", "Aborted")


def env_c() -> dict[str, str]:
    env = kbuild_env()
    for k in [k for k in env if k.startswith("LC_") or k in ("LANG", "LANGUAGE")]:
        del env[k]
    env["LC_ALL"] = "C"
    return env


class Unit:
    """A fresh external-module directory holding one source file."""

    def __init__(self, fx, directory: Path, name: str = "opt_demo", text: str = DEMO, kbuild: str = ""):
        self.fx = fx
        self.dir = directory
        self.name = name
        self.src = directory / f"{name}.c"
        self.obj = directory / f"{name}.o"
        self.src.write_text(text)
        (directory / "Kbuild").write_text(f"obj-m += {name}.o\n" + kbuild)

    def build(self, kcflags: list[str], make_args: list[str] = ()) -> subprocess.CompletedProcess:
        """make -s -C $BUILD M=dir name.o KCFLAGS=...: stdout and stderr kept apart."""
        return subprocess.run(["make", "-s", "-C", str(self.fx.build), f"M={self.dir}", *make_args,
                               f"{self.name}.o", "KCFLAGS=" + " ".join(kcflags)],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace",
                              env=env_c(), timeout=600)

    def fmt(self, lines: list[str], kind: str = "warning") -> list[str]:
        return [l.format(src=self.src, kind=kind) for l in lines]


def compiler_lines(proc: subprocess.CompletedProcess) -> list[str]:
    """What the compiler printed: stderr without make's own '*** ... Error' lines."""
    return [l for l in proc.stderr.splitlines() if not l.startswith("make")]


def diagnostics(proc: subprocess.CompletedProcess) -> list[str]:
    """Every GCC diagnostic line (file:line:col: kind: text), in printed order."""
    return [l for l in compiler_lines(proc) if parse_diagnostic(l) is not None]


def no_crash(proc: subprocess.CompletedProcess) -> None:
    for word in CRASH_WORDS:
        assert word not in proc.stdout + proc.stderr, proc.stderr


@pytest.fixture
def demo(fx, tmp_path) -> Unit:
    return Unit(fx, tmp_path)


# ---- (a) default: warnings, and the build succeeds under CONFIG_WERROR=y ------------------------

def test_kernel_builds_with_werror(fx):
    config = (fx.build / ".config").read_text()
    assert "\nCONFIG_WERROR=y\n" in config


def test_default_warning_and_build_succeeds(demo, plugin_so):
    proc = demo.build(plugin_flags(plugin_so))
    no_crash(proc)
    assert proc.returncode == 0, proc.stderr
    assert demo.obj.is_file()
    # The kernel's -Werror really was on the command line of this compile.
    assert "-Werror" in shlex.split(saved_command(demo.dir, str(demo.obj)).split(";")[0])
    assert proc.stdout == ""
    # Everything the compiler printed: proven, through-callers and unproven accesses are silent.
    assert compiler_lines(proc) == demo.fmt(UNCHECKED_SHOWN)


def test_level_0_explicit_same_as_default(demo, plugin_so):
    proc = demo.build(plugin_flags(plugin_so, level=0))
    assert proc.returncode == 0, proc.stderr
    assert compiler_lines(proc) == demo.fmt(UNCHECKED_SHOWN)


# ---- (b) error ----------------------------------------------------------------------------------

def test_error_option_fails_the_compile(demo, plugin_so):
    proc = demo.build(plugin_flags(plugin_so, error=True))
    no_crash(proc)
    assert proc.returncode != 0
    assert not demo.obj.exists()
    assert compiler_lines(proc) == demo.fmt(UNCHECKED_SHOWN, kind="error")


def test_error_option_without_finding_builds(fx, tmp_path, plugin_so):
    unit = Unit(fx, tmp_path, "od_plain", PLAIN)
    proc = unit.build(plugin_flags(plugin_so, error=True))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert unit.obj.is_file()


# ---- (c) disable --------------------------------------------------------------------------------

def test_disable_is_silent(demo, plugin_so):
    proc = demo.build(plugin_flags(plugin_so, disable=True, level=2, verbose=True, error=True))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert demo.obj.is_file()


def test_per_file_opt_out(fx, tmp_path, plugin_so):
    """The documented per-file opt-out: CFLAGS_foo.o += -fplugin-arg-uaccess_check-disable."""
    unit = Unit(fx, tmp_path, kbuild=f"CFLAGS_opt_demo.o += {ARG}disable\n")
    proc = unit.build(plugin_flags(plugin_so, level=2, verbose=True))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert unit.obj.is_file()


# ---- (d) level ----------------------------------------------------------------------------------

@pytest.mark.parametrize("level", [None, 0, 1])
def test_unproven_silent_below_level_2(fx, tmp_path, plugin_so, level):
    unit = Unit(fx, tmp_path, "od_unproven", UNPROVEN_ONLY)
    proc = unit.build(plugin_flags(plugin_so, level=level))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


def test_level_2_reports_unproven(fx, tmp_path, plugin_so):
    unit = Unit(fx, tmp_path, "od_unproven", UNPROVEN_ONLY)
    proc = unit.build(plugin_flags(plugin_so, level=2))
    no_crash(proc)
    assert proc.returncode == 0, proc.stderr
    assert unit.obj.is_file()
    assert compiler_lines(proc) == [
        f"{unit.src}: In function 'od_unproven':",
        UNPROVEN[0].format(src=unit.src),
        "   10 |         unsafe_put_user(v, p, efault);",
        "      |         ^~~~~~~~~~~~~~~",
        UNPROVEN[1].format(src=unit.src),
    ]


def test_level_2_keeps_level_0_findings(demo, plugin_so):
    proc = demo.build(plugin_flags(plugin_so, level=2))
    assert proc.returncode == 0, proc.stderr
    got = diagnostics(proc)
    for line in demo.fmt(UNPROVEN_AT_50 + [UNCHECKED, UNCHECKED_NOTE]):
        assert line in got


# level 1 = distance; make W=1 (KBUILD_EXTRA_WARN=1) turns it on without the option.
@pytest.mark.parametrize("flags,w1,reported", [
    ([], False, False),
    (["distance=3"], False, False),  # level 0: no distance findings
    (["level=1"], False, False),  # default distance 20: 4 lines is close enough
    (["level=1", "distance=3"], False, True),
    (["level=1", "distance=4"], False, False),
    (["distance=3"], True, True),
], ids=["default", "distance-3-level-0", "level-1", "level-1-distance-3", "level-1-distance-4",
        "W=1-distance-3"])
def test_distance(fx, tmp_path, plugin_so, flags, w1, reported):
    unit = Unit(fx, tmp_path, "od_dist", DISTANCE)
    proc = unit.build(plugin_flags(plugin_so) + [ARG + f for f in flags], ["W=1"] if w1 else [])
    no_crash(proc)
    assert proc.returncode == 0, proc.stderr
    got = diagnostics(proc)
    if reported:
        assert got[0] == DISTANCE_WARNING.format(src=unit.src)
        assert got[1:] and all(": note: " in l for l in got[1:]), got
    else:
        assert got == []


# ---- (e) bad options ----------------------------------------------------------------------------

@pytest.mark.parametrize("opt", ["level=7", "level=x", "level", "distance=x", "distance=-1", "facts",
                                 "bogus", "bogus=1", "verbose=0", "disable=no", "error=0"])
def test_bad_option_one_error_line(demo, plugin_so, opt):
    proc = demo.build([f"-fplugin={plugin_so}", ARG + opt])
    no_crash(proc)
    assert proc.returncode != 0
    assert not demo.obj.exists()
    assert compiler_lines(proc) == [BAD_OPTION.format(opt=opt)]
    errors = [l for l in proc.stderr.splitlines() if "error:" in l]
    assert errors == [BAD_OPTION.format(opt=opt)]


# ---- (f) verbose --------------------------------------------------------------------------------

def test_verbose_summary(demo, plugin_so):
    proc = demo.build(plugin_flags(plugin_so, verbose=True))
    assert proc.returncode == 0, proc.stderr
    # od_proven: proven; od_put: proven through od_callers; od_unproven: unproven (not a
    # finding at level 0); __do_sys_od_unchecked: reported.
    summary = f"uaccess_check: summary: {demo.src}: accesses=4 proven=1 callers=1 unproven=1 reported=1"
    # After the unit's diagnostics, as the last line.
    assert compiler_lines(proc) == demo.fmt(UNCHECKED_SHOWN) + [summary]


def test_verbose_silent_without_accesses(fx, tmp_path, plugin_so):
    unit = Unit(fx, tmp_path, "od_plain", PLAIN)
    proc = unit.build(plugin_flags(plugin_so, verbose=True))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


# ---- (g) preprocessed input ---------------------------------------------------------------------

NO_MACROS = ("cc1: note: uaccess_check: no macro expansion information in this unit "
             "(is the input preprocessed); user accesses cannot be recognised")


def preprocess(unit: Unit) -> tuple[list[str], Path]:
    """Build unit without the plugin, then preprocess it with kbuild's saved command.

    Returns the compile command prefix (kbuild's flags without -c/-o/source/dependency file,
    to run in the build dir) and the .i file.
    """
    proc = unit.build([])
    assert proc.returncode == 0, proc.stderr
    # Module objects: "gcc ... -c -o x.o x.c ; ./tools/objtool/objtool ...": keep the compile.
    argv = shlex.split(saved_command(unit.dir, str(unit.obj)))
    argv = argv[:argv.index(";")] if ";" in argv else argv
    argv = [a for a in argv if not is_plugin_flag(a) and not a.startswith("-Wp,-MMD,")]
    i = argv.index("-c")
    assert argv[i + 1:i + 3] == ["-o", str(unit.obj)] and argv[-1] == str(unit.src), argv
    base = argv[:i] + argv[i + 3:-1]
    dot_i = unit.dir / f"{unit.name}.i"
    pre = subprocess.run(base + ["-E", "-o", str(dot_i), str(unit.src)], cwd=unit.fx.build,
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env_c())
    assert pre.returncode == 0, pre.stderr
    assert "unsafe_put_user" not in dot_i.read_text()  # really expanded
    return base, dot_i


def compile_i(unit: Unit, base: list[str], dot_i: Path, flags: list[str]) -> subprocess.CompletedProcess:
    out = unit.dir / f"{unit.name}_i.o"
    out.unlink(missing_ok=True)
    proc = subprocess.run(base + flags + ["-c", "-o", str(out), str(dot_i)], cwd=unit.fx.build,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env_c())
    assert out.is_file() or proc.returncode != 0
    return proc


def test_preprocessed_input_one_note(demo, plugin_so, tmp_path):
    base, dot_i = preprocess(demo)
    facts = tmp_path / "facts"
    for flags in (plugin_flags(plugin_so),
                  plugin_flags(plugin_so, level=2, verbose=True, error=True, facts=tmp_path / "facts")):
        proc = compile_i(demo, base, dot_i, flags)
        no_crash(proc)
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr.splitlines() == [NO_MACROS]
    assert not facts.exists() or not any(facts.rglob("*.json"))


def test_preprocessed_without_accesses_silent(fx, tmp_path, plugin_so):
    unit = Unit(fx, tmp_path, "od_plain", PLAIN)
    base, dot_i = preprocess(unit)
    proc = compile_i(unit, base, dot_i, plugin_flags(plugin_so, verbose=True))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


# ---- (h) help -----------------------------------------------------------------------------------

def test_help_for_loaded_plugins(plugin_so):
    """GCC's own way: ``gcc -fplugin=... -v --help`` lists each loaded plugin's help (stderr)."""
    proc = subprocess.run(["gcc", f"-fplugin={plugin_so}", "-v", "--help"], stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env_c(),
                          timeout=120)
    assert proc.returncode == 0
    lines = proc.stderr.splitlines()
    start = lines.index("Help for the loaded plugins:")
    assert lines[start + 1:start + 8] == [
        " uaccess_check:",
        "    level=N\t0: unchecked/range/region/mode (default); 1: also distance (and under make W=1); "
        "2: also unproven",
        "    distance=N\tsame-function check farther than N lines from an unchecked begin (default 20)",
        "    error\treport as errors instead of warnings",
        "    facts=DIR\twrite per-unit JSON facts into DIR",
        "    verbose\tprint a summary line per unit with user accesses",
        "    disable\tdo not run",
    ]
    assert " uaccess_check: 1" in lines[lines.index("Versions of loaded plugins:") + 1:start]
