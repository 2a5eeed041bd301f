"""uaccess-check sparse: a CHECK= program for kbuild, sparse plus this project's checks.

    make C=1 CHECK="/path/to/uaccess-check sparse" [W=1] ...     (C=2: every file, no rebuild)

Why: bots and maintainers that already run sparse through ``make C=1`` get the plugin's
findings in the same log with no change to their pipeline. kbuild runs
``$(CHECK) $(CHECKFLAGS) $(c_flags) $<`` for each C file (``scripts/Makefile.build``), so this
command takes no options of its own: its arguments are passed through untouched.

1. It runs the real sparse (``$UACCESS_CHECK_SPARSE``, default ``sparse``; empty: none) with
   exactly those arguments, its output going straight to our stdout/stderr.
2. It compiles the same file with the same flags with the plugin loaded: the compiler is
   ``$UACCESS_CHECK_CC``, else the ``CC`` kbuild exports, else ``gcc``; the level is
   ``$UACCESS_CHECK_LEVEL`` (default: the plugin's, 0, or 1 under ``make W=1``). From kbuild's
   arguments it keeps ``c_flags`` only: everything before ``-Wp,-MMD,<depfile>`` is
   ``$(CHECKFLAGS)`` (sparse's, which gcc rejects), and the depfile option itself is dropped so
   the build's dependency files stay kbuild's; the object goes to a temporary directory (the
   plugin runs at an IPA pass, so ``-fsyntax-only`` would see nothing). Then it prints the
   plugin's diagnostics (GCC format, warnings and their notes, nothing else: GCC's own warnings
   were printed by kbuild's compile) on stderr, after sparse's.
3. Exit status: sparse's. kbuild runs the checker under ``set -e`` with ``.DELETE_ON_ERROR``, so a
   non-zero status stops the build and deletes the object; a finding must not do that. Only
   ``-Wsparse-error`` in the arguments (sparse's own "warnings fail") makes a plugin warning
   exit 1 too. If our part fails (compiler or plugin crash, plugin not buildable), one line on
   stderr and still sparse's status.

Linux 7.x validates CHECK first: ``scripts/checker-valid.sh CHECK CHECKFLAGS`` runs it on a
file using ``__typeof_unqual__`` and turns C= off when the output says "error". Debian's
sparse 0.6.4 fails that, so ``make C=1`` would check nothing. Whether the installed sparse can
parse the kernel is decided by running that same script of the kernel being built with the
real sparse (no script, as before 7.x: it can). When it cannot, sparse is not run, one line
says so once per make invocation (a stamp in ``$TMPDIR``), and the plugin's checks run alone.
They really handle the validation file: the compile runs on it like on any other (GCC < 14
has no ``__typeof_unqual__``, so it is spelled ``__typeof__``, as the kernel's own
``TYPEOF_UNQUAL()`` does for that compiler), and its output says "error" only when that fails.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import UsageError
from .diag import plugin_diagnostics
from .plugin import LEVELS, ensure_plugin, is_plugin_flag, plugin_flags
from .toolchain import compiler_of

_ENV_SPARSE = "UACCESS_CHECK_SPARSE"
_ENV_CC = "UACCESS_CHECK_CC"
_ENV_LEVEL = "UACCESS_CHECK_LEVEL"

# Compiler options that write dependency files or name the output: kbuild's c_flags carry the
# first kind (-Wp,-MMD,<depfile>); our compile must write neither into the build directory.
_DEP_OPTS_WITH_ARG = ("-MF", "-MT", "-MQ", "-o")
_DEP_OPTS = ("-MD", "-MMD", "-MP", "-M", "-MM", "-c", "-S", "-E", "-fsyntax-only")
# Without kbuild's c_flags (the validation file, a manual run) the arguments are sparse's:
# only these kinds reach the compiler.
_KEEP_PREFIXES = ("-D", "-U", "-I", "-std=", "-O", "-nostdinc")
_KEEP_WITH_ARG = ("-D", "-U", "-I", "-include", "-imacros", "-isystem", "-iquote", "-idirafter")
_SPARSE_WITH_ARG = ("-gcc-base-dir", "-multiarch-dir", "-MF", "-MT", "-MQ", "-o", "-x")
_SPARSE_ONLY_F = ("-fmemcpy-max-count=", "-fmax-warnings=", "-fdiagnostic-prefix", "-fdump-ir",
                  "-fdump-linearize", "-ftabstop=")

# GCC before 14 has no __typeof_unqual__; the kernel then spells TYPEOF_UNQUAL() as __typeof__
# (include/linux/compiler.h), and so does the compile of kbuild's validation file.
_COMPAT_H = """\
/* uaccess-check sparse: GCC < 14 has no __typeof_unqual__ (Linux 7.x's checker-valid.sh uses it) */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 14 && !defined(__typeof_unqual__)
#define __typeof_unqual__ __typeof__
#endif
"""

_USAGE = ('usage: make C=1 CHECK="/path/to/uaccess-check sparse" ... (kbuild passes '
          '$(CHECKFLAGS) $(c_flags) FILE); env: UACCESS_CHECK_SPARSE, UACCESS_CHECK_CC, '
          'UACCESS_CHECK_LEVEL; see docs/usage.md')


def add_parser(sub: argparse._SubParsersAction) -> None:
    # No options of our own: every argument is kbuild's. A prefix character no compiler flag
    # uses makes argparse take "-D..." and "-Wp,..." as plain words.
    p = sub.add_parser("sparse", add_help=False, prefix_chars="\0",
                       help='a CHECK= program: make C=1 CHECK="uaccess-check sparse" runs sparse, '
                            "then the plugin on the same file")
    p.add_argument("argv", nargs=argparse.REMAINDER)
    p.set_defaults(run=lambda args: main(args.argv))


def main(argv: list[str]) -> int:
    if argv in (["-h"], ["--help"]):
        print(_USAGE)
        return 0
    if not argv or argv[-1].startswith("-"):
        raise UsageError(f"sparse: no source file given; {_USAGE}")
    source = argv[-1]
    if not os.path.isfile(source):
        raise UsageError(f"sparse: {source}: no such file")
    level = _level_from_env()
    checkflags, cflags = split_kbuild_args(argv[:-1])
    validating = _parent_is_checker_valid()

    sparse, why_not = _usable_sparse(checkflags, argv[:-1])
    status = 0
    if sparse is not None:
        status = _run_sparse(sparse + argv)
    elif why_not and not validating:
        _say_once(why_not, sparse_key=os.environ.get(_ENV_SPARSE, "sparse"))

    warnings = _plugin_check(source, cflags, level, alone=sparse is None)
    if warnings and _sparse_error(argv):
        return status or 1
    return status


# ---- the arguments ---------------------------------------------------------------------------

def _is_depfile_opt(arg: str) -> bool:
    return arg.startswith(("-Wp,-MMD,", "-Wp,-MD,"))


def split_kbuild_args(args: list[str]) -> tuple[list[str], list[str]]:
    """kbuild's arguments (without the file) -> ($(CHECKFLAGS), compiler flags).

    With kbuild's c_flags (they begin with -Wp,-MMD,<depfile>): what comes before is
    CHECKFLAGS, what comes after is c_flags without any dependency-file or output option.
    Without (the validation file, a manual run): all are CHECKFLAGS, and the compiler gets the
    preprocessor, include, standard, -O and -f options among them.
    """
    for i, arg in enumerate(args):
        if _is_depfile_opt(arg):
            return args[:i], _drop_output_opts(args[i + 1:])
    return args, _compiler_subset(args)


def _drop_output_opts(args: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _DEP_OPTS_WITH_ARG:
            i += 2
            continue
        if _is_depfile_opt(a) or a in _DEP_OPTS or a.startswith(("-MF", "-MT", "-MQ")):
            i += 1
            continue
        out.append(a)
        i += 1
    return out


def _compiler_subset(args: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _KEEP_WITH_ARG and i + 1 < len(args):
            out += [a, args[i + 1]]
            i += 2
            continue
        if a in _SPARSE_WITH_ARG:
            i += 2
            continue
        if a.startswith(_KEEP_PREFIXES) or (a.startswith("-f") and not a.startswith(_SPARSE_ONLY_F)):
            out.append(a)
        i += 1
    return out


def _sparse_error(argv: list[str]) -> bool:
    """sparse's -Wsparse-error (last of it and -Wno-sparse-error wins)."""
    on = False
    for a in argv:
        if a == "-Wsparse-error":
            on = True
        elif a == "-Wno-sparse-error":
            on = False
    return on


