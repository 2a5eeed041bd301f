"""Level 1 follows kbuild's W=1: `make W=1 KCFLAGS=<plugin flags>` shows distance, plain make does not.

kbuild exports KBUILD_EXTRA_WARN=1 under W=1; the plugin reads it. The case is
testcases/distance_caller_chain.c, built as an external module with no level option at all.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from uaccess_check.fixture import kbuild_env
from uaccess_check.plugin import plugin_flags

CASE = Path(__file__).resolve().parents[2] / "testcases" / "distance_caller_chain.c"
DISTANCE = ("distance_caller_chain.c:32:9: warning: __uaccess_begin() opens a region whose "
            "access_ok() is in report_records(), 2 calls up [-Wuaccess-distance]")


def build(fx, plugin_so, tmp: Path, extra: list[str]) -> str:
    shutil.copyfile(CASE, tmp / CASE.name)
    (tmp / "Kbuild").write_text(f"obj-m += {CASE.stem}.o\n")
    flags = " ".join(plugin_flags(plugin_so))
    proc = subprocess.run(["make", "-C", str(fx.build), f"M={tmp}", *extra, f"KCFLAGS={flags}",
                           f"{CASE.stem}.o"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, env=kbuild_env())
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return "\n".join(line.replace(f"{tmp}/", "") for line in proc.stderr.splitlines())


@pytest.mark.parametrize("extra, shown", [([], False), (["W=1"], True)])
def test_w1_turns_on_distance(fx, plugin_so, tmp_path, extra, shown):
    out = build(fx, plugin_so, tmp_path, extra)
    assert (DISTANCE in out.splitlines()) is shown, out
