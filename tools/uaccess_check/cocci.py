"""Running the Coccinelle scripts of cocci/ over source trees (used by ``uaccess-check cocci``).

Each script names, on its ``// Keywords:`` lines, the words a file must contain for the script
to apply: one ``grep -F`` over the inputs selects the candidate files. Their function definitions
that use none of the primitives are blanked in temporary copies (lines unchanged, see
cocci_reduce.py), and each script runs as ``jobs`` spatch processes, each over a directory of
copies (``--dir``: every file is still matched on its own, unlike several files named on one
command line, which spatch matches as one group), with spatch's per-file ``--timeout``.
Report lines ``file:line:col-col: message`` are mapped back, made relative and sorted.
"""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from . import REPO_ROOT, UsageError, primitives
from .cocci_reduce import reduce_source
from .finding import Finding

COCCI_DIR = REPO_ROOT / "cocci"
MACRO_FILE = COCCI_DIR / "macros.h"
MODES = ("report", "org", "context", "patch")
#: Names the reduction keeps functions for, besides the scripts' keywords: the checks, begins,
#: ends, save and restore a programmer writes (plugin/primitives.def, found by macro name).
REGION_WORDS = frozenset(primitives.names(
    kind=("check", "begin", "masked", "unchecked", "end", "save", "restore"), how="macro"))
#: ... and the checks uaccess_family.cocci takes from helpers of the file (get_fd_set() calls
#: copy_from_user(), valid_user_frame() __access_ok()): a function naming one is kept when a
#: kept function calls it.
CHECK_WORDS = frozenset(primitives.names(kind=("check", "checked")))
#: Top-level directories of a kernel tree never examined (host tools, documentation, build scripts).
EXCLUDED_TOP = ("tools", "Documentation", "scripts", "samples", "usr")
DEFAULT_TIMEOUT = 60.0
#: The interpreter spatch's Python runs as. Left to itself spatch runs the first python3 on PATH
#: to find it, a version manager's shim on many machines: 0.3 s per spatch and another Python's
#: library. Debian's coccinelle is built against Debian's python3.
SPATCH_PYTHON = "/usr/bin/python3"

_REPORT_RE = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+)-(?P<end>\d+): (?P<msg>.*)$")
_CLASS_RE = re.compile(r" \[(?P<cls>[a-z]+)\]$")


@dataclass(frozen=True)
class Script:
    path: Path
    keywords: tuple[str, ...]
    options: tuple[str, ...]
    modes: tuple[str, ...]
    #: what the script does not judge (its `// Exclude:` line): directories of the tree
    #: ("arch/arm64/") and file names ("uaccess*.h"); make coccicheck, which has no such field,
    #: gives the same report, the script saying nothing there
    excludes: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.path.stem

    def excluded(self, rel: str) -> bool:
        """Is the file at rel (relative to the tree's root) one the script does not judge?"""
        base = rel.rsplit("/", 1)[-1]
        return any(rel.startswith(e) if e.endswith("/") else fnmatch.fnmatchcase(base, e)
                   for e in self.excludes)


@dataclass
class RunResult:
    script: str
    file: str
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool = False


@dataclass
class CocciRun:
    findings: list[Finding] = field(default_factory=list)
    outputs: list[RunResult] = field(default_factory=list)
    failures: list[RunResult] = field(default_factory=list)
    files: int = 0
    pairs: int = 0


def parse_script(path: Path) -> Script:
    """Keywords, spatch options and virtual modes from a script header."""
    try:
        text = path.read_text()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    keywords: list[str] = []
    options: list[str] = []
    modes: list[str] = []
    excludes: list[str] = []
    for line in text.splitlines():
        if line.startswith("// Keywords:"):
            keywords += [w.strip() for w in line.split(":", 1)[1].split(",") if w.strip()]
        elif line.startswith("// Exclude:"):
            excludes += [w.strip() for w in line.split(":", 1)[1].split(",") if w.strip()]
        elif line.startswith("// Options:"):
            options += line.split(":", 1)[1].split()
        elif line.startswith("virtual "):
            modes += [m.strip() for m in line[len("virtual "):].split(",")]
    bad = [w for w in keywords if not re.fullmatch(r"[A-Za-z_]\w*", w)]
    if not keywords or bad:
        raise UsageError(f"{path}: '// Keywords:' must list C identifiers (found {keywords})")
    return Script(path, tuple(keywords), tuple(options), tuple(modes), tuple(excludes))


