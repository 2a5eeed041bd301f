"""The kernel fixtures: an extracted Debian linux-source tree per version plus prepared O= build dirs.

Versions (``KERNEL_SOURCES``): 6.12, the default, from the installed package's
/usr/src/linux-source-6.12.tar.xz (in the Makefile's DEB_PACKAGES); 6.1 (Debian bookworm) and
7.2 (Debian sid) downloaded by ``debsource`` with a private apt state inside the cache, so they
cost nothing until asked for and the system's apt configuration is never touched (installing
linux-source-6.1 as a system package would put 140 MB into /usr/src of every CI machine for
tests that only some runs need).

Layout under the cache directory (see ``cache_dir()``)::

    linux-<V>/                      extracted source tree
    .linux-<V>.extracted            stamp: written after a complete extraction
    build-<V>-x86_64/               out-of-tree kbuild dir (defconfig + modules_prepare)
    build-<V>-<arch>[-gcc11]/       the same for another architecture or compiler (toolchain.py):
                                    arm64 defconfig, powerpc ppc64le_defconfig, x86_64 with gcc-11
    build-<V>-powerpc-compat/       ppc64le_defconfig + CONFIG_COMPAT (signal_32.c), with powerpc
    .build-<V>-x86_64.prepared      stamp: written after a complete preparation
    .build-<V>-x86_64.objects       sources of the objects the configuration builds (make -n)
    build-6.12-x86_64-kvm/          the same with KVM (``kvm_fixture()``), prepared on demand only
    .build-6.12-x86_64-kvm.*        its stamps
    build-7.2-x86_64-dist/          7.2 with tracing, bpf's probe links and KVM (``dist_fixture()``)
    apt-<V>/                        private apt state and the downloaded .deb (6.1, 7.2)

Every build dir of a version shares its one extracted tree. A variant (``kvm``, ``compat``) is a
second build dir of the same tree: its configuration is the base one with some options set by
scripts/config and settled by olddefconfig. It exists because code the default configuration
leaves out (``arch/x86/kvm``, powerpc's ``signal_32.c``) has accessor shapes the default units
lack; only what needs it prepares it, so the default scan never pays for it.

Each stamp holds a key (installed tarball size/mtime, or downloaded .deb name and size, which
name the package version; compiler version, options); a missing or different stamp redoes
that step from scratch, so an interrupted run never leaves a half tree in use and a new package
(``uaccess-check kernel --update``) is extracted and prepared again.
"""

from __future__ import annotations

import fcntl
import functools
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
from .debsource import AptArea, deb_version, fetch_package, find_mirrors, system_entries
from .log import info
from .toolchain import DEFAULT_GCC, Toolchain
from .units import object_of

DEFAULT_VERSION = "6.12"
DEFAULT_ARCH = "x86_64"
DEFAULT_CONFIG = "defconfig"

#: scripts/config arguments of the powerpc COMPAT variant: ppc64le_defconfig leaves CONFIG_COMPAT
#: off, and arch/powerpc/kernel/signal_32.c is built only with it.
COMPAT_OPTIONS: tuple[str, ...] = ("--enable", "COMPAT")

#: scripts/config arguments of the KVM variant: KVM as modules, as allmodconfig has it, with the
#: Xen interface (record_steal_time() in arch/x86/kvm/x86.c calls into it).
KVM_OPTIONS: tuple[str, ...] = ("--module", "KVM", "--module", "KVM_INTEL", "--module", "KVM_AMD",
                                "--enable", "KVM_XEN")

