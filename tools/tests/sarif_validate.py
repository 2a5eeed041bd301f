"""The SARIF Multitool's validator, for the tests of --format sarif (test_formats.py; any test may
import validate_sarif).

The npm package @microsoft/sarif-multitool-linux ships a self-contained binary; it is installed
once with `npm install --prefix` into the cache (outside the repository), and made executable (the
tarball has it mode 0644). `Sarif.Multitool validate --rule-kind "Sarif;Gh"` checks the SARIF 2.1.0
schema and rules and GitHub code scanning's ingestion rules (GH1001...); it exits 0 even when it
finds errors, so its own SARIF output is read: a result of level "error", or any result of a
GitHub rule, is a failure. A missing npm is a failure, never a skip (make deps installs npm).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

from uaccess_check import cache_dir

PACKAGE = "@microsoft/sarif-multitool-linux"
VERSION = "5.7.0"


def npm_prefix() -> Path:
    return cache_dir() / "npm"


def validator() -> Path:
    """The Sarif.Multitool binary, installed on first use."""
    prefix = npm_prefix()
    binary = prefix / "node_modules" / PACKAGE / "Sarif.Multitool"
    stamp = prefix / f".installed-{VERSION}"
    if not (binary.is_file() and stamp.is_file()):
        npm = shutil.which("npm")
        assert npm, "npm is not installed (make deps installs it): the SARIF validator comes from npm"
        prefix.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run([npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund",
                               "--no-save", f"{PACKAGE}@{VERSION}"],
                              capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
        assert proc.returncode == 0 and binary.is_file(), f"npm install {PACKAGE} failed:\n{proc.stderr}"
        stamp.write_text(VERSION + "\n")
    if not os.access(binary, os.X_OK):
        binary.chmod(0o755)
    return binary


def validate_sarif(path: Path, out_dir: Path) -> list[str]:
    """The validator's complaints that matter: its error-level results and every result of a
    GitHub ingestion rule (GH...), as 'RULE level: text' lines; [] when the file is fine."""
    out = out_dir / (path.name + ".validation.sarif")
    if out.exists():
        out.unlink()
    env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1", DOTNET_CLI_TELEMETRY_OPTOUT="1")
    proc = subprocess.run([str(validator()), "validate", "--rule-kind", "Sarif;Gh", str(path), "-o", str(out)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, env=env, timeout=300)
    assert out.is_file(), f"the validator wrote no output (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    report = json.loads(out.read_text(encoding="utf-8-sig"))
    problems = []
    for run in report.get("runs", []):
        rules = {r.get("id"): r for r in run.get("tool", {}).get("driver", {}).get("rules", [])}
        for res in run.get("results", []):
            rule = res.get("ruleId", "")
            level = res.get("level") or rules.get(rule, {}).get("defaultConfiguration", {}).get("level", "warning")
            if level == "error" or rule.startswith("GH"):
                msg = res.get("message", {})
                text = msg.get("text") or f"{msg.get('id')} {msg.get('arguments')}"
                problems.append(f"{rule} {level}: {text}")
    return problems
