"""The diff text of a patch as mailed: a raw list mail, a b4 or git format-patch mbox, a plain diff.

A patch reaches a maintainer as mail: lore's "raw" message (quoted-printable or base64, or
multipart with the patch attached), a `b4 am` .mbx series, `git format-patch` output. GNU patch
decodes none of it, so the input is decoded as `git am` would first: the mbox is split on "From "
lines that a header block follows, ">From " quoting is undone (mboxrd), and each message's text
parts (text/plain, text/x-patch, text/x-diff) are decoded by transfer encoding and charset, their
carriage returns dropped. Of a message only its diff is kept, from its first file header to the
end of its last hunk; hunk lines are counted, so a "-- " line the patch removes stays and the
signature goes. A series gives its diffs in order; a cover letter ("[PATCH 0/N]") gives nothing,
not even an interdiff. Input that does not start with a mail header is a plain diff, returned as
it is.
"""

from __future__ import annotations

import codecs
import re
from itertools import islice
from email.message import Message
from email.parser import BytesParser
from email.policy import compat32

from . import UsageError

_FIELD_RE = re.compile(rb"^([\x21-\x39\x3b-\x7e]+):")
_MBOXRD_RE = re.compile(rb"^>(>*From )", re.M)
_COVER_RE = re.compile(r"\[[^]]*\b0+/\d+\]")
_HUNK_RE = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")
_FILE_RE = re.compile(r"^(?:diff -|index |--- |\+\+\+ |(?:old|new|deleted file|new file) mode |"
                      r"(?:dis)?similarity index |rename (?:from|to) |copy (?:from|to) |Binary files )")
_TEXT_TYPES = ("text/plain", "text/x-patch", "text/x-diff")


def patch_text(data: bytes, name: str) -> str:
    """The diff to apply of @data (the contents of @name): a plain diff as it is, of mail the
    diffs of its messages in order; mail with no diff is a UsageError."""
    messages = _messages(data.splitlines(keepends=True))
    if messages is None:
        return data.decode("utf-8", "replace")
    diffs = [_diff(_text(m)) for m in messages if not _COVER_RE.search(str(m.get("Subject", "")))]
    if not any(diffs):
        raise UsageError(f"{name}: mail, but no message carries a patch")
    return "".join(diffs)


def _messages(lines: list[bytes]) -> list[Message] | None:
    """The messages of an mbox or of one mail; None when the input does not start as mail."""
    starts = [i + 1 for i, line in enumerate(lines) if line.startswith(b"From ") and _headers_at(lines, i + 1)]
    if not starts or starts[0] != 1:
        if not _headers_at(lines, 0):
            return None
        starts.insert(0, 0)
    ends = [s - 1 for s in starts[1:]] + [len(lines)]
    parser = BytesParser(policy=compat32)
    # git am --patch-format=mboxrd: a body line ">From " (any number of '>') loses one '>'
    return [parser.parsebytes(_MBOXRD_RE.sub(rb"\1", b"".join(lines[s:e]))) for s, e in zip(starts, ends)]


def _headers_at(lines: list[bytes], i: int) -> bool:
    """Whether a header block naming a From: or Subject: field starts at line @i."""
    fields: set[bytes] = set()
    for line in islice(lines, i, None):
        if not line.rstrip(b"\r\n"):
            break
        if line[:1] in (b" ", b"\t") and fields:
            continue
        m = _FIELD_RE.match(line)
        if not m:
            return False
        fields.add(m.group(1).lower())
    return bool(fields & {b"from", b"subject"})


def _text(msg: Message) -> str:
    """The message's text parts in order, decoded (utf-8 when the charset is absent or unknown)."""
    parts = []
    for part in msg.walk():
        if part.get_content_type() in _TEXT_TYPES:
            payload = part.get_payload(decode=True) or b""
            parts.append(payload.decode(_charset(part.get_content_charset()), "replace"))
    return "\n".join(parts)


def _charset(name: str | None) -> str:
    """A Python codec for a MIME charset; utf-8, a superset, for us-ascii (mislabelled mail)."""
    try:
        codec = codecs.lookup(name or "utf-8").name
    except LookupError:
        return "utf-8"
    return "utf-8" if codec == "ascii" else codec


def _diff(text: str) -> str:
    """The diff of a message's text: from its first file header to its last diff line."""
    lines = [line.rstrip("\r") for line in text.split("\n")]
    start = next((i for i, line in enumerate(lines) if line.startswith("diff -") or
                  (line.startswith("--- ") and lines[i + 1:i + 2] and lines[i + 1].startswith("+++ "))), None)
    if start is None:
        return ""
    end = start
    old = new = 0
    for i in range(start, len(lines)):
        line = lines[i]
        tag = line[:1]
        if (old > 0 or new > 0) and tag in (" ", "-", "+", ""):  # git apply: an empty line is context
            old -= tag != "+"
            new -= tag != "-"
        elif m := _HUNK_RE.match(line):
            old, new = int(m.group(1) or 1), int(m.group(2) or 1)
        elif not (_FILE_RE.match(line) or (tag == "\\" and end == i)):  # "\ No newline at end of file"
            continue
        end = i + 1
    return "".join(line + "\n" for line in lines[start:end])