#: scripts/config arguments of the distribution-like 7.2 variant: what a distribution kernel
#: enables beyond defconfig and the __get_user() family lives in (syscall tracing's
#: syscall_copy_user_array(), bpf's kprobe_multi and uprobe_multi links, KVM).
DIST_OPTIONS: tuple[str, ...] = ("--enable", "FTRACE", "--enable", "FTRACE_SYSCALLS",
                                 "--enable", "KPROBES", "--enable", "UPROBES",
                                 "--enable", "KPROBE_EVENTS", "--enable", "UPROBE_EVENTS",
                                 "--enable", "BPF_SYSCALL", "--enable", "BPF_EVENTS",
                                 "--enable", "FPROBE", "--enable", "DYNAMIC_FTRACE",
                                 "--enable", "FUNCTION_TRACER",
                                 "--module", "KVM", "--module", "KVM_INTEL", "--module", "KVM_AMD",
                                 "--enable", "KVM_XEN")


@dataclass(frozen=True)
class KernelSource:
    """Where the source tarball of one kernel version comes from: the Debian package
    linux-source-<version>, installed on the system (suites empty) or downloaded from these
    (archive, suite) pairs into the cache (see debsource)."""
    version: str
    suites: tuple[tuple[str, str], ...] = ()

    @property
    def package(self) -> str:
        return f"linux-source-{self.version}"

    @property
    def downloaded(self) -> bool:
        return bool(self.suites)

    @property
    def installed_tarball(self) -> Path:
        return Path(f"/usr/src/{self.package}.tar.xz")


#: The kernel versions the driver prepares, by the version users name (--version).
KERNEL_SOURCES: dict[str, KernelSource] = {
    "6.1": KernelSource("6.1", (("debian", "bookworm"), ("debian", "bookworm-updates"),
                                ("security", "bookworm-security"))),
    "6.12": KernelSource("6.12"),
    "7.2": KernelSource("7.2", (("debian", "sid"),)),
}
KERNEL_VERSIONS: tuple[str, ...] = tuple(KERNEL_SOURCES)


@functools.lru_cache(maxsize=16)
def _object_lines(objects_file: Path, _mtime_ns: int) -> tuple[str, ...]:
    """The lines of a fixture's objects file, read once per version of it (a patch asks for a
    unit's object name for every accessor unit)."""
    return tuple(l for l in objects_file.read_text().splitlines() if l)


@functools.lru_cache(maxsize=16)
def _kbuild_names(objects_file: Path, mtime_ns: int) -> dict[str, str]:
    """Configured unit -> the object name kbuild knows it by, where they differ."""
    names = {}
    for line in _object_lines(objects_file, mtime_ns):
        source, _, kbuild = line.partition("\t")
        source = os.path.normpath(source)
        kbuild = kbuild or line
        if kbuild != source:
            names[source] = object_of(kbuild)
    return names


