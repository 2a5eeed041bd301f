"""Generated region programs (genprog.py) judged against the exhaustive-path oracle.

A fixed-seed sample of entry functions, in units of a dozen, is built as external modules of
the prepared kernel with the plugin, once at level 0 and once at level 2 with facts=DIR.
In both: every unit builds without an internal compiler error, every plugin diagnostic has a
file and a line, no other compiler warning appears (the generator writes clean code), and the
plugin's unchecked / range / region / mode warnings equal the oracle's exactly, unit by unit.
The sample holds every helper shape the generator writes (check helpers of both kinds, tested
right and wrong, of other check helpers and in call cycles; helpers that end their caller's
region; accessors one and two calls below a region; wrappers; a helper called from two regions).
``make fuzz`` (fuzz.py) runs the same with any seed and count and reduces what disagrees.
The reproducers of what it found (testcases/generated/*.c, the expected level-0 warnings in the
comment at their end) build without a crash and give exactly those warnings.
"""

from __future__ import annotations

import difflib

import pytest

import genprog
from uaccess_check import REPO_ROOT
from uaccess_check.plugin import plugin_flags

SEED = 7
COUNT = 240
#: Reduced reproducers of what the fuzzer found, each with its expected warnings at its end.
REPRODUCERS = sorted((REPO_ROOT / "testcases" / "generated").glob("*.c"))

UNITS = {genprog.unit_name(i): progs for i, progs in enumerate(genprog.generate(SEED, COUNT))}
CONFIGS = {cfg.name: cfg for cfg in genprog.CONFIGS}


@pytest.fixture(scope="module", params=list(CONFIGS))
def built(request, fx, plugin_so, tmp_path_factory):
    """(configuration, the run, findings per unit) for one configuration."""
    cfg = CONFIGS[request.param]
    tmp = tmp_path_factory.mktemp(f"generated-level{cfg.level}")
    run = genprog.run(fx.build, plugin_so, tmp, UNITS, cfg, f"seed {SEED}")
    per_unit: dict[str, list[genprog.Finding]] = {name: [] for name in UNITS}
    for f in run.findings:
        per_unit[f.unit].append(f)
    return cfg, run, per_unit


def _show(findings: list[genprog.Finding], kinds: tuple[str, ...]) -> str:
    return "\n".join(f"{f.unit}: {f.kind}: {f.line}" for f in findings if f.kind in kinds)


def test_sample_size():
    assert sum(len(p) for p in UNITS.values()) == COUNT
    assert len(UNITS) >= 10


def test_helper_shapes_generated():
    """Every helper shape is in the sample a few times, so the comparisons below judge it."""
    shapes = genprog.shape_counts(list(UNITS.values()))
    rare = {k: n for k, n in shapes.items() if n < 3}
    assert not rare, f"helper shapes (almost) missing from the sample: {rare}"


def test_no_crash(built):
    cfg, _, per_unit = built
    bad = [f for fs in per_unit.values() for f in fs if f.kind in ("crash", "unbuilt")]
    assert not bad, (f"{cfg.name}: {len({f.unit for f in bad})} of {len(per_unit)} units did "
                     f"not build:\n" + _show(bad, ("crash", "unbuilt")))


def test_every_diagnostic_located(built):
    cfg, _, per_unit = built
    bad = [f for fs in per_unit.values() for f in fs if f.kind == "unlocated"]
    assert not bad, f"{cfg.name}: plugin diagnostics without file and line:\n" + _show(bad, ("unlocated",))


def test_generated_code_is_clean(built):
    cfg, _, per_unit = built
    bad = [f for fs in per_unit.values() for f in fs if f.kind == "compiler"]
    assert not bad, f"{cfg.name}: compiler warnings in generated code:\n" + _show(bad, ("compiler",))


@pytest.mark.parametrize("unit", list(UNITS))
def test_level0_findings(built, unit):
    cfg, run, per_unit = built
    findings = per_unit[unit]
    if any(f.kind in ("crash", "unbuilt") for f in findings):
        pytest.fail(f"{unit} did not build at {cfg.name} (see test_no_crash)")
    want = sorted(w for p in UNITS[unit] for w in genprog.expected_warnings(p, unit))
    got = run.results[unit].warnings()
    if got == want:
        return
    lines = list(difflib.unified_diff(want, got, "oracle", "plugin", lineterm="", n=0))[2:]
    source = run.texts[unit].splitlines()
    cited = sorted({int(l.split(":")[1]) for l in lines if l[:1] in "+-"})
    context = [f"{n:5}: {source[n - 1]}" for n in cited]
    pytest.fail(f"{cfg.name}: {unit} (seed {SEED}): the plugin's level-0 warnings differ from "
                "the oracle's (- oracle, + plugin)\n" + "\n".join(lines) +
                "\nsource lines:\n" + "\n".join(context))


def expected_block(text: str) -> list[str]:
    """The warnings listed under `` * expected:`` in the comment at the end of a reproducer."""
    lines = text[text.rindex("/*"):].splitlines()
    start = lines.index(" * expected:") + 1
    block = []
    for line in lines[start:]:
        if not line.startswith(" *   "):
            break
        block.append(line[len(" *   "):])
    return [] if block == ["(no warning)"] else sorted(block)


@pytest.fixture(scope="module")
def reproducers(fx, plugin_so, tmp_path_factory) -> dict[str, genprog.UnitResult]:
    texts = {p.name: p.read_text() for p in REPRODUCERS}
    return genprog.build_units(fx.build, tmp_path_factory.mktemp("reproducers"), texts,
                               plugin_flags(plugin_so, level=0, facts=None))


def test_reproducers_exist():
    assert REPRODUCERS, "no testcases/generated/*.c"


@pytest.mark.parametrize("name", [p.name for p in REPRODUCERS])
def test_reproducer(reproducers, name):
    r = reproducers[name]
    assert not r.ice, f"{name}: " + "\n".join(r.ice)
    assert r.built and not r.other_warnings(), "\n".join(r.lines[-20:])
    want = expected_block((REPO_ROOT / "testcases" / "generated" / name).read_text())
    assert r.warnings() == want
