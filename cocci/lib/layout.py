"""Byte ranges of user pointers as the source shows them, for uaccess_range.cocci.

Struct layouts are computed from the definitions in the file itself (natural alignment, the
64-bit ABI: long and pointers are 8 bytes); packed or aligned structs, bitfields, arrays of
a non-constant length and unknown types make a layout unknown (None), never a guess.

`Frame` holds what the script recorded of one function (declarations come from the file text,
single assignments and increments of locals from SmPL rules) and answers `locate(expr)`:
(root, first byte, pointee type) of a pointer expression, the root named like the plugin names
it (a local set once from a load `a->buf` is 'a->buf').
"""

import bisect
import re

from cexpr import strip_parens
from vocab import messages

BASIC = {}
for _names, _n in ((("char", "u8", "s8", "__u8", "__s8", "bool", "_Bool", "unsigned char",
                     "signed char", "void"), 1),
                   (("short", "u16", "s16", "__u16", "__s16", "__le16", "__be16", "unsigned short",
                     "short int", "unsigned short int", "compat_ushort_t", "compat_short_t"), 2),
                   (("int", "u32", "s32", "__u32", "__s32", "__le32", "__be32", "unsigned int",
                     "unsigned", "signed int", "compat_uptr_t", "compat_int_t", "compat_uint_t",
                     "compat_long_t", "compat_ulong_t", "compat_size_t", "compat_pid_t",
                     "compat_uid_t", "compat_gid_t", "compat_sigset_word", "compat_clock_t",
                     "compat_off_t", "compat_time_t", "compat_mode_t"), 4),
                   (("long", "u64", "s64", "__u64", "__s64", "__le64", "__be64", "unsigned long",
                     "long int", "unsigned long int", "long long", "unsigned long long",
                     "size_t", "ssize_t", "loff_t", "uintptr_t", "__kernel_size_t",
                     "__aligned_u64"), 8)):
    for _t in _names:
        BASIC[_t] = _n
# x86's compat_u64 is 4-aligned, other architectures' 8: a layout that depends on it is unknown
AMBIGUOUS = {"compat_u64": 8, "compat_s64": 8}

_QUAL = re.compile(r"\b(?:const|volatile|__user|__iomem|__force|__rcu|restrict|__restrict)\b")
_NUM = re.compile(r"^\(?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?$")
_SUFFIX = re.compile(r"\s*(->|\.)\s*([A-Za-z_]\w*)|\s*\[")
PAGE = 4096
_SPACES = re.compile(r"\s*")


def norm_type(t):
    """'const struct s __user *' -> 'struct s *'; 'unsigned  int' -> 'unsigned int'."""
    t = _QUAL.sub(" ", t)
    t = re.sub(r"\s+", " ", t).strip()
    stars = t.count("*")
    t = t.replace("*", "").strip()
    return t + " " + "*" * stars if stars else t


def pointee(t):
    t = norm_type(t) if t else t
    if not t or not t.endswith("*"):
        return None
    return t[:-1].strip()


def number(s):
    m = _NUM.match(s.strip())
    return int(m.group(1), 0) if m else None


