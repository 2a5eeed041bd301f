"""Registered user pointers: the reviewed list of cocci/lib/registrations, and whether a pointer
of a function was loaded from one of its fields.

A field is named by the struct it is in and its member path (task_struct.rseq.usrptr).  The
scripts know the type of a member load's base from spatch (a typed metavariable: the local's or
the parameter's declaration); `current` is the running task.  A local counts as loaded from a
field when every assignment of it the function holds is such a load, directly or through other
locals.

The stores into a field are not judged here: they are in other files (kernel/rseq.c for rseq,
virt/kvm/kvm_main.c for the memory slots), and the driver blanks the functions of a file that
name no accessor, so a script would see a store in one run and not in another.  The list is
held to the source instead: tools/tests/test_cocci_real.py checks that each entry's function
holds its check, in every tree the entry names.
"""

import os
import re


PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "registrations")
_FUNCTION = re.compile(r"(\w+)\s*(\([^)]*\))?")


class Entry:
    def __init__(self, field, check, file, functions):
        self.field = field            # "task_struct.rseq.usrptr"
        self.check = check            # "access_ok(rseq, rseq_len)"
        self.file = file              # "kernel/rseq.c"
        self.functions = functions    # [("sys_rseq", "6.1, 6.12"), ...]

    @property
    def struct(self):
        return self.field.split(".", 1)[0]

    @property
    def path(self):
        return self.field.split(".", 1)[1]

    def where(self):
        """Where the check is, as the plugin's message names it (f() in file), with the kernels
        of each function: f() (6.1, 6.12) or g() (7.2) in file."""
        names = " or ".join("%s() %s" % (n, k) if k else "%s()" % n for n, k in self.functions)
        return "%s in %s" % (names, self.file)


def load(path=PATH):
    out = []
    with open(path) as f:
        for line in f:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = [p.strip() for p in line.rstrip("\n").split(" | ")]
            if len(parts) != 4:
                raise ValueError("%s: not 4 fields: %s" % (path, line.strip()))
            functions = [(n, k) for n, k in _FUNCTION.findall(parts[3])]
            if not functions:
                raise ValueError("%s: no function: %s" % (path, line.strip()))
            out.append(Entry(parts[0], parts[1], parts[2], functions))
    return out


ENTRIES = load()
#: first member of each registered path: the typed SmPL rule matches only these loads
FIRST_MEMBERS = {e.path.split(".", 1)[0] for e in ENTRIES}
_QUALIFIERS = re.compile(r"\b(?:const|volatile|__user|struct|union)\b|\*")


def struct_name(t):
    """spatch's type text (struct task_struct, const struct x __user) -> the struct's name."""
    return " ".join(_QUALIFIERS.sub(" ", str(t)).split())


class Fields:
    """Per file: the types of member loads' bases."""

    def __init__(self):
        self.types = {}    # (function, base identifier) -> struct name

    def add_type(self, fn, base, t):
        self.types[(fn, str(base).strip())] = struct_name(t)

    def entry(self, fn, r):
        """The entry of field root r ('t->rseq.usrptr', 'ghc->hva') in function fn, or None."""
        if r is None:
            return None
        m = re.match(r"^([A-Za-z_]\w*)->([\w.]+)$", r)
        if not m:
            return None
        base, path = m.groups()
        struct = "task_struct" if base == "current" else self.types.get((fn, base))
        for e in ENTRIES:
            if e.struct == struct and e.path == path:
                return e
        return None

    def origin(self, fn, r, assigns, depth=0):
        """The entry whose field the pointer root r of function fn was loaded from, or None.
        assigns: [(lhs root, rhs root)] of fn's assignments and initialisations."""
        e = self.entry(fn, r)
        if e is not None:
            return e
        if r is None or depth > 4:
            return None
        sources = [b for a, b in assigns if a == r]
        if not sources:
            return None
        found = {self.origin(fn, b, assigns, depth + 1) for b in sources}
        if len(found) == 1 and None not in found:
            return found.pop()
        return None
