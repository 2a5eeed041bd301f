// SPDX-License-Identifier: GPL-2.0-only
/// Find misuses of the Linux 7.x scoped user-access regions
/// scoped_user_{read,write,rw}_access[_size](ptr, [size,] label), whose body
/// is a block or a single statement:
///  - an unsafe accessor in the scope through a pointer that is not the
///    scoped one [unchecked].  Inside the scope the macro shadows ptr with
///    the validated pointer (masked where the architecture masks: x86-64,
///    powerpc), and a local assigned from it inside the scope is that pointer
///    too.  Any other pointer is not validated by the scope, and the report
///    says what it is: an alias of ptr taken before the scope (it holds the
///    raw, unmasked value), the pointer ptr was computed from before the
///    scope, a pointer set inside the scope from something else, or another
///    pointer altogether;
///  - a call in the scope to a helper of the file (a function whose accesses
///    are in no scope of its own) that passes such a raw pointer (the one the
///    scoped pointer was computed from, or an alias taken before the scope)
///    and nothing from the scope [unchecked];
///  - an accessor of the wrong direction for the scope [mode] (a read in a
///    write scope, a write in a read scope, a read-modify-write such as
///    unsafe_try_cmpxchg_user() outside a rw scope), also through such a
///    helper, whose own accesses give the mode of the call;
///  - a scope, get_user_inline() or put_user_inline() inside a scope or an
///    open user_*access_begin() region [region]: the inner end closes the
///    region the outer code still uses; likewise an explicit
///    user_*access_end() or user_access_save() inside a scope [region].
/// After the scope ptr is the raw pointer again and no region is open:
/// accesses there are reported by uaccess_unchecked.cocci.
///
/// What the script cannot see: derivations other than assignments and
/// initialisations in the same function (taken in source order, not per
/// path); which argument of a helper called from the scope it accesses
/// (only that the call passes a raw pointer and nothing from the scope);
/// helpers more than one call away or in other files; wrapper macros other
/// than the known ones; scopes written through other macros.  Kernels before 7.0 have no scoped forms
/// and no get/put_user_inline(): the script finds nothing there.
///
// Confidence: High
// Copyright: (C) 2026 uaccess_check authors.
// Comments: facts from SmPL rules are joined by a Python rule run once per file.
// Options: --no-includes --include-headers
// Keywords: scoped_user_read_access, scoped_user_write_access, scoped_user_rw_access,
// Keywords: scoped_user_read_access_size, scoped_user_write_access_size,
// Keywords: scoped_user_rw_access_size, get_user_inline, put_user_inline

virtual context
virtual org
virtual report

@initialize:python@
@@
import re

#: accessor name -> (index of the user pointer argument, mode)
ACCESSORS = {
    "unsafe_put_user": (1, "w"), "unsafe_get_user": (1, "r"),
    "unsafe_copy_to_user": (0, "w"), "unsafe_copy_from_user": (1, "r"),
    "unsafe_try_cmpxchg_user": (0, "rw"),
    "unsafe_atomic_op1": (2, "rw"), "unsafe_atomic_op2": (2, "rw"),
    "unsafe_atomic_store_release_user": (1, "w"),
    "unsafe_put_compat_sigset": (0, "w"), "unsafe_get_compat_sigset": (1, "r"),
    "unsafe_save_altstack": (0, "w"), "unsafe_compat_save_altstack": (0, "w"),
    # the wrapper macro of fs/readdir.c (unsafe_put_user() and unsafe_copy_to_user())
    "unsafe_copy_dirent_name": (0, "w"),
}
SCOPE_MODE = {"read": "r", "write": "w", "rw": "rw"}
WORD = {"r": "reads", "w": "writes", "rw": "reads and writes"}
OPENED = {"r": "reading", "w": "writing", "rw": "reading and writing"}

