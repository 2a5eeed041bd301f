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
import os, sys
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(a)), "lib")
                for a in open("/proc/self/cmdline").read().split("\0") if a.endswith(".cocci")][:1]
import source
import vocab
from report import Reports

R = Reports()
REGION = {
    "user_read_access_begin": "r", "masked_user_read_access_begin": "r",
    "user_write_access_begin": "w", "masked_user_write_access_begin": "w",
}
DOES = {"r": "reads", "w": "writes", "rw": "reads and writes"}
HELPERS = {}   # helper name -> [(accessor, mode)] of its accesses

def check(p, accessor, mode, B, pb, **callee):
    region = REGION[B]
    if mode == "rw" or mode != region:
        R.add(p, vocab.say("mode", "mode_call" if callee else "mode",
                           ("opened_at", dict(begin=B, line=pb[0].line)), accessor=accessor,
                           does=DOES[mode], opened="reading" if region == "r" else "writing", **callee))

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
  unsafe_save_altstack, unsafe_compat_save_altstack,
  unsafe_atomic_store_release_user, unsafe_get_user_sigset,
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
name = source.enclosing(pa[0])[1]
HELPERS.setdefault(name, []).append((str(A), vocab.mode(str(A))))
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
check(pa, str(A), vocab.mode(str(A)), str(B), pb)

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
check(pa, str(A), vocab.mode(str(A)), str(B), pb)

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
accs = HELPERS.get(str(h), [])
modes = set(m for _, m in accs)
mode = "rw" if ("rw" in modes or ("r" in modes and "w" in modes)) else (min(modes) if modes else None)
if mode:
    first = [a for a, m in accs if m == mode or mode == "rw"][0]
    check(pc, first, mode, str(B), pb, callee=str(h))

@script:python depends on has@
@@
R.final()

@script:python depends on report && has@
@@
R.print(coccilib, "report")

@script:python depends on org && has@
@@
R.print(coccilib, "org")

@depends on context && has@
identifier g;
position p : script:python() { R.keep(p) };
@@
* g@p(...)

@script:python depends on has@
@@
R.reset()
HELPERS.clear()
source.reset()