def _level_from_env() -> int | None:
    raw = os.environ.get(_ENV_LEVEL, "").strip()
    if not raw:
        return None
    if raw not in {str(l) for l in LEVELS}:
        raise UsageError(f"sparse: {_ENV_LEVEL}={raw}: expected one of {', '.join(map(str, LEVELS))}")
    return int(raw)


# ---- sparse --------------------------------------------------------------------------------

def _proc_cmdline(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return []


def _parent_is_checker_valid() -> bool:
    return any(a.endswith("/checker-valid.sh") or a == "checker-valid.sh"
               for a in _proc_cmdline(os.getppid()))


def _checker_valid_script(args: list[str]) -> Path | None:
    """The kernel's scripts/checker-valid.sh, if the kernel being checked has one.

    Found from the validating shell's command line, kbuild's exported srctree, or the
    kernel's include/linux/kconfig.h among the -include options.
    """
    candidates = [Path(a) for a in _proc_cmdline(os.getppid()) if a.endswith("/checker-valid.sh")]
    if os.environ.get("srctree"):
        candidates.append(Path(os.environ["srctree"]) / "scripts" / "checker-valid.sh")
    for a, b in zip(args, args[1:]):
        if a == "-include" and b.endswith("/include/linux/kconfig.h"):
            candidates.append(Path(b[: -len("/include/linux/kconfig.h")]) / "scripts" / "checker-valid.sh")
    for c in candidates:
        if c.is_file():
            return c
    return None


def _usable_sparse(checkflags: list[str], args: list[str]) -> tuple[list[str] | None, str]:
    """(sparse's argv prefix, "") when it can check this kernel, else (None, why not).

    "Why not" is empty when sparse was switched off (UACCESS_CHECK_SPARSE set and empty).
    """
    spec = os.environ.get(_ENV_SPARSE)
    if spec is not None and not spec.strip():
        return None, ""
    words = shlex.split(spec) if spec else ["sparse"]
    if shutil.which(words[0]) is None:
        return None, f"'{words[0]}' not found (set {_ENV_SPARSE})"
    script = _checker_valid_script(args)
    if script is None:
        return words, ""
    try:
        proc = subprocess.run(["sh", str(script)] + words + checkflags, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, errors="replace", timeout=60)
        verdict = proc.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        verdict = ""
    if verdict == "1":
        return words, ""
    return None, (f"{_sparse_version(words)} cannot parse this kernel "
                  f"({script.parent.name}/{script.name} rejects it, e.g. no __typeof_unqual__)")


def _sparse_version(words: list[str]) -> str:
    try:
        out = subprocess.run(words + ["--version"], stdin=subprocess.DEVNULL, capture_output=True,
                             text=True, errors="replace", timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        out = ""
    return f"{words[0]} {out.splitlines()[0]}" if out else words[0]


def _run_sparse(argv: list[str]) -> int:
    try:
        rc = subprocess.run(argv, stdin=subprocess.DEVNULL).returncode
    except OSError as exc:
        print(f"uaccess-check: sparse: cannot run {argv[0]}: {exc.strerror}", file=sys.stderr, flush=True)
        return 0
    sys.stdout.flush()
    return rc if rc >= 0 else 128 - rc


# ---- once per make invocation --------------------------------------------------------------

def _state_dir() -> Path:
    d = Path(os.environ.get("TMPDIR") or "/tmp") / f"uaccess-check-{os.getuid()}"
    d.mkdir(mode=0o700, parents=True, exist_ok=True)
    return d


def _proc_stat(pid: int) -> tuple[str, int, str] | None:
    """(command name, parent pid, start time) of a process, from /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    comm = stat[stat.index("(") + 1: stat.rindex(")")]
    fields = stat[stat.rindex(")") + 2:].split()
    return comm, int(fields[1]), fields[19]


def _make_session() -> str:
    """The outermost make of the chain of make processes and shells above us, as pid-starttime
    ("" without /proc): one kbuild invocation."""
    session = ""
    pid = os.getppid()
    for _ in range(64):
        st = _proc_stat(pid)
        if st is None:
            break
        comm, ppid, start = st
        if comm in ("make", "gmake"):
            session = f"{pid}-{start}"
        elif comm not in ("sh", "dash", "bash"):
            break
        if ppid <= 1:
            break
        pid = ppid
    return session


def _say_once(message: str, sparse_key: str) -> None:
    """Print message unless it was printed already in this make invocation in this build dir."""
    line = f"uaccess-check: sparse: {message}; running uaccess_check's checks alone"
    try:
        d = _state_dir()
        key = hashlib.sha1(f"{os.getcwd()}\0{sparse_key}\0{message}".encode()).hexdigest()[:16]
        stamp = d / f"sparse-once-{key}-{_make_session() or 'none'}"
        fd = os.open(stamp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        os.close(fd)
        for old in d.glob(f"sparse-once-{key}-*"):
            if old != stamp:
                old.unlink(missing_ok=True)
    except FileExistsError:
        return
    except OSError:
        pass  # no usable TMPDIR: say it every time rather than never
    print(line, file=sys.stderr, flush=True)


# ---- the plugin ----------------------------------------------------------------------------

def _compiler() -> list[str]:
    for spec in (os.environ.get(_ENV_CC), os.environ.get("CC"), "gcc"):
        if spec and spec.strip():
            return shlex.split(spec)
    return ["gcc"]


def _plugin_so(cc: list[str]) -> Path:
    """ensure_plugin(), serialised between parallel checks, without kbuild's make variables
    (a parent make's MAKEFLAGS would carry C=, CHECK=, O=... into make -C plugin)."""
    saved = dict(os.environ)
    try:
        for var in ("MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "MAKELEVEL", "MAKEOVERRIDES"):
            os.environ.pop(var, None)
        with open(_state_dir() / "sparse-plugin.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            return ensure_plugin(compiler_of(" ".join(cc)))
    finally:
        os.environ.clear()
        os.environ.update(saved)


def compile_argv(cc: list[str], so_flags: list[str], cflags: list[str], source: str,
                 tmp: Path) -> list[str]:
    """The compile that runs the plugin on source: kbuild's c_flags (without plugin loads of
    our own plugin: ours comes first, so per-file -fplugin-arg-uaccess_check-* still win)."""
    flags = [f for f in cflags if not (f.startswith("-fplugin=") and is_plugin_flag(f))]
    compat = tmp / "uaccess-check-compat.h"
    compat.write_text(_COMPAT_H)
    return (cc + so_flags + ["-include", str(compat)] + flags
            + ["-fdiagnostics-color=never", "-fdiagnostics-format=text",
               "-c", "-o", str(tmp / "check.o"), "-x", "c", source])


def _plugin_check(source: str, cflags: list[str], level: int | None, alone: bool) -> int:
    """Run the plugin on source; print its diagnostics on stderr; return the warning count.

    Never raises: a failure is one line on stderr (with "error" in it only when sparse did
    not run, so that kbuild's validation knows the checker failed).
    """
    cc = _compiler()
    tag = "uaccess-check: sparse: " + ("error: " if alone else "")
    try:
        so_flags = plugin_flags(_plugin_so(cc), level=level)
        with tempfile.TemporaryDirectory(prefix="uaccess-check-sparse-") as tmp:
            argv = compile_argv(cc, so_flags, cflags, source, Path(tmp))
            env = dict(os.environ, LC_ALL="C")
            proc = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  errors="replace", env=env)
    except UsageError as exc:
        print(f"{tag}{source}: not checked by uaccess_check: {exc}", file=sys.stderr, flush=True)
        return 0
    except OSError as exc:
        print(f"{tag}{source}: not checked by uaccess_check: cannot run {cc[0]}: {exc.strerror}",
              file=sys.stderr, flush=True)
        return 0
    except Exception as exc:  # noqa: BLE001 - a bug here must not stop the kernel build
        print(f"{tag}{source}: not checked by uaccess_check: {type(exc).__name__}: {exc}",
              file=sys.stderr, flush=True)
        return 0
    diags = plugin_diagnostics(proc.stderr.splitlines())
    for d in diags:
        print(d.format(), file=sys.stderr)
    if proc.returncode != 0 and not any(d.kind == "error" for d in diags):
        log = _failure_log(source, argv, proc)
        print(f"{tag}{source}: not checked by uaccess_check: {cc[0]} exited with status "
              f"{proc.returncode}" + (f"; its output: {log}" if log else ""), file=sys.stderr)
    sys.stderr.flush()
    return sum(1 for d in diags if d.kind != "note")


def _failure_log(source: str, argv: list[str], proc: subprocess.CompletedProcess) -> str:
    try:
        name = hashlib.sha1(os.path.abspath(source).encode()).hexdigest()[:12]
        log = _state_dir() / f"sparse-failed-{Path(source).name}-{name}.log"
        log.write_text(shlex.join(argv) + "\n" + proc.stdout + proc.stderr)
        return str(log)
    except OSError:
        return ""
