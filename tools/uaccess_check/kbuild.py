"""Running kbuild and the exact per-object compile commands it saved (.o.cmd files)."""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import UsageError
from .fixture import Fixture, kbuild_env, locked
from .plugin import is_plugin_flag

_SHELL_OPERATORS = {";", "&&", "||", "|", ">", "<"}


def cmd_file(build: Path, obj: str) -> Path:
    d, name = os.path.split(obj)
    return build / d / f".{name}.cmd"


def saved_command(build: Path, obj: str) -> str:
    """The compiler command kbuild last used for obj (line ``savedcmd_<obj> := ...``; before
    Linux 6.2, as in 6.1, ``cmd_<obj> := ...``)."""
    path = cmd_file(build, obj)
    try:
        text = path.read_text(errors="replace")
    except OSError:
        raise UsageError(f"no saved command for {obj}: {path} missing (build the object first)") from None
    # a unit a Makefile elsewhere builds is saved under that Makefile's path for it
    # (savedcmd_arch/x86/kvm/../../../virt/kvm/kvm_main.o): the same object
    for saved in ("savedcmd_", "cmd_"):
        for line in text.splitlines():
            name, sep, command = line.partition(" := ")
            if sep and name.startswith(saved) and os.path.normpath(name[len(saved):]) == os.path.normpath(obj):
                return command.strip()
    raise UsageError(f"{path}: no 'savedcmd_{obj}' line")


def compile_argv(build: Path, obj: str, extra: list[str], output: Path | None = None) -> list[str]:
    """The saved command of obj as argv, without any uaccess_check flags, plus extra flags.

    With output, the object and its dependency file go there instead of into the build dir,
    so kbuild's own state is left untouched.
    """
    argv = shlex.split(saved_command(build, obj))
    # Before 6.2 (6.1) kbuild saves "<compile> ; ./tools/objtool/objtool ... <obj>" for objects
    # objtool checks: the compile is all the plugin needs, objtool only reads its output.
    if ";" in argv:
        rest = argv[argv.index(";") + 1:]
        if rest and rest[0].endswith("/objtool") and ";" not in rest:
            argv = argv[:argv.index(";")]
    if not argv or _SHELL_OPERATORS & set(argv):
        raise UsageError(f"saved command of {obj} is not a single compiler call")
    argv = [a for a in argv if not is_plugin_flag(a)]
    if output is not None:
        out: list[str] = []
        i = 0
        while i < len(argv):
            a = argv[i]
            if a == "-o" and i + 1 < len(argv):
                out += ["-o", str(output)]
                i += 2
                continue
            if a.startswith("-Wp,-MMD,") or a.startswith("-Wp,-MD,"):
                a = a.split(",", 2)[0] + "," + a.split(",", 2)[1] + "," + str(output) + ".d"
            out.append(a)
            i += 1
        argv = out
    # Extra flags go before the source file (last argument), after kbuild's own flags.
    return argv[:-1] + list(extra) + argv[-1:]


@dataclass
class RunResult:
    returncode: int
    stdout: str
    stderr: str
    wall: float  # seconds
    maxrss_kb: int  # peak RSS of the child and its waited-for descendants (cc1)
    cpu: float = 0.0  # user + system seconds of the child and its waited-for descendants


def run_measured(argv: list[str], cwd: Path) -> RunResult:
    """Run argv, capturing output, with wall time, CPU time and peak RSS from wait4()."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        try:
            proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                    env=kbuild_env())
        except OSError as exc:
            raise UsageError(f"cannot run {argv[0]}: {exc}") from None
        _, status, rusage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return RunResult(proc.returncode, out.read().decode(errors="replace"),
                         err.read().decode(errors="replace"), wall, rusage.ru_maxrss,
                         rusage.ru_utime + rusage.ru_stime)


def make_objects(fx: Fixture, units: list[str], jobs: int) -> None:
    """Build the units' objects with plain kbuild (no plugin) so their .cmd files exist.

    Objects that have a saved command are left alone. Serialised with other runs
    (scan, tests, bench) by the cache lock: concurrent kbuild runs in one O= dir race.
    """
    # Only what kbuild has not built: a user's tree keeps its objects as its own make left them.
    objs = [fx.kbuild_object(u) for u in units if not cmd_file(fx.build, fx.kbuild_object(u)).is_file()]
    if not objs:
        return
    with locked(fx.cache):
        proc = subprocess.run(fx.make_base() + ["-s", "-k", f"-j{jobs}", "KCFLAGS="] + objs,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace",
                              env=kbuild_env())
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-30:])
        raise UsageError(f"kbuild failed to build {len(objs)} objects in {fx.build}:\n{tail}")


def compile_with(fx: Fixture, unit: str, extra: list[str], output: Path) -> RunResult:
    """Compile unit with its exact kbuild command plus extra flags, object to output."""
    return run_measured(compile_argv(fx.build, fx.kbuild_object(unit), extra, output), fx.build)
