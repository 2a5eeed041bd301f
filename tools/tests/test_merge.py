"""uaccess-check merge: cross-unit requirements resolved from the plugin's facts.

Part 1 writes small facts files by hand (docs/facts.md, version 1), one per rule of the merge,
and compares the exact output. Part 2 builds the multi-unit cases of testcases/merge/<case>/
(one external module per case, against the prepared 6.12 fixture, plugin in KCFLAGS with a
facts directory), checks them with sparse, and compares ``uaccess-check merge`` with the
case's expected.txt (first line: ``# uaccess-check merge --level N``; paths are basenames,
obtained with --strip of the build directory).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT, primitives
from uaccess_check.diag import basename, parse_diagnostic, plugin_diagnostics
from uaccess_check.fixture import kbuild_env
from uaccess_check.facts import FactsError, load_facts
from uaccess_check.finding import gcc_lines
from uaccess_check.merge import merge
from uaccess_check.plugin import plugin_flags

DRIVER = str(REPO_ROOT / "uaccess-check")
MERGE_CASES_DIR = REPO_ROOT / "testcases" / "merge"
MERGE_CASES = sorted(p.name for p in MERGE_CASES_DIR.iterdir() if (p / "expected.txt").is_file()) \
    if MERGE_CASES_DIR.is_dir() else []


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, DRIVER, "merge", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


# ---- building facts by hand -------------------------------------------------------------------

def at(file: str, line: int, column: int = 9) -> dict:
    return {"file": file, "line": line, "column": column}


def link(caller: str, callee: str, where: dict) -> dict:
    return {"caller": caller, "callee": callee, **where}


def check(verdict: str = "unchecked", *, requirement: bool = False, primitive: str | None = None,
          text: str | None = None, function: str | None = None, where: dict | None = None,
          chain: list[dict] | None = None) -> dict:
    c: dict = {"verdict": verdict, "requirement": requirement, "primitive": primitive, "text": text}
    if primitive:
        c["function"] = function
        c.update(where or {})
    chain = chain or []
    c["calls"] = len(chain)
    c["chain"] = chain
    return c


def access_ok(function: str, where: dict, text: str = "access_ok(uarg, sizeof(u32))", **kw) -> dict:
    return check("unproven", primitive="access_ok", text=text, function=function, where=where, **kw)


def arg(check_obj: dict, *, index: int = 0, pointer: str = "uarg", root: str = "parm",
        param_index: int | None = 0, offset: int | None = 0) -> dict:
    return {"index": index, "pointer": pointer, "root": root, "param_index": param_index,
            "offset": offset, "check": check_obj}


def call(caller: str, callee: str, where: dict, *args: dict, region: str = "caller") -> dict:
    return {"caller": caller, "callee": callee, **where, "region": region, "args": list(args)}


def access(function: str, where: dict, *, region: dict | None = None, chk: dict | None = None,
           accessor: str = "unsafe_put_user") -> dict:
    return {"function": function, **where, "accessor": accessor, "mode": "write", "verdict": "unproven",
            "via_callers": True, "check": chk or check("unproven", requirement=True), "region": region}


def stac(function: str, where: dict) -> dict:
    return {"primitive": "__uaccess_begin", "checks": False, "function": function, **where, "calls": 0}


def requirement(function: str, where: dict, *, needs: str = "check", param_index: int | None = 0,
                param: str | None = "p", offset: int | None = 0, access_function: str | None = None,
                accessor: str = "unsafe_put_user", global_: bool = True) -> dict:
    if needs == "region":
        param_index, param, offset = None, None, None
    return {"function": function, "global": global_, "needs": needs, "param_index": param_index,
            "param": param,
            "offset": offset, "accessor": accessor,
            "access": {"function": access_function or function, **where}}


def write_unit(d: Path, unit: str, *, accesses=(), calls=(), requirements=(), version=1) -> Path:
    data = {"version": version, "unit": unit, "accesses": list(accesses), "checks": [], "regions": [],
            "calls": list(calls), "requirements": list(requirements)}
    path = d / (unit + ".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")
    return path


def merged(level: int, *dirs: Path) -> list[str]:
    return [line for f in merge(load_facts(dirs), level) for line in gcc_lines(f)]


# The helper unit of most tests: put_result(p) opens its region with __uaccess_begin() at
# h.c:17 and writes through its parameter at h.c:18; nothing in h.c calls it.
def helper_unit(d: Path, *, region: bool = True) -> None:
    write_unit(d, "h.c",
               accesses=[access("put_result", at("h.c", 18), region=stac("put_result", at("h.c", 17)) if region else None)],
               requirements=[requirement("put_result", at("h.c", 18))])


DISTANCE_1 = [
    "h.c:18:9: warning: __uaccess_begin() opens a region whose access_ok() is in checked_put(), 1 call up, "
    "in another unit [-Wuaccess-distance]",
    "c.c:10:14: note: checked here: access_ok(uarg, sizeof(u32))",
    "c.c:12:16: note: call 1 of 1: checked_put() calls put_result()",
    "h.c:17:9: note: region opened here",
    "h.c:18:9: note: distance: 1 call, in another file",
]


def test_distance_unchecked_begin(tmp_path):
    helper_unit(tmp_path)
    write_unit(tmp_path, "c.c", calls=[
        call("checked_put", "put_result", at("c.c", 12, 16), arg(access_ok("checked_put", at("c.c", 10, 14))))])
    assert merged(0, tmp_path) == []
    assert merged(1, tmp_path) == DISTANCE_1
    assert merged(2, tmp_path) == DISTANCE_1


def test_distance_chain_in_caller_unit_and_same_file(tmp_path):
    # The check is two calls above the call, in the caller's unit (check.chain), and in the same
    # file as the access (an inline helper in a header both units include).
    write_unit(tmp_path, "h.c",
               accesses=[access("put_result", at("x.h", 40), region=stac("put_result", at("x.h", 39)))],
               requirements=[requirement("put_result", at("x.h", 40))])
    chain = [link("top", "mid", at("c.c", 30, 15)), link("mid", "low", at("c.c", 20, 15))]
    write_unit(tmp_path, "c.c", calls=[
        call("low", "put_result", at("c.c", 12, 16),
             arg(access_ok("top", at("x.h", 5, 14), text="access_ok(buf, len)", chain=chain), pointer="b"))])
    assert merged(1, tmp_path) == [
        "x.h:40:9: warning: __uaccess_begin() opens a region whose access_ok() is in top(), 3 calls up, "
        "in another unit [-Wuaccess-distance]",
        "x.h:5:14: note: checked here: access_ok(buf, len)",
        "c.c:30:15: note: call 1 of 3: top() calls mid()",
        "c.c:20:15: note: call 2 of 3: mid() calls low()",
        "c.c:12:16: note: call 3 of 3: low() calls put_result()",
        "x.h:39:9: note: region opened here",
        "x.h:40:9: note: distance: 3 calls, 35 source lines from the check to this access",
    ]


def test_distance_inner_chain_in_callee_unit(tmp_path):
    # put_outer() (global) opens the region and calls the static put_inner(), which writes
    # q + 1: the requirement is put_outer's, the access put_inner's (the plugin's facts shape).
    inner_chain = [link("put_outer", "put_inner", at("h.c", 21, 15))]
    write_unit(tmp_path, "h.c",
               accesses=[access("put_inner", at("h.c", 10), region=dict(stac("put_outer", at("h.c", 20)), calls=1),
                                chk=check("unproven", requirement=True, chain=inner_chain))],
               requirements=[requirement("put_outer", at("h.c", 10), offset=4, access_function="put_inner")])
    write_unit(tmp_path, "c.c", calls=[
        call("checked_put", "put_outer", at("c.c", 12, 16),
             arg(access_ok("checked_put", at("c.c", 10, 14), text="access_ok(uarg, 8)")))])
    assert merged(1, tmp_path) == [
        "h.c:10:9: warning: __uaccess_begin() opens a region whose access_ok() is in checked_put(), 2 calls up, "
        "in another unit [-Wuaccess-distance]",
        "c.c:10:14: note: checked here: access_ok(uarg, 8)",
        "c.c:12:16: note: call 1 of 2: checked_put() calls put_outer()",
        "h.c:21:15: note: call 2 of 2: put_outer() calls put_inner()",
        "h.c:20:9: note: region opened here",
        "h.c:10:9: note: distance: 2 calls, in another file",
    ]


def test_distance_checked_region_in_caller_is_level_2_one_call_up(tmp_path):
    # No begin in the helper: its caller's checking begin is both the check and the region,
    # the __unsafe_setup_sigcontext() shape: reported one call up at level 2 only.
    helper_unit(tmp_path, region=False)
    write_unit(tmp_path, "c.c", calls=[
        call("region_put", "put_result", at("c.c", 12, 15),
             arg(check("unproven", primitive="user_write_access_begin", text="user_write_access_begin(uarg, 4)",
                       function="region_put", where=at("c.c", 10, 14))), region="open")])
    want = [
        "h.c:18:9: warning: unsafe_put_user() on 'p' is validated in another unit: "
        "user_write_access_begin(uarg, 4) in region_put() [-Wuaccess-distance]",
        "c.c:10:14: note: checked here: user_write_access_begin(uarg, 4)",
        "c.c:12:15: note: call 1 of 1: region_put() calls put_result()",
        "h.c:18:9: note: distance: 1 call, in another file",
    ]
    assert merged(1, tmp_path) == []
    assert merged(2, tmp_path) == want


def test_unchecked_at_call(tmp_path):
    helper_unit(tmp_path)
    write_unit(tmp_path, "c.c", calls=[
        call("__do_sys_foo", "put_result", at("c.c", 25, 16), arg(check("unchecked")), region="closed")])
    want = [
        "c.c:25:16: warning: call to 'put_result' passes 'uarg' to unsafe_put_user() without validating it "
        "on every path [-Wuaccess-unchecked]",
        "h.c:18:9: note: accessed here",
    ]
    assert merged(0, tmp_path) == want
    assert merged(2, tmp_path) == want


def test_static_function_is_not_matched_by_name(tmp_path):
    """A requirement of a static function (reached through a function pointer) is not paired
    with another unit's calls of a global of the same name."""
    write_unit(tmp_path, "h.c", accesses=[access("put_result", at("h.c", 18))],
               requirements=[requirement("put_result", at("h.c", 18), global_=False)])
    write_unit(tmp_path, "c.c", calls=[
        call("__do_sys_foo", "put_result", at("c.c", 25, 16), arg(check("unchecked")), region="closed")])
    assert merged(2, tmp_path) == []


