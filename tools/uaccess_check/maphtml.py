"""The distance map as one self-contained HTML page (docs/map.md), for a reviewer's browser.

The page is a single file that renders offline: no network, no external script, style or font.
It holds, in order:

* the cells the map was made of and the validation counts (distmap.counts);
* every histogram of distmap.histograms, in its order, with its bucket labels and counts, as an
  inline SVG bar chart made here (the text form draws the same histograms bpftrace-style, so
  the two agree by construction); the per-kind and per-directory ones are folded in <details>;
* the farthest checks (distmap.farthest) with their call chains;
* a table of every access. Its rows are embedded as JSON and drawn by a small inline script,
  which sorts by a column (click its header) and filters by top-level directory, kind, calls
  bucket and a text in the file or function. The state lives in the URL fragment, e.g.
  ``map.html#dir=fs&kind=family&calls=4&sort=-lines``, so a view can be shared and a headless
  browser can check one without clicking.

Everything a test or a script may read back carries data- attributes: each chart's <svg>
``data-hist``, each bar ``data-label`` and ``data-count``; each row ``data-file``,
``data-line``, ``data-dir``, ``data-kind``, ``data-bucket``...; the element ``#shown``
``data-shown`` and ``data-total``. The buckets the table filters on are computed here with
distmap's functions, never again in the script. The same map gives the same bytes.

File positions are links to ``{link_base}{file}#L{line}`` when a link base is given (e.g.
``https://elixir.bootlin.com/linux/v6.12/source/``), plain text otherwise: a page without one
links nowhere.
"""

from __future__ import annotations

import json
from html import escape
from math import ceil

from .distmap import (CALL_BUCKETS, KINDS, Call, MapAccess, calls_bucket, counts, farthest,
                      histograms, top_dir)

#: What each histogram counts, by its base name.
_MEANING = {
    "@calls": "calls from the check down to the access",
    "@lines": "source lines from the check to the access",
}

# Chart geometry, in px, for the 12px monospace font of the page's CSS.
_ROW = 18
_BAR_MAX = 360
_CHAR = 7.3

#: The fields of a table row in the embedded JSON, in order (arrays rather than objects keep a
#: whole kernel's map to a few MB).
FIELDS = ("file", "line", "function", "accessor", "kind", "pointer", "validation", "calls",
          "bucket", "lines", "check", "check_file", "check_line", "check_function", "note",
          "chain", "chain_full", "level", "dir")

#: The table's columns: key (for the fragment's sort=), header.
COLUMNS = (("where", "file:line"), ("function", "function"), ("accessor", "accessor"),
           ("kind", "kind"), ("pointer", "pointer"), ("validation", "validation"),
           ("calls", "calls"), ("lines", "lines"), ("check", "check"), ("chain", "chain"),
           ("level", "level"))

