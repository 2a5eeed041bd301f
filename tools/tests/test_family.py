"""The __get_user() family on real code: this year's bugs re-created, and the seed's distance.

testcases/patches/family/*-revert.patch re-create each 2024-2026 family bug on the 7.2 fixture
tree by reverting its fix (the patch header names the fix). `uaccess-check patch` on the
distribution-like 7.2 build (fixture.dist_fixture(): defconfig plus tracing, bpf's probe links
and KVM, which is what builds kernel/trace/bpf_trace.c) must report each as a new level-0
`unchecked` finding, at the accessor or at the call that passes the pointer, in the family's
words (the checked form to use). drm/xe is not in that build: the scripts judge its files, and
must say the same. The 2020 KVM memory-slot fix (kvm-memslot-revert.patch) is older than the
issue's bugs and is not asked for here: a KVM slot's address is a kept pointer
(plugin/registrations.def), checked where it was stored.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT
from uaccess_check.fixture import dist_fixture, ensure_fixture
from uaccess_check.messages import identify

PATCHES = REPO_ROOT / "testcases" / "patches" / "family"
TOOL = REPO_ROOT / "uaccess-check"

#: patch -> the new level-0 findings it must add: (file, line, message row)
EXPECTED = {
    "kprobe-multi-syms-revert.patch": [
        ("kernel/trace/bpf_trace.c", 2853, "family_unchecked_call"),
    ],
    "uprobe-multi-revert.patch": [
        ("kernel/trace/bpf_trace.c", 3323, "family_unchecked"),
        ("kernel/trace/bpf_trace.c", 3331, "family_unchecked"),
        ("kernel/trace/bpf_trace.c", 3335, "family_unchecked"),
    ],
    # not configured in the build: the scripts (cocci/uaccess_family.cocci) judge the files
    "xe-copy-from-user-revert.patch": [
        ("drivers/gpu/drm/xe/xe_exec.c", 196, "family_unchecked"),
        ("drivers/gpu/drm/xe/xe_exec_queue.c", 1289, "family_unchecked"),
        ("drivers/gpu/drm/xe/xe_oa.c", 1658, "family_unchecked_call"),
        ("drivers/gpu/drm/xe/xe_vm.c", 3912, "family_unchecked_call"),
    ],
}


@pytest.fixture(scope="module")
def dist():
    return ensure_fixture(dist_fixture())


def run_patch(build: Path, patch: Path, *extra: str) -> tuple[int, dict]:
    proc = subprocess.run([sys.executable, str(TOOL), "patch", "--kernel", str(build), "--level", "0",
                           "--format", "json", *extra, str(patch)],
                          capture_output=True, text=True, timeout=1800)
    assert proc.returncode in (0, 1), proc.stderr[-3000:]
    return proc.returncode, json.loads(proc.stdout)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_reverted_fix_is_a_new_level0_finding(dist, name):
    rc, doc = run_patch(dist.build, PATCHES / name)
    got = sorted((f["file"], f["line"], identify(f["message"]).id)
                 for f in doc["findings"] if f["class"] == "unchecked")
    assert got == sorted(EXPECTED[name]), doc["findings"]
    assert rc == 1, "a patch that adds a finding exits 1"
    for f in doc["findings"]:
        assert "checks it" in f["message"], f"the message names the checked form: {f['message']}"


def test_every_revert_patch_is_checked():
    """A revert patch with no expectation would be a bug nobody checks."""
    assert {p.name for p in PATCHES.glob("*.patch")} - set(EXPECTED) == {"kvm-memslot-revert.patch"}