def all_scripts() -> list[Script]:
    return [parse_script(p) for p in sorted(COCCI_DIR.glob("*.cocci"))]


def select_scripts(names: list[str] | None) -> list[Script]:
    scripts = all_scripts()
    if not names:
        return scripts
    by_name = {s.name: s for s in scripts}
    chosen = []
    for n in names:
        key = Path(n).stem
        if key not in by_name:
            raise UsageError(f"no such script: {n} (have: {', '.join(sorted(by_name))})")
        chosen.append(by_name[key])
    return chosen


def _excluded(rel: str) -> bool:
    return rel.split("/", 1)[0] in EXCLUDED_TOP


#: Substrings of the scripts' keywords: grep -F with a few patterns is several times faster than
#: with forty (4.2 s against 1.3 s on the 7.2 tree); the keywords themselves are matched after.
GREP_PARTS = ("unsafe_", "access_begin", "access_end", "access_ok", "scoped_user_", "user_inline",
              # the __get_user() family (uaccess_family.cocci): five for its thirteen names, with
              # one leading underscore: "__get_user" costs grep half as much again (kernel text
              # is full of "__"), and the checked get_user() and copy_from_user() still do not match
              "_get_user", "_put_user", "_copy_from_user", "_copy_to_user", "_clear_user")


def grep_patterns(words: set[str]) -> list[str]:
    parts = [p for p in GREP_PARTS if any(p in w for w in words)]
    return parts + sorted(w for w in words if not any(p in w for p in parts))


def _grep_args(d: Path, jobs: int) -> list[list[str]]:
    """What each of `jobs` greps searches in d: in a kernel tree, the entries one level below the
    top-level directories examined, dealt out in turn (a balanced split, without sizing them)."""
    if not is_kernel_tree(d):
        return [["."]]
    entries = []
    for top in sorted(d.iterdir()):
        if top.name in EXCLUDED_TOP or top.name.startswith("."):
            continue
        entries += [f"./{top.name}/{c.name}" for c in sorted(top.iterdir())] if top.is_dir() \
            else [f"./{top.name}"]
    return [entries[i::jobs] for i in range(jobs) if entries[i::jobs]]


def _grep(d: Path, patterns: list[str], jobs: int) -> list[str]:
    argv = ["grep", "-rlF", "--include=*.c", "--include=*.h", *[a for w in patterns for a in ("-e", w)], "--"]
    procs = [subprocess.Popen(argv + part, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, errors="replace") for part in _grep_args(d, jobs)]
    found = []
    for proc in procs:
        out, err = proc.communicate()
        if proc.returncode not in (0, 1):
            raise UsageError(f"grep failed in {d}: {err.strip()}")
        found += [line[2:] if line.startswith("./") else line for line in out.splitlines()]
    return found


def candidate_files(paths: list[Path], scripts: list[Script], jobs: int = 2) -> dict[Path, list[Script]]:
    """Files under paths (C sources and headers) naming a keyword of some script -> those scripts."""
    words = {w for s in scripts for w in s.keywords}
    found: list[Path] = []
    for p in paths:
        if p.is_file():
            found.append(p)
        elif p.is_dir():
            found += [p / rel for rel in _grep(p, grep_patterns(words), jobs)
                      if not (is_kernel_tree(p) and _excluded(rel))]
        else:
            raise UsageError(f"no such file or directory: {p}")
    result: dict[Path, list[Script]] = {}
    named = re.compile(r"\b(?:" + "|".join(sorted(words, key=len, reverse=True)) + r")\b")
    for f in sorted(set(found)):
        try:
            text = f.read_text(errors="replace")
        except OSError as exc:
            raise UsageError(f"cannot read {f}: {exc.strerror}") from None
        present = set(named.findall(text))
        rel = relative(str(f), [p for p in paths if p.is_dir()])
        chosen = [s for s in scripts if present.intersection(s.keywords) and not s.excluded(rel)]
        if chosen:
            result[f] = chosen
    return result


def is_kernel_tree(d: Path) -> bool:
    return (d / "Kbuild").is_file() and (d / "arch").is_dir()