def test_unchecked_once_per_call(tmp_path):
    # Two accesses through the same parameter: one warning at the call, noting the first access.
    write_unit(tmp_path, "h.c",
               accesses=[access("put_two", at("h.c", 18)), access("put_two", at("h.c", 19))],
               requirements=[requirement("put_two", at("h.c", 19)), requirement("put_two", at("h.c", 18), offset=4)])
    write_unit(tmp_path, "c.c", calls=[call("f", "put_two", at("c.c", 5, 9), arg(check("unchecked"), pointer="u"))])
    assert merged(0, tmp_path) == [
        "c.c:5:9: warning: call to 'put_two' passes 'u' to unsafe_put_user() without validating it on every "
        "path [-Wuaccess-unchecked]",
        "h.c:18:9: note: accessed here",
    ]


def test_unchecked_once_per_call_whatever_the_accessor(tmp_path):
    write_unit(tmp_path, "h.c",
               accesses=[access("rw", at("h.c", 18), accessor="unsafe_get_user"), access("rw", at("h.c", 19))],
               requirements=[requirement("rw", at("h.c", 18), accessor="unsafe_get_user"),
                             requirement("rw", at("h.c", 19))])
    write_unit(tmp_path, "c.c", calls=[call("f", "rw", at("c.c", 5, 9), arg(check("unchecked"), pointer="u"))])
    assert merged(0, tmp_path) == [
        "c.c:5:9: warning: call to 'rw' passes 'u' to unsafe_get_user() without validating it on every "
        "path [-Wuaccess-unchecked]",
        "h.c:18:9: note: accessed here",
    ]


