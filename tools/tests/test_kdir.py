"""`uaccess-check scan KDIR` on a kernel build of the user's own.

A fresh O= directory of the 6.12 source (defconfig + modules_prepare, as a user would make it)
is scanned: the per-unit output equals the fixture's (same configuration, so the same units and
findings), the label names the user's build, and the tree's .config is untouched. Every way a
directory can fail to be a usable build gives one line and exit 2.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from test_doc_examples import matches
from uaccess_check import REPO_ROOT
from uaccess_check.fixture import kbuild_env

DRIVER = REPO_ROOT / "uaccess-check"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(DRIVER), *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)


def make(fx, out: Path, *goals: str) -> None:
    subprocess.run(["make", "-s", "-C", str(fx.src), f"O={out}", "-j2", *goals], check=True,
                   stdin=subprocess.DEVNULL, capture_output=True, env=kbuild_env())


@pytest.fixture(scope="module")
def user_build(fx, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("mykernel")
    make(fx, out, "defconfig")
    make(fx, out, "modules_prepare")
    return out


def body(stdout: str) -> list[str]:
    """The scan's lines without the totals line (which names the kernel)."""
    return [l for l in stdout.splitlines() if not l.startswith("uaccess-check: linux ")]


def test_scan_own_build_equals_fixture(fx, user_build):
    config = (user_build / ".config").read_bytes()
    mine = run("scan", str(user_build))
    fixture = run("scan")
    # 1: the Coccinelle scripts' findings on other architectures, the same tree for both
    assert mine.returncode == fixture.returncode == 1, mine.stderr + fixture.stderr
    assert body(mine.stdout) == body(fixture.stdout)
    totals = mine.stdout.splitlines()[-1]
    assert totals.startswith("uaccess-check: linux 6.12") and f"({user_build})" in totals, totals
    assert (user_build / ".config").read_bytes() == config


def test_readme_example_is_this_scan(user_build):
    """README's "Running it on your own kernel build" quotes this scan (test_doc_examples.py's
    rule: "..." stands for any lines), its build written /root/mykernel."""
    text = (REPO_ROOT / "README.md").read_text()
    block = text.split("<!-- output of scan KDIR:", 1)[1].split("```\n", 1)[1].split("```", 1)[0]
    lines = [l.replace("/root/mykernel", str(user_build)) for l in block.splitlines()]
    assert matches(lines, run("scan", str(user_build)).stdout.splitlines())


def test_not_a_directory(tmp_path):
    res = run("scan", str(tmp_path / "missing"))
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "no such directory" in res.stderr


def test_not_a_kernel(tmp_path):
    res = run("scan", str(tmp_path))
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "not a kernel build directory" in res.stderr


def test_unconfigured(fx, tmp_path):
    (tmp_path / "source").symlink_to(fx.src)
    res = run("scan", str(tmp_path))
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "not configured" in res.stderr


def test_unprepared(fx, tmp_path):
    make(fx, tmp_path, "defconfig")
    res = run("scan", str(tmp_path))
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "not prepared" in res.stderr
    assert "Traceback" not in res.stderr


def test_kdir_and_version(user_build):
    res = run("scan", str(user_build), "--version", "7.2")
    assert res.returncode == 2 and "not both" in res.stderr
