"""Output formats and baselines shared by scan, cocci, merge (and patch): --format text|json|sarif,
--baseline FILE, --save-baseline FILE.

A command builds its findings (finding.py), then calls :func:`finish`, which matches them with the
baseline, saves a new one if asked, prints the chosen format and returns the exit status:

* ``text``: the command's own output, exactly as before (the command prints it; with a baseline
  only the findings not in it), then one line per stale baseline entry on stderr;
* ``json``: one document, ``{"version": 1, "command": C, "findings": [...], "baseline": null |
  {"matched": N, "stale": [...]}}``, each finding ``{file, line, column, class, message, function,
  engines, notes: [{file, line, column, message}], fingerprint}``; a command that says what its run
  checked (:class:`RunInfo`: patch, scan) adds ``status``, ``reason``, ``existing`` and
  ``checked`` before the findings, so a run that failed or checked nothing never reads as clean;
* ``sarif``: SARIF 2.1.0 for code-scanning services (GitHub's ingestion rules): one rule per
  class with the texts of docs/diagnostics.md, the notes other than the call chain as related
  locations linked from the message (``[checked here](1)``), the "call i of n" notes as a code
  flow from the check down to the access, the fingerprint as
  ``partialFingerprints.primaryLocationLineHash``, paths relative to the kernel tree under the
  ``%SRCROOT%`` base, columns in code points; a :class:`RunInfo` becomes the run's invocation
  (``executionSuccessful``, the reason as a notification) and its ``checked`` a run property.

Both documents are deterministic: keys in a fixed order, findings sorted, equal findings once,
ASCII only, so the same input gives the same bytes. A baseline is what ``--format json`` prints
(``--save-baseline`` writes that document for every finding, whatever --baseline hid); reading
one needs only ``findings[].fingerprint``. A finding is new when its fingerprint is not in the
baseline; a baseline entry whose fingerprint no finding has is stale. Exit status: 1 when a finding
is reported (new), else 0; the command makes it 2 on its own failures. An unreadable or malformed
baseline, or one that cannot be written, is a UsageError (one line, exit 2), raised by
:func:`options` before the command does its work where that can be known.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable
from urllib.parse import quote

from . import REPO_ROOT, UsageError
from .finding import Finding, Note, Sources, char_column, fingerprints, unique
from .messages import CLASS_LEVEL, CLASSES

FORMATS = ("text", "json", "sarif")
DOC_VERSION = 1
TOOL = "uaccess-check"
SRCROOT = "%SRCROOT%"
DIAGNOSTICS_MD = REPO_ROOT / "docs" / "diagnostics.md"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_CALL_NOTE_RE = re.compile(r"^call \d+ of \d+: ")


# ---- options ------------------------------------------------------------------------------------

def add_arguments(p: argparse.ArgumentParser) -> None:
    """--format, --baseline, --save-baseline on a command's parser."""
    p.add_argument("--format", choices=FORMATS, default="text",
                   help="text (default), json (one document, one object per finding) or sarif (SARIF 2.1.0)")
    p.add_argument("--baseline", type=Path, metavar="FILE",
                   help="report only the findings whose fingerprint is not in FILE (a --save-baseline or "
                        "--format json output); its entries no longer found are listed as stale")
    p.add_argument("--save-baseline", type=Path, metavar="FILE",
                   help="write every finding of this run to FILE as a baseline (the json document)")


@dataclass(frozen=True)
class BaselineEntry:
    fingerprint: str
    file: str | None
    line: int | None
    cls: str | None
    function: str | None
    message: str | None


@dataclass
class Options:
    format: str = "text"
    baseline: list[BaselineEntry] | None = None
    save_baseline: Path | None = None


def options(args: argparse.Namespace) -> Options:
    """The format and baseline options, validated: the baseline read, the save path checked."""
    opts = Options(format=getattr(args, "format", "text") or "text")
    if getattr(args, "baseline", None) is not None:
        opts.baseline = read_baseline(args.baseline)
    if getattr(args, "save_baseline", None) is not None:
        check_writable(args.save_baseline)
        opts.save_baseline = args.save_baseline
    return opts


