"""bench/compile_ratio.py runs and prints its stable format (no assertion on times)."""

from __future__ import annotations

import re
import subprocess
import sys

from uaccess_check import REPO_ROOT


def test_bench_one_unit(fx, plugin_so):
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "compile_ratio.py"), "--runs", "1",
                           "fs/readdir.c"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "uaccess_check compile cost: 1 units, 1 runs each, level 0"
    assert lines[1].split() == ["unit", "without_s", "with_s", "ratio", "extra_rss_kb"]
    assert re.fullmatch(r"fs/readdir\.c +\d+\.\d{3} +\d+\.\d{3} +\d+\.\d{3} +-?\d+", lines[2])
    assert lines[3].startswith("overall: median ratio ")
    assert len(lines) == 4


def test_bench_bad_unit(fx, plugin_so):
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "compile_ratio.py"), "--runs", "1",
                           "fs/no_such_file.c"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "compile_ratio.py: error: not a configured unit of linux 6.12 x86_64 defconfig: fs/no_such_file.c"]
