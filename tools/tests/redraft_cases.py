"""Redraft the expected blocks of testcases after a plugin change, for review with git diff.

``python3 tools/tests/redraft_cases.py DIR [VERSION [ARCH]] [CASE...]`` builds the cases of DIR
(testcases/, testcases/v7/, testcases/powerpc/) against the prepared fixture of VERSION and ARCH
(default 6.12 x86_64) with the plugin, the way the case tests do, and replaces each case's block
between ``check-output-start`` and ``check-output-end`` with what the plugin printed. It prints
the cases whose block changed. Whether each new block is right is for the reader: the tests then
hold the case to it, and the check-description must still say what the block shows.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from casebuild import build_cases, case_names  # noqa: E402
from uaccess_check.fixture import ensure_fixture, fixture_for  # noqa: E402
from uaccess_check.plugin import ensure_plugin  # noqa: E402

_BLOCK = re.compile(r"( \* check-output-start\n)(.*?)( \* check-output-end\n)", re.S)


def redraft(path: Path, lines: list[str]) -> bool:
    """Replace the expected block of the case at path; True when it changed."""
    text = path.read_text()
    new = _BLOCK.sub(lambda m: m.group(1) + "".join(l + "\n" for l in lines) + m.group(3), text, count=1)
    if new == text:
        return False
    path.write_text(new)
    return True


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: redraft_cases.py DIR [VERSION [ARCH]] [CASE...]", file=sys.stderr)
        return 2
    cases_dir = Path(argv[0])
    rest = argv[1:]
    version = rest.pop(0) if rest and not rest[0].endswith(".c") else "6.12"
    arch = rest.pop(0) if rest and not rest[0].endswith(".c") else "x86_64"
    names = rest or case_names(cases_dir)
    fx = ensure_fixture(fixture_for(version, arch))
    so = ensure_plugin(fx.cc)
    with tempfile.TemporaryDirectory(prefix="redraft-") as tmp:
        build = build_cases(fx, so, cases_dir, names, Path(tmp))
        for name in names:
            if not build.built(name):
                print(f"{name}: did not build", file=sys.stderr)
                continue
            if redraft(cases_dir / name, build.plugin_lines.get(name, [])):
                print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
