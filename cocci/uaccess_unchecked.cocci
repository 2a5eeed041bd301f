// SPDX-License-Identifier: GPL-2.0-only
/// Find unsafe user accessors (unsafe_put_user(), unsafe_get_user(),
/// unsafe_copy_{to,from}_user(), unsafe_try_cmpxchg_user(), the header wrappers
/// such as unsafe_put_compat_sigset()) that are not validated by access_ok() or
/// a checking begin (user_{,read_,write_,rw_}access_begin(),
/// masked_user_*access_begin()) on every path from the function entry
/// [unchecked].  Also reported: an access preceded only by the unchecked
/// __uaccess_begin(), a region opened only when the begin failed (inverted
/// test), an access whose function checks only other pointers, and a
/// masked_user_*access_begin() whose result (the pointer to use) is
/// discarded or not the pointer accessed.
///
/// Callers pass: a helper function or a wrapper macro of the same file whose
/// accesses are not checked inside it is not reported when every call to it
/// is preceded by a check (two levels of helpers are followed); otherwise the
/// unchecked call is reported, or, when the helper has no caller in the file,
/// its accesses are reported as relying on callers the script cannot see.
///
/// Calls under if (is_kernel_addr(...)) are taken as kernel accesses
/// (powerpc instruction emulation) and need no check.
///
/// Linux 7.x scopes, scoped_user_{read,write,rw}_access[_size](), braced or
/// not: accesses and helper calls in the body are checked by the scope
/// (which pointer they use is uaccess_scoped.cocci's concern); an access on
/// the scoped pointer after the scope is reported, since outside the body
/// the name is the raw pointer again and no region is open, and so is an
/// access after get_user_inline()/put_user_inline() on its pointer (they
/// open and close a scope of their own).  Wrapper macros that open a scope
/// around their access (the get_user_inline() shape) need no check from
/// their callers.
///
/// What the script cannot see: callers in other files (exported helpers and
/// function pointers are reported as relying on unseen callers); which pointer
/// a helper's caller checked (only that it checked one); aliases other than
/// plain assignments and initialisations, taken regardless of order (a
/// pointer reassigned after its check still counts as checked); the path
/// test accepts a check of any pointer (the pointer is compared per
/// function, not per path); conditions combining a begin with && or || are
/// one node (treated as a check); macros from headers other than the known
/// wrappers; which pointer a helper called in a scope is given (the call is
/// checked by the scope whatever its arguments); an access after a scope is
/// tied to it by source order, not by path.
///
// Confidence: Moderate
// Copyright: (C) 2026 uaccess_check authors.
// Comments: facts from SmPL rules are joined by a Python rule run once per file.
// Options: --no-includes --include-headers
// Keywords: unsafe_put_user, unsafe_get_user, unsafe_copy_to_user, unsafe_copy_from_user,
// Keywords: unsafe_try_cmpxchg_user, unsafe_atomic_op1, unsafe_atomic_op2,
// Keywords: unsafe_put_compat_sigset, unsafe_get_compat_sigset, unsafe_save_altstack,
// Keywords: unsafe_compat_save_altstack, unsafe_get_user_sigset, unsafe_copy_fpr_to_user,
// Keywords: unsafe_copy_vsx_to_user, unsafe_copy_ckfpr_to_user, unsafe_copy_ckvsx_to_user,
// Keywords: unsafe_copy_fpr_from_user, unsafe_copy_vsx_from_user, unsafe_copy_ckfpr_from_user,
// Keywords: unsafe_copy_ckvsx_from_user

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
    "unsafe_put_compat_sigset": (0, "w"), "unsafe_get_compat_sigset": (1, "r"),
    "unsafe_save_altstack": (0, "w"), "unsafe_compat_save_altstack": (0, "w"),
    "unsafe_get_user_sigset": (1, "r"),
    "unsafe_copy_fpr_to_user": (0, "w"), "unsafe_copy_vsx_to_user": (0, "w"),
    "unsafe_copy_ckfpr_to_user": (0, "w"), "unsafe_copy_ckvsx_to_user": (0, "w"),
    "unsafe_copy_fpr_from_user": (1, "r"), "unsafe_copy_vsx_from_user": (1, "r"),
    "unsafe_copy_ckfpr_from_user": (1, "r"), "unsafe_copy_ckvsx_from_user": (1, "r"),
}
UNCHECKED_BEGINS = ("__uaccess_begin", "__uaccess_begin_nospec")

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

