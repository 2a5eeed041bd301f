"""Redraft testcases/real/linux-<V>-cocci.txt after a change of the Coccinelle scripts.

``python3 tools/tests/cocci_triage.py VERSION [family]`` runs ``uaccess-check cocci`` over the
version's source tree as test_cocci_real.py does (every script but uaccess_family.cocci; with
``family``, that script alone at level 1, for linux-<V>-family-cocci.txt) and prints the list: the
file's header comment, then each finding as printed, followed by the verdict the file gave the
finding of the same class at the same place (file, line and columns), whatever its words were,
or else the verdict of a finding it lists as an "also here" note (one finding per defect); a
finding at a new place gets ``-- TODO``, which test_cocci_real.py rejects until a verdict read
from the code replaces it. The notes the driver prints after a finding are printed as they are.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uaccess_check import REPO_ROOT  # noqa: E402
from uaccess_check.fixture import ensure_source, fixture_for, locked  # noqa: E402
from uaccess_check.messages import say  # noqa: E402

_WHERE = re.compile(r"^(\S+:\d+:\d+-\d+): .* \[([a-z]+)\]$")
#: the driver's line for another access of a finding's defect: its place, file:line
_NOTE = re.compile(r"^(\S+:\d+):\d+: note: %s$" % re.escape(say("also_here")))
FAMILY = "uaccess_family"


def verdicts(path: Path) -> dict[tuple[str, str], str]:
    """(place, class) -> verdict, for each finding of a list (file:line:col-end) and each of its
    notes (file:line)."""
    out = {}
    last = None
    for line in path.read_text().splitlines():
        note = _NOTE.match(line)
        if note and last is not None:
            out.setdefault((note[1], last[0]), last[1])
            continue
        if " -- " not in line or line.startswith("#"):
            continue
        finding, verdict = line.split(" -- ", 1)
        m = _WHERE.match(finding)
        if m:
            out.setdefault((m[1], m[2]), verdict)
            last = (m[2], verdict)
    return out


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2) or argv[1:] not in ([], ["family"]):
        print("usage: cocci_triage.py VERSION [family]", file=sys.stderr)
        return 2
    version, family = argv[0], argv[1:] == ["family"]
    path = REPO_ROOT / "testcases" / "real" / f"linux-{version}-{'family-' if family else ''}cocci.txt"
    fx = fixture_for(version)
    with locked(fx.cache):
        ensure_source(fx)
    names = sorted(p.stem for p in (REPO_ROOT / "cocci").glob("uaccess_*.cocci"))
    scripts = [a for n in names if (n == FAMILY) == family for a in ("-s", n)]
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "uaccess-check"), "cocci", "--timeout", "120",
                           *scripts, *(["--level", "1"] if family else []), str(fx.src)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode not in (0, 1):
        print(proc.stderr.strip(), file=sys.stderr)
        return 2
    old = verdicts(path) if path.is_file() else {}
    header = [l for l in path.read_text().splitlines() if l.startswith("#")] if path.is_file() else []
    print("\n".join(header))
    for finding in proc.stdout.splitlines():
        if _NOTE.match(finding):
            print(finding)
            continue
        m = _WHERE.match(finding)
        # the place it was listed at, or the line of a note it was listed as
        verdict = (old.get((m[1], m[2])) or old.get((m[1].rsplit(":", 1)[0], m[2]), "TODO")) if m else "TODO"
        print(f"{finding} -- {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