def test_argument_index(tmp_path):
    # The requirement is on parameter 1: only argument 1 of the call counts.
    write_unit(tmp_path, "h.c", accesses=[access("put2", at("h.c", 18))],
               requirements=[requirement("put2", at("h.c", 18), param_index=1, param="q")])
    write_unit(tmp_path, "c.c", calls=[
        call("f", "put2", at("c.c", 5, 9), arg(check("unchecked"), index=0, pointer="a"),
             arg(access_ok("f", at("c.c", 3, 14), text="access_ok(b, 8)"), index=1, pointer="b"))])
    assert merged(0, tmp_path) == []
    assert merged(2, tmp_path) == [
        "h.c:18:9: warning: unsafe_put_user() on 'q' is validated in another unit: access_ok(b, 8) in f() "
        "[-Wuaccess-distance]",
        "c.c:3:14: note: checked here: access_ok(b, 8)",
        "c.c:5:9: note: call 1 of 1: f() calls put2()",
        "h.c:18:9: note: distance: 1 call, in another file",
    ]


def test_requirement_moves_up(tmp_path):
    helper_unit(tmp_path)
    # m.c: forward(x, buf) passes buf + 8 on; buf is its parameter 1 and it is global.
    write_unit(tmp_path, "m.c", calls=[
        call("forward", "put_result", at("m.c", 7, 16),
             arg(check("unproven", requirement=True), pointer="buf", param_index=1, offset=8))])
    # t.c validates before calling forward(); u.c does not.
    write_unit(tmp_path, "t.c", calls=[
        call("top", "forward", at("t.c", 21, 16), arg(access_ok("top", at("t.c", 19, 14), text="access_ok(ubuf, 16)"),
                                                        index=1, pointer="ubuf"))])
    write_unit(tmp_path, "u.c", calls=[
        call("__do_sys_bad", "forward", at("u.c", 9, 16), arg(check("unchecked"), index=1, pointer="ubuf"),
             region="closed")])
    assert merged(1, tmp_path) == [
        "h.c:18:9: warning: __uaccess_begin() opens a region whose access_ok() is in top(), 2 calls up, "
        "in another unit [-Wuaccess-distance]",
        "t.c:19:14: note: checked here: access_ok(ubuf, 16)",
        "t.c:21:16: note: call 1 of 2: top() calls forward()",
        "m.c:7:16: note: call 2 of 2: forward() calls put_result()",
        "h.c:17:9: note: region opened here",
        "h.c:18:9: note: distance: 2 calls, in another file",
        "u.c:9:16: warning: call to 'forward' passes 'ubuf' to unsafe_put_user() without validating it on every "
        "path [-Wuaccess-unchecked]",
        "h.c:18:9: note: accessed here",
        "u.c:9:16: note: call 1 of 2: __do_sys_bad() calls forward()",
        "m.c:7:16: note: call 2 of 2: forward() calls put_result()",
    ]


