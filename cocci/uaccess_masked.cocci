// SPDX-License-Identifier: GPL-2.0-only
/// Find masked begins whose result is not the pointer accessed [unchecked].
/// masked_user_{,read_,write_,rw_}access_begin(p) validates nothing about p:
/// it returns the pointer to use (p clamped so that a kernel address faults).
/// Reported at each access that uses p, or the begin's argument through an
/// alias, instead: after `dst = masked_user_access_begin(p);`, and after a
/// masked begin whose result is discarded (at the begin when no access
/// follows).
///
/// What the script cannot see: aliases other than plain assignments and
/// initialisations, taken regardless of order; accesses in helpers.
///
// Confidence: High
// Copyright: (C) 2026 uaccess_check authors.
// Options: --no-includes --include-headers
// Keywords: masked_user_access_begin, masked_user_read_access_begin,
// Keywords: masked_user_write_access_begin, masked_user_rw_access_begin

virtual context
virtual org
virtual report

@initialize:python@
@@
import os, sys
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(a)), "lib")
                for a in open("/proc/self/cmdline").read().split("\0") if a.endswith(".cocci")][:1]
import vocab
from cexpr import Aliases, args, key, root, root_name
from report import Reports

R = Reports()
ALIASES = Aliases()
BEGINS = {}    # key -> [function, begin, argument root, result root or None, position]
ACCESSES = []  # (function, accessor, pointer, position)

def judge():
    for fn, name, ptr, p in ACCESSES:
        r = root(ptr)[0]
        for bfn, begin, arg, res, bp in BEGINS.values():
            if bfn != fn or r is None or r == res or not ALIASES.same(fn, r, [arg]):
                continue
            detail = ("masked_other", dict(begin=begin, line=bp[0].line, masked=res, pointer=r)) \
                if res else ("masked_discarded", dict(begin=begin, line=bp[0].line))
            R.add(p, vocab.say("unchecked", "unchecked", detail, accessor=name, pointer=root_name(ptr)))
            break
    used = set(fn for fn, _, _, _ in ACCESSES)
    for fn, begin, arg, res, bp in BEGINS.values():
        if res is None and fn not in used:
            R.add(bp, vocab.say("unchecked", "masked_discarded", begin=begin, line=bp[0].line))

@has@
identifier M = {masked_user_access_begin, masked_user_read_access_begin,
  masked_user_write_access_begin, masked_user_rw_access_begin};
expression list es;
position p;
@@
M@p(es)

@script:python@
M << has.M;
es << has.es;
p << has.p;
@@
BEGINS[key(p[0])] = [p[0].current_element, str(M), root((args(es) or [""])[0])[0], None, p]

@kept depends on has@
identifier has.M;
position has.p;
expression x;
@@
x = M@p(...)

@script:python@
x << kept.x;
p << has.p;
@@
BEGINS[key(p[0])][3] = root(str(x))[0]

@init depends on has@
identifier has.M;
position has.p;
type T;
identifier y;
@@
T y = M@p(...);

@script:python@
y << init.y;
p << has.p;
@@
BEGINS[key(p[0])][3] = str(y)

@acc depends on has@
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_atomic_op1,
  unsafe_atomic_op2, unsafe_atomic_store_release_user,
  unsafe_put_compat_sigset, unsafe_get_compat_sigset, unsafe_save_altstack,
  unsafe_compat_save_altstack};
expression list es;
position p;
@@
A@p(es)

@script:python@
A << acc.A;
es << acc.es;
p << acc.p;
@@
ACCESSES.append((p[0].current_element, str(A), vocab.pointer_arg(str(A), args(es)), p))

@asg depends on has@
expression a, e;
position p;
@@
a@p = e

@script:python@
a << asg.a;
e << asg.e;
p << asg.p;
@@
ALIASES.add(p[0].current_element, a, e)

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
ALIASES.__init__()
BEGINS.clear()
del ACCESSES[:]
