"""C expressions as spatch hands them to Python: pointer roots, aliases, printing.

Shared by the scripts of cocci/ (each puts cocci/lib on Python's path in its
@initialize:python@ rule, see README).  spatch gives metavariables as token text with spaces
between tokens (& p -> a [ 1 ]); the functions here read that text, never the file.
"""

import re

_CAST = re.compile(r"^\(\s*(?:(?:const|volatile|struct|union|enum|unsigned|signed)\s+)*"
                   r"[A-Za-z_]\w*(?:\s+(?:const|__user))*[\s*]*(?:__user|const)?[\s*]*\)\s*")
_ID = re.compile(r"[A-Za-z_]\w*")
_MEMBER = re.compile(r"\s*(->|\.)\s*([A-Za-z_]\w*)")


def pretty(e):
    """spatch's token text as written: & p -> a [ 1 ] -> &p->a[1]."""
    s = re.sub(r"\s*(->|\.|\[|\])\s*", r"\1", str(e))
    s = re.sub(r"([&*(])\s+", r"\1", s)
    s = re.sub(r"\s+\)", ")", s)
    s = re.sub(r"\s+(\+\+|--)", r"\1", s)
    return s.strip()


def args(es):
    """The arguments of an expression-list metavariable, each as written."""
    return [pretty(x) for x in es.elements]


def key(p):
    """A position's identity: file, line, column."""
    return (p.file, int(p.line), int(p.column))


def strip_parens(s):
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


def _strip_casts(s):
    """The expression without outer parentheses, casts and &; whether & was seen."""
    addr = False
    for _ in range(8):
        s = strip_parens(s)
        m = _CAST.match(s)
        if m and len(s) > m.end():
            s = s[m.end():]
            continue
        if s.startswith("&"):
            addr = True
            s = s[1:].strip()
            continue
        break
    return s, addr


def _postfix(s, i, parts):
    """Member and index suffixes of the name at s[:i], appended to parts; the end."""
    while True:
        rest = s[i:]
        m = _MEMBER.match(rest)
        if m:
            parts.append(m.group(1) + m.group(2))
            i += m.end()
            continue
        if not rest.lstrip().startswith("["):
            return i
        depth = 0
        for k in range(rest.index("["), len(rest)):
            depth += rest[k] == "["
            depth -= rest[k] == "]"
            if depth == 0:
                break
        parts.append("[]")
        i += k + 1


def root(expr):
    """(root, member path) of a pointer expression, or (None, None) when unknown.

    The root is the variable or loaded member the address is computed from, as the plugin
    names it: &frame->uc.uc_flags -> ('frame', 'uc.uc_flags'); buf->dirent + 1 ->
    ('buf->dirent', ''); (u64 __user *)p -> ('p', '').
    """
    s, addr = _strip_casts(str(expr).strip())
    m = _ID.match(s)
    if not m or m.group(0) in ("sizeof", "NULL"):
        return None, None
    parts = [m.group(0)]
    i = _postfix(s, m.end(), parts)
    tail = s[i:].strip()
    if tail and not re.match(r"^[-+]", tail):
        return None, None
    if not addr:
        return "".join(parts), ""
    arrows = [n for n, part in enumerate(parts) if n > 0 and part.startswith("->")]
    if arrows:
        n = arrows[-1]
        return "".join(parts[:n]), "".join(parts[n:])[2:]
    if len(parts) > 1 and parts[1] == "[]":
        return parts[0], "".join(parts[1:])
    return "".join(parts), ""


_CONST = re.compile(r"^(?:\d+[uUlL]*|0[xX][0-9a-fA-F]+[uUlL]*|[A-Z_][A-Z0-9_]*|sizeof\s*\(.*\)|sizeof\s+\S+)$")


def constant(e):
    """e is a compile-time constant as the source shows one: integer literals, sizeof and
    upper-case macro names joined by + - * and parentheses."""
    e = strip_parens(str(e))
    if _CONST.match(e) and (not e.startswith("sizeof") or _close_paren(e, e.find("(")) == len(e) - 1):
        return True
    for op in ("+", "-", "*"):
        depth = 0
        for i in range(len(e) - 1, 0, -1):
            depth += e[i] == ")"
            depth -= e[i] == "("
            if depth == 0 and e[i] == op and e[i - 1] not in "-+*/(":
                return constant(e[:i]) and constant(e[i + 1:])
    return False


def _close_paren(s, i):
    depth = 0
    for k in range(max(i, 0), len(s)):
        depth += s[k] == "("
        depth -= s[k] == ")"
        if depth == 0:
            return k
    return -1


def offset(expr, base):
    """How the pointer expression expr is placed from the pointer base: 'zero' (base itself,
    cast), 'const' (a member, a constant index, base + or - a constant), 'minus' (base minus
    a constant), 'runtime' (any other offset), or None when expr is not computed from base."""
    s, addr = _strip_casts(str(expr).strip())
    r = root(expr)[0]
    if r is None or not (r == base or r.startswith(base + "->") or r.startswith(base + ".")
                         or r.startswith(base + "[")):
        return None
    m = re.match(r"^" + re.escape(base) + r"\b", s)
    if not m:
        return None
    rest = s[m.end():].strip()
    if not rest:
        return "zero"
    if addr or rest[0] in "-.[":
        # &base->m[i].n, base[i]: constant when every index is
        idx, tail, depth, start = [], rest, 0, None
        for i, ch in enumerate(rest):
            if ch == "[":
                depth += 1
                if depth == 1:
                    start = i + 1
            elif ch == "]":
                depth -= 1
                if depth == 0:
                    idx.append(rest[start:i])
        if rest.startswith(("->", ".", "[")):
            tail = re.sub(r"\[[^\]]*\]", "", rest)
            if re.match(r"^(?:(?:->|\.)\s*\w+\s*)*$", tail):
                return "const" if all(constant(i) for i in idx) else "runtime"
    m = re.match(r"^([-+])\s*(.+)$", rest)
    if m and not rest.startswith(("++", "--", "->")):
        if constant(m.group(2)):
            return "minus" if m.group(1) == "-" else "const"
        return "runtime"
    return "runtime"


def root_name(expr):
    """The root alone, or the expression itself when it has none the scripts can name."""
    r = root(expr)[0]
    return r if r is not None else pretty(expr)


class Aliases:
    """Pointer roots joined by plain assignments and initialisations, per function, in no
    particular order (the scripts' alias model: not flow-sensitive)."""

    def __init__(self):
        self.pairs = {}

    def add(self, fn, lhs, rhs):
        a, b = root(str(lhs))[0], root(str(rhs))[0]
        if a and b:
            self.pairs.setdefault(fn, []).append((a, b))

    def finder(self, fn):
        parent = {}

        def find(x):
            while parent.get(x, x) != x:
                x = parent[x]
            return x
        for a, b in self.pairs.get(fn, []):
            if find(a) != find(b):
                parent[find(a)] = find(b)
        return find

    def same(self, fn, r, roots):
        """r is one of roots, an alias of one, or a member of one (an array member decays to
        an address inside the checked object).  An unknown r (None) is taken as the same."""
        if r is None:
            return True
        find = self.finder(fn)
        for c in roots:
            if c is None or c == r or find(c) == find(r):
                return True
            if r.startswith(c + "->") or r.startswith(c + "."):
                return True
        return False