def test_requirement_inside_the_callers_unit(tmp_path):
    # m.c: the call is in the static low(), whose pointer comes from the global mid(): the
    # requirement moved up inside m.c first (check.chain), to a parameter of mid() the facts do
    # not name. Another call: the global g() is checked by its caller in m.c (a check with
    # requirement: true): that path is a distance, the callers of g() outside m.c unknown.
    helper_unit(tmp_path)
    write_unit(tmp_path, "m.c", calls=[
        call("low", "put_result", at("m.c", 7, 16),
             arg(check("unproven", requirement=True, chain=[link("mid", "low", at("m.c", 20, 9))]), pointer="b")),
        call("g", "put_result", at("m.c", 30, 16),
             arg(access_ok("s", at("m.c", 40, 14), text="access_ok(u, 4)", requirement=True,
                           chain=[link("s", "g", at("m.c", 42, 9))]), pointer="q"))])
    write_unit(tmp_path, "t.c", calls=[call("top", "mid", at("t.c", 3, 9), arg(check("unchecked")))])
    assert merged(1, tmp_path) == [
        "h.c:18:9: warning: __uaccess_begin() opens a region whose access_ok() is in s(), 2 calls up, "
        "in another unit [-Wuaccess-distance]",
        "m.c:40:14: note: checked here: access_ok(u, 4)",
        "m.c:42:9: note: call 1 of 2: s() calls g()",
        "m.c:30:16: note: call 2 of 2: g() calls put_result()",
        "h.c:17:9: note: region opened here",
        "h.c:18:9: note: distance: 2 calls, in another file",
    ]
    assert merged(2, tmp_path)[6:] == [
        "h.c:18:9: warning: unsafe_put_user() on 'q' relies on a check in the callers of 'g', none of which is "
        "in the merged units [-Wuaccess-unproven]",
        "m.c:7:16: warning: call to 'put_result' passes 'b' to unsafe_put_user(), which relies on the callers "
        "of 'mid': not followed, the facts do not say which parameter of it the check rests on [-Wuaccess-unproven]",
        "h.c:18:9: note: accessed here",
    ]


def test_requirement_with_a_check_in_the_callers_unit_moves_up(tmp_path):
    # The real facts of a global forwarder with a checking caller in its own unit: the call's
    # check is found (requirement: true, one-call chain), and the forwarder's callers elsewhere
    # are judged too.
    helper_unit(tmp_path)
    write_unit(tmp_path, "f.c", calls=[
        call("__do_sys_fwd", "forward", at("f.c", 20, 16), arg(access_ok("__do_sys_fwd", at("f.c", 18, 14))),
             region="closed"),
        call("forward", "put_result", at("f.c", 13, 16),
             arg(access_ok("__do_sys_fwd", at("f.c", 18, 14), requirement=True,
                           chain=[link("__do_sys_fwd", "forward", at("f.c", 20, 16))]), offset=4))])
    write_unit(tmp_path, "u.c", calls=[call("__do_sys_bad", "forward", at("u.c", 9, 16), arg(check("unchecked")))])
    assert merged(0, tmp_path) == [
        "u.c:9:16: warning: call to 'forward' passes 'uarg' to unsafe_put_user() without validating it on every "
        "path [-Wuaccess-unchecked]",
        "h.c:18:9: note: accessed here",
        "u.c:9:16: note: call 1 of 2: __do_sys_bad() calls forward()",
        "f.c:13:16: note: call 2 of 2: forward() calls put_result()",
    ]
    assert merged(1, tmp_path)[:4] == [
        "h.c:18:9: warning: __uaccess_begin() opens a region whose access_ok() is in __do_sys_fwd(), 2 calls up, "
        "in another unit [-Wuaccess-distance]",
        "f.c:18:14: note: checked here: access_ok(uarg, sizeof(u32))",
        "f.c:20:16: note: call 1 of 2: __do_sys_fwd() calls forward()",
        "f.c:13:16: note: call 2 of 2: forward() calls put_result()",
    ]


def test_unchecked_through_the_callers_unit(tmp_path):
    # The unchecked pointer comes from low()'s caller in the same unit (check.chain).
    helper_unit(tmp_path)
    write_unit(tmp_path, "m.c", calls=[
        call("low", "put_result", at("m.c", 7, 16),
             arg(check("unchecked", chain=[link("__do_sys_x", "low", at("m.c", 20, 9))]), pointer="b"))])
    assert merged(0, tmp_path) == [
        "m.c:7:16: warning: call to 'put_result' passes 'b' to unsafe_put_user() without validating it on "
        "every path [-Wuaccess-unchecked]",
        "h.c:18:9: note: accessed here",
        "m.c:20:9: note: call 1 of 2: __do_sys_x() calls low()",
        "m.c:7:16: note: call 2 of 2: low() calls put_result()",
    ]


def test_requirement_moves_up_to_no_caller(tmp_path):
    helper_unit(tmp_path)
    write_unit(tmp_path, "m.c", calls=[
        call("forward", "put_result", at("m.c", 7, 16), arg(check("unproven", requirement=True), pointer="buf"))])
    assert merged(1, tmp_path) == []
    assert merged(2, tmp_path) == [
        "h.c:18:9: warning: unsafe_put_user() on 'buf' relies on a check in the callers of 'forward', none of "
        "which is in the merged units [-Wuaccess-unproven]",
    ]


def test_no_caller_anywhere(tmp_path):
    helper_unit(tmp_path)
    assert merged(0, tmp_path) == []
    assert merged(1, tmp_path) == []
    assert merged(2, tmp_path) == [
        "h.c:18:9: warning: unsafe_put_user() on 'p' relies on a check in the callers of 'put_result', none of "
        "which is in the merged units [-Wuaccess-unproven]",
    ]


def test_calls_in_the_same_unit_are_the_plugins(tmp_path):
    # A call in the function's own unit was judged by the plugin already: not again.
    write_unit(tmp_path, "h.c", accesses=[access("put_result", at("h.c", 18))],
               requirements=[requirement("put_result", at("h.c", 18))],
               calls=[call("g", "put_result", at("h.c", 30, 9), arg(check("unchecked")))])
    assert merged(0, tmp_path) == []
    assert len(merged(2, tmp_path)) == 1  # the callers outside: none seen


