// SPDX-License-Identifier: GPL-2.0-only
/// Find unsafe accessors that touch more than the check of their pointer
/// covers, where the source shows both sizes [range]:
///  - a check of sizeof(T) (or a constant) on a pointer, and an access
///    through a cast of that pointer to a wider type, or an
///    unsafe_copy_{to,from}_user() of a larger constant length;
///  - a check on one member (&p->a, or p with sizeof(p->a)) and an access
///    to another member of the same pointer (&p->b).
/// Checks are access_ok(), the checking begins and, in Linux 7.x, the scopes
/// with a size, scoped_user_{read,write,rw}_access_size(ptr, size, label).
/// Sizes are those of the x86-64 / 64-bit ABI (long and pointers are 8
/// bytes); only basic kernel types are known.
///
/// What the script cannot see: the size of a type other than the basic
/// ones (struct sizes need the headers), run-time lengths, offsets added to
/// the pointer (p + n), and pointers derived from the checked one.  When a
/// function checks the same pointer more than once, the largest check is
/// used; checks in callers are not seen.
///
// Confidence: Moderate
// Copyright: (C) 2026 uaccess_check authors.
// Options: --no-includes --include-headers
// Keywords: unsafe_put_user, unsafe_get_user, unsafe_copy_to_user, unsafe_copy_from_user,
// Keywords: unsafe_try_cmpxchg_user

virtual context
virtual org
virtual report

@initialize:python@
@@
import re

ACCESSORS = {
    "unsafe_put_user": (1, None), "unsafe_get_user": (1, None),
    "unsafe_copy_to_user": (0, 2), "unsafe_copy_from_user": (1, 2),
    "unsafe_try_cmpxchg_user": (0, None),
}
SIZES = {}
for names, n in ((("char", "u8", "s8", "__u8", "__s8", "bool", "unsigned char", "signed char"), 1),
                 (("short", "u16", "s16", "__u16", "__s16", "__le16", "__be16", "unsigned short"), 2),
                 (("int", "u32", "s32", "__u32", "__s32", "__le32", "__be32", "unsigned int",
                   "unsigned", "compat_uptr_t", "compat_int_t", "compat_uint_t", "compat_long_t",
                   "compat_ulong_t", "compat_size_t", "compat_pid_t", "compat_uid_t", "compat_sigset_word",
                   "compat_clock_t"), 4),
                 (("long", "u64", "s64", "__u64", "__s64", "__le64", "__be64", "unsigned long",
                   "long long", "unsigned long long", "size_t", "ssize_t", "loff_t", "compat_u64",
                   "compat_s64", "uintptr_t", "void *"), 8)):
    for t in names:
        SIZES[t] = n

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

def type_size(t):
    t = re.sub(r"\b(const|volatile|__user)\b", "", t)
    t = re.sub(r"\s+", " ", t).strip()
    t = t.replace(" *", "*").replace("*", " *") if t.endswith("*") else t
    if t.endswith("*"):
        return 8
    return SIZES.get(t)

def const_size(e):
    """Bytes of a size expression when the source shows them, else None."""
    e = pretty(e).strip()
    while e.startswith("(") and e.endswith(")"):
        e = e[1:-1].strip()
    m = re.fullmatch(r"(\d+)[uUlL]*", e)
    if m:
        return int(m.group(1))
    m = re.fullmatch(r"sizeof\s*\(?\s*([A-Za-z_][\w\s]*?\**)\s*\)?", e)
    if m:
        return type_size(m.group(1))
    m = re.fullmatch(r"(\d+)\s*\*\s*sizeof\s*\(\s*([A-Za-z_][\w\s]*?\**)\s*\)", e)
    if m and type_size(m.group(2)):
        return int(m.group(1)) * type_size(m.group(2))
    return None

_CASTTYPE = re.compile(r"^\(\s*([A-Za-z_][\w\s]*?)\s*__user\s*\*\s*\)")

def cast_size(ptr):
    m = _CASTTYPE.match(pretty(ptr))
    return type_size(m.group(1)) if m else None

def sizeof_member(e, r):
    """sizeof(r->m) / sizeof(r->m.n) -> 'm' / 'm.n'."""
    m = re.fullmatch(r"sizeof\s*\(\s*" + re.escape(r) + r"\s*->\s*([\w.\[\]>-]+)\s*\)", pretty(e))
    return m.group(1) if m else None

CHECKS = []     # (function, root, path, size expr, bytes, pos)
ACCESSES = []   # (function, name, ptr, root, path, bytes, pos)
REPORTS = []
KEEP = set()
MODE = set()

