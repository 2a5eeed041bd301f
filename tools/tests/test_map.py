"""uaccess-check map: the distance map, its forms, --compare, --merge, and what patch says of it.

Part 1 writes small facts files by hand (docs/facts.md), one per kind of validation, and checks
the records the map makes of them. Part 2 maps the 6.12 x86_64 fixture once and checks what a
maintainer would look up: the seed's epoll_put_uevent() four calls below its check, a check in
the same function so many lines above, a checked access at distance 0; that the text's counts
and histograms are the JSON's, counted here from the records; that two runs give the same bytes.
Part 3 compares and merges maps, and runs `patch` with the seed's v1 (its access moves into a
region opened on a check four calls up). The HTML page has its own browser test
(test_map_html.py); test_map_forms.py checks the three forms agree.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import mapdom
from uaccess_check import REPO_ROOT
from uaccess_check.distmap import from_facts_dir, load_map, to_json
from uaccess_check.finding import Finding, Note

DRIVER = str(REPO_ROOT / "uaccess-check")
V1 = REPO_ROOT / "testcases" / "seed" / "v1-unchecked-begin.patch"


def run_cli(*args: str, timeout: int = 1800) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, DRIVER, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=timeout)


# ---- part 1: records from hand-written facts ------------------------------------------------

def _pos(line: int, file: str = "/k/a.c") -> dict:
    return {"file": file, "line": line, "column": 9}


def _check(primitive: str | None = None, text: str | None = None, function: str | None = None,
           line: int = 0, chain: list | None = None, requirement: bool = False, stored: str | None = None,
           verdict: str = "proven", file: str = "/k/a.c") -> dict:
    chain = chain or []
    d = {"verdict": verdict, "requirement": requirement, "primitive": primitive, "text": text}
    if primitive:
        d.update({"function": function, **_pos(line, file)})
    d.update({"calls": len(chain), "chain": chain})
    if not primitive:
        d["stored"] = stored
    return d


def _access(function: str, line: int, check: dict, accessor: str = "unsafe_put_user",
            pointer: str | None = "&p->x", verdict: str = "proven", proven_by: str | None = None,
            region: dict | None = None, file: str = "/k/a.c") -> dict:
    return {"function": function, **_pos(line, file), "accessor": accessor, "pointer": pointer, "mode": "write",
            "verdict": verdict, "via_callers": False, "check": check, "region": region, "proven_by": proven_by}


def _facts(tmp: Path, name: str, **sections) -> None:
    doc = {"version": 1, "unit": f"k/{name}"}
    for s in ("accesses", "checks", "regions", "calls", "requirements"):
        doc[s] = sections.get(s, [])
    path = tmp / "k" / (name + ".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))


def _by_function(recs) -> dict:
    return {r.function: r for r in recs}


def test_every_validation_from_facts(tmp_path):
    begin = {"primitive": "user_write_access_begin", "checks": True, "function": "near", **_pos(10), "calls": 0}
    link = {"caller": "top", "callee": "far", **_pos(40)}
    accesses = [
        _access("near", 14, _check("user_write_access_begin", "user_write_access_begin(p, 8)", "near", 10),
                region=begin),
        _access("far", 60, _check("access_ok", "access_ok(p, 8)", "top", 30, [link]), accessor="__put_user"),
        _access("kept", 70, _check(text="access_ok(rseq, rseq_len)", stored="sys_rseq() in kernel/rseq.c"),
                accessor="__get_user"),
        _access("arm", 80, _check(), accessor="__get_user", proven_by="arm64"),
        _access("lost", 90, _check(verdict="unproven"), accessor="__get_user", verdict="unproven"),
        _access("shared", 20, _check(requirement=True, verdict="unproven"), accessor="__get_user",
                verdict="unproven", file="/k/b.c"),
    ]
    checks = [{"function": "sys_x", **_pos(5), "primitive": "copy_from_user", "pointer": "uarg", "mode": "read",
               "checks": True}]
    requirement = {"function": "shared", "global": True, "needs": "check", "param_index": 0, "param": "p",
                   "offset": 0, "accessor": "__get_user", "access": {"function": "shared", **_pos(20, "/k/b.c")}}
    _facts(tmp_path, "a.c", accesses=accesses, checks=checks, requirements=[requirement])
    arg = {"index": 0, "pointer": "u", "root": "value", "param_index": None, "offset": 0,
           "check": _check("access_ok", "access_ok(u, 8)", "caller", 3, file="/k/c.c")}
    call = {"caller": "caller", "callee": "shared", **_pos(4, "/k/c.c"), "region": "closed", "args": [arg]}
    _facts(tmp_path, "c.c", calls=[call])
    lost = Finding("a.c", 90, 9, "unproven", "__get_user() on 'p': no access_ok() in sight", ("plugin",),
                   (Note("a.c", 91, 9, "also here"),))
    recs = from_facts_dir(tmp_path, [lost], ["/k"], "test cell")
    r = _by_function(recs)
    assert (r["near"].validation, r["near"].calls, r["near"].lines, r["near"].kind) == ("function", 0, 4, "unsafe")
    assert r["near"].region.primitive == "user_write_access_begin"
    assert (r["far"].validation, r["far"].calls, r["far"].lines, r["far"].kind) == ("callers", 1, 30, "family")
    assert [(c.caller, c.callee, c.line) for c in r["far"].chain] == [("top", "far", 40)]
    assert (r["kept"].validation, r["kept"].why, r["kept"].check.text) == \
        ("kept", "sys_rseq() in kernel/rseq.c", "access_ok(rseq, rseq_len)")
    assert (r["arm"].validation, r["arm"].calls, r["arm"].why) == \
        ("none-needed", 0, "arm64's own member checks the address itself")
    assert (r["lost"].validation, r["lost"].level) == ("none", 2)
    assert (r["shared"].validation, r["shared"].calls, r["shared"].check.function, r["shared"].check.file) == \
        ("unit", 1, "caller", "c.c")
    assert (r["sys_x"].validation, r["sys_x"].kind, r["sys_x"].pointer, r["sys_x"].lines) == \
        ("access", "checked", "uarg", 0)
    assert all(x.cells == ("test cell",) for x in recs)
    assert [x.units for x in recs] == [("a.c",)] * len(recs)


def test_level_from_a_finding(tmp_path):
    """An access reported is at its finding's level (its own, or an "also here" note's); one the
    compile's level left unsaid has none."""
    accesses = [_access("f", 10, _check(verdict="unchecked"), verdict="unchecked"),
                _access("f", 11, _check(verdict="unchecked"), verdict="unchecked"),
                _access("g", 20, _check(verdict="unproven"), verdict="unproven")]
    _facts(tmp_path, "a.c", accesses=accesses)
    said = Finding("a.c", 10, 9, "unchecked", "unsafe_put_user() on 'p' is not checked", ("plugin",),
                   (Note("a.c", 11, 9, "also here"),))
    recs = from_facts_dir(tmp_path, [said], ["/k"], "c")
    assert [(r.line, r.level) for r in recs] == [(10, 0), (11, 0), (20, None)]