def _blank(text):
    """Comments and preprocessor lines blanked, newlines kept."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"(?m)^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", "", text)


def _split(s, sep):
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur]


def _close(s, i):
    """Index of the bracket closing s[i]."""
    depth = 0
    for k in range(i, len(s)):
        depth += s[k] in "([{"
        depth -= s[k] in ")]}"
        if depth == 0:
            return k
    return -1


class Layouts:
    """The structs and unions defined in one file's text."""

    def __init__(self, text):
        self.text = _blank(text)
        self.bodies = {}      # 'struct s' -> (kind, body text)
        self.typedefs = {}    # name -> type text
        self.cache = {}
        self._decl_cache = {}   # name -> [(line, type)]
        self._idx = None
        for m in re.finditer(r"\b(typedef\s+)?(struct|union)\s+(\w+)?\s*\{", self.text):
            end = _close(self.text, m.end() - 1)
            if end < 0:
                continue
            body = self.text[m.end():end]
            tail = re.match(r"\s*(?:__packed|__attribute__|__aligned|__randomize_layout)?", self.text[end + 1:])
            if tail.group(0).strip():
                body += ";__packed;"
            if m.group(3):
                self.bodies.setdefault("%s %s" % (m.group(2), m.group(3)), (m.group(2), body))
            if m.group(1):
                name = re.match(r"\s*(\w+)\s*;", self.text[end + 1:])
                if name:
                    key = "%s %s" % (m.group(2), m.group(3)) if m.group(3) else "anon@%d" % m.start()
                    self.bodies.setdefault(key, (m.group(2), body))
                    self.typedefs[name.group(1)] = key
        for m in re.finditer(r"\btypedef\s+([\w\s]+?)\s*\b(\w+)\s*;", self.text):
            self.typedefs.setdefault(m.group(2), m.group(1))

    def size_align(self, t):
        """(size, alignment) of a type, or None."""
        t = norm_type(t)
        if t.endswith("*"):
            return 8, 8
        if t in self.typedefs and t not in BASIC:
            return self.size_align(self.typedefs[t])
        if t in BASIC:
            return BASIC[t], BASIC[t]
        if t.startswith("enum "):
            return 4, 4
        lay = self.layout(t)
        return (lay[0], lay[1]) if lay else None

    def layout(self, t):
        """(size, align, {field: (offset, type text, dims)}) of a struct or union, or None."""
        t = norm_type(t)
        if t in self.typedefs:
            t = self.typedefs[t]
        if t not in self.bodies:
            return None
        if t not in self.cache:
            self.cache[t] = None   # a recursive definition stays unknown
            self.cache[t] = self._compute(*self.bodies[t])
        return self.cache[t]

    def _compute(self, kind, body):
        if re.search(r"__packed|__attribute__|__aligned|__randomize|\bstruct_group", body):
            return None
        fields, off, size, align = {}, 0, 0, 1
        for decl in _split(body, ";"):
            decl = _QUAL.sub(" ", decl).strip()
            if not decl:
                continue
            if ":" in decl.replace("::", ""):
                return None
            inner = re.match(r"(struct|union)\s*(\w+)?\s*\{", decl)
            if inner:
                end = _close(decl, inner.end() - 1)
                sub = self._compute(inner.group(1), decl[inner.end():end])
                if sub is None:
                    return None
                rest = decl[end + 1:].strip()
                members = [("", "@", sub)] if not rest else [(d, "@", sub) for d in _split(rest, ",")]
            else:
                m = re.match(r"((?:(?:const|volatile|struct|union|enum|unsigned|signed|__user)\s+)*\w+)(.*)$", decl, re.S)
                if not m:
                    return None
                members = [(d, m.group(1), None) for d in _split(m.group(2), ",")]
            for d, base, sub in members:
                dm = re.match(r"\s*(\**)\s*(?:const\s+)?(\w*)\s*((?:\[[^\]]*\]\s*)*)$", d)
                if not dm or (not dm.group(2) and base != "@"):
                    return None
                ftype = base + " " + dm.group(1) if dm.group(1) else base
                dims = [number(x) if x.strip() else 0 for x in re.findall(r"\[([^\]]*)\]", dm.group(3))]
                if any(x is None for x in dims):
                    return None
                if base == "@":
                    if dm.group(1):
                        fsize, falign = 8, 8
                    else:
                        fsize, falign = sub[0], sub[1]
                elif norm_type(ftype) in AMBIGUOUS:
                    fsize, falign = AMBIGUOUS[norm_type(ftype)], None
                else:
                    sa = self.size_align(ftype)
                    if sa is None:
                        return None
                    fsize, falign = sa
                if falign is None:   # 4 or 8: fine only where both give the same layout
                    if off % 8:
                        return None
                    falign = 8
                n = 1
                for x in dims:
                    n *= x
                start = 0 if kind == "union" else (off + falign - 1) // falign * falign
                entry = (start, sub if base == "@" and not dm.group(1) else ftype, dims)
                if base == "@" and not dm.group(2):
                    for k, (o, ft, dd) in sub[2].items():   # anonymous member: fields promoted
                        fields[k] = (start + o, ft, dd)
                else:
                    fields[dm.group(2)] = entry
                off = start + fsize * n
                size = max(size, off)
                align = max(align, falign)
        size = (size + align - 1) // align * align
        return size, align, fields

    def sizeof(self, t):
        if isinstance(t, tuple):
            return t[0]
        sa = self.size_align(t) if t else None
        return sa[0] if sa else None

    def field(self, t, name):
        """(offset, type, dims) of a member of struct type t (text or computed layout)."""
        lay = t if isinstance(t, tuple) else self.layout(t) if t else None
        return lay[2].get(name) if lay else None

    def elem(self, t, dims):
        """Type (text or layout) of one element of an array of t with these dimensions."""
        return (t, dims[1:]) if dims[1:] else (t, [])

    def decl_type(self, name, line):
        """Declared type of the variable name, the nearest declaration before line (also a
        later declarator of a list: struct s __user *a, *name;)."""
        best = None
        for at, t in self._decls(name):
            if at > line:
                break
            best = t
        return best

    def _decls(self, name):
        """(line, type) of every declaration of name in the file, in order.  Computed once per
        name: scanning the whole text for each question cost seconds on large files (powerpc's
        signal_32.c, x86's kvm/x86.c), where a script asks of the same few names hundreds of
        times."""
        if name in self._decl_cache:
            return self._decl_cache[name]
        out = []
        for m in self._decl_matches(name):
            t = m.group(1).strip()
            if t.startswith(","):   # the base type of the list, the stars of this declarator
                start = max(self.text.rfind(c, 0, m.start()) for c in ";{}(")
                head = re.match(r"\s*((?:(?:const|volatile|struct|union|enum|unsigned|signed)\s+)*\w+"
                                r"(?:\s+(?:const|__user|volatile))*)\s*[*\w\s]*(?:\[[^\]]*\]\s*)*(?:,|$)",
                                self.text[start + 1:m.start()])
                if not head or "=" in self.text[start + 1:m.start()] or "\n\n" in self.text[start + 1:m.start()]:
                    continue
                t = head.group(1) + " " + t[1:].strip()
            if re.fullmatch(r"(?:return|goto|case|sizeof|else|do)\b.*", t) or "*" not in t and \
                    norm_type(t) not in BASIC and not t.startswith(("struct", "union")) and t not in self.typedefs:
                continue
            out.append((bisect.bisect_left(self._index()[0], m.start()) + 1, t))
        self._decl_cache[name] = out
        return out

    def _decl_matches(self, name):
        """The matches, in order, of what declares name ("T *name", "T name[", ", *name"), as
        re.finditer would give them over the whole text, without running the pattern at every
        position of it: the head of a match is words, blanks and stars (or a comma and stars),
        so it starts after the last other character before name (at it, for a comma), and each
        occurrence of name is searched for from there."""
        pat = re.compile(r"((?:(?:const|volatile|struct|union|enum|unsigned|signed)\s+)*\w+"
                         r"(?:\s+(?:const|__user|volatile))*[\s*]*(?:__user|const)?[\s*]*|,\s*\**\s*)(?<![\w])"
                         + re.escape(name) + r"\s*(?=[,;)=\[])")
        newlines, words, stops = self._index()
        for q in words.get(name, ()):
            after = _SPACES.match(self.text, q + len(name)).end()
            if after >= len(self.text) or self.text[after] not in ",;)=[":
                continue
            k = bisect.bisect_left(stops, q) - 1
            ws = 0 if k < 0 else stops[k] if self.text[stops[k]] == "," else stops[k] + 1
            m = pat.search(self.text, ws, after + 1)
            if m:
                yield m

    def _index(self):
        """Positions of the newlines, of each word and of every character that is not a word
        character, a blank or a star."""
        if self._idx is None:
            words = {}
            for m in re.finditer(r"\w+", self.text):
                words.setdefault(m.group(0), []).append(m.start())
            self._idx = ([m.start() for m in re.finditer(r"\n", self.text)], words,
                         [m.start() for m in re.finditer(r"[^\w\s*]", self.text)])
        return self._idx


