"""The plugin only reads: objects compiled with it are byte-identical to objects without it."""

from __future__ import annotations

import pytest

from uaccess_check.kbuild import compile_with, make_objects
from uaccess_check.plugin import plugin_flags

UNITS = (
    "kernel/exit.c",
    "fs/readdir.c",
    "fs/select.c",
    "lib/strncpy_from_user.c",
    "arch/x86/kernel/signal_64.c",
)

VARIANTS = {
    "default": {},
    "level2-verbose-facts": {"level": 2, "verbose": True, "facts": True},
}


@pytest.fixture(scope="module")
def built(fx):
    make_objects(fx, list(UNITS), 1)
    return fx


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("unit", UNITS)
def test_same_object(built, plugin_so, tmp_path, unit, variant):
    fx = built
    name = unit.replace("/", "_")[:-2] + ".o"
    (tmp_path / "plain").mkdir()
    (tmp_path / "plugin").mkdir()
    plain = compile_with(fx, unit, [], tmp_path / "plain" / name)
    assert plain.returncode == 0, plain.stderr[-4000:]
    opts = dict(VARIANTS[variant])
    if opts.pop("facts", False):
        (tmp_path / "facts").mkdir()
        opts["facts"] = tmp_path / "facts"
    flags = plugin_flags(plugin_so, **opts)
    with_plugin = compile_with(fx, unit, flags, tmp_path / "plugin" / name)
    assert with_plugin.returncode == 0, with_plugin.stderr[-4000:]
    a = (tmp_path / "plain" / name).read_bytes()
    b = (tmp_path / "plugin" / name).read_bytes()
    assert len(a) == len(b) and a == b, f"{unit}: object differs with the plugin ({len(a)} vs {len(b)} bytes)"
