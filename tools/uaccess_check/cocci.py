"""Running the Coccinelle scripts of cocci/ over source trees (used by ``uaccess-check cocci``).

Each script names, on its ``// Keywords:`` lines, the words a file must contain for the script
to apply: one ``grep -E`` over the inputs selects the candidate files. Their function definitions
that use none of the primitives are blanked in temporary copies (lines unchanged, see
cocci_reduce.py; in memory, /dev/shm, where there is one), and each script runs as one spatch
process (a large one as up to ``jobs``), ``jobs`` at a time, each over a directory of copies
(``--dir``: every file is still matched on its own, unlike several files named on one command
line, which spatch matches as one group), with spatch's per-file ``--timeout``.
Report lines ``file:line:col-col: message`` are mapped back, made relative and sorted."""

from __future__ import annotations

import fnmatch
import functools
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from . import REPO_ROOT, UsageError, primitives
from .cocci_reduce import analyse, reduce_source
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
    #: CPU time of the spatch (user + system), when known
    cpu: float | None = None


@dataclass
class CocciRun:
    findings: list[Finding] = field(default_factory=list)
    outputs: list[RunResult] = field(default_factory=list)
    failures: list[RunResult] = field(default_factory=list)
    files: int = 0
    pairs: int = 0
    #: wall seconds of each stage: prefilter (grep and keywords), reduce, copies, spatch, report
    stages: dict[str, float] = field(default_factory=dict)


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


#: Substrings of the scripts' keywords: grep with a few patterns is several times faster than
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


def _rg(rg: str, d: Path, patterns: list[str], jobs: int) -> list[str]:
    """ripgrep's list of the same files as _grep()'s: every file below the arguments, hidden
    ones and ones ignore files name too, binary ones as text, no symlink followed below them;
    no configuration file, no encoding guessed (a byte order mark would make it transcode).
    Files named as arguments are searched whatever their name (grep's --include filters them
    too): the names are filtered here."""
    args = [a for part in _grep_args(d, jobs) for a in part]
    argv = [rg, "--no-config", "--files-with-matches", "--no-ignore", "--hidden", "--text",
            "--encoding", "none", "--threads", str(max(1, jobs)), "--glob", "*.c", "--glob", "*.h",
            "-e", "|".join(patterns), "--", *args]
    proc = subprocess.run(argv, cwd=d, capture_output=True, text=True, errors="replace",
                          stdin=subprocess.DEVNULL)
    if proc.returncode not in (0, 1):
        raise UsageError(f"rg failed in {d}: {proc.stderr.strip()}")
    return [line[2:] if line.startswith("./") else line for line in proc.stdout.splitlines()
            if line.endswith((".c", ".h"))]


def _grep(d: Path, patterns: list[str], jobs: int) -> list[str]:
    """The files below d naming one of the patterns, relative to d. ripgrep where it is
    installed: 0.7 s of CPU on the 7.2 tree where GNU grep takes 2.4 s (several literals at
    once, on several threads); the same files (test_cocci.py)."""
    rg = shutil.which("rg")
    return _rg(rg, d, patterns, jobs) if rg else _gnu_grep(d, patterns, jobs)


def _gnu_grep(d: Path, patterns: list[str], jobs: int) -> list[str]:
    # One extended expression, the patterns as alternatives (they are identifiers: nothing to
    # escape): GNU grep runs it as one automaton, a third less CPU than the same strings as -F
    # patterns (2.4 s against 3.4 s on the 7.2 tree).
    argv = ["grep", "-rlE", "--include=*.c", "--include=*.h", "-e", "|".join(patterns), "--"]
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
    # Each keyword as a whole word, looked for only where the grep part it contains is in the
    # text, and as a substring before a word (one alternation of fifty words, tried at every
    # offset of the text, cost a second on a tree's grep output).
    named = {w: re.compile(r"\b%s\b" % w) for w in words}
    parts = [(p, [w for w in words if p in w]) for p in GREP_PARTS]
    rest = [w for w in words if not any(p in w for p, _ in parts)]
    for f in sorted(set(found)):
        try:
            text = f.read_text(errors="replace")
        except OSError as exc:
            raise UsageError(f"cannot read {f}: {exc.strerror}") from None
        ask = {w for p, ws in parts if ws and p in text for w in ws}.union(rest)
        present = {w for w in ask if w in text and named[w].search(text)}
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
    return _relative(str(path), tuple(str(r) for r in roots))


