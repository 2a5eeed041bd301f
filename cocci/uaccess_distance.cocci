// SPDX-License-Identifier: GPL-2.0-only
/// Find the unchecked begins __uaccess_begin() and __uaccess_begin_nospec()
/// (x86: a bare stac(), no access_ok() inside) in functions that contain no
/// access_ok() or checking begin before them on some path [distance].  The
/// check must then come from a caller: each caller in the same file is
/// listed with whether it checks before the call and how many lines
/// separate its check from the begin.  Reported once per begin.
///
/// What the script cannot see: callers in other files (exported helpers such
/// as copy_mc_to_user() or __copy_user_ll(), whose check is in a generic
/// wrapper such as copy_to_user()), whether the caller checks the pointer
/// that reaches the begin (only that it checks one), and callers more than
/// one call away.  The bare stac() inside masked_user_access_begin() is a
/// macro expansion and is not seen.
///
// Confidence: Low
// Copyright: (C) 2026 uaccess_check authors.
// Options: --no-includes --include-headers
// Keywords: __uaccess_begin, __uaccess_begin_nospec

virtual context
virtual org
virtual report

@initialize:python@
@@
import os, sys
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(a)), "lib")
                for a in open("/proc/self/cmdline").read().split("\0") if a.endswith(".cocci")][:1]
import vocab
from cexpr import key
from report import Reports

R = Reports()
BEGINS = []    # (function, name, pos)
CALLS = {}     # callee -> list of (caller, pos, checked before)
CHECKS = {}    # function -> list of (name, line)

def judge():
    for fn, name, pos in BEGINS:
        line = int(pos[0].line)
        callers = sorted(CALLS.get(fn, {}).values(), key=lambda c: key(c[1][0]))
        parts = []
        for caller, cpos, checked in callers:
            if checked:
                lines = [l for n, l in CHECKS.get(caller, []) if l <= int(cpos[0].line)]
                cl = max(lines) if lines else int(cpos[0].line)
                parts.append(vocab.messages.say("caller_checks", caller=caller, line=cl, lines=abs(line - cl)))
            else:
                parts.append(vocab.messages.say("caller_unchecked", caller=caller, line=cpos[0].line))
        R.add(pos, vocab.say("distance", "distance_begin", begin=name, function=fn,
                             callers="; " + "; ".join(parts) if parts else " and it has no caller in this file"))

@has@
identifier U = {__uaccess_begin, __uaccess_begin_nospec};
position pu;
@@
U@pu(...)

// the begin is not preceded by a check on some path from the entry
@ub depends on has exists@
identifier has.U;
position has.pu;
position q;
identifier fn;
@@
fn(...) {
... when != access_ok(...)
    when != user_access_begin(...)
    when != user_read_access_begin(...)
    when != user_write_access_begin(...)
    when != user_rw_access_begin(...)
U@pu@q(...)
... when any
}

@script:python fnb@
U << has.U;
q << ub.q;
fn << ub.fn;
f;
@@
BEGINS.append((str(fn), str(U), q))
coccinelle.f = cocci.make_ident(str(fn))

@chk depends on has@
identifier C = {access_ok, user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin};
position pc;
@@
C@pc(...)

@script:python@
C << chk.C;
pc << chk.pc;
@@
CHECKS.setdefault(pc[0].current_element, []).append((str(C), int(pc[0].line)))

@call depends on has@
identifier fnb.f;
position pc;
@@
f@pc(...)

@callchk depends on has exists@
identifier fnb.f;
position call.pc;
position q;
identifier g;
@@
g(...) {
... when != access_ok(...)
    when != user_access_begin(...)
    when != user_read_access_begin(...)
    when != user_write_access_begin(...)
    when != user_rw_access_begin(...)
f@pc@q(...)
... when any
}

@script:python@
f << fnb.f;
pc << call.pc;
@@
CALLS.setdefault(str(f), {})[key(pc[0])] = [pc[0].current_element, pc, True]

@script:python@
f << fnb.f;
q << callchk.q;
@@
CALLS.setdefault(str(f), {}).setdefault(key(q[0]), [q[0].current_element, q, True])[2] = False

@script:python depends on has@
@@
judge()
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
del BEGINS[:]
CALLS.clear()
CHECKS.clear()
