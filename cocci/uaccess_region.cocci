// SPDX-License-Identifier: GPL-2.0-only
/// Find unsafe accessors outside their user-access region [region]: after
/// user_access_end()/user_*_access_end()/user_access_save() with no new
/// begin, or before the first begin of a function that opens a region.
/// Helpers of the file (functions accessing user memory with no begin of
/// their own) run in the region of their caller and are followed one level:
/// their calls after an end or before the begin are reported ("call to 'h'
/// reaches ..."); calls under if (is_kernel_addr(...)) serve kernel
/// addresses and are not.  Regions left open or closed by the wrong end:
/// uaccess_region_end.cocci.
///
/// Linux 7.x scopes: what is called in a scope's body is in the region the
/// scope opened, even before a begin written later in the function.
///
/// What the script cannot see: regions opened by a caller (a function with
/// no begin of its own is not examined: see uaccess_unchecked.cocci);
/// accesses hidden more than one call away or in other files; begins inside
/// conditions combined with && or || count as taken on both branches.
///
// Confidence: Moderate
// Copyright: (C) 2026 uaccess_check authors.
// Options: --no-includes --include-headers
// Keywords: user_access_begin, user_read_access_begin, user_write_access_begin,
// Keywords: user_rw_access_begin, masked_user_access_begin, masked_user_read_access_begin,
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
from cexpr import key
from report import Reports

R = Reports()
BEGIN_FNS = set()
HELPER_ACCESS = {}
KERNEL_CALLS = set()
SCOPED = set()   # keys of calls in the body of a 7.x scope

@has@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin};
position pb;
@@
B@pb(...)

@script:python@
pb << has.pb;
@@
BEGIN_FNS.add(pb[0].current_element)

// an access after an end, with no begin in between
@after depends on has exists@
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack,
  unsafe_atomic_store_release_user};
identifier B2 = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec,
  user_access_restore};
position pe, pa;
expression x;
@@
(
E@pe(...);
|
x = E@pe(...);
)
... when != B2(...)
A@pa(...)

@script:python@
E << after.E;
A << after.A;
pe << after.pe;
pa << after.pa;
@@
R.add(pa, vocab.say("region", "region", ("after_end", dict(end=str(E), line=pe[0].line)), accessor=str(A)))

// 7.x: what is called in the body of a scope runs in the region it opened,
// whatever begin the function has later
@insc depends on has exists@
iterator name scoped_user_read_access, scoped_user_write_access,
  scoped_user_rw_access, scoped_user_read_access_size,
  scoped_user_write_access_size, scoped_user_rw_access_size;
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
expression list es;
identifier g;
position ps, q;
@@
S@ps(es) {
... when any
g@q(...)
... when any
}

@script:python@
q << insc.q;
@@
SCOPED.add(key(q[0]))

// an access before the first begin, in a function that opens a region
@before depends on has exists@
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack,
  unsafe_atomic_store_release_user};
identifier B2 = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec,
  user_access_restore};
identifier has.B;
identifier fn;
position pa, pb2;
@@
fn(...) {
... when != B2(...)
A@pa(...)
... when any
B@pb2(...)
... when any
}

@script:python@
A << before.A;
B << has.B;
pa << before.pa;
pb2 << before.pb2;
@@
if key(pa[0]) not in SCOPED:
    R.add(pa, vocab.say("region", "region", ("before_begin", dict(begin=str(B), line=pb2[0].line)), accessor=str(A)))

// helpers: functions of the file that access user memory without a begin of
// their own run in the region of their caller; their calls are examined like
// accesses (one level)
@hacc depends on has@
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack,
  unsafe_atomic_store_release_user};
position pa;
@@
A@pa(...)

@script:python hlp@
A << hacc.A;
pa << hacc.pa;
h;
@@
fn = pa[0].current_element
if fn in BEGIN_FNS or fn == "something_else":
    fn = "__uaccess_check_no_helper__"   # never called: no match below
else:
    HELPER_ACCESS[fn] = str(A)
coccinelle.h = cocci.make_ident(fn)

// calls under if (is_kernel_addr(...)) serve kernel addresses (powerpc)
@kcall depends on has@
identifier hlp.h;
expression E;
statement S;
position pk;
@@
(
if (is_kernel_addr(...)) return h@pk(...);
|
if (is_kernel_addr(...)) { ... E = h@pk(...); ... } else S
|
if (is_kernel_addr(...)) { ... E = h@pk(...); ... }
)

@script:python@
pk << kcall.pk;
@@
KERNEL_CALLS.add(key(pk[0]))

@hafter depends on has exists@
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
identifier hlp.h;
identifier B2 = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec,
  user_access_restore};
position pe, pc;
expression x;
@@
(
E@pe(...);
|
x = E@pe(...);
)
... when != B2(...)
h@pc(...)

@script:python@
E << hafter.E;
h << hlp.h;
pe << hafter.pe;
pc << hafter.pc;
@@
if key(pc[0]) not in KERNEL_CALLS:
    R.add(pc, vocab.say("region", "region_call", ("after_end", dict(end=str(E), line=pe[0].line)),
                        callee=str(h), accessor=HELPER_ACCESS[str(h)]))

@hbefore depends on has exists@
identifier hlp.h;
identifier B2 = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec,
  user_access_restore};
identifier has.B;
identifier fn;
position pc, pb2;
@@
fn(...) {
... when != B2(...)
h@pc(...)
... when any
B@pb2(...)
... when any
}

@script:python@
h << hlp.h;
B << has.B;
pc << hbefore.pc;
pb2 << hbefore.pb2;
@@
if key(pc[0]) not in KERNEL_CALLS and key(pc[0]) not in SCOPED:
    R.add(pc, vocab.say("region", "region_call", ("before_begin", dict(begin=str(B), line=pb2[0].line)),
                        callee=str(h), accessor=HELPER_ACCESS[str(h)]))

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
BEGIN_FNS.clear()
HELPER_ACCESS.clear()
KERNEL_CALLS.clear()
SCOPED.clear()