class Frame:
    """One function: its assignments and increments, over the file's layouts."""

    def __init__(self, layouts, line, sets, bumps, roots=()):
        self.l = layouts
        self.roots = roots    # names that are roots themselves (a scope's shadowing pointer)
        self.line = line
        self.sets = sets      # local -> [assigned expression text]
        self.bumps = bumps    # local -> [increment sign: +1, or None when unknown]
        self.depth = 0

    def var_type(self, name):
        return self.l.decl_type(name, self.line)

    def lvalue(self, s):
        """(type, dims) of an lvalue chain x->a.b[1], or None."""
        m = re.match(r"([A-Za-z_]\w*)", s)
        if not m:
            return None
        t, dims, i = self.var_type(m.group(1)), [], m.end()
        while i < len(s) and t:
            rest = s[i:]
            m = _SUFFIX.match(rest)
            if not m:
                return None
            if m.group(1) == "->":
                t = pointee(t) if isinstance(t, str) else None
                f = self.l.field(t, m.group(2))
            elif m.group(1) == ".":
                f = self.l.field(t, m.group(2)) if not dims else None
            else:
                k = rest.index("[")
                end = _close(rest, k)
                if dims:
                    t, dims = self.l.elem(t, dims)
                else:
                    t = pointee(t) if isinstance(t, str) else None
                i += end + 1
                continue
            if not f:
                return None
            t, dims = f[1], f[2]
            i += m.end()
        return (t, dims) if t else None

    def locate(self, e):
        """(root, first byte, pointee type) of a pointer expression, or None (unknown)."""
        self.depth += 1
        try:
            return self._locate(strip_parens(e)) if self.depth < 8 else None
        finally:
            self.depth -= 1

    def _locate(self, e):
        parts = self._binary(e)
        if parts:
            left, sign, right = parts
            loc, n = self.locate(left), number(right)
            if not loc or n is None:
                return None
            size = self.l.sizeof(loc[2])
            return (loc[0], loc[1] + sign * n * size, loc[2]) + loc[3:] if size else None
        m = re.match(r"\((\s*(?:(?:const|volatile|struct|union|enum|unsigned|signed)\s+)*\w+[\w\s]*\*[\s*]*)\)", e)
        if m and "(" not in m.group(1):
            loc = self.locate(e[m.end():])
            return (loc[0], loc[1], pointee(m.group(1))) + loc[3:] if loc else None
        if e.startswith("&"):
            return self._address(strip_parens(e[1:]))
        if re.fullmatch(r"[A-Za-z_]\w*", e):
            return self._name(e)
        lv = self.lvalue(e)
        if re.fullmatch(r"[A-Za-z_]\w*(\s*(->|\.)\s*\w+)+", e) and lv and isinstance(lv[0], str) and not lv[1]:
            return (re.sub(r"\s+", "", e), 0, pointee(lv[0]))   # a loaded pointer: its own root
        return None

    def _binary(self, e):
        depth = 0
        for i in range(len(e) - 1, 0, -1):
            ch = e[i]
            depth += ch in ")]"
            depth -= ch in "(["
            if depth or ch not in "+-" or e[i + 1:i + 2] in (">", "-", "+") or e[i - 1] in "-+":
                continue
            left = e[:i].rstrip()
            if left and (left[-1].isalnum() or left[-1] in "_)]"):
                return left, 1 if ch == "+" else -1, e[i + 1:]
        return None

    def _name(self, x):
        sets, bumps = self.sets.get(x, []), self.bumps.get(x, [])
        if x not in self.roots and (len(sets) > 1 or (bumps and not sets)):
            return None
        t = self.var_type(x)
        if x in self.roots:
            return (x, 0, pointee(t)) if t and not bumps else None
        if sets:
            src = strip_parens(sets[0])
            if re.match(r"\w*masked_user\w*access_begin\s*\(", src):
                return (x, 0, pointee(t))
            loc = self.locate(src)
            if not loc:
                return None
            if bumps:   # set once, then only advanced: bytes from its first one
                if any(b != 1 for b in bumps):
                    return None
                return (loc[0], loc[1], pointee(t) or loc[2], "open")
            return (loc[0], loc[1], pointee(t) or loc[2])
        return (x, 0, pointee(t)) if t else None

    def _address(self, s):
        """&x->a.b[1]: the root is the pointer before the last ->, or x for &x[1]..."""
        cut = s.rfind("->")
        if cut < 0:
            m = re.match(r"([A-Za-z_]\w*)\s*\[", s)
            if not m:
                return None
            base, tail = m.group(1), s[m.end() - 1:]
        else:
            base, tail = s[:cut], s[cut:]
        loc = self.locate(base)
        if not loc or loc[2] is None:
            return None
        t, dims, off, i = loc[2], [], loc[1], 0
        if tail.startswith("["):
            end = _close(tail, 0)
            n, size = number(tail[1:end]), self.l.sizeof(t)
            if n is None or not size:
                return None
            off, i = off + n * size, end + 1
        elif tail.startswith("->"):
            tail = "." + tail[2:]
        while i < len(tail):
            rest = tail[i:]
            m = _SUFFIX.match(rest)
            if not m:
                return None
            if m.group(1) == ".":
                f = self.l.field(t, m.group(2)) if not dims else None
                if not f:
                    return None
                off, t, dims = off + f[0], f[1], f[2]
                i += m.end()
                continue
            if m.group(1) == "->" or not dims:
                return None
            k = rest.index("[")
            end = _close(rest, k)
            n = number(rest[k + 1:end])
            t, dims = self.l.elem(t, dims)
            inner = t
            size = self.l.sizeof(inner)
            if n is None or not size:
                return None
            for x in dims:
                size *= x
            off, i = off + n * size, i + end + 1
        if dims:
            return None    # the address of an array: its type is not a pointer here
        return (loc[0], off) + tuple([t]) + tuple(loc[3:])

    def size(self, e):
        """Bytes of a size expression when the source shows them, else None."""
        total = 1
        for factor in _split(strip_parens(e), "*") if "sizeof" in e else [e]:
            factor = factor.strip()
            n = number(factor)
            if n is None:
                m = re.fullmatch(r"sizeof\s*\((.*)\)", factor, re.S) or re.fullmatch(r"sizeof\s+(.*)", factor)
                if not m:
                    return None
                n = self.sizeof_expr(m.group(1).strip())
            if n is None:
                return None
            total *= n
        return total

    def sizeof_expr(self, x):
        x = strip_parens(x)
        if re.fullmatch(r"(?:(?:const|volatile|struct|union|enum|unsigned|signed)\s+)*\w+(?:\s+\w+)*[\s*]*", x) \
                and (x.split()[0] in ("struct", "union", "enum", "unsigned", "signed", "const")
                     or "*" in x or norm_type(x) in BASIC or x in self.l.typedefs):
            return self.l.sizeof(x)
        if x.startswith("*"):
            t = self.lvalue(strip_parens(x[1:].strip()))
            return self.l.sizeof(pointee(t[0])) if t and isinstance(t[0], str) and not t[1] else None
        t = self.lvalue(x)
        if not t:
            return None
        size = self.l.sizeof(t[0])
        for d in t[1]:
            size = size * d if size else None
        return size

    def access(self, e, length=None):
        """(root, first, last or None) of an access through e of length bytes (None: its type's)."""
        loc = self.locate(e)
        if not loc:
            return None
        n = length if length is not None else self.l.sizeof(loc[2]) if loc[2] and loc[2] != "void" else None
        if not n:
            return None
        return loc[0], loc[1], None if loc[3:] else loc[1] + n - 1