_DEFINES = {}

def define_ranges(fname):
    """[(first line, last line, macro name)] of the macro definitions of a file."""
    if fname not in _DEFINES:
        ranges = []
        try:
            lines = open(fname, errors="replace").read().split("\n")
        except OSError:
            lines = []
        i = 0
        while i < len(lines):
            m = re.match(r"\s*\x23\s*define\s+([A-Za-z_]\w*)", lines[i])
            j = i
            while j < len(lines) and lines[j].rstrip().endswith(chr(92)):
                j += 1
            if m:
                ranges.append((i + 1, j + 1, m.group(1)))
            i = j + 1
        _DEFINES[fname] = ranges
    return _DEFINES[fname]

def enclosing(p):
    """('function'|'macro', name) enclosing a position."""
    line = int(p.line)
    for first, last, name in define_ranges(p.file):
        if first <= line <= last:
            return "macro", name
    return "function", p.current_element

_MACRO_TEXT = {}

def wrapper_macro(fname, name):
    """A macro of the file whose body calls `name` (spatch does not parse
    bodies such as do { } while (0); with a trailing semicolon)."""
    if fname not in _MACRO_TEXT:
        try:
            lines = open(fname, errors="replace").read().split("\n")
        except OSError:
            lines = []
        bodies = []
        for first, last, mname in define_ranges(fname):
            bodies.append((mname, " ".join(lines[first - 1:last])))
        _MACRO_TEXT[fname] = bodies
    for mname, body in _MACRO_TEXT[fname]:
        if mname != name and re.search(r"\b" + re.escape(name) + r"\s*\(", body):
            return mname
    return None

def effective(p, kind, name):
    """The name whose call sites must be examined for a helper: the helper
    itself, or the macro of the file that wraps it."""
    if kind == "function":
        m = wrapper_macro(p.file, name)
        if m:
            F.calls[("macro-text", name, m)] = (name, None, "macro", m)
            return m
    return name

def pretty(e):
    """spatch prints expressions with spaces between tokens: & p -> a [ 1 ]."""
    s = re.sub(r"\s*(->|\.|\[|\])\s*", r"\1", str(e))
    s = re.sub(r"([&*(])\s+", r"\1", s)
    s = re.sub(r"\s+\)", ")", s)
    return s.strip()

def key(p):
    return (p.file, int(p.line), int(p.column))

class Facts:
    def __init__(self):
        self.access = {}      # key -> dict
        self.unguarded = set()
        self.calls = {}       # key -> (callee, pos, enclosing kind, enclosing name)
        self.unguarded_calls = set()
        self.refs = {}        # name -> number of references that are not calls
        self.checks = []      # (kind, name, root, function)
        self.aliases = []     # (function, lhs root, rhs root)
        self.inverted = []    # (pos, name)
        self.failed_path = set()
        self.kernel_calls = set()
        self.discarded = []
        self.scoped = {}      # key of a call inside a scope -> (scope, pointer, scope pos)
        self.inline = []      # (get/put_user_inline, pointer, pos)

F = Facts()
KEEP = set()
REPORTS = []

def reset():
    F.__init__()
    KEEP.clear()
    del REPORTS[:]
    _DEFINES.clear()
    _MACRO_TEXT.clear()

def keep(p):
    return key(p[0]) in KEEP

def add_check(name, args, p):
    a = [str(x) for x in args.elements]
    r = root(a[0])[0] if a else None
    kind = "unchecked" if name in UNCHECKED_BEGINS else "check"
    F.checks.append((kind, name, r, p[0].current_element, int(p[0].line)))

@has@
position p;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_atomic_op1,
  unsafe_atomic_op2, unsafe_put_compat_sigset, unsafe_get_compat_sigset,
  unsafe_save_altstack, unsafe_compat_save_altstack, unsafe_get_user_sigset,
  unsafe_copy_fpr_to_user, unsafe_copy_vsx_to_user, unsafe_copy_ckfpr_to_user,
  unsafe_copy_ckvsx_to_user, unsafe_copy_fpr_from_user,
  unsafe_copy_vsx_from_user, unsafe_copy_ckfpr_from_user,
  unsafe_copy_ckvsx_from_user};
