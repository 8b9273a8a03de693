"""Qwen3-VL's decoder alone against Transformers: the emitted prefill program (`vlmxla-testtool
run-program`, PJRT CPU) fed the oracle's own ids, image features, DeepStack features and
get_rope_index positions on tiny-qwen3-vl. Its logits and every layer's K/V must match the
oracle within the measured qwen3_vl/f32 bounds: the Qwen3 decoder under model.language_model.*,
QK-norm, the interleaved M-RoPE and the DeepStack additions after layers 0 and 1. With the
DeepStack features zeroed the layers after the first injection no longer match, so the check
sees the injection."""

import json

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file
from vlmxla_oracle import compare, families, testing

NAME = "tiny-qwen3-vl"
STAGES = ["inputs_embeds", "prefill_logits", "past_key_values.*"]


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(case_names=families.qwen3_vl.GENERATING_CASE_NAMES,
                                   fixture_names=(NAME,))


def _inputs(ref: dict, config: dict) -> dict:
    ids = ref["input_ids"].astype(np.int64).reshape(-1)
    is_image = ids == config["image_token_id"]
    feature_index = np.where(is_image, np.cumsum(is_image) - 1, 0).astype(np.int64)
    hidden = config["text_config"]["hidden_size"]
    layers = len(config["vision_config"]["deepstack_visual_indexes"])
    if "image_features" in ref:
        features = ref["image_features"].astype(np.float32)
        deepstack = np.stack([ref[f"deepstack_features.{k}"].astype(np.float32)
                              for k in range(layers)])
    else:
        features = np.zeros((1, hidden), np.float32)
        deepstack = np.zeros((layers, 1, hidden), np.float32)
    return {"input_ids": ids, "feature_index": feature_index, "image_features": features,
            "deepstack_features": np.ascontiguousarray(deepstack),
            "rope_positions": ref["position_ids"].astype(np.int64),
            "length": np.array(ids.size, np.int32)}


def _run(vlmxla_testtool, model_dir, inputs: dict, work):
    import subprocess

    work.mkdir(parents=True, exist_ok=True)
    save_file(inputs, str(work / "inputs.safetensors"))
    proc = subprocess.run(
        [str(vlmxla_testtool), "run-program", "--model", str(model_dir), "--program", "prefill",
         "--inputs", str(work / "inputs.safetensors"), "--output", str(work / "out.safetensors"),
         "--taps"], check=False, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return load_file(str(work / "out.safetensors"))


def _compare(ref_dir, results: dict, work):
    manifest = json.loads((ref_dir / "manifest.json").read_text())
    shapes = {s["name"]: s["shape"] for s in manifest["stages"] if "shape" in s}
    tensors = {k: np.ascontiguousarray(v.reshape(shapes[k])) for k, v in results.items()
               if k in shapes}
    cand = work / "candidate"
    cand.mkdir(parents=True, exist_ok=True)
    save_file(tensors, str(cand / "stages.safetensors"))
    (cand / "manifest.json").write_text(json.dumps({"schema": 1, "stages": [
        {"name": k, "kind": "float", "dtype": "f32", "shape": list(v.shape)}
        for k, v in tensors.items()]}))
    return compare.compare(ref_dir, cand, stages=STAGES)


@pytest.mark.parametrize("case", families.qwen3_vl.GENERATING_CASE_NAMES)
def test_prefill_matches_oracle(vlmxla_testtool, captures, case, tmp_path):
    ref_dir = captures[(NAME, case)]
    model_dir = testing.ensure_fixtures((NAME,))[NAME]
    config = json.loads((model_dir / "config.json").read_text())
    ref = load_file(str(ref_dir / "stages.safetensors"))
    results = _run(vlmxla_testtool, model_dir, _inputs(ref, config), tmp_path)
    report = _compare(ref_dir, results, tmp_path)
    assert report.passed, compare.format_table(report)
    layers = config["text_config"]["num_hidden_layers"]
    assert len(report.rows) == 2 + 2 * layers
    assert int(np.argmax(results["prefill_logits"])) == int(ref["greedy_tokens"][0])


def test_deepstack_features_are_added_after_their_layers(vlmxla_testtool, captures, tmp_path):
    ref_dir = captures[(NAME, "two_sizes")]
    model_dir = testing.ensure_fixtures((NAME,))[NAME]
    config = json.loads((model_dir / "config.json").read_text())
    ref = load_file(str(ref_dir / "stages.safetensors"))
    inputs = _inputs(ref, config)
    inputs["deepstack_features"] = np.zeros_like(inputs["deepstack_features"])
    report = _compare(ref_dir, _run(vlmxla_testtool, model_dir, inputs, tmp_path), tmp_path)
    passed = {row.stage: row.passed for row in report.rows}
    # Layer 0 reads the merged embeddings only; layer 1 reads what layer 0's injection changed.
    assert passed["inputs_embeds"] and passed["past_key_values.0.key"]
    assert not passed["past_key_values.1.key"] and not passed["prefill_logits"]
