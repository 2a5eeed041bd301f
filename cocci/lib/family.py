"""The Python half of uaccess_family.cocci: the __get_user() family of one file, judged.

__get_user(), __put_user(), __copy_{from,to}_user() and their kin (plugin/primitives.def, kind
FAMILY) check nothing: their pointer must be validated (access_ok(), a checking or masked begin,
a checked get_user()/copy_from_user() of it) on every path, here or in every caller in the file.
On x86 and powerpc each opens and closes its own user-access region, so one inside an open region
ends it.  arm64's are safe, and s390, parisc, sparc64 and m68k give user space an address space
of its own: nothing under their arch/ directories is judged (SAFE_ARCHES); generic code is judged
as x86.

Where the pointer is not validated, the finding is level 0 only when the file shows the pointer
is the user's own value (Facts.source_of(), USER): an argument of a system call, an ioctl handler's
`unsigned long arg`, a pointer made from an integer (u64_to_user_ptr(), compat_ptr(), a cast
through an integer type), a pointer read from user memory; a helper's parameter is followed to
its calls in the file (callers.py's call graph), and a call passing such a pointer is reported at
the call.  Any other source (a kernel structure's member, a call's result, a global function's
parameter) is level 2: the check may well be where the file does not show.

The path facts come from unchecked.Facts (checks, aliases, masked begins, registered fields) and
callers.Calls (the call graph, unguarded calls); what this module adds is where a pointer came
from, read from the file's assignments and function headers (source.function_at()).
"""

import re

import source
import unchecked
import vocab
from cexpr import constant, key, pretty, root, strip_parens

#: how far a check may be above its access in the same function before it is a distance
DISTANCE_LINES = 20
#: calls followed up from a helper
MAX_DEPTH = 8
#: the kinds of pointer source that are the user's own value
USER = ("syscall", "ioctl", "integer", "user_memory")

_MAKE_PTR = re.compile(r"^(u64_to_user_ptr|compat_ptr|u64_to_ptr)\s*\(")
_INT_CAST = re.compile(r"\(\s*(?:(?:unsigned|signed)\s+)?(?:long\s+long|long|int|uintptr_t|"
                       r"u64|__u64|u32|__u32|compat_uptr_t|compat_ulong_t|compat_long_t|ulong|"
                       r"size_t|uint64_t|uint32_t)\s*\)")
#: a cast to 32 bits: a pointer made of it is below 4 GiB, user memory on a 64-bit kernel
_U32_CAST = re.compile(r"\(\s*(?:u32|__u32|uint32_t|unsigned\s+int)\s*\)")
_VALIDATOR_CALL = re.compile(r"(!\s*)?\b([A-Za-z_]\w*)\s*\(")
_CALL = re.compile(r"^([A-Za-z_]\w*)\s*\(")


