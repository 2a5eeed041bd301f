"""The distance map's three forms say the same numbers.

The 6.12 x86_64 fixture is mapped once as JSON; the text and the HTML page are made from that
file (`map --merge` of one map is the map itself, which is checked against `map`'s own text).
Every histogram is read back from each form (the text's bpftrace-style rows; the page's SVG bars
as headless Chromium draws them, mapdom.py) and compared with counts made here from the JSON
records; so are the totals and the farthest checks' positions.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter

import pytest

import mapdom
from uaccess_check import REPO_ROOT, distmap

DRIVER = str(REPO_ROOT / "uaccess-check")


def run_cli(*args: str) -> str:
    res = subprocess.run([sys.executable, DRIVER, "map", *args], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL, timeout=1800)
    assert res.returncode == 0, res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def forms(tmp_path_factory) -> dict:
    tmp = tmp_path_factory.mktemp("forms")
    js = tmp / "map.json"
    run_cli("--version", "6.12", "--format", "json", "-o", str(js))
    page = tmp / "map.html"
    run_cli("--merge", str(js), "--format", "html", "-o", str(page))
    return {"json": json.loads(js.read_text()), "text": run_cli("--merge", str(js), "--format", "text"),
            "direct": run_cli("--version", "6.12"), "dom": mapdom.dump_dom(page)}


def _text_hists(text: str) -> dict[str, list[tuple[str, int]]]:
    out: dict[str, list[tuple[str, int]]] = {}
    for block in text.split("\n\n"):
        head, _, rows = block.partition(":\n")
        if head.startswith("@"):
            out[head] = [(r[:16].strip(), int(re.match(r"^.{16}\s*(\d+) \|", r).group(1)))
                         for r in rows.splitlines()]
    return out


def _expected(accs: list[dict]) -> dict[str, Counter]:
    """Each histogram's non-zero counts, made from the records."""
    groups = {"": accs}
    for d in accs:
        groups.setdefault(f"[{d['kind']}]", []).append(d)
        groups.setdefault(f"[{d['file'].split('/')[0]}]", []).append(d)
    out = {}
    for name, members in groups.items():
        out[f"@calls{name}"] = Counter(map(mapdom.calls_bucket, members))
        out[f"@lines{name}"] = Counter(map(mapdom.lines_bucket, members))
    return out


def _nonzero(buckets: list[tuple[str, int]]) -> Counter:
    return Counter({label: n for label, n in buckets if n})


def test_merge_of_one_map_is_the_map(forms):
    assert forms["text"] == forms["direct"]


def test_text_json_and_html_histograms_agree(forms):
    accs = forms["json"]["accesses"]
    expected = _expected(accs)
    text = _text_hists(forms["text"])
    html, rows, shown, total = mapdom.parse(forms["dom"])
    assert set(text) == set(html) == set(expected)
    for name in expected:
        assert _nonzero(text[name]) == expected[name], f"text {name}"
        assert _nonzero(html[name]) == expected[name], f"html {name}"
        assert text[name] == html[name], name  # the same buckets, zeros included, in one order
    assert len(rows) == shown == total == len(accs)


def test_totals_agree(forms):
    accs = forms["json"]["accesses"]
    n = Counter(d["validation"] for d in accs)
    units = len({u for d in accs for u in d["units"]})
    first = forms["text"].splitlines()[0]
    assert f": {len(accs)} accesses in {units} units: " in first
    assert f"{n['access']} at the access, {n['function']} in the function, {n['callers']} calls up" in first
    assert mapdom.validation_counts(forms["dom"]) == [
        (v, n[v]) for v in distmap.VALIDATIONS]


def test_farthest_agree(forms):
    text = [m.group(1) for m in re.finditer(r"^ +\d+\. (\S+:\d+): ", forms["text"], re.M)]
    html = re.findall(r'<li data-file="([^"]+)" data-line="(\d+)"', forms["dom"])
    assert text == [f"{f}:{l}" for f, l in html]
    assert len(text) == 10
