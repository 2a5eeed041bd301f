"""Command-line entry point: uaccess-check {kernel,cflags,scan,merge}."""

from __future__ import annotations

import argparse
import sys

from . import UsageError, cmd_cflags, cmd_cocci, cmd_kernel, cmd_map, cmd_merge, cmd_patch, cmd_scan, cmd_sparse


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2 (argparse prints usage too)
        self.exit(2, f"uaccess-check: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="uaccess-check",
                     description="Static checker for the Linux kernel's unsafe user accessors (GCC plugin driver).")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for mod in (cmd_kernel, cmd_cflags, cmd_scan, cmd_map, cmd_patch, cmd_merge, cmd_cocci, cmd_sparse):
        mod.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except UsageError as exc:
        sys.stdout.flush()
        print(f"uaccess-check: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("uaccess-check: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 141