class Facts(unchecked.Facts):
    def __init__(self):
        super().__init__()
        self.family = {}       # key -> dict(pos, name, ptr, len, kind, fn, line)
        self.sources = {}      # function -> {local root: [right-hand sides as written]}
        self.user_dest = {}    # function -> {root: line} filled from user memory
        self.call_args = {}    # call key -> its arguments as written (an expression list
        #                        until asked: most are never)
        self.assigns = []      # (function, lhs, rhs) as spatch gives them, until judged
        self.lengths = {}      # function -> [(root, length as written or None, name)]
        self.regions = {}      # family key -> the begin of a region open there
        self.where = {}        # function -> (file, a line in it)
        self.guarded_spans = []  # (file, start, end) of what runs after a condition checked
        self.narrow = {}       # function -> its 32-bit locals (u32, compat_uptr_t)
        self.helpers = {}      # check helpers of the file: name -> {parameter index}

    def seen(self, p):
        self.where.setdefault(p[0].current_element, (p[0].file, int(p[0].line)))

    def add_family(self, p, name, argv):
        kind, fn = source.enclosing(p[0])
        self.seen(p)
        self.file = p[0].file
        ptr, size, mode = vocab.FAMILY[name]
        self.family[key(p[0])] = dict(
            pos=p, name=name, ptr=argv[ptr] if ptr < len(argv) else "",
            len=argv[size] if size is not None and size < len(argv) else None,
            kind=kind, fn=fn, line=int(p[0].line))
        if mode == "r" and argv:
            self.add_user_read(p, argv[0])
        if kind == "function":
            self.calls.add_wrapper_edges(p[0].file, fn)

    def add_user_read(self, p, dest):
        r = root(dest)[0]
        if r:
            at = (int(p[0].line), int(p[0].column))
            d = self.user_dest.setdefault(p[0].current_element, {})
            d[r] = min(d.get(r, at), at)

    def add_validator(self, name, argv, p):
        """access_ok(), a begin or a checked access: a check of its pointer argument."""
        ptr, size = vocab.VALIDATORS[name]
        if ptr >= len(argv):
            return
        self.seen(p)
        r = uroot(argv[ptr])
        self.add_check(name, [r or argv[ptr]], p)
        length = argv[size] if size is not None and size < len(argv) else None
        self.lengths.setdefault(p[0].current_element, []).append((r, length, name, int(p[0].line)))
        if name in vocab.USER_READS and argv:
            self.add_user_read(p, argv[0])

    def add_call(self, k, callee, p, es):
        self.calls.add_call(k, callee, p)
        self.call_args[k] = es
        self.seen(p)

    def args_of(self, k):
        argv = self.call_args.get(k, [])
        if not isinstance(argv, list):
            argv = self.call_args[k] = [pretty(x) for x in source._split_top(str(argv))]
        return argv

    def text_refs(self, names):
        """References of names that are not calls (a function pointer stored, an ioctl
        handler in a file_operations): callers the file does not show."""
        text = "\n".join(source._lines(self.file)) if self.file else ""
        for n in names:
            if n in vocab.FAMILY or n not in self.where:
                continue
            for i in _word_uses(text, n):
                self.calls.refs.setdefault(n, set()).add(("text", i))

    def finish(self):
        """The assignments, joined once (aliases, sources), after the path rules."""
        for fn, lhs, rhs, line in self.assigns:
            self.add_source(fn, lhs, rhs, line)
        self.assigns = []

    def need_paths(self, candidates):
        """The functions whose calls of candidates the path rule must examine: those holding a
        check.  In the others every such call is reached unchecked (marked here)."""
        need = set()
        calls = [(k, a["fn"]) for k, a in self.family.items() if a["kind"] == "function"]
        calls += [(s[0], s[3]) for c in candidates for s in self.calls.sites.get(c, [])
                  if s[1] is not None and s[2] == "function"]
        for k, fn in calls:
            if fn in self.lengths:
                need.add(fn)
            else:
                self.calls.unguarded.add(k)
        return need

    def add_condition(self, op, left, p):
        """The right operand of `left || right` (`&&`) at p runs only after the checks of left
        succeeded: !access_ok(...) or get_user(...) on the left of ||, access_ok(...) on the
        left of &&.  Its family calls are not reached unchecked."""
        text = pretty(left)
        ok = False
        for m in _VALIDATOR_CALL.finditer(text):
            name = m.group(2)
            negated = bool(m.group(1))
            if name in vocab.CHECKED or name in self.helpers:
                ok = ok or (op == "||" and not negated)
            elif name in vocab.VALIDATORS:
                ok = ok or (op == "||") == negated
        if ok:
            q = p[0]
            self.guarded_spans.append((q.file, (int(q.line), int(q.column)),
                                       (int(q.line_end), int(q.column_end))))

    def drop_guarded(self):
        """Family calls on the right of a condition that checked first are not unguarded."""
        for k in list(self.calls.unguarded):
            for f, lo, hi in self.guarded_spans:
                if k[0] == f and lo <= (k[1], k[2]) <= hi:
                    self.calls.unguarded.discard(k)
                    break

    def add_scope_check(self, name, ptr, p):
        """A 7.x scope validates its pointer for the calls in its body."""
        self.add_scope(name, ptr, p)
        self.add_check(name, [ptr], p)
        self.lengths.setdefault(p[0].current_element, []).append(
            (root(ptr)[0], None, name, int(p[0].line)))

    def add_source(self, fn, lhs, rhs, line=0):
        self.add_alias(fn, lhs, rhs)
        a, b = uroot(lhs), uroot(rhs)
        if a and b:
            self.aliases.pairs.setdefault(fn, []).append((a, b))
        r = root(str(lhs))[0]
        if r:
            self.sources.setdefault(fn, {}).setdefault(r, []).append((pretty(rhs), line))

    def check_helpers(self):
        """The functions of the file that validate one of their parameters or a member of one
        (pass it to access_ok(), a begin, a checked access or another such function):
        name -> {(index, member path)}.  A call of one is a check of that argument (or its
        member) in the caller, as the plugin's check helpers are (to any depth)."""
        self.finish()
        helpers = {}
        changed = True
        while changed:
            changed = False
            for fn in list(self.where):
                h = self.header(fn)
                if not h or h["syscall"]:
                    continue
                names = [n for _, n in h["params"]]
                roots = {r for r, _, _, _ in self.lengths.get(fn, []) if r}
                for callee, what in helpers.items():
                    for ck, cpos, kind, caller in self.calls.sites.get(callee, []):
                        if caller == fn and cpos is not None:
                            roots |= set(filter(None, self._helper_roots(ck, what)))
                for _ in range(2):      # and what the checked locals were set from
                    roots |= {uroot(rhs) for r in list(roots)
                              for rhs, _ in self.sources.get(fn, {}).get(r, [])} - {None}
                mine = set()
                for r in roots:
                    base = _base(r)
                    if base in names:
                        mine.add((names.index(base), r[len(base):]))
                if mine - helpers.get(fn, set()):
                    helpers[fn] = helpers.get(fn, set()) | mine
                    changed = True
        for callee, what in helpers.items():
            for ck, cpos, kind, caller in self.calls.sites.get(callee, []):
                if cpos is None:
                    continue
                for r in self._helper_roots(ck, what):
                    self.add_check(callee, [r or ""], cpos)
                    self.lengths.setdefault(caller, []).append((r, None, callee, int(cpos[0].line)))
        self.helpers = helpers
        return helpers

    def _helper_roots(self, ck, what):
        argv = self.args_of(ck)
        return [uroot(_compose(argv[i], path)) for i, path in what if i < len(argv)]

    # -- validation -------------------------------------------------------------------------

    def checks_of(self, fn, r, before=None):
        """The lines of fn's checks of root r (or an alias), at or before line `before`."""
        out = []
        for c_root, _, name, line in self.lengths.get(fn, []):
            if before is not None and line > before:
                continue
            if name.startswith("masked_"):
                c_root = self.masked.get((fn, c_root))
            if c_root is not None and r is not None and self.aliases.same(fn, r, [c_root]):
                out.append((line, name))
        return out

    def validated(self, fn, k, expr):
        """Is expr, at the call or access k of fn, validated on every path: reached only past a
        check, and fn checks that pointer."""
        r = uroot(expr)
        if (k in self.calls.unguarded and k not in self.calls.scoped) or r is None:
            return False
        roots = self.real_checks(fn)
        return bool(roots) and self.aliases.same(fn, r, roots)

    # -- where a pointer came from -----------------------------------------------------------

    def source_of(self, fn, expr, at, depth=0, integer=False):
        """(kind, what) of pointer expr in fn: a kind of USER, ('param', index), 'kept' (a
        registered field: the entry), 'load', 'call' or 'value'.  integer: expr is an integer
        made into a pointer, so a member it is loaded from is the user's value (an ioctl's or a
        syscall's structure, a user stack pointer), as the plugin takes a loaded integer."""
        text = strip_parens(pretty(expr))
        e = self.registration(dict(fn=fn, ptr=expr))
        if e is not None:
            return "kept", e
        bare = _strip_ptr_casts(text)
        casts = text[:len(text) - len(bare)]
        if _U32_CAST.search(casts):
            return "narrow", text
        m = _MAKE_PTR.match(bare)
        if m:
            integer = True
            bare = strip_parens(bare[m.end() - 1:])
        elif _INT_CAST.search(casts):
            # (T __user *)(unsigned long)args->ptr: an integer member made a pointer; a
            # pointer cast to an integer alone ((unsigned long)ka->sa.sa_handler) is not
            integer = "*" in casts
        r = root(bare)[0]
        if r is None:
            m = _CALL.match(bare)
            return ("call", m.group(1)) if m else ("value", text)
        h = self.header(fn)
        names = [n for _, n in h["params"]] if h else []
        if r in names:
            if h["syscall"]:
                return "syscall", r
            if _ioctl_arg(h, r):
                return "ioctl", r
            return "param", names.index(r)
        base = re.split(r"->|\.|\[", r, maxsplit=1)[0]
        dest = self.user_dest.get(fn, {})
        if r in self.narrow.get(fn, ()):
            return "narrow", r
        read = dest.get(r) or (dest.get(base) if base != r else None)
        if read is not None and read < at:
            return "user_memory", (r if r in dest else base, read[0])
        if base != r and integer and base in names and not h["syscall"]:
            # an integer member of a parameter's structure: the callers show where it is from
            return "param_member", (names.index(base), r[len(base):], text)
        if base != r:
            return ("integer", text) if integer else ("load", r)
        found = []
        sources = self.sources.get(fn, {}).get(r, []) if depth < 4 else []
        before = [x for x in sources if x[1] < at[0]]
        for rhs, line in before or sources:
            if rhs == r or (root(rhs)[0] == r and not _MAKE_PTR.match(_strip_ptr_casts(rhs))):
                continue
            found.append(self.source_of(fn, rhs, (line, 0), depth + 1, integer))
        for kind in USER + ("kept", "param", "param_member", "narrow", "call", "load"):
            for s in found:
                if s[0] == kind:
                    return s
        return "value", text

    def header(self, fn):
        w = self.where.get(fn)
        return source.function_at(w[0], w[1]) if w else None