@dataclass(frozen=True)
class Fixture:
    cache: Path
    version: str = DEFAULT_VERSION
    arch: str = DEFAULT_ARCH
    config: str = DEFAULT_CONFIG
    gcc: str = DEFAULT_GCC  # the GCC major version (toolchain.py)
    variant: str = ""  # suffix of the build dir; "" for the plain configuration
    options: tuple[str, ...] = ()  # scripts/config arguments applied to config, then olddefconfig

    @property
    def source(self) -> KernelSource:
        try:
            return KERNEL_SOURCES[self.version]
        except KeyError:
            raise UsageError(f"unknown kernel version {self.version!r} (known: {', '.join(KERNEL_VERSIONS)})") from None

    @property
    def tarball(self) -> Path:
        """The installed tarball (installed sources only)."""
        return self.source.installed_tarball

    @property
    def apt_area(self) -> AptArea:
        """Private apt state and .deb of a downloaded source."""
        return AptArea(self.cache / f"apt-{self.version}")

    @property
    def src(self) -> Path:
        return self.cache / f"linux-{self.version}"

    @property
    def toolchain(self) -> Toolchain:
        return Toolchain(self.arch, self.gcc)

    @property
    def cc(self) -> str:
        """The compiler kbuild runs, which the plugin is built for."""
        return self.toolchain.cc

    @property
    def compiler(self) -> str:
        return self.cc

    @property
    def build_name(self) -> str:
        compiler = "" if self.gcc == DEFAULT_GCC else f"-gcc{self.gcc}"
        suffix = f"-{self.variant}" if self.variant else ""
        return f"build-{self.version}-{self.arch}{compiler}{suffix}"

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
        return self.toolchain.info.srcarch

    def package_version(self) -> str:
        """Debian version of the extracted package of a downloaded source ("" if unknown)."""
        try:
            stamp = self.extracted_stamp.read_text()
        except OSError:
            return ""
        m = re.search(r"^deb=(\S+)", stamp, re.M)
        return deb_version(Path(m.group(1))) if m else ""

    def label(self) -> str:
        """e.g. 'linux 6.12 x86_64 defconfig', 'linux 7.2 x86_64 defconfig (linux-source-7.2 7.2.13-1)',
        'linux 6.12 powerpc ppc64le_defconfig + compat', 'linux 6.12 x86_64 defconfig gcc 11'."""
        variant = f" + {self.variant}" if self.variant else ""
        package = ""
        if self.source.downloaded and self.package_version():
            package = f" ({self.source.package} {self.package_version()})"
        compiler = "" if self.gcc == DEFAULT_GCC else f" gcc {self.gcc}"
        return f"linux {self.version} {self.arch} {self.config}{variant}{compiler}{package}"

    def kbuild_object(self, unit: str) -> str:
        """The object name kbuild knows a configured unit by: its own path when the Makefile
        names it from another directory (arch/x86/kvm/../../../virt/kvm/kvm_main.o), else
        the unit's object."""
        return self._kbuild_names().get(unit, object_of(unit))

    def _kbuild_names(self) -> dict[str, str]:
        return _kbuild_names(*self._objects_version())

    def _objects_version(self) -> tuple[Path, int]:
        """The objects file and its mtime: the key its readings are kept under."""
        try:
            return self.objects_file, self.objects_file.stat().st_mtime_ns
        except OSError:
            raise UsageError(f"kernel fixture not prepared: run 'uaccess-check kernel"
                             f"{'' if self.version == DEFAULT_VERSION else ' --version ' + self.version}' "
                             f"first ({self.objects_file} missing)") from None

    def _object_lines(self) -> list[str]:
        return list(_object_lines(*self._objects_version()))

    def make_base(self) -> list[str]:
        return ["make", "-C", str(self.src), f"O={self.build}"] + self.toolchain.make_vars()

    def make_vars(self) -> list[str]:
        """What a make in the build dir (an external module: make -C build M=...) needs too."""
        return self.toolchain.make_vars()

    def is_ready(self) -> bool:
        return (self.extracted_stamp.is_file() and self.prepared_stamp.is_file()
                and self.objects_file.is_file())

    def configured_sources(self) -> list[str]:
        """Sources (relative to the tree, normalised) of every object this configuration builds."""
        return sorted({os.path.normpath(l.partition("\t")[0]) for l in self._object_lines()})


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


def fixture_for(version: str | None = None, arch: str | None = None, gcc: str | None = None,
                variant: str = "") -> Fixture:
    """The defconfig fixture of a kernel version (default 6.12) for an architecture (default
    x86_64) and GCC version (default 12); variant "compat" is powerpc's second build with
    CONFIG_COMPAT. Unknown: UsageError."""
    version = DEFAULT_VERSION if version is None else version
    if version not in KERNEL_SOURCES:
        raise UsageError(f"unknown kernel version {version!r} (known: {', '.join(KERNEL_VERSIONS)})")
    tc = Toolchain(arch or DEFAULT_ARCH, gcc or DEFAULT_GCC)
    options: tuple[str, ...] = ()
    if variant == "compat":
        if tc.arch != "powerpc":
            raise UsageError("the compat build is powerpc's (ppc64le_defconfig + CONFIG_COMPAT)")
        options = COMPAT_OPTIONS
    elif variant:
        raise UsageError(f"unknown build variant {variant!r}")
    return Fixture(cache=cache_dir(), version=version, arch=tc.arch, config=tc.info.defconfig,
                   gcc=tc.gcc, variant=variant, options=options)


