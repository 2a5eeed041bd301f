"""The words of every finding, read from plugin/messages.def: the one table of the classes and messages.

The plugin expands the same file at compile time (plugin/uaccess_check.h), so the plugin, the
merge and the Coccinelle scripts say a finding in the same words, and each class has one level.
The file's header comment describes the rows; each becomes a :class:`Message` whose printf
format is turned into a ``str.format`` template named by the row's fields::

    from uaccess_check import messages
    messages.say("unchecked", accessor="unsafe_put_user", pointer="p")
    messages.identify("unsafe_put_user() on 'p' is not validated ...")   # -> the UNCHECKED row
    messages.level_of("distance", text)                                  # 1, or 2 for a kept pointer

A script's line ends with its class in brackets, the merge's and the plugin's with
[-Wuaccess-<class>] (diag.py). A malformed row raises ``DefError`` naming the file and line.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from . import REPO_ROOT

DEF_PATH = REPO_ROOT / "plugin" / "messages.def"
#: The kinds of message rows (the macro without UA_, lower case): who says them.
WARNINGS = ("msg", "merge_msg", "cocci_msg")
KINDS = WARNINGS + ("note", "part", "merge_part", "cocci_part", "detail", "cocci_note")

_ROW_RE = re.compile(r"^UA_(?P<macro>[A-Z_]+)\((?P<args>.*)\)$")
_TOKEN_RE = re.compile(r'\s*(?:"(?P<str>(?:[^"\\]|\\.)*)"|(?P<word>[A-Za-z_]\w*|\d+)|(?P<comma>,))')
#: A printf conversion (or %%), as the plugin's formats use them.
_CONV_RE = re.compile(r"%(?:%|[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z)?(?P<conv>[diuxXsc]))")
#: HOST_WIDE_INT_PRINT_DEC on the hosts the plugin builds on.
_MACROS = {"HOST_WIDE_INT_PRINT_DEC": "%ld"}


class DefError(ValueError):
    """A row of messages.def that does not parse."""


@dataclass(frozen=True)
class Class:
    """A class of finding: printed as [-Wuaccess-<name>], said from <level> on."""
    name: str
    enum: str
    level: int


@dataclass(frozen=True)
class Message:
    """One message row of messages.def."""
    id: str                     # the row's ID in lower case: "unchecked_call"
    kind: str                   # one of KINDS
    cls: str | None             # a warning's class name; None for notes, parts, details
    level: int | None           # a warning's level; None for the others
    format: str                 # the printf format, literals joined
    fields: tuple[str, ...]     # the names of its conversions, in order

    @functools.cached_property
    def template(self) -> str:
        """The format as a str.format template: each conversion replaced by its field's name."""
        names = iter(self.fields)
        return _CONV_RE.sub(lambda m: "%" if m.group(0) == "%%" else "{%s}" % next(names),
                            self.format.replace("{", "{{").replace("}", "}}"))

    @functools.cached_property
    def pattern(self) -> str:
        """A regular expression matching any text of the message (a field named twice must
        hold the same text twice)."""
        out, seen, pos = [], set(), 0
        for name, m in zip(self.fields, (m for m in _CONV_RE.finditer(self.format) if m.group(0) != "%%")):
            out.append(re.escape(self.format[pos:m.start()].replace("%%", "%")))
            if name in seen:
                out.append(f"(?P={name})")
            else:
                seen.add(name)
                out.append(f"(?P<{name}>-?\\d+)" if m.group("conv") in "diuxX" else f"(?P<{name}>.*?)")
            pos = m.end()
        out.append(re.escape(self.format[pos:].replace("%%", "%")))
        return "".join(out)

    @functools.cached_property
    def inner_pattern(self) -> str:
        """A regular expression finding the message's words inside a longer text (a script's
        detail in its finding): the pattern with its text fields narrowed, a name before "()"
        to a C identifier, a quoted one to text without a quote."""
        out, seen, pos = [], set(), 0
        for name, m in zip(self.fields, (m for m in _CONV_RE.finditer(self.format) if m.group(0) != "%%")):
            out.append(re.escape(self.format[pos:m.start()].replace("%%", "%")))
            before, pos = self.format[:m.start()], m.end()
            after = self.format[pos:]
            if name in seen:
                out.append(f"(?P={name})")
                continue
            seen.add(name)
            if m.group("conv") in "diuxX":
                body = r"-?\d+"
            elif after.startswith("()"):
                body = r"\w+"
            elif before.endswith("'") and after.startswith("'"):
                body = r"[^']*"
            else:
                body = r".*?"
            out.append(f"(?P<{name}>{body})")
        out.append(re.escape(self.format[pos:].replace("%%", "%")))
        return "".join(out)

    def say(self, **fields: object) -> str:
        return self.template.format(**fields)


@dataclass(frozen=True)
class Table:
    classes: tuple[Class, ...]   # in the documentation's order
    verdicts: tuple[str, ...]    # the verdicts no diagnostic carries (proven)
    enums: dict[str, str]        # enum ua_class's names of both -> their names
    messages: dict[str, Message]


def _args(text: str, where: str) -> list[str]:
    """A row's arguments: each a joined string literal ("..." "..." HOST_WIDE_INT_PRINT_DEC) or a
    word."""
    out: list[str] = []
    cur: list[str] = []
    quoted = False
    pos = 0
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m or m.end() == pos:
            raise DefError(f"{where}: cannot read the arguments at: {text[pos:]}")
        pos = m.end()
        if m.group("comma"):
            out.append("".join(cur) if quoted else " ".join(cur))
            cur, quoted = [], False
        elif m.group("str") is not None:
            cur.append(m.group("str").encode().decode("unicode_escape"))
            quoted = True
        elif m.group("word") in _MACROS and quoted:
            cur.append(_MACROS[m.group("word")])
        else:
            cur.append(m.group("word"))
    out.append("".join(cur) if quoted else " ".join(cur))
    return out


