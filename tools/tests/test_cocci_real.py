"""The Coccinelle scripts on whole kernel trees, against the triaged lists.

testcases/real/linux-<V>-cocci.txt lists every finding of `uaccess-check cocci --version V` (all
scripts, the whole tree, every architecture) with a verdict read from the code: the line as the
driver prints it, then " -- VERDICT: why", VERDICT being what a maintainer would do: bug (fix
it), gap (a real but harmless hole worth a patch), distance (right, and far), noise (correct code
the scripts cannot prove) or false (the script is wrong); under it, as the driver prints them,
the "note: also here" lines of the same defect's other accesses (one finding per defect), which
share its verdict. A fresh run over the version's source tree must print exactly those lines,
in that order, so a finding gained, lost or reworded shows.
At levels 0 and 1 (the default scan and W=1; `uaccess-check scan` shows a script's [distance]
from level 1, its [unproven] at 2, every other class at 0) only bug, gap and distance may be
listed: a maintainer sees nothing else there.
Only the source tree is needed (no build): it is extracted, or downloaded for 6.1 and 7.2, the way
`uaccess-check kernel --version V` does. 6.12 and 7.2 are prepared by `make test` and must run;
6.1 is skipped, with the reason, when its source cannot be prepared (no network, no mirror).
docs/cocci-findings.md gives the counts per level, verdict and class of each list; they are
checked too. The registered fields the scripts trust (cocci/lib/registrations) are checked against
each tree an entry names: the function holds the check.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from triage import fixture_package, release_differences, retriage_message, triaged_package
from uaccess_check import REPO_ROOT, UsageError
from uaccess_check.cocci_reduce import functions, mask
from uaccess_check.fixture import ensure_source, fixture_for, locked
from uaccess_check import kept
from uaccess_check.messages import level_of, say

DRIVER = str(REPO_ROOT / "uaccess-check")
REAL = REPO_ROOT / "testcases" / "real"
VERSIONS = ("6.1", "6.12", "7.2")
#: Versions whose tree the suite prepares anyway: a failure to prepare them fails the test.
REQUIRED = ("6.12", "7.2")
VERDICTS = ("bug", "gap", "distance", "noise", "false")
#: what a maintainer may be shown at levels 0 and 1
SHOWN_VERDICTS = ("bug", "gap", "distance")
_ENTRY = re.compile(r"^(?P<finding>\S+:\d+:\d+-\d+: .* \[(?P<cls>[a-z]+)\]) -- "
                    r"(?P<verdict>%s): (?P<why>\S.*)$" % "|".join(VERDICTS))
#: A line the driver prints after a finding: the same defect at another access (finding.defects).
_NOTE = re.compile(r"^\S+:\d+:\d+: note: %s$" % re.escape(say("also_here")))

pytestmark = pytest.mark.skipif(shutil.which("spatch") is None, reason="spatch (coccinelle) not installed")


def triage(version: str, name: str = "cocci") -> list[dict]:
    """The entries of a list: finding, cls, verdict, why, and notes (the lines the driver prints
    after the finding: the same defect at its other accesses, listed under it without a verdict)."""
    path = REAL / f"linux-{version}-{name}.txt"
    entries: list[dict] = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if _NOTE.match(line) and entries:
            entries[-1]["notes"].append(line)
            continue
        m = _ENTRY.match(line)
        assert m, f"{path.name}:{n}: not 'finding -- {'|'.join(VERDICTS)}: why' or an 'also here' note: {line}"
        entries.append(dict(m.groupdict(), notes=[]))
    return entries


def printed(entries: list[dict]) -> list[str]:
    """The driver's lines of the listed entries: each finding, then its notes."""
    return [line for e in entries for line in [e["finding"], *e["notes"]]]


def findings_of(lines: list[str]) -> list[str]:
    """The finding lines among the driver's (its notes left out)."""
    return [line for line in lines if not _NOTE.match(line)]


_TREES: dict[str, Path] = {}


def source_tree(version: str) -> Path:
    """The extracted source tree of a version (prepared once per session)."""
    if version not in _TREES:
        fx = fixture_for(version)
        try:
            with locked(fx.cache):
                ensure_source(fx)
        except UsageError as exc:
            if version in REQUIRED:
                pytest.fail(f"Linux {version} source tree cannot be prepared: {exc}")
            pytest.skip(f"Linux {version} source tree cannot be prepared: {exc}")
        _TREES[version] = fx.src
    return _TREES[version]


