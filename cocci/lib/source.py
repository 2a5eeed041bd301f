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


_SYSCALL = re.compile(r"^\s*(?:COMPAT_)?SYSCALL_DEFINE\d\s*\(\s*(\w+)\s*(?:,(.*))?\)\s*$", re.S)
_HEADER = re.compile(r"([A-Za-z_]\w*)\s*\((.*)\)\s*$", re.S)
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def _split_top(text):
    """text split at its commas outside parentheses and brackets."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _param(text):
    """(type, name) of one parameter as written ('' for a name it does not have)."""
    m = re.search(r"\(\s*\*\s*(\w+)\s*\)", text)      # a function pointer
    if m:
        return text, m.group(1)
    t = re.sub(r"\[[^\]]*\]\s*$", "", text.strip()).strip()
    m = re.search(r"([A-Za-z_]\w*)\s*$", t)
    if not m or m.start() == 0 or t in ("void", "..."):
        return text.strip(), ""
    return t[:m.start()].strip(), m.group(1)


def function_at(fname, line):
    """The definition holding line `line` of the file, read from its header as written:
    dict(name, static, syscall, params=[(type, name)], line), or None when the line is not in
    a function body (a macro, a declaration).  SYSCALL_DEFINEn(name, t1, a1, ...) and
    COMPAT_SYSCALL_DEFINEn() bodies are system calls, with the parameters the macro lists."""
    ckey = ("function", fname, line)
    if ckey in _CACHE:
        return _CACHE[ckey]
    lines = _lines(fname)
    out = None
    i = min(line, len(lines)) - 1
    while i >= 0:
        text = lines[i]
        if text.startswith("}"):
            break
        if text.startswith("{") or (text[:1].isalpha() and text.rstrip().endswith("{")
                                    and ")" in text):
            out = _header(lines, i)
            break
        i -= 1
    _CACHE[ckey] = out
    return out


def _header(lines, brace):
    """The function header ending at (or on) line index `brace`, parsed."""
    first = brace if not lines[brace].startswith("{") else brace - 1
    j = first
    while j > 0:
        prev = lines[j - 1].rstrip()
        if not prev or prev.endswith((";", "}", "*/", "{")) or prev.lstrip().startswith(("#", "//")):
            break
        j -= 1
    text = "\n".join(lines[j:first + 1])
    if lines[brace].startswith("{") is False:
        text = text[:text.rindex("{")]
    text = _COMMENT.sub(" ", text)
    m = _SYSCALL.match(text)
    if m:
        rest = _split_top(m.group(2) or "")
        params = [(rest[k], rest[k + 1]) for k in range(0, len(rest) - 1, 2)]
        return dict(name=m.group(1), static=False, syscall=True, params=params, line=j + 1)
    m = _HEADER.search(text)
    if not m:
        return None
    params = [_param(p) for p in _split_top(m.group(2))]
    params = [p for p in params if p[1]]
    return dict(name=m.group(1), static=bool(re.search(r"\bstatic\b", text[:m.start()])),
                syscall=False, params=params, line=j + 1)
