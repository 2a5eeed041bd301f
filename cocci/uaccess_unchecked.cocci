// SPDX-License-Identifier: GPL-2.0-only
/// Find unsafe user accessors (unsafe_put_user(), unsafe_get_user(),
/// unsafe_copy_{to,from}_user(), unsafe_try_cmpxchg_user(), the header wrappers
/// such as unsafe_put_compat_sigset()) that are not validated by access_ok() or
/// a checking begin (user_{,read_,write_,rw_}access_begin(),
/// masked_user_*access_begin()) on every path from the function entry
/// [unchecked].  Also reported: an access preceded only by the unchecked
/// __uaccess_begin(), a region opened only when the begin failed (inverted
/// test), and an access whose function checks only other pointers.
///
/// Callers pass: a helper function or a wrapper macro of the same file whose
/// accesses are not checked inside it is not reported when every call to it
/// is preceded by a check (two levels of helpers are followed); otherwise the
/// unchecked call is reported, or, when the helper has no caller in the file,
/// its accesses are reported as relying on callers the script cannot see.
///
/// What the script cannot see: callers in other files (exported helpers and
/// function pointers are reported as relying on unseen callers); which pointer
/// a helper's caller checked (only that it checked one); aliases other than
/// plain assignments and initialisations (a check on an unrelated pointer
/// counts); conditions combining a begin with && or || are one node (treated
/// as a check); macros from headers other than the known wrappers.
///
// Confidence: Moderate
// Copyright: (C) 2026 uaccess_check authors.
// Comments: facts from SmPL rules are joined by a Python rule run once per file.
// Options: --no-includes --include-headers
// Keywords: unsafe_put_user, unsafe_get_user, user_access_begin, access_ok

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

