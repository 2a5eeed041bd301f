// SPDX-License-Identifier: GPL-2.0-only
/// Find misuses of the 7.x scoped user-access regions
/// scoped_user_{read,write,rw}_access[_size](ptr, [size,] label) { ... }:
/// an unsafe accessor inside the scope on a pointer other than the scoped
/// one [unchecked] (inside the scope the macro shadows ptr with the
/// validated, possibly masked, pointer; any other pointer is not validated
/// by it), and an accessor of the wrong direction for the scope [mode]
/// (a read in a write scope, a write in a read scope, a read-modify-write
/// such as unsafe_try_cmpxchg_user() outside a rw scope).
///
/// A local pointer assigned or initialised from the scoped one (q = &ptr->f)
/// is the scoped pointer too.  Scopes with a braced body or a single
/// statement are seen.
///
/// What the script cannot see: derivations other than assignments and
/// initialisations in the same function, accesses in helpers called from the
/// scope, and scopes written through other macros.
/// Kernels before 7.0 have no scoped forms: the script finds nothing there.
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
import re

ACCESSORS = {
    "unsafe_put_user": (1, "w"), "unsafe_get_user": (1, "r"),
    "unsafe_copy_to_user": (0, "w"), "unsafe_copy_from_user": (1, "r"),
    "unsafe_try_cmpxchg_user": (0, "rw"),
    "unsafe_put_compat_sigset": (0, "w"), "unsafe_get_compat_sigset": (1, "r"),
    "unsafe_save_altstack": (0, "w"), "unsafe_compat_save_altstack": (0, "w"),
}
SCOPE_MODE = {"read": "r", "write": "w", "rw": "rw"}
WORD = {"r": "reads", "w": "writes", "rw": "reads and writes"}
OPENED = {"r": "reading", "w": "writing", "rw": "reading and writing"}
REPORTS = []
ALIASES = []   # (function, lhs root, rhs root)
KEEP = set()

def keep(p):
    return key(p[0]) in KEEP

_CAST = re.compile(r"^\(\s*(?:(?:const|volatile|struct|union|enum|unsigned|signed)\s+)*"
                   r"[A-Za-z_]\w*(?:\s+(?:const|__user))*[\s*]*(?:__user|const)?[\s*]*\)\s*")
_ID = re.compile(r"[A-Za-z_]\w*")

def _strip_parens(s):
    s = s.strip()
    while s.startswith("(") and s.endswith(")"):
        depth = 0
        for i, ch in enumerate(s):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and i < len(s) - 1:
                return s
        s = s[1:-1].strip()
    return s

def root(expr):
    """(root, member path) of a pointer expression, or (None, None) when unknown.

    The root is the variable or loaded member the address is computed from:
    &frame->uc.uc_flags -> ('frame', 'uc.uc_flags'); buf->dirent + 1 ->
    ('buf->dirent', ''); (u64 __user *)p -> ('p', '').
    """
    s = expr.strip()
    addr = False
    for _ in range(8):
        s = _strip_parens(s)
        m = _CAST.match(s)
        if m and len(s) > m.end():
            s = s[m.end():]
            continue
        if s.startswith("&"):
            addr = True
            s = s[1:].strip()
            continue
        break
    m = _ID.match(s)
    if not m or m.group(0) in ("sizeof", "NULL"):
        return None, None
    parts = [m.group(0)]
    i = m.end()
    while True:
        rest = s[i:]
        m2 = re.match(r"\s*(->|\.)\s*([A-Za-z_]\w*)", rest)
        if m2:
            parts.append(m2.group(1) + m2.group(2))
            i += m2.end()
            continue
        if rest.lstrip().startswith("["):
            j = rest.index("[")
            depth = 0
            for k in range(j, len(rest)):
                depth += rest[k] == "["
                depth -= rest[k] == "]"
                if depth == 0:
                    break
            parts.append("[]")
            i += k + 1
            continue
        break
    tail = s[i:].strip()
    if tail and not re.match(r"^[-+]", tail):
        return None, None
    if addr:
        # &p->a.b: the root is the pointer p (up to the first ->), the rest the member path
        arrows = [n for n, part in enumerate(parts) if n > 0 and part.startswith("->")]
        if arrows:
            n = arrows[-1]
            return "".join(parts[:n]), "".join(parts[n:])[2:]
        if len(parts) > 1 and parts[1] == "[]":
            return parts[0], "".join(parts[1:])
        return "".join(parts), ""
    return "".join(parts), ""

def pretty(e):
    """spatch prints expressions with spaces between tokens: & p -> a [ 1 ]."""
    s = re.sub(r"\s*(->|\.|\[|\])\s*", r"\1", str(e))
    s = re.sub(r"([&*(])\s+", r"\1", s)
    s = re.sub(r"\s+\)", ")", s)
    return s.strip()

def key(p):
    return (p.file, int(p.line), int(p.column))

