"""Downloading a Debian linux-source package with a private apt state (sources, lists, cache).

Kernels the host release does not ship as an installed package (Linux 7.2 from Debian sid, Linux
6.1 on demand) are fetched with the system's own apt-get, but every piece of apt state it reads
or writes lives in one directory of the uaccess-check cache::

    apt-<V>/sources.sources   deb822 list: the system's Debian mirror (and security mirror) with
                              the suites this version needs, signed by the Debian archive keyring
    apt-<V>/lists/            Dir::State::Lists (downloaded Release and Packages files)
    apt-<V>/cache/            Dir::Cache (apt's package cache)
    apt-<V>/empty.d/          empty directory given for every *Parts option
    apt-<V>/<package>_<version>_all.deb   the downloaded package (only the current one is kept)

So the system's apt configuration, lists and locks are never touched (no root needed either, and
the host's pinning in /etc/apt/preferences* does not apply). The mirror URIs are taken from the
system's sources (deb822 ``*.sources`` or one-line ``*.list``), so a machine behind a local
mirror keeps using it; without any, deb.debian.org. apt verifies the package's hash against the
signed Packages file, as for any install.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from . import UsageError
from .log import info

DEFAULT_ARCHIVE = "http://deb.debian.org/debian"
DEFAULT_SECURITY = "http://deb.debian.org/debian-security"
DEFAULT_KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"
APT_SOURCES_DIR = Path("/etc/apt")

#: Archives a suite can come from: the Debian archive proper, or the security archive.
ARCHIVES = ("debian", "security")

#: Every suite Debian serves, by the aliases that follow its releases: where a package is looked
#: for when the suites it is pinned to no longer have it (sid moved on to the next kernel).
DEBIAN_SUITES: tuple[tuple[str, str], ...] = (
    ("debian", "unstable"), ("debian", "experimental"), ("debian", "testing"),
    ("debian", "stable"), ("debian", "stable-updates"), ("debian", "stable-backports"),
    ("security", "stable-security"), ("debian", "oldstable"), ("debian", "oldstable-updates"),
    ("debian", "oldstable-backports"), ("security", "oldstable-security"))


@dataclass(frozen=True)
class Mirrors:
    """Where the Debian archive and the security archive are, and the keyring that signs them."""
    archive: str = DEFAULT_ARCHIVE
    security: str = DEFAULT_SECURITY
    keyring: str = DEFAULT_KEYRING


@dataclass(frozen=True)
class SourceEntry:
    """One apt source as the system declares it (only what locating the mirrors needs)."""
    uri: str
    suites: tuple[str, ...]
    signed_by: str = ""


def _deb822_entries(text: str) -> list[SourceEntry]:
    """Entries of a deb822 .sources file with Types including 'deb' and not disabled."""
    entries = []
    for stanza in re.split(r"\n[ \t]*\n", text):
        fields: dict[str, str] = {}
        key = ""
        for line in stanza.splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line[0] in " \t" and key:
                fields[key] += " " + line.strip()
                continue
            key, _, value = line.partition(":")
            key = key.strip().lower()
            fields[key] = value.strip()
        if "deb" not in fields.get("types", "").split() or fields.get("enabled", "yes").lower() == "no":
            continue
        signed_by = fields.get("signed-by", "")
        signed_by = signed_by if signed_by.startswith("/") and " " not in signed_by else ""
        for uri in fields.get("uris", "").split():
            entries.append(SourceEntry(uri.rstrip("/"), tuple(fields.get("suites", "").split()), signed_by))
    return entries


_ONE_LINE_RE = re.compile(r"^deb\s+(?:\[(?P<opts>[^\]]*)\]\s+)?(?P<uri>\S+)\s+(?P<suite>\S+)")


def _one_line_entries(text: str) -> list[SourceEntry]:
    """'deb [options] URI SUITE COMPONENTS...' lines of a .list file."""
    entries = []
    for line in text.splitlines():
        m = _ONE_LINE_RE.match(line.strip())
        if not m:
            continue
        signed_by = ""
        for opt in (m.group("opts") or "").split():
            if opt.startswith("signed-by="):
                signed_by = opt.split("=", 1)[1]
        entries.append(SourceEntry(m.group("uri").rstrip("/"), (m.group("suite"),), signed_by))
    return entries


def system_entries(etc: Path = APT_SOURCES_DIR) -> list[SourceEntry]:
    """The system's apt sources (sources.list, sources.list.d/*.list and *.sources), in apt's order."""
    files = [etc / "sources.list"]
    parts = etc / "sources.list.d"
    if parts.is_dir():
        files += sorted(p for p in parts.iterdir() if p.suffix in (".list", ".sources"))
    entries: list[SourceEntry] = []
    for path in files:
        try:
            text = path.read_text(errors="replace")
        except OSError:
            continue
        entries += _deb822_entries(text) if path.suffix == ".sources" else _one_line_entries(text)
    return entries


def find_mirrors(entries: list[SourceEntry]) -> Mirrors:
    """The first Debian archive and security archive among the system's entries (else the defaults).

    A security entry is one whose suites end in -security (or /updates, the pre-bullseye name);
    the archive is the first other entry whose URI path ends in /debian.
    """
    archive = security = None
    keyring = ""
    for e in entries:
        is_security = any(s.endswith("-security") or s.endswith("/updates") for s in e.suites)
        if is_security and security is None:
            security = e.uri
        elif not is_security and archive is None and urllib.parse.urlsplit(e.uri).path.rstrip("/").endswith("/debian"):
            archive = e.uri
            keyring = e.signed_by
    return Mirrors(archive or DEFAULT_ARCHIVE, security or DEFAULT_SECURITY, keyring or DEFAULT_KEYRING)


def sources_text(suites: tuple[tuple[str, str], ...], mirrors: Mirrors) -> str:
    """A deb822 sources list with one stanza per archive used by suites ((archive, suite) pairs)."""
    stanzas = []
    for archive in ARCHIVES:
        names = [suite for arch, suite in suites if arch == archive]
        if not names:
            continue
        uri = mirrors.archive if archive == "debian" else mirrors.security
        stanzas.append(f"Types: deb\nURIs: {uri}\nSuites: {' '.join(names)}\nComponents: main\n"
                       f"Signed-By: {mirrors.keyring}\n")
    unknown = sorted({arch for arch, _ in suites} - set(ARCHIVES))
    if unknown or not stanzas:
        raise UsageError(f"bad apt suites {suites}: archives must be among {', '.join(ARCHIVES)}")
    return "\n".join(stanzas)


@dataclass(frozen=True)
class AptArea:
    """The private apt state of one kernel version (see the module comment)."""
    root: Path

    @property
    def sources(self) -> Path:
        return self.root / "sources.sources"

    def options(self) -> list[str]:
        """apt options that point every configuration and state path into root."""
        opts = {
            "Dir::Etc::SourceList": self.sources,
            "Dir::Etc::SourceParts": self.root / "empty.d",
            "Dir::Etc::Preferences": self.root / "preferences",  # never created: no pinning
            "Dir::Etc::PreferencesParts": self.root / "empty.d",
            "Dir::State::Lists": self.root / "lists",
            "Dir::Cache": self.root / "cache",
            "Dir::State::Status": "/var/lib/dpkg/status",
            "Acquire::Languages": "none",  # no Translation files: only Packages is needed
        }
        argv = []
        for key, value in opts.items():
            argv += ["-o", f"{key}={value}"]
        if os.geteuid() == 0:
            # As root apt downloads as the _apt user, who cannot enter root's cache directory:
            # it would fall back to root with a warning; say so up front instead.
            argv += ["-o", "APT::Sandbox::User=root"]
        return argv

    def prepare(self, text: str) -> None:
        for sub in ("lists/partial", "cache/archives/partial", "empty.d"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        if not self.sources.is_file() or self.sources.read_text() != text:
            self.sources.write_text(text)

    def debs(self, package: str) -> list[Path]:
        return sorted(self.root.glob(f"{package}_*.deb"))


def _apt(argv: list[str], what: str, cwd: Path | None = None, echo: bool = True) -> str:
    """Run an apt command; on failure its error lines (or last lines) go to stderr if echo."""
    try:
        proc = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              errors="replace", env=dict(os.environ, LC_ALL="C"))
    except OSError as exc:
        raise UsageError(f"{what}: cannot run {argv[0]}: {exc}") from None
    if proc.returncode != 0:
        lines = (proc.stdout + proc.stderr).splitlines()
        errors = [l for l in lines if l.startswith(("E:", "Err:"))] or lines[-15:]
        if errors and echo:
            print("\n".join(errors[-15:]), file=sys.stderr)
        raise UsageError(f"{what} failed (exit {proc.returncode})")
    return proc.stdout


def deb_version(deb: Path) -> str:
    """The version in a .deb's file name (package_version_arch.deb; an epoch's ':' is %3a)."""
    parts = deb.name[:-len(".deb")].split("_")
    return urllib.parse.unquote(parts[1]) if len(parts) == 3 else ""


def _records(area: AptArea, package: str) -> list[tuple[str, int]]:
    """(version, size) of every version of the package the private lists hold."""
    try:
        text = _apt(["apt-cache", *area.options(), "show", package], f"apt-cache show {package}", echo=False)
    except UsageError:
        return []  # not in these lists
    out = []
    for stanza in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in stanza.splitlines() if ": " in line and line[0] != " ")
        if "Version" in fields and fields.get("Size", "").isdigit():
            out.append((fields["Version"], int(fields["Size"])))
    return out


def _newer(a: str, b: str) -> bool:
    return subprocess.run(["dpkg", "--compare-versions", a, "gt", b]).returncode == 0


def newest(area: AptArea, package: str) -> tuple[str, int] | None:
    """(version, size) of the newest version of the package in the private lists, whatever the
    suite's priority (experimental's included), or None."""
    best = None
    for record in _records(area, package):
        if best is None or _newer(record[0], best[0]):
            best = record
    return best


def _update(area: AptArea, suites: tuple[tuple[str, str], ...], mirrors: Mirrors) -> None:
    area.prepare(sources_text(suites, mirrors))
    # Error-Mode=any: a list that cannot be fetched fails the update instead of a warning.
    _apt(["apt-get", "-q", *area.options(), "-o", "APT::Update::Error-Mode=any", "update"],
         f"apt-get update of {' '.join(s for _, s in suites)} from {mirrors.archive} "
         f"(private lists in {area.root})")


def fetch_package(area: AptArea, package: str, suites: tuple[tuple[str, str], ...],
                  mirrors: Mirrors, refresh: bool = False, pinned_in: str = "") -> Path:
    """The package's .deb in area, downloaded (apt-get update + download) if there is none.

    With refresh, the lists are updated and the newest version is downloaded unless the .deb
    already there is that version and size; older .debs of the package are then removed. When
    the suites no longer have the package, the newest version any Debian suite serves is taken;
    when none does, the one line names the package and pinned_in, where its suites are set.
    """
    have = area.debs(package)
    if have and not refresh:
        return have[-1]
    if not Path(mirrors.keyring).is_file():
        raise UsageError(f"{mirrors.keyring} not found: install debian-archive-keyring (make deps)")
    suite_names = " ".join(s for _, s in suites)
    info(f"{'checking for a newer' if have else 'downloading'} {package} (Debian {suite_names}, "
         f"apt state in {area.root})")
    _update(area, suites, mirrors)
    found = newest(area, package)
    if found is None:
        others = tuple(s for s in DEBIAN_SUITES if s not in suites)
        info(f"{package} is gone from {suite_names}: looking in every suite Debian serves")
        _update(area, others, mirrors)
        found = newest(area, package)
    if found is None:
        where = f": change its suites in {pinned_in}" if pinned_in else ""
        raise UsageError(f"{package} is served by no Debian suite at {mirrors.archive}{where}")
    version, size = found
    for deb in have:
        if deb_version(deb) == version and deb.stat().st_size == size:
            return deb
    if have:
        info(f"downloading {package} {version} (have {', '.join(deb_version(d) for d in have)})")
    tmp = Path(tempfile.mkdtemp(prefix=".download-", dir=area.root))
    try:
        _apt(["apt-get", "-q", *area.options(), "download", f"{package}={version}"],
             f"apt-get download {package}={version}", cwd=tmp)
        got = sorted(tmp.glob(f"{package}_*.deb"))
        if len(got) != 1 or got[0].stat().st_size != size:
            raise UsageError(f"apt-get download {package}={version} did not leave one .deb of {size} bytes in {tmp}")
        target = area.root / got[0].name
        os.replace(got[0], target)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for deb in have:
        if deb != target:
            deb.unlink(missing_ok=True)
    return target
