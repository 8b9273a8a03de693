"""Find the pinned real checkpoint in the local Hugging Face cache and verify its pinned sha256s.

Exit codes: 0 = present and every consumed file verified, 3 = unavailable (not in the local cache;
fetching it needs network, which this never uses), 1 = present but a pin is missing or mismatched.
"""

from __future__ import annotations

import json
import os
import pathlib
import sys

from .capture import sha256_file

PIN_FILE = pathlib.Path(__file__).resolve().parent / "real_checkpoint.json"
EXIT_OK, EXIT_MISMATCH, EXIT_UNAVAILABLE = 0, 1, 3


def load_pins() -> dict:
    return json.loads(PIN_FILE.read_text(encoding="utf-8"))


def hub_cache_dirs() -> list[pathlib.Path]:
    """Where huggingface_hub keeps snapshots, in its own precedence order."""
    dirs = []
    if os.environ.get("HF_HUB_CACHE"):
        dirs.append(pathlib.Path(os.environ["HF_HUB_CACHE"]))
    elif os.environ.get("HUGGINGFACE_HUB_CACHE"):
        dirs.append(pathlib.Path(os.environ["HUGGINGFACE_HUB_CACHE"]))
    elif os.environ.get("HF_HOME"):
        dirs.append(pathlib.Path(os.environ["HF_HOME"]) / "hub")
    else:
        dirs.append(pathlib.Path.home() / ".cache" / "huggingface" / "hub")
    return dirs


def find_snapshot(pins: dict | None = None) -> pathlib.Path | None:
    pins = pins or load_pins()
    folder = "models--" + pins["repo_id"].replace("/", "--")
    for root in hub_cache_dirs():
        snap = root / folder / "snapshots" / pins["revision"]
        if (snap / "config.json").exists():
            return snap
    return None


def verify(snapshot: pathlib.Path, pins: dict | None = None) -> list[str]:
    """Problems found (empty = verified). A file present with no pin fails closed."""
    pins = pins or load_pins()
    problems = []
    for name, pin in sorted(pins["files"].items()):
        path = snapshot / name
        if not path.exists():
            if name == "model.safetensors" or name == "config.json":
                problems.append(f"{name}: missing from the snapshot")
            continue
        if pin.get("sha256") is None:
            problems.append(
                f"{name}: pin missing (no sha256 recorded in {PIN_FILE.name})"
            )
            continue
        actual = sha256_file(path)
        if actual != pin["sha256"]:
            problems.append(f"{name}: sha256 {actual} != pinned {pin['sha256']}")
    for path in sorted(snapshot.iterdir()):
        if (
            path.is_file()
            and path.name not in pins["files"]
            and path.suffix in (".json", ".safetensors", ".jinja")
        ):
            problems.append(f"{path.name}: present but not pinned")
    return problems


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m vlmxla_oracle real-checkpoint")
    parser.add_argument(
        "--check",
        action="store_true",
        help="verify pins (default: also print the path)",
    )
    parser.parse_args(argv)
    os.environ["HF_HUB_OFFLINE"] = "1"  # never touch the network
    pins = load_pins()
    snapshot = find_snapshot(pins)
    if snapshot is None:
        print(
            f"unavailable: needs network ({pins['repo_id']} @{pins['revision']} not in the local "
            f"Hugging Face cache)"
        )
        return EXIT_UNAVAILABLE
    problems = verify(snapshot, pins)
    if problems:
        print(f"present at {snapshot} but not verified:", file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return EXIT_MISMATCH
    print(snapshot)
    return EXIT_OK
