"""One table of messages (plugin/messages.def): the plugin, the merge and the scripts agree with it.

The plugin expands the table at compile time, messages.py parses it. These tests fail when the
two disagree: a row the plugin does not use, a class the plugin's enum does not have, a printed
line that no row words, a template that does not say what the C format prints.
"""

from __future__ import annotations

import re

import pytest

from casebuild import parse_case
from uaccess_check import REPO_ROOT, messages
from uaccess_check.diag import CLASS_RE, parse_diagnostic
from uaccess_check.finding import LINE_NOTES, Sources, line_notes

PLUGIN = REPO_ROOT / "plugin"
COCCI = REPO_ROOT / "cocci"
TESTCASES = REPO_ROOT / "testcases"
#: The rows the plugin expands (uaccess_check.h): its warnings, notes and the pieces of both.
PLUGIN_KINDS = ("msg", "note", "part")
#: The directories of testcases (a header comment with the expected output).
CASE_DIRS = (".", "v7", "powerpc")


def test_table_parses():
    assert messages.CLASSES == ("unchecked", "range", "region", "mode", "distance", "unproven")
    assert messages.TABLE.verdicts == ("proven",)
    assert messages.CLASS_LEVEL == {"unchecked": 0, "range": 0, "region": 0, "mode": 0, "distance": 1,
                                    "unproven": 2}
    assert set(messages.ALL) >= {"unchecked", "kept", "accessed_here", "bytes", "orphan", "relies_up",
                                 "after_end"}


@pytest.mark.parametrize("row, error", [
    ('UA_MSG(X, UA_NOPE, 0, "%s", a)', "unknown class"),
    ('UA_MSG(X, UA_RANGE, 0, "%s and %s", a)', "2 conversions"),
    ('UA_NOTE(X, "x")\nUA_NOTE(X, "y")', "twice"),
    ('UA_FOO(X, "x")', "unknown row"),
    ('UA_NOTE(X, "x"', "not a UA_"),
])
def test_bad_rows_fail(row, error):
    with pytest.raises(messages.DefError, match=error):
        messages.parse('UA_CLASS(UA_RANGE, "range", 0)\n' + row)


def _enum(text: str, name: str) -> list[str]:
    body = re.search(r"enum %s \{(.*?)\};" % name, text, re.S).group(1)
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    return [e.strip() for e in body.split(",") if e.strip() and e.strip() != "UA_NCLASSES"]


def test_classes_are_the_plugins_enum():
    enum = _enum((PLUGIN / "uaccess_check.h").read_text(), "ua_class")
    assert sorted(enum) == sorted(messages.TABLE.enums)


def _call_args(text: str, start: int) -> list[str]:
    """The arguments of the call whose '(' is at text[start], split at top-level commas."""
    depth, args, cur = 0, [], []
    for ch in text[start:]:
        if ch in "([":
            depth += 1
            if depth == 1:
                continue
        elif ch in ")]":
            depth -= 1
            if depth == 0:
                args.append("".join(cur).strip())
                return args
        elif ch == "," and depth == 1:
            args.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    raise AssertionError("unbalanced call")


def plugin_uses() -> set[str]:
    """The message ids the plugin's sources name: ua_say(loc, fndecl, ID, ...),
    ua_say_note(d, loc, ID, ...), UA_TEXT(ID), ua_msg_level[UA_MSG_ID]."""
    used = set()
    for path in PLUGIN.glob("*.c"):
        text = path.read_text()
        for m in re.finditer(r"\bua_say(?:_note)?\(", text):
            used.add(_call_args(text, m.end() - 1)[2])
        used |= set(re.findall(r"\bUA_TEXT\((\w+)\)", text))
        used |= set(re.findall(r"\bua_msg_level\[UA_MSG_(\w+)\]", text))
    return {u.lower() for u in used}


def test_every_plugin_row_is_used_by_the_plugin():
    rows = set(messages.of_kind(*PLUGIN_KINDS))
    assert plugin_uses() == rows