def check_script(script: Script, mode: str) -> None:
    """Fail early, once, on a script spatch cannot parse."""
    proc = subprocess.run(["spatch", "--parse-cocci", "-D", mode, str(script.path)], capture_output=True,
                          text=True, errors="replace", stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        tail = [l for l in (proc.stdout + proc.stderr).splitlines() if l.strip()][-4:]
        raise UsageError(f"spatch cannot parse {script.path.name}: " + " | ".join(t.strip() for t in tail))


def relative(path: str, roots: list[Path]) -> str:
    p = Path(path)
    for r in roots:
        try:
            return p.resolve().relative_to(r.resolve()).as_posix()
        except ValueError:
            continue
    return path


def parse_report(stdout: str, roots: list[Path]) -> list[Finding]:
    """The findings of spatch's report lines: columns as spatch counts them (characters, made
    1-based here; finding.from_cocci turns them into GCC's display columns), the class from the
    message's ``[class]`` tag."""
    out = []
    for line in stdout.splitlines():
        m = _REPORT_RE.match(line)
        if m:
            t = _CLASS_RE.search(m["msg"])
            cls, message = (t["cls"], m["msg"][:t.start()]) if t else ("unchecked", m["msg"])
            out.append(Finding(relative(m["file"], roots), int(m["line"]), int(m["col"]) + 1, cls, message,
                               ("cocci",), end_column=int(m["end"]) + 1))
    return out


def report_line(f: Finding) -> str:
    """A finding of parse_report as spatch printed it."""
    return f"{f.file}:{f.line}:{f.column - 1}-{f.end_column - 1}: {f.message} [{f.cls}]"


def _report_order(f: Finding) -> tuple:
    return (f.file, f.line, f.column, f.end_column, f"{f.message} [{f.cls}]")


#: The scripts that take checks from helpers of the file: their copies keep those helpers
#: (CHECK_WORDS), the other scripts' copies do not (they would only match more).
HELPER_SCRIPTS = ("uaccess_family",)


def prepared_inputs(cands: dict[Path, list[Script]], scripts: list[Script], tmp: Path,
                    reduce: bool, helpers: bool = False) -> dict[Path, str]:
    """Original file -> text to give spatch (irrelevant function definitions blanked); helpers:
    for a script of HELPER_SCRIPTS, the check helpers the kept functions call kept too."""
    # All scripts' words, whichever run: a helper that only reads still matters to the mode script.
    words = set(REGION_WORDS) | {w for s in all_scripts() + scripts for w in s.keywords}
    texts: dict[Path, str] = {}
    for f in sorted(cands):
        text = f.read_text(errors="replace")
        red = reduce_source(text, words, helper_words=CHECK_WORDS if helpers else frozenset()) \
            if reduce else None
        texts[f] = text if red is None else red
    return texts


def chunks(files: list[Path], sizes: dict[Path, int], n: int) -> list[list[Path]]:
    """Files split into at most n groups of similar total size (largest first)."""
    groups: list[list[Path]] = [[] for _ in range(max(1, min(n, len(files))))]
    load = [0] * len(groups)
    for f in sorted(files, key=lambda f: (-sizes[f], str(f))):
        i = load.index(min(load))
        groups[i].append(f)
        load[i] += sizes[f]
    return [g for g in groups if g]


#: spatch -very-quiet reports a file it gave up on as "EXN: <exception> in <file>" (a timeout is
#: Common.Timeout, an error of a script's Python Failure("Error in Python script, ...")) and
#: carries on with the other files.
_EXN_RE = re.compile(r"^EXN: (.+) in (\S+)$", re.M)


def run_group(script: Script, mode: str, group_dir: Path, nfiles: int, timeout: float,
              macro_file: bool) -> RunResult:
    """One spatch over a directory of prepared files (each file still matched on its own)."""
    argv = ["spatch", "--very-quiet", "-D", mode, "--cocci-file", str(script.path), *script.options,
            "--timeout", str(max(1, int(timeout)))]
    if Path(SPATCH_PYTHON).is_file():
        argv += ["--python", SPATCH_PYTHON]
    if mode in ("report", "org"):
        argv.append("--no-show-diff")
    if macro_file and MACRO_FILE.is_file():
        argv += ["--macro-file", str(MACRO_FILE)]
    argv += ["--dir", str(group_dir)]
    start = time.monotonic()
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, errors="replace", stdin=subprocess.DEVNULL,
                              timeout=timeout * nfiles + 60)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        return RunResult(script.name, str(group_dir), -1, out, "", time.monotonic() - start, timed_out=True)
    return RunResult(script.name, str(group_dir), proc.returncode, proc.stdout, proc.stderr,
                     time.monotonic() - start)


