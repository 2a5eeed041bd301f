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


#: a preprocessor directive: a '#' first on its line (after blanks), with its continuation lines
#: (a newline after a backslash)
_DIRECTIVE = re.compile(r"[^\n]*(?:(?<=\\)\n[^\n]*)*")
_FIRST_DIRECTIVE = re.compile(r"[ \t]*#")
#: what starts something to blank: a comment, a literal, a directive on the next line
_NEXT = re.compile(r"[/\"']|\n[ \t]*#")
#: the rest of a string or character literal: up to its closing quote or the end of the line
_LITERAL = {q: re.compile(r"(?:[^%s\n\\]|\\[\s\S])*" % q) for q in "\"'"}


def _blank(s: str) -> str:
    return "\n".join(" " * len(part) for part in s.split("\n")) if "\n" in s else " " * len(s)


def mask(text: str) -> str:
    """Comments, string and character literals and preprocessor lines replaced by spaces.

    A directive starts at a '#' first on its line (after blanks) and ends at the first newline
    not escaped; a literal ends at its quote or at the end of its line (which is then not the
    start of a line: a directive there is not one). The text is walked from one comment,
    literal or directive to the next by regular expressions, not character by character (a
    second on the candidate files of a tree)."""
    spans = []     # (start, end) of what is blanked, newlines kept
    n = len(text)
    m = _FIRST_DIRECTIVE.match(text)
    i = 0
    if m:
        i = _DIRECTIVE.match(text, m.end() - 1).end()
        spans.append((m.end() - 1, i))
    while i < n:
        m = _NEXT.search(text, i)
        if not m:
            break
        k = m.start()
        c = text[k]
        if c == "\n":
            j = _DIRECTIVE.match(text, m.end() - 1).end()
            spans.append((m.end() - 1, j))
            i = j
        elif c == "/":
            if text.startswith("/*", k):
                j = text.find("*/", k + 2)
                j = n if j < 0 else j + 2
                spans.append((k, j))
                i = j
            elif text.startswith("//", k):
                j = text.find("\n", k)
                j = n if j < 0 else j
                spans.append((k, j))
                i = j
            else:
                i = k + 1
        else:
            j = _LITERAL[c].match(text, k + 1).end()
            if j < n and text[j] == "\\":     # a backslash ending the text
                j = n + 1
            spans.append((k + 1, min(j, n)))
            i = j + 1
    if not spans:
        return text
    out, prev = [], 0
    for a, b in spans:
        out.append(text[prev:a])
        out.append(_blank(text[a:b]))
        prev = b
    out.append(text[prev:])
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


Analysis = tuple[list[tuple[str, int, int, int]], list[set[str]]]


def analyse(text: str) -> Analysis:
    """The function definitions of text and the identifiers each names: what reduce_source()
    reads, computed once for all the reductions of one file."""
    masked = mask(text)
    funcs = functions(masked)
    return funcs, [set(_WORD.findall(masked[b:e])) for _, _, b, e in funcs]


def reduce_source(text: str, words: set[str], levels: int = 4,
                  helper_words: frozenset[str] = frozenset(), analysis: Analysis | None = None) -> str | None:
    """The text with irrelevant functions blanked, or None when nothing can be removed.
    helper_words: a function naming one, or calling one that does, is kept too when a kept
    function calls it (a check helper, and the helpers it calls), not for its own callers.
    analysis: analyse(text), when the caller has it."""
    funcs, idents = analysis if analysis is not None else analyse(text)
    if not funcs:
        return None
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
    out, prev = [], 0
    for i, (_, start, _, end) in enumerate(funcs):
        if i not in keep:
            out += [text[prev:start], _blank(text[start:end])]
            prev = end
    out.append(text[prev:])
    return "".join(out)