SCOPES = {}      # scope key -> (function, scope name, pointer, pos)
ACCESS = []      # (scope key, accessor, pointer, pos)
ASSIGN = []      # (function, lhs root, rhs text, rhs root, pos)
INSIDE = {}      # assignment key -> set of scope keys whose body holds it
NESTED = []      # (outer description, inner name, pos)
HELPER_MODE = {} # function of the file -> modes of its accesses outside scopes
CALLS = []       # (scope key, helper, arguments, pos)
REPORTS = []
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
    if tail and not re.match(r"^(?:[-+]|\+\+|--)", tail):
        return None, None
    if addr:
        # &p->a.b: the root is the pointer p (up to the last ->), the rest the member path
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
    s = re.sub(r"\s+(\+\+|--)", r"\1", s)
    return s.strip()

def key(p):
    return (p.file, int(p.line), int(p.column))

def args_of(es):
    return [pretty(x) for x in es.elements]

def add_scope(S, es, ps):
    a = args_of(es)
    SCOPES[key(ps[0])] = (ps[0].current_element, str(S), a[0] if a else "", ps)

def latest(fn, r, before):
    """The last assignment of r in fn written before position `before`."""
    found = None
    for f, lhs, rhs, rr, p in ASSIGN:
        if f == fn and lhs == r and p[0].file == before[0] and key(p[0]) < before \
                and (found is None or key(p[0]) > key(found[4][0])):
            found = (f, lhs, rhs, rr, p)
    return found

def inside(asg, sk):
    return sk in INSIDE.get(key(asg[4][0]), ())

def from_scoped(fn, r, at, sk, sr, depth=0):
    """r, used at position `at` in scope sk, holds the scope's pointer sr: it
    is sr (the shadow) or was last set inside the scope from such a pointer."""
    if r == sr:
        return True
    asg = latest(fn, r, at)
    if asg is None or depth > 8 or not inside(asg, sk):
        return False
    return asg[3] is not None and from_scoped(fn, asg[3], key(asg[4][0]), sk, sr, depth + 1)

def chain_before(fn, r, target, before, depth=0):
    """The assignment (written before the scope) through which r was taken,
    directly or through other locals, from target; None when it was not."""
    asg = latest(fn, r, before)
    if asg is None or depth > 8 or asg[3] is None:
        return None
    if asg[3] == target or chain_before(fn, asg[3], target, key(asg[4][0]), depth + 1):
        return asg
    return None

def scope_mode(scope):
    return SCOPE_MODE[scope[len("scoped_user_"):].split("_access")[0]]

def wrong_mode(amode, smode):
    return amode == "rw" and smode != "rw" or amode != "rw" and smode not in (amode, "rw")

def judge(sk, A, ptr, pa):
    fn, scope, sptr, ps = SCOPES[sk]
    smode = scope_mode(scope)
    amode = ACCESSORS[A][1]
    if wrong_mode(amode, smode):
        REPORTS.append((pa, "%s() %s in a scope opened for %s by %s() [mode]" % (A, WORD[amode], OPENED[smode], scope)))
    r, _ = root(ptr)
    sr, spath = root(sptr)
    if r is None or sr is None:
        return
    if spath == "" and r.startswith(sr + "->"):
        return   # a pointer member loaded through the scoped pointer
    at = key(pa[0])
    if "->" in r:
        # x->arr: an array member decays to an address inside *x; when x is
        # (related to) the scoped pointer, x is the pointer to judge
        x = r.rsplit("->", 1)[0]
        if from_scoped(fn, x, at, sk, sr) or chain_before(fn, x, sr, key(ps[0])) \
                or chain_before(fn, sr, x, key(ps[0])):
            r = x
    if from_scoped(fn, r, at, sk, sr):
        return
    what = "%s() on '%s' inside %s() of '%s'" % (A, ptr, scope, sptr)
    asg = latest(fn, r, at)
    if asg is not None and inside(asg, sk):
        why = "'%s' is set at line %s from '%s', not from the scoped pointer" % (r, asg[4][0].line, asg[3] or asg[2])
    elif chain_before(fn, r, sr, key(ps[0])):
        a = chain_before(fn, r, sr, key(ps[0]))
        why = ("'%s' was set from '%s' before the scope (line %s): it holds the raw pointer, "
               "not the checked (masked) '%s' the scope shadows it with" % (r, sr, a[4][0].line, sr))
    elif chain_before(fn, sr, r, key(ps[0])):
        a = chain_before(fn, sr, r, key(ps[0]))
        why = ("'%s' was computed from '%s' before the scope (line %s), and only '%s' is checked "
               "(masked) inside it" % (sr, r, a[4][0].line, sr))
    elif asg is not None:
        why = "'%s' is set at line %s from '%s', not from the scoped pointer" % (r, asg[4][0].line, asg[3] or asg[2])
    else:
        why = "'%s' is neither the scoped pointer nor set from it inside the scope" % r
    REPORTS.append((pa, "%s is not validated by the scope: %s [unchecked]" % (what, why)))

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
add_scope(S, es, ps)

