"""The Coccinelle scripts against the plugin's testcases, class by class and line by line.

The plugin's testcases (testcases/*.c for 6.12, testcases/v7/*.c for 7.x) carry the plugin's
expected warnings. The scripts run over the same files; for the classes both engines define the
same way (unchecked, range, region, mode) every warning of the plugin and every finding of the
scripts is paired by case, line and class. What stays unpaired is a difference: "plugin" (the
scripts miss it), "scripts" (the plugin does not say it). A pair whose words differ (the script's
line must start with the plugin's message) is a "words" difference. The plugin's unproven and
distance classes answer other questions than the scripts' distance and are not compared.

``python3 tools/tests/cocci_parity.py`` prints the differences as the rows of the table in
docs/cocci.md ("Against the plugin's testcases"), with the reason column to fill in.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uaccess_check import REPO_ROOT  # noqa: E402
from uaccess_check.cocci import all_scripts, run_cocci  # noqa: E402

DIRS = (REPO_ROOT / "testcases", REPO_ROOT / "testcases" / "v7")
CLASSES = ("unchecked", "range", "region", "mode")
_WARNING = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):\d+: warning: (?P<text>.*) \[-Wuaccess-(?P<cls>[a-z]+)\]$")
_SCRIPT = re.compile(r"^(?P<text>.*) \[(?P<cls>[a-z]+)\]$")


@dataclass(frozen=True, order=True)
class Difference:
    case: str      # path relative to testcases/
    line: int
    cls: str
    kind: str      # plugin | scripts | words
    plugin: str    # the plugin's text ("" when it says nothing)
    scripts: str   # the scripts' text ("" when they say nothing)


def expected(path: Path) -> list[tuple[int, str, str]]:
    text = path.read_text()
    if "check-output-start" not in text:
        return []
    block = text.split("check-output-start", 1)[1].split("check-output-end", 1)[0]
    out = []
    for line in block.splitlines():
        m = _WARNING.match(line.strip())
        if m and m["cls"] in CLASSES:
            out.append((int(m["line"]), m["cls"], m["text"]))
    return out


def differences() -> list[Difference]:
    out = []
    for d in DIRS:
        found: dict[tuple[str, int, str], list[str]] = {}
        for f in run_cocci([d], all_scripts()).findings:
            m = _SCRIPT.match(f.message)
            if m and m["cls"] in CLASSES and "/" not in f.file:
                found.setdefault((f.file, f.line, m["cls"]), []).append(m["text"])
        cases = sorted(p.name for p in d.glob("*.c"))
        rel = lambda name: str((d / name).relative_to(REPO_ROOT / "testcases"))
        plugin_keys = set()
        for name in cases:
            for line, cls, text in expected(d / name):
                plugin_keys.add((name, line, cls))
                said = found.get((name, line, cls))
                if not said:
                    out.append(Difference(rel(name), line, cls, "plugin", text, ""))
                elif not any(s == text or s.startswith(text + ": ") for s in said):
                    out.append(Difference(rel(name), line, cls, "words", text, sorted(said)[0]))
        for (name, line, cls), said in sorted(found.items()):
            if name in cases and (name, line, cls) not in plugin_keys:
                out.append(Difference(rel(name), line, cls, "scripts", "", sorted(said)[0]))
    return sorted(set(out))


def row(d: Difference, reason: str = "") -> str:
    return f"| {d.case} | {d.line} | {d.cls} | {d.kind} | {reason} |"


def main() -> int:
    for d in differences():
        print(row(d))
    return 0


if __name__ == "__main__":
    sys.exit(main())