def test_recursion_stops(tmp_path):
    # a() in a.c relies on its callers; b() in b.c calls a() with its own parameter and
    # a() calls b() likewise: a cycle across units, never followed around.
    write_unit(tmp_path, "a.c", accesses=[access("a", at("a.c", 5))],
               requirements=[requirement("a", at("a.c", 5))],
               calls=[call("a", "b", at("a.c", 7, 9), arg(check("unproven", requirement=True), pointer="p"))])
    write_unit(tmp_path, "b.c",
               calls=[call("b", "a", at("b.c", 3, 9), arg(check("unproven", requirement=True), pointer="q"))])
    assert merged(1, tmp_path) == []
    assert merged(2, tmp_path) == [
        "a.c:7:9: warning: call to 'b' passes 'p' to unsafe_put_user(), which relies on the callers of 'a': "
        "not followed, the calls are recursive [-Wuaccess-unproven]",
        "a.c:5:9: note: accessed here",
    ]


def test_depth_limit(tmp_path):
    # f0 (the access) <- f1 <- ... <- f9, one unit each, every call relying on its callers.
    write_unit(tmp_path, "u0.c", accesses=[access("f0", at("u0.c", 5))], requirements=[requirement("f0", at("u0.c", 5))])
    for i in range(1, 10):
        write_unit(tmp_path, f"u{i}.c", calls=[
            call(f"f{i}", f"f{i - 1}", at(f"u{i}.c", 3, 9), arg(check("unproven", requirement=True), pointer=f"p{i}"))])
    write_unit(tmp_path, "u10.c", calls=[call("f10", "f9", at("u10.c", 3, 9), arg(check("unchecked")))])
    assert merged(0, tmp_path) == []
    assert merged(2, tmp_path) == [
        "u8.c:3:9: warning: call to 'f7' passes 'p8' to unsafe_put_user(), which relies on the callers of 'f8': "
        "not followed, the chain is longer than 8 calls [-Wuaccess-unproven]",
        "u0.c:5:9: note: accessed here",
    ]


def test_one_distance_per_access_the_farthest(tmp_path):
    # Three callers check: the farthest check (most calls) is the one reported; among equally
    # far ones, the first in the source.
    helper_unit(tmp_path)
    write_unit(tmp_path, "a.c", calls=[
        call("near", "put_result", at("a.c", 5, 9), arg(access_ok("near", at("a.c", 3, 14)))),
        call("near2", "put_result", at("a.c", 15, 9), arg(access_ok("near2", at("a.c", 13, 14)))),
        call("far", "put_result", at("a.c", 25, 9),
             arg(access_ok("top", at("a.c", 40, 14), chain=[link("top", "far", at("a.c", 42, 9))])))])
    got = merged(1, tmp_path)
    assert got[0].endswith("is in top(), 2 calls up, in another unit [-Wuaccess-distance]")
    assert [l for l in got if ": warning: " in l] == got[:1]
    (tmp_path / "a.c.json").unlink()
    write_unit(tmp_path, "a.c", calls=[
        call("near2", "put_result", at("a.c", 15, 9), arg(access_ok("near2", at("a.c", 13, 14)))),
        call("near", "put_result", at("a.c", 5, 9), arg(access_ok("near", at("a.c", 3, 14))))])
    assert merged(1, tmp_path)[:2] == [
        "h.c:18:9: warning: __uaccess_begin() opens a region whose access_ok() is in near(), 1 call up, "
        "in another unit [-Wuaccess-distance]",
        "a.c:3:14: note: checked here: access_ok(uarg, sizeof(u32))",
    ]


def test_one_distance_per_region(tmp_path):
    # Two stores in the region of one __uaccess_begin(): one diagnostic, at the first.
    region = stac("put_two", at("h.c", 17))
    write_unit(tmp_path, "h.c",
               accesses=[access("put_two", at("h.c", 18), region=region),
                         access("put_two", at("h.c", 19), region=region, accessor="unsafe_get_user")],
               requirements=[requirement("put_two", at("h.c", 19), offset=4, accessor="unsafe_get_user"),
                             requirement("put_two", at("h.c", 18))])
    write_unit(tmp_path, "c.c", calls=[
        call("checked_put", "put_two", at("c.c", 12, 16), arg(access_ok("checked_put", at("c.c", 10, 14))))])
    assert merged(1, tmp_path) == [
        "h.c:18:9: warning: __uaccess_begin() opens a region whose access_ok() is in checked_put(), 1 call up, "
        "in another unit [-Wuaccess-distance]",
        "c.c:10:14: note: checked here: access_ok(uarg, sizeof(u32))",
        "c.c:12:16: note: call 1 of 1: checked_put() calls put_two()",
        "h.c:17:9: note: region opened here",
        "h.c:18:9: note: distance: 1 call, in another file",
        "h.c:19:9: note: the region also holds unsafe_get_user() here",
    ]


