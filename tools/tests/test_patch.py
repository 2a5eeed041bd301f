"""`uaccess-check patch`: the seed's patches as a developer would check them before sending.

The seed's v1 change (an unchecked begin in epoll_put_uevent()) is a new distance finding, printed
with '>> ' and exit 1; its v2 (a checking begin) adds nothing, exit 0, also as an mbox from stdin,
a raw list mail or a b4 series. A patch that only shifts lines of a unit with findings (7.2
fs/readdir.c) adds nothing either. Every run says what checked each file (the plugin and the
units compiled for it, the scripts and why, nothing and why); a run that breaks the compile or
checks nothing says so in its total, its JSON and its SARIF. A header patch compiles only the
units that use what it redefines. The kernel tree is byte-for-byte unchanged afterwards, and
every bad input is one line, exit 2, naming the file and hunk that does not apply. The SARIF of
both seed patches passes the SARIF Multitool's validator, GitHub's rules included.
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
MAIL = REPO_ROOT / "testcases" / "patches" / "mail"
EVENTPOLL_H = ("checked: include/linux/eventpoll.h: the plugin at level 1, in 1 unit (fs/eventpoll.c): 1 of the "
               "1 units including it uses what it redefines; unsafe_*(), regions")
UACCESS_H = ("checked: include/linux/uaccess.h: the plugin at level 1, in 1 unit (fs/eventpoll.c): 1 of the 52 "
             "units including it uses what it redefines; unsafe_*(), regions, __get_user() family, "
             "get_user()/copy_*_user(), access_ok()")
ONE_UNIT = "checked: 1 unit, each compiled before and after the patch"
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
    # uaccess.h's new macro is used by one of the 52 accessor units including it: one is compiled
    assert lines[-4:] == [EVENTPOLL_H, UACCESS_H, ONE_UNIT, "total: 1 new, 0 existing findings in 1 files"]
    assert tree_digest(fx.src, FILES) == before


@pytest.mark.parametrize("mail", ["epoll-v1-2-2.lore-raw.eml", "epoll-v1.b4.mbx"])
def test_v1_as_mailed(fx, mail):
    """A raw list mail (quoted-printable) and a b4 series with its cover letter: the v1 run's
    output, byte for byte."""
    res = run(str(MAIL / mail))
    assert res.returncode == 1, res.stderr
    assert res.stdout == run(str(SEED / "v1-unchecked-begin.patch")).stdout


def test_v2_adds_nothing(fx):
    """... and its map says the two writes' check came from four calls up into the function."""
    res = run(str(SEED / "v2-checking-begin.patch"))
    assert res.returncode == 0, res.stdout + res.stderr
    was = ("      was (then at line {}): a per-access __put_user(), on access_ok() in do_epoll_wait(), "
           "4 calls up, in another file")
    now = ("      now: unsafe_put_user() in a region opened and checked by user_write_access_begin() at "
           "include/linux/eventpoll.h:81, {} lines above")
    assert res.stdout.splitlines() == [
        HEADER, "map: 0 farther, 2 nearer, 0 changed, 0 appeared, 0 vanished",
        "  nearer: include/linux/eventpoll.h:83: write of '&uevent->events' in epoll_put_uevent()", was.format(81),
        now.format(2),
        "  nearer: include/linux/eventpoll.h:84: write of '&uevent->data' in epoll_put_uevent()", was.format(82),
        now.format(3),
        EVENTPOLL_H, ONE_UNIT, "total: 0 new, 0 existing findings in 0 files"]


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
    assert res.stdout.splitlines()[-3:] == [
        "checked: fs/readdir.c: the plugin at level 2; unsafe_*(), scoped, get_user()/copy_*_user()", ONE_UNIT,
        "total: 0 new, 10 existing findings in 1 files"]
    assert not [l for l in res.stdout.splitlines() if l.startswith(">> ")]
    doc = json.loads(run(str(patch), "--kernel", str(fx.build), "--level", "2", "--format", "json").stdout)
    assert (doc["status"], doc["existing"], doc["findings"]) == ("checked", 10, [])


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
    scripts = (f"checked: {DEMO_FILE}: the scripts only (arch/powerpc code, the build is linux 6.12 x86_64 "
               f"defconfig), level {level}; unsafe_*(), regions, access_ok()")
    assert res.stdout.splitlines() == [HEADER, *[l for g in shown for l in g], scripts,
                                       f"total: {len(shown)} new, 0 existing findings in 1 files"]


