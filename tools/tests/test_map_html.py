"""The distance map's HTML page (uaccess_check/maphtml.py) as a reader's browser shows it.

The page is made from a real map, tools/tests/data/map-6.12-sample.json (73 accesses of three
units of Linux 6.12 x86_64 defconfig: fs/eventpoll.c, fs/readdir.c, kernel/signal.c), and
opened in headless Chromium (mapdom.py; ``make deps`` installs Debian's chromium, and a missing
browser fails these tests, it never skips them). What is checked is the DOM after the page's
script ran: the table's rows, the charts' bars, "N of M accesses", for the whole map and for
filters and sorts given in the URL fragment. The expected numbers are computed here from the
JSON records, apart from distmap's buckets, so a bucket or filter bug in either shows.

A screenshot of the page is kept as an artifact, at $UACCESS_CHECK_ARTIFACTS/map-page.png or
build/artifacts/map-page.png.
"""

from __future__ import annotations

import json
import os
import struct
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

import mapdom
from uaccess_check import REPO_ROOT, distmap, maphtml

SAMPLE = Path(__file__).resolve().parent / "data" / "map-6.12-sample.json"
LINK_BASE = "https://elixir.bootlin.com/linux/v6.12/source/"
KINDS = ("unsafe", "masked", "scoped", "family", "checked")
CALLS = ("0", "1", "2", "3", "4", "5+", "other unit", "unknown")
NUMERIC_CALLS = CALLS[:6]


def _accesses() -> list[dict]:
    return json.loads(SAMPLE.read_text())["accesses"]


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """The sample's page without links ("plain") and with links to Elixir ("linked")."""
    cells, recs = distmap.load_map(SAMPLE)
    out = tmp_path_factory.mktemp("map-html")
    pages = {"plain": out / "map.html", "linked": out / "map-linked.html"}
    pages["plain"].write_text(maphtml.render(cells, recs), encoding="utf-8")
    pages["linked"].write_text(maphtml.render(cells, recs, LINK_BASE), encoding="utf-8")
    return pages


@lru_cache(maxsize=None)
def _dom(path: Path, fragment: str = "") -> str:
    return mapdom.dump_dom(path, fragment)


# ---- the records' numbers, computed here -------------------------------------------------------

def _dir(d: dict) -> str:
    return d["file"].split("/", 1)[0]


def _lines_labels(accs: list[dict]) -> list[str]:
    top = max((d["lines"] for d in accs if d["lines"] is not None), default=0)
    assert top < 1024, "the labels below are written without bpftrace's K suffix"
    labels, lo = ["[0]", "[1]"], 2
    while lo <= top:
        labels.append(f"[{lo}, {lo * 2})")
        lo *= 2
    return labels + ["other file", "unknown"]


def _hist(accs: list[dict], bucket, labels) -> list[tuple[str, int]]:
    n = Counter(bucket(d) for d in accs)
    assert set(n) <= set(labels)
    return [(label, n[label]) for label in labels]


def _expected_charts(accs: list[dict]) -> dict[str, list[tuple[str, int]]]:
    out = {"@calls": _hist(accs, mapdom.calls_bucket, CALLS),
           "@lines": _hist(accs, mapdom.lines_bucket, _lines_labels(accs))}
    groups = [(k, [d for d in accs if d["kind"] == k]) for k in KINDS]
    groups += [(t, [d for d in accs if _dir(d) == t]) for t in sorted({_dir(d) for d in accs})]
    for name, members in groups:
        if members:
            out[f"@calls[{name}]"] = _hist(members, mapdom.calls_bucket, CALLS)
            out[f"@lines[{name}]"] = _hist(members, mapdom.lines_bucket, _lines_labels(members))
    return out


def _ident(d: dict) -> tuple:
    return (d["file"], int(d["line"]), d["function"], d["accessor"])


def _sorted(accs: list[dict], value, desc: bool) -> list[dict]:
    """As the page sorts: by value, ties in the map's order, no value last either way."""
    have = [d for d in accs if value(d) is not None]
    return sorted(have, key=value, reverse=desc) + [d for d in accs if value(d) is None]


def _calls_value(d: dict) -> int | None:
    return d["calls"] if mapdom.calls_bucket(d) in NUMERIC_CALLS else None


# ---- the tests -----------------------------------------------------------------------------

