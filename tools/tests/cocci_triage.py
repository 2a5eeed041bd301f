"""Redraft testcases/real/linux-<V>-cocci.txt after a change of the Coccinelle scripts.

``python3 tools/tests/cocci_triage.py VERSION`` runs ``uaccess-check cocci`` over the version's
source tree and prints the list: the file's header comment, then each finding as printed,
followed by the verdict the file gave the finding of the same class at the same place (file,
line and columns), whatever its words were; a finding at a new place gets ``-- TODO``, which
test_cocci_real.py rejects until a verdict read from the code replaces it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uaccess_check import REPO_ROOT  # noqa: E402
from uaccess_check.fixture import ensure_source, fixture_for, locked  # noqa: E402

_WHERE = re.compile(r"^(\S+:\d+:\d+-\d+): .* \[([a-z]+)\]$")


def verdicts(path: Path) -> dict[tuple[str, str], str]:
    out = {}
    for line in path.read_text().splitlines():
        if " -- " not in line or line.startswith("#"):
            continue
        finding, verdict = line.split(" -- ", 1)
        m = _WHERE.match(finding)
        if m:
            out.setdefault((m[1], m[2]), verdict)
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: cocci_triage.py VERSION", file=sys.stderr)
        return 2
    version = argv[0]
    path = REPO_ROOT / "testcases" / "real" / f"linux-{version}-cocci.txt"
    fx = fixture_for(version)
    with locked(fx.cache):
        ensure_source(fx)
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "uaccess-check"), "cocci", "--timeout", "120",
                           str(fx.src)], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode not in (0, 1):
        print(proc.stderr.strip(), file=sys.stderr)
        return 2
    old = verdicts(path) if path.is_file() else {}
    header = [l for l in path.read_text().splitlines() if l.startswith("#")] if path.is_file() else []
    print("\n".join(header))
    for finding in proc.stdout.splitlines():
        m = _WHERE.match(finding)
        verdict = old.get((m[1], m[2]), "TODO") if m else "TODO"
        print(f"{finding} -- {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
