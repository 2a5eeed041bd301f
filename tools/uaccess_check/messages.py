"""The words of every finding, for the Python side: the merge and the Coccinelle scripts.

The plugin prints its findings from plugin/messages.c and plugin/distance.c; PLUGIN below holds
the same texts (tools/tests/test_messages.py compares the two, both ways, so a wording changed
on one side only fails).  The merge reports some of the plugin's findings across units and has
a few of its own (MERGE). The scripts of cocci/ see less than the plugin: where they report the
plugin's finding they print the plugin's text, then, after ": ", what the source shows in place
of the plugin's notes (DETAIL); the findings only the source level has are in COCCI.

Templates are str.format strings with named fields; say() fills one. A script's line ends with
its class in brackets, the merge's and the plugin's with [-Wuaccess-<class>] (diag.py).
"""

from __future__ import annotations

import re

#: id -> template, as the plugin words it (warnings and the parts of the range text).
PLUGIN = {
    "unchecked": "{accessor}() on '{pointer}' is not validated by access_ok() or a checking begin on every path",
    "unchecked_call": "call to '{callee}' passes '{pointer}' to {accessor}() without validating it on every path",
    "range": "{accessor}() accesses {bytes} of '{pointer}', {bound}",
    "range_call": "call to '{callee}' passes '{pointer}' to {accessor}(), which accesses {bytes} of it, {bound}",
    "bytes": "bytes {first}..{last}",
    "bytes_from": "bytes from {first}",
    "bound_beyond": "beyond the {checked} bytes checked",
    "bound_outside": "outside bytes {lo}..{hi} checked",
    "bound_masked": "outside bytes 0..{hi} that a masked pointer covers",
    "bound_masked_at": "outside bytes {lo}..{hi} that the masked pointer covers",
    "relies_check": "{accessor}() on '{pointer}' relies on a check in the callers of '{function}', {why}",
    "unproven": "{accessor}() on '{pointer}' is not proven to stay within the checked range",
    "region_call": "call to '{callee}' reaches {accessor}() outside an open user-access region",
    "region": "{accessor}() is outside an open user-access region on some path",
    "mode_call": "call to '{callee}' reaches {accessor}(), which {does} in a region opened for {opened}",
    "mode": "{accessor}() {does} in a region opened for {opened}",
    "relies_region": "{accessor}() relies on a user-access region opened by the callers of '{function}', {why}",
    "nested": "{begin}() opens a user-access region inside one already open",
    "blind_callee": "the region opened by {begin}() holds no accessor the plugin can see: its user accesses, if any, are in '{callee}', which is not analysed",
    "blind_asm": "the region opened by {begin}() holds no accessor the plugin can see: its user accesses, if any, are inline asm it does not read",
    "scope_end": "{end}() ends the region of a scope, whose cleanup ends it again",
    "wrong_end": "{end}() does not close the region opened by {begin}()",
    "still_open": "returns with the user-access region still open",
    "begin_relies": "{begin}() opens a region on '{pointer}' with no access_ok() of it in this unit: it relies on the callers of '{function}', {why}",
    "begin_far_via": "{begin}() opens a region whose access_ok() is in {function}(), called by {caller}(), {calls} call{s} up",
    "begin_far_calls": "{begin}() opens a region whose access_ok() is in {function}(), {calls} call{s} up",
    "begin_far_lines": "{begin}() opens a region whose access_ok() is {lines} lines above it",
    "region_up": "{accessor}() runs in a region opened {calls} call{s} up, by {begin} in {function}()",
    "kept": "{accessor}() on '{pointer}' relies on a check made where the pointer was stored: {check} in {where}",
}

#: The plugin's notes that the merge prints too.
NOTES = {
    "accessed_here": "accessed here",
    "checked_here": "checked here",
    "checked_here_text": "checked here: {text}",
    "region_opened_here": "region opened here",
    "call_of": "call {i} of {n}: {caller}() calls {callee}()",
    "distance_lines": "distance: {calls} call{s}, {lines} source lines from the {what} to this access",
    "distance_file": "distance: {calls} call{s}, in another file",
    "region_also": "the region also holds {accessor}() here",
}

#: The merge's own findings (facts of several units).
MERGE = {
    "not_followed": "call to '{callee}' passes '{pointer}' to {accessor}(), which relies on the callers of '{function}': not followed, {why}",
    "too_many_calls": "{accessor}() on '{pointer}' relies on the callers of '{function}': not followed past {calls} calls",
    "no_root": "call to '{callee}' passes a pointer to {accessor}() that the plugin could not follow to its root",
    "orphan": "{accessor}() on '{pointer}' relies on a check in the callers of '{function}'{others}, none of which is in the merged units",
    "begin_far_unit": "{begin}() opens a region whose access_ok() is in {function}(), {calls} call{s} up, in another unit",
    "validated_elsewhere": "{accessor}() on '{pointer}' is validated in another unit: {check} in {function}()",
    "region_too_many_calls": "{accessor}() relies on the callers of '{function}' for its user-access region: not followed past {calls} calls",
    "region_not_followed": "call to '{callee}' reaches {accessor}() in a region the callers of '{caller}' must open: not followed, {why}",
    "region_orphan": "{accessor}() relies on a user-access region opened by the callers of '{function}'{others}, none of which is in the merged units",
    "others": " and {n} other function{s}",
    "why_recursive": "the calls are recursive",
    "why_chain": "the chain is longer than {calls} calls",
    "why_not_param": "the pointer is not a parameter of '{caller}'",
    "why_no_param": "the facts do not say which parameter of it the check rests on",
}

