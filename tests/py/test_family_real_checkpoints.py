"""The pinned real Qwen3-VL and Gemma 3 checkpoints (Qwen/Qwen3-VL-2B-Instruct,
google/gemma-3-4b-it): each reports "unavailable: needs network" plainly and at once when its
snapshot is not in the local Hugging Face cache, and fails closed when a snapshot is present (no
file hash of either could be pinned offline)."""

import json
import os
import pathlib
import subprocess
import sys

import pytest
from vlmxla_gate import gate
from vlmxla_oracle import real_checkpoint

PINS = {"qwen3_vl": ("Qwen/Qwen3-VL-2B-Instruct", "89644892e4d85e24eaac8bacfd4f463576704203"),
        "gemma3": ("google/gemma-3-4b-it", "093f9f388b31de276ce2de164bdc2081324b9767")}


def _run(cache: pathlib.Path, family: str):
    env = {k: v for k, v in os.environ.items()
           if k not in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME", "HF_HUB_OFFLINE")}
    env["HF_HUB_CACHE"] = str(cache)
    package_root = str(pathlib.Path(real_checkpoint.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    # A short timeout: the lookup is local only, so it answers at once or it is broken.
    return subprocess.run([sys.executable, "-m", "vlmxla_oracle", "real-checkpoint", "--check",
                           "--family", family], check=False, capture_output=True, text=True,
                          env=env, timeout=60)


@pytest.mark.parametrize("family", sorted(PINS))
def test_absent_checkpoint_is_unavailable_needs_network(tmp_path, family, monkeypatch):
    repo, revision = PINS[family]
    result = _run(tmp_path, family)
    assert result.returncode == real_checkpoint.EXIT_UNAVAILABLE, result.stderr
    assert result.stdout.startswith(
        f"unavailable: needs network ({repo} @{revision} not in the local Hugging Face cache)")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    assert gate.real_checkpoint_status(family) == {
        "model": repo, "revision": revision, "status": "unavailable",
        "detail": "unavailable: needs network"}


@pytest.mark.parametrize("family", sorted(PINS))
def test_a_present_snapshot_fails_closed_without_pinned_hashes(tmp_path, family):
    repo, revision = PINS[family]
    pins = real_checkpoint.load_pins(family)
    assert (pins["repo_id"], pins["revision"]) == (repo, revision)
    snap = tmp_path / ("models--" + repo.replace("/", "--")) / "snapshots" / revision
    snap.mkdir(parents=True)
    (snap / "config.json").write_text(json.dumps({"model_type": family}))
    result = _run(tmp_path, family)
    assert result.returncode == real_checkpoint.EXIT_MISMATCH
    assert "config.json: pin missing" in result.stderr
    for name in pins["required"]:
        if name != "config.json":
            assert f"{name}: missing from the snapshot" in result.stderr


def test_qwen3_vl_pin_names_every_file_it_consumes():
    files = real_checkpoint.load_pins("qwen3_vl")["files"]
    for name in ("config.json", "model.safetensors", "preprocessor_config.json",
                 "chat_template.json", "tokenizer.json", "tokenizer_config.json",
                 "generation_config.json"):
        assert name in files, name
        # Unknown offline: null, with the reason, never a made-up hash.
        assert files[name]["sha256"] is None and files[name]["source"], name
