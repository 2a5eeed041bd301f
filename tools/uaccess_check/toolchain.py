"""The compilers a kernel is built with, and how kbuild is told to use one.

A toolchain is an architecture and a GCC major version. The host's own ``gcc`` (12, x86_64) is
the default and adds nothing to kbuild's command line; the others are Debian packages:

* ``gcc-11`` (x86_64, with ``gcc-11-plugin-dev``), the second GCC version;
* the cross compilers ``aarch64-linux-gnu-gcc-12`` and ``powerpc64le-linux-gnu-gcc-12`` with
  their ``gcc-12-plugin-dev-*`` headers. Debian's binutils carry no version suffix, so kbuild
  gets ``CROSS_COMPILE=<triplet>-`` for them and ``CC=<triplet>-gcc-12`` for the compiler.

Each compiler loads only a plugin built against its own plugin headers (plugin.py builds one
per compiler).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass

from . import UsageError

DEFAULT_ARCH = "x86_64"
DEFAULT_GCC = "12"


@dataclass(frozen=True)
class ArchInfo:
    make_arch: str  # kbuild's ARCH=
    srcarch: str  # the arch/ directory
    triplet: str  # the cross compilers' prefix without '-' ("" for the host)
    defconfig: str


ARCHES: dict[str, ArchInfo] = {
    "x86_64": ArchInfo("x86_64", "x86", "", "defconfig"),
    "arm64": ArchInfo("arm64", "arm64", "aarch64-linux-gnu", "defconfig"),
    "powerpc": ArchInfo("powerpc", "powerpc", "powerpc64le-linux-gnu", "ppc64le_defconfig"),
}

#: The GCC versions each architecture has a compiler with plugin headers for (Debian bookworm:
#: no gcc-11-plugin-dev for the cross compilers).
GCC_VERSIONS: dict[str, tuple[str, ...]] = {"x86_64": ("12", "11"), "arm64": ("12",), "powerpc": ("12",)}


@dataclass(frozen=True)
class Toolchain:
    arch: str = DEFAULT_ARCH
    gcc: str = DEFAULT_GCC

    def __post_init__(self) -> None:
        if self.arch not in ARCHES:
            raise UsageError(f"unknown architecture {self.arch!r} (known: {', '.join(ARCHES)})")
        if self.gcc not in GCC_VERSIONS[self.arch]:
            raise UsageError(f"no GCC {self.gcc} for {self.arch} (there is: "
                             f"{', '.join(GCC_VERSIONS[self.arch])})")

    @property
    def info(self) -> ArchInfo:
        return ARCHES[self.arch]

    @property
    def is_default(self) -> bool:
        return self.arch == DEFAULT_ARCH and self.gcc == DEFAULT_GCC

    @property
    def cc(self) -> str:
        if self.is_default:
            return "gcc"
        prefix = f"{self.info.triplet}-" if self.info.triplet else ""
        return f"{prefix}gcc-{self.gcc}"

    @property
    def name(self) -> str:
        """e.g. 'x86_64-gcc12', 'powerpc-gcc12' (directory names in the cache)."""
        return f"{self.arch}-gcc{self.gcc}"

    @property
    def packages(self) -> tuple[str, ...]:
        """The Debian packages holding the compiler and its plugin headers."""
        if self.info.triplet:
            return (f"gcc-{self.gcc}-{self.info.triplet}", f"gcc-{self.gcc}-plugin-dev-{self.info.triplet}")
        return (f"gcc-{self.gcc}", f"gcc-{self.gcc}-plugin-dev")

    def make_vars(self) -> list[str]:
        """kbuild variables selecting this toolchain (none for the default)."""
        if self.is_default:
            return []
        out = []
        if self.info.triplet:
            out += [f"ARCH={self.info.make_arch}", f"CROSS_COMPILE={self.info.triplet}-"]
        return out + [f"CC={self.cc}"]

    def require(self) -> None:
        """A UsageError naming the packages to install if the compiler or its headers are missing."""
        if not has_plugin_headers(self.cc):
            raise UsageError(f"{self.cc} or its plugin headers missing: run as root "
                             f"'apt-get install {' '.join(self.packages)}' (or make deps)")


def has_plugin_headers(cc: str) -> bool:
    """Is @cc on PATH with the plugin headers of its own version?"""
    if shutil.which(cc) is None:
        return False
    proc = subprocess.run([cc, "-print-file-name=plugin"], capture_output=True, text=True)
    headers = proc.stdout.strip()
    return proc.returncode == 0 and os.path.isfile(os.path.join(headers, "include", "gcc-plugin.h"))


#: Launchers a kbuild CC may start with ("ccache aarch64-linux-gnu-gcc-12").
LAUNCHERS = ("ccache", "distcc", "sccache")


def compiler_of(cc: str) -> str:
    """The compiler itself in a CC value: its first word that is not a launcher."""
    words = cc.split()
    return next((w for w in words if os.path.basename(w) not in LAUNCHERS), words[-1] if words else cc)