def test_every_access_is_a_row(pages):
    accs = _accesses()
    dom = _dom(pages["plain"])
    _, rows, shown, total = mapdom.parse(dom)
    assert (len(rows), shown, total) == (len(accs), len(accs), len(accs)) == (73, 73, 73)
    assert [_ident(r) for r in rows] == [_ident(d) for d in accs]
    for row, d in zip(rows, accs):
        cells = row["cells"]
        assert cells[0] == f"{d['file']}:{d['line']}"
        assert cells[1:6] == [d["function"], d["accessor"], d["kind"], d["pointer"] or "",
                              d["validation"]]
        assert cells[6] == mapdom.calls_bucket(d) == row["bucket"]
        assert cells[7] == ("" if d["lines"] is None else str(d["lines"]))
        if d["check"] is not None:
            assert d["check"]["text"] in cells[8]
            assert f"{d['check']['file']}:{d['check']['line']}" in cells[8]
        assert cells[10] == ("" if d["level"] is None else str(d["level"]))
    # the sample's one long chain, drawn compactly
    chains = {r["cells"][9] for r in rows if r["cells"][9]}
    assert chains == {"do_epoll_wait → ep_poll → … → epoll_put_uevent"}
    assert mapdom.validation_counts(dom) == [
        (v, sum(d["validation"] == v for d in accs)) for v in distmap.VALIDATIONS]


def test_title_names_the_cells(pages):
    dom = _dom(pages["plain"])
    assert "<title>uaccess-check map: linux 6.12 x86_64 defconfig</title>" in dom
    assert "<h1>uaccess-check map: linux 6.12 x86_64 defconfig</h1>" in dom


def test_charts_are_the_histograms(pages):
    hist, _, _, _ = mapdom.parse(_dom(pages["plain"]))
    expected = _expected_charts(_accesses())
    assert list(hist.items()) == list(expected.items())
    _, recs = distmap.load_map(SAMPLE)
    assert list(hist.items()) == distmap.histograms(recs)
    # the sample's own numbers, as a reader would quote them
    assert dict(hist["@calls"]) == {"0": 65, "1": 0, "2": 0, "3": 0, "4": 2, "5+": 0,
                                    "other unit": 0, "unknown": 6}


FILTERS = [
    ("dir=fs&kind=unsafe", lambda d: _dir(d) == "fs" and d["kind"] == "unsafe"),
    ("calls=4", lambda d: mapdom.calls_bucket(d) == "4"),
    ("calls=unknown", lambda d: mapdom.calls_bucket(d) == "unknown"),
    ("dir=kernel&calls=0&kind=family", lambda d: _dir(d) == "kernel" and mapdom.calls_bucket(d) == "0"
     and d["kind"] == "family"),
    ("q=FILLDIR", lambda d: "filldir" in d["file"].lower() or "filldir" in d["function"].lower()),
    ("calls=5%2B", lambda d: mapdom.calls_bucket(d) == "5+"),
]


@pytest.mark.parametrize("fragment,keep", FILTERS, ids=[f for f, _ in FILTERS])
def test_fragment_filters(pages, fragment, keep):
    accs = _accesses()
    _, rows, shown, total = mapdom.parse(_dom(pages["plain"], fragment))
    expected = [_ident(d) for d in accs if keep(d)]
    assert [_ident(r) for r in rows] == expected
    assert (shown, total) == (len(expected), len(accs))


def test_fragment_filters_are_not_vacuous():
    accs = _accesses()
    assert [sum(map(keep, accs)) for _, keep in FILTERS] == [28, 2, 6, 8, 18, 0]


SORTS = [
    ("sort=-lines", "", lambda d: d["lines"], True),
    ("sort=lines", "", lambda d: d["lines"], False),
    ("sort=-calls", "", _calls_value, True),
    ("sort=calls", "", _calls_value, False),
    ("dir=fs&sort=-lines", "fs", lambda d: d["lines"], True),
]


@pytest.mark.parametrize("fragment,top,value,desc", SORTS, ids=[s[0] for s in SORTS])
def test_fragment_sorts(pages, fragment, top, value, desc):
    accs = [d for d in _accesses() if not top or _dir(d) == top]
    _, rows, shown, _ = mapdom.parse(_dom(pages["plain"], fragment))
    assert [_ident(r) for r in rows] == [_ident(d) for d in _sorted(accs, value, desc)]
    assert shown == len(accs)
    key = "lines" if "lines" in fragment else "calls"
    seen = [int(r[key]) for r in rows if r[key] != "" and (key == "lines" or r["bucket"] in NUMERIC_CALLS)]
    assert seen == sorted(seen, reverse=desc) and len(set(seen)) > 1


# What a reader does, in the page's own script: click "lines" twice, choose the fs directory.
_CLICKS = """<script>
const lines = document.querySelector('th[data-col="lines"] button');
lines.click();
lines.click();
const dir = document.getElementById("f-dir");
dir.value = "fs";
dir.dispatchEvent(new Event("change"));
setTimeout(() => { document.body.dataset.hash = location.hash; }, 100);
</script></body>"""


