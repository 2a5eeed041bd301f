"""The (version x architecture x compiler) matrix: every cell scanned at level 2, one table.

``make test-matrix`` runs the tests of the cells ``make test`` leaves out (UACCESS_CHECK_MATRIX=1),
then this script, which writes docs/matrix.md: per cell, the accessor units compiled, the
accesses the plugin saw, its findings per class and the wall time of the cell's compiles (its
kernel prepared and its plain objects built beforehand, outside the time). Level 2 prints every
class; level 0 shows the unchecked, range, region and mode findings of it, level 1 adds distance.

    python3 tools/tests/matrix.py [--output FILE] [--jobs J]

A cell that cannot be prepared or compiled is a row saying so and makes the exit status 1.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uaccess_check import UsageError  # noqa: E402
from uaccess_check.fixture import KERNEL_VERSIONS, arch_fixtures, ensure_fixture  # noqa: E402
from uaccess_check.plugin import ensure_plugin, plugin_flags  # noqa: E402
from uaccess_check.kbuild import make_objects  # noqa: E402
from uaccess_check.scan import accessor_units, compile_fixtures, default_jobs  # noqa: E402
from uaccess_check.toolchain import GCC_VERSIONS  # noqa: E402

CLASSES = ("unchecked", "range", "region", "mode", "distance", "unproven")
_CLASS_RE = re.compile(r": (?:warning|error): .*\[-Wuaccess-([a-z]+)\]$")


@dataclass
class Cell:
    version: str
    arch: str
    gcc: str
    units: int = 0
    accesses: int = 0
    counts: dict[str, int] | None = None
    failed: int = 0
    seconds: float = 0.0
    error: str = ""

    @property
    def name(self) -> str:
        return f"{self.version} {self.arch} gcc-{self.gcc}"


def cells() -> list[Cell]:
    return [Cell(v, a, g) for v in KERNEL_VERSIONS for a, gs in GCC_VERSIONS.items() for g in gs]


def run_cell(cell: Cell, jobs: int) -> None:
    try:
        fixtures = [ensure_fixture(f) for f in arch_fixtures(cell.version, cell.arch, cell.gcc)]
        flags = plugin_flags(ensure_plugin(fixtures[0].cc), level=2, verbose=True)
        for fx in fixtures:  # kbuild's own objects first: their saved commands, outside the time
            make_objects(fx, accessor_units(fx)[0], jobs)
        start = time.perf_counter()
        reports, _ = compile_fixtures(fixtures, flags, jobs)
        cell.seconds = time.perf_counter() - start
    except UsageError as exc:
        cell.error = str(exc).splitlines()[0]
        return
    cell.counts = {c: 0 for c in CLASSES}
    cell.units = len(reports)
    for rep in reports:
        cell.accesses += rep.accesses
        cell.failed += rep.returncode != 0
        for line in rep.diagnostics:
            m = _CLASS_RE.search(line)
            if m and m.group(1) in cell.counts:
                cell.counts[m.group(1)] += 1


def table(rows: list[Cell]) -> str:
    head = "| cell | units | accesses | " + " | ".join(CLASSES) + " | failed | time |"
    out = [head, "|" + "---|" * (len(CLASSES) + 5)]
    for c in rows:
        if c.error or c.counts is None:
            out.append(f"| {c.name} | not run: {c.error} |" + " |" * (len(CLASSES) + 4))
            continue
        counts = " | ".join(str(c.counts[k]) for k in CLASSES)
        out.append(f"| {c.name} | {c.units} | {c.accesses} | {counts} | {c.failed} | {c.seconds:.0f} s |")
    return "\n".join(out) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description="Scan every (version, architecture, compiler) cell at level 2.")
    p.add_argument("--output", type=Path, default=None, help="write the table into this file (default stdout)")
    p.add_argument("--jobs", type=int, default=default_jobs())
    args = p.parse_args()
    rows = cells()
    for c in rows:
        print(f"matrix: {c.name}", file=sys.stderr)
        run_cell(c, args.jobs)
    text = table(rows)
    if args.output:
        args.output.write_text(_document(text))
    else:
        sys.stdout.write(text)
    return 1 if any(c.error or c.failed or c.counts is None for c in rows) else 0


def _document(text: str) -> str:
    return f"""# The version x architecture x compiler matrix

Last results of `make test-matrix` (written by `tools/tests/matrix.py`): every accessor unit of
each defconfig (powerpc: `ppc64le_defconfig` and the same with `CONFIG_COMPAT`) compiled with the
plugin at level 2 by that cell's compiler. Findings per class are warnings (notes not counted);
levels 0 and 1 print the unchecked, range, region and mode ones (level 1 adds distance). Each
finding of the triaged cells has its verdict in `testcases/real/`; `docs/real-code.md` sums them
up. Time: the cell's compiles on 2 cores, its kernel prepared and its objects built beforehand.

{text}"""


if __name__ == "__main__":
    sys.exit(main())
