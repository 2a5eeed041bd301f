"""The __get_user() family where a distribution's configuration puts it: Linux 7.2 x86_64 with
syscall tracing, bpf's probe links and KVM (fixture.dist_fixture()).

defconfig leaves out the units this year's family bugs are in (kernel/trace/bpf_trace.c,
trace_syscalls.c) and KVM's. The distribution-like build compiles the accessor units it adds
(triage.dist_units(): the candidates it configures that the default 7.2 build does not) with
kbuild's own commands plus the plugin at levels 0, 1 and 2; each compiles, and the output equals
the triaged list in testcases/real/linux-7.2-dist.txt (docs/real-code.md), whose levels 0 and 1
hold only bug, gap and distance (test_real_triage.py checks every list's verdicts).
"""

from __future__ import annotations

import difflib

import pytest

from triage import (Expected, dist_units, fixture_package, groups_of, parse_expected, release_differences,
                    retriage_message, triaged_package)
from uaccess_check import REPO_ROOT
from uaccess_check.fixture import dist_fixture, ensure_fixture
from uaccess_check.plugin import LEVELS, plugin_flags
from uaccess_check.scan import compile_units, default_jobs

EXPECTED_FILE = REPO_ROOT / "testcases" / "real" / "linux-7.2-dist.txt"
#: what the added units must include: where this year's family bugs were, and KVM
MUST = {"kernel/trace/bpf_trace.c", "kernel/trace/trace_syscalls.c", "virt/kvm/kvm_main.c"}


@pytest.fixture(scope="module")
def dfx():
    return ensure_fixture(dist_fixture())


@pytest.fixture(scope="module")
def units(dfx):
    return dist_units()


@pytest.fixture(scope="module")
def reports(dfx, units, plugin_so):
    return {level: {r.unit: r for r in compile_units(dfx, units, plugin_flags(plugin_so, level=level,
                                                                               verbose=True),
                                                     default_jobs())}
            for level in LEVELS}


def test_configuration(dfx, units):
    config = (dfx.build / ".config").read_text().splitlines()
    for line in ("CONFIG_FTRACE_SYSCALLS=y", "CONFIG_BPF_EVENTS=y", "CONFIG_FPROBE=y", "CONFIG_KVM=m"):
        assert line in config
    assert MUST <= set(units)


@pytest.mark.parametrize("level", LEVELS)
def test_compiles_and_is_as_triaged(dfx, units, reports, level):
    expected = parse_expected(EXPECTED_FILE)
    package = fixture_package(dfx)
    for unit in units:
        rep = reports[level][unit]
        assert "internal compiler error" not in rep.stderr, rep.stderr[-4000:]
        assert rep.returncode == 0, f"{unit} failed to compile with the plugin:\n{rep.stderr[-4000:]}"
        want_exp = expected.get((unit, level), Expected([], ""))
        if triaged_package(EXPECTED_FILE) != package:
            diff = release_differences([g[0] for g in want_exp.groups], [g[0] for g in groups_of(rep.diagnostics)])
            assert not diff, retriage_message(EXPECTED_FILE, package, [f"{unit} level {level}: {d}" for d in diff])
            continue
        want = [l for g in want_exp.groups for l in g] + ([want_exp.summary] if want_exp.summary else [])
        got = [l for g in groups_of(rep.diagnostics) for l in g]
        got += rep.summaries if rep.diagnostics else []  # as test_real_triage.py compares
        diff = "\n".join(difflib.unified_diff(want, got, EXPECTED_FILE.name, "plugin", lineterm=""))
        assert got == want, f"{unit} at level {level} differs from {EXPECTED_FILE.name}:\n{diff}"
