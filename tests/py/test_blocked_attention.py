"""Attention in blocks of query rows (hlo::BlockedAttention) on the LLaVA programs.

The engine computes a program's attention in blocks of query rows once its scores would pass
ProgramCommonOptions::attention_block_scores, so that one block's float32 scores are live at a time
instead of the whole [queries, keys] matrix. Here the tiny fixtures' vision tower and prefill are
run with a budget small enough to split them into many blocks (the SigLIP tower's 16 patches and
the prefill's prompt into blocks of one or a few rows, the causal mask sliced per block), against
the same programs unblocked and against the oracle's capture: every result stays the unblocked one
to float32 GEMM order, and the emitted module really has the blocks.
"""

import json
import subprocess

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file
from vlmxla_oracle import compare, paths, testing

TOLERANCES = compare.load_tolerances()
FIXTURES = ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"]


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(case_names=("image_text",))


def _run(testtool, model_dir, program, inputs: dict, work, budget: int) -> tuple[dict, str]:
    work.mkdir(parents=True)
    save_file(inputs, str(work / "in.safetensors"))
    proc = subprocess.run(
        [str(testtool), "run-program", "--model", str(model_dir), "--program", program,
         "--inputs", str(work / "in.safetensors"), "--output", str(work / "out.safetensors"),
         "--taps", "--attention-block-scores", str(budget), "--emit", str(work / "module.mlir")],
        check=False, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return load_file(str(work / "out.safetensors")), (work / "module.mlir").read_text()


def _check(whole: dict, blocked: dict, ref: dict, label: str) -> None:
    assert set(blocked) == set(whole)
    against_oracle = 0
    for name, value in whole.items():
        # A block given another block's mask rows, or its rows put back in the wrong place, would
        # be off by far more than float32 summation order.
        np.testing.assert_allclose(blocked[name], value, atol=1e-5, rtol=1e-5,
                                   err_msg=f"{label}: {name}")
        if name in ref and ref[name].size == value.size:
            tol, why = compare.lookup_tolerance(TOLERANCES, "f32", "f32", name)
            assert tol is not None, why
            np.testing.assert_allclose(blocked[name], ref[name].reshape(value.shape), atol=tol[0],
                                       rtol=tol[1], err_msg=f"{label}: {name} against the oracle")
            against_oracle += 1
    assert against_oracle >= 2, f"{label}: no result matched a captured stage ({sorted(whole)})"


@pytest.mark.parametrize("fixture", FIXTURES)
def test_vision_encode_in_query_blocks(vlmxla_testtool, captures, fixture, tmp_path):
    cap = captures[(fixture, "image_text")]
    ref = load_file(str(cap / "stages.safetensors"))
    model_dir = json.loads((cap / "manifest.json").read_text())["model"]["path"]
    config = json.loads((paths.cache_dir() / "fixtures" / fixture / "config.json").read_text())
    vc = config["vision_config"]
    inputs = {"pixel_values": np.ascontiguousarray(ref["pixel_values"], np.float32)}
    whole, whole_text = _run(vlmxla_testtool, model_dir, "vision_encode", inputs,
                             tmp_path / "whole", 0)
    # One query row's scores are heads x positions; a budget of two rows' worth.
    positions = (vc["image_size"] // vc["patch_size"]) ** 2 + ("clip" in vc["model_type"])
    row = vc["num_attention_heads"] * positions
    blocked, blocked_text = _run(vlmxla_testtool, model_dir, "vision_encode", inputs,
                                 tmp_path / "blocked", 2 * row)
    blocks = min(16, -(-positions // 2))
    extra = blocked_text.count("stablehlo.dot_general") - whole_text.count("stablehlo.dot_general")
    assert extra == 2 * (blocks - 1) * vc["num_hidden_layers"], (extra, blocks)
    _check(whole, blocked, ref, f"{fixture} vision_encode")


@pytest.mark.parametrize("fixture", FIXTURES)
def test_prefill_in_query_blocks(vlmxla_testtool, captures, fixture, tmp_path):
    cap = captures[(fixture, "image_text")]
    ref = load_file(str(cap / "stages.safetensors"))
    model_dir = paths.cache_dir() / "fixtures" / fixture
    config = json.loads((model_dir / "config.json").read_text())
    tc = config["text_config"]
    ids = ref["input_ids"].astype(np.int64).reshape(-1)
    is_image = ids == config["image_token_index"]
    inputs = {"input_ids": ids,
              "feature_index": np.where(is_image, np.cumsum(is_image) - 1, 0).astype(np.int64),
              "image_features": ref["image_features"].astype(np.float32).reshape(
                  -1, tc["hidden_size"]),
              "length": np.array(ids.size, np.int32)}
    whole, whole_text = _run(vlmxla_testtool, model_dir, "prefill", inputs, tmp_path / "whole", 0)
    row = tc["num_attention_heads"] * ids.size  # [kv, rep, L, L] scores: heads x L per row
    blocked, blocked_text = _run(vlmxla_testtool, model_dir, "prefill", inputs,
                                 tmp_path / "blocked", 3 * row)
    blocks = min(16, -(-ids.size // 3))
    extra = blocked_text.count("stablehlo.dot_general") - whole_text.count("stablehlo.dot_general")
    assert extra == 2 * (blocks - 1) * tc["num_hidden_layers"], (extra, blocks)
    assert int(np.argmax(blocked["prefill_logits"])) == int(ref["greedy_tokens"].reshape(-1)[0])
    _check(whole, blocked, ref, f"{fixture} prefill")
