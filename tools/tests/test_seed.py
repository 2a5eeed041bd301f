"""The seed, end to end: the epoll review's patch and its alternatives on the real 6.12 fs/eventpoll.c
(whose own epoll_put_uevent() is a __put_user() whose access_ok() is four calls up: a level-2
distance), and on 7.2's, whose epoll_put_uevent() is a scoped write (silent), with the seed's v1 transplanted.

Each variant is a set of patches from testcases/seed/, applied to scratch copies of
fs/eventpoll.c, include/linux/eventpoll.h and include/linux/uaccess.h (never to the shared
fixture). fs/eventpoll.c is compiled with kbuild's own command for fs/eventpoll.o, the scratch
include directory first, at each level. The expected diagnostics are in
testcases/seed/<variant>-level<N>.expected (paths relative to the tree); a level with no such
file must print nothing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from uaccess_check.kbuild import compile_argv, make_objects, run_measured
from uaccess_check.plugin import plugin_flags

from conftest import kernel_fixture

SEED = Path(__file__).resolve().parents[2] / "testcases" / "seed"
FILES = ("fs/eventpoll.c", "include/linux/eventpoll.h", "include/linux/uaccess.h")
VARIANTS = {
    "upstream-6.12": [],
    "v1-unchecked-begin": ["v1-unchecked-begin.patch"],
    "v2-checking-begin": ["v2-checking-begin.patch"],
    "masked-begin": ["masked-begin.patch"],
    "no-access-ok": ["v1-unchecked-begin.patch", "no-access-ok.patch"],
}
#: On 7.2, epoll_put_uevent() is upstream's scoped write; the seed's v1 is transplanted onto it.
VARIANTS_72 = {
    "upstream-7.2": [],
    "v1-unchecked-begin-7.2": ["v1-unchecked-begin-7.2.patch"],
}
LEVELS = (0, 1, 2)
DIAG = re.compile(r"^(\S+?):(\d+):(\d+): (warning|error|note): (.*)$")


@pytest.fixture(scope="module")
def built(fx):
    make_objects(fx, ["fs/eventpoll.c"], 1)
    return fx


@pytest.fixture(scope="module")
def built72():
    fx = kernel_fixture("7.2")
    make_objects(fx, ["fs/eventpoll.c"], 1)
    return fx


def scratch_tree(fx, tmp: Path, patches: list[str]) -> Path:
    tree = tmp / "tree"
    for rel in FILES:
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(fx.src / rel, tree / rel)
    for patch in patches:
        proc = subprocess.run(["patch", "-s", "-p1", "-d", str(tree), "-i", str(SEED / patch)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, f"{patch} does not apply: {proc.stdout}{proc.stderr}"
    return tree


def plugin_lines(stderr: str, roots: list[Path]) -> list[str]:
    """Our diagnostics (warnings with [-Wuaccess-...] and their notes), tree-relative paths."""
    out: list[str] = []
    keep = False
    for line in stderr.splitlines():
        m = DIAG.match(line)
        if not m:
            continue
        path, kind, text = m.group(1), m.group(4), m.group(5)
        if kind != "note":
            keep = "[-Wuaccess-" in text
        if not keep:
            continue
        for root in roots:
            prefix = str(root) + "/"
            if path.startswith(prefix):
                path = path[len(prefix):]
        out.append(f"{path}:{m.group(2)}:{m.group(3)}: {kind}: {text}")
    return out


def expected(variant: str, level: int) -> list[str]:
    path = SEED / f"{variant}-level{level}.expected"
    if not path.exists():
        return []
    return [line for line in path.read_text().splitlines() if line]


def compile_variant(fx, plugin_so, tmp_path, patches: list[str], level: int) -> list[str]:
    tree = scratch_tree(fx, tmp_path, patches)
    flags = plugin_flags(plugin_so, level=level)
    argv = compile_argv(fx.build, "fs/eventpoll.o", flags, tmp_path / "eventpoll.o")
    argv.insert(1, f"-I{tree}/include")
    argv[-1] = str(tree / "fs/eventpoll.c")
    res = run_measured(argv, fx.build)
    assert res.returncode == 0, res.stderr[-3000:]
    return plugin_lines(res.stderr, [tree, fx.src])


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_seed_variant(built, plugin_so, tmp_path, variant, level):
    assert compile_variant(built, plugin_so, tmp_path, VARIANTS[variant], level) == expected(variant, level)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", sorted(VARIANTS_72))
def test_seed_variant_72(built72, plugin_so, tmp_path, variant, level):
    assert compile_variant(built72, plugin_so, tmp_path, VARIANTS_72[variant], level) == expected(variant, level)


def test_every_expectation_is_used():
    """An .expected file that no (variant, level) reads would be a test that cannot fail."""
    names = {f"{v}-level{lvl}.expected" for v in list(VARIANTS) + list(VARIANTS_72) for lvl in LEVELS}
    assert {p.name for p in SEED.glob("*.expected")} <= names
