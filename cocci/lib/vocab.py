"""The scripts' vocabulary: which calls are accessors, checks, begins and ends, and the words
of each finding.  Both come from the repository's one table of each (plugin/primitives.def and
plugin/messages.def, parsed by tools/uaccess_check), so that the scripts, the plugin and the
merge agree.
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))

from uaccess_check import messages, primitives  # noqa: E402

_MODE = {"read": "r", "write": "w", "rw": "rw"}
#: accessor -> (index of the user pointer argument, mode r/w/rw), from plugin/primitives.def
ACCESSORS = {p.name: (p.ptr, _MODE[p.mode]) for p in primitives.select(kind=("accessor", "wrapper"))}
# the wrapper macro of fs/readdir.c (unsafe_put_user() and unsafe_copy_to_user()), local to it
ACCESSORS["unsafe_copy_dirent_name"] = (0, "w")
UNCHECKED_BEGINS = primitives.names(kind="unchecked")
CHECK_RE = re.compile(r"\b(?:access_ok|(?:masked_)?user_(?:read_|write_|rw_)?access_begin"
                      r"|scoped_user_(?:read|write|rw)_access(?:_size)?)\s*\(")
SCOPE_RE = re.compile(r"\bscoped_user_(?:read|write|rw)_access(?:_size)?\s*\(")


def pointer_arg(name, argv):
    """The user pointer argument of accessor `name` in argv, as written ('' if absent)."""
    idx = ACCESSORS[name][0]
    return argv[idx] if idx < len(argv) else ""


def mode(name):
    return ACCESSORS[name][1]


def say(cls, mid, detail=None, **fields):
    """A script's finding: the message's words, the detail after ': ', the class in brackets."""
    text = messages.say(mid, **fields)
    if detail is not None:
        text += ": " + messages.say(detail[0], **detail[1])
    return "%s [%s]" % (text, cls)


def _size_index(p):
    return p.size if isinstance(p.size, int) else None


#: the __get_user() family: name -> (pointer argument, length argument or None, mode)
FAMILY = {p.name: (p.ptr, _size_index(p), _MODE[p.mode]) for p in primitives.select(kind="family")}
#: the checked accesses (get_user(), copy_from_user(), ...): name -> (pointer, length or None)
CHECKED = {p.name: (p.ptr, _size_index(p)) for p in primitives.select(kind="checked")}
#: what validates a pointer, name -> (pointer argument, length argument or None): access_ok(),
#: the checking and masked begins, and the checked accesses (they call access_ok() first)
VALIDATORS = dict({p.name: (p.ptr, _size_index(p)) for p in primitives.select(
    kind=("check", "begin", "masked")) if p.ptr is not None and p.ptr >= 0}, **CHECKED)
#: the accesses whose first argument is the kernel destination of what they read from user memory
USER_READS = {n for n, (_, _, m) in FAMILY.items() if m == "r"} | \
    {p.name for p in primitives.select(kind="checked") if p.mode == "read"}


def checked_form(name):
    """The checked access a maintainer replaces family member `name` with (get_user() for
    __get_user(), copy_from_user() for raw_copy_from_user()), or None: as the plugin's
    ua_checked_form()."""
    for prefix in ("__", "raw_"):
        if name.startswith(prefix) and name[len(prefix):] in CHECKED:
            return name[len(prefix):]
    return None


def family_fix(name):
    """The fix part of a family finding's words."""
    form = checked_form(name)
    return messages.say("fix_checked", form=form) if form else messages.say("fix_access_ok")
