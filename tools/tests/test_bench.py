"""bench/compile_ratio.py, build_ratio.py, patch_time.py and map_ratio.py run and print their stable formats (no assertion
on times)."""

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


def test_build_ratio_smoke(fx, plugin_so):
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "build_ratio.py"), "--sample", "2",
                           "--accessors", "1", "--runs", "1", "--jobs", "1"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == ("build ratio: linux 6.12 x86_64 defconfig, level 1, 3 units (2 sampled with seed 2026 + "
                        "1 accessor units), 1 runs each alternating, 1 jobs")
    assert lines[1] == f"plugin: {plugin_so}"
    assert [l.rsplit(" s ", 1)[0] for l in lines[3:9]] == [
        f"{g} {w}" for g in ("all units", "accessor units", "other units") for w in ("cpu", "wall")]
    assert all(re.fullmatch(r".{22} +\d+\.\d\d +\d+\.\d\d +\d+\.\d{3}", l) for l in lines[3:9]), lines
    assert re.fullmatch(r"extra peak RSS: max -?\d+ KiB \(\S+\), median -?\d+ KiB", lines[9])
    assert len(lines) == 10


def test_patch_time_smoke(fx, plugin_so):
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "patch_time.py"), "--runs", "1", "--jobs", "2"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    unit = r"1 unit \(fs/{}\.c\); uaccess-check patch median \d+\.\d\d s, the plain compiles twice median " \
           r"\d+\.\d\d s; ratio \d+\.\d\d \(1 runs, 2 jobs\)"
    lines = proc.stdout.splitlines()
    assert len(lines) == 2
    assert re.fullmatch("v1-unchecked-begin.patch: " + unit.format("eventpoll"), lines[0]), lines[0]
    assert re.fullmatch("readdir-comment.patch: " + unit.format("readdir"), lines[1]), lines[1]


def test_map_ratio_smoke(fx, plugin_so):
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "map_ratio.py"), "--version", "6.12",
                           "--runs", "1", "--warmup", "0"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=1800)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "linux 6.12 x86_64, 1 alternating runs, " + lines[0].split(", ")[2] + ", medians:"
    names = ["scan", "scan (plugin, merge)", "map", "map / scan", "map / scan (plugin, merge)"]
    assert [l[2:28].rstrip() for l in lines[1:]] == names
    assert all(re.fullmatch(r" +\d+\.\d s wall +\d+\.\d s CPU", l[28:]) for l in lines[1:4]), lines
    assert all(re.fullmatch(r" +\d+\.\d\d wall +\d+\.\d\d CPU", l[28:]) for l in lines[4:]), lines