_RUNS: dict[str, subprocess.CompletedProcess] = {}
#: uaccess_family.cocci is triaged apart, at the levels a maintainer sees (0 and 1):
#: linux-<V>-family-cocci.txt; its level-2 map of the family's call sites is not listed.
FAMILY = "uaccess_family"


def _scripts(family: bool) -> list[str]:
    names = sorted(p.stem for p in (REPO_ROOT / "cocci").glob("uaccess_*.cocci"))
    return [a for n in names if (n == FAMILY) == family for a in ("-s", n)]


def cocci_run(version: str) -> subprocess.CompletedProcess:
    """Every script but the family's, the whole tree."""
    if version not in _RUNS:
        _RUNS[version] = subprocess.run([sys.executable, DRIVER, "cocci", "--timeout", "120", *_scripts(False),
                                         str(source_tree(version))],
                                        capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=1200)
    return _RUNS[version]


def family_run(version: str) -> subprocess.CompletedProcess:
    """The family script at level 1, the whole tree."""
    key = version + "-family"
    if key not in _RUNS:
        _RUNS[key] = subprocess.run([sys.executable, DRIVER, "cocci", "--timeout", "120", *_scripts(True),
                                     "--level", "1", str(source_tree(version))],
                                    capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=1200)
    return _RUNS[key]


@pytest.mark.parametrize("version", VERSIONS)
def test_family_levels_0_and_1_match_triage(version):
    """uaccess_family.cocci's findings at levels 0 and 1 are the triaged list, each a bug, a gap
    or a distance."""
    entries = triage(version, "family-cocci")
    assert all(e["verdict"] in SHOWN_VERDICTS for e in entries)
    proc = family_run(version)
    assert proc.returncode in (0, 1), proc.stderr
    assert "failed" not in proc.stderr.splitlines()[-1], proc.stderr
    path = REAL / f"linux-{version}-family-cocci.txt"
    package = fixture_package(fixture_for(version))
    if triaged_package(path) == package:
        assert proc.stdout.splitlines() == printed(entries)
        return
    diff = release_differences([e["finding"] for e in entries], findings_of(proc.stdout.splitlines()))
    assert not diff, retriage_message(path, package, diff)


@pytest.mark.parametrize("version", VERSIONS)
def test_triage_file_format(version):
    entries = triage(version)
    assert entries, f"linux-{version}-cocci.txt lists no finding"
    text = (REAL / f"linux-{version}-cocci.txt").read_text()
    assert text.startswith("# "), "a header comment says how the list was made"
    findings = [e["finding"] for e in entries]
    assert len(findings) == len(set(findings)), "a finding listed twice"


@pytest.mark.parametrize("version", VERSIONS)
def test_whole_tree_matches_triage(version):
    proc = cocci_run(version)
    assert proc.returncode in (0, 1), proc.stderr
    summary = proc.stderr.splitlines()[-1]
    assert "failed" not in summary, proc.stderr
    entries = triage(version)
    path = REAL / f"linux-{version}-cocci.txt"
    package = fixture_package(fixture_for(version))
    if triaged_package(path) == package:
        assert proc.stdout.splitlines() == printed(entries)
        return
    diff = release_differences([e["finding"] for e in entries], findings_of(proc.stdout.splitlines()))
    assert not diff, retriage_message(path, package, diff)


@pytest.mark.parametrize("version", VERSIONS)
def test_triage_names_its_package(version):
    listed = triaged_package(REAL / f"linux-{version}-cocci.txt")
    assert listed.split()[0] == f"linux-source-{version}", listed


def level(finding: str, cls: str) -> int:
    """The level from which `uaccess-check scan` shows a listed finding (messages.level_of)."""
    message = finding.split(": ", 1)[1].rsplit(" [", 1)[0]
    return level_of(cls, message)


def test_kept_pointers_are_level_2():
    """As the plugin says them: a check where the pointer was stored is a level-2 distance."""
    said = [e for e in triage("7.2") if "relies on a check made where the pointer was stored" in e["finding"]]
    assert said and all(level(e["finding"], e["cls"]) == 2 for e in said)


@pytest.mark.parametrize("version", VERSIONS)
def test_levels_0_and_1_show_only_what_a_maintainer_acts_on(version):
    """At levels 0 and 1 (W=1) a maintainer sees only bugs, gaps and distances: nothing that is
    correct code the scripts cannot prove (noise) or that they get wrong (false)."""
    wrong = [f"{e['verdict']}: {e['finding']}" for e in triage(version)
             if level(e["finding"], e["cls"]) <= 1 and e["verdict"] not in SHOWN_VERDICTS]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("version", VERSIONS)
