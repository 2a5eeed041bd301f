"""make fuzz: generated region programs against the plugin, with minimal reproducers.

    fuzz.py --seed N --count N [--per-unit N] [--out DIR]

Generates --count entry functions (tools/tests/genprog.py) with --seed, builds them as
external modules of the prepared 6.12 kernel with the plugin at level 0 and at level 2 with
facts=DIR, and compares the level-0 classes (unchecked, range, region, mode) with the oracle.
It prints the helper shapes generated (genprog.HELPER_SHAPES: check helpers, cycles, helpers
that end their caller's region, accessors one and two calls below a region, wrappers, helpers
called from two regions), a summary (functions, units, crashes, disagreements by kind) and,
for the first instance of each kind, reduces the function (drops statements and branches while the same
kind of disagreement persists) and writes the reduced unit to the output directory it names,
with the expected and the printed warnings in a comment at its end.

Exit status: 0 when everything agreed, 1 when anything disagreed or crashed, 2 on bad input.
UACCESS_CHECK_PLUGIN names the plugin to test (default: the repository's, built if needed).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import genprog  # noqa: E402
from genprog import Config, Finding, Program  # noqa: E402
from uaccess_check import UsageError  # noqa: E402
from uaccess_check.fixture import ensure_fixture  # noqa: E402
from uaccess_check.plugin import ensure_plugin  # noqa: E402

#: Kinds whose output cannot be told apart per function inside one unit.
ISOLATED = ("crash", "unlocated", "unbuilt", "compiler")


class Fuzz:
    def __init__(self, build: Path, so: Path, out: Path, seconds: float) -> None:
        self.build, self.so, self.out, self.seconds = build, so, out, seconds
        self.rounds = 0

    def keeps(self, sig: str, cfg: Config, isolated: bool):
        """A predicate over candidate programs: does each still show disagreement @sig?"""
        def check(cands: list[Program]) -> list[bool]:
            self.rounds += 1
            tagged = [genprog.rename(c, f"r{i}") for i, c in enumerate(cands)]
            if isolated:
                units = {f"red_{i:03d}.c": [t] for i, t in enumerate(tagged)}
            else:
                units = {"red_000.c": tagged}
            findings = genprog.run(self.build, self.so, self.out / "work" / "reduce", units, cfg,
                                      "fuzz reduction").findings
            ok = [False] * len(cands)
            for f in findings:
                if genprog.signature(f) != sig:
                    continue
                if isolated:
                    ok[int(f.unit[4:7])] = True
                    continue
                prog = genprog.finding_program(f, units[f.unit])
                for i, t in enumerate(tagged):
                    if t is prog:
                        ok[i] = True
            return ok
        return check

    def reproduce(self, n: int, f: Finding, sig: str, cfg: Config, progs: list[Program]) -> Path:
        """Reduce the program behind @f and write it as reproducer number @n."""
        isolated = f.kind in ISOLATED
        keeps = self.keeps(sig, cfg, isolated)
        if isolated:
            alone = [p for p, ok in zip(progs, keeps(progs)) if ok]
        else:
            prog = genprog.finding_program(f, progs)
            alone = [prog] if prog is not None and keeps([prog])[0] else []
        if alone:
            reduced = [genprog.reduce(alone[0], keeps, 2 if isolated else 24,
                                      time.monotonic() + self.seconds)]
        else:
            reduced = progs   # only the whole unit shows it
        name = f"repro_{n:02d}.c"
        final = genprog.run(self.build, self.so, self.out / "work" / "final", {name: reduced},
                            cfg, f"fuzz reproducer {n}")
        findings = final.findings
        want = [w for p in reduced for w in genprog.expected_warnings(p, name)]
        notes = [f"fuzz reproducer {n}", f"kind: {sig}", f"configuration: {cfg.name}",
                 "expected (oracle):"] + [f"  {w}" for w in want or ["(nothing)"]]
        notes += ["disagreement:"] + [f"  {x.kind}: " + x.line.replace("\n", "\n *   ")
                                      for x in findings or
                                      [Finding(name, cfg.name, "none", "(it did not reproduce)")]]
        text = final.texts[name] + "\n/*\n" + "".join(f" * {l}\n" for l in notes) + " */\n"
        path = self.out / name
        path.write_text(text)
        return path


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        raise UsageError(message)


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = _Parser(description="Fuzz the plugin with generated region programs.")
    ap.add_argument("--seed", type=int, required=True, help="random seed")
    ap.add_argument("--count", type=int, required=True, help="number of entry functions")
    ap.add_argument("--per-unit", type=int, default=12, help="entry functions per unit")
    ap.add_argument("--out", type=Path, help="directory for reproducers (default: a new one)")
    ap.add_argument("--max-kinds", type=int, default=20,
                    help="reduce at most this many kinds of disagreement")
    ap.add_argument("--reduce-seconds", type=float, default=90,
                    help="time for reducing one reproducer")
    args = ap.parse_args(argv)
    if min(args.count, args.per_unit) < 1 or min(args.seed, args.max_kinds, args.reduce_seconds) < 0:
        raise UsageError("--count and --per-unit must be positive; --seed, --max-kinds and "
                         "--reduce-seconds not negative")
    return args


def main(argv: list[str]) -> int:
    try:
        args = parse_args(argv)
        fx = ensure_fixture()
        so = ensure_plugin()
    except UsageError as exc:
        print(f"fuzz: {exc}", file=sys.stderr)
        return 2
    out = args.out or Path(tempfile.mkdtemp(prefix=f"uaccess-fuzz-seed{args.seed}-"))
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    units = {genprog.unit_name(i): progs for i, progs in
             enumerate(genprog.generate(args.seed, args.count, args.per_unit))}
    print(f"fuzz: seed {args.seed}: {args.count} functions in {len(units)} units; plugin {so}")
    shapes = genprog.shape_counts(list(units.values()))
    print("fuzz: helper shapes: " + ", ".join(f"{k}: {n}" for k, n in shapes.items()))
    findings: list[tuple[Config, Finding]] = []
    for cfg in genprog.CONFIGS:
        t = time.monotonic()
        found = genprog.run(fx.build, so, out / "work" / f"level{cfg.level}", units, cfg,
                            f"fuzz seed {args.seed}").findings
        findings += [(cfg, f) for f in found]
        kinds = Counter(f.kind for f in found)
        crashed = len({f.unit for f in found if f.kind == "crash"})
        print(f"fuzz: {cfg.name}: {crashed} units crashed, {kinds['unlocated']} unlocated, "
              f"{kinds['missing']} missing, {kinds['extra']} extra, {kinds['differs']} differ, "
              f"{kinds['unbuilt'] + kinds['compiler']} build failures "
              f"({time.monotonic() - t:.0f} s)")
    build_time = time.monotonic() - start
    by_sig: dict[str, list[tuple[Config, Finding]]] = {}
    for cfg, f in findings:
        by_sig.setdefault(genprog.signature(f), []).append((cfg, f))
    disagreements = sum(1 for _, f in findings if f.kind in ("missing", "extra", "differs", "unlocated"))
    crashes = sum(1 for _, f in findings if f.kind == "crash")
    print(f"fuzz: {args.count} functions, {len(units)} units, {crashes} crashes, "
          f"{disagreements} disagreements, {len(by_sig)} kinds ({build_time:.0f} s)")
    fz = Fuzz(fx.build, so, out, args.reduce_seconds)
    for n, (sig, items) in enumerate(sorted(by_sig.items(), key=lambda kv: -len(kv[1])), 1):
        cfg, first = items[0]
        print(f"\n[{n}] {len(items)} x {sig}\n    first: {first.unit}: {first.line}")
        if n > args.max_kinds:
            continue
        path = fz.reproduce(n, first, sig, cfg, units[first.unit])
        print(f"    reproducer: {path}")
    print(f"\nfuzz: output in {out} ({time.monotonic() - start:.0f} s in all, "
          f"{fz.rounds} reduction builds)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
