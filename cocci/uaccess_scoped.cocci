// SPDX-License-Identifier: GPL-2.0-only
/// Find unsafe accessors in a Linux 7.x scoped user-access region,
/// scoped_user_{read,write,rw}_access[_size](ptr, [size,] label), that use
/// another pointer than the scoped one [unchecked].  Inside the scope the
/// macro shadows ptr with the validated pointer (masked where the
/// architecture masks: x86-64, powerpc), and a local assigned from it inside
/// the scope is that pointer too.  Any other pointer is not validated by the
/// scope, and the report says what it is: an alias of ptr taken before the
/// scope (it holds the raw value), the pointer ptr was computed from before
/// the scope, a pointer set inside the scope from something else, or another
/// pointer altogether.  A call in the scope to a helper of the file that
/// passes such a raw pointer, and nothing from the scope, is reported too.
/// After the scope ptr is the raw pointer again: uaccess_unchecked.cocci.
/// Direction: uaccess_scoped_mode.cocci; nesting: uaccess_nesting.cocci.
///
/// The kernel's contract for the scopes (include/linux/uaccess.h): a masked
/// pointer's first access faults for a bad address, so an alias of ptr is
/// covered once an access through ptr itself, at a constant offset, has run
/// on every path of the body; at a run-time offset from ptr (fs/readdir.c
/// dirent = prev + prev_reclen) it is "not proven to stay within the checked
/// range" [unproven], level 2.  A pointer refused at or above TASK_SIZE (or
/// TASK_SIZE_MAX, USER_PTR_MAX...) by an if that leaves, on every path before
/// the access, is checked (rseq_entry.h uc_sig).  A pointer loaded from a
/// registered field (cocci/lib/registrations: rseq's area, KVM's memory slot
/// addresses) was checked where it was stored [distance].
///
/// What the script cannot see: derivations other than assignments and
/// initialisations in the same function (taken in source order, not per
/// path); which argument of a helper the helper accesses (only that the call
/// passes a raw pointer and nothing from the scope); helpers in other files;
/// scopes written through other macros; the bytes an alias at a constant
/// offset touches (a member's offset is taken as inside the guard page);
/// stores into a registered field (the list is reviewed instead).  Kernels
/// before 7.0 have no scopes: the script finds nothing there.
///
// Confidence: High
// Copyright: (C) 2026 uaccess_check authors.
// Options: --no-includes --include-headers
// Keywords: scoped_user_read_access, scoped_user_write_access, scoped_user_rw_access,
// Keywords: scoped_user_read_access_size, scoped_user_write_access_size,
// Keywords: scoped_user_rw_access_size

virtual context
virtual org
virtual report

@initialize:python@
@@
import os, sys
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(a)), "lib")
                for a in open("/proc/self/cmdline").read().split("\0") if a.endswith(".cocci")][:1]
import scoped
from cexpr import args, pretty
from report import Reports

F = scoped.Facts()
R = Reports()

// the scopes named literally: spatch parses only the files that have one (a
// first rule with a regular expression only would make it parse every file)
@hasscope@
iterator name scoped_user_read_access, scoped_user_write_access,
  scoped_user_rw_access, scoped_user_read_access_size,
  scoped_user_write_access_size, scoped_user_rw_access_size;
expression list es;
statement B;
@@
(
scoped_user_read_access(es) B
|
scoped_user_write_access(es) B
|
scoped_user_rw_access(es) B
|
scoped_user_read_access_size(es) B
|
scoped_user_write_access_size(es) B
|
scoped_user_rw_access_size(es) B
)

@has depends on hasscope@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
expression list es;
statement B;
position ps;
@@
S@ps(es) B

@script:python@
S << has.S;
es << has.es;
ps << has.ps;
@@
F.add_scope(str(S), args(es), ps)

// an accessor in the body (a block or a single statement: the braces
// isomorphism lets { ... } match both)
@acc depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_atomic_op1,
  unsafe_atomic_op2, unsafe_atomic_store_release_user,
  unsafe_put_compat_sigset, unsafe_get_compat_sigset, unsafe_save_altstack,
  unsafe_compat_save_altstack, unsafe_copy_dirent_name};
expression list es, aes;
position ps, pa;
@@
S@ps(es) {
... when any
A@pa(aes)
... when any
}

@script:python@
ps << acc.ps;
A << acc.A;
aes << acc.aes;
pa << acc.pa;
@@
ptr = scoped.vocab.pointer_arg(str(A), args(aes))
if ptr:
    F.access.append((scoped.key(ps[0]), str(A), ptr, pa))

// calls in the body of the functions of the file that access user memory
// outside a scope of their own
@hacc depends on has@
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_atomic_op1,
  unsafe_atomic_op2, unsafe_atomic_store_release_user,
  unsafe_put_compat_sigset, unsafe_get_compat_sigset, unsafe_save_altstack,
  unsafe_compat_save_altstack, unsafe_copy_dirent_name};
position pa;
@@
A@pa(...)