def run_cocci(paths: list[Path], scripts: list[Script], mode: str = "report", jobs: int = 2,
              timeout: float = DEFAULT_TIMEOUT, macro_file: bool = True, reduce: bool = True) -> CocciRun:
    """Each script runs as `jobs` spatch processes over directories holding prepared copies of the
    candidate files (one process per file would cost more in start-up than in matching)."""
    if shutil.which("spatch") is None:
        raise UsageError("spatch not found: install coccinelle (make deps)")
    if mode not in MODES:
        raise UsageError(f"unknown mode {mode} (have: {', '.join(MODES)})")
    scripts = [s for s in scripts if mode in s.modes]
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        list(pool.map(lambda s: check_script(s, mode), scripts))
    cands = candidate_files(paths, scripts, jobs)
    roots = [p for p in paths if p.is_dir()] or [Path.cwd()]
    run = CocciRun(files=len(cands))
    with tempfile.TemporaryDirectory(prefix="uaccess-cocci-") as tmpdir:
        tmp = Path(tmpdir)
        plain = {f: ss for f, ss in cands.items() if any(s.name not in HELPER_SCRIPTS for s in ss)}
        helped = {f: ss for f, ss in cands.items() if any(s.name in HELPER_SCRIPTS for s in ss)}
        prepared = (prepared_inputs(plain, scripts, tmp, reduce),
                    prepared_inputs(helped, scripts, tmp, reduce, helpers=True))
        copies: dict[Path, str] = {}   # copy path -> original path
        tasks = []
        for script in scripts:
            texts = prepared[script.name in HELPER_SCRIPTS]
            sizes = {f: len(t) for f, t in texts.items()}
            files = [f for f, ss in cands.items() if script in ss]
            run.pairs += len(files)
            for g, group in enumerate(chunks(files, sizes, jobs)):
                gdir = tmp / f"{script.name}.{g}"
                for n, f in enumerate(group):
                    # the path below the root, as make coccicheck shows it: a script may judge
                    # by directory (uaccess_family.cocci: arch/arm64/ is safe)
                    dest = gdir / str(n) / relative(str(f), roots).lstrip("/")
                    dest.parent.mkdir(parents=True)
                    dest.write_text(texts[f])
                    copies[str(dest)] = str(f)
                tasks.append((script, gdir, len(group), sum(sizes[f] for f in group)))
        # Largest groups first.
        tasks.sort(key=lambda t: -t[3])

        def one(task: tuple[Script, Path, int, int]) -> RunResult:
            script, gdir, nfiles, _ = task
            res = run_group(script, mode, gdir, nfiles, timeout, macro_file)
            for copy, orig in copies.items():
                if copy.startswith(str(gdir) + "/"):
                    res.stdout = res.stdout.replace(copy, orig)
                    res.stderr = res.stderr.replace(copy, orig)
                    # patch and context headers name the file relative to --dir: a/<n>/<name>
                    inner = copy[len(str(gdir)) + 1:]
                    rel = relative(orig, roots)
                    res.stdout = res.stdout.replace("/tmp/nothing/" + inner, orig)   # context mode
                    for side in ("a/", "b/"):
                        res.stdout = re.sub(r"(?m)(^(?:diff -u -p |--- |\+\+\+ )|\s)" + re.escape(side + inner) + r"\b",
                                            lambda m: m.group(1) + side + rel, res.stdout)
            res.file = str(gdir)
            return res

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            results = list(pool.map(one, tasks))
    findings: set[Finding] = set()
    for res in results:
        for exn, f in sorted(set(_EXN_RE.findall(res.stderr))):
            run.failures.append(RunResult(res.script, f, -1, "", exn, 0.0, timed_out="Timeout" in exn))
        if res.timed_out or res.returncode != 0:
            run.failures.append(res)
        if mode == "report" and not res.timed_out:
            findings.update(parse_report(res.stdout, roots))
        run.outputs.append(res)
    run.findings = sorted(findings, key=_report_order)
    run.outputs.sort(key=lambda r: (r.script, r.stdout))
    run.failures.sort(key=lambda r: (r.script, relative(r.file, roots)))
    return run
