"""Shared pytest fixtures: the vlmxla binary and the cache directory."""

import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def repo_dir() -> pathlib.Path:
    return REPO


@pytest.fixture(scope="session")
def vlmxla_bin() -> pathlib.Path:
    """The CLI under test: $VLMXLA_BIN, else build/vlmxla (scripts/test.sh builds it first)."""
    path = pathlib.Path(os.environ.get("VLMXLA_BIN", REPO / "build" / "vlmxla"))
    if not path.exists():
        pytest.fail(f"vlmxla binary not found at {path}: run scripts/setup.sh (or set VLMXLA_BIN)")
    return path


@pytest.fixture(scope="session")
def vlmxla_testtool(vlmxla_bin) -> pathlib.Path:
    """The test tooling (emit-demo, run-program, and every product command with the gate's
    planted faults), kept out of the product binary: $VLMXLA_TESTTOOL, else vlmxla-testtool
    beside the CLI under test."""
    path = pathlib.Path(os.environ.get("VLMXLA_TESTTOOL", vlmxla_bin.parent / "vlmxla-testtool"))
    if not path.exists():
        pytest.fail(f"vlmxla-testtool not found at {path}: build it beside {vlmxla_bin} "
                    "(or set VLMXLA_TESTTOOL)")
    return path