_CSS = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.4em; margin: 0 0 .3em; }
h2 { font-size: 1.15em; margin: 1.5em 0 .5em; }
code { font-family: monospace; }
#counts span { white-space: nowrap; margin-right: 1em; }
.charts { display: flex; flex-wrap: wrap; gap: 1em 3em; }
figure { margin: 0 0 .5em; }
figcaption { font-family: monospace; font-weight: 600; }
figcaption span { font-family: system-ui, sans-serif; font-weight: normal; color: #555; }
svg.hist text { font: 12px monospace; fill: #222; }
svg.hist rect { fill: #4a7ebb; }
svg.hist .other rect { fill: #999; }
svg.hist .unknown rect { fill: #c8553d; }
details { margin: .5em 0; }
summary { cursor: pointer; font-weight: 600; }
#farthest li { margin-bottom: .4em; }
.chainfull { color: #555; font-size: 12px; }
#controls { display: flex; flex-wrap: wrap; gap: .5em 1.5em; align-items: center; margin: .5em 0; }
table.map { border-collapse: collapse; font-size: 12px; }
table.map th { position: sticky; top: 0; background: #e8e8e8; text-align: left; white-space: nowrap; }
table.map th button { all: unset; cursor: pointer; }
table.map th[aria-sort="ascending"] button::after { content: " \\25b2"; }
table.map th[aria-sort="descending"] button::after { content: " \\25bc"; }
table.map td, table.map th { padding: 2px 4px; border-bottom: 1px solid #ddd; vertical-align: top; }
table.map td { font-family: monospace; white-space: nowrap; }
table.map td.pointer, table.map td.chain { white-space: normal; }
table.map td.pointer span { white-space: nowrap; }
table.map td.check { white-space: normal; min-width: 16em; }
table.map tbody tr:nth-child(even) { background: #f6f6f6; }
table.map td.num { text-align: right; }
.where { color: #555; }
"""

# The table's script: reads the rows from #map-data and the state from the fragment, draws the
# rows that pass the filters in one innerHTML assignment (each row's HTML made once), and keeps
# the fragment in step with the controls. Empty values sort last in both directions, ties keep
# the map's order (Array.prototype.sort is stable), so a sorted view is as deterministic as the map.
_SCRIPT = """
(() => {
  "use strict";
  const data = JSON.parse(document.getElementById("map-data").textContent);
  const F = Object.fromEntries(data.fields.map((f, i) => [f, i]));
  const rows = data.rows, base = data.link_base, numeric = new Set(data.numeric_buckets);
  const tbody = document.getElementById("rows"), shown = document.getElementById("shown");
  const FILTERS = ["dir", "kind", "calls", "q"];
  const esc = s => String(s).replace(/[&<>"']/g, c => "&#" + c.charCodeAt(0) + ";");
  const blank = v => v === null ? "" : esc(v);
  // a pointer breaks between its words, never inside "->"
  const words = v => v === null ? "" : esc(v).split(" ").map(w => `<span>${w}</span>`).join(" ");
  const link = (file, line) => {
    const t = esc(file + ":" + line);
    return base === null ? t : `<a href="${esc(base + file + "#L" + line)}">${t}</a>`;
  };
  const KEYS = {
    where: i => i,
    calls: i => numeric.has(rows[i][F.bucket]) ? rows[i][F.calls] : null,
    lines: i => rows[i][F.lines],
    level: i => rows[i][F.level],
  };
  for (const f of ["function", "accessor", "kind", "pointer", "validation", "check", "chain"])
    KEYS[f] = i => rows[i][F[f]] || null;

  const html = [];
  const rowHtml = i => {
    if (html[i] !== undefined) return html[i];
    const r = rows[i];
    let check = r[F.check] === null ? "" : `<code>${esc(r[F.check])}</code>`;
    if (r[F.check_file] !== null)
      check += ` <span class="where">at ${link(r[F.check_file], r[F.check_line])}` +
        (r[F.check_function] === null ? "" : ` in ${esc(r[F.check_function])}`) + "</span>";
    if (r[F.note] !== null) check += ` <span class="where">${esc(r[F.note])}</span>`;
    const calls = r[F.calls] === null ? "" : ` title="${esc(r[F.calls])} calls"`;
    return html[i] = `<tr data-file="${esc(r[F.file])}" data-line="${esc(r[F.line])}"` +
      ` data-function="${esc(r[F.function])}" data-accessor="${esc(r[F.accessor])}"` +
      ` data-dir="${esc(r[F.dir])}" data-kind="${esc(r[F.kind])}"` +
      ` data-validation="${esc(r[F.validation])}" data-bucket="${esc(r[F.bucket])}"` +
      ` data-calls="${blank(r[F.calls])}" data-lines="${blank(r[F.lines])}"` +
      ` data-level="${blank(r[F.level])}">` +
      `<td>${link(r[F.file], r[F.line])}</td><td>${esc(r[F.function])}</td>` +
      `<td>${esc(r[F.accessor])}</td><td>${esc(r[F.kind])}</td>` +
      `<td class="pointer">${words(r[F.pointer])}</td><td>${esc(r[F.validation])}</td>` +
      `<td class="num"${calls}>${esc(r[F.bucket])}</td><td class="num">${blank(r[F.lines])}</td>` +
      `<td class="check">${check}</td>` +
      `<td class="chain" title="${esc(r[F.chain_full])}">${esc(r[F.chain])}</td>` +
      `<td class="num">${blank(r[F.level])}</td></tr>`;
  };

  const decode = s => { try { return decodeURIComponent(s); } catch (e) { return s; } };
  const readHash = () => {
    const s = {dir: "", kind: "", calls: "", q: "", sort: ""};
    for (const part of location.hash.slice(1).split("&")) {
      const eq = part.indexOf("=");
      const k = decode(part.slice(0, eq));
      if (eq > 0 && k in s) s[k] = decode(part.slice(eq + 1));
    }
    return s;
  };
  let state = readHash();
  const writeHash = () => {
    const h = Object.entries(state).filter(([, v]) => v)
      .map(([k, v]) => k + "=" + encodeURIComponent(v)).join("&");
    try {
      history.replaceState(null, "", h ? "#" + h : location.pathname + location.search);
    } catch (e) { /* a browser that refuses it for file: URLs: the view still changes */ }
  };

  const compare = (a, b) => a < b ? -1 : a > b ? 1 : 0;
  const render = () => {
    const q = state.q.toLowerCase();
    const idx = [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if ((!state.dir || r[F.dir] === state.dir) && (!state.kind || r[F.kind] === state.kind) &&
          (!state.calls || r[F.bucket] === state.calls) &&
          (!q || r[F.file].toLowerCase().includes(q) || r[F.function].toLowerCase().includes(q)))
        idx.push(i);
    }
    const desc = state.sort.startsWith("-"), col = desc ? state.sort.slice(1) : state.sort;
    const key = KEYS[col];
    if (key) {
      const k = new Map(idx.map(i => [i, key(i)]));
      idx.sort((a, b) => {
        const x = k.get(a), y = k.get(b);
        if (x === null || y === null) return (x === null) - (y === null);
        return desc ? compare(y, x) : compare(x, y);
      });
    }
    tbody.innerHTML = idx.map(rowHtml).join("");
    shown.dataset.shown = idx.length;
    shown.textContent = `${idx.length} of ${rows.length} accesses`;
    for (const th of document.querySelectorAll("th[data-col]")) {
      if (th.dataset.col === col && key) th.setAttribute("aria-sort", desc ? "descending" : "ascending");
      else th.removeAttribute("aria-sort");
    }
    for (const f of FILTERS) document.getElementById("f-" + f).value = state[f];
  };

  for (const f of FILTERS) {
    const el = document.getElementById("f-" + f);
    let timer;
    el.addEventListener(f === "q" ? "input" : "change", () => {
      clearTimeout(timer);
      timer = setTimeout(() => { state[f] = el.value; writeHash(); render(); }, f === "q" ? 150 : 0);
    });
  }
  for (const th of document.querySelectorAll("th[data-col]")) {
    th.querySelector("button").addEventListener("click", () => {
      state.sort = state.sort === th.dataset.col ? "-" + th.dataset.col : th.dataset.col;
      writeHash();
      render();
    });
  }
  window.addEventListener("hashchange", () => { state = readHash(); render(); });
  render();
})();
"""


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _link(link_base: str | None, file: str, line: int) -> str:
    text = _e(f"{file}:{line}")
    if link_base is None:
        return text
    return f'<a href="{_e(f"{link_base}{file}#L{line}")}">{text}</a>'


def chain_short(chain: tuple[Call, ...]) -> str:
    """caller -> callee ..., the middle elided past four functions: a table cell stays one line."""
    names = [chain[0].caller] + [c.callee for c in chain] if chain else []
    if len(names) > 4:
        names = names[:2] + ["…"] + names[-1:]
    return " → ".join(names)


def chain_full(chain: tuple[Call, ...]) -> str:
    """Every function of the chain, each callee with the file and line of its call."""
    if not chain:
        return ""
    return " → ".join([chain[0].caller] + [f"{c.callee} ({c.file}:{c.line})" for c in chain])


def _bar_class(label: str) -> str:
    if label == "unknown":
        return "unknown"
    return "bar" if label[0].isdigit() or label[0] == "[" else "other"


def _chart(name: str, buckets: list[tuple[str, int]]) -> str:
    """One histogram as a horizontal bar chart: bucket label, bar scaled to the largest count
    (at least 1px for a count above 0, so a lone access shows), count."""
    label_w = ceil(max((len(l) for l, _ in buckets), default=1) * _CHAR) + 10
    top = max((c for _, c in buckets), default=0)
    width = label_w + _BAR_MAX + ceil(len(str(top)) * _CHAR) + 10
    height = len(buckets) * _ROW + 2
    base = name.split("[", 1)[0]
    out = [f'<figure><figcaption>{_e(name)} <span>{_e(_MEANING[base])}</span></figcaption>',
           f'<svg class="hist" data-hist="{_e(name)}" role="img" width="{width}" height="{height}"'
           f' viewBox="0 0 {width} {height}"><title>{_e(name)}: {_e(_MEANING[base])}</title>']
    for i, (label, count) in enumerate(buckets):
        y = i * _ROW
        w = max(1, round(_BAR_MAX * count / top)) if count else 0
        out.append(f'<g class="{_bar_class(label)}" data-label="{_e(label)}" data-count="{count}">'
                   f'<text class="label" x="{label_w - 6}" y="{y + 13}" text-anchor="end">{_e(label)}</text>'
                   f'<rect x="{label_w}" y="{y + 3}" width="{w}" height="{_ROW - 5}"/>'
                   f'<text class="count" x="{label_w + w + 4}" y="{y + 13}">{count}</text></g>')
    out.append("</svg></figure>")
    return "\n".join(out)


def _charts(recs: list[MapAccess]) -> str:
    """@calls and @lines open; the per-kind and per-directory pairs folded."""
    hists = histograms(recs)
    kinds = [h for h in hists[2:] if h[0].split("[", 1)[1][:-1] in KINDS]
    dirs = [h for h in hists[2:] if h not in kinds]
    out = ['<div class="charts">', *(_chart(n, b) for n, b in hists[:2]), "</div>"]
    for summary, group in (("By kind of access", kinds), ("By top-level directory", dirs)):
        if group:
            out += [f"<details><summary>{summary}</summary>", '<div class="charts">',
                    *(_chart(n, b) for n, b in group), "</div></details>"]
    return "\n".join(out)


def _distance(r: MapAccess) -> str:
    if r.validation == "function":
        calls = "same function"
    else:
        calls = f"{r.calls} call{'' if r.calls == 1 else 's'} up"
        if r.validation == "unit":
            calls = f"another unit, {calls}"
    lines = f"{r.lines} line{'' if r.lines == 1 else 's'}" if r.lines is not None else "another file"
    return f"{calls}, {lines}"


def _more(r: MapAccess, n: int) -> str:
    """The other accesses of the function that share the check, as the text form says them."""
    if n < 2:
        return ""
    return f" (and {n - 1} more access{'es' if n > 2 else ''} of {_e(r.function)}() on this check)"


def _farthest(recs: list[MapAccess], link_base: str | None) -> str:
    far = farthest(recs, 10)
    if not far:
        return '<p id="farthest">No check found away from its access.</p>'
    out = ['<ol id="farthest">']
    for r, n in far:
        assert r.check is not None
        check = _e(r.check.text or r.check.primitive)
        if r.check.file is not None and r.check.line is not None:
            check += f" at {_link(link_base, r.check.file, r.check.line)}"
        access = r.accessor if r.pointer is None else f"{r.accessor}({r.pointer})"
        chain = f'<br><span class="chainfull">{_e(chain_full(r.chain))}</span>' if r.chain else ""
        out.append(f'<li data-file="{_e(r.file)}" data-line="{r.line}">{_link(link_base, r.file, r.line)}'
                   f" {_e(r.function)}: <code>{_e(access)}</code>"
                   f" — {_e(_distance(r))} from <code>{check}</code>{_more(r, n)}{chain}</li>")
    out.append("</ol>")
    return "\n".join(out)


def _row(r: MapAccess) -> list:
    check = r.check
    check_text = None if check is None else (check.text or check.primitive)
    note = r.why
    if r.validation == "access":
        check_text = "(checks its own pointer)"
    elif r.validation == "none":
        note = "no check found"
    elif r.validation == "kept" and r.why is not None:
        note = f"stored: {r.why}"
    row = dict(file=r.file, line=r.line, function=r.function, accessor=r.accessor, kind=r.kind,
               pointer=r.pointer, validation=r.validation, calls=r.calls, bucket=calls_bucket(r),
               lines=r.lines, check=check_text, check_file=check and check.file,
               check_line=check and check.line, check_function=check and check.function,
               note=note, chain=chain_short(r.chain), chain_full=chain_full(r.chain),
               level=r.level, dir=top_dir(r))
    return [row[f] for f in FIELDS]


def _data(recs: list[MapAccess], link_base: str | None) -> str:
    """The rows as JSON, one a line, safe inside <script>: no "<" at all, so no "</script>"."""
    def dump(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    head = dump({"fields": FIELDS, "link_base": link_base,
                 "numeric_buckets": [b for b in CALL_BUCKETS if b[0].isdigit()]})[:-1]
    body = ",\n".join(dump(_row(r)) for r in recs)
    return f'{head},"rows":[\n{body}\n]}}'


def _select(key: str, title: str, values: list[tuple[str, int]]) -> str:
    opts = "".join(f'<option value="{_e(v)}">{_e(v)} ({n})</option>' for v, n in values)
    return (f'<label>{title} <select id="f-{key}"><option value="">all</option>{opts}'
            "</select></label>")


def _controls(recs: list[MapAccess]) -> str:
    dirs = sorted({top_dir(r) for r in recs})
    kinds = [(k, sum(r.kind == k for r in recs)) for k in KINDS]
    buckets = [(b, sum(calls_bucket(r) == b for r in recs)) for b in CALL_BUCKETS]
    return "\n".join([
        '<div id="controls">',
        _select("dir", "directory", [(d, sum(top_dir(r) == d for r in recs)) for d in dirs]),
        _select("kind", "kind", kinds),
        _select("calls", "calls", buckets),
        '<label>file or function <input id="f-q" type="search" size="24"></label>',
        f'<span id="shown" data-shown="0" data-total="{len(recs)}">0 of {len(recs)} accesses</span>',
        "</div>"])


def _table(recs: list[MapAccess], link_base: str | None) -> str:
    heads = "".join(f'<th data-col="{k}"><button type="button">{_e(h)}</button></th>'
                    for k, h in COLUMNS)
    return "\n".join([
        _controls(recs),
        "<noscript><p>The table needs JavaScript; the same records are in the map's JSON form"
        " (uaccess-check map --format json).</p></noscript>",
        f'<table class="map"><thead><tr>{heads}</tr></thead><tbody id="rows"></tbody></table>',
        f'<script type="application/json" id="map-data">{_data(recs, link_base)}</script>'])


def title(cells: list[str]) -> str:
    return "uaccess-check map: " + (", ".join(cells) if cells else "no build named")


def render(cells: list[str], recs: list[MapAccess], link_base: str | None = None) -> str:
    """The page of a map (its cells and records, distmap.load_map); file positions link to
    ``{link_base}{file}#L{line}`` when @link_base is given."""
    counts_html = " ".join(f'<span data-validation="{v}" data-count="{n}">{v}: {n}</span>'
                           for v, n in counts(recs))
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title(cells))}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{_e(title(cells))}</h1>",
        f'<p id="counts" data-total="{len(recs)}"><b>{len(recs)} accesses</b>, validated: {counts_html}</p>',
        "<h2>How far the checks are</h2>",
        _charts(recs),
        "<h2>The farthest checks</h2>",
        _farthest(recs, link_base),
        "<h2>Every access</h2>",
        _table(recs, link_base),
        f"<script>{_SCRIPT}</script>",
        "</body></html>",
        ""]
    return "\n".join(parts)