# A run asks for the same few paths again and again (each report line, each copy), and resolving
# one takes a system call per component: cached for the run (run_cocci() clears the caches).
@functools.lru_cache(maxsize=None)
def _resolved(path: str) -> Path:
    return Path(path).resolve()


@functools.lru_cache(maxsize=None)
def _relative(path: str, roots: tuple[str, ...]) -> str:
    for r in roots:
        try:
            return _resolved(path).relative_to(_resolved(r)).as_posix()
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


def prepared_inputs(cands: dict[Path, list[Script]], scripts: list[Script],
                    reduce: bool) -> tuple[dict[Path, str], dict[Path, str]]:
    """Original file -> text to give spatch (irrelevant function definitions blanked), for the
    scripts not in HELPER_SCRIPTS and for those (the check helpers the kept functions call kept
    too). Each file is read and analysed once for both."""
    # All scripts' words, whichever run: a helper that only reads still matters to the mode script.
    words = set(REGION_WORDS) | {w for s in all_scripts() + scripts for w in s.keywords}
    plain: dict[Path, str] = {}
    helped: dict[Path, str] = {}
    for f in sorted(cands):
        text = f.read_text(errors="replace")
        analysis = analyse(text) if reduce else None
        for out, helper in ((plain, False), (helped, True)):
            if any((s.name in HELPER_SCRIPTS) == helper for s in cands[f]):
                red = reduce_source(text, words, helper_words=CHECK_WORDS if helper else frozenset(),
                                    analysis=analysis) if reduce else None
                out[f] = text if red is None else red
    return plain, helped


def scratch_dir() -> str | None:
    """Where the copies go: /dev/shm, a memory file system, where Linux has one. Writing and
    removing the few hundred copies of a tree's run on a disk shared with builds took seconds
    (5 s to remove 400 files of 30 KB on ext4 while two kernels compiled), in memory 0.1 s."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK) else None


def chunks(files: list[Path], sizes: dict[Path, int], n: int) -> list[list[Path]]:
    """Files split into at most n groups of similar total size (largest first)."""
    groups: list[list[Path]] = [[] for _ in range(max(1, min(n, len(files))))]
    load = [0] * len(groups)
    for f in sorted(files, key=lambda f: (-sizes[f], str(f))):
        i = load.index(min(load))
        groups[i].append(f)
        load[i] += sizes[f]
    return [g for g in groups if g]


def plan(work: dict[str, list[Path]], sizes: dict[str, dict[Path, int]], jobs: int) -> list[tuple[str, list[Path]]]:
    """The spatch runs: (script, its files) for each, largest first. A script runs as one spatch
    over all its files, unless they are more than 1/(2 jobs) of all the work (a quarter with two
    jobs): then in as many groups as that takes, at most `jobs` (the family script's 119 files on
    7.2, three tenths of the bytes, in two). Each spatch costs a start (its SmPL and Python: a
    tenth of a second) whatever it is given, and a pool of `jobs` workers takes the runs largest
    first, so the small ones fill in at the end."""
    total = sum(sizes[s][f] for s, files in work.items() for f in files)
    share = total / (2 * jobs) if jobs > 1 else total
    runs = []
    for script, files in work.items():
        mine = sum(sizes[script][f] for f in files)
        n = min(jobs, max(1, -(-mine // max(1, int(share)))))
        runs += [(script, g) for g in chunks(files, sizes[script], n)]
    runs.sort(key=lambda r: (-sum(sizes[r[0]][f] for f in r[1]), r[0]))
    return runs


#: spatch -very-quiet reports a file it gave up on as "EXN: <exception> in <file>" (a timeout is
#: Common.Timeout, an error of a script's Python Failure("Error in Python script, ...")) and
#: carries on with the other files.
_EXN_RE = re.compile(r"^EXN: (.+) in (\S+)$", re.M)


class _Timed(subprocess.Popen):
    """A Popen that keeps the CPU time of its child (user + system, from wait4()), for the
    bench's profile (bench/cocci_bench.py --profile); None where the wait is not ours."""
    cpu: float | None = None

    def _try_wait(self, wait_flags):
        try:
            pid, sts, ru = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return self.pid, 0
        if pid == self.pid:
            self.cpu = ru.ru_utime + ru.ru_stime
        return pid, sts


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
    with _Timed(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                errors="replace") as proc:
        try:
            out, err = proc.communicate(timeout=timeout * nfiles + 60)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
            return RunResult(script.name, str(group_dir), -1, out or "", "", time.monotonic() - start,
                             timed_out=True, cpu=proc.cpu)
    return RunResult(script.name, str(group_dir), proc.returncode, out, err, time.monotonic() - start,
                     cpu=proc.cpu)


