// SPDX-License-Identifier: GPL-2.0-only
/// Find calls of the __get_user() family (__get_user(), __put_user(),
/// __copy_{from,to}_user(), their _inatomic forms, __clear_user(),
/// raw_copy_{from,to}_user(), 6.1's __copy_from_user_inatomic_nocache() and
/// __copy_from_user_flushcache()) whose pointer is not validated by
/// access_ok(), a checking or masked begin, or a checked get_user()/
/// copy_from_user() of it on every path from the function entry, nor in
/// every caller in the file [unchecked] when the file shows the pointer is the
/// user's own value: an argument of SYSCALL_DEFINEn()/COMPAT_SYSCALL_DEFINEn(),
/// an ioctl handler's `unsigned long arg` (a function (obj *, unsigned int cmd,
/// unsigned long arg)), a pointer made from an integer (u64_to_user_ptr(),
/// compat_ptr(), a cast through an integer type of a member or of such an
/// argument), a pointer read from user memory.  A helper's parameter is
/// followed to its calls in the file, to any depth: a call passing such a
/// pointer unvalidated is reported at the call.  Any other unvalidated
/// pointer (a kernel structure's member, a call's result, a global
/// function's parameter) is [unproven] (level 2).  A family call inside an
/// open user_*access_begin() region or a 7.x scope ends that region on x86
/// and powerpc [region].  A check more than 20 lines above, or in a caller,
/// is a [distance] (level 2), and a copy of a run-time length whose checks
/// name another length is [unproven].
///
/// arm64's family checks (or masks) on its own, and s390, parisc, sparc64 and
/// m68k give user space an address space of its own (access_ok() is always
/// true there): files under arch/{arm64,s390,parisc,sparc,m68k}/ are not
/// judged (// Exclude: below, for the driver; the has rule's constraint for
/// make coccicheck).  Generic code is judged as x86, whatever the build.  The
/// headers implementing the family (uaccess*.h) are not judged either.
///
/// A check helper of the file (a function passing a parameter, or a member
/// of one, to access_ok(), a begin, a checked access or another such helper:
/// get_fd_set(), i915's check_relocations()) validates that argument where
/// it is called.  A check in the same condition, before the call, counts
/// (!access_ok(p, n) || __get_user(x, p)).  A pointer made from a 32-bit
/// value ((u32), a u32 or compat_uptr_t local) is below 4 GiB, user memory on
/// a 64-bit kernel, and is not reported.
///
/// What the script cannot see: callers in other files; whether a checked
/// access's or a check helper's result was tested before the family call
/// (a call of it counts); the type of a member (a pointer cast of a member
/// without an integer cast in between is taken as a kernel pointer, level
/// 2); aliases other than plain assignments and initialisations; the path
/// test accepts a check of any pointer, and the pointer is compared per
/// function, not per path; a check inside a condition (c && !access_ok())
/// is one node, taken as a check; lengths are compared as written; sparc32
/// and the m68k CPUs without address spaces are left out with sparc64's and
/// m68k's (see above).
///
// Confidence: Moderate
// Copyright: (C) 2026 uaccess_check authors.
// Comments: facts from SmPL rules are joined by cocci/lib/family.py, once per file.
// Options: --no-includes --include-headers
// Exclude: arch/arm64/, arch/s390/, arch/parisc/, arch/sparc/, arch/m68k/, uaccess*.h
// Keywords: __get_user, __put_user, __copy_from_user, __copy_to_user,
// Keywords: __copy_from_user_inatomic, __copy_to_user_inatomic, __clear_user,
// Keywords: raw_copy_from_user, raw_copy_to_user, __copy_from_user_inatomic_nocache,
// Keywords: __copy_from_user_flushcache, __get_user_error, __put_user_error

virtual context
virtual org
virtual report

@initialize:python@
@@
import os, sys
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(a)), "lib")
                for a in open("/proc/self/cmdline").read().split("\0") if a.endswith(".cocci")][:1]
import family
import source
import unchecked
from cexpr import args, key, pretty
from report import Reports

F = family.Facts()
R = Reports()
CANDIDATES = set()
DEFINED = set()
CHECKERS = set()
PATHS = set()
PATHS2 = set()

@has@
position p : script:python() { family.judged(p[0].file) };
identifier A = {__get_user, __put_user, __copy_from_user, __copy_to_user,
  __copy_from_user_inatomic, __copy_to_user_inatomic, __clear_user,
  raw_copy_from_user, raw_copy_to_user, __copy_from_user_inatomic_nocache,
  __copy_from_user_flushcache, __get_user_error, __put_user_error};
expression list es;
@@
A@p(es)

@script:python@
p << has.p;
A << has.A;
es << has.es;
@@
F.add_family(p, str(A), args(es))

// the functions and macros the file defines: only calls of them (and of the
// family) make its call graph
@defs depends on has@
identifier f;
position pd;
@@
f@pd(...) { ... }

@script:python@
f << defs.f;
@@
DEFINED.add(str(f))

@script:python depends on has@
@@
DEFINED.update(source.macro_names(F.file), family.vocab.FAMILY)

// every call of them, with its arguments: the call graph of the file
@call depends on has@
identifier g : script:python() { str(g) in DEFINED };
expression list es;
position pc;
@@
g@pc(es)