def read_baseline(path: Path) -> list[BaselineEntry]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UsageError(f"baseline {path}: cannot read: {reason}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"baseline {path}: invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict) or not isinstance(data.get("findings"), list):
        raise UsageError(f"baseline {path}: not a baseline (expected an object with a 'findings' list, "
                         "as --save-baseline writes)")
    version = data.get("version", DOC_VERSION)
    if version != DOC_VERSION or isinstance(version, bool):
        raise UsageError(f"baseline {path}: version {json.dumps(version)}, this uaccess-check reads "
                         f"version {DOC_VERSION}")
    entries = []
    for i, item in enumerate(data["findings"]):
        fp = item.get("fingerprint") if isinstance(item, dict) else None
        if not isinstance(fp, str) or not fp:
            raise UsageError(f"baseline {path}: findings[{i}]: no 'fingerprint' string")

        def opt(key: str, typ: type) -> Any:
            val = item.get(key)
            return val if isinstance(val, typ) and not isinstance(val, bool) else None
        entries.append(BaselineEntry(fp, opt("file", str), opt("line", int), opt("class", str),
                                     opt("function", str), opt("message", str)))
    return entries


def check_writable(path: Path, what: str = "baseline") -> None:
    """A file that can be written (or created) at path: otherwise UsageError, before any work."""
    if path.is_dir():
        raise UsageError(f"cannot write {what} {path}: it is a directory")
    parent = path.parent if str(path.parent) else Path(".")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise UsageError(f"cannot write {what} {path}: permission denied")
    elif not parent.is_dir():
        raise UsageError(f"cannot write {what} {path}: no such directory {parent}")
    elif not os.access(parent, os.W_OK):
        raise UsageError(f"cannot write {what} {path}: permission denied")


def write_file(path: Path, text: str) -> None:
    """Write text to path atomically (a temporary file in the same directory, then renamed)."""
    parent = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
    except OSError as exc:
        raise UsageError(f"cannot write baseline {path}: {exc.strerror or exc}") from None


# ---- matching with the baseline ---------------------------------------------------------------

@dataclass(frozen=True)
class RunInfo:
    """What a command says of its run besides its findings: "checked", "nothing checked" (with
    the reason) or "failed" (with the reason), the findings it saw but does not report as new
    (patch: the existing ones), and what it checked (JSON-ready rows, one per file or unit)."""
    status: str
    reason: str = ""
    existing: int | None = None
    checked: tuple[dict[str, Any], ...] = ()

    @property
    def failed(self) -> bool:
        return self.status == "failed"

    def json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"status": self.status, "reason": self.reason}
        if self.existing is not None:
            doc["existing"] = self.existing
        doc["checked"] = list(self.checked)
        return doc


@dataclass
class Outcome:
    findings: list[Finding]  # every finding of the run, each once, sorted
    fingerprint: dict[Finding, str]
    baseline: list[BaselineEntry] | None = None
    new: list[Finding] = field(default_factory=list)  # reported: not in the baseline
    stale: list[BaselineEntry] = field(default_factory=list)
    _known: set[str] | None = field(default=None, repr=False)

    def reported(self, f: Finding) -> bool:
        """Whether the command prints this finding (any finding when there is no baseline)."""
        if self.baseline is None:
            return True
        if self._known is None:
            self._known = {e.fingerprint for e in self.baseline}
        return self.fingerprint.get(f) not in self._known

    @property
    def matched(self) -> int:
        return len(self.findings) - len(self.new)

    def status(self) -> int:
        return 1 if self.new else 0