@script:python hlp@
pa << hacc.pa;
h;
@@
# an access in a scope of its own makes no helper; the binding stays (a
# script rule dropping every match would stop the later rules for the file),
# on a name nothing calls
own = any(scoped.key(p[0]) == scoped.key(pa[0]) for _, _, _, p in F.access)
coccinelle.h = cocci.make_ident("__uaccess_check_no_helper__" if own else pa[0].current_element)

@callsc depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
identifier hlp.h;
expression list es, hes;
position ps, pc;
@@
S@ps(es) {
... when any
h@pc(hes)
... when any
}

@script:python@
ps << callsc.ps;
h << hlp.h;
hes << callsc.hes;
pc << callsc.pc;
@@
F.calls.append((scoped.key(ps[0]), str(h), args(hes), pc))

// aliases, and which scope bodies hold them (the scoped name means the
// validated pointer only inside the body)
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
F.add_assign(p[0].current_element, pretty(a), pretty(e), p)

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
F.add_assign(p[0].current_element, str(a), pretty(e), p)

@sasg depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
expression list es;
expression a, e;
position ps, p;
@@
S@ps(es) {
... when any
a@p = e
... when any
}

@script:python@
ps << sasg.ps;
p << sasg.p;
@@
F.inside.setdefault(scoped.key(p[0]), set()).add(scoped.key(ps[0]))

@sdcl depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
expression list es;
type T;
identifier a;
expression e;
position ps, p;
@@
S@ps(es) {
... when any
T a@p = e;
... when any
}

@script:python@
ps << sdcl.ps;
p << sdcl.p;
@@
F.inside.setdefault(scoped.key(p[0]), set()).add(scoped.key(ps[0]))

// the accesses reached from the start of the body of their scope without an
// access through the scoped pointer itself at a constant offset before them
// (an anchor: on a masked pointer it faults first for a kernel address)
@unanchored depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_atomic_op1,
  unsafe_atomic_op2, unsafe_atomic_store_release_user,
  unsafe_put_compat_sigset, unsafe_get_compat_sigset, unsafe_save_altstack,
  unsafe_compat_save_altstack, unsafe_copy_dirent_name};
identifier g;
expression list es;
position ps, pa;
position pb : script:python() { F.is_anchor(pb) };
@@
S@ps(es) {
... when != g@pb(...)
    when any
A@pa(...)
... when any
}

@script:python@
pa << unanchored.pa;
@@
F.unanchored.add(scoped.key(pa[0]))

// pointers stepped inside a body (p++): their offset is not a constant
@bump depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
expression list es;
expression a, n;
position ps;
@@
S@ps(es) {
... when any
\( a++ \| a-- \| ++a \| --a \| a += n \| a -= n \)
... when any
}

@script:python@
ps << bump.ps;
a << bump.a;
@@
F.bumped.add((scoped.key(ps[0]), scoped.root(pretty(a))[0]))

// the struct the base of a member load points to, for the registered fields
// (cocci/lib/registrations) only
@ftype depends on has@
type T;
T *x;
identifier f : script:python() { str(f) in scoped.registered.FIRST_MEMBERS };
position p;
@@
x@p->f

@script:python@
T << ftype.T;
x << ftype.x;
p << ftype.p;
@@
F.fields.add_type(p[0].current_element, pretty(x), T)

// tests that refuse an address at or above the top of user space, in an if
// whose branch leaves
@bnd depends on has@
expression C : script:python() { F.limit_test(C) };
identifier l;
position pb;
@@
(
if (C@pb) return ...;
|
if (C@pb) goto l;
|
if (C@pb) { ... return ...; }
|
if (C@pb) { ... goto l; }
)

@script:python@
C << bnd.C;
pb << bnd.pb;
@@
F.bounds.add_test(pb[0].current_element, scoped.key(pb[0]), C)

@unbounded depends on bnd exists@
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_atomic_op1,
  unsafe_atomic_op2, unsafe_atomic_store_release_user,
  unsafe_put_compat_sigset, unsafe_get_compat_sigset, unsafe_save_altstack,
  unsafe_compat_save_altstack, unsafe_copy_dirent_name};
identifier fn;
expression E;
position pb : script:python() { F.is_bound(pb) };
position pa;
@@
fn(...) {
... when != E@pb
    when any
A@pa(...)
... when any
}

@script:python@
pa << unbounded.pa;
@@
F.bounds.unbounded.add(scoped.key(pa[0]))

@script:python depends on has@
@@
scoped.judge(F, R.add)

@script:python depends on has@
@@
R.final()

@script:python depends on report && (has)@
@@
R.print(coccilib, "report")

@script:python depends on org && (has)@
@@
R.print(coccilib, "org")

@depends on context && (has)@
identifier g;
position p : script:python() { R.keep(p) };
@@
* g@p(...)

@depends on context && has@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
statement B;
position p : script:python() { R.keep(p) };
@@
* S@p(...) B

@script:python depends on has@
@@
R.reset()
F.__init__()