def test_level_of_an_access_a_finding_at_its_call_is_about(tmp_path):
    """A finding said at the call of an inlined helper names its access in an "accessed here"
    note: the access is reported at the finding's level."""
    _facts(tmp_path, "a.c", accesses=[_access("helper", 30, _check(verdict="unproven"), accessor="__get_user",
                                              verdict="unproven")])
    said = Finding("a.c", 50, 9, "unproven", "__get_user() on 'p': no access_ok() in sight", ("plugin",),
                   (Note("a.c", 30, 9, "accessed here"),))
    [r] = from_facts_dir(tmp_path, [said], ["/k"], "c")
    assert (r.line, r.validation, r.level) == (30, "none", 2)


def test_a_kept_pointer_past_its_bytes_names_its_check(tmp_path):
    """A kept pointer whose access goes past the bytes its check covers is still validated
    where it was stored: the map names that check, with the plugin's range verdict."""
    _facts(tmp_path, "a.c", accesses=[_access("emul", 40, _check(text="access_ok(rseq, rseq_len)",
                                                                  stored="sys_rseq() in kernel/rseq.c",
                                                                  verdict="range"), verdict="range")])
    [r] = from_facts_dir(tmp_path, [], ["/k"], "c")
    assert (r.validation, r.verdict, r.why, r.check.text) == \
        ("kept", "range", "sys_rseq() in kernel/rseq.c", "access_ok(rseq, rseq_len)")


def test_a_header_access_in_many_units_is_one_record(tmp_path):
    for unit in ("x.c", "y.c"):
        _facts(tmp_path, unit, accesses=[_access("h", 5, _check("access_ok", "access_ok(p, 8)", "h", 3),
                                                 file="/k/include/h.h")])
    recs = from_facts_dir(tmp_path, [], ["/k"], "c")
    assert [(r.file, r.units) for r in recs] == [("include/h.h", ("x.c", "y.c"))]


