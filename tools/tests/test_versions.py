"""Kernel versions as a user meets them: `uaccess-check kernel --version 6.1|6.12|7.2` prepares
and prints each build dir (6.1 and 7.2 downloaded into the cache with a private apt state), bad
versions are one line and exit 2, the downloaded package's version is in the label and a new
package is extracted again; and the unit finder, which follows region openers and local
includes (7.2's kernel/futex/futex.h, 6.12's paging_tmpl.h) and normalises kbuild's paths.

The 7.2 fixture is prepared by `make test` beforehand (Makefile kernel-7.2); 6.1 is prepared here
on first use (download ~4 s, extraction ~16 s, defconfig + modules_prepare + make -n ~20 s).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from conftest import kernel_fixture
from uaccess_check import REPO_ROOT
from uaccess_check import UsageError
from uaccess_check.debsource import (DEBIAN_SUITES, AptArea, Mirrors, _deb822_entries, _one_line_entries,
                                     deb_version, fetch_package, find_mirrors, sources_text)
from uaccess_check.diag import relative_to
from uaccess_check.fixture import KERNEL_VERSIONS, Fixture, ensure_source
from uaccess_check.scan import accessor_units
from uaccess_check.units import candidate_units

DRIVER = str(REPO_ROOT / "uaccess-check")


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, DRIVER, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=dict(os.environ, **(env or {})), timeout=1800)


# ---- kernel --version ----------------------------------------------------------------------------

@pytest.mark.parametrize("version", KERNEL_VERSIONS)
def test_kernel_version_prints_prepared_build(version):
    proc = run("kernel", "--version", version)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 1, proc.stdout
    build = Path(lines[0])
    assert build.is_absolute() and build.name == f"build-{version}-x86_64"
    release = (build / "include" / "config" / "kernel.release").read_text().strip()
    assert release.startswith(version + "."), release
    config = (build / ".config").read_text().splitlines()
    assert "CONFIG_X86_64=y" in config
    # modules_prepare ran: external modules can be built against this dir.
    assert (build / "scripts" / "mod" / "modpost").is_file()
    assert (build / "include" / "generated" / "autoconf.h").is_file()
    src = build.parent / f"linux-{version}"
    assert (build / "source").resolve() == src.resolve()
    # Once prepared, a second run does no work and prints nothing but the dir (no network either).
    again = run("kernel", "--version", version)
    assert (again.returncode, again.stdout, again.stderr) == (0, proc.stdout, "")


def test_default_version_is_6_12():
    default, explicit = run("kernel"), run("kernel", "--version", "6.12")
    assert default.returncode == explicit.returncode == 0, default.stderr + explicit.stderr
    assert default.stdout == explicit.stdout
    assert default.stdout.strip().endswith("/build-6.12-x86_64")


def test_label_records_package_version():
    fx = kernel_fixture("7.2")
    (deb,) = fx.apt_area.debs("linux-source-7.2")
    version = subprocess.run(["dpkg-deb", "-f", str(deb), "Version"], capture_output=True, text=True,
                             check=True).stdout.strip()
    assert fx.label() == f"linux 7.2 x86_64 defconfig (linux-source-7.2 {version})"
    release = (fx.build / "include" / "config" / "kernel.release").read_text().strip()
    assert version.startswith(release + "-"), (version, release)
    assert kernel_fixture().label() == "linux 6.12 x86_64 defconfig"


BAD_VERSIONS = [
    ("kernel", "--version", "5.4"),
    ("kernel", "--version", "garbage"),
    ("kernel", "--version", ""),
    ("kernel", "--version"),
    ("scan", "--version", "5.4"),
    ("scan", "--version", "7"),
]


@pytest.mark.parametrize("args", BAD_VERSIONS, ids=" ".join)
def test_bad_version_one_line_exit_2(args):
    proc = run(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("uaccess-check: error: ") and "Traceback" not in proc.stderr


# ---- downloaded sources: stamps keyed on the .deb ------------------------------------------------

def _fake_deb(tmp: Path, version: str, marker: str) -> Path:
    """A linux-source-7.2 .deb holding a two-file tree in usr/src/linux-source-7.2.tar.xz."""
    root = tmp / f"pkg-{version}"
    tree = tmp / f"tree-{version}" / "linux-source-7.2"
    tree.mkdir(parents=True)
    (tree / "Makefile").write_text("VERSION = 7\n")
    (tree / "marker").write_text(marker)
    (root / "usr" / "src").mkdir(parents=True)
    with tarfile.open(root / "usr" / "src" / "linux-source-7.2.tar.xz", "w:xz") as tar:
        tar.add(tree, arcname="linux-source-7.2")
    (root / "DEBIAN").mkdir()
    (root / "DEBIAN" / "control").write_text(
        f"Package: linux-source-7.2\nVersion: {version}\nArchitecture: all\n"
        "Maintainer: test <test@example.org>\nDescription: test\n")
    deb = tmp / f"linux-source-7.2_{version}_all.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "-b", str(root), str(deb)],
                   check=True, capture_output=True)
    return deb


def test_new_package_redoes_extraction(tmp_path):
    """A .deb in apt-7.2/ is used without any network; another version extracts again and
    invalidates the prepared builds of that version."""
    cache = tmp_path / "cache"
    fx = Fixture(cache=cache, version="7.2")
    fx.apt_area.root.mkdir(parents=True)
    first = _fake_deb(tmp_path, "7.2.1-1", "one")
    os.replace(first, fx.apt_area.root / first.name)
    key = ensure_source(fx)
    assert key.startswith("deb=linux-source-7.2_7.2.1-1_all.deb size=")
    assert (fx.src / "marker").read_text() == "one"
    assert fx.package_version() == "7.2.1-1"
    assert fx.label() == "linux 7.2 x86_64 defconfig (linux-source-7.2 7.2.1-1)"
    assert ensure_source(fx) == key  # stamp matches: nothing redone
    fx.prepared_stamp.write_text("stale\n")
    second = _fake_deb(tmp_path, "7.2.2-1", "two")
    (fx.apt_area.root / first.name).unlink()
    os.replace(second, fx.apt_area.root / second.name)
    assert ensure_source(fx) != key
    assert (fx.src / "marker").read_text() == "two"
    assert fx.package_version() == "7.2.2-1"
    assert not fx.prepared_stamp.exists()
    assert sorted(p.name for p in cache.iterdir() if p.name.startswith((".extract-", ".trash-"))) == []


# ---- the private apt state -------------------------------------------------------------------------

def test_mirrors_from_system_sources():
    deb822 = """Types: deb
