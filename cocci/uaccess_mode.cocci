// SPDX-License-Identifier: GPL-2.0-only
/// Find unsafe accessors used in a region opened for the other direction
/// [mode]: a read (unsafe_get_user(), unsafe_copy_from_user(), ...) in a
/// region opened by user_write_access_begin() or its masked form, a write
/// in a region opened for reading, and unsafe_try_cmpxchg_user() or the
/// futex unsafe_atomic_op*() (read and write) in a read-only or write-only
/// region.  Helper functions and wrapper macros of the same file that are
/// called inside the region are followed one level: their own accesses
/// give the mode of the call.
///
/// What the script cannot see: helpers more than one call away, helpers in
/// other files; the mode of a region opened by a caller; the 6.12
/// masked_user_access_begin() opens a read-write region (it has no read or
/// write form there) and is never reported.
///
// Confidence: High
// Copyright: (C) 2026 uaccess_check authors.
// Options: --no-includes --include-headers
// Keywords: user_read_access_begin, user_write_access_begin,
// Keywords: masked_user_read_access_begin, masked_user_write_access_begin,
// Keywords: user_read_access_end, user_write_access_end

virtual context
virtual org
virtual report

@initialize:python@
@@
import re

MODE = {
    "unsafe_put_user": "w", "unsafe_get_user": "r",
    "unsafe_copy_to_user": "w", "unsafe_copy_from_user": "r",
    "unsafe_try_cmpxchg_user": "rw",
    "unsafe_atomic_op1": "rw", "unsafe_atomic_op2": "rw",
    "unsafe_put_compat_sigset": "w", "unsafe_get_compat_sigset": "r",
    "unsafe_save_altstack": "w", "unsafe_compat_save_altstack": "w",
    "unsafe_get_user_sigset": "r",
    "unsafe_copy_fpr_to_user": "w", "unsafe_copy_vsx_to_user": "w",
    "unsafe_copy_ckfpr_to_user": "w", "unsafe_copy_ckvsx_to_user": "w",
    "unsafe_copy_fpr_from_user": "r", "unsafe_copy_vsx_from_user": "r",
    "unsafe_copy_ckfpr_from_user": "r", "unsafe_copy_ckvsx_from_user": "r",
}
REGION = {
    "user_read_access_begin": "r", "masked_user_read_access_begin": "r",
    "user_write_access_begin": "w", "masked_user_write_access_begin": "w",
}
WORD = {"r": "reads", "w": "writes", "rw": "reads and writes"}
OPENED = {"r": "reading", "w": "writing"}

_DEFINES = {}

def define_ranges(fname):
    if fname not in _DEFINES:
        ranges = []
        try:
            lines = open(fname, errors="replace").read().split(chr(10))
        except OSError:
            lines = []
        i = 0
        while i < len(lines):
            m = re.match(r"\s*\x23\s*define\s+([A-Za-z_]\w*)", lines[i])
            j = i
            while j < len(lines) and lines[j].rstrip().endswith(chr(92)):
                j += 1
            if m:
                ranges.append((i + 1, j + 1, m.group(1)))
            i = j + 1
        _DEFINES[fname] = ranges
    return _DEFINES[fname]

def enclosing(p):
    line = int(p.line)
    for first, last, name in define_ranges(p.file):
        if first <= line <= last:
            return name
    return p.current_element

def key(p):
    return (p.file, int(p.line), int(p.column))

HELPER_MODE = {}   # helper name -> set of modes of its accesses
REPORTS = []
KEEP = set()

def keep(p):
    return key(p[0]) in KEEP

def check(p, what, mode, B, pb):
    region = REGION[B]
    if mode == "rw" or mode != region:
        msg = "%s %s in a region opened for %s by %s() at line %s [mode]" % (
            what, WORD[mode], OPENED[region], B, pb[0].line)
        REPORTS.append((p, msg))
        KEEP.add(key(p[0]))

@has@
identifier B = {user_read_access_begin, user_write_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin};
position pb;
@@
B@pb(...)

@acc depends on has@
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_atomic_op1,
  unsafe_atomic_op2, unsafe_put_compat_sigset, unsafe_get_compat_sigset,
  unsafe_save_altstack, unsafe_compat_save_altstack, unsafe_get_user_sigset,
  unsafe_copy_fpr_to_user, unsafe_copy_vsx_to_user, unsafe_copy_ckfpr_to_user,
  unsafe_copy_ckvsx_to_user, unsafe_copy_fpr_from_user,
  unsafe_copy_vsx_from_user, unsafe_copy_ckfpr_from_user,
  unsafe_copy_ckvsx_from_user};
position pa;
@@
A@pa(...)

@script:python hlp@
A << acc.A;
pa << acc.pa;
h;
@@
name = enclosing(pa[0])
HELPER_MODE.setdefault(name, set()).add(MODE[str(A)])
coccinelle.h = cocci.make_ident(name)

@inreg depends on has exists@
identifier has.B;
position has.pb;
identifier acc.A;
position acc.pa;
position q;
statement S;
expression x;
@@
(
if (!B@pb(...)) S
|
if (unlikely(!B@pb(...))) S
|
x = B@pb(...);
)
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
A@pa@q(...)

@script:python@
B << has.B;
pb << has.pb;
A << acc.A;
pa << inreg.q;
@@
check(pa, "%s()" % A, MODE[str(A)], str(B), pb)

@inreg2 depends on has exists@
identifier has.B;
position has.pb;
identifier acc.A;
position acc.pa;
position q;
@@
if (B@pb(...)) {
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
A@pa@q(...)
... when any
}

@script:python@
B << has.B;
pb << has.pb;
A << acc.A;
pa << inreg2.q;
@@
check(pa, "%s()" % A, MODE[str(A)], str(B), pb)

@callreg depends on has exists@
identifier has.B;
position has.pb;
identifier hlp.h;
position pc;
statement S;
expression x;
@@
(
if (!B@pb(...)) S
|
if (unlikely(!B@pb(...))) S
|
x = B@pb(...);
)
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
h@pc(...)

@script:python@
B << has.B;
pb << has.pb;
h << hlp.h;
pc << callreg.pc;
@@
modes = HELPER_MODE.get(str(h), set())
mode = "rw" if ("rw" in modes or ("r" in modes and "w" in modes)) else (modes.pop() if modes else None)
if mode:
    check(pc, "call to '%s'" % h, mode, str(B), pb)

@script:python depends on report && has@
@@
seen = set()
for p, msg in sorted(REPORTS, key=lambda r: (key(r[0][0]), r[1])):
    if (key(p[0]), msg) not in seen:
        seen.add((key(p[0]), msg))
        coccilib.report.print_report(p[0], msg)

@script:python depends on org && has@
@@
seen = set()
for p, msg in sorted(REPORTS, key=lambda r: (key(r[0][0]), r[1])):
    if (key(p[0]), msg) not in seen:
        seen.add((key(p[0]), msg))
        coccilib.org.print_todo(p[0], msg)

@depends on context && has@
identifier g;
position p : script:python() { keep(p) };
@@
* g@p(...)

@script:python depends on has@
@@
del REPORTS[:]
KEEP.clear()
HELPER_MODE.clear()
_DEFINES.clear()
