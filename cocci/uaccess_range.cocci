// SPDX-License-Identifier: GPL-2.0-only
/// Find unsafe accessors that touch bytes their pointer's check does not
/// cover, where the source shows both ranges [range]:
///  - a check of sizeof(*p), sizeof(struct S), sizeof(p->a) or a constant,
///    at p, &p->a or p + n, and an access at &p->field, &p->a.b, p + n,
///    &p[n], through a cast to a wider type, through a local set once from
///    one of those (dirent = prev + 1), or a constant-length copy;
///  - a masked pointer (masked_user_access_begin(), a 7.x scope without a
///    size) and an access outside the 4096 bytes it covers;
///  - the call of a helper of the file that accesses more of its parameter
///    than the caller checked.
/// Checks are access_ok(), the checking begins and, in Linux 7.x, the scopes
/// with a size, scoped_user_{read,write,rw}_access_size(ptr, size, label)
/// (a check of size bytes where the architecture does not mask).  The words
/// are the plugin's: bytes A..B of 'root', beyond the N bytes checked.
///
/// What the script cannot see: struct layouts that are not in the file
/// (headers), packed or aligned structs, bitfields, array lengths given by
/// macros; sizes are those of the 64-bit ABI (long and pointers are 8
/// bytes); run-time lengths and offsets; a local set more than once (it is
/// followed only when it is set once and then only advanced: "bytes from
/// N"); checks in callers.  Any check of the pointer in the function that
/// covers the access, or whose range is unknown, silences it.
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
import os, sys
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(a)), "lib")
                for a in open("/proc/self/cmdline").read().split("\0") if a.endswith(".cocci")][:1]
import re
import layout
import vocab
from cexpr import key, pretty

#: accessor -> (index of the user pointer, index of the length or None: the pointed-to type)
ACCESSORS = {a.name: (a.ptr, a.size if isinstance(a.size, int) else None)
             for a in vocab.primitives.select(kind="accessor")}

CHECKS = []     # (function, pointer text, size text or None: masked, pos)
ACCESSES = []   # (function, accessor, pointer text, length text or None, pos)
CALLS = []      # (function, callee, [argument texts], pos)
SETS, BUMPS, ROOTS = {}, {}, {}   # function -> name -> [...]
KEEP = set()
MODE = set()
LAYOUTS = {}

def is_helper(h):
    return any(a[0] == str(h) for a in ACCESSES)

def keep(p):
    return key(p[0]) in KEEP

def fn_of(p):
    return p[0].current_element

def frame(fn, line, f):
    """The function fn of file f as layout.Frame sees it (declarations before line)."""
    if f not in LAYOUTS:
        with open(f, errors="replace") as fd:
            LAYOUTS.clear()
            LAYOUTS[f] = layout.Layouts(fd.read())
    return layout.Frame(LAYOUTS[f], line, SETS.get(fn, {}), BUMPS.get(fn, {}), ROOTS.get(fn, set()))

def set_of(x, e, p):
    if ("set",) + key(p[0]) in KEEP:
        return    # the initializer of a declaration matches both rules
    KEEP.add(("set",) + key(p[0]))
    SETS.setdefault(fn_of(p), {}).setdefault(str(x), []).append(pretty(e))
    if re.match(r"\w*masked_user\w*access_begin\s*\(", pretty(e)):
        ROOTS.setdefault(fn_of(p), set()).add(str(x))
        CHECKS.append((fn_of(p), str(x), None, p))

@script:python depends on report@
@@
MODE.add("report")

@script:python depends on org@
@@
MODE.add("org")

@has@
identifier C = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, access_ok};
expression E, S;
position p;
@@
C@p(E, S)

@script:python@
E << has.E;
S << has.S;
p << has.p;
@@
CHECKS.append((fn_of(p), pretty(E), pretty(S), p))

// 7.x scopes: with a size, a check of size bytes; without, a masked pointer
// (the rule names the scopes literally, so that spatch skips the files that
// have none; a regular expression alone would make it parse every file)
@hass@
iterator name scoped_user_read_access_size, scoped_user_write_access_size,
  scoped_user_rw_access_size, scoped_user_read_access, scoped_user_write_access,
  scoped_user_rw_access;
expression list es;
statement B;
@@
(
scoped_user_read_access_size(es) B
|
scoped_user_write_access_size(es) B
|
scoped_user_rw_access_size(es) B
|
scoped_user_read_access(es) B
|
scoped_user_write_access(es) B
|
scoped_user_rw_access(es) B
)

@hass2 depends on hass@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
expression list es;
statement B;
position p;
@@
S@p(es) B

@script:python@
es << hass2.es;
p << hass2.p;
@@
a = [pretty(x) for x in es.elements]
if len(a) in (2, 3) and re.fullmatch(r"[A-Za-z_]\w*", a[0]):
    ROOTS.setdefault(fn_of(p), set()).add(a[0])
    CHECKS.append((fn_of(p), a[0], a[1] if len(a) == 3 else None, p))

@hasm@
identifier M = {masked_user_access_begin, masked_user_read_access_begin,
  masked_user_write_access_begin, masked_user_rw_access_begin};
@@
M(...)

@sets depends on has || hass || hasm@
identifier x;
expression E;
position p;
@@
x@p = E

@script:python@
x << sets.x;
E << sets.E;
p << sets.p;
@@
set_of(x, E, p)

@setd depends on has || hass || hasm@
identifier x;
expression E;
type T;
position p;
@@
T x@p = E;

@script:python@
x << setd.x;
E << setd.E;
p << setd.p;
@@
set_of(x, E, p)

@acc depends on has || hass || hasm@
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
    n = a[nidx] if nidx is not None and nidx < len(a) else None
    ACCESSES.append((fn_of(p), str(A), a[idx], n, p))

@inc depends on acc@
identifier x;
position p;
@@
(
x@p++
|
 (++x@p)
)

@script:python@
x << inc.x;
p << inc.p;
@@
BUMPS.setdefault(fn_of(p), {}).setdefault(str(x), []).append(1)

@bump depends on acc@
identifier x;
expression E;
position p;
@@
(
x@p += E
|
x@p -= E
|
x@p--
|
 (--x@p)
)

@script:python@
x << bump.x;
p << bump.p;
@@
BUMPS.setdefault(fn_of(p), {}).setdefault(str(x), []).append(None)

@hcall depends on acc@
identifier h : script:python() { is_helper(h) };
expression list es;
position p;
@@
h@p(es)

@script:python@
h << hcall.h;
es << hcall.es;
p << hcall.p;
@@
CALLS.append((fn_of(p), str(h), [pretty(x) for x in es.elements], p))

@script:python depends on acc@
@@
REPORTS = []
for p, mid, fields in layout.findings(frame, CHECKS, ACCESSES, CALLS):
    REPORTS.append((p, vocab.say("range", mid, **fields)))

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

@depends on context && acc@
identifier g;
position p : script:python() { keep(p) };
@@
* g@p(...)

@script:python@
@@
for d in (SETS, BUMPS, ROOTS):
    d.clear()
del CHECKS[:], ACCESSES[:], CALLS[:]
KEEP.clear()