def uroot(expr):
    """The root of a pointer expression, through the wrappers that make a pointer of an integer:
    u64_to_user_ptr(args->ptr) -> 'args->ptr'."""
    text = _strip_ptr_casts(strip_parens(pretty(expr)))
    m = _MAKE_PTR.match(text)
    if m:
        text = strip_parens(text[m.end() - 1:])
    return root(text)[0]


_WORD_CHAR = re.compile(r"\w")
_CALLED = re.compile(r"\s*\(")


def _word_uses(text, name):
    """The offsets of name in text as a whole word not followed by '(': what
    re.finditer(r"\\bNAME\\b(?!\\s*\\()") gives, found with str.find (a pattern that
    starts with \\b is tried at every offset of the file, for every name: a third of a
    second on the 7.2 tree)."""
    if not re.fullmatch(r"\w+", name):
        return [m.start() for m in re.finditer(r"\b%s\b(?!\s*\()" % re.escape(name), text)]
    out = []
    i = text.find(name)
    while i >= 0:
        j = i + len(name)
        if not (i and _WORD_CHAR.match(text, i - 1)) and not _WORD_CHAR.match(text, j) \
                and not _CALLED.match(text, j):
            out.append(i)
        i = text.find(name, i + 1)
    return out


def _name_text(text):
    return re.sub(r"(\w)\s+\(", r"\1(", pretty(text))


