"""Locating/building the GCC plugin and spelling its command-line flags."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import REPO_ROOT, UsageError, cache_dir
from .toolchain import has_plugin_headers

PLUGIN_NAME = "uaccess_check"
LEVELS = (0, 1, 2)


def plugin_dir() -> Path:
    return REPO_ROOT / "plugin"


def ensure_plugin(cc: str = "gcc") -> Path:
    """Return the absolute path of the plugin for the compiler @cc, building it if needed.

    The host's gcc loads plugin/uaccess_check.so (``UACCESS_CHECK_PLUGIN`` names a prebuilt one
    to use instead, no build); any other compiler (gcc-11, a cross compiler, a user's kbuild CC)
    loads one built against its own plugin headers into the cache, plugins/<cc>/.
    """
    override = os.environ.get("UACCESS_CHECK_PLUGIN")  # for the host's gcc only
    if override and cc == "gcc":
        so = Path(override).resolve()
        if not so.is_file():
            raise UsageError(f"UACCESS_CHECK_PLUGIN={override}: no such file")
        return so
    out = plugin_dir() if cc == "gcc" else _compiler_dir(cc)
    so = out / f"{PLUGIN_NAME}.so"
    if not (plugin_dir() / "Makefile").is_file():
        if so.is_file():
            return so
        raise UsageError(f"{plugin_dir()}/Makefile not found: cannot build the plugin")
    # CC= always: kbuild exports its CC, which would otherwise choose the headers
    argv = ["make", "-s", "-C", str(plugin_dir()), f"CC={cc}"]
    if cc != "gcc":
        argv.append(f"OUT={out}")
    # make is idempotent: a no-op when the plugin is up to date, a rebuild when a source changed.
    proc = subprocess.run(argv, stdout=sys.stderr.fileno(), stderr=sys.stderr.fileno(),
                          stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise UsageError(f"building the plugin for {cc} failed: {' '.join(argv)} (exit {proc.returncode})")
    if not so.is_file():
        raise UsageError(f"{' '.join(argv)} did not produce {so}")
    return so


def _compiler_dir(cc: str) -> Path:
    """plugins/<cc>/ in the cache, emptied when @cc is another build than the one it was made
    for (an upgraded compiler refuses a plugin built against its old headers)."""
    if shutil.which(cc) is None:
        raise UsageError(f"compiler {cc} not found")
    if any(c.isspace() for c in cc):
        raise UsageError(f"compiler {cc!r}: expected one command")
    if not has_plugin_headers(cc):
        raise UsageError(f"{cc} has no plugin headers ({cc} -print-file-name=plugin): install its "
                         f"gcc-N-plugin-dev package")
    version = subprocess.run([cc, "--version"], capture_output=True, text=True,
                             errors="replace").stdout.splitlines()[:1]
    out = cache_dir() / "plugins" / cc.strip("/").replace("/", "_")
    stamp = out / ".compiler"
    key = "\n".join(version) + "\n"
    if not stamp.is_file() or stamp.read_text() != key:
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        stamp.write_text(key)
    return out


def check_level(level: int | None) -> None:
    if level is not None and level not in LEVELS:
        raise UsageError(f"unknown level {level}: expected one of {', '.join(map(str, LEVELS))}")


def plugin_flags(so: Path, *, level: int | None = None, facts: Path | None = None,
                 verbose: bool = False, error: bool = False, disable: bool = False) -> list[str]:
    """The compiler flags that load the plugin with the given options.

    ``level=None`` leaves the plugin's default (0) and adds no flag, so a per-object
    ``CFLAGS_x.o += -fplugin-arg-uaccess_check-level=N`` is not contradicted.
    """
    check_level(level)
    so = so.resolve()
    if any(c.isspace() for c in str(so)):
        raise UsageError(f"plugin path contains white space, unusable in KCFLAGS: {so}")
    arg = f"-fplugin-arg-{PLUGIN_NAME}-"
    flags = [f"-fplugin={so}"]
    if level is not None:
        flags.append(f"{arg}level={level}")
    if facts is not None:
        facts = facts.resolve()
        if any(c.isspace() for c in str(facts)):
            raise UsageError(f"facts directory contains white space, unusable in KCFLAGS: {facts}")
        flags.append(f"{arg}facts={facts}")
    if verbose:
        flags.append(f"{arg}verbose")
    if error:
        flags.append(f"{arg}error")
    if disable:
        flags.append(f"{arg}disable")
    return flags


def is_plugin_flag(token: str) -> bool:
    """True for a flag that loads or configures this plugin (to strip it from a saved command)."""
    if token.startswith(f"-fplugin-arg-{PLUGIN_NAME}-"):
        return True
    return token.startswith("-fplugin=") and Path(token[len("-fplugin="):]).name == f"{PLUGIN_NAME}.so"