expression list es;
@@
A@p(es)

@script:python enc@
p << has.p;
A << has.A;
es << has.es;
h;
@@
kind, name = enclosing(p[0])
idx, mode = ACCESSORS[A]
args = [str(x) for x in es.elements]
ptr = pretty(args[idx]) if idx < len(args) else ""
F.access[key(p[0])] = dict(pos=p, name=A, ptr=ptr, kind=kind, fn=name, mode=mode)
coccinelle.h = cocci.make_ident(effective(p[0], kind, name))

@unga depends on has exists@
identifier has.A;
position has.p;
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
A@p@q(...)
... when any
}

@script:python@
q << unga.q;
@@
F.unguarded.add(key(q[0]))

// helpers, level 1: calls of functions and macros that contain accesses
@call1 depends on has@
identifier enc.h;
position pc;
@@
h@pc(...)

@script:python enc1@
h << enc.h;
pc << call1.pc;
h1;
@@
kind, name = enclosing(pc[0])
F.calls[key(pc[0])] = (str(h), pc, kind, name)
name = effective(pc[0], kind, name)
coccinelle.h1 = cocci.make_ident(name)

@ung1 depends on has exists@
identifier enc.h;
position call1.pc;
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
h@pc@q(...)
... when any
}

@script:python@
pc << ung1.q;
@@
F.unguarded_calls.add(key(pc[0]))

// references other than calls (function pointers): callers the script cannot see
@ref1 depends on has@
identifier enc.h;
position pr;
@@
h@pr

@script:python@
h << enc.h;
pr << ref1.pr;
@@
F.refs.setdefault(str(h), set()).add(key(pr[0]))

// helpers, level 2: calls of functions and macros that contain accesses
@call2 depends on has@
identifier enc1.h1;
position pc;
@@
h1@pc(...)

@script:python enc2@
h << enc1.h1;
pc << call2.pc;
h2;
@@
kind, name = enclosing(pc[0])
F.calls[key(pc[0])] = (str(h), pc, kind, name)
name = effective(pc[0], kind, name)
coccinelle.h2 = cocci.make_ident(name)

@ung2 depends on has exists@
identifier enc1.h1;
position call2.pc;
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
h1@pc@q(...)
... when any
}

@script:python@
pc << ung2.q;
@@
F.unguarded_calls.add(key(pc[0]))

// references other than calls (function pointers): callers the script cannot see
@ref2 depends on has@
identifier enc1.h1;
position pr;
@@
h1@pr

@script:python@
h << enc1.h1;
pr << ref2.pr;
@@
F.refs.setdefault(str(h), set()).add(key(pr[0]))

// helpers, level 3: calls of functions and macros that contain accesses
@call3 depends on has@
identifier enc2.h2;
position pc;
@@
h2@pc(...)

@script:python enc3@
h << enc2.h2;
pc << call3.pc;
h3;
@@
kind, name = enclosing(pc[0])
F.calls[key(pc[0])] = (str(h), pc, kind, name)
name = effective(pc[0], kind, name)
coccinelle.h3 = cocci.make_ident(name)

@ung3 depends on has exists@
identifier enc2.h2;
position call3.pc;
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
h2@pc@q(...)
... when any
}

@script:python@
pc << ung3.q;
@@
F.unguarded_calls.add(key(pc[0]))

// references other than calls (function pointers): callers the script cannot see
@ref3 depends on has@
identifier enc2.h2;
position pr;
@@
h2@pr

@script:python@
h << enc2.h2;
pr << ref3.pr;
@@
F.refs.setdefault(str(h), set()).add(key(pr[0]))

// helpers, level 4: calls of functions and macros that contain accesses
@call4 depends on has@
identifier enc3.h3;
position pc;
@@
h3@pc(...)

@script:python enc4@
h << enc3.h3;
pc << call4.pc;
h4;
@@
kind, name = enclosing(pc[0])
F.calls[key(pc[0])] = (str(h), pc, kind, name)
name = effective(pc[0], kind, name)
coccinelle.h4 = cocci.make_ident(name)

