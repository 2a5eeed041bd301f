"""The Coccinelle scripts against the plugin's testcases, class by class and line by line.

The plugin's testcases (testcases/*.c for 6.12, testcases/v7/*.c for 7.x) carry the plugin's
expected warnings (the check-output block; notes are not compared, except that a warning's
"also here" notes, the same defect at other accesses, count as the warning at each). All the
driver's scripts run over the same files (tools/uaccess_check/cocci.py run_cocci(), one run). For the classes both
engines define the same way, unchecked, range, region and mode, every plugin warning and every
script finding is paired by (case, line, class):

- ``plugin``: a plugin warning with no script finding of its class on its line;
- ``scripts``: a script finding with no plugin warning of its class on its line;
- ``words``: both on that line, but no script finding there says the plugin's words: the
  script's text, without its ``[class]`` tag, is neither the plugin's message nor the plugin's
  message followed by ``": "`` and a detail (a script has no notes, so it may add one).

The plugin's ``unproven`` and ``distance`` (levels 1 and 2) and the scripts' ``distance`` (a
``__uaccess_begin()`` with no check before it) answer other questions and are not paired; they
are listed (``others()``) so that the doc can show them next to each other.

``python3 tools/tests/cocci_parity.py`` prints the counts and the differences;
``--markdown`` prints the doc's tables (docs/cocci.md, "Against the plugin's testcases"), the
reason of each row taken from the doc where it is already documented, "to fix" otherwise.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uaccess_check import REPO_ROOT, messages  # noqa: E402
from uaccess_check.cocci import all_scripts, run_cocci  # noqa: E402

TESTCASES = REPO_ROOT / "testcases"
DIRS = (TESTCASES, TESTCASES / "v7")
DOC = REPO_ROOT / "docs" / "cocci.md"
SECTION = "## Against the plugin's testcases"
#: The classes both engines define the same way: those said at level 0 (messages.def).
CLASSES = tuple(c for c in messages.CLASSES if messages.CLASS_LEVEL[c] == 0)
KINDS = ("plugin", "scripts", "words")
_WARNING = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):\d+: warning: (?P<text>.*) \[-Wuaccess-(?P<cls>[a-z]+)\]$")
_ALSO_HERE = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):\d+: note: %s$" % re.escape(messages.say("also_here")))
HEADER = ("| case | line | class | kind | plugin says | scripts say | reason |\n"
          "|---|---|---|---|---|---|---|")
OTHERS_TITLE = "Not paired (the plugin's `unproven` and `distance`, the scripts' `distance`):"
OTHERS_HEADER = ("| case | line | plugin says | scripts say |\n"
                 "|---|---|---|---|")


@dataclass(frozen=True, order=True)
class Difference:
    case: str      # path relative to testcases/
    line: int
    cls: str
    kind: str      # plugin | scripts | words
    plugin: str    # the plugin's text ("" when it says nothing)
    scripts: str   # the scripts' text, class tag removed ("" when they say nothing)

    @property
    def key(self) -> tuple[str, int, str, str]:
        return (self.case, self.line, self.cls, self.kind)


@dataclass
class Parity:
    compared: int = 0          # plugin warnings of the four classes
    same: int = 0              # paired, the plugin's words exactly
    detail: int = 0            # paired, the plugin's words and ": detail"
    findings: int = 0          # script findings of the four classes
    differences: list[Difference] = field(default_factory=list)
    others: list[tuple[str, int, str, str]] = field(default_factory=list)  # case, line, plugin, scripts

    def count(self, kind: str) -> int:
        return sum(d.kind == kind for d in self.differences)


def expected(path: Path) -> list[tuple[int, str, str]]:
    """The case's expected warnings: (line, class, text), every class, one per access: a
    warning's "also here" notes (the same defect at another access) are its words there too."""
    text = path.read_text()
    if "check-output-start" not in text:
        return []
    block = text.split("check-output-start", 1)[1].split("check-output-end", 1)[0]
    out = []
    for line in block.splitlines():
        m = _WARNING.match(line.strip())
        if m:
            out.append((int(m["line"]), m["cls"], m["text"]))
        n = _ALSO_HERE.match(line.strip())
        if n and out:
            out.append((int(n["line"]), out[-1][1], out[-1][2]))
    return out


def cases() -> list[Path]:
    return sorted(p for d in DIRS for p in d.glob("*.c"))


def script_findings() -> dict[str, list[tuple[int, str, str]]]:
    """case -> [(line, class, text)] of all scripts over the cases (one run)."""
    files = cases()
    out: dict[str, list[tuple[int, str, str]]] = {}
    for f in run_cocci(files, all_scripts()).findings:
        case = str(Path(f.file).resolve().relative_to(TESTCASES.resolve()))
        out.setdefault(case, []).append((f.line, f.cls, f.message))
    return out


def same_words(plugin: str, script: str) -> str | None:
    if script == plugin:
        return "same"
    if script.startswith(plugin + ": "):
        return "detail"
    return None


