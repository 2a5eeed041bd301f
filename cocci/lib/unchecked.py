"""The Python half of uaccess_unchecked.cocci: facts of one file, and the findings they give.

An access reached from its function's entry with no check is reported, unless it is in a
helper whose callers all check (callers.py); an access every path to which is checked, but
only on other pointers, is reported too.  After a scope (or get/put_user_inline()) on the
access's pointer the message says so: outside the body the name is the raw pointer again.

A pointer loaded from a registered field (cocci/lib/registrations, registered.py) was checked
where it was stored, by a syscall the file does not show: its accesses are reported as
[distance], naming that check, and ask nothing of the function's callers.
"""

import re

import registered
import source
import vocab
from callers import Calls
from cexpr import Aliases, key, root, root_name


class Facts:
    def __init__(self):
        self.access = {}    # key -> dict(pos, name, ptr, kind, fn)
        self.calls = Calls()
        self.checks = {}    # function -> [(kind, name, root, line)]
        self.aliases = Aliases()
        self.masked = {}    # (function, argument root) -> root of the result
        self.scopes = {}    # function -> {(scope, pointer, line)}
        self.fields = registered.Fields()
        self.file = None

    def add_access(self, p, name, argv):
        kind, fn = source.enclosing(p[0])
        self.file = p[0].file
        self.access[key(p[0])] = dict(pos=p, name=name, ptr=vocab.pointer_arg(name, argv),
                                      kind=kind, fn=fn)
        if kind == "function":
            self.calls.add_wrapper_edges(p[0].file, fn)

    def add_check(self, name, argv, p):
        r = root(argv[0])[0] if argv else None
        kind = "unchecked" if name in vocab.UNCHECKED_BEGINS else "check"
        fn = p[0].current_element
        self.checks.setdefault(fn, []).append((kind, name, r, int(p[0].line)))
        if kind == "check":
            self.calls.checking.add(fn)

    def add_alias(self, fn, lhs, rhs):
        self.aliases.add(fn, lhs, rhs)
        m = re.match(r"^\s*masked_user_\w*access_begin\s*\((.*)\)\s*$", str(rhs), re.S)
        if m:
            self.masked[(fn, root(m.group(1))[0])] = root(str(lhs))[0]

    def add_scope(self, name, ptr, p):
        self.scopes.setdefault(p[0].current_element, set()).add((name, ptr, int(p[0].line)))

    def real_checks(self, fn):
        """Roots the function's checks validate: a masked begin validates its result, and one
        whose result is not kept validates nothing (uaccess_masked.cocci's concern)."""
        out = []
        for kind, name, r, _ in self.checks.get(fn, []):
            if kind != "check":
                continue
            if name.startswith("masked_"):
                r = self.masked.get((fn, r))
                if r is None:
                    continue
            out.append(r)
        return out

    def masked_arg(self, fn, r):
        return any(f == fn and arg == r for f, arg in self.masked)

    def registration(self, a):
        """The registration entry whose field the access's pointer was loaded from, or None."""
        return self.fields.origin(a["fn"], root(a["ptr"])[0], self.aliases.pairs.get(a["fn"], []))

    def own_check(self, a):
        roots = self.real_checks(a["fn"])
        return bool(roots) and self.aliases.same(a["fn"], root(a["ptr"])[0], roots)

    def seeds(self):
        """Names holding an access that needs a check from outside: unchecked on some path in
        a function without a check of its pointer, or in a wrapper macro (unless the macro
        opens its own scope around the access, the get_user_inline() shape)."""
        out = {}
        for k, a in sorted(self.access.items()):
            if k in self.calls.scoped:
                continue
            if a["kind"] == "macro":
                text = source.body(a["pos"][0].file, a["fn"])
                m = vocab.SCOPE_RE.search(text)
                if not (m and m.start() < text.find(a["name"])):
                    out.setdefault(a["fn"], a)
            elif k in self.calls.unguarded and not self.own_check(a) and not self.registration(a):
                out.setdefault(a["fn"], a)
        return out

    def scope_before(self, a):
        """The last scope of the access's function before it, on its pointer or an alias."""
        r = root(a["ptr"])[0]
        line = int(a["pos"][0].line)
        best = None
        for sname, ptr, sline in sorted(self.scopes.get(a["fn"], ()), key=lambda s: s[2]):
            sr = root(ptr)[0]
            if sline < line and r is not None and sr is not None \
                    and self.aliases.same(a["fn"], r, [sr]):
                best = (sname, ptr, sline)
        return best


def _unguarded(F, a, needs, rep):
    fields = dict(accessor=a["name"], pointer=root_name(a["ptr"]))
    sc = F.scope_before(a)
    if sc:
        detail = "after_inline" if sc[0].endswith("_inline") else "after_scope"
        rep(a["pos"], vocab.say("unchecked", "unchecked", (detail, dict(
            scope=sc[0], scoped=root_name(sc[1]), line=sc[2])), **fields))
        return
    if F.own_check(a):
        rep(a["pos"], vocab.say("unchecked", "unchecked", ("not_every_path_in", dict(function=a["fn"])),
                                **fields))
        return
    blind = [c for c in F.checks.get(a["fn"], []) if c[0] == "unchecked"]
    detail = ("only_unchecked_begin", dict(begin=blind[0][1])) if blind else None
    ts = F.calls.tops(a["fn"], needs, F.file, vocab.CHECK_RE)
    names = sorted(set(t[1] for t in ts if t[0] == "top"))
    if names == [a["fn"]]:
        rep(a["pos"], vocab.say("unchecked", "relies_check", detail, function=a["fn"],
                                why=vocab.messages.say("unseen_in_file"), **fields))
    elif names:
        rep(a["pos"], vocab.say("unchecked", "relies_up", detail, function=a["fn"],
                                tops="', '".join(names), **fields))
    for t in ts:
        if t[0] == "call":
            rep(t[1], vocab.say("unchecked", "call_reaches", callee=t[2], accessor=a["name"]))


def judge(F, rep):
    needs = F.calls.helpers(F.seeds())
    for k, a in sorted(F.access.items()):
        if a["kind"] == "macro" or k in F.calls.scoped:
            continue
        e = F.registration(a)
        if e is not None:
            if k in F.calls.unguarded or not F.own_check(a):
                rep(a["pos"], vocab.say("distance", "kept", check=e.check, where=e.where(),
                                        accessor=a["name"], pointer=root_name(a["ptr"])))
            continue
        if k in F.calls.unguarded:
            _unguarded(F, a, needs, rep)
            continue
        r = root(a["ptr"])[0]
        roots = F.real_checks(a["fn"])
        if r is None or not roots or F.masked_arg(a["fn"], r):
            continue
        if not F.aliases.same(a["fn"], r, roots):
            rep(a["pos"], vocab.say("unchecked", "unchecked", ("other_pointer_in", dict(
                function=a["fn"], others="', '".join(sorted(set(roots))))),
                accessor=a["name"], pointer=root_name(a["ptr"])))