def test_no_false_findings(version):
    """The goal on every tree: nothing the code disproves, at any level."""
    false = [e["finding"] for e in triage(version) if e["verdict"] == "false"]
    assert not false


def test_7_2_scoped_shapes():
    """The 7.x shapes of issues 8 and 17, as the list records them (the run itself is compared above)."""
    entries = triage("7.2")
    listed = [e["finding"] for e in entries]
    # callers that open a brace-less scope check their helpers: nothing in sstep.c
    assert not [f for f in listed if f.startswith("arch/powerpc/lib/sstep.c:")]
    # nothing on the scoped pointer itself (select.c, socket.c, scm.c, eventpoll.h, rseq.c, futex)
    for clean in ("fs/select.c:", "net/socket.c:", "net/core/scm.c:", "include/linux/eventpoll.h:",
                  "kernel/rseq.c:", "kernel/futex/", "arch/x86/include/asm/futex.h:",
                  "arch/powerpc/kernel/ptrace/ptrace-view.c:"):
        assert not [f for f in listed if f.startswith(clean)], clean
    # the 7.1 emulate_spe() regression: every access through p = addr, none through addr, is a bug:
    # one finding per defect, the reads' and the writes' (their scopes differ), each at its first
    # access, the other 7 of its 8 accesses its "also here" notes
    spe = [e for e in entries if e["finding"].startswith("arch/powerpc/kernel/align.c:")]
    assert [(e["finding"].split(":")[1], len(e["notes"])) for e in spe] == [("171", 7), ("256", 7)]
    assert all(e["cls"] == "unchecked" and e["verdict"] == "bug"
               and "'p' was set from 'addr' before the scope" in e["finding"] for e in spe)
    # rseq_entry.h: uc_head (after reads through ucs) and uc_sig (bounded by TASK_SIZE) are silent,
    # the registered t->rseq.usrptr a distance
    rseq = [e for e in entries if e["finding"].startswith("include/linux/rseq_entry.h:")]
    assert rseq and all(e["cls"] == "distance" and "'t->rseq.usrptr'" in e["finding"] for e in rseq)
    # readdir.c: dirent = prev + prev_reclen after the store through prev: level 2 only
    readdir = [e for e in entries if e["finding"].startswith("fs/readdir.c:")]
    assert len(readdir) == 6 and sum(1 + len(e["notes"]) for e in readdir) == 12
    assert all(e["cls"] == "unproven" and e["verdict"] == "noise" for e in readdir)


_COUNTS_ROW = re.compile(r"^\| (?P<version>[\d.]+) \| (?P<cells>.*) \|$")


def counts(version: str) -> Counter:
    """A list's counts: findings, shown at level 0 and 1, per verdict, per class ([class])."""
    entries = triage(version)
    out = Counter(e["verdict"] for e in entries) + Counter(f"[{e['cls']}]" for e in entries)
    out["findings"] = len(entries)
    out["level 0"] = sum(level(e["finding"], e["cls"]) <= 0 for e in entries)
    out["level 1"] = sum(level(e["finding"], e["cls"]) <= 1 for e in entries)
    return out


def test_findings_doc_counts():
    """docs/cocci-findings.md: per version, findings, what levels 0 and 1 show, per verdict and
    class, as listed."""
    lines = (REPO_ROOT / "docs" / "cocci-findings.md").read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("| version | findings |"))
    columns = [c.strip() for c in lines[start].strip("|").split("|")][1:]
    assert {"level 0", "level 1"} <= set(columns) and set(VERDICTS) <= set(columns), columns
    table = lines[start + 2:]
    table = table[:next((i for i, l in enumerate(table) if not l.startswith("|")), len(table))]
    rows = {m["version"]: [c.strip() for c in m["cells"].split("|")] for m in map(_COUNTS_ROW.match, table) if m}
    for version in VERSIONS:
        have = counts(version)
        assert version in rows, f"no counts row for {version}"
        want = [str(have[c]) for c in columns]
        assert rows[version] == want, (version, columns)
        listed = {c for c in have if c.startswith("[")}
        assert listed <= set(columns), f"{version}: no column for {sorted(listed - set(columns))}"


def _body(text: str, function: str) -> str | None:
    """The text of a function's definition (sys_NAME: SYSCALL_DEFINEn(NAME, ...))."""
    masked = mask(text)
    for name, start, _, end in functions(masked):
        head = masked[start:end]
        if name == function or (function.startswith("sys_") and name.startswith("SYSCALL_DEFINE")
                                and re.match(r"SYSCALL_DEFINE\d\(\s*%s\s*," % re.escape(function[4:]), head)):
            return text[start:end]
    return None