def _base(r):
    """The variable a root starts from: args->data_ptr -> args."""
    return re.split(r"->|\.|\[", r, maxsplit=1)[0]


def _compose(arg, path):
    """The expression a caller's argument gives for a member path of the parameter:
    (&a, '->p') -> 'a.p', (args, '->p') -> 'args->p'."""
    arg = strip_parens(str(arg).strip())
    if not path:
        return arg
    if arg.startswith("&") and path.startswith("->"):
        return arg[1:].strip() + "." + path[2:]
    return arg + path if re.match(r"^[\w.>-]+$", arg) else "(" + arg + ")" + path


def _name(expr):
    """The pointer as a finding names it: its root, or the expression without casts."""
    r = uroot(expr)
    if r is not None:
        return r
    return re.sub(r"(\w)\s+\(", r"\1(", _strip_ptr_casts(strip_parens(pretty(expr))))


def _strip_ptr_casts(text):
    """text without its leading casts and parentheses."""
    prev = None
    while prev != text:
        prev = text
        text = strip_parens(text)
        m = re.match(r"^\(\s*[A-Za-z_][\w\s]*\**\s*(?:__user)?\s*\**\s*\)\s*", text)
        if m and len(text) > m.end():
            text = text[m.end():]
    return text


def _ioctl_arg(h, name):
    """name is an ioctl handler's `unsigned long arg`: the last of three or more parameters,
    after an `unsigned int` command, of a function whose first parameter is a pointer."""
    p = h["params"]
    if len(p) < 3 or p[-1][1] != name or "*" not in p[0][0]:
        return False
    norm = [" ".join(t.replace("const", "").split()) for t, _ in p]
    return norm[-1] == "unsigned long" and norm[-2] in ("unsigned int", "unsigned")


def _user_detail(src, fn):
    kind, what = src
    if kind == "syscall":
        return ("from_syscall", dict(name=what, function=fn))
    if kind == "ioctl":
        return ("from_ioctl", dict(name=what, function=fn))
    if kind == "integer":
        return ("from_integer", dict(expr=_name_text(what)))
    return ("from_user_memory", dict(name=what[0], line=what[1]))


def _unseen_source(src):
    kind, what = src
    if kind == "load":
        return vocab.messages.say("source_load", what=what)
    if kind == "call":
        return vocab.messages.say("source_call", function=what)
    return vocab.messages.say("source_value")


