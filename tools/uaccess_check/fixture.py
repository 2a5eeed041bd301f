"""The kernel fixture: an extracted Debian linux-source tree plus prepared O= build dirs.

Layout under the cache directory (see ``cache_dir()``)::

    linux-6.12/                     extracted source tree (from /usr/src/linux-source-6.12.tar.xz)
    .linux-6.12.extracted           stamp: written after a complete extraction
    build-6.12-x86_64/              out-of-tree kbuild dir (defconfig + modules_prepare)
    .build-6.12-x86_64.prepared     stamp: written after a complete preparation
    .build-6.12-x86_64.objects      sources of the objects the configuration builds (make -n)
    build-6.12-x86_64-kvm/          the same with KVM (``kvm_fixture()``), prepared on demand only
    .build-6.12-x86_64-kvm.*        its stamps

A variant (``kvm``) is a second build dir of the same tree: its configuration is the base one
with some options set by scripts/config and settled by olddefconfig. It exists because code the
default configuration leaves out (``arch/x86/kvm``) has accessor shapes the default units lack;
only the tests that need it prepare it, so the default scan never pays for it.

Each stamp holds a key (tarball size/mtime, compiler version, options); a missing or different
stamp redoes that step from scratch, so an interrupted run never leaves a half tree in use.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from . import UsageError, cache_dir
from .log import info

DEFAULT_VERSION = "6.12"
DEFAULT_ARCH = "x86_64"
DEFAULT_CONFIG = "defconfig"

#: scripts/config arguments of the KVM variant: KVM as modules, as allmodconfig has it, with the
#: Xen interface (record_steal_time() in arch/x86/kvm/x86.c calls into it).
KVM_OPTIONS: tuple[str, ...] = ("--module", "KVM", "--module", "KVM_INTEL", "--module", "KVM_AMD",
                                "--enable", "KVM_XEN")


@dataclass(frozen=True)
class Fixture:
    cache: Path
    version: str = DEFAULT_VERSION
    arch: str = DEFAULT_ARCH
    config: str = DEFAULT_CONFIG
    variant: str = ""  # suffix of the build dir; "" for the plain configuration
    options: tuple[str, ...] = ()  # scripts/config arguments applied to config, then olddefconfig

    @property
    def tarball(self) -> Path:
        return Path(f"/usr/src/linux-source-{self.version}.tar.xz")

    @property
    def src(self) -> Path:
        return self.cache / f"linux-{self.version}"

    @property
    def build_name(self) -> str:
        suffix = f"-{self.variant}" if self.variant else ""
        return f"build-{self.version}-{self.arch}{suffix}"

    @property
    def build(self) -> Path:
        return self.cache / self.build_name

    @property
    def extracted_stamp(self) -> Path:
        return self.cache / f".linux-{self.version}.extracted"

    @property
    def prepared_stamp(self) -> Path:
        return self.cache / f".{self.build_name}.prepared"

    @property
    def objects_file(self) -> Path:
        return self.cache / f".{self.build_name}.objects"

    @property
    def srcarch(self) -> str:
        return "x86" if self.arch in ("x86_64", "i386", "x86") else self.arch

    def label(self) -> str:
        variant = f" + {self.variant}" if self.variant else ""
        return f"linux {self.version} {self.arch} {self.config}{variant}"

    def make_base(self) -> list[str]:
        return ["make", "-C", str(self.src), f"O={self.build}"]

    def is_ready(self) -> bool:
        return (self.extracted_stamp.is_file() and self.prepared_stamp.is_file()
                and self.objects_file.is_file())

    def configured_sources(self) -> list[str]:
        """Sources (relative to the tree) of every object this configuration builds."""
        if not self.objects_file.is_file():
            raise UsageError(f"kernel fixture not prepared: run 'uaccess-check kernel' first ({self.objects_file} missing)")
        return [l for l in self.objects_file.read_text().splitlines() if l]


#: Environment variables that would change what kbuild does or prints (a parent make's flags,
#: verbosity, output dir, extra flags, architecture): removed for every make we run.
_KBUILD_ENV_SCRUB = ("MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "V",
                     "KBUILD_VERBOSE", "KBUILD_OUTPUT", "KBUILD_EXTMOD", "KBUILD_CHECKSRC",
                     "KBUILD_EXTRA_WARN", "KCFLAGS", "KCPPFLAGS", "KAFLAGS", "ARCH", "SUBARCH",
                     "CROSS_COMPILE", "LLVM", "LLVM_IAS", "C", "M", "O", "W")


def kbuild_env() -> dict[str, str]:
    """The current environment without the variables that steer kbuild."""
    return {k: v for k, v in os.environ.items() if k not in _KBUILD_ENV_SCRUB}


def default_fixture() -> Fixture:
    return Fixture(cache=cache_dir())


def kvm_fixture() -> Fixture:
    """The default configuration plus KVM (Intel, AMD, Xen), in its own build dir."""
    return Fixture(cache=cache_dir(), variant="kvm", options=KVM_OPTIONS)


def _run(argv: list[str], what: str, cwd: Path | None = None) -> None:
    """Run a preparation command; its output goes to stderr."""
    proc = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          stdin=subprocess.DEVNULL, text=True, errors="replace", env=kbuild_env())
    if proc.returncode != 0:
        tail = "\n".join(proc.stdout.splitlines()[-30:])
        if tail:
            print(tail, file=sys.stderr)
        raise UsageError(f"{what} failed (exit {proc.returncode}): {' '.join(argv)}")


def _tarball_key(fx: Fixture) -> str:
    st = fx.tarball.stat()
    return f"tarball={fx.tarball} size={st.st_size} mtime={int(st.st_mtime)}\n"


def _compiler_key() -> str:
    try:
        out = subprocess.run(["gcc", "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise UsageError(f"gcc not usable: {exc}") from None
    return f"gcc={out.splitlines()[0].strip()}\n"


def _stamp_ok(stamp: Path, key: str) -> bool:
    try:
        return stamp.read_text() == key
    except OSError:
        return False


def _remove_tree(path: Path) -> None:
    """Move a tree aside (atomic) and delete it."""
    if not path.exists() and not path.is_symlink():
        return
    trash = Path(tempfile.mkdtemp(prefix=".trash-", dir=path.parent))
    os.rename(path, trash / path.name)
    shutil.rmtree(trash, ignore_errors=True)


@contextmanager
def locked(cache: Path) -> Iterator[None]:
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def ensure_source(fx: Fixture) -> None:
    if not fx.tarball.is_file():
        raise UsageError(f"{fx.tarball} not found: install linux-source-{fx.version} (make deps)")
    key = _tarball_key(fx)
    if _stamp_ok(fx.extracted_stamp, key) and fx.src.is_dir():
        return
    info(f"extracting {fx.tarball} into {fx.src}")
    fx.extracted_stamp.unlink(missing_ok=True)
    # A stale prepared build refers to the old tree: redo every build of it (variants included).
    for stamp in fx.cache.glob(f".build-{fx.version}-*.prepared"):
        stamp.unlink(missing_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".extract-", dir=fx.cache))
    try:
        _run(["tar", "-xf", str(fx.tarball), "-C", str(tmp)], "extracting the kernel source")
        entries = [p for p in tmp.iterdir()]
        if len(entries) != 1 or not entries[0].is_dir():
            raise UsageError(f"unexpected layout in {fx.tarball}: {sorted(p.name for p in entries)}")
        _remove_tree(fx.src)
        os.rename(entries[0], fx.src)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    fx.extracted_stamp.write_text(key)


_COMPILE_RE = re.compile(r" -c -o (\S+\.o) (\S+\.c)(?=\s|;|$)")


def _list_configured(fx: Fixture) -> list[str]:
    """Sources of all objects the configuration compiles, from a dry run on a fresh build dir."""
    proc = subprocess.run(fx.make_base() + ["-n", "-k", "KCFLAGS="], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True,
                          errors="replace", env=kbuild_env())
    prefix = str(fx.src) + "/"
    sources: set[str] = set()
    for match in _COMPILE_RE.finditer(proc.stdout):
        source = match.group(2)
        if source.startswith(prefix):
            sources.add(source[len(prefix):])
    if len(sources) < 100:
        raise UsageError(f"could not list the configured objects of {fx.build} (make -n found {len(sources)})")
    return sorted(sources)


#: scripts/config actions a fixture option may use, and the value each leaves in .config.
_OPTION_VALUES = {"--enable": "y", "--module": "m"}


def _configure_options(fx: Fixture) -> None:
    """Apply fx.options to the build's .config, settle it, and check that every option held."""
    wanted = []
    for action, name in zip(fx.options[::2], fx.options[1::2]):
        if action not in _OPTION_VALUES:
            raise UsageError(f"fixture option {action} {name}: expected one of {', '.join(_OPTION_VALUES)}")
        wanted.append(f"CONFIG_{name}={_OPTION_VALUES[action]}")
    config = fx.build / ".config"
    _run([str(fx.src / "scripts" / "config"), "--file", str(config)] + list(fx.options), "scripts/config")
    _run(fx.make_base() + ["-s", "olddefconfig"], "make olddefconfig")
    settled = set(config.read_text().splitlines())
    for line in wanted:
        if line not in settled:
            raise UsageError(f"{config}: olddefconfig did not keep {line} (a dependency is missing)")