def test_clicks_sort_and_filter(pages, tmp_path):
    page = tmp_path / "clicked.html"
    page.write_text(pages["plain"].read_text().replace("</body>", _CLICKS))
    dom = mapdom.dump_dom(page, wait_ms=1000)
    fs = [d for d in _accesses() if _dir(d) == "fs"]
    _, rows, shown, total = mapdom.parse(dom)
    assert [_ident(r) for r in rows] == [_ident(d) for d in _sorted(fs, lambda d: d["lines"], True)]
    assert (shown, total) == (len(fs), 73)
    assert 'data-col="lines" aria-sort="descending"' in dom
    assert 'data-hash="#dir=fs&amp;sort=-lines"' in dom


class _Refs(HTMLParser):
    """Every attribute that loads or links something, and every element that loads one."""
    ATTRS = {"src", "href", "xlink:href", "srcset", "action", "formaction", "poster", "data",
             "background", "manifest"}
    TAGS = {"link", "iframe", "frame", "img", "object", "embed", "base", "audio", "video",
            "source", "track", "image", "use", "foreignobject"}

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.loading: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.TAGS:
            self.loading.append(tag)
        self.refs += [v or "" for k, v in attrs if k in self.ATTRS]


def _refs(html: str) -> _Refs:
    r = _Refs()
    r.feed(html)
    r.close()
    return r


def _external(ref: str) -> bool:
    ref = ref.strip().lower()
    return ref.startswith(("http:", "https:", "//", "ftp:", "file:")) or "://" in ref


def test_no_external_resource(pages):
    for html in (pages["plain"].read_text(), _dom(pages["plain"])):
        r = _refs(html)
        assert (r.refs, r.loading) == ([], [])
        for loader in ("url(", "@import", "fetch(", "XMLHttpRequest", "import(", "WebSocket",
                       "EventSource", "://"):
            assert loader not in html, loader
    # with a link base, the only links are to the source of an access or of its check
    accs = _accesses()
    allowed = {f"{LINK_BASE}{d['file']}#L{d['line']}" for d in accs}
    allowed |= {f"{LINK_BASE}{d['check']['file']}#L{d['check']['line']}" for d in accs
                if d["check"] and d["check"]["file"]}
    for html in (pages["linked"].read_text(), _dom(pages["linked"])):
        r = _refs(html)
        assert r.loading == []
        assert set(r.refs) <= allowed
    r = _refs(_dom(pages["linked"]))
    assert {f"{LINK_BASE}{d['file']}#L{d['line']}" for d in accs} <= set(r.refs)
    # each row links its position, each check and each of the farthest checks theirs
    n_checks = sum(1 for d in accs if d["check"] and d["check"]["file"])
    n_far = 2 * len(distmap.farthest(distmap.load_map(SAMPLE)[1], 10))
    assert len(r.refs) == len(accs) + n_checks + n_far


def test_same_map_same_bytes(pages):
    cells, recs = distmap.load_map(SAMPLE)
    assert maphtml.render(cells, recs) == pages["plain"].read_text()
    assert maphtml.render(cells, recs, LINK_BASE) == pages["linked"].read_text()


def test_empty_map(tmp_path):
    page = tmp_path / "empty.html"
    page.write_text(maphtml.render(["linux 6.12 x86_64 defconfig"], []))
    hist, rows, shown, total = mapdom.parse(mapdom.dump_dom(page))
    assert (rows, shown, total) == ([], 0, 0)
    assert list(hist.items()) == list(_expected_charts([]).items())


def test_a_whole_kernel_of_rows(tmp_path):
    """21,900 accesses (the sample, 300 times, in 40 directories): every one drawn, sorted."""
    cells, recs = distmap.load_map(SAMPLE)
    big = [replace(r, file=f"d{i % 40}/{r.file}", line=r.line + i) for i in range(300) for r in recs]
    page = tmp_path / "big.html"
    page.write_text(maphtml.render(cells, big, LINK_BASE))
    _, rows, shown, total = mapdom.parse(mapdom.dump_dom(page, "sort=-lines"))
    assert (len(rows), shown, total) == (21900,) * 3
    lines = [int(r["lines"]) for r in rows if r["lines"]]
    assert lines == sorted(lines, reverse=True) and all(r["lines"] == "" for r in rows[len(lines):])


def _artifact() -> Path:
    root = os.environ.get("UACCESS_CHECK_ARTIFACTS")
    return (Path(root) if root else REPO_ROOT / "build" / "artifacts") / "map-page.png"


def test_screenshot(pages, capsys):
    png = mapdom.screenshot(pages["linked"], _artifact())
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR" and struct.unpack(">II", data[16:24]) == mapdom.WINDOW
    # a blank page of this size is about 13 KB; the map's charts and table are far more
    assert len(data) > 50_000, f"{png}: {len(data)} bytes, a blank page?"
    with capsys.disabled():
        print(f"\nmap page screenshot: {png}")