def _say_fix(a, fields, detail, mid="family_unchecked"):
    text = vocab.messages.say(mid, fix=vocab.family_fix(a["name"]), **fields)
    text += ": " + vocab.messages.say(detail[0], **detail[1])
    return "%s [unchecked]" % text


class Judge:
    def __init__(self, F, rep):
        self.F, self.out = F, rep
        self.bad = False
        self.far = []

    def rep(self, pos, text):
        """A finding; the access is then not proven, and its distances are not said."""
        self.bad = True
        self.out(pos, text)

    def access(self, k, a):
        F = self.F
        fields = dict(accessor=a["name"], pointer=_name(a["ptr"]))
        if k in F.regions:
            begin = F.regions[k]
            self.rep(a["pos"], vocab.say("region", "family_in_region", accessor=a["name"], begin=begin))
        self.bad, self.far = False, []
        if a["kind"] == "macro":
            self.macro(a)
        else:
            self.at(a, a["fn"], k, a["ptr"], a["pos"], (), fields)
        if not self.bad:
            for pos, text in self.far:
                self.out(pos, text)

    def at(self, a, fn, k, expr, pos, chain, fields):
        """Is expr validated at k in fn; chain: the calls from here down to the access."""
        F = self.F
        if F.validated(fn, k, expr):
            self.proven(a, fn, expr, pos, chain)
            return
        src = F.source_of(fn, expr, (int(pos[0].line), int(pos[0].column)))
        if src[0] == "kept":
            e = src[1]
            self.out(a["pos"], vocab.say("distance", "kept", check=e.check, where=e.where(),
                                         accessor=a["name"], pointer=_name(a["ptr"])))
        elif src[0] in USER:
            if not chain:
                self.rep(pos, _say_fix(a, fields, _user_detail(src, fn)))
            else:
                self.rep(pos, _say_fix(a, dict(callee=chain[-1][1], pointer=_name(expr),
                                               accessor=a["name"]), _user_detail(src, fn),
                                       "family_unchecked_call"))
        elif src[0] == "param":
            self.callers(a, fn, src[1], chain, fields)
        elif src[0] == "param_member":
            self.member(a, fn, src[1], pos, chain, fields)
        elif src[0] == "narrow":
            return
        else:
            self.rep(pos, vocab.say("unproven", "family_unseen", accessor=a["name"],
                                    pointer=_name(expr), source=_unseen_source(src),
                                    fix=vocab.family_fix(a["name"])))

    def callers(self, a, fn, index, chain, fields):
        F = self.F
        sites = [s for s in F.calls.sites.get(fn, []) if s[1] is not None and s[2] == "function"]
        h = F.header(fn)
        why = None
        if F.calls._other_refs(fn):
            why = vocab.messages.say("unseen_pointer")
        elif not sites:
            why = vocab.messages.say("unseen_in_file")
        elif h is not None and not h["static"]:
            why = vocab.messages.say("unseen_global")
        if why is not None:
            self.rep(a["pos"], vocab.say("unproven", "relies_check", function=fn, why=why, **fields))
        if len(chain) >= MAX_DEPTH:
            return
        for ck, cpos, _, caller in sites:
            if caller in [c[0] for c in chain] or caller == fn or ck in F.calls.kernel:
                continue
            argv = F.args_of(ck)
            if index >= len(argv):
                continue
            self.at(a, caller, ck, argv[index], cpos, chain + ((caller, fn, cpos),), fields)

    def member(self, a, fn, what, pos, chain, fields):
        """An integer member of parameter `index` made into the pointer: the callers in the file
        pass the structure, and may have validated that member; with none, the integer is the
        user's (an ioctl's structure)."""
        F = self.F
        index, path, text = what
        sites = [s for s in F.calls.sites.get(fn, []) if s[1] is not None and s[2] == "function"]
        if not sites or len(chain) >= MAX_DEPTH:
            user = ("integer", text)
            if not chain:
                self.rep(pos, _say_fix(a, fields, _user_detail(user, fn)))
            else:
                self.rep(pos, _say_fix(a, dict(callee=chain[-1][1], pointer=_name(text),
                                               accessor=a["name"]), _user_detail(user, fn),
                                       "family_unchecked_call"))
            return
        for ck, cpos, _, caller in sites:
            if caller in [c[0] for c in chain] or caller == fn:
                continue
            argv = F.args_of(ck)
            if index >= len(argv):
                continue
            expr = _compose(argv[index], path)
            self.at(a, caller, ck, "u64_to_user_ptr(%s)" % expr, cpos,
                    chain + ((caller, fn, cpos),), fields)

    def proven(self, a, fn, expr, pos, chain):
        """Validated at pos in fn: a distance (level 2) when far; an unproven length."""
        F = self.F
        line = int(pos[0].line)
        checks = F.checks_of(fn, root(expr)[0], line)
        if not checks:
            return
        first = min(checks)
        fields = dict(accessor=a["name"], pointer=_name(expr), check=first[1])
        if chain:
            n = len(chain)
            self.far.append((a["pos"], vocab.say("distance", "family_far_calls", function=fn, calls=n,
                                         s="" if n == 1 else "s", **fields)))
        elif line - first[0] > DISTANCE_LINES:
            self.far.append((a["pos"], vocab.say("distance", "family_far_lines", lines=line - first[0],
                                                 **fields)))
        if not chain and a["len"] is not None and not constant(a["len"]):
            self.length(a, fn, expr, line)

    def length(self, a, fn, expr, line):
        """A copy of a run-time length: some check of the pointer must be of that same length."""
        F = self.F
        want = _norm(a["len"])
        r = root(expr)[0]
        for c_root, length, name, cline in F.lengths.get(fn, []):
            if cline > line:
                continue
            if name.startswith("masked_"):
                return
            if c_root is not None and F.aliases.same(fn, r, [c_root]) and length is not None \
                    and _norm(length) == want:
                return
        self.rep(a["pos"], vocab.say("unproven", "unproven", accessor=a["name"], pointer=_name(expr)))

    def macro(self, a):
        """A family call in a macro of the file: judged at each use, in the using function, with
        the macro's parameters replaced by the arguments."""
        F = self.F
        params = _macro_params(a["pos"][0].file, a["fn"])
        r = root(a["ptr"])[0]
        for ck, cpos, kind, caller in F.calls.sites.get(a["fn"], []):
            if cpos is None or kind != "function":
                continue
            argv = F.args_of(ck)
            expr = a["ptr"]
            if r in params and params.index(r) < len(argv):
                expr = argv[params.index(r)]
            fields = dict(accessor=a["name"], pointer=_name(expr))
            if F.validated(caller, ck, expr):
                continue
            src = F.source_of(caller, expr, (int(cpos[0].line), int(cpos[0].column)))
            if src[0] in USER:
                self.rep(cpos, _say_fix(a, dict(callee=a["fn"], pointer=_name(expr),
                                                accessor=a["name"]), _user_detail(src, caller),
                                        "family_unchecked_call"))
            elif src[0] == "param":
                self.callers(a, caller, src[1], ((caller, a["fn"], cpos),), fields)
            elif src[0] != "kept":
                self.rep(cpos, vocab.say("unproven", "family_unseen", accessor=a["name"],
                                         pointer=_name(expr), source=_unseen_source(src),
                                         fix=vocab.family_fix(a["name"])))


