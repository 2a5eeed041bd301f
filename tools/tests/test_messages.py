"""One wording per finding: the plugin's C, messages.py, and what the merge and the scripts print.

The plugin words its findings in plugin/messages.c and plugin/distance.c; messages.py holds the
same texts for the Python side. A text changed on one side only fails here, as does a script or
the merge printing words that are not in messages.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT, messages

PLUGIN_SOURCES = ("messages.c", "distance.c")
COCCI = REPO_ROOT / "cocci"
CLASSES = ("unchecked", "range", "region", "mode", "distance", "unproven")
_LITERAL = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|(HOST_WIDE_INT_PRINT_DEC))')


def _format_after(text: str, start: int) -> str | None:
    """The format string of the call whose arguments start at text[start]: the first run of
    adjacent string literals (and HOST_WIDE_INT_PRINT_DEC) among them."""
    i = text.find('"', start)
    if i < 0 or text.find(");", start) < i:
        return None
    parts = []
    i -= 1
    while True:
        m = _LITERAL.match(text, i + 1 if not parts else i)
        if not m:
            break
        parts.append(m.group(1) if m.group(1) is not None else "%d")
        i = m.end()
    return "".join(parts)


def c_formats(kinds: tuple[str, ...]) -> set[str]:
    out = set()
    for name in PLUGIN_SOURCES:
        text = (REPO_ROOT / "plugin" / name).read_text()
        for m in re.finditer(r"\b(" + "|".join(kinds) + r")\(", text):
            fmt = _format_after(text, m.end())
            if fmt is not None:
                out.add(_normal_c(fmt))
    return out


def _normal_c(fmt: str) -> str:
    return re.sub(r"%(?:l?[dus])", "%s", fmt)


def _normal_py(template: str) -> str:
    return re.sub(r"\{\w+\}", "%s", template)


def test_plugin_headlines_are_in_messages_py():
    python = {_normal_py(t) for t in messages.PLUGIN.values()}
    missing = sorted(c_formats(("ua_report",)) - python)
    assert not missing, f"plugin texts missing from messages.PLUGIN: {missing}"


def test_messages_py_plugin_texts_are_the_plugins():
    c = c_formats(("ua_report", "ua_note", "snprintf"))
    for mid, template in sorted({**messages.PLUGIN, **messages.NOTES}.items()):
        assert _normal_py(template) in c, f"messages.py {mid!r} is not worded as in plugin/: {template}"


def test_c_parser_sees_the_known_texts():
    # guard against a parser that finds nothing: the unchecked headline and a split range part
    assert "%s() on '%s' is not validated by access_ok() or a checking begin on every path" in \
        c_formats(("ua_report",))
    assert "bytes %s..%s" in c_formats(("snprintf",))


def test_say_fills_and_fails():
    assert messages.say("still_open") == "returns with the user-access region still open"
    with pytest.raises(KeyError):
        messages.say("unchecked", accessor="unsafe_put_user")


def _script_line_re() -> re.Pattern:
    heads = "|".join(messages.pattern(m) for m in {**messages.PLUGIN, **messages.COCCI,
                                                    **messages.DETAIL})
    details = "|".join(messages.pattern(m) for m in messages.DETAIL)
    return re.compile(r"^\S+:\d+:\d+-\d+: (?:%s)(?:: (?:%s))? \[(?:%s)\]$" % (heads, details, "|".join(CLASSES)))


def script_outputs() -> list[tuple[str, str]]:
    out = []
    for path in sorted((COCCI / "tests").glob("*.expected")):
        if path.name.endswith(".patch.expected"):
            continue
        out += [(path.name, line) for line in path.read_text().splitlines()]
    for path in sorted((REPO_ROOT / "testcases" / "real").glob("linux-*-cocci.txt")):
        out += [(path.name, line.split(" -- ")[0]) for line in path.read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    return out


def test_script_findings_are_worded_from_messages_py():
    line_re = _script_line_re()
    bad = [f"{name}: {line}" for name, line in script_outputs() if not line_re.match(line)]
    assert script_outputs() and not bad, "\n".join(bad[:10])


@pytest.mark.parametrize("script", sorted(p.name for p in COCCI.glob("*.cocci")))
def test_scripts_write_no_message_of_their_own(script):
    """A script's words come from messages.py (through cocci/lib/vocab.py): no class tag in
    its code, only in its header comment."""
    code = [l for l in (COCCI / script).read_text().splitlines() if not l.startswith("//")]
    tagged = [l for l in code if re.search(r"\s\[(?:%s)\]" % "|".join(CLASSES), l)]
    assert not tagged, tagged


def test_merge_writes_no_message_of_its_own():
    text = (REPO_ROOT / "tools" / "uaccess_check" / "merge.py").read_text()
    for template in messages.PLUGIN.values():
        head = _literal_part(template)
        assert head not in text, f"merge.py spells out {head!r}: use messages.say()"


def _literal_part(template: str) -> str:
    """The longest piece of a template without a field (what a copy of it would contain)."""
    return max(re.split(r"\{\w+\}", template), key=len)