def test_no_facts_is_an_empty_map(tmp_path):
    assert from_facts_dir(tmp_path, [], ["/k"], "c") == []
    assert json.loads(to_json([], ["c"])) == {"version": 1, "cells": ["c"], "accesses": []}


# ---- part 2: the 6.12 fixture ---------------------------------------------------------------

@pytest.fixture(scope="module")
def map612(tmp_path_factory) -> dict:
    """The 6.12 x86_64 map, twice (the second with one job), as JSON and text."""
    tmp = tmp_path_factory.mktemp("map612")
    out = {}
    for name, args in (("json", ["--format", "json"]), ("json1", ["--format", "json", "--jobs", "1"]),
                       ("text", [])):
        res = run_cli("map", "--version", "6.12", *args)
        assert res.returncode == 0, res.stderr
        out[name] = res.stdout
    (tmp / "map.json").write_text(out["json"])
    out["recs"] = load_map(tmp / "map.json")[1]
    out["path"] = tmp / "map.json"
    return out


def _find(recs, function: str, line: int | None = None):
    got = [r for r in recs if r.function == function and (line is None or r.line == line)]
    assert got, f"no access of {function}() in the map"
    return got[0]


def test_seed_access_is_four_calls_below_its_check(map612):
    r = _find(map612["recs"], "epoll_put_uevent")
    assert (r.file, r.accessor, r.pointer, r.kind, r.validation, r.calls) == \
        ("include/linux/eventpoll.h", "__put_user", "&uevent->events", "family", "callers", 4)
    assert (r.check.text, r.check.function, r.check.file) == \
        ("access_ok(events, maxevents * sizeof(struct epoll_event))", "do_epoll_wait", "fs/eventpoll.c")
    assert [c.caller for c in r.chain] == ["do_epoll_wait", "ep_poll", "ep_send_events", "ep_deliver_event"]
    assert r.lines is None  # the check is in another file
    assert r.units == ("fs/eventpoll.c",)


def test_same_function_and_checked_access(map612):
    r = _find(map612["recs"], "filldir", 295)
    assert (r.validation, r.calls, r.lines, r.check.primitive, r.check.line) == \
        ("function", 0, 8, "user_write_access_begin", 287)
    c = _find(map612["recs"], "__do_sys_epoll_ctl")
    assert (c.accessor, c.pointer, c.validation, c.calls, c.lines, c.kind) == \
        ("copy_from_user", "event", "access", 0, 0, "checked")


def test_same_bytes_whatever_the_jobs(map612):
    assert map612["json"] == map612["json1"]


def _hist(text: str, name: str) -> list[tuple[str, int]]:
    block = text.split(f"\n{name}:\n", 1)[1].split("\n\n", 1)[0]
    rows = [re.match(r"^(.{16})\s*(\d+) \|(@*) *\|$", line) for line in block.splitlines()]
    assert all(rows), block
    return [(m.group(1).strip(), int(m.group(2))) for m in rows]


def test_text_counts_are_the_records(map612):
    """The text's totals and its @calls and @calls[fs] histograms, against counts made here."""
    recs, text = map612["recs"], map612["text"]
    records = json.loads(map612["json"])["accesses"]
    for name, members in (("@calls", records), ("@calls[fs]", [d for d in records if d["file"].startswith("fs/")])):
        want = Counter(map(mapdom.calls_bucket, members))
        got = _hist(text, name)
        assert [label for label, _ in got] == ["0", "1", "2", "3", "4", "5+", "other unit", "unknown"]
        assert dict(got) == {label: want.get(label, 0) for label, _ in got}, name
    first = text.splitlines()[0]
    assert first.startswith(f"linux 6.12 x86_64 defconfig: {len(recs)} accesses in "
                            f"{len({u for r in recs for u in r.units})} units: ")
    n = Counter(r.validation for r in recs)
    assert f"{n['function']} in the function" in first and f"{n['callers']} calls up" in first


def test_text_lists_the_farthest_first_with_its_chain(map612):
    lines = map612["text"].splitlines()
    i = lines.index("farthest checks (top 10):")
    assert lines[i + 1:i + 4] == [
        "  1. include/linux/eventpoll.h:81: __put_user() on '&uevent->events' in epoll_put_uevent(): "
        "4 calls up, in another file (and 1 more access of epoll_put_uevent() on this check)",
        "     access_ok(events, maxevents * sizeof(struct epoll_event)) in do_epoll_wait() at fs/eventpoll.c:2654",
        "     do_epoll_wait() -> ep_poll() -> ep_send_events() -> ep_deliver_event() -> epoll_put_uevent()",
    ]