def test_breaking_the_compile_is_a_failure_in_every_format(fx, tmp_path):
    """A patch that breaks the compile is exit 2 and says so: never '0 new' on stdout, never a
    clean JSON or SARIF."""
    bad = tmp_path / "break.patch"
    bad.write_text("--- a/fs/eventpoll.c\n+++ b/fs/eventpoll.c\n@@ -1 +1,2 @@\n"
                   f" {(fx.src / 'fs/eventpoll.c').read_text().splitlines()[0]}\n+this is not C;\n")
    reason = "the patch breaks the compile of fs/eventpoll.c"
    res = run(str(bad))
    assert res.returncode == 2
    assert res.stdout.splitlines()[-1] == f"total: failed: {reason}"
    assert f"uaccess-check: {reason}" in res.stderr.splitlines()
    doc = json.loads(run(str(bad), "--format", "json").stdout)
    assert (doc["status"], doc["reason"]) == ("failed", reason)
    sarif = json.loads(run(str(bad), "--format", "sarif").stdout)["runs"][0]
    assert sarif["invocations"] == [{"executionSuccessful": False, "toolExecutionNotifications": [
        {"level": "error", "message": {"text": reason + "."}}]}]


def test_nothing_checked_is_said(fx, tmp_path):
    doc = tmp_path / "doc.patch"
    readme = (fx.src / "README").read_text().splitlines()[0]
    doc.write_text(f"--- a/README\n+++ b/README\n@@ -1 +1,2 @@\n {readme}\n+A line.\n")
    res = run(str(doc))
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == [HEADER, "checked: README: not checked: not C source",
                                       "total: nothing checked: no file of the patch was checked (not C source)"]
    data = json.loads(run(str(doc), "--format", "json").stdout)
    assert (data["status"], data["checked"]) == ("nothing checked", [
        {"file": "README", "engine": "none", "level": None, "units": [], "why": "not C source", "accessors": []}])


def test_a_header_change_beyond_definitions_compiles_every_including_unit(fx, tmp_path):
    """A declaration added to a header may change any unit including it: all of them are
    compiled (eventpoll.h: one accessor unit)."""
    p = tmp_path / "decl.patch"
    p.write_text("--- a/include/linux/eventpoll.h\n+++ b/include/linux/eventpoll.h\n@@ -1 +1,2 @@\n"
                 f" {(fx.src / 'include/linux/eventpoll.h').read_text().splitlines()[0]}\n+int epoll_demo(void);\n")
    res = run(str(p))
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[1:] == [
        "checked: include/linux/eventpoll.h: the plugin at level 1, in 1 unit (fs/eventpoll.c): every unit "
        "including it: it changes more than definitions; __get_user() family", ONE_UNIT,
        "total: 0 new, 0 existing findings in 0 files"]


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
    one_line_error(run(str(bad)), f"does not apply to {fx.src}: include/linux/eventpoll.h: hunk #1 "
                                  "(@@ -1,2 +1,2 @@) does not match the file at line 1")
    assert tree_digest(fx.src, FILES) == before


def test_a_source_tree_is_not_a_build(fx):
    """The fixture's source tree given for --kernel: the builds of it are named, nothing is
    written into it."""
    before = tree_digest(fx.src, FILES)
    res = run(str(SEED / "v2-checking-begin.patch"), "--kernel", str(fx.src))
    one_line_error(res, f"{fx.src}: a kernel source tree, not a build: use a build of it: ")
    assert str(fx.build) in res.stderr
    assert tree_digest(fx.src, FILES) == before


def test_mail_without_a_patch(fx):
    one_line_error(run(str(MAIL / "epoll-v1-review-reply.eml")), "mail, but no message carries a patch")


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