def parse(text: str, filename: str = "messages.def") -> Table:
    """The table of a .def text; DefError on a row that does not parse."""
    classes: list[Class] = []
    verdicts: list[str] = []
    rows: dict[str, Message] = {}
    enums: dict[str, str] = {}
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    for n, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        where = f"{filename}:{n}"
        if not line.startswith("UA_"):
            continue
        m = _ROW_RE.match(line)
        if not m:
            raise DefError(f"{where}: not a UA_...(...) row on one line: {line}")
        macro, args = m.group("macro").lower(), _args(m.group("args"), where)
        if macro == "verdict":
            enums[args[0]] = args[1]
            verdicts.append(args[1])
        elif macro == "class":
            enums[args[0]] = args[1]
            classes.append(Class(args[1], args[0], int(args[2])))
        elif macro in KINDS:
            rows[args[0].lower()] = _message(macro, args, enums, rows, where)
        else:
            raise DefError(f"{where}: unknown row UA_{m.group('macro')}")
    if not classes or not rows:
        raise DefError(f"{filename}: no UA_CLASS or no message row")
    return Table(tuple(classes), tuple(verdicts), enums, rows)


def _message(kind: str, args: list[str], enums: dict[str, str], rows: dict[str, Message],
             where: str) -> Message:
    mid = args[0].lower()
    if mid in rows:
        raise DefError(f"{where}: message {args[0]} twice")
    cls = level = None
    if kind in WARNINGS:
        if args[1] not in enums:
            raise DefError(f"{where}: unknown class {args[1]} (not a UA_CLASS above)")
        cls, level, args = enums[args[1]], int(args[2]), [args[0]] + args[3:]
    fmt, fields = args[1], tuple(args[2:])
    convs = [m for m in _CONV_RE.finditer(fmt) if m.group(0) != "%%"]
    if len(convs) != len(fields) or not all(re.fullmatch(r"[a-z_]\w*", f) for f in fields):
        raise DefError(f"{where}: {len(convs)} conversions but fields {', '.join(fields) or 'none'}")
    return Message(mid, kind, cls, level, fmt, fields)


@functools.lru_cache(maxsize=None)
def load(path: Path = DEF_PATH) -> Table:
    return parse(path.read_text(), path.name)


TABLE = load()
#: The classes a finding can have, in the documentation's (and the SARIF rules') order.
CLASSES = tuple(c.name for c in TABLE.classes)
CLASS_LEVEL = {c.name: c.level for c in TABLE.classes}
ALL = TABLE.messages


def of_kind(*kinds: str) -> dict[str, Message]:
    return {mid: m for mid, m in ALL.items() if m.kind in kinds}


def say(mid: str, **fields: object) -> str:
    """The text of message mid with its fields filled (a missing field is a KeyError: a bug)."""
    return ALL[mid].say(**fields)


@functools.lru_cache(maxsize=None)
def _warning_re(kinds: tuple[str, ...]) -> re.Pattern:
    """One expression over the warnings of these kinds, a group per message, a script's detail
    after ": " allowed."""
    alts = "|".join(f"(?P<m_{mid}>{_numbered(m.pattern, mid)})" for mid, m in of_kind(*kinds).items())
    return re.compile(f"(?:{alts})(?:: .*)?")


def _numbered(pattern: str, mid: str) -> str:
    """A message's pattern with its group names made unique in the combined expression."""
    return re.sub(r"\(\?P([<=])(\w+)", lambda m: f"(?P{m.group(1)}{mid}__{m.group(2)}", pattern)


@functools.lru_cache(maxsize=None)
def _exact_re(kinds: tuple[str, ...]) -> re.Pattern:
    """The same alternatives without a detail: a row whose own words are the whole text."""
    alts = "|".join(f"(?P<m_{mid}>{_numbered(m.pattern, mid)})" for mid, m in of_kind(*kinds).items())
    return re.compile(f"(?:{alts})")


def identify(text: str, kinds: tuple[str, ...] = WARNINGS) -> Message | None:
    """The warning row whose words a finding's message is (without its class tag), or None.
    A row whose own words are the whole text comes before one followed by a detail: the
    family's "call to 'f' passes 'p' to __get_user() without validating it on every path: get_user()
    checks it" is FAMILY_UNCHECKED_CALL, not UNCHECKED_CALL and a detail."""
    m = _exact_re(kinds).fullmatch(text) or _warning_re(kinds).fullmatch(text)
    if m is None:
        return None
    mid = next(k[2:] for k, v in m.groupdict().items() if k.startswith("m_") and v is not None)
    return ALL[mid]


def level_of(cls: str, message: str) -> int:
    """The level from which a finding is shown, whichever engine found it: its message's row
    when the engine says it in that row's class (a kept pointer's distance: 2), else its class's."""
    m = identify(message)
    if m is not None and m.cls == cls:
        return _row_level(m, message)
    return CLASS_LEVEL[cls]


def _row_level(m: Message, message: str) -> int:
    """A row's level, with the plugin's one rule the table cannot say: a region opened one call
    up (the __unsafe_setup_sigcontext() shape) is said from level 2 (distance.c,
    region_up_level(); requirements.py's _distance_level() for the merge)."""
    assert m.level is not None
    if m.id == "region_up":
        found = re.match(m.pattern, message)
        if found and int(found.group("calls")) < 2:
            return max(m.level, 2)
    return m.level
