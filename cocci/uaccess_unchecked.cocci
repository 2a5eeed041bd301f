// SPDX-License-Identifier: GPL-2.0-only
/// Find unsafe user accessors (unsafe_put_user(), unsafe_get_user(),
/// unsafe_copy_{to,from}_user(), unsafe_try_cmpxchg_user(), the header wrappers
/// such as unsafe_put_compat_sigset()) that are not validated by access_ok() or
/// a checking begin (user_{,read_,write_,rw_}access_begin(),
/// masked_user_*access_begin()) on every path from the function entry, or
/// whose function checks only other pointers [unchecked].
///
/// Callers pass: a helper function or wrapper macro of the file whose
/// accesses are not checked inside it is not reported when every call to it
/// is preceded by a check, to any depth; otherwise the unchecked call is
/// reported, or, when the helper has no caller in the file, its accesses are
/// reported as relying on callers the script cannot see.  Calls under
/// if (is_kernel_addr(...)) serve kernel addresses (powerpc instruction
/// emulation) and need no check.
///
/// Linux 7.x scopes, scoped_user_{read,write,rw}_access[_size](), braced or
/// not: accesses and helper calls in the body are checked by the scope
/// (which pointer they use is uaccess_scoped.cocci's concern); an access on
/// the scoped pointer after the scope, or after get/put_user_inline() on it,
/// is reported with that reason.  Inverted and failed begins:
/// uaccess_inverted.cocci; masked begins whose result is not used:
/// uaccess_masked.cocci.  A pointer loaded from a registered field
/// (cocci/lib/registrations: rseq's area, KVM's memory slot addresses) was
/// checked where it was stored, by a syscall the file does not show: its
/// accesses are [distance], naming that check, and ask nothing of callers.
///
/// What the script cannot see: callers in other files (exported helpers and
/// function pointers are reported as relying on unseen callers); which
/// pointer a helper's caller checked (only that it checked one); aliases
/// other than plain assignments and initialisations, taken regardless of
/// order; the path test accepts a check of any pointer (the pointer is
/// compared per function, not per path); conditions combining a begin with
/// && or || are one node (treated as a check); an access after a scope is
/// tied to it by source order, not by path; stores into a registered field
/// (the list is reviewed instead); a hand-written TASK_SIZE bound outside a
/// scope (uaccess_scoped.cocci takes one inside a scope).
///
// Confidence: Moderate
// Copyright: (C) 2026 uaccess_check authors.
// Comments: facts from SmPL rules are joined by cocci/lib/unchecked.py, once per file.
// Options: --no-includes --include-headers
// Keywords: unsafe_put_user, unsafe_get_user, unsafe_copy_to_user, unsafe_copy_from_user,
// Keywords: unsafe_try_cmpxchg_user, unsafe_atomic_op1, unsafe_atomic_op2,
// Keywords: unsafe_put_compat_sigset, unsafe_get_compat_sigset, unsafe_save_altstack,
// Keywords: unsafe_compat_save_altstack, unsafe_get_user_sigset, unsafe_copy_fpr_to_user,
// Keywords: unsafe_copy_vsx_to_user, unsafe_copy_ckfpr_to_user, unsafe_copy_ckvsx_to_user,
// Keywords: unsafe_copy_fpr_from_user, unsafe_copy_vsx_from_user, unsafe_copy_ckfpr_from_user,
// Keywords: unsafe_copy_ckvsx_from_user, unsafe_atomic_store_release_user

virtual context
virtual org
virtual report

@initialize:python@
@@
import os, sys
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(a)), "lib")
                for a in open("/proc/self/cmdline").read().split("\0") if a.endswith(".cocci")][:1]
import source
import unchecked
from cexpr import args, key, pretty
from report import Reports

F = unchecked.Facts()
R = Reports()
CANDIDATES = set()

@has@
position p;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_atomic_op1,
  unsafe_atomic_op2, unsafe_put_compat_sigset, unsafe_get_compat_sigset,
  unsafe_save_altstack, unsafe_compat_save_altstack,
  unsafe_atomic_store_release_user, unsafe_get_user_sigset,
  unsafe_copy_fpr_to_user, unsafe_copy_vsx_to_user, unsafe_copy_ckfpr_to_user,
  unsafe_copy_ckvsx_to_user, unsafe_copy_fpr_from_user,
  unsafe_copy_vsx_from_user, unsafe_copy_ckfpr_from_user,
  unsafe_copy_ckvsx_from_user};
