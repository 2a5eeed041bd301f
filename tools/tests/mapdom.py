"""The distance map's HTML page (uaccess_check/maphtml.py) read back as a browser shows it.

A test compares the page with what it should say, and the page draws its table with a script,
so the page is opened in a real browser: Debian's headless Chromium (``make deps`` installs the
package ``chromium``), which runs the script and dumps the resulting DOM (:func:`dump_dom`) or
takes a screenshot (:func:`screenshot`). :func:`parse` takes the numbers a reader sees from
that DOM, with the standard library's html.parser: each chart's bars (the SVG texts, held to
their data-label/data-count), the table's rows, and "N of M accesses".

A missing browser fails the calling test with the command that installs it: the page's test
must not pass by being skipped.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
WINDOW = (1400, 2000)


def chromium() -> str:
    """The browser's path; fails the test when there is none."""
    if DEBIAN_CHROMIUM.is_file():
        return str(DEBIAN_CHROMIUM)
    found = shutil.which("chromium")
    if found is None:
        pytest.fail("chromium is not installed: the map page's test opens it in headless Chromium;"
                    " `make deps` installs it (Debian package chromium)", pytrace=False)
    return found


def _run(html_path: Path, fragment: str, args: list[str]) -> str:
    """Chromium's stdout for the page at @html_path#@fragment. A fresh profile each time, so
    nothing is kept between runs; every host name fails to resolve, so a page that needed the
    network would show it."""
    url = html_path.resolve().as_uri() + (f"#{fragment}" if fragment else "")
    with tempfile.TemporaryDirectory(prefix="uaccess-chromium-") as profile:
        cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-extensions", f"--user-data-dir={profile}",
               "--host-resolver-rules=MAP * ~NOTFOUND", *args, url]
        proc = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                              timeout=300)
    if proc.returncode != 0:
        raise AssertionError(f"chromium failed ({proc.returncode}) on {url}:\n{proc.stderr[-3000:]}")
    return proc.stdout


def dump_dom(html_path: Path, fragment: str = "", wait_ms: int = 0) -> str:
    """The page's DOM after its script ran, as HTML; @fragment without "#", e.g. "dir=fs".
    @wait_ms of the page's own time first, for what its timers do (Chromium runs them in
    virtual time: no real wait)."""
    wait = [f"--virtual-time-budget={wait_ms}"] if wait_ms else []
    dom = _run(html_path, fragment, ["--dump-dom", *wait])
    if "</html>" not in dom:
        raise AssertionError(f"chromium dumped no document for {html_path}: {dom[:200]!r}")
    return dom


def screenshot(html_path: Path, png_path: Path, fragment: str = "") -> Path:
    """A PNG of the page's first WINDOW pixels, at @png_path."""
    png_path.parent.mkdir(parents=True, exist_ok=True)
    png_path.unlink(missing_ok=True)
    _run(html_path, fragment, [f"--screenshot={png_path.resolve()}",
                               f"--window-size={WINDOW[0]},{WINDOW[1]}"])
    return png_path


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hist: dict[str, list[tuple[str, int]]] = {}
        self.rows: list[dict] = []
        self.counts: list[tuple[str, int]] = []
        self.shown: dict[str, str] | None = None
        self._chart: str | None = None
        self._bar: dict[str, str] | None = None
        self._row: dict | None = None
        self._text: list[str] | None = None  # the text being collected, of a bar, cell or #shown
        self._text_of = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "svg" and "data-hist" in a:
            self._chart = a["data-hist"]
            self.hist[self._chart] = []
        elif tag == "g" and self._chart is not None and "data-label" in a:
            self._bar = {"label": a["data-label"], "count": a["data-count"]}
        elif tag == "text" and self._bar is not None:
            self._collect("text " + a.get("class", ""))
        elif tag == "tr" and "data-file" in a:
            self._row = {k[5:]: v for k, v in a.items() if k.startswith("data-")}
            self._row["cells"] = []
        elif tag == "td" and self._row is not None:
            self._collect("td")
        elif a.get("id") == "shown":
            self.shown = a
            self._collect("shown")
        elif tag == "span" and "data-validation" in a:
            self.counts.append((a["data-validation"], int(a["data-count"])))

    def _collect(self, what: str) -> None:
        self._text, self._text_of = [], what

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._text is not None and tag in ("text", "td", "span"):
            text = "".join(self._text)
            if self._text_of == "td" and tag == "td":
                assert self._row is not None
                self._row["cells"].append(text)
            elif self._text_of == "shown" and tag == "span":
                assert self.shown is not None
                self.shown["text"] = text
            elif self._bar is not None and tag == "text":
                self._bar[self._text_of] = text
            else:
                return
            self._text = None
        elif tag == "g" and self._bar is not None:
            self._end_bar(self._bar)
            self._bar = None
        elif tag == "svg":
            self._chart = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None

    def _end_bar(self, bar: dict[str, str]) -> None:
        assert self._chart is not None
        seen = (bar.get("text label"), bar.get("text count"))
        if seen != (bar["label"], bar["count"]):
            raise ValueError(f"{self._chart}: a bar shows {seen}, its data-label/data-count say"
                             f" {(bar['label'], bar['count'])}")
        self.hist[self._chart].append((bar["label"], int(bar["count"])))


def _read(dom: str) -> _Reader:
    reader = _Reader()
    reader.feed(dom)
    reader.close()
    return reader


def parse(dom: str) -> tuple[dict[str, list[tuple[str, int]]], list[dict], int, int]:
    """(histograms, rows, shown, total) of a dumped page: each chart's (label, count) bars as
    drawn, in order; each table row's data- attributes without "data-" (strings, "" for none)
    and its cells' texts (``cells``), in the table's order; "N of M accesses"."""
    r = _read(dom)
    if r.shown is None:
        raise ValueError("the page has no #shown")
    shown, total = int(r.shown["data-shown"]), int(r.shown["data-total"])
    if r.shown.get("text") != f"{shown} of {total} accesses":
        raise ValueError(f"#shown says {r.shown.get('text')!r}, its data-shown/data-total {shown}/{total}")
    return r.hist, r.rows, shown, total


def validation_counts(dom: str) -> list[tuple[str, int]]:
    """The validation counts under the title, (validation, count) in order."""
    return _read(dom).counts


# ---- a JSON record's buckets, counted without distmap (docs/map.md, "Buckets") -------------------

def calls_bucket(d: dict) -> str:
    if d["validation"] in ("unit", "kept"):
        return "other unit"
    if d["validation"] == "none":
        return "unknown"
    return "5+" if d["calls"] >= 5 else str(d["calls"])


def _short(n: int) -> str:
    return f"{n // 1024}K" if n >= 1024 and n % 1024 == 0 else str(n)


def lines_bucket(d: dict) -> str:
    n = d["lines"]
    if n is None:
        return "unknown" if d["validation"] in ("guard", "none") else "other file"
    if n < 2:
        return f"[{n}]"
    lo = 2
    while lo * 2 <= n:
        lo *= 2
    return f"[{_short(lo)}, {_short(lo * 2)})"

