"""Every configured accessor unit of the default kernel compiles with the plugin at the default
level without any -Wuaccess diagnostic, and the plugin sees the accessors of known units."""

from __future__ import annotations

import pytest

from conftest import kernel_fixture
from uaccess_check.plugin import plugin_flags
from uaccess_check.scan import accessor_units, compile_units, default_jobs

UNITS, UNCONFIGURED = accessor_units(kernel_fixture())

#: Units whose accessors the plugin must find (summary accesses > 0).
KNOWN_ACCESSOR_UNITS = (
    "kernel/exit.c",
    "fs/readdir.c",
    "arch/x86/kernel/signal_64.c",
    "lib/strncpy_from_user.c",
    "fs/select.c",
)


@pytest.fixture(scope="module")
def reports(fx, plugin_so):
    return {r.unit: r for r in compile_units(fx, UNITS, plugin_flags(plugin_so, verbose=True), default_jobs())}


def test_discovery():
    assert len(UNITS) >= 15, UNITS
    for unit in KNOWN_ACCESSOR_UNITS:
        assert unit in UNITS
    # Units of other architectures and unconfigured ones are not compiled.
    assert not any(u.startswith("arch/") and not u.startswith("arch/x86/") for u in UNITS + UNCONFIGURED)
    assert "arch/x86/kvm/x86.c" in UNCONFIGURED


@pytest.mark.parametrize("unit", UNITS)
def test_no_diagnostics(reports, unit):
    rep = reports[unit]
    assert rep.returncode == 0, f"{unit} failed to compile with the plugin:\n{rep.stderr[-4000:]}"
    assert rep.diagnostics == []
    assert "-Wuaccess" not in rep.stderr, rep.stderr[-4000:]


@pytest.mark.parametrize("unit", KNOWN_ACCESSOR_UNITS)
def test_accesses_seen(reports, unit):
    rep = reports[unit]
    assert rep.returncode == 0, rep.stderr[-4000:]
    assert len(rep.summaries) == 1, f"expected one summary line for {unit}, got {rep.summaries}"
    assert rep.accesses > 0, rep.summaries
