"""The Python half of uaccess_scoped.cocci: which pointer an access in a 7.x scope uses.

The scope macro shadows its pointer with the validated (masked) one for the body.  Inside the
body the scoped name is validated, and so is a local last set from it inside the body (source
order); a local set from it before the scope holds the raw pointer, and so does the pointer the
scoped one was computed from.  The report says which of these the access's pointer is.
"""

import vocab
from cexpr import key, root, root_name


class Facts:
    def __init__(self):
        self.scopes = {}   # scope key -> (function, scope name, pointer, position)
        self.access = []   # (scope key, accessor, pointer, position)
        self.calls = []    # (scope key, helper, arguments, position)
        self.assign = []   # (function, lhs root, rhs text, rhs root, position)
        self.inside = {}   # assignment key -> keys of the scopes whose body holds it

    def add_scope(self, name, argv, ps):
        self.scopes[key(ps[0])] = (ps[0].current_element, name, argv[0] if argv else "", ps)

    def add_assign(self, fn, lhs, rhs, p):
        self.assign.append((fn, root(lhs)[0], rhs, root(rhs)[0], p))

    def latest(self, fn, r, before):
        """The last assignment of r in fn written before position key `before`."""
        found = None
        for asg in self.assign:
            f, lhs, _, _, p = asg
            if f == fn and lhs == r and p[0].file == before[0] and key(p[0]) < before \
                    and (found is None or key(p[0]) > key(found[4][0])):
                found = asg
        return found

    def in_body(self, asg, sk):
        return sk in self.inside.get(key(asg[4][0]), ())

    def from_scoped(self, fn, r, at, sk, sr, depth=0):
        """r, used at `at` in scope sk, is the scope's pointer sr or was last set inside the
        body from such a pointer."""
        if r == sr:
            return True
        asg = self.latest(fn, r, at)
        if asg is None or depth > 8 or not self.in_body(asg, sk):
            return False
        return asg[3] is not None and self.from_scoped(fn, asg[3], key(asg[4][0]), sk, sr, depth + 1)

    def chain_before(self, fn, r, target, before, depth=0):
        """The assignment written before the scope through which r was taken from target,
        directly or through other locals; None when it was not."""
        asg = self.latest(fn, r, before)
        if asg is None or depth > 8 or asg[3] is None:
            return None
        if asg[3] == target or self.chain_before(fn, asg[3], target, key(asg[4][0]), depth + 1):
            return asg
        return None

    def innermost(self, items, pos):
        return max(sk for sk, _, _, p in items if key(p[0]) == key(pos[0]))


def _why(F, fn, r, at, sk, sr, ps):
    asg = F.latest(fn, r, at)
    if asg is not None and F.in_body(asg, sk):
        return "why_set_inside", dict(name=r, line=asg[4][0].line, source=asg[3] or asg[2])
    a = F.chain_before(fn, r, sr, key(ps[0]))
    if a:
        return "why_alias_before", dict(name=r, scoped=sr, line=a[4][0].line)
    a = F.chain_before(fn, sr, r, key(ps[0]))
    if a:
        return "why_computed_from", dict(name=r, scoped=sr, line=a[4][0].line)
    if asg is not None:
        return "why_set_inside", dict(name=r, line=asg[4][0].line, source=asg[3] or asg[2])
    return "why_neither", dict(name=r)


def _judge_access(F, sk, A, ptr, pa, rep):
    fn, scope, sptr, ps = F.scopes[sk]
    r, sr = root(ptr)[0], root(sptr)[0]
    if r is None or sr is None:
        return
    if root(sptr)[1] == "" and r.startswith(sr + "->"):
        return   # a pointer member loaded through the scoped pointer
    at = key(pa[0])
    if "->" in r:
        # x->arr: an array member decays to an address inside *x
        x = r.rsplit("->", 1)[0]
        if F.from_scoped(fn, x, at, sk, sr) or F.chain_before(fn, x, sr, key(ps[0])) \
                or F.chain_before(fn, sr, x, key(ps[0])):
            r = x
    if F.from_scoped(fn, r, at, sk, sr):
        return
    why, fields = _why(F, fn, r, at, sk, sr, ps)
    rep(pa, vocab.say("unchecked", "unchecked", ("in_scope_of", dict(
        scope=scope, scoped=sr, why=vocab.messages.say(why, **fields))),
        accessor=A, pointer=root_name(ptr)))


def _judge_call(F, sk, h, hargs, pc, rep):
    """A helper given the raw pointer (the one the scoped pointer was computed from, or an
    alias taken before the scope) and no argument from the scope."""
    fn, scope, sptr, ps = F.scopes[sk]
    sr = root(sptr)[0]
    roots = [root(a)[0] for a in hargs]
    if sr is None or any(r and F.from_scoped(fn, r, key(pc[0]), sk, sr) for r in roots):
        return
    for a, r in zip(hargs, roots):
        if r is None or r == sr:
            continue
        if F.chain_before(fn, sr, r, key(ps[0])) or F.chain_before(fn, r, sr, key(ps[0])):
            rep(pc, vocab.say("unchecked", "scope_call_raw", callee=h, scope=scope, scoped=sr,
                              pointer=a))
            return


def judge(F, rep):
    for sk, A, ptr, pa in F.access:
        if sk == F.innermost(F.access, pa):
            _judge_access(F, sk, A, ptr, pa, rep)
    for sk, h, hargs, pc in F.calls:
        if sk == F.innermost(F.calls, pc):
            _judge_call(F, sk, h, hargs, pc, rep)
