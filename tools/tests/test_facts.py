"""Per-unit facts (-fplugin-arg-uaccess_check-facts=DIR) against docs/facts.md.

A few testcases and one unit of this file (a checked call to a global function) are built as
one external module, twice, each time with a different facts directory; the records are checked
against what the sources say. Positions are looked up in the source, so editing a case's header
does not break this file. The schema check (``casebuild.check_facts``) is shared with
test_combinations.py, which applies it to every testcase under every option combination.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from casebuild import KEYS, POS, check_facts, facts_path, load_facts
from uaccess_check import REPO_ROOT
from uaccess_check.fixture import kbuild_env
from uaccess_check.plugin import plugin_flags

CASES = ("helper_callers_ok.c", "unproven_param.c", "access_ok_uaccess_begin.c", "masked_used.c")

MERGE = "facts_merge.c"  # a begin in fm_store() covers the pointer it passes to the global fm_put()
MERGE_TEXT = """\
// SPDX-License-Identifier: GPL-2.0
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct fm_args {
	u32 __user *out;
	u32 value;
};

int fm_put(u32 __user *p, u32 v);
int fm_put(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(fm_put);

int fm_store(struct fm_args *args);
int fm_store(struct fm_args *args)
{
	u32 __user *out = args->out;
	int err;

	if (!user_write_access_begin(out, sizeof(*out)))
		return -EFAULT;
	err = fm_put(out, args->value);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(fm_store);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check facts test: a call to a global function");
"""

PLAIN = "facts_plain.c"  # no user access: writes no facts
PLAIN_TEXT = """\
// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>

int facts_plain(int x);
int facts_plain(int x)
{
	return x * 2;
}
EXPORT_SYMBOL_GPL(facts_plain);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check facts test: no user access");
"""

WITH_FACTS = CASES + (MERGE,)
ALL = WITH_FACTS + (PLAIN,)


def _kbuild(fx, tmp: Path, kcflags: list[str]) -> subprocess.CompletedProcess:
    objs = [c[:-2] + ".o" for c in ALL]
    return subprocess.run(["make", "-s", "-k", "-C", str(fx.build), f"M={tmp}", "KCFLAGS=" + " ".join(kcflags)]
                          + objs, stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace",
                          env=kbuild_env(), timeout=900)


@pytest.fixture(scope="module")
def built(fx, plugin_so, tmp_path_factory):
    """(module dir, facts dir of the first build, facts dir of the second build)."""
    tmp = tmp_path_factory.mktemp("facts_cases")
    for name in CASES:
        shutil.copy(REPO_ROOT / "testcases" / name, tmp / name)
    (tmp / MERGE).write_text(MERGE_TEXT)
    (tmp / PLAIN).write_text(PLAIN_TEXT)
    (tmp / "Kbuild").write_text("obj-m += " + " ".join(c[:-2] + ".o" for c in ALL) + "\n")
    dirs = []
    for run in ("one", "two"):
        facts = tmp_path_factory.mktemp(f"facts_{run}")
        # A different facts dir changes the command line: kbuild compiles every unit again.
        proc = _kbuild(fx, tmp, plugin_flags(plugin_so, level=2, facts=facts))
        assert proc.returncode == 0, proc.stdout + proc.stderr
        dirs.append(facts)
    return tmp, dirs[0], dirs[1]


def load(built, name: str) -> dict:
    tmp, facts, _ = built
    return load_facts(facts_path(facts, tmp / name))


def position(src: Path, text: str, nth: int = 0) -> tuple[int, int]:
    """(line, column) of the nth occurrence of text in a statement of src (a tab-indented line,
    not the header comment); columns as GCC prints them (a tab advances to a multiple of 8)."""
    found = []
    for no, line in enumerate(src.read_text().splitlines(), 1):
        if not line.startswith("\t"):
            continue
        col = line.expandtabs(8).find(text)
        if col >= 0:
            found.append((no, col + 1))
    assert len(found) > nth, f"{text!r} not found {nth + 1} times in {src.name}"
    return found[nth]


def at(src: Path, text: str, nth: int = 0) -> dict:
    line, col = position(src, text, nth)
    return {"file": str(src), "line": line, "column": col}


# ---- files --------------------------------------------------------------------------------------

def test_files_where_documented(built):
    tmp, facts, _ = built
    got = sorted(p.relative_to(facts) for p in facts.rglob("*") if p.is_file())
    want = sorted(facts_path(facts, tmp / c).relative_to(facts) for c in WITH_FACTS)
    assert got == want  # and none for the unit without user access


@pytest.mark.parametrize("name", WITH_FACTS)
def test_json_is_valid(built, name):
    tmp, facts, _ = built
    json.loads(facts_path(facts, tmp / name).read_text())


def test_byte_identical_twice(built):
    tmp, one, two = built
    for name in WITH_FACTS:
        a = facts_path(one, tmp / name).read_bytes()
        b = facts_path(two, tmp / name).read_bytes()
        assert a == b, f"{name}: facts differ between two compiles"


def test_layout_text(built):
    """Two-space indentation, one record per line, empty sections as [], newline at the end."""
    tmp, facts, _ = built
    text = facts_path(facts, tmp / "unproven_param.c").read_text()
    lines = text.splitlines()
    assert lines[:4] == ["{", '  "version": 1,', f'  "unit": "{str(tmp / "unproven_param.c").lstrip("/")}",',
                         '  "accesses": [']
    assert lines[4].startswith('    {"function": "put_event", ') and lines[4].endswith("},")
    assert '  "checks": [],' in lines and '  "regions": [],' in lines
    assert text.endswith("\n  ]\n}\n")


# ---- schema -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", WITH_FACTS)
def test_schema(built, name):
    tmp, _, _ = built
    check_facts(load(built, name), tmp / name)


@pytest.mark.parametrize("name", WITH_FACTS)
def test_positions_name_what_is_written(built, name):
    """An access's, check's or region primitive's column is where its name starts in the source;
    a check object's is where its text starts."""
    tmp, _, _ = built
    src = tmp / name
    lines = src.read_text().splitlines()

    def written(rec) -> str:
        assert rec["file"] == str(src)
        return lines[rec["line"] - 1].expandtabs(8)[rec["column"] - 1:]

    d = load(built, name)
    for section, key in (("accesses", "accessor"), ("checks", "primitive"), ("regions", "primitive")):
        for rec in d[section]:
            assert written(rec).startswith(rec[key] + "("), f"{section}: {rec}"
    checks = [r["check"] for r in d["accesses"]] + [a["check"] for c in d["calls"] for a in c["args"]]
    for obj in checks:
        if obj["primitive"] is not None:
            assert written(obj).startswith(obj["text"]), obj
    for rec in d["calls"]:
        assert written(rec).startswith(rec["callee"] + "("), rec


# ---- records verified against the sources -------------------------------------------------------

def test_helper_callers_ok_records(built):
    tmp, _, _ = built
    src = tmp / "helper_callers_ok.c"
    d = load(built, "helper_callers_ok.c")
    callers = ("fill_stat", "fill_stat_empty")
    begins = [{"function": fn, **at(src, "user_write_access_begin(st, sizeof(*st))", i),
               "primitive": "user_write_access_begin", "pointer": "st", "mode": "write", "checks": True}
              for i, fn in enumerate(callers)]
    calls = {fn: {"caller": fn, "callee": "put_stat", **at(src, "put_stat(st, ", i)}
             for i, fn in enumerate(callers)}
    # put_stat()'s three stores are proven through its callers' begins, one call up.
    stores = ("mode, &st->mode", "1, &st->nlink", "size, &st->size")
    assert [{k: a[k] for k in KEYS["accesses"][:-3] + ["proven_by"]} for a in d["accesses"]] == [
        {"function": "put_stat", **at(src, f"unsafe_put_user({arg}"), "accessor": "unsafe_put_user",
         "pointer": arg.split(", ")[1], "mode": "write", "verdict": "proven", "via_callers": True,
         "proven_by": None} for arg in stores]
    for acc in d["accesses"]:
        check, region = acc["check"], acc["region"]
        fn = check["function"]
        assert fn in callers
        begin = begins[callers.index(fn)]
        assert check == {"verdict": "proven", "requirement": False, "primitive": "user_write_access_begin",
                         "text": "user_write_access_begin(st, sizeof(*st))", "function": fn,
                         **{k: begin[k] for k in POS}, "calls": 1, "chain": [calls[fn]]}
        assert region["primitive"] == "user_write_access_begin" and region["checks"] is True
        assert region["calls"] == 1 and region["function"] in callers
        assert {k: region[k] for k in POS} == {k: begins[callers.index(region["function"])][k] for k in POS}
    assert d["checks"] == begins
    ends = [{"function": fn, **at(src, "user_write_access_end();", i), "primitive": "user_write_access_end",
             "pointer": None, "mode": "write", "checks": False}
            for i, fn in enumerate(callers)]
    assert d["regions"] == [begins[0], ends[0], begins[1], ends[1]]
    # put_stat() is static and the primitives are inline: no call another unit could define.
    assert d["calls"] == []
    assert d["requirements"] == []  # every caller of put_stat is in the unit


def test_unproven_param_records(built):
    tmp, _, _ = built
    src = tmp / "unproven_param.c"
    d = load(built, "unproven_param.c")
    events = at(src, "unsafe_put_user(events, &ev->events")
    data = at(src, "unsafe_put_user(data, &ev->data")
    no_check = {"verdict": "unproven", "requirement": True, "primitive": None, "text": None, "calls": 0,
                "chain": [], "stored": None}
    assert d["accesses"] == [
        {"function": "put_event", **pos, "accessor": "unsafe_put_user", "pointer": ptr, "mode": "write",
         "verdict": "unproven", "via_callers": True, "check": no_check, "region": None, "proven_by": None}
        for pos, ptr in ((events, "&ev->events"), (data, "&ev->data"))]
    assert d["checks"] == [] and d["regions"] == [] and d["calls"] == []
    # put_event() is global with no caller here: it needs a check of parameter 0 (ev) covering
    # offsets 0 (events) and 8 (data, after u32 events and padding), and an open region.
    acc = {"function": "put_event"}
    assert d["requirements"] == [
        {"function": "put_event", "global": True, "needs": "check", "param_index": 0, "param": "ev", "offset": 0,
         "accessor": "unsafe_put_user", "access": {**acc, **events}},
        {"function": "put_event", "global": True, "needs": "check", "param_index": 0, "param": "ev", "offset": 8,
         "accessor": "unsafe_put_user", "access": {**acc, **data}},
        {"function": "put_event", "global": True, "needs": "region", "param_index": None, "param": None, "offset": None,
         "accessor": "unsafe_put_user", "access": {**acc, **events}},
        {"function": "put_event", "global": True, "needs": "region", "param_index": None, "param": None, "offset": None,
         "accessor": "unsafe_put_user", "access": {**acc, **data}},
    ]


def test_access_ok_and_unchecked_begin(built):
    tmp, _, _ = built
    src = tmp / "access_ok_uaccess_begin.c"
    d = load(built, "access_ok_uaccess_begin.c")
    check_pos = at(src, "access_ok(")
    begin_pos = at(src, "__uaccess_begin()")
    for acc in d["accesses"]:
        assert acc["verdict"] == "proven" and acc["via_callers"] is False
        assert acc["check"] == {"verdict": "proven", "requirement": False, "primitive": "access_ok",
                                "text": "access_ok(out, sizeof(*out))", "function": "put_kv", **check_pos,
                                "calls": 0, "chain": []}
        assert acc["region"] == {"primitive": "__uaccess_begin", "checks": False, "function": "put_kv",
                                 **begin_pos, "calls": 0}
    assert len(d["accesses"]) == 2
    assert d["checks"] == [{"function": "put_kv", **check_pos, "primitive": "access_ok", "pointer": "out",
                            "mode": "none", "checks": True}]
    begin = [r for r in d["regions"] if r["primitive"] == "__uaccess_begin"]
    assert begin == [{"function": "put_kv", **begin_pos, "primitive": "__uaccess_begin", "pointer": None,
                      "mode": "rw", "checks": False}]
    assert all(r["checks"] is False for r in d["regions"])


def test_masked_begin(built):
    tmp, _, _ = built
    src = tmp / "masked_used.c"
    d = load(built, "masked_used.c")
    pos = at(src, "masked_user_access_begin(")
    [acc] = d["accesses"]
    assert (acc["accessor"], acc["verdict"], acc["via_callers"]) == ("unsafe_put_user", "proven", False)
    assert acc["check"] == {"verdict": "proven", "requirement": False, "primitive": "masked_user_access_begin",
                            "text": "masked_user_access_begin(args->out)", "function": "put_token_masked", **pos,
                            "calls": 0, "chain": []}
    assert acc["region"] == {"primitive": "masked_user_access_begin", "checks": False,
                             "function": "put_token_masked", **pos, "calls": 0}
    masked = {"function": "put_token_masked", **pos, "primitive": "masked_user_access_begin",
              "pointer": "args->out", "mode": "rw"}
    # A check (it validates by masking) and, for its stac, an unchecked region begin.
    assert d["checks"] == [{**masked, "checks": True}]
    assert d["regions"][0] == {**masked, "checks": False}


def test_call_to_global_function(built):
    tmp, _, _ = built
    src = tmp / MERGE
    d = load(built, MERGE)
    access = at(src, "unsafe_put_user(v, p, efault)")
    begin = at(src, "user_write_access_begin(out, sizeof(*out))")
    # fm_put() is global: other units may call it, so its access rests on requirements even
    # though fm_store() in this unit checks what it passes.
    assert d["accesses"] == [
        {"function": "fm_put", **access, "accessor": "unsafe_put_user", "pointer": "p", "mode": "write",
         "verdict": "unproven", "via_callers": True,
         "check": {"verdict": "unproven", "requirement": True, "primitive": None, "text": None, "calls": 0,
                   "chain": [], "stored": None},
         "region": None, "proven_by": None}]
    assert d["requirements"] == [
        {"function": "fm_put", "global": True, "needs": "check", "param_index": 0, "param": "p", "offset": 0,
         "accessor": "unsafe_put_user", "access": {"function": "fm_put", **access}},
        {"function": "fm_put", "global": True, "needs": "region", "param_index": None, "param": None, "offset": None,
         "accessor": "unsafe_put_user", "access": {"function": "fm_put", **access}},
    ]
    # The call the cross-unit merge matches against those requirements: region open, the
    # pointer (loaded from args->out) checked by the begin, with a length the call cannot know.
    assert d["calls"] == [
        {"caller": "fm_store", "callee": "fm_put", **at(src, "fm_put(out, args->value)"), "region": "open",
         "args": [{"index": 0, "pointer": "args->out", "root": "load", "param_index": None, "offset": 0,
                   "check": {"verdict": "unproven", "requirement": False, "primitive": "user_write_access_begin",
                             "text": "user_write_access_begin(out, sizeof(*out))", "function": "fm_store",
                             **begin, "calls": 0, "chain": []}}]}]
