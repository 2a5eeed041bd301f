"""`make W=1 CC="ccache gcc" KCFLAGS="$(uaccess-check cflags)"`: what a bot rebuilding with ccache sees.

A testcase built as an external module of the 6.12 fixture, with ccache (its own cache dir) in
CC: the first build misses and prints the case's level-1 findings; after `make clean` the second
is served from the cache and prints the same -Wuaccess lines (ccache stores the compiler's stderr with the
object). The plugin is then rebuilt, with one message of messages.def changed, at the same path:
ccache hashes a -fplugin= file's content, so the next build misses and prints the new words. A
stale warning (or a missing one) after a plugin upgrade cannot come from the cache.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from casebuild import parse_case
from test_sparse_check import located, make, module
from uaccess_check import REPO_ROOT
from uaccess_check.plugin import plugin_flags

CASE = REPO_ROOT / "testcases" / "distance_caller_chain.c"
OLD, NEW = "opens a region whose", "opens a user-access region whose"


def ccache_stats(cache: Path) -> tuple[int, int]:
    """(hits, misses) of a cache dir, from ccache's machine-readable statistics."""
    out = subprocess.run(["ccache", "--print-stats"], capture_output=True, text=True, check=True,
                         env={"CCACHE_DIR": str(cache), "PATH": "/usr/bin:/bin"}).stdout
    stats = dict(line.split("\t", 1) for line in out.splitlines() if "\t" in line)
    hits = int(stats.get("direct_cache_hit", 0)) + int(stats.get("preprocessed_cache_hit", 0))
    return hits, int(stats.get("cache_miss", 0))


def build(fx, mdir: Path, so: Path, cache: Path) -> list[str]:
    make(fx, "clean", mdir=mdir)
    res = make(fx, "W=1", "CC=ccache gcc", f"KCFLAGS={' '.join(plugin_flags(so))}", f"{CASE.stem}.o",
               mdir=mdir, env={"CCACHE_DIR": str(cache)})
    assert res.returncode == 0, res.stdout[-3000:]
    return [l for l in located(res.stdout) if "uaccess" in l or ": note: " in l]


@pytest.mark.skipif(shutil.which("ccache") is None, reason="ccache not installed (make deps installs it)")
def test_hit_replays_the_warnings_and_a_rebuilt_plugin_misses(fx, plugin_so, tmp_path):
    so = tmp_path / "plugin" / "uaccess_check.so"
    so.parent.mkdir()
    shutil.copy2(plugin_so, so)
    mdir = module(tmp_path / "m", CASE)
    cache = tmp_path / "ccache"
    expected = parse_case(CASE).expected
    assert any(OLD in l for l in expected)

    # kbuild's compiler probes go through ccache too: every call of the first build misses,
    # every call of the second hits
    assert build(fx, mdir, so, cache) == expected
    hits, calls = ccache_stats(cache)
    assert hits == 0 and calls > 1
    assert build(fx, mdir, so, cache) == expected
    assert ccache_stats(cache) == (calls, calls)

    src = tmp_path / "src"
    shutil.copytree(REPO_ROOT / "plugin", src, ignore=shutil.ignore_patterns("*.o", "*.so"))
    messages = src / "messages.def"
    assert OLD in messages.read_text()
    messages.write_text(messages.read_text().replace(OLD, NEW))
    subprocess.run(["make", "-s", "-C", str(src), f"OUT={so.parent}"], check=True, capture_output=True)
    changed = build(fx, mdir, so, cache)
    # one miss: the compile that loads the plugin; the probes do not
    assert ccache_stats(cache) == (2 * calls - 1, calls + 1)
    assert changed == [l.replace(OLD, NEW) for l in expected] != expected
