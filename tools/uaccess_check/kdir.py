"""A kernel build of the user's own: `scan KDIR`.

KDIR is a configured and prepared kbuild tree, either a source tree built in place or an O=
directory (kbuild links its source tree as ``source`` there). It offers what the fixture offers
(tools/uaccess_check/fixture.py): the source and build dirs, the architecture, the sources of the
objects its configuration builds, the make command. The configuration and the architecture are
the user's; nothing of the tree is changed, except that an accessor unit kbuild has not built
yet is built there once with the user's own configuration (its saved command is what the plugin
compiles with, into a temporary object).

Which objects the configuration builds comes from the ``.o.cmd`` files of what is built plus a
dry run (``make -n``) for what is not, recorded in the cache keyed by the tree and its .config.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from . import UsageError, cache_dir
from .fixture import kbuild_env
from .toolchain import compiler_of, has_plugin_headers
from .units import object_of

_COMPILE_RE = re.compile(r" -c -o (\S+\.o) (\S+\.c)(?=\s|;|$)")
_SOURCE_RE = re.compile(r"^source_(\S+\.o) := (\S+\.c)$", re.M)
#: CONFIG symbol -> kbuild's SRCARCH, for in-place builds where every arch/ dir is present.
_ARCH_SYMBOLS = (("CONFIG_X86", "x86"), ("CONFIG_ARM64", "arm64"), ("CONFIG_PPC", "powerpc"),
                 ("CONFIG_ARM", "arm"), ("CONFIG_RISCV", "riscv"), ("CONFIG_S390", "s390"),
                 ("CONFIG_LOONGARCH", "loongarch"), ("CONFIG_MIPS", "mips"))


@dataclass(frozen=True)
class UserKernel:
    build: Path  # where .config and the objects are
    src: Path  # the source tree (== build for an in-place build)
    srcarch: str
    bits: int
    make_arch: str  # the ARCH= the tree was configured with
    cc: str = "gcc"  # the CC= it was configured with ("ccache gcc" too)
    cross_compile: str = ""  # the CROSS_COMPILE= prefix of its binutils

    @property
    def arch(self) -> str:
        return {("x86", 64): "x86_64", ("x86", 32): "i386"}.get((self.srcarch, self.bits), self.srcarch)

    @property
    def cache(self) -> Path:
        return cache_dir()

    @property
    def version(self) -> str:
        release = self.build / "include" / "config" / "kernel.release"
        try:
            return release.read_text().strip()
        except OSError:
            return "unknown"

    def label(self) -> str:
        return f"linux {self.version} {self.arch} ({self.build})"

    def make_base(self) -> list[str]:
        # another ARCH= than the configuration's (x86 for an i386 build, x86_64 for a plain one)
        # makes kbuild's syncconfig rewrite .config
        base = ["make", "-C", str(self.src)]
        if self.build != self.src:
            base.append(f"O={self.build}")
        return base + [f"ARCH={self.make_arch}"] + self.make_vars()

    def make_vars(self) -> list[str]:
        """The compiler's variables, also for a make in the build dir (an external module)."""
        if self.cc == "gcc" and not self.cross_compile:
            return []
        return ([f"CROSS_COMPILE={self.cross_compile}"] if self.cross_compile else []) + [f"CC={self.cc}"]

    @property
    def compiler(self) -> str:
        """The compiler the plugin is built for: CC without a launcher."""
        return compiler_of(self.cc)

    def kbuild_object(self, unit: str) -> str:
        return object_of(unit)

    def configured_sources(self) -> list[str]:
        return _configured(self)


def _config_lines(build: Path) -> set[str]:
    return set((build / ".config").read_text(errors="replace").splitlines())


def _srcarch(build: Path, config: set[str]) -> str:
    arch_dir = build / "arch"
    present = sorted(p.name for p in arch_dir.iterdir() if p.is_dir()) if arch_dir.is_dir() else []
    if len(present) == 1:
        return present[0]
    for symbol, srcarch in _ARCH_SYMBOLS:
        if f"{symbol}=y" in config:
            return srcarch
    raise UsageError(f"{build}: cannot tell the architecture from .config")