@hasinline@
identifier I = {get_user_inline, put_user_inline};
@@
I(...)

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
a = args_of(aes)
idx = ACCESSORS[str(A)][0]
if idx < len(a):
    ACCESS.append((key(ps[0]), str(A), a[idx], pa))

// helpers: functions of the file whose accesses are outside any scope of
// their own run in the scope of their caller (powerpc sstep.c); followed one
// level for the mode of the call
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
# an access in a scope of its own function makes no helper; the binding
# stays (a script rule dropping every match would stop the later rules for
# the file), on a name nothing calls
fn = pa[0].current_element
if any(key(p[0]) == key(pa[0]) for _, _, _, p in ACCESS):
    fn = "__uaccess_check_no_helper__"
else:
    HELPER_MODE.setdefault((pa[0].file, fn), set()).add(ACCESSORS[str(A)][1])
coccinelle.h = cocci.make_ident(fn)

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
CALLS.append((key(ps[0]), str(h), args_of(hes), pc))

// aliases: every assignment and initialisation, and which scope bodies hold
// them (the scoped name means the validated pointer only inside the body)
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
ASSIGN.append((p[0].current_element, root(pretty(a))[0], pretty(e), root(pretty(e))[0], p))

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
ASSIGN.append((p[0].current_element, str(a), pretty(e), root(pretty(e))[0], p))

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
INSIDE.setdefault(key(p[0]), set()).add(key(ps[0]))

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
INSIDE.setdefault(key(p[0]), set()).add(key(ps[0]))

// nesting: a scope or get/put_user_inline() inside a scope ...
@nests depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
iterator S2 =~ "^scoped_user_(read|write|rw)_access(_size)?$";
expression list es;
statement B;
position ps, pn;
@@
S@ps(es) {
... when any
S2@pn(...) B
... when any
}

@script:python@
S << nests.S;
ps << nests.ps;
S2 << nests.S2;
pn << nests.pn;
@@
NESTED.append(("the scope of %s() at line %s" % (S, ps[0].line), str(S2), pn))

@nesti depends on has && hasinline exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
identifier I = {get_user_inline, put_user_inline};
expression list es;
position ps, pn;
@@
S@ps(es) {
... when any
I@pn(...)
... when any
}

@script:python@
S << nesti.S;
ps << nesti.ps;
I << nesti.I;
pn << nesti.pn;
@@
NESTED.append(("the scope of %s() at line %s" % (S, ps[0].line), str(I), pn))

// an explicit end inside a scope closes the region the rest of the body uses
// (the scope ends it itself, on every exit)
@endin depends on has exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
expression list es;
position ps, pe;
@@
S@ps(es) {
... when any
E@pe(...)
... when any
}

@script:python@
S << endin.S;
ps << endin.ps;
E << endin.E;
pe << endin.pe;
@@
REPORTS.append((pe, "%s() inside the scope of %s() at line %s: the scope ends its region itself on every exit, an explicit end closes it for the rest of the body [region]" % (E, S, ps[0].line)))