#: What a script says after the plugin's text, where the plugin has notes.
DETAIL = {
    "not_every_path": "the check in '{function}' does not cover every path to it",
    "other_pointer": "the checks in '{function}' validate a different pointer ('{others}')",
    "only_unchecked_begin": "only the unchecked {begin}() precedes it",
    "after_scope": "it follows the scope {scope}() of '{scoped}' at line {line} but is outside it: after the scope '{scoped}' is the unchecked pointer again and no region is open",
    "after_inline": "it follows {scope}() on '{scoped}' at line {line}, which opens and closes its own scope: no region is open here",
    "inverted": "{begin}() at line {line} is tested the wrong way round: the accesses run when the check failed (inverted test)",
    "failed_path": "it is on the path where {begin}() at line {line} failed",
    "masked_discarded": "the result of {begin}() at line {line}, the pointer to access, is discarded",
    "masked_other": "{begin}() at line {line} validates '{masked}', its result, not '{pointer}'",
    "checked_at": "checked at line {line}",
    "after_end": "after {end}() at line {line}",
    "before_begin": "before {begin}() at line {line}",
    "opened_at": "opened by {begin}() at line {line}",
    "opened_line": "opened at line {line}",
    "from_fault": "opened by {begin}() at line {line}, reached from a fault at label '{label}'",
    "in_scope": "in the scope of {begin}() at line {line}",
    "in_scope_of": "inside {scope}() of '{scoped}', which validates only '{scoped}': {why}",
    "why_set_inside": "'{name}' is set at line {line} from '{source}', not from the scoped pointer",
    "why_alias_before": "'{name}' was set from '{scoped}' before the scope (line {line}): it holds the raw pointer, not the checked (masked) '{scoped}' the scope shadows it with",
    "why_computed_from": "'{scoped}' was computed from '{name}' before the scope (line {line}), and only '{scoped}' is checked (masked) inside it",
    "why_neither": "'{name}' is neither the scoped pointer nor set from it inside the scope",
    "do_not_nest": "inside {outer}: user-access scopes and regions do not nest, the end of the inner one closes the region the outer code still uses",
    "caller_checks": "caller '{caller}' checks at line {line}, {lines} lines away",
    "caller_unchecked": "caller '{caller}' calls it at line {line} without a check on some path",
    "scope_ends_itself": "inside the scope of {scope}() at line {line}, which ends its region itself on every exit: the explicit end closes it for the rest of the body",
    "runtime_offset": "inside {scope}() of '{scoped}', after an access through '{scoped}' on every path: '{name}' is at a run-time offset from it ({derivation}, line {line})",
}

#: Findings only the source level reports.
COCCI = {
    "relies_up": "{accessor}() on '{pointer}' is not validated in '{function}' nor in its callers up to '{tops}', which have no caller in this file",
    "call_reaches": "call to '{callee}' reaches {accessor}() without access_ok() or a checking begin on every path",
    "member_range": "{accessor}() accesses '{pointer}->{member}', outside '{pointer}->{checked}' checked at line {line}",
    "scope_call_raw": "call to '{callee}' inside {scope}() of '{scoped}' passes '{pointer}' and not the scoped pointer: the helper gets the raw pointer, not the checked (masked) '{scoped}'",
    "distance_begin": "{begin}() opens a user-access region without a check: no access_ok() precedes it in '{function}'{callers}",
}

ALL = {**PLUGIN, **NOTES, **MERGE, **DETAIL, **COCCI}
_FIELD = re.compile(r"\{(\w+)\}")


def say(mid: str, **fields: object) -> str:
    """The text of message mid with its fields filled (a missing field is a KeyError: a bug)."""
    return ALL[mid].format(**fields)


def pattern(mid: str) -> str:
    """A regular expression matching any text of message mid (each field: some text)."""
    parts = _FIELD.split(ALL[mid])
    return "".join(re.escape(p) if i % 2 == 0 else ".+?" for i, p in enumerate(parts))


#: The level from which the plugin says a finding of a class (distance at 1, unproven at 2).
CLASS_LEVEL = {"distance": 1, "unproven": 2}
#: Distances the plugin says only at level 2: a kept pointer, checked where it was stored.
LEVEL_2_DISTANCES = ("kept",)


def level_of(cls: str, message: str) -> int:
    """The level from which a finding is shown, whichever engine found it: the plugin's."""
    if cls == "distance" and any(re.match(pattern(mid), message) for mid in LEVEL_2_DISTANCES):
        return 2
    return CLASS_LEVEL.get(cls, 0)