def first_name(e):
    """The first identifier of an expression, past casts and &: (u8 __user *)&p->a -> p."""
    e = strip_parens(e)
    for _ in range(8):
        m = re.match(r"\((?:[\w\s]*\*[\s*]*)\)\s*|&\s*|\(\s*", e)
        if not m:
            break
        e = e[m.end():]
    m = re.match(r"[A-Za-z_]\w*", e)
    return m.group(0) if m else None


def params(layouts, fn):
    """Parameter names of the function fn defined in the file, in order ([] when not found)."""
    m = re.search(r"\b" + re.escape(fn) + r"\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*\{", layouts.text)
    if not m:
        return []
    out = []
    for p in _split(m.group(1), ","):
        n = re.search(r"(\w+)\s*(?:\[[^\]]*\]\s*)*$", p.strip())
        out.append(n.group(1) if n else "")
    return out


def judge(first, last, checks):
    """checks: [(first, size, masked)] on the same root.  The words of the plugin's finding
    ('bytes 16..23', 'beyond the 16 bytes checked'), or None when some check covers the access
    (or one is unknown)."""
    if not checks or any(c is None or c[0] is None or c[1] is None for c in checks):
        return None
    for cf, cs, _ in checks:
        if first >= cf and last is not None and last <= cf + cs - 1:
            return None
        if last is None and cf <= first <= cf + cs - 1:
            return None    # from inside the check on: cannot tell
    cf, cs, masked = max(checks, key=lambda c: c[1])
    bytes_ = (messages.say("bytes_from", first=first) if last is None
              else messages.say("bytes", first=first, last=last))
    if masked:
        bound = messages.say("bound_masked", hi=cs - 1)
    elif cf == 0 and first >= 0:
        bound = messages.say("bound_beyond", checked=cs)
    else:
        bound = messages.say("bound_outside", lo=cf, hi=cf + cs - 1)
    return bytes_, bound