def compute() -> Parity:
    res = Parity()
    found = script_findings()
    for path in cases():
        case = str(path.relative_to(TESTCASES))
        plugin = expected(path)
        said = found.get(case, [])
        keys = set()
        for line, cls, text in plugin:
            if cls not in CLASSES:
                continue
            res.compared += 1
            keys.add((line, cls))
            mine = sorted(t for ln, c, t in said if (ln, c) == (line, cls))
            if not mine:
                res.differences.append(Difference(case, line, cls, "plugin", text, ""))
                continue
            verdicts = [same_words(text, t) for t in mine]
            if "same" in verdicts:
                res.same += 1
            elif "detail" in verdicts:
                res.detail += 1
            else:
                res.differences.append(Difference(case, line, cls, "words", text, mine[0]))
        for line, cls, text in sorted(set(said)):
            if cls in CLASSES:
                res.findings += 1
                if (line, cls) not in keys:
                    res.differences.append(Difference(case, line, cls, "scripts", "", text))
        # the classes not paired, both sides, by line
        lines = sorted({ln for ln, c, _ in plugin if c not in CLASSES} | {ln for ln, c, _ in said if c not in CLASSES})
        for ln in lines:
            p = "; ".join("%s [%s]" % (t, c) for l2, c, t in plugin if l2 == ln and c not in CLASSES)
            s = "; ".join("%s [%s]" % (t, c) for l2, c, t in sorted(set(said)) if l2 == ln and c not in CLASSES)
            res.others.append((case, ln, p, s))
    res.differences = sorted(set(res.differences), key=lambda d: (d.case, d.line, CLASSES.index(d.cls), d.kind))
    return res


def differences() -> list[Difference]:
    return compute().differences


def cell(text: str) -> str:
    return text.replace("|", "\\|") if text else "-"


def row(d: Difference, reason: str = "") -> str:
    return f"| {d.case} | {d.line} | {d.cls} | {d.kind} | {cell(d.plugin)} | {cell(d.scripts)} | {reason} |"


def other_row(o: tuple[str, int, str, str]) -> str:
    return f"| {o[0]} | {o[1]} | {cell(o[2])} | {cell(o[3])} |"


_ROW = re.compile(r"^\| (?P<case>\S+\.c) \| (?P<line>\d+) \| (?P<cls>[a-z]+) \| (?P<kind>plugin|scripts|words) \| "
                  r"(?P<plugin>.*?) \| (?P<scripts>.*?) \| (?P<why>[^|]*) \|$")
_OTHER = re.compile(r"^\| (?P<case>\S+\.c) \| (?P<line>\d+) \| (?P<plugin>.*?) \| (?P<scripts>.*?) \|$")


def section(text: str | None = None) -> str:
    text = DOC.read_text() if text is None else text
    return text.split(SECTION, 1)[1].split("\n## ", 1)[0]


def documented(text: str | None = None) -> dict[tuple[str, int, str, str], tuple[str, str, str]]:
    """The doc's differences: (case, line, class, kind) -> (plugin says, scripts say, reason)."""
    rows = {}
    for line in section(text).splitlines():
        m = _ROW.match(line)
        if m:
            rows[(m["case"], int(m["line"]), m["cls"], m["kind"])] = (m["plugin"], m["scripts"], m["why"].strip())
    return rows


def documented_others(text: str | None = None) -> list[str]:
    return [line for line in section(text).splitlines() if _OTHER.match(line) and not _ROW.match(line)]


def summary(res: Parity) -> str:
    return (f"Of the plugin's {res.compared} warnings of those classes, {res.same + res.detail} are reported "
            f"by the scripts on the same line with the plugin's words ({res.same} exactly, {res.detail} "
            f"followed by a detail), {res.count('words')} on the same line in other words, and "
            f"{res.count('plugin')} not at all; the scripts add {res.count('scripts')} findings the plugin "
            f"does not make ({res.findings} script findings of those classes in all).")


def markdown(res: Parity) -> str:
    reasons = {k: v[2] for k, v in documented().items()} if DOC.is_file() and SECTION in DOC.read_text() else {}
    out = [summary(res), "", HEADER]
    out += [row(d, reasons.get(d.key) or "to fix") for d in res.differences]
    out += ["", OTHERS_TITLE, "", OTHERS_HEADER]
    out += [other_row(o) for o in res.others]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--markdown", action="store_true", help="print the tables of docs/cocci.md")
    args = ap.parse_args(argv)
    res = compute()
    if args.markdown:
        print(markdown(res))
        return 0
    print(summary(res))
    for kind in KINDS:
        print(f"{kind}: {res.count(kind)}")
        for d in res.differences:
            if d.kind == kind:
                print(f"  {d.case}:{d.line}: [{d.cls}] plugin: {d.plugin or '-'} | scripts: {d.scripts or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