@ung4 depends on has exists@
identifier enc3.h3;
position call4.pc;
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
h3@pc@q(...)
... when any
}

@script:python@
pc << ung4.q;
@@
F.unguarded_calls.add(key(pc[0]))

// references other than calls (function pointers): callers the script cannot see
@ref4 depends on has@
identifier enc3.h3;
position pr;
@@
h3@pr

@script:python@
h << enc3.h3;
pr << ref4.pr;
@@
F.refs.setdefault(str(h), set()).add(key(pr[0]))

// powerpc emulation code calls the same helper for kernel addresses, without
// a region: calls under if (is_kernel_addr(...)) are not user accesses
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
F.kernel_calls.add(key(pk[0]))

// 7.x scopes, scoped_user_{read,write,rw}_access[_size](ptr, [size,] label):
// everything called in the body (braced or a single statement: the braces
// isomorphism lets { ... } match both) runs in the region the scope opened on
// ptr, so accesses and helper calls there are checked.  Which pointer they use
// is uaccess_scoped.cocci's concern.  The scope is a statement, not a call:
// "... when != scoped(...)" would not see it, hence this rule and the body
// positions it records.
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
args = [pretty(x) for x in es.elements]
F.scoped[key(q[0])] = (str(S), args[0] if args else "", ps)

// get_user_inline(val, ptr) and put_user_inline(val, ptr) open and close a
// scope around one access: nothing after them is in a region
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
args = [pretty(x) for x in es.elements]
F.inline.append((str(I), args[1] if len(args) > 1 else "", pi))

// a masked begin whose result is discarded validates nothing
@discard depends on has@
identifier M = {masked_user_access_begin, masked_user_read_access_begin,
  masked_user_write_access_begin, masked_user_rw_access_begin};
position pm;
@@
M@pm(...);

@script:python@
M << discard.M;
pm << discard.pm;
@@
F.discarded.append((pm, str(M)))

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
add_check(str(C), es, p)

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
F.aliases.append((p[0].current_element, a, e))

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
F.aliases.append((p[0].current_element, a, e))

// if (user_access_begin(p, n)) return/goto: the region is used when the check failed
@inv depends on has exists@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin};
identifier has.A;
position has.p;
position q;
identifier l;
@@
(
if (B@q(...)) return ...;
|
if (B@q(...)) goto l;
)
...
A@p(...)

@script:python@
B << inv.B;
q << inv.q;
@@
F.inverted.append((q, str(B)))

// the access is on the path where the check failed
@failp depends on has exists@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, access_ok};
identifier has.A;
position has.p;
position q;
@@
if (!B(...)) { ... A@p@q(...) ... }

@script:python@
p << failp.q;
@@
F.failed_path.add(key(p[0]))

@script:python final depends on has@
@@
def closure(fn):
    parent = {}
    def find(x):
        while parent.get(x, x) != x:
            x = parent[x]
        return x
    for f, a, b in F.aliases:
        if f != fn:
            continue
        a, b = root(str(a))[0], root(str(b))[0]
        if a and b and find(a) != find(b):
            parent[find(a)] = find(b)
    return find

# a masked begin validates the pointer it returns, not its argument:
# x = masked_user_access_begin(p) checks x
masked_lhs = {}
for f, a, b in F.aliases:
    m = re.match(r"^\s*masked_user_\w*access_begin\s*\((.*)\)\s*$", str(b), re.S)
    if m:
        masked_lhs[(f, root(m.group(1))[0])] = root(str(a))[0]

checks_by_fn = {}
for kind, name, r, fn, line in F.checks:
    if name.startswith("masked_"):
        r = masked_lhs.get((fn, r), "unused result of %s()" % name)
    checks_by_fn.setdefault(fn, []).append((kind, name, r, line))

def real_checks(fn):
    return [c for c in checks_by_fn.get(fn, []) if c[0] == "check"]

def same_root(fn, r, croots):
    if r is None:
        return True   # unknown: assume it is checked
    find = closure(fn)
    for c in croots:
        if c is None or c == r or find(c) == find(r):
            return True
        # p->arr (an array member decays to an address) when p is checked
        if r.startswith(c + "->") or r.startswith(c + "."):
            return True
    return False