def arch_fixtures(version: str | None = None, arch: str | None = None, gcc: str | None = None) -> list[Fixture]:
    """The fixtures that together build an architecture's accessor units: powerpc's second,
    COMPAT build holds signal_32.c."""
    fixtures = [fixture_for(version, arch, gcc)]
    if fixtures[0].arch == "powerpc":
        fixtures.append(fixture_for(version, arch, gcc, "compat"))
    return fixtures


def kvm_fixture() -> Fixture:
    """The default configuration plus KVM (Intel, AMD, Xen), in its own build dir."""
    return Fixture(cache=cache_dir(), variant="kvm", options=KVM_OPTIONS)


def dist_fixture() -> Fixture:
    """7.2 x86_64 defconfig plus tracing, bpf's probe links and KVM, as distributions build."""
    return Fixture(cache=cache_dir(), version="7.2", variant="dist", options=DIST_OPTIONS)


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


def _deb_key(deb: Path) -> str:
    """Key of a downloaded package: its file name carries package and version; plus its size."""
    return f"deb={deb.name} size={deb.stat().st_size}\n"


def _compiler_key(cc: str) -> str:
    try:
        out = subprocess.run([cc, "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise UsageError(f"{cc} not usable: {exc}") from None
    return f"{cc}={out.splitlines()[0].strip()}\n"


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


def _extract(fx: Fixture, tarball: Path, key: str, tmp: Path) -> None:
    """Extract tarball (one top directory) as fx.src; then write the extracted stamp."""
    tree = tmp / "tree"
    tree.mkdir()
    _run(["tar", "-xf", str(tarball), "-C", str(tree)], "extracting the kernel source")
    entries = [p for p in tree.iterdir()]
    if len(entries) != 1 or not entries[0].is_dir():
        raise UsageError(f"unexpected layout in {tarball.name}: {sorted(p.name for p in entries)}")
    _remove_tree(fx.src)
    os.rename(entries[0], fx.src)
    fx.extracted_stamp.write_text(key)


def _fetch_deb(fx: Fixture, refresh: bool) -> Path:
    src = fx.source
    return fetch_package(fx.apt_area, src.package, src.suites, find_mirrors(system_entries()), refresh=refresh,
                         pinned_in="KERNEL_SOURCES in tools/uaccess_check/fixture.py")


def ensure_source(fx: Fixture, refresh: bool = False) -> str:
    """Extract the version's source tree if needed; return the key of the source it came from.

    Installed: /usr/src/linux-source-<V>.tar.xz. Downloaded: the .deb in apt-<V>/ (fetched if
    absent, or with refresh if the lists now name another version), whose tarball is taken out
    with dpkg-deb -x into a temporary directory.
    """
    src = fx.source
    if src.downloaded:
        deb = _fetch_deb(fx, refresh)
        key = _deb_key(deb)
        origin = deb
    else:
        if not fx.tarball.is_file():
            raise UsageError(f"{fx.tarball} not found: install {src.package} (make deps)")
        key = _tarball_key(fx)
        origin = fx.tarball
    if _stamp_ok(fx.extracted_stamp, key) and fx.src.is_dir():
        return key
    info(f"extracting {origin} into {fx.src}")
    fx.extracted_stamp.unlink(missing_ok=True)
    # A stale prepared build refers to the old tree: redo every build of it (variants included).
    for stamp in fx.cache.glob(f".build-{fx.version}-*.prepared"):
        stamp.unlink(missing_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".extract-", dir=fx.cache))
    try:
        if src.downloaded:
            unpacked = tmp / "deb"
            _run(["dpkg-deb", "-x", str(origin), str(unpacked)], f"unpacking {origin.name}")
            tarball = unpacked / "usr" / "src" / f"{src.package}.tar.xz"
            if not tarball.is_file():
                raise UsageError(f"{origin.name} has no usr/src/{tarball.name}")
            _extract(fx, tarball, key, tmp)
        else:
            _extract(fx, origin, key, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return key


_COMPILE_RE = re.compile(r" -c -o (\S+\.o) (\S+\.c)(?=\s|;|$)")


def _list_configured(fx: Fixture) -> list[str]:
    """Sources of all objects the configuration compiles, from a dry run on a fresh build dir."""
    proc = subprocess.run(fx.make_base() + ["-n", "-k", "KCFLAGS="], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True,
                          errors="replace", env=kbuild_env())
    prefix = str(fx.src) + "/"
    sources: dict[str, str] = {}
    for match in _COMPILE_RE.finditer(proc.stdout):
        source = match.group(2)
        if source.startswith(prefix):
            rel = source[len(prefix):]
            sources[os.path.normpath(rel)] = rel
    if len(sources) < 100:
        raise UsageError(f"could not list the configured objects of {fx.build} (make -n found {len(sources)})")
    # One line per source, normalised; a source kbuild names through '..' keeps that name after a tab.
    return [s if k == s else f"{s}\t{k}" for s, k in sorted(sources.items())]


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


def _normalise_objects_file(fx: Fixture) -> None:
    """Rewrite an objects file written before sources were normalised (same content, new form)."""
    lines = [l for l in fx.objects_file.read_text().splitlines() if l]
    if not any("/../" in l.partition("\t")[0] or "/./" in l.partition("\t")[0] for l in lines):
        return
    new = {}
    for line in lines:
        source, _, kbuild = line.partition("\t")
        new[os.path.normpath(source)] = kbuild or source
    tmp = fx.objects_file.with_name(fx.objects_file.name + ".tmp")
    tmp.write_text("".join((s if k == s else f"{s}\t{k}") + "\n" for s, k in sorted(new.items())))
    os.replace(tmp, fx.objects_file)


def ensure_build(fx: Fixture, source_key: str | None = None) -> None:
    fx.toolchain.require()
    source_key = source_key if source_key is not None else ensure_source(fx)
    key = (source_key + _compiler_key(fx.cc) + f"arch={fx.arch} config={fx.config}\n"
           + (f"options={' '.join(fx.options)}\n" if fx.options else ""))
    if _stamp_ok(fx.prepared_stamp, key) and fx.build.is_dir() and fx.objects_file.is_file():
        _normalise_objects_file(fx)
        return
    options = f" {' '.join(fx.options)}" if fx.options else ""
    info(f"preparing {fx.build} ({fx.config}{options} + modules_prepare)")
    fx.prepared_stamp.unlink(missing_ok=True)
    fx.objects_file.unlink(missing_ok=True)
    _remove_tree(fx.build)
    fx.build.mkdir(parents=True)
    jobs = str(os.cpu_count() or 1)
    # make_base() names the toolchain (ARCH=, CROSS_COMPILE=, CC=) unless it is the host's gcc.
    _run(fx.make_base() + ["-s", fx.config], f"make {fx.config}")
    if fx.options:
        _configure_options(fx)
    _run(fx.make_base() + ["-s", f"-j{jobs}", "KCFLAGS="] + ["modules_prepare"], "make modules_prepare")
    # The dry run must see a build dir without objects so that it lists every one.
    lines = _list_configured(fx)
    fx.objects_file.write_text("".join(line + "\n" for line in lines))
    fx.prepared_stamp.write_text(key)


def ensure_fixture(fx: Fixture | None = None, refresh: bool = False) -> Fixture:
    """Extract and prepare the fixture if needed (idempotent, serialised by a lock).

    refresh: for a downloaded source, update its private apt lists first and take a newer
    package if there is one (a no-op for installed sources).
    """
    fx = fx or default_fixture()
    fx.source  # an unknown version fails here, before any work
    with locked(fx.cache):
        key = ensure_source(fx, refresh=refresh)
        ensure_build(fx, key)
    return fx
