"""Shared pytest fixtures: the vlmxla binary and the cache directory."""

import json
import os
import pathlib
from types import SimpleNamespace

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


def _reused_gate_report(vlmxla_bin, name: str, models):
    """The gate step that scripts/test.sh ran before pytest with this binary
    (VLMXLA_GATE_<NAME>_REPORT / _LOG: its report and stdout; the step exits the script on
    failure, so a report it leaves behind passed), as (proc, report) with its cases and surfaces
    of `models` only. None when there is none, it is older than the binary, or it holds no case of
    `models`: the test then runs the gate itself."""
    report_path = os.environ.get(f"VLMXLA_GATE_{name}_REPORT")
    log_path = os.environ.get(f"VLMXLA_GATE_{name}_LOG")
    if not report_path or not log_path:
        return None
    report_file, log_file = pathlib.Path(report_path), pathlib.Path(log_path)
    if not (report_file.exists() and log_file.exists()):
        return None
    if report_file.stat().st_mtime < pathlib.Path(vlmxla_bin).stat().st_mtime:
        return None
    report = json.loads(report_file.read_text())
    report["cases"] = [c for c in report["cases"] if c["model"] in models]
    if "surfaces" in report:
        report["surfaces"] = [s for s in report["surfaces"] if s["model"] in models]
    if not report["cases"]:
        return None
    proc = SimpleNamespace(returncode=0 if report["pass"] else 1, stdout=log_file.read_text(),
                           stderr="")
    return proc, report


@pytest.fixture(scope="session")
def reused_gate(vlmxla_bin):
    """reused_gate(NAME, models): _reused_gate_report for this binary (read when called)."""
    return lambda name, models: _reused_gate_report(vlmxla_bin, name, models)