def test_registrations_hold_their_check():
    """Each entry of cocci/lib/registrations names a function that, in every tree the entry
    names, holds the check the scripts rely on (whitespace aside)."""
    sys.path.insert(0, str(REPO_ROOT / "cocci" / "lib"))
    import registered
    entries = registered.load()
    assert {e.field for e in entries} >= {"task_struct.rseq", "task_struct.rseq.usrptr", "gfn_to_hva_cache.hva"}
    checked = 0
    for e in entries:
        assert e.check.startswith("access_ok(") and e.functions, e.field
        for function, kernels in e.functions:
            versions = re.findall(r"[\d.]+", kernels)
            assert versions, f"{e.field}: {function} names no kernel"
            for version in versions:
                if version not in REQUIRED and not _prepared(version):
                    continue
                text = (source_tree(version) / e.file).read_text(errors="replace")
                body = _body(text, function)
                assert body is not None, f"{e.field}: no {function}() in {e.file} of {version}"
                assert re.sub(r"\s", "", e.check) in re.sub(r"\s", "", body), \
                    f"{e.field}: {function}() of {version} does not hold {e.check}"
                checked += 1
    assert checked >= 4


def test_registrations_are_the_plugins():
    """The scripts' list and the plugin's table (plugin/registrations.def) rely on the same
    checks: each field of the scripts' list is a FIELD row there (the member, its check; the
    struct too when the path has one member: the scripts key a nested member by the outer
    struct, task_struct.rseq.usrptr for rseq_data.usrptr)."""
    sys.path.insert(0, str(REPO_ROOT / "cocci" / "lib"))
    import registered
    fields = {(k.record, k.name, k.check) for k in kept.load() if k.field}
    assert fields, "no FIELD row read from plugin/registrations.def"
    for e in registered.load():
        member = e.path.rsplit(".", 1)[-1]
        matches = {(r, n, c) for r, n, c in fields if n == member and c == e.check}
        if "." not in e.path:
            matches = {m for m in matches if m[0] == e.struct}
        assert matches, f"{e.field} ({e.check}) is not in plugin/registrations.def"


def _prepared(version: str) -> bool:
    try:
        source_tree(version)
    except pytest.skip.Exception:
        return False
    return True


_SCOPE_LINE = re.compile(r"^\s*scoped_user_(?:read|write|rw)_access(?:_size)?\s*\(")


def test_7_2_every_scope_seen(tmp_path):
    """uaccess_scoped.cocci's scope rule, as written in the script, finds every scope statement of
    the 7.2 tree (so a clean file above is clean because its scopes were judged, not because
    spatch failed to parse them). The scopes are counted in the text: lines that open one, outside
    macro definitions; include/linux/uaccess.h only defines them."""
    tree = source_tree("7.2")
    proc = subprocess.run(["grep", "-rlE", "--include=*.c", "--include=*.h", r"scoped_user_(read|write|rw)_access", "."],
                          cwd=tree, capture_output=True, text=True)
    files = sorted(f[2:] for f in proc.stdout.split() if not f.startswith(("./tools/", "./include/linux/uaccess.h")))
    textual = set()
    for rel in files:
        lines = (tree / rel).read_text(errors="replace").splitlines()
        in_define = False
        for n, line in enumerate(lines, 1):
            starts = line.lstrip().startswith("#define")
            if not in_define and not starts and _SCOPE_LINE.match(line):
                textual.add(f"{rel}:{n}")
            in_define = (starts or in_define) and line.rstrip().endswith("\\")
    assert len(textual) >= 30, sorted(textual)
    script = (REPO_ROOT / "cocci" / "uaccess_scoped.cocci").read_text()
    start = script.index("@hasscope@")
    rule = script[start:script.index("@script:python@", script.index("@has depends on hasscope@"))]
    probe = tmp_path / "scopes.cocci"
    probe.write_text(rule + "@script:python@\nps << has.ps;\n@@\nprint('SCOPE %s:%s' % (ps[0].file, ps[0].line))\n")
    seen = set()
    for rel in files:
        out = subprocess.run(["spatch", "--very-quiet", "--cocci-file", str(probe), "--macro-file",
                              str(REPO_ROOT / "cocci" / "macros.h"), "--no-includes", "--include-headers", rel],
                             cwd=tree, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)
        seen |= {l.split(" ", 1)[1] for l in out.stdout.splitlines() if l.startswith("SCOPE ")}
    assert seen == textual