def test_the_plugin_words_nothing_outside_the_table():
    """Warnings and notes are said through ua_say()/ua_say_note(): only report.c, which
    defines them, calls ua_report() and ua_note() with a format."""
    direct = [f"{p.name}: {m.group(0)}" for p in sorted(PLUGIN.glob("*.c")) if p.name != "report.c"
              for m in re.finditer(r"\bua_(?:report|note)\([^;]*", p.read_text())]
    assert not direct, direct


def _sample(m: messages.Message) -> dict[str, object]:
    convs = [c for c in re.finditer(r"%(?:%|l?([dus]))", m.format) if c.group(0) != "%%"]
    return {f: (10 + i if c.group(1) in "du" else f"<{f}>") for i, (f, c) in
            enumerate(zip(m.fields, convs))}


@pytest.mark.parametrize("mid", sorted(messages.ALL))
def test_template_says_what_printf_prints(mid):
    """The generated template, filled, is the text C's printf makes of the format."""
    m = messages.ALL[mid]
    fields = _sample(m)
    assert messages.say(mid, **fields) == m.format % tuple(fields[f] for f in m.fields)
    if m.kind in messages.WARNINGS:
        assert messages.identify(messages.say(mid, **fields)) is m


def _expected_lines() -> list[tuple[str, str]]:
    out = []
    for path in sorted(p for d in CASE_DIRS for p in (TESTCASES / d).glob("*.c")):
        out += [(path.name, line) for line in parse_case(path).expected]
    for path in sorted((TESTCASES / "merge").glob("*/expected*")):
        out += [(path.name, line) for line in path.read_text().splitlines()]
    return out


def test_every_printed_line_is_a_row():
    """Each warning the testcases expect is worded by a row of its class, each note by a note
    row; both engines that print GCC lines (the plugin, the merge) are covered."""
    lines = _expected_lines()
    notes = messages.of_kind("note")
    warned = noted = 0
    bad = []
    for name, line in lines:
        d = parse_diagnostic(line)
        if d is None:
            continue
        if d.kind == "note":
            noted += 1
            if not any(re.fullmatch(n.pattern, d.text) for n in notes.values()):
                bad.append(f"{name}: {line}")
            continue
        warned += 1
        cm = CLASS_RE.search(d.text)
        row = messages.identify(d.text[:cm.start()], ("msg", "merge_msg")) if cm else None
        if row is None or row.cls != cm.group("cls"):
            bad.append(f"{name}: {line}")
    assert warned > 100 and noted > 100
    assert not bad, "\n".join(bad[:10])


