// SPDX-License-Identifier: GPL-2.0-only
/// Find user accesses that run when the check failed [unchecked]:
///  - a begin tested the wrong way round,
///    if (user_read_access_begin(p, n)) return -EFAULT; (the powerpc
///    do_setcontext() shape): every access after it uses a region that was
///    never validated, and each is reported;
///  - an access inside if (!user_*access_begin(...)) { ... } or
///    if (!access_ok(...)) { ... }, the branch taken when the check failed.
///
/// What the script cannot see: the test written through a helper or a
/// variable (ret = user_access_begin(...); if (ret) ...); accesses in
/// helpers called after the inverted test.
///
// Confidence: High
// Copyright: (C) 2026 uaccess_check authors.
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
import vocab
from cexpr import args, root_name
from report import Reports

R = Reports()

def unchecked(p, A, es, detail, B, q):
    R.add(p, vocab.say("unchecked", "unchecked", (detail, dict(begin=str(B), line=q[0].line)),
                       accessor=str(A), pointer=root_name(vocab.pointer_arg(str(A), args(es)))))

@acc@
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
position p;
@@
A@p(es)

@inv depends on acc exists@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin};
identifier acc.A;
expression list acc.es;
position acc.p;
position q;
identifier l;
@@
(
if (B@q(...)) return ...;
|
if (B@q(...)) goto l;
)
...
A@p(es)

@script:python@
B << inv.B;
q << inv.q;
A << acc.A;
es << acc.es;
p << acc.p;
@@
unchecked(p, A, es, "inverted", B, q)

@failed depends on acc exists@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, access_ok};
identifier acc.A;
expression list acc.es;
position acc.p;
position q;
@@
if (!B@q(...)) { ... A@p(es) ... }

@script:python@
B << failed.B;
q << failed.q;
A << acc.A;
es << acc.es;
p << acc.p;
@@
unchecked(p, A, es, "failed_path", B, q)

@script:python depends on inv || failed@
@@
R.final()

@script:python depends on report && (inv || failed)@
@@
R.print(coccilib, "report")

@script:python depends on org && (inv || failed)@
@@
R.print(coccilib, "org")

@depends on context && (inv || failed)@
identifier g;
position p : script:python() { R.keep(p) };
@@
* g@p(...)

@script:python depends on inv || failed@
@@
R.reset()