def split_args(s):
    """Top-level comma split of an argument list."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out

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
        for n, part in enumerate(parts):
            if n > 0 and part.startswith("->"):
                base = "".join(parts[:n])
                path = "".join(parts[n:])[2:]
                return base, path
            if part == "[]" and n > 0:
                return "".join(parts[:n]), "".join(parts[n:])
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

F = Facts()
KEEP = set()
REPORTS = []

def reset():
    F.__init__()
    KEEP.clear()
    del REPORTS[:]
    _DEFINES.clear()

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
ptr = args[idx] if idx < len(args) else ""
F.access[key(p[0])] = dict(pos=p, name=A, ptr=ptr, kind=kind, fn=name, mode=mode)
coccinelle.h = cocci.make_ident(name)

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

@callh depends on has@
identifier enc.h;
position pc;
@@
h@pc(...)

@script:python enc2@
h << enc.h;
pc << callh.pc;
h2;
@@
kind, name = enclosing(pc[0])
F.calls[key(pc[0])] = (str(h), pc, kind, name)
coccinelle.h2 = cocci.make_ident(name)

@ungh depends on has exists@
identifier enc.h;
position callh.pc;
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
pc << ungh.q;
@@
F.unguarded_calls.add(key(pc[0]))

@callh2 depends on has@
identifier enc2.h2;
position pc;
@@
h2@pc(...)

@script:python@
h2 << enc2.h2;
pc << callh2.pc;
@@
kind, name = enclosing(pc[0])
F.calls[key(pc[0])] = (str(h2), pc, kind, name)

@ungh2 depends on has exists@
identifier enc2.h2;
position callh2.pc;
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
pc << ungh2.q;
@@
F.unguarded_calls.add(key(pc[0]))

// A helper also referenced other than by a call (function pointer, export)
// has callers the script cannot see.
@refh depends on has@
identifier enc.h;
position pr;
@@
(
h(...)
|
h@pr
)

@script:python@
h << enc.h;
pr << refh.pr;
@@
F.refs[str(h)] = F.refs.get(str(h), 0) + 1

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
(
a@p = e
|
a@p += e
)

@script:python@
a << asg.a;
e << asg.e;
p << asg.p;
@@
F.aliases.append((p[0].current_element, root(a)[0], root(e)[0]))

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
F.aliases.append((p[0].current_element, str(a), root(e)[0]))

// if (user_access_begin(p, n)) return/goto: the region is used when the check failed
@inv depends on has@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, access_ok};
position p;
identifier l;
@@
(
if (B@p(...)) return ...;
|
if (B@p(...)) goto l;
|
if (B@p(...)) { ... return ...; }
|
if (B@p(...)) { ... goto l; }
)

@script:python@
B << inv.B;
p << inv.p;
@@
F.inverted.append((p, str(B)))

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
        if f == fn and a and b:
            parent[find(a)] = find(b)
    return find

checks_by_fn = {}
for kind, name, r, fn, line in F.checks:
    checks_by_fn.setdefault(fn, []).append((kind, name, r, line))

# Which helpers (functions or macros containing unguarded accesses or
# unguarded calls to such helpers) are covered by all their callers.
needs = {}   # helper name -> list of (what, access dict) explaining why
for k, a in F.access.items():
    if a["kind"] == "macro" or (k in F.unguarded and not any(
            c[0] == "check" for c in checks_by_fn.get(a["fn"], []))):
        needs.setdefault(a["fn"], []).append(a)
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
            if (kind == "macro" or k in F.unguarded_calls) and name not in needs \
                    and not any(c[0] == "check" for c in checks_by_fn.get(name, [])):
                needs[name] = needs[callee]
                changed = True

ok_cache = {}
def covered(name, stack=()):
    """True when every call of helper `name` in the file is checked."""
    if name in ok_cache:
        return ok_cache[name]
    if name in stack:
        return False
    sites = calls_of.get(name, [])
    if not sites or F.refs.get(name, 0) > len(sites):
        ok_cache[name] = False
        return False
    res = True
    for k, pc, kind, caller in sites:
        if kind == "macro" or k in F.unguarded_calls:
            if caller not in needs or not covered(caller, stack + (name,)):
                res = False
    ok_cache[name] = res
    return res

reports = []   # (pos, message)
def rep(pos, msg):
    reports.append((pos, msg))

for k, a in sorted(F.access.items()):
    if a["kind"] == "macro":
        continue
    fn = a["fn"]
    what = "%s() on '%s'" % (a["name"], a["ptr"])
    fchecks = checks_by_fn.get(fn, [])
    real = [c for c in fchecks if c[0] == "check"]
    if k in F.failed_path:
        rep(a["pos"], "%s is on the path where the check failed [unchecked]" % what)
        continue
    if k in F.unguarded:
        if real:
            rep(a["pos"], "%s is not validated by access_ok() or a checking begin on every path: the check in '%s' does not cover every path to it [unchecked]" % (what, fn))
            continue
        if covered(fn):
            continue
        sites = calls_of.get(fn, [])
        unchecked_begin = [c for c in fchecks if c[0] == "unchecked"]
        if not sites or F.refs.get(fn, 0) > len(sites):
            if unchecked_begin:
                rep(a["pos"], "%s follows only the unchecked %s() and relies on a check in the callers of '%s', none of which is in this file [unchecked]" % (what, unchecked_begin[0][1], fn))
            else:
                rep(a["pos"], "%s relies on a check in the callers of '%s', none of which is in this file [unchecked]" % (what, fn))
        continue
    # every path is checked: is one of the checks on this pointer?
    r, _ = root(a["ptr"])
    if r is None or not real:
        continue
    find = closure(fn)
    mine = find(r)
    croots = [c[2] for c in real]
    if any(c is None for c in croots):
        continue
    if not any(find(c) == mine or c == r for c in croots):
        rep(a["pos"], "%s is not validated by access_ok() or a checking begin: the checks in '%s' validate a different pointer ('%s') [unchecked]" % (what, fn, "', '".join(sorted(set(croots)))))

# unchecked calls of helpers that are not covered
for callee, sites in sorted(calls_of.items()):
    if callee not in needs:
        continue
    first = needs[callee][0]
    for k, pc, kind, caller in sorted(sites, key=lambda s: s[0]):
        if kind == "macro" or k not in F.unguarded_calls:
            continue
        if caller in needs and covered(caller):
            continue
        if caller in needs and (not calls_of.get(caller)):
            # the caller is itself a helper without visible callers
            rep(pc, "call to '%s' reaches %s() and relies on a check in the callers of '%s', none of which is in this file [unchecked]" % (callee, first["name"], caller))
            continue
        if caller in needs:
            continue  # reported at the unchecked calls of the caller
        rep(pc, "call to '%s' reaches %s() without access_ok() or a checking begin on every path [unchecked]" % (callee, first["name"]))

for pos, name in F.inverted:
    rep(pos, "%s() succeeding leads to the exit: the region is used when the check failed (inverted test) [unchecked]" % name)

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
identifier enc.h;
position callh.pc : script:python() { keep(pc) };
@@
* h@pc(...)

@script:python depends on has@
@@
reset()