def _macro_params(fname, name):
    m = re.match(r"\s*#\s*define\s+\w+\(([^)]*)\)", source.body(fname, name))
    return [p.strip() for p in m.group(1).split(",")] if m else []


def _norm(e):
    return re.sub(r"\s+", "", _strip_ptr_casts(strip_parens(pretty(e))))


def skipped(F):
    return F.file is None or not judged(F.file)


#: Architectures whose family cannot reach kernel memory: arm64's checks or masks on its own
#: (docs/design.md); s390, parisc, sparc64 and m68k (with CPU_HAS_ADDRESS_SPACES) give user space
#: an address space of its own, where access_ok() is always true (CONFIG_ALTERNATE_USER_ADDRESS_SPACE,
#: include/asm-generic/access_ok.h).  sparc32 and the m68k CPUs without address spaces share
#: arch/sparc/ and arch/m68k/ and are left out with them.
SAFE_ARCHES = ("arm64", "s390", "parisc", "sparc", "m68k")


def judged(fname):
    """Is this file judged at all (has's position constraint: the other rules never run on the
    code of a SAFE_ARCHES architecture or a header implementing the family)?"""
    f = "/" + str(fname).replace("\\", "/")
    return not any("/arch/%s/" % a in f for a in SAFE_ARCHES) \
        and not f.rsplit("/", 1)[-1].startswith("uaccess")


def judge(F, rep):
    if skipped(F):
        return
    F.finish()
    F.drop_guarded()
    J = Judge(F, rep)
    for k, a in sorted(F.family.items()):
        if a["fn"] in vocab.FAMILY or a["fn"] in vocab.CHECKED:
            continue
        J.access(k, a)