def own_check(a):
    """The function of the access checks its pointer on some path."""
    croots = [c[2] for c in real_checks(a["fn"])]
    return bool(croots) and same_root(a["fn"], root(a["ptr"])[0], croots)

# helpers: functions and macros whose accesses (or calls of helpers) are not
# checked inside them, so that their callers must open a checked region
needs = {}
def macro_scoped(a):
    """A wrapper macro that opens its own scope around its access
    (get_user_inline(), put_user_inline()): no helper, its callers need no
    check.  spatch does not parse such bodies, so the text is read."""
    wrapper_macro(a["pos"][0].file, "")   # fills _MACRO_TEXT
    for mname, body in _MACRO_TEXT.get(a["pos"][0].file, []):
        if mname == a["fn"]:
            m = SCOPE_RE.search(body)
            return bool(m) and m.start() < body.find(a["name"])
    return False

SCOPE_RE = re.compile(r"\bscoped_user_(?:read|write|rw)_access(?:_size)?\s*\(")
for k, a in F.access.items():
    if k in F.scoped:
        continue
    if a["kind"] == "macro" and not macro_scoped(a) or (k in F.unguarded and not own_check(a)):
        needs.setdefault(a["fn"], a)
calls_of = {}
for k, (callee, pc, kind, name) in F.calls.items():
    calls_of.setdefault(callee, []).append((k, pc, kind, name))
changed = True
while changed:
    changed = False
    for callee, sites in list(calls_of.items()):
        if callee not in needs:
            continue
        for k, pc, kind, name in sites:
            if (kind == "macro" or k in F.unguarded_calls) and k not in F.scoped \
                    and name not in needs and not real_checks(name):
                needs[name] = needs[callee]
                changed = True

CHECK_RE = re.compile(r"\b(?:access_ok|(?:masked_)?user_(?:read_|write_|rw_)?access_begin"
                      r"|scoped_user_(?:read|write|rw)_access(?:_size)?)\s*\(")
files = sorted(set(a["pos"][0].file for a in F.access.values()))
macro_names = set(n for f in files for _, _, n in define_ranges(f))

def textual_sites_checked(name):
    """Fallback for a wrapper macro whose calls spatch parsed as macro
    statements (its body did not parse): every textual call must follow a
    check written earlier in the same function (the function body starts
    at the previous line holding only an opening brace)."""
    found = False
    for fname in files:
        lines = open(fname, errors="replace").read().split(chr(10))
        inside = [(a, b) for a, b, n in define_ranges(fname)]
        for i, l in enumerate(lines, 1):
            if not re.search(r"\b" + re.escape(name) + r"\s*\(", l):
                continue
            if l.lstrip().startswith(("*", "/*", "//")):
                continue   # a comment
            if any(a <= i <= b for a, b in inside):
                continue
            j = i - 1
            while j > 0 and lines[j - 1].rstrip() != "{":
                j -= 1
            if j == 0 or not CHECK_RE.search(chr(10).join(lines[j - 1:i - 1])):
                return False
            found = True
    return found

def other_refs(name):
    calls = set(k for k, _, _, _ in calls_of.get(name, []))
    return bool(F.refs.get(name, set()) - calls)

def unchecked_sites(name):
    return [s for s in calls_of.get(name, []) if (s[2] == "macro" or s[0] in F.unguarded_calls)
            and s[0] not in F.kernel_calls and s[0] not in F.scoped]

def tops(name, stack=()):
    """Where a check is missing above helper `name`: a list of
    ('call', call position, callee) for unchecked calls in functions that
    check other things, and ('top', function) for helpers without visible
    callers.  Empty when every caller checks."""
    if name in stack:
        return []
    sites = calls_of.get(name, [])
    if not sites and name in macro_names and textual_sites_checked(name):
        return []
    if not sites or other_refs(name):
        return [("top", name)]
    res = []
    for k, pc, kind, caller in unchecked_sites(name):
        if caller in needs:
            res += tops(caller, stack + (name,))
        else:
            res.append(("call", pc, name))
    return res

# scopes of each function: (scope, pointer, line)
scopes_of = {}
for sname, ptr, ps in list(F.scoped.values()) + F.inline:
    scopes_of.setdefault(ps[0].current_element, set()).add((sname, ptr, int(ps[0].line)))