def ensure_build(fx: Fixture) -> None:
    key = (_tarball_key(fx) + _compiler_key() + f"arch={fx.arch} config={fx.config}\n"
           + (f"options={' '.join(fx.options)}\n" if fx.options else ""))
    if _stamp_ok(fx.prepared_stamp, key) and fx.build.is_dir() and fx.objects_file.is_file():
        return
    options = f" {' '.join(fx.options)}" if fx.options else ""
    info(f"preparing {fx.build} ({fx.config}{options} + modules_prepare)")
    fx.prepared_stamp.unlink(missing_ok=True)
    fx.objects_file.unlink(missing_ok=True)
    _remove_tree(fx.build)
    fx.build.mkdir(parents=True)
    jobs = str(os.cpu_count() or 1)
    # The default fixture is the host architecture: kbuild's own default, no ARCH= needed.
    arch: list[str] = []
    _run(fx.make_base() + ["-s"] + arch + [fx.config], f"make {fx.config}")
    if fx.options:
        _configure_options(fx)
    _run(fx.make_base() + ["-s", f"-j{jobs}", "KCFLAGS="] + arch + ["modules_prepare"], "make modules_prepare")
    # The dry run must see a build dir without objects so that it lists every one.
    sources = _list_configured(fx)
    fx.objects_file.write_text("".join(s + "\n" for s in sources))
    fx.prepared_stamp.write_text(key)


def ensure_fixture(fx: Fixture | None = None) -> Fixture:
    """Extract and prepare the fixture if needed (idempotent, serialised by a lock)."""
    fx = fx or default_fixture()
    with locked(fx.cache):
        ensure_source(fx)
        ensure_build(fx)
    return fx