def handle(S, P, A, es, pa):
    scope = str(S)
    kind = scope[len("scoped_user_"):].split("_access")[0]
    smode = SCOPE_MODE[kind]
    idx, amode = ACCESSORS[str(A)]
    args = [pretty(x) for x in es.elements]
    if idx >= len(args):
        return
    ptr = args[idx]
    sp = pretty(P)
    r, _ = root(ptr)
    sr, spath = root(sp)
    if r is not None and sr is not None and r != sr and not (spath == "" and r.startswith(sr + "->")) \
            and not any(f == pa[0].current_element and a == r and b == sr for f, a, b in ALIASES):
        REPORTS.append((pa, "%s() on '%s' inside %s() of '%s' is not validated by the scope [unchecked]" % (A, ptr, scope, sp)))
    if amode == "rw" and smode != "rw" or amode != "rw" and smode not in (amode, "rw"):
        REPORTS.append((pa, "%s() %s in a scope opened for %s by %s() [mode]" % (A, WORD[amode], OPENED[smode], scope)))

@has@
iterator name scoped_user_read_access, scoped_user_write_access,
  scoped_user_rw_access, scoped_user_read_access_size,
  scoped_user_write_access_size, scoped_user_rw_access_size;
position ps;
@@
(
scoped_user_read_access@ps(...) { ... }
|
scoped_user_write_access@ps(...) { ... }
|
scoped_user_rw_access@ps(...) { ... }
|
scoped_user_read_access_size@ps(...) { ... }
|
scoped_user_write_access_size@ps(...) { ... }
|
scoped_user_rw_access_size@ps(...) { ... }
)

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
ALIASES.append((p[0].current_element, root(str(a))[0], root(str(e))[0]))

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
ALIASES.append((p[0].current_element, str(a), root(str(e))[0]))

@s_read depends on has exists@
expression P, L;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
expression list es;
position pa;
@@
(
scoped_user_read_access(P, L) { ... A@pa(es) ... }
|
scoped_user_read_access(P, L) A@pa(es);
)

@script:python@
P << s_read.P;
A << s_read.A;
es << s_read.es;
pa << s_read.pa;
@@
handle("scoped_user_read_access", P, A, es, pa)

@s_readsize depends on has exists@
expression P, L, N;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
expression list es;
position pa;
@@
(
scoped_user_read_access_size(P, N, L) { ... A@pa(es) ... }
|
scoped_user_read_access_size(P, N, L) A@pa(es);
)

@script:python@
P << s_readsize.P;
A << s_readsize.A;
es << s_readsize.es;
pa << s_readsize.pa;
@@
handle("scoped_user_read_access_size", P, A, es, pa)

@s_write depends on has exists@
expression P, L;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
expression list es;
position pa;
@@
(
scoped_user_write_access(P, L) { ... A@pa(es) ... }
|
scoped_user_write_access(P, L) A@pa(es);
)

@script:python@
P << s_write.P;
A << s_write.A;
es << s_write.es;
pa << s_write.pa;
@@
handle("scoped_user_write_access", P, A, es, pa)

@s_writesize depends on has exists@
expression P, L, N;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
expression list es;
position pa;
@@
(
scoped_user_write_access_size(P, N, L) { ... A@pa(es) ... }
|
scoped_user_write_access_size(P, N, L) A@pa(es);
)

@script:python@
P << s_writesize.P;
A << s_writesize.A;
es << s_writesize.es;
pa << s_writesize.pa;
@@
handle("scoped_user_write_access_size", P, A, es, pa)

@s_rw depends on has exists@
expression P, L;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
expression list es;
position pa;
@@
(
scoped_user_rw_access(P, L) { ... A@pa(es) ... }
|
scoped_user_rw_access(P, L) A@pa(es);
)

@script:python@
P << s_rw.P;
A << s_rw.A;
es << s_rw.es;
pa << s_rw.pa;
@@
handle("scoped_user_rw_access", P, A, es, pa)

@s_rwsize depends on has exists@
expression P, L, N;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
expression list es;
position pa;
@@
(
scoped_user_rw_access_size(P, N, L) { ... A@pa(es) ... }
|
scoped_user_rw_access_size(P, N, L) A@pa(es);
)

@script:python@
P << s_rwsize.P;
A << s_rwsize.A;
es << s_rwsize.es;
pa << s_rwsize.pa;
@@
handle("scoped_user_rw_access_size", P, A, es, pa)

@script:python depends on report && has@
@@
seen = set()
for p, msg in sorted(REPORTS, key=lambda r: (key(r[0][0]), r[1])):
    if (key(p[0]), msg) not in seen:
        seen.add((key(p[0]), msg))
        KEEP.add(key(p[0]))
        coccilib.report.print_report(p[0], msg)

@script:python depends on org && has@
@@
seen = set()
for p, msg in sorted(REPORTS, key=lambda r: (key(r[0][0]), r[1])):
    if (key(p[0]), msg) not in seen:
        seen.add((key(p[0]), msg))
        coccilib.org.print_todo(p[0], msg)

@script:python depends on context && has@
@@
for p, msg in REPORTS:
    KEEP.add(key(p[0]))

@depends on context && has@
identifier g;
position p : script:python() { keep(p) };
@@
* g@p(...)

@script:python depends on has@
@@
del REPORTS[:]
del ALIASES[:]
KEEP.clear()
