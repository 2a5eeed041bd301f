"""The callers pass, one mechanism for every depth: which functions and macros of a file are
helpers (their accesses are not checked inside them, so their callers must check), and where,
above a helper, a check is missing.

The SmPL rules record every call in the file, and for the calls of accessors and of the names
helpers() returns, whether the call is reached from its function's entry without a check.
A name is a helper when an access (or a call of a helper) in it is reached so, and it checks
nothing itself; its calls are then examined in turn, to any depth, never around a cycle.
"""

import source


class Calls:
    def __init__(self):
        self.sites = {}        # callee -> [(key, pos, enclosing kind, enclosing name)]
        self.unguarded = set()  # keys of accesses and calls reached without a check
        self.refs = {}         # name -> keys of references that are not calls
        self.kernel = set()    # keys of calls serving kernel addresses
        self.scoped = set()    # keys of calls inside a 7.x scope's body
        self.checking = set()  # functions holding a check of their own

    def add_call(self, key, callee, pos):
        kind, name = source.enclosing(pos[0])
        self.sites.setdefault(callee, []).append((key, pos, kind, name))

    def add_wrapper_edges(self, fname, name):
        """A wrapper macro whose body spatch did not parse still calls `name`."""
        m = source.wrapper(fname, name)
        if m and not any(s[3] == m for s in self.sites.get(name, [])):
            self.sites.setdefault(name, []).append((("macro-text", name, m), None, "macro", m))

    def reaching(self, names):
        """Every name from whose body a call chain reaches one of names (the candidates whose
        calls the path rule must examine)."""
        out = set(names)
        todo = list(names)
        while todo:
            n = todo.pop()
            for _, _, _, caller in self.sites.get(n, []):
                if caller not in out and caller != "something_else":
                    out.add(caller)
                    todo.append(caller)
        return out

    def _open(self, site):
        k, _, kind, _ = site
        return (kind == "macro" or k in self.unguarded) and k not in self.scoped and k not in self.kernel

    def helpers(self, seeds):
        """seeds: names holding an access that needs a check from outside.  Adds the callers
        that pass the need on: an unchecked call in a name that checks nothing."""
        needs = dict(seeds)
        todo = list(seeds)
        while todo:
            callee = todo.pop()
            for site in self.sites.get(callee, []):
                caller = site[3]
                if self._open(site) and caller not in needs and caller not in self.checking:
                    needs[caller] = needs[callee]
                    todo.append(caller)
        return needs

    def _other_refs(self, name):
        calls = {s[0] for s in self.sites.get(name, [])}
        return bool(self.refs.get(name, set()) - calls)

    def tops(self, name, needs, fname, check_re, stack=()):
        """Where a check is missing above helper `name`: ('call', position, callee) for an
        unchecked call in a function that checks other things, ('top', name) for a helper no
        caller in the file can be seen for.  Empty when every caller checks."""
        if name in stack:
            return []
        sites = self.sites.get(name, [])
        if not sites and name in source.macro_names(fname) \
                and source.textual_calls_follow(fname, name, check_re):
            return []
        if not sites or self._other_refs(name):
            return [("top", name)]
        out = []
        for site in sites:
            if not self._open(site):
                continue
            if site[3] in needs:
                out += self.tops(site[3], needs, fname, check_re, stack + (name,))
            elif site[1] is not None:
                out.append(("call", site[1], name))
        return out
