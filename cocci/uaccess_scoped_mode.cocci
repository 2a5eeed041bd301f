// SPDX-License-Identifier: GPL-2.0-only
/// Find accessors of the wrong direction in a Linux 7.x scoped user-access
/// region, scoped_user_{read,write,rw}_access[_size]() [mode]: a read in a
/// write scope, a write in a read scope, a read-modify-write such as
/// unsafe_try_cmpxchg_user() outside a rw scope; also a call in the scope to
/// a helper of the file whose own accesses (outside any scope of its own)
/// give the mode of the call.  Regions opened by begins:
/// uaccess_mode.cocci.
///
/// What the script cannot see: helpers more than one call away or in other
/// files; scopes written through other macros.  Kernels before 7.0 have no
/// scopes: the script finds nothing there.
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
import vocab
from cexpr import key
from report import Reports

R = Reports()
IN_SCOPE = {}      # access key -> [(scope key, scope, position, access, position)]
HELPERS = {}       # function -> [(accessor, mode)] of its accesses outside scopes
DOES = {"r": "reads", "w": "writes", "rw": "reads and writes"}

def scope_mode(scope):
    return {"read": "r", "write": "w", "rw": "rw"}[scope[len("scoped_user_"):].split("_access")[0]]

def check(p, amode, scope, ps, **who):
    smode = scope_mode(scope)
    if amode == "rw" and smode != "rw" or amode != "rw" and smode not in (amode, "rw"):
        mid = "mode_call" if "callee" in who else "mode"
        R.add(p, vocab.say("mode", mid, ("in_scope", dict(begin=scope, line=ps[0].line)),
                           does=DOES[amode], opened="reading" if smode == "r" else "writing", **who))

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

@acc depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_atomic_op1,
  unsafe_atomic_op2, unsafe_atomic_store_release_user,
  unsafe_put_compat_sigset, unsafe_get_compat_sigset, unsafe_save_altstack,
  unsafe_compat_save_altstack, unsafe_copy_dirent_name};
expression list es;
position ps, pa;
@@
S@ps(es) {
... when any
A@pa(...)
... when any
}

@script:python@
S << acc.S;
ps << acc.ps;
A << acc.A;
pa << acc.pa;
@@
IN_SCOPE.setdefault(key(pa[0]), []).append((key(ps[0]), str(S), ps, str(A), pa))

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
A << hacc.A;
pa << hacc.pa;
h;
@@
# the binding stays on a name nothing calls for an access in a scope
if key(pa[0]) in IN_SCOPE:
    coccinelle.h = cocci.make_ident("__uaccess_check_no_helper__")
else:
    HELPERS.setdefault(pa[0].current_element, []).append((str(A), vocab.mode(str(A))))
    coccinelle.h = cocci.make_ident(pa[0].current_element)

@callsc depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
identifier hlp.h;
expression list es;
position ps, pc;
@@
S@ps(es) {
... when any
h@pc(...)
... when any
}

@script:python@
S << callsc.S;
ps << callsc.ps;
h << hlp.h;
pc << callsc.pc;
@@
accs = HELPERS.get(str(h), [])
modes = set(m for _, m in accs)
amode = "rw" if "rw" in modes or modes == {"r", "w"} else (min(modes) if modes else None)
if amode:
    first = [a for a, m in accs if m == amode or amode == "rw"][0]
    check(pc, amode, str(S), ps, callee=str(h), accessor=first)

// an access is judged in the innermost scope holding it
@script:python depends on has@
@@
for holders in IN_SCOPE.values():
    sk, scope, ps, A, pa = max(holders, key=lambda h: h[0])
    check(pa, vocab.mode(A), scope, ps, accessor=A)

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

@script:python depends on has@
@@
R.reset()
IN_SCOPE.clear()
HELPERS.clear()