def settle(findings: Iterable[Finding], opts: Options, command: str) -> Outcome:
    """Match the findings with the baseline (if any) and save the new baseline (if asked)."""
    found = unique(findings)
    fps = fingerprints(found)
    out = Outcome(found, fps, opts.baseline)
    if opts.baseline is None:
        out.new = list(found)
    else:
        known = {e.fingerprint for e in opts.baseline}
        current = set(fps.values())
        out.new = [f for f in found if fps[f] not in known]
        seen: set[str] = set()
        for e in opts.baseline:
            if e.fingerprint not in current and e.fingerprint not in seen:
                seen.add(e.fingerprint)
                out.stale.append(e)
    if opts.save_baseline is not None:
        write_file(opts.save_baseline, json_text(found, fps, command, None))
    return out


def finish(findings: Iterable[Finding], opts: Options, command: str,
           print_text: Callable[[Outcome], None], sources: Sources | None = None,
           root: Path | None = None, out=None, run: RunInfo | None = None) -> Outcome:
    """The end of every command: match, save, print in the chosen format; the outcome's status()
    is the exit status (0 or 1) unless the command failed otherwise.

    print_text(outcome) prints the command's own text output (outcome.reported(f) says which
    findings to print); sources reads the lines the SARIF columns are converted with; root is the
    directory the relative paths are relative to (the kernel tree), named in the SARIF; run, what
    the run checked and whether it worked, goes into the JSON and SARIF documents (the command's
    text says it itself)."""
    out = sys.stdout if out is None else out
    outcome = settle(findings, opts, command)
    if opts.format == "text":
        print_text(outcome)
        out.flush()
        for e in outcome.stale:
            print(f"uaccess-check: stale baseline entry: {stale_text(e)}", file=sys.stderr)
    elif opts.format == "json":
        out.write(json_text(outcome.new, outcome.fingerprint, command, outcome, run))
    else:
        out.write(sarif_text(outcome, command, sources or Sources([root] if root else []), root, run))
    out.flush()
    return outcome


def stale_text(e: BaselineEntry) -> str:
    where = e.file or "?"
    if e.line is not None:
        where += f":{e.line}"
    what = f" [{e.cls}]" if e.cls else ""
    fn = f" in {e.function}()" if e.function else ""
    msg = f" {e.message}" if e.message else ""
    return f"{where}:{msg}{what}{fn} (fingerprint {e.fingerprint})"


# ---- json ---------------------------------------------------------------------------------------

def finding_json(f: Finding, fingerprint: str) -> dict[str, Any]:
    return {"file": f.file, "line": f.line, "column": f.column, "class": f.cls, "message": f.message,
            "function": f.function, "engines": list(f.engines),
            "notes": [{"file": n.file, "line": n.line, "column": n.column, "message": n.message}
                      for n in f.notes],
            "fingerprint": fingerprint}


def stale_json(e: BaselineEntry) -> dict[str, Any]:
    return {"fingerprint": e.fingerprint, "file": e.file, "line": e.line, "class": e.cls,
            "function": e.function, "message": e.message}


def _baseline_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None or outcome.baseline is None:
        return None
    return {"matched": outcome.matched, "stale": [stale_json(e) for e in outcome.stale]}


def json_text(findings: Iterable[Finding], fps: dict[Finding, str], command: str,
              outcome: Outcome | None, run: RunInfo | None = None) -> str:
    doc: dict[str, Any] = {"version": DOC_VERSION, "command": command}
    if run is not None:
        doc.update(run.json())
    doc["findings"] = [finding_json(f, fps[f]) for f in findings]
    doc["baseline"] = _baseline_json(outcome)
    return json.dumps(doc, indent=2, ensure_ascii=True) + "\n"


# ---- sarif --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RuleText:
    short: str
    full: str
    help_markdown: str
    level: int


def _plain(md: str) -> str:
    """Markdown to the plain text SARIF's text properties hold (emphasis markers dropped)."""
    return re.sub(r"\*\*(.+?)\*\*", r"\1", md).strip()