// ... or after a begin with no end in between
@inreg depends on hasinline exists@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin};
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
identifier I = {get_user_inline, put_user_inline};
position pb, pn;
@@
B@pb(...)
... when != E(...)
I@pn(...)

@script:python@
B << inreg.B;
pb << inreg.pb;
I << inreg.I;
pn << inreg.pn;
@@
NESTED.append(("the region opened by %s() at line %s" % (B, pb[0].line), str(I), pn))

@inregs depends on has exists@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin};
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
iterator S2 =~ "^scoped_user_(read|write|rw)_access(_size)?$";
statement S3;
position pb, pn;
@@
B@pb(...)
... when != E(...)
S2@pn(...) S3

@script:python@
B << inregs.B;
pb << inregs.pb;
S2 << inregs.S2;
pn << inregs.pn;
@@
NESTED.append(("the region opened by %s() at line %s" % (B, pb[0].line), str(S2), pn))

@script:python final depends on has || hasinline@
@@
for sk, A, ptr, pa in ACCESS:
    # the innermost scope holding the access
    holders = [s for s, A2, ptr2, pa2 in ACCESS if key(pa2[0]) == key(pa[0])]
    if sk == max(holders):
        judge(sk, A, ptr, pa)
for sk, h, hargs, pc in CALLS:
    if sk != max(s for s, h2, a2, pc2 in CALLS if key(pc2[0]) == key(pc[0])):
        continue   # judged in the innermost scope
    fn, scope, sptr, ps = SCOPES[sk]
    sr = root(sptr)[0]
    roots = [root(a)[0] for a in hargs]
    # a helper given the raw pointer instead of the scoped one: the pointer
    # the scoped one was computed from, or an alias taken before the scope,
    # and no argument from the scope
    if sr is not None and not any(r and from_scoped(fn, r, key(pc[0]), sk, sr) for r in roots):
        for a, r in zip(hargs, roots):
            if r is None or r == sr:
                continue
            if chain_before(fn, sr, r, key(ps[0])) or chain_before(fn, r, sr, key(ps[0])):
                REPORTS.append((pc, "call to '%s' inside %s() of '%s' passes '%s' and not the scoped pointer: the helper gets the raw pointer, not the checked (masked) '%s' [unchecked]" % (h, scope, sptr, a, sr)))
                break
    modes = HELPER_MODE.get((pc[0].file, h), set())
    amode = "rw" if "rw" in modes or modes == {"r", "w"} else (min(modes) if modes else None)
    if amode and wrong_mode(amode, scope_mode(scope)):
        REPORTS.append((pc, "call to '%s' %s in a scope opened for %s by %s() [mode]" % (h, WORD[amode], OPENED[scope_mode(scope)], scope)))
for outer, inner, pn in NESTED:
    REPORTS.append((pn, "%s() inside %s: user-access scopes and regions do not nest, the end of the inner one closes the region the outer code still uses [region]" % (inner, outer)))
seen = set()
unique = []
for p, msg in sorted(REPORTS, key=lambda r: (key(r[0][0]), r[1])):
    if (key(p[0]), msg) not in seen:
        seen.add((key(p[0]), msg))
        KEEP.add(key(p[0]))
        unique.append((p, msg))
REPORTS[:] = unique

@script:python depends on report && (has || hasinline)@
@@
for p, msg in REPORTS:
    coccilib.report.print_report(p[0], msg)

@script:python depends on org && (has || hasinline)@
@@
for p, msg in REPORTS:
    coccilib.org.print_todo(p[0], msg)

@depends on context && (has || hasinline)@
identifier g;
position p : script:python() { keep(p) };
@@
* g@p(...)

@depends on context && has@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
statement B;
position p : script:python() { keep(p) };
@@
* S@p(...) B

@script:python depends on has || hasinline@
@@
SCOPES.clear()
del ACCESS[:]
del ASSIGN[:]
INSIDE.clear()
del NESTED[:]
HELPER_MODE.clear()
del CALLS[:]
del REPORTS[:]
KEEP.clear()
