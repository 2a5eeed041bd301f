"""The Python half of uaccess_scoped.cocci: which pointer an access in a 7.x scope uses.

The scope macro shadows its pointer with the validated (masked) one for the body.  Inside the
body the scoped name is validated, and so is a local last set from it inside the body (source
order); a local set from it before the scope holds the raw pointer, and so does the pointer the
scoped one was computed from.  The report says which of these the access's pointer is.

The kernel's contract for the scopes (include/linux/uaccess.h, above the scoped macros; x86's
mask_user_address()) is weaker than "only the scoped pointer": where the scope masks, the first
access must be within the page at the masked pointer, and a masked kernel address faults there,
so nothing after it runs.  An access through an alias of the scoped pointer (taken from it
before the scope, or the pointer it was computed from) is therefore covered when an access
through the scoped pointer itself, at a constant offset, runs before it on every path from the
start of the body (an "anchor"; the script's exists rule records the accesses reached without
one).  Then the alias's offset decides: constant, nothing to say; run-time, the plugin's level-2
"not proven to stay within the checked range" naming the derivation.  With no anchor before it
the alias is the raw pointer, reported as before (powerpc emulate_spe(), 7.1).

Two more ways a pointer in a scope is validated although not by the scope: a hand-written test
refusing it at or above the top of user space (bounds.py), and a registered field, checked when
it was stored (registered.py): reported as [distance], naming the check.
"""

import bounds
import registered
import vocab
from cexpr import key, offset, pretty, root, root_name


class Facts:
    def __init__(self):
        self.scopes = {}   # scope key -> (function, scope name, pointer, position)
        self.access = []   # (scope key, accessor, pointer, position)
        self.calls = []    # (scope key, helper, arguments, position)
        self.assign = []   # (function, lhs root, rhs text, rhs root, position)
        self.inside = {}   # assignment key -> keys of the scopes whose body holds it
        self.unanchored = set()  # keys of accesses reached from their scope's start past no anchor
        self.bumped = set()      # (scope key, root) of pointers stepped (p++, p += n) in a body
        self.fields = registered.Fields()
        self.bounds = bounds.Bounds()
        self._anchors = None

    def add_scope(self, name, argv, ps):
        self.scopes[key(ps[0])] = (ps[0].current_element, name, argv[0] if argv else "", ps)

    def add_assign(self, fn, lhs, rhs, p):
        self.assign.append((fn, root(lhs)[0], rhs, root(rhs)[0], p))

    def sets(self, fn):
        """[(lhs root, rhs as written)] of fn's assignments and initialisations."""
        return [(a[1], a[2]) for a in self.assign if a[0] == fn]

    def anchors(self):
        """Keys of the accesses through their innermost scope's own pointer at a constant,
        non-negative offset (the scoped name, a member, a constant index or addition)."""
        if self._anchors is None:
            self._anchors = set()
            for sk, _, ptr, pa in self.access:
                sr = root(self.scopes[sk][2])[0]
                if sk == self.innermost(self.access, pa) and sr is not None \
                        and offset(ptr, sr) in ("zero", "const"):
                    self._anchors.add(key(pa[0]))
        return self._anchors

    def is_anchor(self, p):
        return key(p[0]) in self.anchors()

    def anchored(self, sk, at):
        """The access at `at`, in scope sk, runs after an anchor on every path.  The exists rule
        records the accesses reached without one; the first access of a body it walked is always
        among them, so a scope none of whose accesses is recorded was not walked (spatch gave up
        on it): nothing is known, and the alias stays unchecked."""
        walked = any(k == sk and key(p[0]) in self.unanchored for k, _, _, p in self.access)
        return walked and at not in self.unanchored

    def limit_test(self, cond):
        """cond may compare with the top of user space (a prefilter: names it or a local set
        from it anywhere in the file); bounds.Bounds decides per function."""
        text = pretty(cond)
        names = bounds.NAMES | {"TASK_SIZE_OF", "user_addr_max"}
        names |= {a[1] for a in self.assign if a[1] and any(n in a[2] for n in names)}
        return any(n in text for n in names if n)

    def is_bound(self, p):
        fn = p[0].current_element
        return key(p[0]) in self.bounds.bounding(fn, self.sets(fn))

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
        steps = self.steps_before(fn, r, target, before, depth)
        return steps[0] if steps else None

    def steps_before(self, fn, r, target, before, depth=0):
        """The assignments, r's first, through which r was taken from target before `before`;
        None when it was not."""
        asg = self.latest(fn, r, before)
        if asg is None or depth > 8 or asg[3] is None:
            return None
        if asg[3] == target:
            return [asg]
        rest = self.steps_before(fn, asg[3], target, key(asg[4][0]), depth + 1)
        return [asg] + rest if rest else None

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


def _alias_offset(F, fn, r, sk, sr, ps, why):
    """('const' or 'runtime', the assignment to name, whether r is stepped in the body) of the
    alias r of the scoped pointer sr: how far it is from sr (constant when every step of the
    derivation is and r is not stepped in the body)."""
    if why == "why_alias_before":
        steps = F.steps_before(fn, r, sr, key(ps[0]))
    else:
        steps = F.steps_before(fn, sr, r, key(ps[0]))
    kinds = [offset(a[2], a[3]) for a in steps]
    stepped = (sk, r) in F.bumped
    const = all(k in ("zero", "const", "minus") for k in kinds) and not stepped
    return ("const" if const else "runtime"), steps[0], stepped


def _bounded(F, fn, r, at):
    """r is refused at or above the top of user space before the access at `at`: r itself, or
    the value it was last set from (minus a constant: then small values must be refused too)."""
    if at in F.bounds.unbounded or not F.bounds.tests:
        return False
    sets = F.sets(fn)
    values = [(r, False)]
    asg = F.latest(fn, r, at)
    if asg is not None and asg[3] is not None:
        kind = offset(asg[2], asg[3])
        if kind in ("zero", "minus"):
            values.append((asg[3], kind == "minus"))
    return any(F.bounds.refused(fn, v, sets, low) for v, low in values)


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
    fields = dict(accessor=A, pointer=root_name(ptr))
    why, because = _why(F, fn, r, at, sk, sr, ps)
    if why in ("why_alias_before", "why_computed_from") and F.anchored(sk, at):
        kind, asg, stepped = _alias_offset(F, fn, r, sk, sr, ps, why)
        if kind == "runtime":
            derivation = "%s = %s" % (asg[1], asg[2]) + (", then stepped in the body" if stepped else "")
            rep(pa, vocab.say("unproven", "unproven", ("runtime_offset", dict(
                scope=scope, scoped=sr, name=r, derivation=derivation,
                line=asg[4][0].line)), **fields))
        return
    e = F.fields.origin(fn, r, [(a[1], a[3]) for a in F.assign if a[0] == fn])
    if e is not None:
        rep(pa, vocab.say("distance", "kept", check=e.check, where=e.where(), **fields))
        return
    if _bounded(F, fn, r, at):
        return
    rep(pa, vocab.say("unchecked", "unchecked", ("in_scope_of", dict(
        scope=scope, scoped=sr, why=vocab.messages.say(why, **because))), **fields))


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
