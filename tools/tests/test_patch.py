"""`uaccess-check patch`: the seed's patches as a developer would check them before sending.

The seed's v1 change (an unchecked begin in epoll_put_uevent()) is a new distance finding, printed
with '>> ' and exit 1; its v2 (a checking begin) adds nothing, exit 0, also as an mbox from stdin.
A patch that only shifts lines of a unit with findings (7.2 fs/readdir.c) adds nothing either.
The kernel tree is byte-for-byte unchanged afterwards, and every bad input is one line, exit 2.
The SARIF of both seed patches passes the SARIF Multitool's validator, GitHub's rules included.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest

from conftest import kernel_fixture
from sarif_validate import validate_sarif
from uaccess_check import REPO_ROOT

DRIVER = REPO_ROOT / "uaccess-check"
SEED = REPO_ROOT / "testcases" / "seed"
HEADER = "uaccess-check warnings: (new ones prefixed by >>)"
V1_DISTANCE = (">> include/linux/eventpoll.h:82:9: warning: __user_write_access_begin() opens a region "
               "whose access_ok() is in do_epoll_wait(), 4 calls up [-Wuaccess-distance]")


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(DRIVER), "patch", *args], capture_output=True, text=True,
                          input=stdin if stdin is not None else "")


def tree_digest(src: Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0" + (src / rel).read_bytes())
    strays = sorted(str(p) for p in (src / "include" / "linux").glob("eventpoll.h.*"))
    return h.hexdigest() + repr(strays)


FILES = ["include/linux/eventpoll.h", "include/linux/uaccess.h", "fs/eventpoll.c"]


def test_v1_is_a_new_distance_finding(fx):
    before = tree_digest(fx.src, FILES)
    res = run(str(SEED / "v1-unchecked-begin.patch"))
    assert res.returncode == 1, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == HEADER
    assert V1_DISTANCE in lines
    assert ">> fs/eventpoll.c:2654:14: note: checked here: access_ok(events, maxevents * sizeof(struct epoll_event))" in lines
    assert lines[-1] == "total: 1 new, 0 existing findings in 1 files"
    assert tree_digest(fx.src, FILES) == before


def test_v2_adds_nothing(fx):
    res = run(str(SEED / "v2-checking-begin.patch"))
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.splitlines() == [HEADER, "total: 0 new, 0 existing findings in 0 files"]


def test_mbox_on_stdin(fx):
    mbox = ("From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n"
            "From: A Developer <dev@example.org>\nSubject: [PATCH] epoll: check the user pointer\n\n"
            "Use a checking begin.\n---\n" + (SEED / "v2-checking-begin.patch").read_text() + "-- \n2.39.5\n")
    res = run("-", stdin=mbox)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.splitlines()[-1] == "total: 0 new, 0 existing findings in 0 files"


def test_line_shift_is_not_new(tmp_path):
    fx = kernel_fixture("7.2")
    patch = tmp_path / "shift.patch"
    first = (fx.src / "fs/readdir.c").read_text().splitlines()[0]
    patch.write_text("--- a/fs/readdir.c\n+++ b/fs/readdir.c\n@@ -1 +1,2 @@\n"
                     f" {first}\n+/* a comment that moves every line down */\n")
    # level 2: 7.2's fs/readdir.c is silent at levels 0 and 1 (filldir's alias of the masked prev)
    res = run(str(patch), "--kernel", str(fx.build), "--level", "2")
    assert res.returncode == 0, res.stdout + res.stderr
    # filldir*'s stores through dirent: one finding per function and accessor, the others "also here"
    assert res.stdout.splitlines()[-1] == "total: 0 new, 10 existing findings in 1 files"
    assert not [l for l in res.stdout.splitlines() if l.startswith(">> ")]


DEMO = REPO_ROOT / "cocci" / "tests" / "distance.c"
DEMO_FILE = "arch/powerpc/lib/uaccess_demo.c"
#: level -> the findings it adds, each its lines (the warning, then the notes of the lines it names)
DEMO_LINES = {
    0: [[f">> {DEMO_FILE}:7:9: warning: unsafe_put_user() on 'p' is not validated in 'raw_store' nor in its "
         "callers up to 'unchecked_caller', which have no caller in this file: only the unchecked "
         "__uaccess_begin() precedes it [-Wuaccess-unchecked]"]],
    1: [[f">> {DEMO_FILE}:6:9: warning: __uaccess_begin() opens a user-access region without a check: no "
         "access_ok() precedes it in 'raw_store'; caller 'checked_caller' checks at line 17, 11 lines away; "
         "caller 'unchecked_caller' calls it at line 25 without a check on some path [-Wuaccess-distance]",
         f">> {DEMO_FILE}:17:0: note: checked here",
         f">> {DEMO_FILE}:25:0: note: called here without a check on some path"],
        [f">> {DEMO_FILE}:31:9: warning: __uaccess_begin_nospec() opens a user-access region without a check: "
         "no access_ok() precedes it in 'raw_copy' and it has no caller in this file [-Wuaccess-distance]"]],
}


@pytest.mark.parametrize("level", [0, 1])
def test_scripts_findings_filtered_by_level_like_scan(fx, tmp_path, level):
    """A new file of another architecture (the scripts' distance input) is the scripts' alone (no
    unit compiles it); their findings are shown from the level scan shows them (finding.at_level):
    the distances from level 1."""
    text = DEMO.read_text()
    patch = tmp_path / "demo.patch"
    patch.write_text(f"diff --git a/{DEMO_FILE} b/{DEMO_FILE}\nnew file mode 100644\n--- /dev/null\n"
                     f"+++ b/{DEMO_FILE}\n@@ -0,0 +1,{text.count(chr(10))} @@\n"
                     + "".join("+" + l + "\n" for l in text.splitlines()))
    res = run(str(patch), "--level", str(level))
    assert res.returncode == 1, res.stdout + res.stderr
    shown = sorted(DEMO_LINES[0] + (DEMO_LINES[1] if level >= 1 else []), key=lambda g: int(g[0].split(":")[1]))
    assert res.stdout.splitlines() == [HEADER, *[l for g in shown for l in g],
                                       f"total: {len(shown)} new, 0 existing findings in 1 files"]


def one_line_error(res: subprocess.CompletedProcess, text: str) -> None:
    assert res.returncode == 2, res.stdout + res.stderr
    assert res.stderr.count("\n") == 1 and text in res.stderr, res.stderr
    assert "Traceback" not in res.stderr


def test_not_a_patch(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("just some text\n")
    one_line_error(run(str(f)), "not a patch")


def test_does_not_apply(fx, tmp_path):
    before = tree_digest(fx.src, FILES)
    bad = tmp_path / "bad.patch"
    bad.write_text("--- a/include/linux/eventpoll.h\n+++ b/include/linux/eventpoll.h\n"
                   "@@ -1,2 +1,2 @@\n-no such line here\n+a replacement\n context that is not there\n")
    one_line_error(run(str(bad)), "does not apply")
    assert tree_digest(fx.src, FILES) == before


def test_missing_file(tmp_path):
    one_line_error(run(str(tmp_path / "none.patch")), "none.patch")


def test_not_a_kernel(tmp_path):
    one_line_error(run(str(SEED / "v2-checking-begin.patch"), "--kernel", str(tmp_path)),
                   "not a kernel build directory")


def test_outside_the_tree(tmp_path):
    p = tmp_path / "escape.patch"
    p.write_text("--- a/../etc/passwd\n+++ b/../etc/passwd\n@@ -1 +1 @@\n-x\n+y\n")
    one_line_error(run(str(p)), "outside the tree")


@pytest.mark.parametrize("patch,status,results", [("v1-unchecked-begin.patch", 1, 1), ("v2-checking-begin.patch", 0, 0)])
def test_sarif_of_the_seed_patches_validates(fx, tmp_path, patch, status, results):
    res = run(str(SEED / patch), "--format", "sarif")
    assert res.returncode == status, res.stderr
    sarif = tmp_path / "patch.sarif"
    sarif.write_text(res.stdout)
    assert len(json.loads(res.stdout)["runs"][0]["results"]) == results
    assert validate_sarif(sarif, tmp_path) == []
