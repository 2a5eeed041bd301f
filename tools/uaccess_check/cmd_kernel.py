"""uaccess-check kernel: prepare a kernel fixture (default 6.12) and print its build dir.

--version picks the kernel (6.1, 6.12, 7.2; see fixture.KERNEL_SOURCES), --arch and --gcc the
toolchain (toolchain.py: x86_64, arm64 or powerpc; GCC 12, or 11 on x86_64): every build of a
version shares its one extracted source, and powerpc's is two builds (ppc64le_defconfig, and the
same with CONFIG_COMPAT for signal_32.c), printed one per line. --update refreshes the
private apt lists of a downloaded version and takes a newer package if the mirror has one, so
a plain run never needs the network once the fixture exists.
"""

from __future__ import annotations

import argparse

from . import UsageError
from .fixture import DEFAULT_VERSION, KERNEL_VERSIONS, Fixture, arch_fixtures, ensure_fixture
from .kdir import open_kdir
from .scan import default_jobs
from .toolchain import ARCHES, DEFAULT_ARCH, DEFAULT_GCC, GCC_VERSIONS


def add_version_argument(p: argparse.ArgumentParser, default: str | None = DEFAULT_VERSION) -> None:
    """--version V, shared by the commands that work on a prepared kernel (None: not given)."""
    p.add_argument("--version", default=default, choices=KERNEL_VERSIONS, metavar="V",
                   help=f"kernel version: {', '.join(KERNEL_VERSIONS)} (default {DEFAULT_VERSION})")


def add_toolchain_arguments(p: argparse.ArgumentParser) -> None:
    """--arch A and --gcc V, shared by the commands that build with a compiler."""
    p.add_argument("--arch", default=None, choices=tuple(ARCHES), metavar="A",
                   help=f"architecture: {', '.join(ARCHES)} (default {DEFAULT_ARCH}; the others "
                        "use Debian's cross compilers)")
    gccs = sorted({g for v in GCC_VERSIONS.values() for g in v})
    p.add_argument("--gcc", default=None, choices=gccs, metavar="G",
                   help=f"GCC major version: {', '.join(gccs)} (default {DEFAULT_GCC}; 11 on x86_64 only)")


def add_kernel_arguments(p: argparse.ArgumentParser) -> None:
    """KDIR, --version, --arch, --gcc and --jobs: the kernel a command compiles (scan, map)."""
    p.add_argument("kdir", nargs="?", default=None, metavar="KDIR",
                   help="a configured and prepared kernel build of your own (a tree built in place, "
                        "or an O= directory); default: the prepared fixture")
    add_version_argument(p, default=None)
    add_toolchain_arguments(p)
    p.add_argument("--jobs", "-j", type=int, default=None, metavar="J",
                   help="parallel compiles (default: number of CPUs)")


def kernel_builds(args: argparse.Namespace) -> tuple[list[Fixture], int]:
    """The builds add_kernel_arguments() named (the user's KDIR, or the prepared fixture, two
    builds for powerpc) and the jobs to compile them with."""
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise UsageError(f"--jobs {jobs}: must be at least 1")
    if args.kdir is not None and (args.version, args.arch, args.gcc) != (None, None, None):
        raise UsageError("give a KDIR or --version/--arch/--gcc, not both")
    if args.kdir is not None:
        return [open_kdir(args.kdir)], jobs
    return [ensure_fixture(f) for f in arch_fixtures(args.version, args.arch, args.gcc)], jobs


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("kernel", help="prepare a kernel (default 6.12 x86_64 defconfig) and print its O= dir",
                       description="Extract Debian's linux-source-V into the cache (6.12 from the installed "
                                   "/usr/src/linux-source-6.12.tar.xz; 6.1 from bookworm and 7.2 from sid, "
                                   "downloaded with a private apt state in the cache), run the architecture's "
                                   "defconfig and modules_prepare out of tree (once), and print the "
                                   "build (O=) directory.")
    add_version_argument(p)
    add_toolchain_arguments(p)
    p.add_argument("--update", action="store_true",
                   help="for a downloaded version, update its apt lists and take a newer package if any")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    for fx in arch_fixtures(args.version, args.arch, args.gcc):
        print(ensure_fixture(fx, refresh=args.update).build)
    return 0