def _checks(fr, checks, fn, root, names):
    """(first, size, masked) of each check of fn on root; None for one that cannot be placed
    but may be on it (its first name is one of names)."""
    out = []
    for cfn, ptr, size, _ in checks:
        if cfn != fn:
            continue
        loc = fr.locate(ptr)
        if loc is None and first_name(ptr) not in names:
            continue
        if loc is None or len(loc) > 3:
            out.append(None)
        elif loc[0] == root:
            out.append((loc[1], PAGE if size is None else fr.size(size), size is None))
    return out


def _as_written(fr, ptr, root):
    """The name a finding gives the pointer, as the plugin does: the local written in the access
    when it holds the root itself (p = a->buf: 'p', not the load it came from), else the root
    the bytes are counted from."""
    name = first_name(ptr)
    if name and name != root:
        loc = fr.locate(name)
        if loc and loc[0] == root and loc[1] == 0:
            return name
    return root


def findings(frame, checks, accesses, calls):
    """The range findings of one file: (position, message id, fields).

    frame(fn, line, file) -> Frame; checks: (fn, pointer, size text or None when masked, pos);
    accesses: (fn, accessor, pointer, length text or None, pos); calls: (fn, callee, args, pos)."""
    out = []
    for fn, name, ptr, n, p in accesses:
        line, f = int(p[0].line), p[0].file
        fr = frame(fn, line, f)
        length = fr.size(n) if n else None
        got = fr.access(ptr, length)
        if not got and first_name(ptr) and first_name(ptr) not in fr.roots:
            # a value whose derivation is unknown (q = buf + len): its own root, so that a check
            # of that same value counts its bytes from it (6.1 arm64's __put_user() fallback)
            fr = Frame(fr.l, fr.line, fr.sets, fr.bumps, tuple(fr.roots) + (first_name(ptr),))
            got = fr.access(ptr, length)
        if not got:
            continue
        mine = _checks(fr, checks, fn, got[0], (first_name(got[0]), first_name(ptr)))
        words = None if None in mine else judge(got[1], got[2], mine)
        if words:
            out.append((p, "range", dict(accessor=name, bytes=words[0], pointer=_as_written(fr, ptr, got[0]),
                                         bound=words[1])))
        # a helper of the file accessing its parameter: against the checks of each caller
        if got[1] < 0 or got[2] is None or any(c[0] == fn for c in checks):
            continue
        names = params(fr.l, fn)
        if got[0] not in names:
            continue
        i = names.index(got[0])
        for cfn, callee, args, cp in calls:
            if callee != fn or cfn == fn or i >= len(args):
                continue
            cfr = frame(cfn, int(cp[0].line), cp[0].file)
            at = cfr.locate(args[i])
            if not at or at[1] != 0 or len(at) > 3:
                continue
            mine = _checks(cfr, checks, cfn, at[0], (first_name(at[0]),))
            words = None if None in mine else judge(got[1], got[2], mine)
            if words:
                out.append((cp, "range_call", dict(callee=fn, pointer=_as_written(cfr, args[i], at[0]),
                                                   accessor=name,
                                                   bytes=words[0], bound=words[1])))
    return out
