"""Shrinking a C file for spatch without moving anything: irrelevant function definitions blanked.

spatch spends most of its time parsing. In a large file (arch/x86/kvm/x86.c: 13,000 lines) only a
few functions use the user-access primitives. ``reduce_source()`` keeps every preprocessor line,
every top-level declaration and every function definition that names one of the given words or
calls (transitively, a few levels) a kept function, and replaces the other function definitions by
blanks (spaces, newlines kept). Lines and columns of what is kept do not change, so the reports
of the reduced file are those of the original.
"""

from __future__ import annotations

import re

from .csource import top_level_blocks

_WORD = re.compile(r"[A-Za-z_]\w*")
_HEAD = re.compile(r"([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)[^;()]*$", re.S)


def mask(text: str) -> str:
    """Comments, string and character literals and preprocessor lines replaced by spaces."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c in " \t":
            i += 1
            continue
        if line_start and c == "#":
            # preprocessor directive, with its continuation lines
            j = i
            while j < n:
                if text[j] == "\n" and text[j - 1] != "\\":
                    break
                j += 1
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        line_start = c == "\n"
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                if out[k] != "\n":
                    out[k] = " "
            i = j + 1
            continue
        i += 1
    return "".join(out)


def functions(masked: str) -> list[tuple[str, int, int, int]]:
    """(name, start of the definition, start of the body, end) of the top-level function definitions."""
    result = []
    for head_start, body_start, end in top_level_blocks(masked):
        head = masked[head_start:body_start]
        m = _HEAD.search(head)
        if m and "=" not in head[m.end():] and not head.rstrip().endswith("="):
            start = head_start + m.start()
            # the definition starts at the first non-blank character of its declaration
            stripped = len(head) - len(head.lstrip())
            result.append((m.group(1), head_start + stripped if head_start + stripped <= start else start,
                           body_start, end))
    return result


def reduce_source(text: str, words: set[str], levels: int = 4,
                  helper_words: frozenset[str] = frozenset()) -> str | None:
    """The text with irrelevant functions blanked, or None when nothing can be removed.
    helper_words: a function naming one, or calling one that does, is kept too when a kept
    function calls it (a check helper, and the helpers it calls), not for its own callers."""
    masked = mask(text)
    funcs = functions(masked)
    if not funcs:
        return None
    idents = [set(_WORD.findall(masked[b:e])) for _, _, b, e in funcs]
    keep = {i for i, ids in enumerate(idents) if ids & words}
    kept_names = {funcs[i][0] for i in keep}
    for _ in range(levels):
        new = {i for i, ids in enumerate(idents) if i not in keep and ids & kept_names}
        if not new:
            break
        keep |= new
        kept_names |= {funcs[i][0] for i in new}
    if helper_words:
        # the functions that reach a helper word through calls in the file
        reach = {i for i, ids in enumerate(idents) if ids & helper_words}
        names = {funcs[i][0] for i in reach}
        while True:
            new = {i for i, ids in enumerate(idents) if i not in reach and ids & names}
            if not new:
                break
            reach |= new
            names |= {funcs[i][0] for i in new}
        # ... kept where a kept function calls them, and their callees of the kind in turn
        while True:
            called = set().union(*(idents[i] for i in keep)) if keep else set()
            new = {i for i in reach if i not in keep and funcs[i][0] in called}
            if not new:
                break
            keep |= new
    if len(keep) == len(funcs):
        return None
    out = list(text)
    for i, (_, start, _, end) in enumerate(funcs):
        if i in keep:
            continue
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "
    return "".join(out)
