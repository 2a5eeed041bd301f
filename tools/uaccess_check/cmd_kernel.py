"""uaccess-check kernel: prepare a kernel fixture (default 6.12) and print its build dir.

--version picks the kernel (6.1, 6.12, 7.2; see fixture.KERNEL_SOURCES); --update refreshes the
private apt lists of a downloaded version and takes a newer package if the mirror has one, so
a plain run never needs the network once the fixture exists.
"""

from __future__ import annotations

import argparse

from .fixture import DEFAULT_VERSION, KERNEL_VERSIONS, ensure_fixture, fixture_for


def add_version_argument(p: argparse.ArgumentParser, default: str | None = DEFAULT_VERSION) -> None:
    """--version V, shared by the commands that work on a prepared kernel (None: not given)."""
    p.add_argument("--version", default=default, choices=KERNEL_VERSIONS, metavar="V",
                   help=f"kernel version: {', '.join(KERNEL_VERSIONS)} (default {DEFAULT_VERSION})")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("kernel", help="prepare a kernel (default 6.12 x86_64 defconfig) and print its O= dir",
                       description="Extract Debian's linux-source-V into the cache (6.12 from the installed "
                                   "/usr/src/linux-source-6.12.tar.xz; 6.1 from bookworm and 7.2 from sid, "
                                   "downloaded with a private apt state in the cache), run defconfig and "
                                   "modules_prepare out of tree (once), and print the build (O=) directory.")
    add_version_argument(p)
    p.add_argument("--update", action="store_true",
                   help="for a downloaded version, update its apt lists and take a newer package if any")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    fx = ensure_fixture(fixture_for(args.version), refresh=args.update)
    print(fx.build)
    return 0
