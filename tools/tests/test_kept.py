"""plugin/registrations.def as the driver reads it (tools/uaccess_check/kept.py): every row names
a check that is an access_ok() as written, and where it is; a malformed row is an error, not a
row skipped (the plugin would still compile it)."""

from __future__ import annotations

import pytest

from uaccess_check import kept


def test_rows():
    rows = kept.load()
    assert {(k.record, k.name) for k in rows if k.field} >= {("rseq_data", "usrptr"), ("task_struct", "rseq")}
    assert {k.name for k in rows if not k.field} >= {"kvm_vcpu_gfn_to_hva"}
    for k in rows:
        assert k.check.startswith("access_ok(") and k.where and k.bytes > 0, k
        assert (k.record == "-") == (not k.field), k
        assert k.field or k.error != "-", f"{k.name}: a source's error value must be refused"


def test_bad_row(tmp_path):
    bad = tmp_path / "registrations.def"
    bad.write_text('UA_KEPT(FIELD, s, m, "access_ok(p, n)")\n')
    with pytest.raises(ValueError, match="registrations.def:1: not a UA_KEPT"):
        kept.load(bad)
