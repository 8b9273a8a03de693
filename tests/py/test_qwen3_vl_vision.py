"""Qwen3-VL's vision program alone against Transformers: the emitted vision_encode (`vlmxla-testtool
run-program`, PJRT CPU) fed the oracle's own pixel values and position-table taps on
tiny-qwen3-vl, with the rotary positions and attention segments written out here from each
image's grid (merge-block order). The resampled position table, every block's hidden states, the
merger's image features and both DeepStack mergers' features must match the oracle within the
measured qwen3_vl/f32 bounds; the program's stacked deepstack_features (what prefill takes) must
hold the same rows as its per-merger taps."""

import json

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file
from vlmxla_oracle import compare, families, testing

NAME = "tiny-qwen3-vl"
CASES = [c for c in families.qwen3_vl.GENERATING_CASE_NAMES if c != "no_image"]
STAGES = ["vision_pos_embeds", "vision_hidden_states.*", "image_features", "deepstack_features.*"]


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(case_names=CASES, fixture_names=(NAME,))


def _layout(grids: np.ndarray, merge: int) -> tuple[np.ndarray, np.ndarray]:
    """Each patch's (row, col) in its frame and its frame's segment, in merge-block order."""
    hw, segment = [], []
    frame = 0
    for t, h, w in grids.astype(int):
        for _ in range(t):
            for br in range(h // merge):
                for bc in range(w // merge):
                    for ir in range(merge):
                        for ic in range(merge):
                            hw.append((br * merge + ir, bc * merge + ic))
                            segment.append(frame)
            frame += 1
    return np.array(hw, np.int32), np.array(segment, np.int32)


def _run(vlmxla_testtool, model_dir, inputs: dict, work):
    import subprocess

    work.mkdir(parents=True, exist_ok=True)
    save_file(inputs, str(work / "inputs.safetensors"))
    proc = subprocess.run(
        [str(vlmxla_testtool), "run-program", "--model", str(model_dir), "--program",
         "vision_encode", "--inputs", str(work / "inputs.safetensors"), "--output",
         str(work / "out.safetensors"), "--taps"],
        check=False, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return load_file(str(work / "out.safetensors"))


@pytest.mark.parametrize("case", CASES)
def test_vision_matches_oracle(vlmxla_testtool, captures, case, tmp_path):
    ref_dir = captures[(NAME, case)]
    model_dir = testing.ensure_fixtures((NAME,))[NAME]
    config = json.loads((model_dir / "config.json").read_text())
    ref = load_file(str(ref_dir / "stages.safetensors"))
    rotary_hw, segment = _layout(ref["image_grid_thw"],
                                 config["vision_config"]["spatial_merge_size"])
    inputs = {"pixel_values": ref["pixel_values"].astype(np.float32),
              "rotary_hw": rotary_hw, "full_segment": segment,
              "interp_indices": ref["vision_interp_indices"].astype(np.int32),
              "interp_weights": ref["vision_interp_weights"].astype(np.float32)}
    results = _run(vlmxla_testtool, model_dir, inputs, tmp_path)

    manifest = json.loads((ref_dir / "manifest.json").read_text())
    shapes = {s["name"]: s["shape"] for s in manifest["stages"] if "shape" in s}
    tensors = {k: np.ascontiguousarray(v.reshape(shapes[k])) for k, v in results.items()
               if k in shapes}
    cand = tmp_path / "candidate"
    cand.mkdir()
    save_file(tensors, str(cand / "stages.safetensors"))
    (cand / "manifest.json").write_text(json.dumps({"schema": 1, "stages": [
        {"name": k, "kind": "float", "dtype": "f32", "shape": list(v.shape)}
        for k, v in tensors.items()]}))
    report = compare.compare(ref_dir, cand, stages=STAGES)
    assert report.passed, compare.format_table(report)
    depth = config["vision_config"]["depth"]
    layers = len(config["vision_config"]["deepstack_visual_indexes"])
    assert len(report.rows) == 1 + (depth + 1) + 1 + layers
    stacked = results["deepstack_features"].reshape(layers, *shapes["image_features"])
    for k in range(layers):
        np.testing.assert_array_equal(stacked[k], tensors[f"deepstack_features.{k}"])
