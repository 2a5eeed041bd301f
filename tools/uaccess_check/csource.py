"""Reading C source text without a parser: the top-level brace blocks of a file.

Both the unit finder (function bodies that use accessors) and the Coccinelle input reducer
(functions that can be blanked) need the same walk; each decides from the text before a block
whether it is a function definition.
"""

from __future__ import annotations

import re
from typing import Iterator

#: the only characters the walk looks at (a regular expression finds them far faster than a loop
#: over every character: a second over the candidate files of a tree)
_BRACES = re.compile(r"[{};]")


def top_level_blocks(code: str) -> Iterator[tuple[int, int, int]]:
    """(head start, body start, body end + 1) of every top-level {...} block of code, whose
    comments and string literals the caller has already blanked. The head is the text since the
    previous top-level ';' or block."""
    depth = 0
    head_start = 0
    body_start = 0
    for m in _BRACES.finditer(code):
        i, ch = m.start(), m.group()
        if ch == "{":
            if depth == 0:
                body_start = i
            depth += 1
        elif ch == "}":
            if depth == 0:
                continue
            depth -= 1
            if depth == 0:
                yield head_start, body_start, i + 1
                head_start = i + 1
        elif ch == ";" and depth == 0:
            head_start = i + 1