def test_fan_out_is_bounded(tmp_path, monkeypatch):
    # Seven levels of 12 global forwarders, each calling all 12 of the level below: every
    # function is expanded once, and a budget stops pathological call graphs.
    import uaccess_check.requirements as m
    helper_unit(tmp_path)
    for lvl in range(1, 8):
        callees = ["put_result"] if lvl == 1 else [f"f{lvl - 1}_{j}" for j in range(12)]
        write_unit(tmp_path, f"l{lvl}.c", calls=[
            call(f"f{lvl}_{i}", callee, at(f"l{lvl}.c", 10 * i + j + 1, 9),
                 arg(check("unproven", requirement=True), pointer=f"p{i}"))
            for i in range(12) for j, callee in enumerate(callees)])
    got = merged(2, tmp_path)
    assert got == ["h.c:18:9: warning: unsafe_put_user() on 'p0' relies on a check in the callers of 'f7_0' "
                   "and 11 other functions, none of which is in the merged units [-Wuaccess-unproven]"]
    monkeypatch.setattr(m, "MAX_CALLS", 100)
    assert merged(2, tmp_path) == [
        "h.c:18:9: warning: unsafe_put_user() on 'p' relies on the callers of 'put_result': not followed past "
        "100 calls [-Wuaccess-unproven]"]


def test_region_requirement(tmp_path):
    write_unit(tmp_path, "h.c", accesses=[access("put_raw", at("h.c", 27))],
               requirements=[requirement("put_raw", at("h.c", 27), needs="region")])
    write_unit(tmp_path, "open.c", calls=[call("ok", "put_raw", at("open.c", 4, 15), region="open")])
    write_unit(tmp_path, "closed.c", calls=[call("__do_sys_raw", "put_raw", at("closed.c", 39, 16), region="closed")])
    # mid() leaves the region to its callers: one opens it, one does not.
    write_unit(tmp_path, "mid.c", calls=[call("mid", "put_raw", at("mid.c", 8, 9), region="caller")])
    write_unit(tmp_path, "top.c", calls=[call("top_ok", "mid", at("top.c", 3, 9), region="open"),
                                         call("top_bad", "mid", at("top.c", 13, 9), region="closed")])
    assert merged(0, tmp_path) == [
        "closed.c:39:16: warning: call to 'put_raw' reaches unsafe_put_user() outside an open user-access "
        "region [-Wuaccess-region]",
        "h.c:27:9: note: accessed here",
        "top.c:13:9: warning: call to 'mid' reaches unsafe_put_user() outside an open user-access region "
        "[-Wuaccess-region]",
        "h.c:27:9: note: accessed here",
        "top.c:13:9: note: call 1 of 2: top_bad() calls mid()",
        "mid.c:8:9: note: call 2 of 2: mid() calls put_raw()",
    ]


def test_region_requirement_no_caller(tmp_path):
    write_unit(tmp_path, "h.c", accesses=[access("put_raw", at("h.c", 27))],
               requirements=[requirement("put_raw", at("h.c", 27), needs="region")])
    write_unit(tmp_path, "mid.c", calls=[call("mid", "put_raw", at("mid.c", 8, 9), region="caller")])
    assert merged(1, tmp_path) == []
    assert merged(2, tmp_path) == [
        "h.c:27:9: warning: unsafe_put_user() relies on a user-access region opened by the callers of 'mid', "
        "none of which is in the merged units [-Wuaccess-unproven]",
    ]


