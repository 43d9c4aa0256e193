"""Shared fixtures: the repository's `abyss` binary, to compare Python with the CLI."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def abyss_bin() -> str:
    """The CLI built from this checkout (`cargo build --release`), or $ABYSS_BIN."""
    path = os.environ.get("ABYSS_BIN") or str(ROOT / "target" / "release" / "abyss")
    if not os.access(path, os.X_OK):
        pytest.fail(f"{path}: no abyss binary; run `cargo build --release` first (or set ABYSS_BIN)")
    return path


@pytest.fixture(scope="session")
def cli(abyss_bin):
    """Run the CLI; returns (exit code, stdout, stderr)."""

    def run(*args, check=True):
        p = subprocess.run([abyss_bin, *args], capture_output=True, text=True)
        if check and p.returncode != 0:
            raise AssertionError(f"abyss {' '.join(args)} exited {p.returncode}: {p.stderr}")
        return p.returncode, p.stdout, p.stderr

    return run
