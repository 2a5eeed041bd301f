"""uaccess-check kernel: prepare the default kernel fixture and print its build dir."""

from __future__ import annotations

import argparse

from .fixture import ensure_fixture


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("kernel", help="prepare the default kernel (6.12 x86_64 defconfig) and print its O= dir",
                       description="Extract /usr/src/linux-source-6.12.tar.xz into the cache, run defconfig "
                                   "and modules_prepare out of tree (once), and print the build (O=) directory.")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    fx = ensure_fixture()
    print(fx.build)
    return 0