# http://snapshot.debian.org/archive/debian/20250520T000000Z
URIs: http://mirror.example.org/debian/
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://security.example.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://src.example.org/debian
Suites: bookworm
Components: main
"""
    m = find_mirrors(_deb822_entries(deb822))
    assert m == Mirrors("http://mirror.example.org/debian", "http://security.example.org/debian-security",
                        "/usr/share/keyrings/debian-archive-keyring.gpg")
    one_line = ("# comment\ndeb-src http://x.example.org/debian bookworm main\n"
                "deb [arch=amd64] http://ftp.example.org/debian bookworm main contrib\n"
                "deb http://ftp.example.org/debian-security bookworm-security main\n")
    m = find_mirrors(_one_line_entries(one_line))
    assert (m.archive, m.security) == ("http://ftp.example.org/debian", "http://ftp.example.org/debian-security")
    assert find_mirrors([]) == Mirrors()  # deb.debian.org


def test_private_sources_and_options(tmp_path):
    text = sources_text((("debian", "sid"),), Mirrors())
    assert text == ("Types: deb\nURIs: http://deb.debian.org/debian\nSuites: sid\nComponents: main\n"
                    "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n")
    text = sources_text((("debian", "bookworm"), ("security", "bookworm-security")), Mirrors())
    assert text.count("Types: deb\n") == 2 and "URIs: http://deb.debian.org/debian-security\n" in text
    area = AptArea(tmp_path / "apt-7.2")
    opts = area.options()
    pairs = dict(o.split("=", 1) for o in opts[1::2])
    for key in ("Dir::Etc::SourceList", "Dir::Etc::SourceParts", "Dir::Etc::Preferences",
                "Dir::Etc::PreferencesParts", "Dir::State::Lists", "Dir::Cache"):
        assert pairs[key].startswith(str(area.root) + "/"), (key, pairs[key])
    assert pairs["Dir::State::Status"] == "/var/lib/dpkg/status"  # read only
    assert deb_version(Path("linux-source-7.2_7.2.13-1_all.deb")) == "7.2.13-1"
    assert deb_version(Path("x_1%3a2.0-1_all.deb")) == "1:2.0-1"


def test_downloaded_package_in_cache():
    fx = kernel_fixture("7.2")
    area = fx.apt_area
    assert area.root == fx.cache / "apt-7.2"
    assert "Suites: sid\n" in area.sources.read_text()
    assert len(area.debs("linux-source-7.2")) == 1
    assert any(area.root.joinpath("lists").glob("*sid*Packages*"))


# ---- a pinned package gone from its suite: a signed local archive ---------------------------------

def _signed_archive(tmp: Path, debs_by_suite: dict[str, list[Path]]) -> Mirrors:
    """A file: archive, signed by a key made here, with every suite of DEBIAN_SUITES and sid
    (security suites in the same tree), each holding the given .debs."""
    home = tmp / "gnupg"
    home.mkdir(mode=0o700)
    gpg = ["gpg", "--batch", "--quiet", "--homedir", str(home), "--pinentry-mode", "loopback", "--passphrase", ""]
    subprocess.run(gpg + ["--quick-gen-key", "archive <archive@example.org>", "ed25519", "sign", "never"],
                   check=True, capture_output=True)
    keyring = tmp / "archive.gpg"
    keyring.write_bytes(subprocess.run(gpg + ["--export"], check=True, capture_output=True).stdout)
    repo = tmp / "archive"
    for suite in ["sid"] + [s for _, s in DEBIAN_SUITES]:
        stanzas = []
        for deb in debs_by_suite.get(suite, []):
            pool = repo / "pool" / suite / deb.name
            pool.parent.mkdir(parents=True, exist_ok=True)
            pool.write_bytes(deb.read_bytes())
            control = subprocess.run(["dpkg-deb", "-f", str(pool)], check=True, capture_output=True, text=True).stdout
            stanzas.append(f"{control.rstrip()}\nFilename: pool/{suite}/{deb.name}\nSize: {pool.stat().st_size}\n"
                           f"SHA256: {hashlib.sha256(pool.read_bytes()).hexdigest()}\n")
        index = "main/binary-amd64/Packages"
        packages = repo / "dists" / suite / index
        packages.parent.mkdir(parents=True)
        packages.write_text("\n".join(stanzas))
        data = packages.read_bytes()
        release = (f"Suite: {suite}\nCodename: {suite}\nDate: Sat, 05 Dec 2026 00:00:00 UTC\n"
                   f"Architectures: amd64\nComponents: main\nSHA256:\n"
                   f" {hashlib.sha256(data).hexdigest()} {len(data)} {index}\n")
        (repo / "dists" / suite / "Release").write_text(release)
        subprocess.run(gpg + ["--clearsign", "-o", str(repo / "dists" / suite / "InRelease"),
                              str(repo / "dists" / suite / "Release")], check=True, capture_output=True)
    # gpg started an agent for the key: it would outlive the test
    subprocess.run(["gpgconf", "--homedir", str(home), "--kill", "gpg-agent"], capture_output=True)
    return Mirrors(f"file://{repo}", f"file://{repo}", str(keyring))


def test_pinned_package_gone_takes_newest_elsewhere(tmp_path, capsys):
    """sid moved on to the next kernel: the newest linux-source-7.2 of any suite is downloaded
    (experimental's too, which apt's own choice would pass over)."""
    debs = {v: _fake_deb(tmp_path, v, v) for v in ("7.2.9-1", "7.2.13-1", "7.2.14-1")}
    mirrors = _signed_archive(tmp_path, {"stable-backports": [debs["7.2.9-1"]], "testing": [debs["7.2.13-1"]],
                                         "experimental": [debs["7.2.14-1"]]})
    area = AptArea(tmp_path / "apt-7.2")
    got = fetch_package(area, "linux-source-7.2", (("debian", "sid"),), mirrors, pinned_in="HERE")
    assert got == area.root / "linux-source-7.2_7.2.14-1_all.deb"
    assert got.read_bytes() == debs["7.2.14-1"].read_bytes()
    assert "linux-source-7.2 is gone from sid: looking in every suite Debian serves" in capsys.readouterr().err


def test_pinned_package_still_there_stays_pinned(tmp_path):
    debs = {v: _fake_deb(tmp_path, v, v) for v in ("7.2.13-1", "7.2.14-1")}
    mirrors = _signed_archive(tmp_path, {"sid": [debs["7.2.13-1"]], "experimental": [debs["7.2.14-1"]]})
    got = fetch_package(AptArea(tmp_path / "apt-7.2"), "linux-source-7.2", (("debian", "sid"),), mirrors)
    assert got.name == "linux-source-7.2_7.2.13-1_all.deb"


def test_package_served_nowhere_is_one_line(tmp_path):
    mirrors = _signed_archive(tmp_path, {})
    with pytest.raises(UsageError) as err:
        fetch_package(AptArea(tmp_path / "apt-7.2"), "linux-source-7.2", (("debian", "sid"),), mirrors,
                      pinned_in="KERNEL_SOURCES in tools/uaccess_check/fixture.py")
    assert str(err.value) == (f"linux-source-7.2 is served by no Debian suite at {mirrors.archive}: "
                              "change its suites in KERNEL_SOURCES in tools/uaccess_check/fixture.py")


# ---- the unit finder ------------------------------------------------------------------------------

def test_units_7_2_through_local_header():
    units = candidate_units(kernel_fixture("7.2").src)
    for unit in ("kernel/futex/pi.c", "kernel/futex/requeue.c", "kernel/futex/syscalls.c",
                 "kernel/futex/core.c", "kernel/futex/waitwake.c", "fs/eventpoll.c", "fs/readdir.c"):
        assert unit in units, unit
    configured, _ = accessor_units(kernel_fixture("7.2"))
    assert "kernel/futex/pi.c" in configured


def test_units_6_12_region_openers():
    fx = kernel_fixture()
    configured, unconfigured = accessor_units(fx)
    for unit in ("arch/x86/lib/copy_mc.c", "arch/x86/lib/csum-wrappers_64.c", "arch/x86/lib/usercopy_64.c",
                 "kernel/futex/core.c", "fs/readdir.c", "kernel/exit.c"):
        assert unit in configured, unit
    # KVM: mmu.c through paging_tmpl.h; both not in defconfig.
    assert {"arch/x86/kvm/mmu/mmu.c", "arch/x86/kvm/x86.c"} <= set(unconfigured)
    # A mention in a comment is no use (net/ipv4/tcp.c names csum_and_copy_from_user() in one),
    # and the 32-bit inline csum_and_copy_*_user() of asm/checksum_32.h is not x86_64's.
    for unit in ("net/ipv4/tcp.c", "net/core/skbuff.c", "net/core/datagram.c"):
        assert unit not in configured + unconfigured, unit


def _write(root: Path, rel: str, text: str) -> None:
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_text(text)


def test_unit_finder_rules(tmp_path):
    src = tmp_path / "linux"
    _write(src, "Makefile", "VERSION = 7\n")
    _write(src, "include/linux/uaccess.h", "#define get_user_inline(v, p) scoped_user_read_access(p, e) { }\n")
    _write(src, "arch/x86/include/asm/checksum_32.h",
           "static inline int csum32(void) { if (!user_access_begin(p, n)) return 0; return 1; }\n")
    _write(src, "arch/x86/include/asm/uaccess.h", "#define __uaccess_begin() stac()\n")
    _write(src, "kernel/futex/futex.h", "static inline int f(u32 __user *p) { return get_user_inline(v, p); }\n")
    _write(src, "kernel/futex/pi.c", '#include "futex.h"\nint g(void) { return 0; }\n')
    _write(src, "kernel/futex/other.c", '/* #include "futex.h" */\nint h(void) { return 0; }\n')
    _write(src, "kvm/mmu/paging_tmpl.h", "int FNAME(w)(void) { return __uaccess_begin(); }\n")
    _write(src, "kvm/mmu/paging.h", '#include "paging_tmpl.h"\n')
    _write(src, "kvm/mmu/mmu.c", '#include "paging.h"\n')
    _write(src, "kvm/x86.c", '#include "mmu/paging.h"\n')
    _write(src, "kvm/up.c", '#include "../kvm/mmu/paging.h"\n')
    _write(src, "kvm/wrong.c", '#include "paging.h"\n')  # kvm/paging.h does not exist
    _write(src, "lib/region.c", "void r(void) { if (!user_write_access_begin(p, 4)) return; }\n")
    _write(src, "lib/comment.c", "/* user_access_begin() is not called here */\n")
    _write(src, "lib/csum.c", "int c(void) { return csum32(); }\n")
    _write(src, "sched/build.c", '#include "core.c"\n')
    _write(src, "sched/core.c", "void s(void) { masked_user_rw_access_begin(p); }\n")
    _write(src, "arch/arm64/lib/x.c", "void a(void) { user_access_begin(p, 1); }\n")
    _write(src, "tools/x.c", "void t(void) { user_access_begin(p, 1); }\n")
    assert candidate_units(src) == ["kernel/futex/pi.c", "kvm/mmu/mmu.c", "kvm/up.c", "kvm/x86.c",
                                    "lib/region.c", "sched/build.c", "sched/core.c"]
    assert "lib/csum.c" in candidate_units(src, bits=32)


# ---- normalised paths -----------------------------------------------------------------------------

def test_objects_paths_normalised(tmp_path):
    fx = Fixture(cache=tmp_path)
    fx.objects_file.write_text("arch/x86/kvm/x86.c\narch/x86/kvm/../../../virt/kvm/kvm_main.c\n"
                               "fs/./readdir.c\n")
    assert fx.configured_sources() == ["arch/x86/kvm/x86.c", "fs/readdir.c", "virt/kvm/kvm_main.c"]
    # kbuild knows the object by the name its Makefile gave it.
    assert fx.kbuild_object("virt/kvm/kvm_main.c") == "arch/x86/kvm/../../../virt/kvm/kvm_main.o"
    assert fx.kbuild_object("arch/x86/kvm/x86.c") == "arch/x86/kvm/x86.o"
    assert relative_to("/k/arch/x86/kvm/../../../virt/kvm/kvm_main.c", ["/k"]) == "virt/kvm/kvm_main.c"


@pytest.mark.parametrize("version", ["6.12", "7.2"])
def test_prepared_objects_files_normalised(version):
    fx = kernel_fixture(version)
    lines = [l for l in fx.objects_file.read_text().splitlines() if l]
    sources = [l.split("\t")[0] for l in lines]
    assert sources == sorted(set(sources)) and len(sources) > 1000
    assert all(os.path.normpath(s) == s for s in sources)