def open_kdir(path: str) -> UserKernel:
    """The user's build at @path, or a UsageError saying in one line what it is missing."""
    build = Path(path).resolve()
    if not build.is_dir():
        raise UsageError(f"{path}: no such directory")
    source_link = build / "source"
    if (build / "Kconfig").is_file() and (build / "Makefile").is_file():
        src = build
    elif source_link.is_symlink() and (source_link / "Kconfig").is_file():
        src = source_link.resolve()
    else:
        raise UsageError(f"{path}: not a kernel build directory (no Kconfig here, no 'source' link to a tree)")
    if not (build / ".config").is_file():
        raise UsageError(_unconfigured(path, build, src))
    # modules_prepare makes these (a bare defconfig does not): objects can be compiled
    if not (build / "include" / "generated" / "asm-offsets.h").is_file() or \
            not (build / "include" / "config" / "kernel.release").is_file():
        raise UsageError(f"{path}: not prepared: run 'make modules_prepare' (or a build) first")
    config = _config_lines(build)
    bits = 64 if "CONFIG_64BIT=y" in config else 32
    srcarch = _srcarch(build, config)
    cc = _kconfig_value(build, "CC") or "gcc"
    ld = _kconfig_value(build, "LD") or "ld"
    if "clang" in compiler_of(cc):
        raise UsageError(f"{path}: configured with CC={cc}: the plugin is a GCC plugin (build with GCC)")
    if not has_plugin_headers(compiler_of(cc)):
        raise UsageError(f"{path}: configured with CC={cc}, but {compiler_of(cc)} or its plugin headers "
                         f"are not installed (Debian: gcc-N-plugin-dev, or gcc-N-plugin-dev-<triplet>)")
    return UserKernel(build=build, src=src, srcarch=srcarch, bits=bits,
                      make_arch=_kconfig_value(build, "ARCH") or srcarch, cc=cc,
                      cross_compile=ld[:-2] if ld.endswith("-ld") else "")


def _builds_of(src: Path) -> list[Path]:
    """Configured O= builds next to a source tree whose 'source' link leads to it (the cache's
    layout, and the usual ../build-* one)."""
    found = []
    for d in sorted(src.parent.iterdir()):
        link = d / "source"
        if d != src and link.is_symlink() and link.resolve() == src and (d / ".config").is_file():
            found.append(d)
    return found


def _unconfigured(path: str, build: Path, src: Path) -> str:
    """The one line for a tree with no .config: a build of it to use, or the make line that
    configures one outside it (a configure in place would write into the source tree)."""
    if build != src:
        return (f"{path}: not configured (no .config): "
                f"make -C {src} O={build} defconfig modules_prepare (or your own .config there)")
    builds = _builds_of(src)
    if builds:
        return f"{path}: a kernel source tree, not a build: use a build of it: {' or '.join(map(str, builds))}"
    out = src.parent / f"build-{src.name}"
    return (f"{path}: a kernel source tree, not a build: configure one outside it: "
            f"make -C {src} O={out} defconfig modules_prepare, then give {out}")


def _kconfig_value(build: Path, variable: str) -> str | None:
    """The value of a make variable kconfig ran with (ARCH, CC, LD): it records every variable it
    read, with its value, in include/config/auto.conf.cmd."""
    used = re.compile(r'^ifneq "\$\(' + variable + r'\)" "([^"]+)"$', re.M)
    try:
        m = used.search((build / "include" / "config" / "auto.conf.cmd").read_text(errors="replace"))
    except OSError:
        return None
    return m.group(1) if m else None


def _cache_file(kdir: UserKernel) -> Path:
    config = kdir.build / ".config"
    st = config.stat()
    key = f"{kdir.build}\n{st.st_size}\n{st.st_mtime_ns}\n"
    return cache_dir() / "kdir" / (hashlib.sha256(key.encode()).hexdigest()[:16] + ".objects")


def _built_sources(kdir: UserKernel) -> set[str]:
    """Sources of the objects already built: their .cmd files name them."""
    prefixes = [str(kdir.src) + "/", str(kdir.build) + "/"]
    out: set[str] = set()
    for cmd in kdir.build.rglob(".*.o.cmd"):
        try:
            text = cmd.read_text(errors="replace")
        except OSError:
            continue
        for m in _SOURCE_RE.finditer(text):
            source = m.group(2)
            for prefix in prefixes:
                if source.startswith(prefix):
                    source = source[len(prefix):]
            if not source.startswith("/"):
                out.add(os.path.normpath(source))
    return out


def _dry_run_sources(kdir: UserKernel) -> set[str]:
    """Sources of the objects a build would still compile (make -n)."""
    proc = subprocess.run(kdir.make_base() + ["-n", "-k"], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True,
                          errors="replace", env=kbuild_env())
    prefix = str(kdir.src) + "/"
    out: set[str] = set()
    for match in _COMPILE_RE.finditer(proc.stdout):
        source = match.group(2)
        if source.startswith(prefix):
            source = source[len(prefix):]
        if not source.startswith("/"):
            out.add(os.path.normpath(source))
    return out


def _configured(kdir: UserKernel) -> list[str]:
    cache = _cache_file(kdir)
    if cache.is_file():
        return [l for l in cache.read_text().splitlines() if l]
    config = kdir.build / ".config"
    before = config.read_bytes()
    try:
        dry = _dry_run_sources(kdir)
    finally:
        # a dry run still runs syncconfig: the user's configuration must come out as it went in
        if config.read_bytes() != before:
            config.write_bytes(before)
            raise UsageError(f"{config}: kbuild rewrote it during a dry run (restored): is {kdir.build} "
                             f"configured for {kdir.arch}?")
    sources = sorted(_built_sources(kdir) | dry)
    if not sources:
        raise UsageError(f"{kdir.build}: could not list the objects its configuration builds")
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text("".join(s + "\n" for s in sources))
    return sources