def scope_before(a):
    """The last scope of the access's function that starts before it, on its
    pointer or an alias: outside the body the scoped name is the raw pointer
    and the region is closed."""
    r = root(a["ptr"])[0]
    line = int(a["pos"][0].line)
    best = None
    for sname, ptr, sline in sorted(scopes_of.get(a["fn"], ()), key=lambda s: s[2]):
        sr = root(ptr)[0]
        if sline < line and r is not None and sr is not None and same_root(a["fn"], r, [sr]):
            best = (sname, ptr, sline)
    return best

reports = []   # (pos, message)
def rep(pos, msg):
    reports.append((pos, msg))

top_reported = set()
for k, a in sorted(F.access.items()):
    if a["kind"] == "macro" or k in F.scoped:
        continue
    fn = a["fn"]
    what = "%s() on '%s'" % (a["name"], a["ptr"])
    fchecks = checks_by_fn.get(fn, [])
    if k in F.failed_path:
        rep(a["pos"], "%s is on the path where the check failed [unchecked]" % what)
        continue
    if k in F.unguarded:
        sc = scope_before(a)
        if sc and sc[0].endswith("_inline"):
            rep(a["pos"], "%s follows %s() on '%s' at line %s, which opens and closes its own scope: no region is open here and '%s' is not validated [unchecked]" % (what, sc[0], sc[1], sc[2], root(sc[1])[0]))
            continue
        if sc:
            rep(a["pos"], "%s follows the scope %s() of '%s' at line %s but is outside it: after the scope '%s' is the unchecked pointer again and no region is open [unchecked]" % (what, sc[0], sc[1], sc[2], root(sc[1])[0]))
            continue
        if own_check(a):
            rep(a["pos"], "%s is not validated by access_ok() or a checking begin on every path: the check in '%s' does not cover every path to it [unchecked]" % (what, fn))
            continue
        unchecked_begin = [c for c in fchecks if c[0] == "unchecked"]
        extra = (" (only the unchecked %s() precedes it)" % unchecked_begin[0][1]) if unchecked_begin else ""
        ts = tops(fn)
        names = sorted(set(t[1] for t in ts if t[0] == "top"))
        if names == [fn]:
            rep(a["pos"], "%s relies on a check in the callers of '%s', none of which is in this file%s [unchecked]" % (what, fn, extra))
        elif names:
            rep(a["pos"], "%s is not validated in '%s' nor in its callers up to '%s', which have no caller in this file%s [unchecked]" % (what, fn, "', '".join(names), extra))
        for t in ts:
            if t[0] == "call":
                rep(t[1], "call to '%s' reaches %s() without access_ok() or a checking begin on every path [unchecked]" % (t[2], a["name"]))
        continue
    # every path is checked: is one of the checks on this pointer?
    real = real_checks(fn)
    r, _ = root(a["ptr"])
    if r is None or not real:
        continue
    croots = [c[2] for c in real]
    if not same_root(fn, r, croots):
        rep(a["pos"], "%s is not validated by access_ok() or a checking begin: the checks in '%s' validate a different pointer ('%s') [unchecked]" % (what, fn, "', '".join(sorted(set(croots)))))

for pos, name in F.discarded:
    rep(pos, "the result of %s() is discarded: it returns the pointer to access, the argument stays unchecked [unchecked]" % name)

for pos, name in F.inverted:
    rep(pos, "%s() succeeding leads to the exit but an access follows: the region is used when the check failed (inverted test) [unchecked]" % name)

seen = set()
for pos, msg in sorted(reports, key=lambda r: (key(r[0][0]), r[1])):
    if (key(pos[0]), msg) in seen:
        continue
    seen.add((key(pos[0]), msg))
    KEEP.add(key(pos[0]))
    REPORTS.append((pos, msg))

@script:python depends on report && has@
@@
for pos, msg in REPORTS:
    coccilib.report.print_report(pos[0], msg)

@script:python depends on org && has@
@@
for pos, msg in REPORTS:
    coccilib.org.print_todo(pos[0], msg)

@depends on context && has@
identifier has.A;
position has.p : script:python() { keep(p) };
@@
* A@p(...)

@depends on context && has@
identifier g;
position pc : script:python() { keep(pc) };
@@
* g@pc(...)

@script:python depends on has@
@@
reset()