def test_several_dirs_and_order(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    helper_unit(one)
    write_unit(two, "c.c", calls=[
        call("checked_put", "put_result", at("c.c", 12, 16), arg(access_ok("checked_put", at("c.c", 10, 14)))),
        call("__do_sys_foo", "put_result", at("c.c", 25, 16), arg(check("unchecked")), region="closed")])
    a = merged(1, one, two)
    assert a == merged(1, two, one)
    assert a == merged(1, two, one, tmp_path, one)  # each file read once
    assert len(load_facts([tmp_path, one, two]).units) == 2
    assert a == [  # sorted by file, line, column: the call in c.c comes first
        "c.c:25:16: warning: call to 'put_result' passes 'uarg' to unsafe_put_user() without validating it "
        "on every path [-Wuaccess-unchecked]",
        "h.c:18:9: note: accessed here",
    ] + DISTANCE_1


# ---- command line -----------------------------------------------------------------------------

def _abs_case(d: Path, root: str) -> None:
    """The distance case with absolute paths under root (as the plugin writes them)."""
    write_unit(d, "h.c",
               accesses=[access("put_result", at(f"{root}/h.c", 18), region=stac("put_result", at(f"{root}/h.c", 17)))],
               requirements=[requirement("put_result", at(f"{root}/h.c", 18))])
    write_unit(d, "c.c", calls=[
        call("checked_put", "put_result", at(f"{root}/c.c", 12, 16),
             arg(access_ok("checked_put", at(f"{root}/c.c", 10, 14))))])


def test_cli_text_strip_and_exit(tmp_path):
    _abs_case(tmp_path, "/src/linux")
    proc = run_cli(str(tmp_path), "--level", "1", "--strip", "/src/linux")
    assert (proc.returncode, proc.stderr) == (1, "")
    assert proc.stdout.splitlines() == DISTANCE_1
    proc = run_cli(str(tmp_path), "--level", "1", "--strip", "/src/linux/", "--strip", "/elsewhere")
    assert proc.stdout.splitlines() == DISTANCE_1
    proc = run_cli(str(tmp_path), "--level", "1")
    assert proc.stdout.splitlines()[0].startswith("/src/linux/h.c:18:9: warning: ")
    proc = run_cli(str(tmp_path))  # level 0: a met requirement says nothing
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


def test_cli_json(tmp_path):
    _abs_case(tmp_path, "/src/linux")
    proc = run_cli(str(tmp_path), "--level", "1", "--strip", "/src/linux", "--format", "json")
    assert proc.returncode == 1, proc.stderr
    data = json.loads(proc.stdout)  # the document of formats.py (test_formats.py)
    assert (data["version"], data["command"], data["baseline"]) == (1, "merge", None)
    fingerprints = [f.pop("fingerprint") for f in data["findings"]]
    assert len(fingerprints) == 1 and re.fullmatch(r"[0-9a-f]{32}", fingerprints[0])
    assert data["findings"] == [{
        "file": "h.c", "line": 18, "column": 9, "class": "distance",
        "message": "__uaccess_begin() opens a region whose access_ok() is in checked_put(), 1 call up, "
                   "in another unit",
        "function": "put_result", "engines": ["merge"],
        "notes": [
            {"file": "c.c", "line": 10, "column": 14, "message": "checked here: access_ok(uarg, sizeof(u32))"},
            {"file": "c.c", "line": 12, "column": 16, "message": "call 1 of 1: checked_put() calls put_result()"},
            {"file": "h.c", "line": 17, "column": 9, "message": "region opened here"},
            {"file": "h.c", "line": 18, "column": 9, "message": "distance: 1 call, in another file"},
        ],
    }]
    proc = run_cli(str(tmp_path), "--format", "json")
    assert (proc.returncode, json.loads(proc.stdout)["findings"]) == (0, [])


def _bad(tmp_path: Path, name: str) -> tuple[list[str], Path]:
    d = tmp_path / name
    d.mkdir()
    helper_unit(d)
    return [str(d)], d


def _bad_cases(tmp_path: Path):
    # (description, argv, what the one error line must contain)
    args, d = _bad(tmp_path, "json")
    (d / "broken.c.json").write_text('{"version": 1, "unit": ')
    yield "invalid JSON", args, "broken.c.json: invalid JSON: "
    args, d = _bad(tmp_path, "version")
    write_unit(d, "v.c", version=2)
    yield "schema version", args, "v.c.json: facts schema version 2, this uaccess-check reads version 1"
    args, d = _bad(tmp_path, "noversion")
    (d / "n.c.json").write_text("[1, 2]\n")
    yield "not an object", args, "n.c.json: not a facts file (expected a JSON object)"
    args, d = _bad(tmp_path, "type")
    write_unit(d, "t.c", calls=[{"caller": "f", "callee": "g", **at("t.c", 1), "region": "open", "args": "x"}])
    yield "wrong type", args, "t.c.json: calls[0]: 'args' has the wrong type (str)"
    args, d = _bad(tmp_path, "key")
    write_unit(d, "k.c", requirements=[{"function": "f", "needs": "check"}])
    yield "missing key", args, "k.c.json: requirements[0]: missing key 'access'"
    empty = tmp_path / "empty"
    empty.mkdir()
    yield "no facts", [str(empty)], f"no facts (*.json) under {empty}"
    yield "missing dir", [str(tmp_path / "nope")], f"{tmp_path / 'nope'}: no such directory"
    yield "a file", [str(d / "k.c.json")], "k.c.json: not a directory"
    yield "level", [str(empty), "--level", "3"], "unknown level 3"
    yield "format", [str(empty), "--format", "xml"], "invalid choice: 'xml'"
    yield "no dir", [], "the following arguments are required: DIR"


def test_cli_bad_input(tmp_path):
    for what, argv, text in _bad_cases(tmp_path):
        proc = run_cli(*argv)
        assert proc.returncode == 2, what
        assert proc.stdout == "", what
        lines = proc.stderr.splitlines()
        assert len(lines) == 1 and "Traceback" not in proc.stderr, (what, proc.stderr)
        assert lines[0].startswith("uaccess-check: error: ") and text in lines[0], (what, lines[0])


def test_load_errors_are_facts_errors(tmp_path):
    (tmp_path / "x.json").write_text("{}")
    with pytest.raises(FactsError, match="facts schema version null"):
        load_facts([tmp_path])


# ---- end to end: testcases/merge/<case>/ built with the plugin ----------------------------------

def test_merge_cases_exist():
    assert MERGE_CASES, f"no testcases/merge/*/expected.txt in {MERGE_CASES_DIR}"


def test_testcase_harness_ignores_merge_cases():
    # test_testcases.py builds testcases/*.c (and copies testcases/*.h) only, not subdirectories.
    from test_testcases import CASES
    assert CASES and not any("/" in c for c in CASES)
    assert not {p.name for p in MERGE_CASES_DIR.rglob("*.c")} & set(CASES)


def _units(case_dir: Path) -> list[str]:
    return sorted(p.name for p in case_dir.glob("*.c"))


def _make(fx, tmp: Path, extra: list[str], objs: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(["make", "-C", str(fx.build), f"M={tmp}", "-k", "-j1", "V=0"] + extra + objs,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace", env=kbuild_env(), timeout=900)


@pytest.fixture(scope="module")
def merge_builds(fx, plugin_so, tmp_path_factory) -> dict[str, tuple[Path, Path, subprocess.CompletedProcess, subprocess.CompletedProcess]]:
    """case -> (module dir, facts dir, plugin build at level 1, sparse run)."""
    out = {}
    for case in MERGE_CASES:
        tmp = tmp_path_factory.mktemp(f"merge_{case}")
        facts = tmp_path_factory.mktemp(f"merge_{case}_facts")
        for f in (MERGE_CASES_DIR / case).iterdir():
            if f.is_file() and f.name != "expected.txt":
                shutil.copy(f, tmp / f.name)
        objs = [c[:-2] + ".o" for c in _units(tmp)]
        kcflags = "KCFLAGS=" + " ".join(plugin_flags(plugin_so, level=1, facts=facts))
        build = _make(fx, tmp, [kcflags], objs)
        # Same KCFLAGS: the objects are up to date, this run only checks with sparse.
        sparse = _make(fx, tmp, [kcflags, "C=2", "CHECK=sparse"], objs)
        out[case] = (tmp, facts, build, sparse)
    return out


def _expected(case: str) -> tuple[list[str], str | None, list[str]]:
    """(merge options, known-to-fail reason or None, expected lines) of a case's expected.txt."""
    lines = (MERGE_CASES_DIR / case / "expected.txt").read_text().splitlines()
    m = re.fullmatch(r"# uaccess-check merge (.*)", lines[0]) if lines else None
    assert m, f"{case}/expected.txt: first line must be '# uaccess-check merge OPTIONS'"
    known = None
    body = lines[1:]
    if body and body[0].startswith("# known-to-fail:"):
        known = body[0].split(":", 1)[1].strip()
        body = body[1:]
    return m.group(1).split(), known, [l for l in body if l.strip()]


@pytest.mark.parametrize("case", MERGE_CASES)
def test_merge_case_builds_clean(merge_builds, case):
    tmp, _, build, sparse = merge_builds[case]
    assert build.returncode == 0, build.stdout[-4000:]
    for unit in _units(tmp):
        assert (tmp / (unit[:-2] + ".o")).is_file(), f"{unit} did not build:\n{build.stdout[-4000:]}"
    # Compiler warnings other than the plugin's, and any sparse diagnostic, are failures.
    others = [l for l in build.stdout.splitlines()
              if (d := parse_diagnostic(l)) and d.kind != "note" and d.uaccess_class is None]
    assert others == []
    assert sparse.returncode == 0, sparse.stdout[-4000:]
    assert re.search(r"^\s+CHECK\s", sparse.stdout, re.M), f"sparse did not run:\n{sparse.stdout[-3000:]}"
    diags = [l for l in sparse.stdout.splitlines() if parse_diagnostic(l)]
    assert diags == []


@pytest.mark.parametrize("case", MERGE_CASES)
def test_merge_case_output(merge_builds, case):
    tmp, facts, _, _ = merge_builds[case]
    options, known, want = _expected(case)
    for line in want:
        d = parse_diagnostic(line)
        assert d is not None and "/" not in d.file, f"{case}/expected.txt: not a diagnostic with a basename: {line}"
    proc = run_cli(str(facts), "--strip", str(tmp), *options)
    got = (sorted(p.name for p in facts.rglob("*.json")), proc.stderr, proc.stdout.splitlines(), proc.returncode)
    expect = ([u + ".json" for u in _units(tmp)], "", want, 1 if want else 0)
    if known is not None and got != expect:
        pytest.xfail(f"{case}: known to fail: {known}")
    assert got == expect


def test_two_files_plugin_alone(merge_builds):
    """Before the merge, the plugin at level 1 can only say that the check is not in callee.c."""
    tmp, _, build, _ = merge_builds["two_files"]
    lines = [d.format(basename(d.file)) for d in plugin_diagnostics(build.stdout.splitlines())]
    prefix = ("callee.c:18:9: warning: __uaccess_begin() opens a region on 'p' with no access_ok() of it in "
              "this unit: it relies on the callers of 'put_result'")
    assert len(lines) == 2, lines
    assert lines[0].startswith(prefix) and lines[0].endswith(" [-Wuaccess-distance]"), lines[0]
    assert lines[1] == "callee.c:17:9: note: region opened here"


def test_real_units_merge_silently(fx, plugin_so, tmp_path):
    """The facts of every configured 6.12 accessor unit load (schema agreement with the plugin)
    and their merge is silent at levels 0 and 1: real code validates within its unit. At level 2
    only the __get_user() family speaks, as unproven or distance: its members are validated
    calls away by design, often in units the merge was not given."""
    from uaccess_check.scan import accessor_units, compile_units, default_jobs

    units, _ = accessor_units(fx)
    reports = compile_units(fx, units, plugin_flags(plugin_so, level=1, facts=tmp_path), default_jobs())
    assert [r.unit for r in reports if r.returncode != 0] == []
    facts = load_facts([tmp_path])
    assert len(facts.units) >= 10 and sum(len(c) for c in facts.calls.values()) > 0
    for level in (0, 1):
        proc = run_cli(str(tmp_path), "--level", str(level), "--strip", str(fx.src))
        assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", ""), level
    proc = run_cli(str(tmp_path), "--level", "2", "--strip", str(fx.src))
    family = primitives.names(kind="family")
    warnings = [l for l in proc.stdout.splitlines() if ": warning: " in l]
    assert warnings and proc.stderr == ""
    for line in warnings:
        assert re.search(r"\[-Wuaccess-(unproven|distance)\]$", line), line
        assert any(f" {name}()" in line or f"{name}() on" in line for name in family), line
