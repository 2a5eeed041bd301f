"""--format text|json|sarif, --baseline and --save-baseline (tools/uaccess_check/formats.py,
finding.py) on scan, cocci and merge.

* the plugin's findings of real units (Linux 7.2's fs/readdir.c and kernel/rseq.c at level 0, which
  have findings) converted to the finding model print exactly the text scan printed before, and
  give the same JSON and SARIF bytes from one compile to the next;
* the SARIF passes the SARIF Multitool's validator with GitHub's ingestion rules
  (sarif_validate.py installs it from npm into the cache), for a scan, a cross-unit merge with a
  call chain (a code flow) and the Coccinelle scripts;
* baselines: saved, a rerun reports nothing and exits 0, a dropped entry is reported again (exit
  1), an entry no finding has is stale; on `scan` (the whole 7.2 fixture, twice), `cocci` and
  `merge`;
* fingerprints survive line shifts (a real one: lines inserted above a cocci finding, and the
  plugin's lines moved), and tell apart identical messages by occurrence;
* every error path: one line on stderr, exit 2, no traceback, stdout empty.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import kernel_fixture
from sarif_validate import validate_sarif
from uaccess_check import REPO_ROOT, formats
from uaccess_check.finding import (Finding, Note, Sources, char_column, display_column, fingerprints,
                                   from_cocci, from_plugin, gcc_lines, one_per_defect, one_per_site)
from uaccess_check.fixture import kbuild_env
from uaccess_check.messages import CLASSES
from uaccess_check.plugin import plugin_flags
from uaccess_check.scan import compile_units

DRIVER = str(REPO_ROOT / "uaccess-check")
UNITS_72 = ["fs/readdir.c", "kernel/rseq.c"]
HAVE_SPATCH = shutil.which("spatch") is not None


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, DRIVER, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=900, cwd=cwd)


def one_error_line(proc: subprocess.CompletedProcess, text: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert lines[0].startswith("uaccess-check: error: ") and text in lines[0], lines[0]


# ---- the plugin's findings of real units ------------------------------------------------------

@pytest.fixture(scope="module")
def fx72():
    return kernel_fixture("7.2")


def _compile(fx, plugin_so):
    return compile_units(fx, UNITS_72, plugin_flags(plugin_so, level=2, verbose=True), 2)


@pytest.fixture(scope="module")
def reports72(fx72, plugin_so):
    return _compile(fx72, plugin_so)


def _findings(fx, reports) -> list[Finding]:
    return [f for rep in reports for f in from_plugin(rep.stderr.splitlines(), [str(fx.src), str(fx.build)])]


def _render(findings: list[Finding], fmt: str, root: Path | None = None, baseline=None, command="scan") -> str:
    out = _Buffer()
    formats.finish(findings, formats.Options(format=fmt, baseline=baseline), command, lambda o: None,
                   Sources([root] if root else []), root, out=out)
    return out.text


class _Buffer:
    def __init__(self):
        self.text = ""

    def write(self, s: str) -> None:
        self.text += s

    def flush(self) -> None:
        pass


def test_plugin_findings_print_as_before(fx72, reports72):
    """The model is a lossless reading of the plugin's lines: rendered, the scan's text."""
    total = 0
    for rep in reports72:
        assert rep.returncode == 0, rep.stderr[-3000:]
        found = from_plugin(rep.stderr.splitlines(), [str(fx72.src), str(fx72.build)])
        assert [l for f in found for l in gcc_lines(f)] == rep.diagnostics
        assert len(found) == rep.warnings > 0
        assert all(f.function and f.engines == ("plugin",) and f.cls in CLASSES for f in found)
        total += len(found)
    found = _findings(fx72, reports72)
    assert {f.function for f in found if f.file == "fs/readdir.c"} >= {"filldir", "filldir64"}
    # a finding in a header names the header's inline, not the unit's function
    assert any(f.file == "include/linux/rseq_entry.h" and f.function == "rseq_update_user_cs" for f in found)
    assert total == len(found)


def test_json_shape_and_bytes(fx72, plugin_so, reports72):
    found = _findings(fx72, reports72)
    text = _render(found, "json", fx72.src)
    again = _render(_findings(fx72, _compile(fx72, plugin_so)), "json", fx72.src)
    assert text == again, "same input, other bytes"
    assert text.isascii() and text.endswith("}\n")
    doc = json.loads(text)
    assert list(doc) == ["version", "command", "findings", "baseline"]
    assert (doc["version"], doc["command"], doc["baseline"]) == (1, "scan", None)
    items = doc["findings"]
    assert len(items) == len(set(found))  # a header's finding seen by two units is one object
    for item in items:
        assert list(item) == ["file", "line", "column", "class", "message", "function", "engines", "notes",
                              "fingerprint"]
        assert item["class"] in CLASSES and item["engines"] == ["plugin"]
        assert not item["message"].endswith("]") and re.fullmatch(r"[0-9a-f]{32}", item["fingerprint"])
        for n in item["notes"]:
            assert list(n) == ["file", "line", "column", "message"]
    keys = [(i["file"], i["line"], i["column"], i["class"], i["message"]) for i in items]
    assert keys == sorted(keys)
    assert len({i["fingerprint"] for i in items}) == len(items)
    filldir = next(i for i in items if i["function"] == "filldir")
    assert (filldir["file"], filldir["line"], filldir["class"]) == ("fs/readdir.c", 294, "unproven")
    # one finding for the three stores through dirent: the other two (and the last byte's store in
    # unsafe_copy_dirent_name(), line 297) are its "also here" notes, located
    assert [(n["line"], n["column"], n["message"]) for n in filldir["notes"]] == [
        (291, 9, "checked here"), (293, 17, "this access through the masked pointer runs first and faults for a "
                                            "bad address, so 'dirent' counts as an offset of it"),
        (295, 17, "also here"), (296, 17, "also here"), (297, 17, "also here")]


def _check_sarif_doc(doc: dict, n_results: int) -> None:
    assert (doc["version"], doc["$schema"]) == ("2.1.0", formats.SARIF_SCHEMA)
    (run_,) = doc["runs"]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [f"uaccess-{c}" for c in CLASSES]
    texts = formats.rule_texts()
    for r, cls in zip(rules, CLASSES):
        assert r["shortDescription"]["text"] == texts[cls].short and r["fullDescription"]["text"].startswith(texts[cls].short)
        assert r["help"]["markdown"].startswith(f"## {cls}") and "**Fix:**" in r["help"]["markdown"]
    assert len(run_["results"]) == n_results
    for res in run_["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        assert re.fullmatch(r"[0-9a-f]{32}", res["partialFingerprints"]["primaryLocationLineHash"])
        assert res["message"]["text"].endswith(".")
        ids = [rl["id"] for rl in res.get("relatedLocations", [])]
        for i in ids:  # GitHub links a related location only when the message embeds it
            assert f"]({i})" in res["message"]["text"]
        assert ids == list(range(1, len(ids) + 1))


def test_sarif_of_a_scan(fx72, plugin_so, reports72, tmp_path):
    found = _findings(fx72, reports72)
    text = _render(found, "sarif", fx72.src)
    assert text == _render(_findings(fx72, _compile(fx72, plugin_so)), "sarif", fx72.src)
    assert text.isascii()
    doc = json.loads(text)
    _check_sarif_doc(doc, len(set(found)))
    run_ = doc["runs"][0]
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == fx72.src.as_uri() + "/"
    assert run_["columnKind"] == "unicodeCodePoints"
    res = next(r for r in run_["results"] if r["locations"][0]["logicalLocations"][0]["name"] == "filldir")
    loc = res["locations"][0]
    assert loc["physicalLocation"]["artifactLocation"] == {"uri": "fs/readdir.c", "uriBaseId": "%SRCROOT%"}
    # GCC's column 17 is two tabs in: the third character
    assert loc["physicalLocation"]["region"] == {"startLine": 294, "startColumn": 3}
    assert res["message"]["text"] == (
        "unsafe_put_user() on 'dirent' is not proven to stay within the checked range ([checked here](1), "
        "[this access through the masked pointer runs first and faults for a bad address, so 'dirent' counts "
        "as an offset of it](2), [also here](3), [also here](4), [also here](5)).")
    assert [r["physicalLocation"]["region"] for r in res["relatedLocations"]] == [
        {"startLine": 291, "startColumn": 2}, {"startLine": 293, "startColumn": 3},
        {"startLine": 295, "startColumn": 3}, {"startLine": 296, "startColumn": 3},
        {"startLine": 297, "startColumn": 3}]
    path = tmp_path / "scan.sarif"
    path.write_text(text)
    assert validate_sarif(path, tmp_path) == []


# ---- merge: a real two-unit build, a call chain --------------------------------------------------

@pytest.fixture(scope="module")
def two_files(fx, plugin_so, tmp_path_factory) -> tuple[Path, Path]:
    """testcases/merge/two_files built with the plugin's facts at level 1: (module dir, facts dir)."""
    tmp = tmp_path_factory.mktemp("fmt_two_files")
    facts = tmp_path_factory.mktemp("fmt_two_files_facts")
    for f in (REPO_ROOT / "testcases" / "merge" / "two_files").iterdir():
        if f.is_file() and f.name != "expected.txt":
            shutil.copy(f, tmp / f.name)
    kcflags = "KCFLAGS=" + " ".join(plugin_flags(plugin_so, level=1, facts=facts))
    proc = subprocess.run(["make", "-C", str(fx.build), f"M={tmp}", "-j2", kcflags, "caller.o", "callee.o"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, env=kbuild_env(), timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return tmp, facts


def test_merge_sarif_code_flow(two_files, tmp_path):
    mod, facts = two_files
    proc = run("merge", "--level", "1", "--strip", str(mod), "--format", "sarif", str(facts))
    assert proc.returncode == 1 and proc.stderr == "", proc.stderr
    assert proc.stdout == run("merge", "--level", "1", "--strip", str(mod), "--format", "sarif", str(facts)).stdout
    doc = json.loads(proc.stdout)
    _check_sarif_doc(doc, 2)
    dist = next(r for r in doc["runs"][0]["results"] if r["ruleId"] == "uaccess-distance")
    assert dist["properties"] == {"engines": ["merge"]}
    assert dist["locations"][0]["logicalLocations"] == [{"name": "put_result", "kind": "function"}]
    # the checked-here and region-opened notes are related locations, linked from the message
    related = [r["message"]["text"] for r in dist["relatedLocations"]]
    assert related[0].startswith("checked here: access_ok(") and "region opened here." in related
    assert "[checked here: access_ok(uarg, sizeof(u32))](1)" in dist["message"]["text"]
    # the call chain, from the check down to the access
    steps = dist["codeFlows"][0]["threadFlows"][0]["locations"]
    msgs = [s["location"]["message"]["text"] for s in steps]
    assert msgs[0].startswith("checked here") and msgs[1].startswith("call 1 of 1: ")
    files = [s["location"]["physicalLocation"]["artifactLocation"]["uri"] for s in steps]
    assert files == ["caller.c", "caller.c", "callee.c"]
    assert steps[-1]["location"]["physicalLocation"]["region"]["startLine"] == dist["locations"][0]["physicalLocation"]["region"]["startLine"]
    path = tmp_path / "merge.sarif"
    path.write_text(proc.stdout)
    assert validate_sarif(path, tmp_path) == []


def test_merge_text_and_baseline_round_trip(two_files, tmp_path):
    mod, facts = two_files
    base = tmp_path / "merge-baseline.json"
    common = ["merge", "--level", "1", "--strip", str(mod), str(facts)]
    text = run(*common)
    saved = run(*common, "--save-baseline", str(base))
    assert (saved.returncode, saved.stdout, saved.stderr) == (1, text.stdout, "")  # saving changes nothing printed
    assert base.read_text() == run(*common, "--format", "json").stdout  # a baseline is the json output
    again = run(*common, "--baseline", str(base))
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")
    doc = json.loads(base.read_text())
    dropped = doc["findings"].pop(0)
    doc["findings"].append(dict(dropped, fingerprint="0" * 32, line=1))
    base.write_text(json.dumps(doc))
    proc = run(*common, "--baseline", str(base), "--format", "json")
    assert proc.returncode == 1
    got = json.loads(proc.stdout)
    assert [f["fingerprint"] for f in got["findings"]] == [dropped["fingerprint"]]
    assert got["baseline"]["matched"] == 1 and [s["fingerprint"] for s in got["baseline"]["stale"]] == ["0" * 32]
    proc = run(*common, "--baseline", str(base))
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[0].startswith(f"{dropped['file']}:{dropped['line']}:{dropped['column']}: warning: ")
    assert proc.stderr.splitlines() == [
        f"uaccess-check: stale baseline entry: {dropped['file']}:1: {dropped['message']} [{dropped['class']}] "
        f"in {dropped['function']}() (fingerprint {'0' * 32})"]


# ---- scan: the whole 7.2 fixture, SARIF and a baseline -------------------------------------------

def test_scan_sarif_and_baseline(fx72, plugin_so, tmp_path):
    base = tmp_path / "scan-baseline.json"
    proc = run("scan", "--version", "7.2", "-j2", "--format", "sarif", "--save-baseline", str(base))
    assert proc.returncode == 1, proc.stderr[-3000:]
    assert re.fullmatch(r"uaccess-check: linux 7\.2 .*, level 0: \d+ units, (\d+) warnings\n", proc.stderr), proc.stderr
    sarif = tmp_path / "scan.sarif"
    sarif.write_text(proc.stdout)
    doc = json.loads(proc.stdout)
    saved = json.loads(base.read_text())["findings"]
    _check_sarif_doc(doc, len(saved))
    assert [r["partialFingerprints"]["primaryLocationLineHash"] for r in doc["runs"][0]["results"]] == \
        [f["fingerprint"] for f in saved]
    # what the scan checked: every unit compiled by the plugin, every candidate it does not
    # build seen by the scripts alone
    props = doc["runs"][0]["properties"]
    assert doc["runs"][0]["invocations"] == [{"executionSuccessful": True}]
    assert (props["status"], props["reason"]) == ("checked", "")
    units = int(re.search(r"(\d+) units", proc.stderr).group(1))
    assert sum(r["engine"] == "plugin" and r["units"] == [r["file"]] for r in props["checked"]) == units
    others = [r for r in props["checked"] if r["engine"] != "plugin"]
    assert others and all(r["engine"] == "scripts" and r["why"].startswith("not built by linux 7.2 x86_64")
                          for r in others)
    assert validate_sarif(sarif, tmp_path) == []
    # a baseline without one of its findings, and with one no finding has
    doc = json.loads(base.read_text())
    dropped = doc["findings"].pop(3)
    gone = {"fingerprint": "f" * 32, "file": "fs/gone.c", "line": 7, "class": "range", "function": "gone",
            "message": "unsafe_put_user() accesses bytes 0..7 of 'p', beyond the 4 bytes checked"}
    doc["findings"].append(gone)
    base.write_text(json.dumps(doc, indent=1))
    proc = run("scan", "--version", "7.2", "-j2", "--baseline", str(base))
    assert proc.returncode == 1, proc.stderr[-3000:]
    warnings = [l for l in proc.stdout.splitlines() if ": warning: " in l]
    assert warnings == [f"{dropped['file']}:{dropped['line']}:{dropped['column']}: warning: {dropped['message']} "
                        f"[-Wuaccess-{dropped['class']}]"] * len(warnings) and warnings
    total = proc.stdout.splitlines()[-1]
    assert re.fullmatch(rf"uaccess-check: linux 7\.2 .*, level 0: \d+ units, {len(warnings)} new warnings "
                        rf"\(\d+ in the baseline, 1 stale\)", total), total
    assert proc.stderr.splitlines() == [
        "uaccess-check: stale baseline entry: fs/gone.c:7: unsafe_put_user() accesses bytes 0..7 of 'p', "
        f"beyond the 4 bytes checked [range] in gone() (fingerprint {'f' * 32})"]


# ---- cocci: a real line shift ---------------------------------------------------------------------

@pytest.mark.skipif(not HAVE_SPATCH, reason="spatch (coccinelle) not installed")
def test_cocci_baseline_survives_a_line_shift(tmp_path):
    src = tmp_path / "tree"
    src.mkdir()
    for name in ("region_after_end.c", "unchecked_no_begin.c"):
        shutil.copy(REPO_ROOT / "testcases" / name, src / name)
    base = tmp_path / "cocci-baseline.json"
    first = run("cocci", "--format", "json", "--save-baseline", str(base), str(src))
    assert first.returncode == 1, first.stderr
    before = json.loads(first.stdout)["findings"]
    assert before and json.loads(base.read_text())["findings"] == before
    assert {f["engines"] == ["cocci"] and f["function"] is not None for f in before} == {True}
    region = next(f for f in before if f["class"] == "region")
    # "... after user_write_access_end() at line 28": the end is a related location
    assert region["notes"] == [{"file": "region_after_end.c", "line": 28, "column": 9,
                                "message": "user_write_access_end() here"}]
    text = run("cocci", str(src))
    assert text.stdout.splitlines()[0].startswith("region_after_end.c:29:1-16: unsafe_put_user() is outside")
    # an unrelated edit above: three lines (and the "at line N" in the message) move
    f = src / "region_after_end.c"
    f.write_text("/* one */\n/* two */\n/* three */\n" + f.read_text())
    shifted = run("cocci", "--format", "json", str(src))
    after = json.loads(shifted.stdout)["findings"]
    assert [x["fingerprint"] for x in after] == [x["fingerprint"] for x in before]
    moved = next(x for x in after if x["class"] == "region")
    assert (moved["line"], moved["notes"][0]["line"]) == (region["line"] + 3, 31)
    assert moved["message"] == region["message"].replace("at line 28", "at line 31")
    proc = run("cocci", "--baseline", str(base), str(src))
    assert (proc.returncode, proc.stdout) == (0, "")
    assert proc.stderr.splitlines()[-1].endswith(", 0 findings (2 in the baseline, 0 stale)")
    sarif = run("cocci", "--format", "sarif", str(src))
    assert sarif.stdout == run("cocci", "--format", "sarif", str(src)).stdout
    doc = json.loads(sarif.stdout)
    _check_sarif_doc(doc, 2)
    reg = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert reg == {"startLine": 32, "startColumn": 2, "endColumn": 17}  # cocci's 1-16, 0-based
    path = tmp_path / "cocci.sarif"
    path.write_text(sarif.stdout)
    assert validate_sarif(path, tmp_path) == []


# ---- fingerprints ---------------------------------------------------------------------------------

PLUGIN_LINES = """\
/k/fs/foo.c: In function 'put_a':
/k/fs/foo.c:{a}:9: warning: unsafe_put_user() accesses bytes 0..7 of 'p', beyond the 4 bytes checked [-Wuaccess-range]
/k/fs/foo.c:{c}:14: note: checked here
/k/fs/foo.c:{b}:9: warning: unsafe_put_user() accesses bytes 0..7 of 'p', beyond the 4 bytes checked [-Wuaccess-range]
/k/fs/foo.c:{c}:14: note: checked here
/k/fs/foo.c: In function 'put_b':
/k/fs/foo.c:{d}:9: warning: unsafe_put_user() accesses bytes 0..{n} of 'p', beyond the 4 bytes checked [-Wuaccess-range]
/k/fs/foo.c:{d}:9: note: checked here
"""


def _fps(**kw) -> list[str]:
    found = from_plugin(PLUGIN_LINES.format(**kw).splitlines(), ["/k"])
    fps = fingerprints(found)
    return [fps[f] for f in found]


def test_fingerprint_survives_line_shifts():
    base = _fps(a=20, b=22, c=18, d=40, n=7)
    assert len(set(base)) == 3  # identical messages in one function: told apart by occurrence
    assert _fps(a=120, b=122, c=118, d=140, n=7) == base  # everything moved
    assert _fps(a=20, b=22, c=18, d=90, n=15) == base  # one function moved, a number in its message changed
    assert _fps(a=20, b=22, c=18, d=40, n=7)[:2] == base[:2]
    found = from_plugin(PLUGIN_LINES.format(a=20, b=22, c=18, d=40, n=7).splitlines(), ["/k"])
    assert [f.function for f in found] == ["put_a", "put_a", "put_b"]
    assert found[0].file == "fs/foo.c" and found[0].notes == (Note("fs/foo.c", 18, 14, "checked here"),)
    # another function, another class, another file: another key
    moved = [Finding("fs/bar.c", f.line, f.column, f.cls, f.message, f.engines, f.notes, f.function) for f in found]
    assert not set(fingerprints(moved).values()) & set(base)
    # a new identical finding in another function leaves these alone
    extra = Finding("fs/foo.c", 5, 9, "range", found[0].message, ("plugin",), (), "put_c")
    fps = fingerprints(found + [extra])
    assert [fps[f] for f in found] == base


def test_columns():
    line = "\t\tunsafe_put_user(x, p, efault);"
    assert display_column(line, 2) == 17 and char_column(line, 17) == 3
    assert display_column("  \tx", 3) == 9 and char_column("  \tx", 9) == 4
    assert char_column("ab", 2) == 2 and char_column("", 5) == 5


def test_from_cocci_without_source():
    from uaccess_check.cocci import parse_report, report_line
    line = ("nowhere.c:29:1-16: x() is outside an open user-access region on some path: after "
            "user_access_end() at line 28 [region]")
    (f,) = parse_report(line, [])
    assert report_line(f) == line
    (g,) = from_cocci([f], Sources([]))
    assert (g.line, g.column, g.end_column, g.cls, g.function) == (29, 2, 17, "region", None)
    assert g.notes == (Note("nowhere.c", 28, 0, "user_access_end() here"),)


SPE = ("unsafe_get_user() on 'p' is not validated by access_ok() or a checking begin on every path: inside "
       "scoped_user_read_access_size() of 'addr', which validates only 'addr': 'p' was set from 'addr' before "
       "the scope (line 166): it holds the raw pointer, not the checked (masked) 'addr' the scope shadows it with")


def test_from_cocci_one_finding_per_defect(tmp_path):
    """powerpc's emulate_spe() (7.1) as the scripts say it: one line per access, the same words;
    the driver says one finding, at the first, with the alias's origin and the others as notes."""
    from uaccess_check.cocci import parse_report
    src = tmp_path / "align.c"
    lines = [""] * 200
    lines[163:175] = ["static int emulate_spe(struct pt_regs *regs, unsigned int reg, unsigned int instr)",
                      "{", "\tu32 __user *p = addr;", "", "\tscoped_user_read_access_size(addr, nb, Efault) {",
                      "\t\tunsafe_get_user(a, p++, Efault);", "\t\tunsafe_get_user(b, p++, Efault);",
                      "\t\tunsafe_get_user(c, p++, Efault);", "\t}", "\treturn 0;", "Efault:",
                      "\treturn -EFAULT;"]
    lines[175] = "}"
    src.write_text("\n".join(lines) + "\n")
    report = "\n".join(f"align.c:{n}:2-17: {SPE} [unchecked]" for n in (170, 169, 171))
    (f,) = from_cocci(parse_report(report, [tmp_path]), Sources([tmp_path]))
    assert (f.line, f.column, f.end_column, f.function) == (169, 17, 32, "emulate_spe")
    assert f.notes == (Note("align.c", 166, 21, "'p' set from 'addr' here"),
                       Note("align.c", 170, 17, "also here"), Note("align.c", 171, 17, "also here"))
    doc = json.loads(_render([f], "json"))
    assert [(n["line"], n["column"], n["message"]) for n in doc["findings"][0]["notes"]] == [
        (166, 21, "'p' set from 'addr' here"), (170, 17, "also here"), (171, 17, "also here")]


def test_one_per_defect_needs_everything_the_same():
    """The same function, class, words, notes and engines: one defect; any difference, or no
    known function, two."""
    def at(line, function="f", cls="unchecked", message="m", notes=(), engines=("plugin",)):
        return Finding("a.c", line, 9, cls, message, engines, notes, function)
    note = Note("a.c", 1, 2, "checked here")
    base = [at(10, notes=(note,)), at(12, notes=(note,)), at(11, notes=(note,))]
    assert one_per_defect(base) == [at(10, notes=(note, Note("a.c", 11, 9, "also here"),
                                                  Note("a.c", 12, 9, "also here")))]
    for other in (at(12), at(12, function="g"), at(12, function=None, notes=(note,)),
                  at(12, cls="range", notes=(note,)), at(12, message="n", notes=(note,)),
                  at(12, notes=(note,), engines=("merge",))):
        assert len(one_per_defect([base[0], other])) == 2, other
    assert len(one_per_defect([at(10, function=None), at(12, function=None)])) == 2


def test_one_per_site_joins_another_engines_finding_at_an_also_here():
    """A script's finding at an access the plugin said "also here" for is the plugin's finding."""
    plugin = Finding("a.c", 10, 9, "unchecked", "m", ("plugin",), (Note("a.c", 12, 9, "also here"),), "f")
    cocci = Finding("a.c", 12, 9, "unchecked", "m: why", ("cocci",), (), "f")
    said = one_per_site([plugin, cocci])
    assert said[cocci] is said[plugin] and said[plugin].engines == ("plugin", "cocci")


def test_sarif_escapes_brackets_and_skips_unknown_columns():
    f = Finding("a.c", 3, 0, "unchecked", "unsafe_put_user() on 'p[1]' is not validated", ("plugin",),
                (Note("a.c", 2, 0, "no check of 'p[1]' was found"),), "f")
    doc = json.loads(_render([f], "sarif"))
    res = doc["runs"][0]["results"][0]
    assert res["message"]["text"] == ("unsafe_put_user() on 'p\\[1\\]' is not validated "
                                      "([no check of 'p\\[1\\]' was found](1)).")
    assert res["locations"][0]["physicalLocation"]["region"] == {"startLine": 3}
    assert "originalUriBaseIds" not in doc["runs"][0]


# ---- error paths ----------------------------------------------------------------------------------

def _facts_dir(tmp_path: Path) -> Path:
    d = tmp_path / "facts"
    d.mkdir()
    (d / "u.c.json").write_text(json.dumps({"version": 1, "unit": "u.c", "accesses": [], "checks": [],
                                            "regions": [], "calls": [], "requirements": []}))
    return d


def test_bad_baselines_and_formats(tmp_path):
    facts = str(_facts_dir(tmp_path))
    cases = []
    bad = tmp_path / "bad.json"
    bad.write_text('{"findings": [')
    cases.append((["--baseline", str(bad)], f"baseline {bad}: invalid JSON: "))
    lst = tmp_path / "list.json"
    lst.write_text("[]")
    cases.append((["--baseline", str(lst)], f"baseline {lst}: not a baseline"))
    nofp = tmp_path / "nofp.json"
    nofp.write_text('{"version": 1, "findings": [{"file": "a.c"}]}')
    cases.append((["--baseline", str(nofp)], f"baseline {nofp}: findings[0]: no 'fingerprint' string"))
    v2 = tmp_path / "v2.json"
    v2.write_text('{"version": 2, "findings": []}')
    cases.append((["--baseline", str(v2)], f"baseline {v2}: version 2, this uaccess-check reads version 1"))
    cases.append((["--baseline", str(tmp_path / "none.json")], "cannot read: No such file or directory"))
    cases.append((["--baseline", str(tmp_path)], f"baseline {tmp_path}: cannot read: Is a directory"))
    cases.append((["--save-baseline", str(tmp_path)], f"cannot write baseline {tmp_path}: it is a directory"))
    cases.append((["--save-baseline", str(tmp_path / "no" / "b.json")],
                  f"cannot write baseline {tmp_path / 'no' / 'b.json'}: no such directory {tmp_path / 'no'}"))
    cases.append((["--format", "xml"], "invalid choice: 'xml'"))
    cases.append((["--baseline"], "expected one argument"))
    for extra, text in cases:
        one_error_line(run("merge", facts, *extra), text)
    assert not (tmp_path / "no").exists()
    # before any work: scan and cocci check the same options first
    one_error_line(run("scan", "--baseline", str(bad)), f"baseline {bad}: invalid JSON: ")
    one_error_line(run("scan", "--save-baseline", str(tmp_path)), "it is a directory")
    one_error_line(run("scan", "--format", "yaml"), "invalid choice: 'yaml'")
    one_error_line(run("cocci", "--mode", "patch", "--format", "json", str(tmp_path)),
                   "--format json, --baseline and --save-baseline need --mode report")
    one_error_line(run("cocci", "--baseline", str(v2), str(tmp_path)), "version 2")


def test_unwritable_baseline_leaves_nothing(tmp_path):
    facts = str(_facts_dir(tmp_path))
    ro = tmp_path / "ro"
    ro.mkdir()
    target = ro / "b.json"
    target.write_text("old\n")
    target.chmod(0o444)
    ro.chmod(0o555)
    try:
        proc = run("merge", facts, "--save-baseline", str(target))
        if proc.returncode == 0:  # root writes through permissions: a read-only file is no obstacle
            assert json.loads(target.read_text())["findings"] == []
        else:
            one_error_line(proc, f"cannot write baseline {target}")
            assert target.read_text() == "old\n"
    finally:
        ro.chmod(0o755)
    assert sorted(p.name for p in ro.iterdir()) == ["b.json"]  # no temporary file left
    # a save with no finding writes an empty baseline, exit 0
    empty = tmp_path / "empty.json"
    proc = run("merge", facts, "--save-baseline", str(empty))
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    assert json.loads(empty.read_text()) == {"version": 1, "command": "merge", "findings": [], "baseline": None}
