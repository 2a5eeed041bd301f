"""Hand-written bounds: a test that refuses an address at or above the top of user space.

`if (unlikely(abort_ip >= tasksize || abort_ip < sizeof(*uc_sig))) goto die;` (7.2
rseq_entry.h, tasksize = TASK_SIZE) is access_ok() written by hand: after it, abort_ip - 4 and
the 4 bytes read there are user addresses.  The scripts take such a test as a check of a pointer
when the pointer is the tested value, or that value minus a constant (then the same condition
must also refuse values below some bound, or the subtraction could wrap to a kernel address),
and every path from the function's entry to the access passes the test (an exists rule of the
script records the accesses reached without passing any such test, as the unchecked script does
for access_ok()).  The condition must be that of an if whose branch returns or jumps away, and
the comparison one of its ||-joined terms: a test under && refuses only some of those values.
"""

import re

from cexpr import offset, pretty, strip_parens

#: the top of user space, per architecture: TASK_SIZE (and the per-task TASK_SIZE_OF()),
#: TASK_SIZE_MAX (x86, arm64), USER_PTR_MAX (x86 since 6.12), powerpc's TASK_SIZE_USER64/32,
#: arm64's and others' TASK_SIZE_64/32, and the older user_addr_max()
NAMES = {"TASK_SIZE", "TASK_SIZE_MAX", "USER_PTR_MAX", "TASK_SIZE_64", "TASK_SIZE_32",
         "TASK_SIZE_USER64", "TASK_SIZE_USER32"}
CALLS = re.compile(r"^(?:TASK_SIZE_OF|user_addr_max)\s*\(.*\)$")
_UNLIKELY = re.compile(r"^(?:unlikely|likely)\s*\((.*)\)$", re.S)


def split_top(s, sep):
    """s split at the occurrences of sep outside parentheses."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(s):
        ch = s[i]
        depth += ch in "(["
        depth -= ch in ")]"
        if depth == 0 and s.startswith(sep, i):
            out.append(s[start:i].strip())
            i += len(sep)
            start = i
            continue
        i += 1
    out.append(s[start:].strip())
    return out


def terms(cond):
    """The ||-joined terms of an if condition, as written, without likely()/unlikely()."""
    c = strip_parens(pretty(cond))
    m = _UNLIKELY.match(c)
    while m:
        c = strip_parens(m.group(1))
        m = _UNLIKELY.match(c)
    return [strip_parens(t) for t in split_top(c, "||")]


_REL = re.compile(r"(?<![-<>=!])(>=|<=|>|<)(?![<>=])")


def _masked(s):
    """s with everything inside parentheses or brackets blanked (same length)."""
    out, depth = [], 0
    for ch in s:
        depth -= ch in ")]"
        out.append(ch if depth == 0 else " ")
        depth += ch in "(["
    return "".join(out)


def comparison(term):
    """What the term refuses, as (value, bound) pairs: (a, b) for a >= b, a > b, b <= a and
    b < a (a refused at or above b), and (b, None) for the same terms (b refused when small);
    (value, None) for !value.  None when the term is no comparison."""
    ops = list(_REL.finditer(_masked(term)))
    if len(ops) == 1:
        m = ops[0]
        a, b = strip_parens(term[:m.start()]), strip_parens(term[m.end():])
        if a and b:
            big, small = (a, b) if m.group(1).startswith(">") else (b, a)
            return [(big, small), (small, None)]
    if term.startswith("!"):
        return [(strip_parens(term[1:]), None)]
    return None


class Bounds:
    """Per file: the refusing tests, where they are, and the accesses reached without one."""

    def __init__(self):
        self.tests = []          # (function, position key, [terms])
        self.unbounded = set()   # keys of accesses reached from the entry past no bound test

    def add_test(self, fn, k, cond):
        self.tests.append((fn, k, terms(cond)))

    def is_limit(self, fn, b, sets):
        """b is the top of user space: a name of NAMES, a call of CALLS, or a local every
        assignment of which (sets: [(lhs, rhs)] of fn) is one."""
        b = strip_parens(b)
        if b in NAMES or CALLS.match(b):
            return True
        values = [rhs for lhs, rhs in sets if lhs == b]
        return bool(values) and all(strip_parens(v) in NAMES or CALLS.match(strip_parens(v))
                                    for v in values)

    def bounding(self, fn, sets):
        """Keys of the tests of fn that refuse some value at or above the top of user space."""
        return {k for f, k, ts in self.tests if f == fn
                and any(c and c[0][1] is not None and self.is_limit(fn, c[0][1], sets)
                        for c in map(comparison, ts))}

    def refused(self, fn, value, sets, low):
        """Some test of fn refuses value (an identifier or a member, maybe cast) at or above the
        top of user space (and, when low, also refuses small values, in the same condition)."""
        for f, _, ts in self.tests:
            if f != fn:
                continue
            cs = [c for c in map(comparison, ts) if c]
            high = any(offset(c[0][0], value) == "zero" and c[0][1] is not None
                       and self.is_limit(fn, c[0][1], sets) for c in cs)
            small = any(offset(v, value) == "zero" and b is None for c in cs for v, b in c)
            if high and (small or not low):
                return True
        return False
