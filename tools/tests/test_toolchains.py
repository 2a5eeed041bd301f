"""The other toolchains (toolchain.py) as a user meets them: `cflags --arch/--gcc`, `kernel
--arch`, and `scan KDIR` on a cross build of the user's own.

The flags `cflags --arch powerpc` prints must load into the cross compiler (a plugin built for the
host's gcc is refused by it); a toolchain Debian has no plugin headers for is one line and exit
2. A user's ppc64le O= build (ppc64le_defconfig + modules_prepare, made with the cross compiler as
a user would) is scanned with the plugin built for the CC it was configured with: its units and
their counts equal the fixture's (but signal_32.c and compat.c, which only the fixture's COMPAT build has).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import kernel_fixture
from uaccess_check import REPO_ROOT
from uaccess_check.fixture import kbuild_env
from uaccess_check.toolchain import Toolchain

DRIVER = REPO_ROOT / "uaccess-check"
PPC = Toolchain("powerpc")
COMPAT_UNITS = ("arch/powerpc/kernel/signal_32.c", "kernel/compat.c")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(DRIVER), *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)


def test_cflags_load_into_the_cross_compiler(tmp_path):
    res = run("cflags", "--arch", "powerpc", "--level", "1")
    assert res.returncode == 0, res.stderr
    flags = res.stdout.split()
    assert flags[0].startswith("-fplugin=") and "/plugins/powerpc64le-linux-gnu-gcc-12/" in flags[0], flags
    assert flags[1:] == ["-fplugin-arg-uaccess_check-level=1"]
    src = tmp_path / "t.c"
    src.write_text("int f(int x) { return x + 1; }\n")
    cc = subprocess.run([PPC.cc, *flags, "-O2", "-c", "-o", str(tmp_path / "t.o"), str(src)],
                        capture_output=True, text=True)
    assert cc.returncode == 0 and cc.stderr == "", cc.stderr


def test_host_plugin_is_refused_by_the_cross_compiler(tmp_path):
    """Why a plugin per compiler: GCC checks the plugin was built for it."""
    host = run("cflags").stdout.split()
    src = tmp_path / "t.c"
    src.write_text("int f(int x) { return x + 1; }\n")
    cc = subprocess.run([PPC.cc, *host, "-c", "-o", str(tmp_path / "t.o"), str(src)],
                        capture_output=True, text=True)
    assert cc.returncode != 0


def test_no_plugin_headers_for_a_cross_gcc11():
    res = run("cflags", "--arch", "arm64", "--gcc", "11")
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr == "uaccess-check: error: no GCC 11 for arm64 (there is: 12)\n"


def test_kernel_prints_both_powerpc_builds():
    res = run("kernel", "--version", "6.12", "--arch", "powerpc")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert [Path(l).name for l in lines] == ["build-6.12-powerpc", "build-6.12-powerpc-compat"]


@pytest.fixture(scope="module")
def user_ppc_build(tmp_path_factory) -> Path:
    fx = kernel_fixture("6.12", "powerpc")
    out = tmp_path_factory.mktemp("ppc")
    for goal in ("ppc64le_defconfig", "modules_prepare"):
        subprocess.run(["make", "-s", "-C", str(fx.src), f"O={out}", "-j2"] + PPC.make_vars() + [goal],
                       check=True, stdin=subprocess.DEVNULL, capture_output=True, env=kbuild_env())
    return out


def summaries(stdout: str) -> list[str]:
    """The per-unit summary lines (counts of accesses and verdicts), but for the units only the
    fixture's second, CONFIG_COMPAT build has."""
    return [l for l in stdout.splitlines() if l.startswith("uaccess_check: summary: ")
            and not any(f" {u}:" in l for u in COMPAT_UNITS)]


def test_scan_own_cross_build(user_ppc_build):
    config = (user_ppc_build / ".config").read_bytes()
    mine = run("scan", str(user_ppc_build), "--engine", "plugin", "--level", "1")
    assert mine.returncode in (0, 1), mine.stderr
    assert "compile failed" not in mine.stdout
    totals = mine.stdout.splitlines()[-1]
    assert totals.startswith("uaccess-check: linux 6.12") and " powerpc (" in totals, totals
    fixture = run("scan", "--version", "6.12", "--arch", "powerpc", "--engine", "plugin", "--level", "1")
    assert summaries(mine.stdout) and summaries(mine.stdout) == summaries(fixture.stdout)
    assert (user_ppc_build / ".config").read_bytes() == config


def test_a_launcher_in_cc_is_not_the_compiler(tmp_path):
    """kbuild records CC as configured ("ccache aarch64-linux-gnu-gcc-12"): all of it goes back to
    make, and the plugin is built for the compiler after the launcher."""
    from uaccess_check.kdir import _kconfig_value
    from uaccess_check.toolchain import compiler_of

    cmd = tmp_path / "include" / "config" / "auto.conf.cmd"
    cmd.parent.mkdir(parents=True)
    cmd.write_text('ifneq "$(CC)" "ccache aarch64-linux-gnu-gcc-12"\n'
                   'ifneq "$(LD)" "aarch64-linux-gnu-ld"\n')
    assert _kconfig_value(tmp_path, "CC") == "ccache aarch64-linux-gnu-gcc-12"
    assert compiler_of("ccache aarch64-linux-gnu-gcc-12") == "aarch64-linux-gnu-gcc-12"
    assert compiler_of("gcc") == "gcc"