def keep(p):
    return key(p[0]) in KEEP

@script:python depends on report@
@@
MODE.add("report")

@script:python depends on org@
@@
MODE.add("org")

@has@
identifier C = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, access_ok};
expression list es;
position p;
@@
C@p(es)

@script:python@
es << has.es;
p << has.p;
@@
a = [pretty(x) for x in es.elements]
if len(a) == 2:
    r, path = root(a[0])
    if r:
        CHECKS.append((p[0].current_element, r, path, a[1], const_size(a[1]), p))

// 7.x: scoped_user_{read,write,rw}_access_size(ptr, size, label) checks size
// bytes at ptr (on architectures that mask instead, the size is what the
// programmer claims the scope covers, and the guard hole only catches small
// overruns)
@hassize@
iterator name scoped_user_read_access_size, scoped_user_write_access_size,
  scoped_user_rw_access_size;
expression list es;
statement B;
@@
(
scoped_user_read_access_size(es) B
|
scoped_user_write_access_size(es) B
|
scoped_user_rw_access_size(es) B
)

// (the rule above names the scopes literally, so that spatch skips the files
// that have none; a regular expression would make it parse every file)
@hass depends on hassize@
iterator S =~ "^scoped_user_(read|write|rw)_access_size$";
expression list es;
statement B;
position p;
@@
S@p(es) B

@script:python@
es << hass.es;
p << hass.p;
@@
a = [pretty(x) for x in es.elements]
if len(a) == 3:
    r, path = root(a[0])
    if r:
        CHECKS.append((p[0].current_element, r, path, a[1], const_size(a[1]), p))

@acc depends on has || hass@
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user};
expression list es;
position p;
@@
A@p(es)

@script:python@
A << acc.A;
es << acc.es;
p << acc.p;
@@
a = [pretty(x) for x in es.elements]
idx, nidx = ACCESSORS[str(A)]
if idx < len(a):
    ptr = a[idx]
    r, path = root(ptr)
    if r:
        n = const_size(a[nidx]) if nidx is not None and nidx < len(a) else cast_size(ptr)
        ACCESSES.append((p[0].current_element, str(A), ptr, r, path, n, p))

@script:python depends on has || hass@
@@
for fn, name, ptr, r, path, n, p in ACCESSES:
    mine = [c for c in CHECKS if c[0] == fn and c[1] == r]
    if not mine:
        continue
    whole = [c for c in mine if c[2] == "" and not sizeof_member(c[3], r)]
    # 1. wider than a constant check on the bare pointer
    if whole and not path and n is not None and not re.search(r"\+|-(?!>)", ptr.split(")", 1)[-1] if ptr.startswith("(") else ptr):
        sizes = [c[4] for c in whole]
        if all(s is not None for s in sizes) and n > max(sizes):
            c = max(whole, key=lambda c: c[4])
            msg = "%s() accesses bytes 0..%d of '%s', beyond the %d bytes checked at line %s [range]" % (
                name, n - 1, r, c[4], c[5][0].line)
            REPORTS.append((p, msg))
            continue
    if whole:
        continue
    # 2. a check on one member, an access to another
    covered = []
    for c in mine:
        mem = c[2] if c[2] else sizeof_member(c[3], r)
        if mem is None:
            covered = None
            break
        covered.append((mem, c))
    if covered is None or not covered:
        continue
    top = re.split(r"\.|->|\[", path)[0] if path else ""
    ok = False
    for mem, c in covered:
        if path == mem or path.startswith(mem + ".") or path.startswith(mem + "[") or path.startswith(mem + "->"):
            ok = True
    if not ok and path:
        mem, c = covered[0]
        msg = "%s() accesses '%s->%s', outside '%s->%s' checked at line %s [range]" % (
            name, r, path, r, mem, c[5][0].line)
        REPORTS.append((p, msg))

seen = set()
for p, msg in sorted(REPORTS, key=lambda x: (key(x[0][0]), x[1])):
    if (key(p[0]), msg) in seen:
        continue
    seen.add((key(p[0]), msg))
    KEEP.add(key(p[0]))
    if "report" in MODE:
        coccilib.report.print_report(p[0], msg)
    if "org" in MODE:
        coccilib.org.print_todo(p[0], msg)

@depends on context && (has || hass)@
identifier g;
position p : script:python() { keep(p) };
@@
* g@p(...)

@script:python depends on has || hass@
@@
del CHECKS[:]
del ACCESSES[:]
del REPORTS[:]
KEEP.clear()
