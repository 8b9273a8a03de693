"""Find a pinned real checkpoint in the local Hugging Face cache and verify its pinned sha256s.

real_checkpoint.json pins one checkpoint per gate family: "llava"
(llava-hf/llava-interleave-qwen-0.5b-hf, the default), "qwen2_vl" (Qwen/Qwen2-VL-2B-Instruct),
"llava_onevision", "gemma3" (google/gemma-3-4b-it) and "qwen3_vl" (Qwen/Qwen3-VL-2B-Instruct);
`--family F` picks one.

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
DEFAULT_FAMILY = "llava"
# Files a snapshot must have when its pin names none.
DEFAULT_REQUIRED = ("config.json", "model.safetensors")


def families() -> tuple[str, ...]:
    """The families real_checkpoint.json pins a checkpoint for."""
    data = json.loads(PIN_FILE.read_text(encoding="utf-8"))
    return tuple(k for k in data if not k.startswith("_"))


def load_pins(family: str = DEFAULT_FAMILY) -> dict:
    """The pin of one family: repo_id, revision, required files, files {name: {sha256}}."""
    data = json.loads(PIN_FILE.read_text(encoding="utf-8"))
    if family not in data or family.startswith("_"):
        raise KeyError(f"no real checkpoint pinned for {family!r}; pinned: {', '.join(families())}")
    return data[family]


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
            if name in pins.get("required", DEFAULT_REQUIRED):
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
    parser.add_argument("--family", default=DEFAULT_FAMILY, choices=families(),
                        help=f"which pinned checkpoint (default {DEFAULT_FAMILY})")
    args = parser.parse_args(argv)
    os.environ["HF_HUB_OFFLINE"] = "1"  # never touch the network
    pins = load_pins(args.family)
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