expression list es;
@@
A@p(es)

@script:python@
p << has.p;
A << has.A;
es << has.es;
@@
F.add_access(p, str(A), args(es))

// every call: the call graph of the file
@call depends on has@
identifier g;
position pc;
@@
g@pc(...)

@script:python@
g << call.g;
pc << call.pc;
@@
F.calls.add_call(key(pc[0]), str(g), pc)

@script:python depends on has@
@@
CANDIDATES.update(F.calls.reaching(set(a["name"] for a in F.access.values())))

// other references of those names (function pointers): callers the
// script cannot see
@ref depends on has@
identifier g : script:python() { str(g) in CANDIDATES };
position pr;
@@
g@pr

@script:python@
g << ref.g;
pr << ref.pr;
@@
F.calls.refs.setdefault(str(g), set()).add(key(pr[0]))

// the accesses and the calls that can lead to one, reached from the entry
// without a check ("when any": also past an earlier such call)
@unguarded depends on has exists@
identifier g : script:python() { str(g) in CANDIDATES };
position q;
identifier fn;
@@
fn(...) {
... when != access_ok(...)
    when != user_access_begin(...)
    when != user_read_access_begin(...)
    when != user_write_access_begin(...)
    when != user_rw_access_begin(...)
    when != masked_user_access_begin(...)
    when != masked_user_read_access_begin(...)
    when != masked_user_write_access_begin(...)
    when != masked_user_rw_access_begin(...)
    when any
g@q(...)
... when any
}

@script:python@
q << unguarded.q;
@@
F.calls.unguarded.add(key(q[0]))

// powerpc emulation code calls the same helper for kernel addresses
@kaddr depends on has@
identifier g;
expression E;
statement S;
position pk;
@@
(
if (is_kernel_addr(...)) return g@pk(...);
|
if (is_kernel_addr(...)) { ... E = g@pk(...); ... } else S
|
if (is_kernel_addr(...)) { ... E = g@pk(...); ... }
)

@script:python@
pk << kaddr.pk;
@@
F.calls.kernel.add(key(pk[0]))

// 7.x: everything called in a scope's body (braced or not: the braces
// isomorphism lets { ... } match both) runs in the region the scope opened.
// The scope is a statement, not a call: "... when != scoped(...)" would not
// see it, hence this rule.
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
S << insc.S;
es << insc.es;
ps << insc.ps;
q << insc.q;
@@
F.calls.scoped.add(key(q[0]))
F.add_scope(str(S), (args(es) or [""])[0], ps)

// get/put_user_inline(val, ptr): a scope around one access
@inl depends on has@
identifier I = {get_user_inline, put_user_inline};
expression list es;
position pi;
@@
I@pi(es)

@script:python@
I << inl.I;
es << inl.es;
pi << inl.pi;
@@
F.add_scope(str(I), (args(es) + ["", ""])[1], pi)

@chk depends on has@
identifier C = {access_ok, user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec};
expression list es;
position p;
@@
C@p(es)

@script:python@
C << chk.C;
es << chk.es;
p << chk.p;
@@
F.add_check(str(C), args(es), p)

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
F.add_alias(p[0].current_element, a, e)

@dcl depends on has@
type T;
identifier a;
expression e;
position p;
@@
T a@p = e;

@script:python@
a << dcl.a;
e << dcl.e;
p << dcl.p;
@@
F.add_alias(p[0].current_element, a, e)

// the struct the base of a member load points to, for the registered fields
// (cocci/lib/registrations) only
@ftype depends on has@
type T;
T *x;
identifier f : script:python() { str(f) in unchecked.registered.FIRST_MEMBERS };
position p;
@@
x@p->f

@script:python@
T << ftype.T;
x << ftype.x;
p << ftype.p;
@@
F.fields.add_type(p[0].current_element, pretty(x), T)

@script:python depends on has@
@@
unchecked.judge(F, R.add)
R.final()

@script:python depends on report && has@
@@
R.print(coccilib, "report")

@script:python depends on org && has@
@@
R.print(coccilib, "org")

@depends on context && has@
identifier g;
position pc : script:python() { R.keep(pc) };
@@
* g@pc(...)

@script:python depends on has@
@@
F.__init__()
R.reset()
CANDIDATES.clear()
source.reset()