# ---- part 3: compare, merge, patch ----------------------------------------------------------

def _write(path: Path, cells: list[str], recs: list[dict]) -> Path:
    path.write_text(json.dumps({"version": 1, "cells": cells, "accesses": recs}))
    return path


def _rec(function: str, line: int, validation: str, calls: int | None, accessor: str = "__get_user",
         pointer: str = "p", cells: tuple = ("a",), lines: int | None = None) -> dict:
    check = None if validation in ("none", "access") else \
        {"primitive": "access_ok", "text": "access_ok(p, 8)", "function": "top", "file": "a.c", "line": 1}
    return {"file": "a.c", "line": line, "column": 9, "function": function, "accessor": accessor,
            "kind": "family", "mode": "read", "pointer": pointer, "validation": validation, "calls": calls,
            "lines": lines, "check": check, "chain": [], "region": None, "why": None, "verdict": "proven",
            "level": None, "units": ["a.c"], "cells": list(cells)}


def test_compare_pairs_accesses_whatever_their_lines(tmp_path):
    old = _write(tmp_path / "old.json", ["a"], [_rec("f", 10, "callers", 1), _rec("g", 20, "callers", 3),
                                                _rec("h", 30, "function", 0, lines=2), _rec("gone", 40, "none", None)])
    new = _write(tmp_path / "new.json", ["b"], [_rec("f", 12, "callers", 2), _rec("g", 22, "callers", 1),
                                                _rec("h", 32, "function", 0, lines=2), _rec("born", 50, "none", None)])
    res = run_cli("map", "--compare", str(old), str(new))
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == [
        "map compare: a (4 accesses) -> b (4 accesses): 1 farther, 1 nearer, 0 changed, 1 appeared, 1 vanished",
        "  farther: a.c:12: read of 'p' in f()",
        "      was (then at line 10): a per-access __get_user(), on access_ok() in top(), 1 call up, in another file",
        "      now: a per-access __get_user(), on access_ok() in top(), 2 calls up, in another file",
        "  nearer: a.c:22: read of 'p' in g()",
        "      was (then at line 20): a per-access __get_user(), on access_ok() in top(), 3 calls up, in another file",
        "      now: a per-access __get_user(), on access_ok() in top(), 1 call up, in another file",
        "  appeared: a.c:50: read of 'p' in born()",
        "      new: a per-access __get_user(), none found",
        "  vanished: a.c:40: read of 'p' in gone()",
        "      was: a per-access __get_user(), none found",
    ]
    doc = json.loads(run_cli("map", "--compare", str(old), str(new), "--format", "json").stdout)
    assert [c["change"] for c in doc["changes"]] == ["farther", "nearer", "appeared", "vanished"]


def test_merge_lists_an_access_once_with_its_cells(tmp_path):
    a = _write(tmp_path / "a.json", ["linux 7.2 x86_64"], [_rec("f", 10, "callers", 1, cells=("linux 7.2 x86_64",)),
                                                           _rec("g", 20, "function", 0, cells=("linux 7.2 x86_64",))])
    b = _write(tmp_path / "b.json", ["linux 7.2 arm64"], [_rec("f", 10, "callers", 3, cells=("linux 7.2 arm64",))])
    out = tmp_path / "all.json"
    res = run_cli("map", "--merge", str(a), str(b), "-o", str(out))
    assert res.returncode == 0, res.stderr
    cells, recs = load_map(out)
    assert cells == ["linux 7.2 arm64", "linux 7.2 x86_64"]
    assert [(r.function, r.cells, r.calls) for r in recs] == [
        ("f", ("linux 7.2 arm64", "linux 7.2 x86_64"), 3),  # the farther check of the two cells
        ("g", ("linux 7.2 x86_64",), 0)]
    again = run_cli("map", "--merge", str(b), str(a))
    assert again.stdout == out.read_text()  # the order of the inputs does not matter


def test_output_goes_through_a_symlink(tmp_path):
    """-o writes where the user points, as a shell redirection would: a symlink stays one."""
    src = _write(tmp_path / "a.json", ["a"], [_rec("f", 10, "callers", 1)])
    target = tmp_path / "target.json"
    target.write_text("old")
    (tmp_path / "link.json").symlink_to(target)
    res = run_cli("map", "--merge", str(src), "-o", str(tmp_path / "link.json"))
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "link.json").is_symlink()
    assert load_map(target)[1][0].function == "f"