def _blocks(body: str) -> list[str]:
    """The blocks of a markdown section in order: prose paragraphs joined into one line each,
    fenced code blocks verbatim (with their fences), list items and tables skipped."""
    out: list[str] = []
    cur: list[str] = []
    code: list[str] | None = None
    for line in body.splitlines():
        if code is not None:
            code.append(line)
            if line.startswith("```"):
                out.append("\n".join(code))
                code = None
            continue
        if line.startswith("```") or not line.strip() or line.lstrip().startswith(("- ", "* ", "|")):
            if cur:
                out.append(" ".join(cur))
                cur = []
            if line.startswith("```"):
                code = [line]
            continue
        cur.append(line.strip())
    if cur:
        out.append(" ".join(cur))
    return out


def rule_texts(doc: Path = DIAGNOSTICS_MD) -> dict[str, RuleText]:
    """Each class's texts from docs/diagnostics.md: the short description is the class table's
    meaning, the full description that and the section's **Fix:** paragraph (with the code it
    introduces), the help the whole section of the class (``## <class>``); the level is
    messages.def's."""
    try:
        text = doc.read_text(encoding="utf-8")
    except OSError:
        text = ""
    meanings: dict[str, str] = {}
    for m in re.finditer(r"^\| `([a-z]+)` \| \d \| (.+?) \|$", text, re.M):
        meanings.setdefault(m.group(1), m.group(2).strip())
    sections: dict[str, str] = {}
    for m in re.finditer(r"^## ([a-z]+)\b[^\n]*\n(.*?)(?=^## |\Z)", text, re.M | re.S):
        sections.setdefault(m.group(1), m.group(0).strip())
    out = {}
    for cls in CLASSES:
        meaning = meanings.get(cls, f"uaccess {cls} finding")
        short = meaning[0].upper() + meaning[1:] + ("" if meaning.endswith(".") else ".")
        section = sections.get(cls, f"## {cls}\n\n{short}")
        blocks = _blocks(section.split("\n", 1)[1] if "\n" in section else "")
        prose = [b for b in blocks if not b.startswith("```")]
        i = next((k for k, b in enumerate(blocks) if b.startswith("**Fix:**")), None)
        if i is None:
            extra = prose[0] if prose else ""
        else:
            extra = blocks[i]
            if extra.endswith(":") and i + 1 < len(blocks) and blocks[i + 1].startswith("```"):
                code = blocks[i + 1].split("\n")[1:-1]  # the code the fix shows, without fences
                extra += "\n" + "\n".join(code)
        full = short + (" " + _plain(extra) if extra else "")
        out[cls] = RuleText(short, full, section + "\n", CLASS_LEVEL[cls])
    return out


def _esc(text: str) -> str:
    """Plain text inside a SARIF message: brackets (and backslashes) escaped (SARIF 3.11.6)."""
    return re.sub(r"([\\\[\]])", r"\\\1", text)