def _map_back(res: RunResult, gdir: Path, copies: list[tuple[str, str]], roots: list[Path]) -> None:
    """The paths of the copies in a run's output made those of the original files."""
    for copy, orig in copies:
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


def run_cocci(paths: list[Path], scripts: list[Script], mode: str = "report", jobs: int = 2,
              timeout: float = DEFAULT_TIMEOUT, macro_file: bool = True, reduce: bool = True) -> CocciRun:
    """The scripts over directories holding prepared copies of the candidate files, one spatch
    per script or per group of a large script's files (plan()), `jobs` at a time (one process
    per file would cost more in start-up than in matching)."""
    if shutil.which("spatch") is None:
        raise UsageError("spatch not found: install coccinelle (make deps)")
    if mode not in MODES:
        raise UsageError(f"unknown mode {mode} (have: {', '.join(MODES)})")
    scripts = [s for s in scripts if mode in s.modes]
    _resolved.cache_clear()
    _relative.cache_clear()
    run = CocciRun()
    clock = time.monotonic()

    def stage(name: str) -> None:
        nonlocal clock
        now = time.monotonic()
        run.stages[name] = run.stages.get(name, 0.0) + now - clock
        clock = now

    cands = candidate_files(paths, scripts, jobs)
    stage("prefilter")
    roots = [p for p in paths if p.is_dir()] or [Path.cwd()]
    run.files = len(cands)
    with tempfile.TemporaryDirectory(prefix="uaccess-cocci-", dir=scratch_dir()) as tmpdir:
        tmp = Path(tmpdir)
        prepared = prepared_inputs(cands, scripts, reduce)
        stage("reduce")
        by_name = {s.name: s for s in scripts}
        work = {s.name: [f for f, ss in cands.items() if s in ss] for s in scripts}
        work = {n: files for n, files in work.items() if files}
        sizes = {n: {f: len(prepared[n in HELPER_SCRIPTS][f]) for f in files} for n, files in work.items()}
        run.pairs = sum(len(files) for files in work.values())
        tasks = []
        for g, (name, group) in enumerate(plan(work, sizes, jobs)):
            gdir = tmp / f"{name}.{g}"
            texts = prepared[name in HELPER_SCRIPTS]
            copies = []
            for n, f in enumerate(group):
                # the path below the root, as make coccicheck shows it: a script may judge
                # by directory (uaccess_family.cocci: arch/arm64/ is safe)
                dest = gdir / str(n) / relative(str(f), roots).lstrip("/")
                dest.parent.mkdir(parents=True)
                dest.write_text(texts[f])
                copies.append((str(dest), str(f)))
            tasks.append((by_name[name], gdir, copies))
        stage("copies")

        def one(task: tuple[Script, Path, list[tuple[str, str]]]) -> RunResult:
            script, gdir, copies = task
            res = run_group(script, mode, gdir, len(copies), timeout, macro_file)
            _map_back(res, gdir, copies, roots)
            return res

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            results = list(pool.map(one, tasks))
        stage("spatch")
    findings: set[Finding] = set()
    for res in results:
        exns = sorted(set(_EXN_RE.findall(res.stderr)))
        if res.returncode != 0 and not res.timed_out and not exns:
            # nothing was matched: a script spatch cannot parse says so here
            check_script(by_name[res.script], mode)
        for exn, f in exns:
            run.failures.append(RunResult(res.script, f, -1, "", exn, 0.0, timed_out="Timeout" in exn))
        if res.timed_out or res.returncode != 0:
            run.failures.append(res)
        if mode == "report" and not res.timed_out:
            findings.update(parse_report(res.stdout, roots))
        run.outputs.append(res)
    run.findings = sorted(findings, key=_report_order)
    run.outputs.sort(key=lambda r: (r.script, r.stdout))
    run.failures.sort(key=lambda r: (r.script, relative(r.file, roots)))
    stage("report")
    return run