def test_merge_of_equally_far_records_does_not_depend_on_their_order(tmp_path):
    one = _rec("f", 10, "callers", 2, cells=("x",))
    two = {**_rec("f", 10, "callers", 2, cells=("y",)),
           "check": {**one["check"], "function": "other", "text": "access_ok(q, 8)"}}
    a, b = _write(tmp_path / "a.json", ["x"], [one]), _write(tmp_path / "b.json", ["y"], [two])
    ab, ba = run_cli("map", "--merge", str(a), str(b)), run_cli("map", "--merge", str(b), str(a))
    assert ab.returncode == ba.returncode == 0, ab.stderr + ba.stderr
    assert ab.stdout == ba.stdout
    [r] = json.loads(ab.stdout)["accesses"]
    assert r["cells"] == ["x", "y"]


@pytest.mark.parametrize("args, says", [
    (["--compare", "/nonexistent/a.json", "/nonexistent/b.json"], "/nonexistent/a.json: cannot read"),
    (["--merge", "BAD"], "BAD: not a map"),
    (["--top", "0"], "--top 0: must be at least 1"),
    (["--merge", "BAD", "--version", "7.2"], "--compare and --merge read maps"),
    (["--version", "7.2", "-o", "/nonexistent/map.json"], "cannot write map /nonexistent/map.json: no such directory"),
    (["--compare", "BAD", "BAD", "--format", "html"], "--compare prints text or json"),
    (["--merge", "BOGUS", "--format", "text"], "BOGUS: access 0 (a.c:10): unknown validation 'bogus'"),
    (["--merge", "FACTS"], "FACTS: a facts file (uaccess-check merge reads those), not a map"),
    (["--merge", "GOOD", "-o", "/proc/version"], "cannot write map /proc/version"),
])
def test_bad_input_is_one_line(tmp_path, args, says):
    (tmp_path / "BAD").write_text('{"version": 1}')
    _write(tmp_path / "BOGUS", ["a"], [{**_rec("f", 10, "callers", 1), "validation": "bogus"}])
    _write(tmp_path / "GOOD", ["a"], [_rec("f", 10, "callers", 1)])
    _facts(tmp_path, "FACTS")
    (tmp_path / "k" / "FACTS.json").rename(tmp_path / "FACTS")
    res = subprocess.run([sys.executable, DRIVER, "map", *args], capture_output=True, text=True,
                         cwd=tmp_path, stdin=subprocess.DEVNULL, timeout=60)
    assert res.returncode == 2
    assert res.stdout == ""
    assert len(res.stderr.splitlines()) == 1 and says in res.stderr, res.stderr


def test_patch_says_the_seed_moves_into_a_region_four_calls_below_its_check():
    res = run_cli("patch", str(V1), "--level", "2", timeout=600)
    assert res.returncode == 1, res.stderr
    lines = res.stdout.splitlines()
    i = lines.index("map: 0 farther, 0 nearer, 2 changed, 0 appeared, 0 vanished")
    assert lines[i + 1:i + 4] == [
        "  changed: include/linux/eventpoll.h:82: write of '&uevent->events' in epoll_put_uevent()",
        "      was (then at line 81): a per-access __put_user(), on access_ok() in do_epoll_wait(), 4 calls up, "
        "in another file",
        "      now: unsafe_put_user() in a region opened by __user_write_access_begin() at "
        "include/linux/eventpoll.h:81, on access_ok() in do_epoll_wait(), 4 calls up, in another file",
    ]


def test_scan_writes_the_same_map(map612, tmp_path):
    """scan --map at level 0: the same accesses, validations and checks as map's (which compiles
    at level 2); the levels it knows are those up to 0."""
    out = tmp_path / "scan-map.json"
    res = run_cli("scan", "--version", "6.12", "--engine", "plugin", "--map", str(out))
    assert res.returncode in (0, 1), res.stderr
    _, scanned = load_map(out)
    _, mapped = load_map(map612["path"])
    assert [r.key() for r in scanned] == [r.key() for r in mapped]
    for s, m in zip(scanned, mapped):
        assert s.validation == m.validation and s.check == m.check and s.chain == m.chain, s.key()
        assert s.level == (m.level if m.level == 0 else None), s.key()