def _period(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def _uri(file: str) -> dict[str, str]:
    if os.path.isabs(file):
        return {"uri": Path(file).as_uri()}
    return {"uri": quote(file), "uriBaseId": SRCROOT}


def _physical(file: str, line: int, column: int, sources: Sources, end: int | None = None) -> dict[str, Any]:
    region: dict[str, int] = {"startLine": max(1, line)}
    text = sources.line(file, line)
    if column > 0:
        region["startColumn"] = char_column(text, column) if text is not None else column
        if end is not None and end > column:
            region["endColumn"] = char_column(text, end) if text is not None else end
    return {"artifactLocation": _uri(file), "region": region}


def _is_call(n: Note) -> bool:
    return bool(_CALL_NOTE_RE.match(n.message))


def _code_flow(f: Finding, sources: Sources) -> list[dict[str, Any]]:
    """The call chain from the check down to the access, when the notes give one."""
    calls = [n for n in f.notes if _is_call(n)]
    if not calls:
        return []
    steps: list[tuple[str, int, int, str]] = []
    check = next((n for n in f.notes if n.message.startswith(("checked here", "checked by "))), None)
    if check is not None:
        steps.append((check.file, check.line, check.column, check.message))
    steps += [(n.file, n.line, n.column, n.message) for n in calls]
    access = next((n for n in f.notes if n.message == "accessed here"), None)
    if access is not None:
        steps.append((access.file, access.line, access.column, "accessed here"))
    else:
        steps.append((f.file, f.line, f.column, f.message))
    locs = [{"location": {"physicalLocation": _physical(file, line, col, sources),
                          "message": {"text": _period(msg)}}}
            for file, line, col, msg in steps]
    return [{"threadFlows": [{"locations": locs}]}]


def sarif_result(f: Finding, fingerprint: str, index: int | None, sources: Sources, baseline: bool) -> dict[str, Any]:
    related = [n for n in f.notes if not _is_call(n)]
    text = _esc(f.message)
    if related:
        text += " (" + ", ".join(f"[{_esc(n.message)}]({i})" for i, n in enumerate(related, 1)) + ")"
    location: dict[str, Any] = {"physicalLocation": _physical(f.file, f.line, f.column, sources, f.end_column)}
    if f.function:
        location["logicalLocations"] = [{"name": f.function, "kind": "function"}]
    result: dict[str, Any] = {"ruleId": f"uaccess-{f.cls}"}
    if index is not None:
        result["ruleIndex"] = index
    result["level"] = "error" if f.severity == "error" else "warning"
    result["message"] = {"text": _period(text)}
    result["locations"] = [location]
    if related:
        result["relatedLocations"] = [{"id": i, "physicalLocation": _physical(n.file, n.line, n.column, sources),
                                       "message": {"text": _period(n.message)}}
                                      for i, n in enumerate(related, 1)]
    flows = _code_flow(f, sources)
    if flows:
        result["codeFlows"] = flows
    result["partialFingerprints"] = {"primaryLocationLineHash": fingerprint}
    if baseline:
        result["baselineState"] = "new"
    result["properties"] = {"engines": list(f.engines)}
    return result


def sarif_rules() -> list[dict[str, Any]]:
    texts = rule_texts()
    rules = []
    for cls in CLASSES:
        t = texts[cls]
        rules.append({
            "id": f"uaccess-{cls}",
            "name": "Uaccess" + cls.capitalize(),
            "shortDescription": {"text": t.short},
            "fullDescription": {"text": t.full},
            "help": {"text": _plain(t.help_markdown), "markdown": t.help_markdown},
            "defaultConfiguration": {"level": "warning"},
            "properties": {"tags": ["security", "correctness", f"level-{t.level}"]},
        })
    return rules


def _invocation(info: RunInfo) -> dict[str, Any]:
    inv: dict[str, Any] = {"executionSuccessful": not info.failed}
    if info.reason:
        level = "error" if info.failed else "note"
        inv["toolExecutionNotifications"] = [{"level": level, "message": {"text": _period(info.reason)}}]
    return inv


def sarif_text(outcome: Outcome, command: str, sources: Sources, root: Path | None,
               info: RunInfo | None = None) -> str:
    index = {cls: i for i, cls in enumerate(CLASSES)}
    baseline = outcome.baseline is not None
    run: dict[str, Any] = {
        "tool": {"driver": {"name": TOOL, "rules": sarif_rules()}},
    }
    if info is not None:
        run["invocations"] = [_invocation(info)]
    if root is not None:
        run["originalUriBaseIds"] = {SRCROOT: {"uri": Path(os.path.abspath(root)).as_uri() + "/"}}
    run["results"] = [sarif_result(f, outcome.fingerprint[f], index.get(f.cls), sources, baseline)
                      for f in outcome.new]
    run["columnKind"] = "unicodeCodePoints"
    props: dict[str, Any] = {"command": command}
    if info is not None:
        props.update(info.json())
    if baseline:
        props["baseline"] = _baseline_json(outcome)
    run["properties"] = props
    doc = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(doc, indent=2, ensure_ascii=True) + "\n"
