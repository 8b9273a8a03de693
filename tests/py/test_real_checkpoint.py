"""The pinned real checkpoint: plainly unavailable when absent, fails closed when unverified."""

import json
import os
import pathlib
import subprocess
import sys

from vlmxla_oracle import real_checkpoint


def _run(env_updates):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME")
    }
    env.update(env_updates)
    package_root = str(pathlib.Path(real_checkpoint.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [package_root, env.get("PYTHONPATH")])
    )
    return subprocess.run(
        [sys.executable, "-m", "vlmxla_oracle", "real-checkpoint", "--check"],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_absent_checkpoint_is_unavailable(tmp_path):
    result = _run({"HF_HUB_CACHE": str(tmp_path)})
    assert result.returncode == 3, result.stderr
    assert result.stdout.startswith(
        "unavailable: needs network (llava-hf/llava-interleave-qwen-0.5b-hf"
    )


def _fake_snapshot(root):
    pins = real_checkpoint.load_pins()
    snap = (
        root
        / ("models--" + pins["repo_id"].replace("/", "--"))
        / "snapshots"
        / pins["revision"]
    )
    snap.mkdir(parents=True)
    (snap / "config.json").write_text(json.dumps({"model_type": "llava"}))
    (snap / "model.safetensors").write_bytes(b"not the real weights")
    return snap


def test_present_but_wrong_bytes_fails_closed(tmp_path):
    _fake_snapshot(tmp_path)
    result = _run({"HF_HUB_CACHE": str(tmp_path)})
    assert result.returncode == 1
    assert "model.safetensors: sha256" in result.stderr
    assert "config.json: pin missing" in result.stderr


def test_pins_cover_the_consumed_files():
    pins = real_checkpoint.load_pins()
    assert pins["revision"] == "1090956dd1c79bc93ae98dcf395590369435ec91"
    sha = pins["files"]["model.safetensors"]["sha256"]
    assert len(sha) == 64 and int(sha, 16) >= 0
    for name in ("config.json", "tokenizer.json", "preprocessor_config.json"):
        assert name in pins["files"]
