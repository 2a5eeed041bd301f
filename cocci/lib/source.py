"""The macro definitions of a file, read from its text.

spatch matches inside a macro body but names the enclosing element "something_else", and it
does not parse bodies such as `do { } while (0);` with a trailing semicolon.  The scripts need
the macro's name (a wrapper macro is a helper like a function) and, when spatch could not parse
a wrapper's uses, where it is called.  This is the one place that reads C text; it is read once
per file and cached until reset().
"""

import re

_DEFINE = re.compile(r"\s*#\s*define\s+([A-Za-z_]\w*)")
_CACHE = {}


def reset():
    _CACHE.clear()


def _lines(fname):
    if fname not in _CACHE:
        try:
            _CACHE[fname] = open(fname, errors="replace").read().split("\n")
        except OSError:
            _CACHE[fname] = []
    return _CACHE[fname]


def defines(fname):
    """[(first line, last line, macro name, body text)] of the file's macro definitions."""
    ckey = ("defines", fname)
    if ckey not in _CACHE:
        lines = _lines(fname)
        out = []
        i = 0
        while i < len(lines):
            m = _DEFINE.match(lines[i])
            j = i
            while j < len(lines) and lines[j].rstrip().endswith("\\"):
                j += 1
            if m:
                out.append((i + 1, j + 1, m.group(1), " ".join(lines[i:j + 1])))
            i = j + 1
        _CACHE[ckey] = out
    return _CACHE[ckey]


def macro_names(fname):
    return {d[2] for d in defines(fname)}


def enclosing(p):
    """('function'|'macro', name) of the definition holding position p."""
    line = int(p.line)
    for first, last, name, _ in defines(p.file):
        if first <= line <= last:
            return "macro", name
    return "function", p.current_element


def wrapper(fname, name):
    """The macro of the file whose body calls `name`, if any."""
    call = re.compile(r"\b" + re.escape(name) + r"\s*\(")
    for _, _, mname, body in defines(fname):
        if mname != name and call.search(body):
            return mname
    return None


def body(fname, name):
    for _, _, mname, text in defines(fname):
        if mname == name:
            return text
    return ""


def textual_calls_follow(fname, name, check_re):
    """For a macro whose uses spatch parsed as macro statements (powerpc
    unsafe_setup_sigcontext()): True when the file calls it and every call follows a match of
    check_re written earlier in the same function (which starts after the previous line
    holding only an opening brace)."""
    lines = _lines(fname)
    inside = [(a, b) for a, b, _, _ in defines(fname)]
    call = re.compile(r"\b" + re.escape(name) + r"\s*\(")
    found = False
    for i, text in enumerate(lines, 1):
        if not call.search(text) or text.lstrip().startswith(("*", "/*", "//")):
            continue
        if any(a <= i <= b for a, b in inside):
            continue
        j = i - 1
        while j > 0 and lines[j - 1].rstrip() != "{":
            j -= 1
        if j == 0 or not check_re.search("\n".join(lines[j - 1:i - 1])):
            return False
        found = True
    return found
