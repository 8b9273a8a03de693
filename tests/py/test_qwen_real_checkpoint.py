"""The pinned real Qwen2-VL checkpoint (Qwen/Qwen2-VL-2B-Instruct): plainly unavailable when
absent, exactly as the LLaVA one; fails closed when present but unverified; every consumed file
pinned."""

import json
import os
import pathlib
import subprocess
import sys

from vlmxla_gate import gate
from vlmxla_oracle import real_checkpoint

REVISION = "895c3a49bc3fa70a340399125c650a463535e71c"


def _run(env_updates, *args):
    env = {k: v for k, v in os.environ.items()
           if k not in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME")}
    env.update(env_updates)
    package_root = str(pathlib.Path(real_checkpoint.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "vlmxla_oracle", "real-checkpoint", "--check",
                           *args], check=False, capture_output=True, text=True, env=env,
                          timeout=120)


def test_absent_checkpoint_is_unavailable(tmp_path):
    result = _run({"HF_HUB_CACHE": str(tmp_path)}, "--family", "qwen2_vl")
    assert result.returncode == 3, result.stderr
    assert result.stdout.startswith(
        f"unavailable: needs network (Qwen/Qwen2-VL-2B-Instruct @{REVISION} not in the local "
        f"Hugging Face cache)")
    # The default is still the LLaVA checkpoint, word for word as before.
    result = _run({"HF_HUB_CACHE": str(tmp_path)})
    assert result.returncode == 3
    assert result.stdout.startswith("unavailable: needs network (llava-hf/llava-interleave-qwen")


def test_present_but_wrong_bytes_fails_closed(tmp_path):
    pins = real_checkpoint.load_pins("qwen2_vl")
    snap = tmp_path / "models--Qwen--Qwen2-VL-2B-Instruct" / "snapshots" / pins["revision"]
    snap.mkdir(parents=True)
    (snap / "config.json").write_text(json.dumps({"model_type": "qwen2_vl"}))
    (snap / "model-00001-of-00002.safetensors").write_bytes(b"not the real weights")
    (snap / "extra.safetensors").write_bytes(b"")
    result = _run({"HF_HUB_CACHE": str(tmp_path)}, "--family", "qwen2_vl")
    assert result.returncode == 1
    assert "config.json: sha256" in result.stderr
    assert "model-00001-of-00002.safetensors: sha256" in result.stderr
    assert "model-00002-of-00002.safetensors: missing from the snapshot" in result.stderr
    assert "extra.safetensors: present but not pinned" in result.stderr


def test_pins_cover_the_consumed_files():
    assert set(real_checkpoint.families()) >= {"llava", "qwen2_vl"}
    pins = real_checkpoint.load_pins("qwen2_vl")
    assert pins["repo_id"] == "Qwen/Qwen2-VL-2B-Instruct" and pins["revision"] == REVISION
    files = pins["files"]
    for name in ("config.json", "generation_config.json", "preprocessor_config.json",
                 "chat_template.json", "tokenizer.json", "tokenizer_config.json", "vocab.json",
                 "merges.txt", "model.safetensors.index.json",
                 "model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors"):
        sha = files[name]["sha256"]
        assert len(sha) == 64 and int(sha, 16) >= 0, name
    assert set(pins["required"]) <= set(files)
    assert files["model-00001-of-00002.safetensors"]["size"] > 3 << 30
    assert real_checkpoint.load_pins()["repo_id"] == "llava-hf/llava-interleave-qwen-0.5b-hf"


def test_the_gate_reports_each_familys_checkpoint(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    qwen2 = gate.real_checkpoint_status("qwen2_vl")
    assert qwen2 == {"model": "Qwen/Qwen2-VL-2B-Instruct", "revision": REVISION,
                     "status": "unavailable", "detail": "unavailable: needs network"}
    assert gate.real_checkpoint_status("llava")["model"] == "llava-hf/llava-interleave-qwen-0.5b-hf"
    assert gate.real_checkpoint_status("qwen2_5_vl")["status"] == "not pinned"
