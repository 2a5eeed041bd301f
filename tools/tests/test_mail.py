"""mail.patch_text(): `uaccess-check patch` reads a patch as mailed, decoded as `git am` would.

The mails of testcases/patches/mail/ (README there) decode to the exact diff GNU patch applies:
lore's raw quoted-printable mail of the seed's v1 is the seed's v1.patch, a base64 mail and an
attachment are the seed's v2 and masked-begin patches, a b4 .mbx series with a cover letter is
v1 again (its two patches' diffs in order), a git format-patch series is its `git diff`s. A plain
diff comes back unchanged; mail with no diff (a review reply quoting one) is a one-line error.
No kernel is needed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from uaccess_check import REPO_ROOT, UsageError
from uaccess_check.mail import patch_text

MAIL = REPO_ROOT / "testcases" / "patches" / "mail"
SEED = REPO_ROOT / "testcases" / "seed"


def decoded(name: str) -> str:
    return patch_text((MAIL / name).read_bytes(), name)


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_quoted_printable_lore_raw_is_the_seed_v1() -> None:
    raw = (MAIL / "epoll-v1-2-2.lore-raw.eml").read_bytes()
    assert b"Content-Transfer-Encoding: quoted-printable" in raw and b"\n=20\n--=20\n" in raw
    assert decoded("epoll-v1-2-2.lore-raw.eml") == text(SEED / "v1-unchecked-begin.patch")


def test_quoted_printable_soft_breaks_tabs_and_equals() -> None:
    raw = (MAIL / "bpf-copy-user-syms.lore-raw.eml").read_bytes()
    assert b"(struct user_syms *us, unsi=\ngned long" in raw  # a hunk header split by a soft break
    assert b" =09int err =3D -ENOMEM;\n" in raw
    assert decoded("bpf-copy-user-syms.lore-raw.eml") == text(MAIL / "bpf-copy-user-syms.diff")


def test_crlf_mail_decodes_the_same() -> None:
    raw = (MAIL / "epoll-v1-2-2.lore-raw.eml").read_bytes().replace(b"\n", b"\r\n")
    assert patch_text(raw, "crlf.eml") == text(SEED / "v1-unchecked-begin.patch")


def test_base64_mail_is_the_seed_v2() -> None:
    assert decoded("epoll-v2.base64.eml") == text(SEED / "v2-checking-begin.patch")


def test_multipart_attachment_is_the_seed_masked_begin() -> None:
    assert decoded("epoll-masked-begin.multipart.eml") == text(SEED / "masked-begin.patch")


def test_b4_mbx_series_gives_its_patches_in_order_and_no_cover_letter() -> None:
    assert decoded("epoll-v1.b4.mbx") == text(SEED / "v1-unchecked-begin.patch")


def test_cover_letter_interdiff_contributes_nothing() -> None:
    """git format-patch --interdiff puts a diff at column 0 in the cover letter."""
    raw = (MAIL / "epoll-v1.b4.mbx").read_bytes()
    interdiff = b"Interdiff against v0:\n" + (SEED / "v2-checking-begin.patch").read_bytes()
    raw = raw.replace(b"2 files changed, 12 insertions(+), 5 deletions(-)\n",
                      b"2 files changed, 12 insertions(+), 5 deletions(-)\n\n" + interdiff, 1)
    assert interdiff in raw
    assert patch_text(raw, "interdiff.mbx") == text(SEED / "v1-unchecked-begin.patch")


def test_format_patch_series_is_its_git_diffs() -> None:
    assert decoded("epoll-v1.format-patch.mbox") == text(MAIL / "epoll-v1.format-patch.diff")


def test_plain_git_diff_unchanged() -> None:
    for path in (MAIL / "bpf-copy-user-syms.diff", SEED / "v1-unchecked-begin.patch"):
        assert patch_text(path.read_bytes(), path.name) == text(path)


def test_removed_dash_dash_space_line_is_not_the_signature() -> None:
    """Hunk lines are counted: a removed "- " line reads "-- " like a signature separator."""
    diff = "--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1 @@\n keep\n-- \n"
    mail = f"From: a <a@example.org>\nSubject: [PATCH] notes\n\nDrop it.\n---\n{diff}-- \n2.51.0\n"
    assert patch_text(mail.encode(), "dash.eml") == diff


def test_mail_without_a_diff_is_one_line_usage_error() -> None:
    with pytest.raises(UsageError) as err:
        decoded("epoll-v1-review-reply.eml")
    assert str(err.value) == "epoll-v1-review-reply.eml: mail, but no message carries a patch"