def script_lines() -> list[tuple[str, str]]:
    """What the scripts and the driver print: findings, and the driver's notes after them."""
    out = []
    for path in sorted((COCCI / "tests").glob("*.expected")):
        if path.name.endswith(".patch.expected"):
            continue
        out += [(path.name, line) for line in path.read_text().splitlines()]
    for path in sorted((TESTCASES / "real").glob("linux-*-cocci.txt")):
        out += [(path.name, line.split(" -- ")[0]) for line in path.read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    return out


def script_outputs() -> list[tuple[str, str]]:
    return [(name, line) for name, line in script_lines() if ": note: " not in line]


def test_driver_notes_are_rows():
    """The notes the driver prints after a script's finding (its other accesses) are note rows."""
    notes = [(name, parse_diagnostic(line)) for name, line in script_lines() if ": note: " in line]
    rows = messages.of_kind("note", "cocci_note")
    bad = [f"{name}: {d}" for name, d in notes
           if d is None or not any(re.fullmatch(r.pattern, d.text) for r in rows.values())]
    assert notes and not bad, bad


def test_every_line_a_script_names_is_a_note():
    """Each row whose words name a line ("checked at line 28") makes a located note of a
    script's finding (finding.LINE_NOTES), in words of a note row, and its pattern finds it."""
    named = {mid for mid, m in messages.ALL.items() if "line" in m.fields}
    assert named == set(LINE_NOTES)
    for mid in sorted(named):
        m = messages.ALL[mid]
        fields = dict(_sample(m), name="p", begin="user_access_begin", end="user_access_end",
                      scope="scoped_user_read_access", derivation="p = addr")
        text = "prefix 'x': " + m.say(**fields) + " [unchecked]"
        notes = line_notes("f.c", text, Sources())
        note_id = LINE_NOTES[mid][0]
        assert [n.line for n in notes] == [fields["line"]], mid
        assert messages.ALL[note_id].kind in ("note", "cocci_note")
        assert re.fullmatch(messages.ALL[note_id].pattern, notes[0].message), (mid, notes[0].message)


def _worded(row: messages.Message, text: str, details: list[re.Pattern]) -> bool:
    """text is row's words, or row's words, ': ' and a detail's."""
    if re.fullmatch(row.pattern, text):
        return True
    return any(re.fullmatch(row.pattern, text[:i]) and any(d.fullmatch(text[i + 2:]) for d in details)
               for i in (m.start() for m in re.finditer(": ", text)))


_SCRIPT_LINE_RE = re.compile(r"^\S+:\d+:\d+-\d+: (?P<text>.*) \[(?P<cls>[a-z]+)\]$")


def test_script_findings_are_worded_by_the_table():
    """A script's line is a warning row's words, then maybe ': ' and a detail row's (or a
    detail alone)."""
    details = [re.compile(d.pattern) for d in messages.of_kind("detail").values()]
    bad = []
    for name, line in script_outputs():
        m = _SCRIPT_LINE_RE.match(line)
        row = (messages.identify(m.group("text"), messages.WARNINGS + ("detail",))
               if m and m.group("cls") in messages.CLASSES else None)
        if row is None:
            bad.append(f"{name}: {line}")
            continue
        if not _worded(row, m.group("text"), details):
            bad.append(f"{name}: {line}")
    assert script_outputs() and not bad, "\n".join(bad[:10])


@pytest.mark.parametrize("script", sorted(p.name for p in COCCI.glob("*.cocci")))
def test_scripts_write_no_message_of_their_own(script):
    """A script's words come from the table (through cocci/lib/vocab.py): no class tag in its
    code, only in its header comment."""
    code = [l for l in (COCCI / script).read_text().splitlines() if not l.startswith("//")]
    tagged = [l for l in code if re.search(r"\s\[(?:%s)\]" % "|".join(messages.CLASSES), l)]
    assert not tagged, tagged


def _literal_part(m: messages.Message) -> str:
    """The longest piece of a format without a conversion (what a copy of it would contain)."""
    return max(re.split(r"%l?[dus]", m.format), key=len)


@pytest.mark.parametrize("path", sorted(p.relative_to(REPO_ROOT).as_posix() for p in
                                        [*(REPO_ROOT / "tools" / "uaccess_check").glob("*.py"),
                                         *(COCCI / "lib").glob("*.py")]
                                        if p.name != "messages.py"))
def test_driver_writes_no_message_of_its_own(path):
    text = (REPO_ROOT / path).read_text()
    spelled = [m.id for m in messages.ALL.values() if len(_literal_part(m)) > 24 and _literal_part(m) in text]
    assert not spelled, f"{path} spells out {spelled}: use messages.say()"


def test_level_of():
    kept = messages.say("kept", accessor="unsafe_put_user", pointer="t->rseq", check="access_ok()",
                        where="rseq()")
    far = messages.say("begin_far_lines", begin="__uaccess_begin", lines=12)
    relies = messages.say("relies_check", accessor="unsafe_get_user", pointer="p", function="f",
                          why=messages.say("unseen_in_file"))
    assert messages.level_of("distance", kept) == 2
    assert messages.level_of("distance", far) == 1
    assert messages.level_of("unproven", relies) == 2
    assert messages.level_of("unchecked", relies) == 0  # a script says it as unchecked: its class's level
    assert messages.level_of("unchecked", "words of no row") == 0


def test_documented_levels_are_the_tables():
    """docs/diagnostics.md's class table lists the classes in the table's order, at its levels."""
    text = (REPO_ROOT / "docs" / "diagnostics.md").read_text()
    rows = re.findall(r"^\| `([a-z]+)` \| (\d) \| ", text, re.M)
    assert [(c, int(l)) for c, l in rows] == [(c.name, c.level) for c in messages.TABLE.classes]