@script:python@
g << call.g;
es << call.es;
pc << call.pc;
@@
F.add_call(key(pc[0]), str(g), pc, es)

// what validates a pointer, and what reads user memory into a variable
@chk depends on has@
identifier C = {access_ok, __access_ok, user_access_begin,
  user_read_access_begin, user_write_access_begin, user_rw_access_begin,
  masked_user_access_begin, masked_user_read_access_begin,
  masked_user_write_access_begin, masked_user_rw_access_begin, get_user,
  put_user, copy_from_user, copy_to_user, clear_user};
expression list es;
position p;
@@
C@p(es)

@script:python@
C << chk.C;
es << chk.es;
p << chk.p;
@@
F.add_validator(str(C), args(es), p)

// assignments of variables: where a local pointer comes from
@asg depends on has@
identifier a;
expression e;
position p;
@@
a@p = e

@script:python@
a << asg.a;
e << asg.e;
p << asg.p;
@@
F.assigns.append((p[0].current_element, a, e, int(p[0].line)))

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
F.assigns.append((p[0].current_element, a, e, int(p[0].line)))

// 32-bit locals: a pointer made of one is below 4 GiB, user memory on a 64-bit
// kernel (compat code: "no need for access_ok since we are dealing with compat
// pointers", powerpc's signal_32.c)
@narrow depends on has@
typedef u32, __u32, compat_uptr_t;
identifier x;
expression E;
position p;
@@
(
u32 x@p;
|
__u32 x@p;
|
compat_uptr_t x@p;
|
u32 x@p = E;
|
__u32 x@p = E;
|
compat_uptr_t x@p = E;
)

@script:python@
x << narrow.x;
p << narrow.p;
@@
F.narrow.setdefault(p[0].current_element, set()).add(str(x))

// the struct the base of a member load points to, for the registered fields
// (cocci/lib/registrations) only: the first members of their paths, written out
// (a regular expression costs nothing per member; test_cocci.py holds it to the list)
@ftype depends on has@
type T;
T *x;
identifier f =~ "^(rseq|hva)$";
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
CANDIDATES.update(F.calls.reaching(set(a["name"] for a in F.family.values())))
F.text_refs(CANDIDATES)
CHECKERS.update(family.vocab.VALIDATORS, F.check_helpers())
PATHS.update(F.need_paths(CANDIDATES))

// the family calls and the calls that can lead to one, reached from the
// entry without a check, in the functions that check something (in the
// others every such call is).  First the cheap question: is any of them the
// first such call on a path with no check?  Where none is, no path reaches
// one unchecked, and the costly rule below (past earlier calls) is not asked.
// CHECKERS: what validates (vocab.VALIDATORS, from primitives.def) and the
// check helpers of the file.  A rule that starts with "..." starts at the
// function's entry, and is much cheaper than one that names the function.
@first depends on has exists@
identifier g : script:python() { str(g) in CANDIDATES };
identifier C : script:python() { str(C) in CHECKERS };
position q : script:python() { q[0].current_element in PATHS };
@@
... when != C(...)
g@q(...)

@script:python@
q << first.q;
@@
PATHS2.add(q[0].current_element)

// ... then, where one is, every call reached without a check ("when any":
// also past an earlier such call)
@unguarded depends on has exists@
identifier g : script:python() { str(g) in CANDIDATES };
identifier C : script:python() { str(C) in CHECKERS };
position q : script:python() { q[0].current_element in PATHS2 };
@@
... when != C(...)
    when any
g@q(...)

@script:python@
q << unguarded.q;
@@
F.calls.unguarded.add(key(q[0]))

// a family call after a check in the same condition: !access_ok(p, n) ||
// __get_user(x, p), access_ok(p, n) && ..., get_user(x, p) || ...
@cond depends on has@
expression E1, E2;
position q;
binary operator b = {||, &&};
@@
E1 b E2@q

@script:python@
E1 << cond.E1;
b << cond.b;
q << cond.q;
@@
F.add_condition(str(b).strip(), E1, q)

// a family call in an open region: after a begin, no end in between
@inreg depends on has exists@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec};
identifier A = {__get_user, __put_user, __copy_from_user, __copy_to_user,
  __copy_from_user_inatomic, __copy_to_user_inatomic, __clear_user,
  raw_copy_from_user, raw_copy_to_user, __copy_from_user_inatomic_nocache,
  __copy_from_user_flushcache, __get_user_error, __put_user_error};
position pb, q;
@@
B@pb(...)
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
    when != __uaccess_end(...)
    when != user_access_save(...)
A@q(...)

@script:python@
B << inreg.B;
q << inreg.q;
@@
F.regions.setdefault(key(q[0]), str(B))

// 7.x: a scope's body is an open region; the scope validates its pointer
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
g << insc.g;
@@
F.calls.scoped.add(key(q[0]))
F.add_scope_check(str(S), (args(es) or [""])[0], ps)
if str(g) in family.vocab.FAMILY:
    F.regions.setdefault(key(q[0]), str(S))

@script:python depends on has@
@@
family.judge(F, R.add)
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
DEFINED.clear()
CHECKERS.clear()
PATHS.clear()
PATHS2.clear()
source.reset()
