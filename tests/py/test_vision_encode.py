"""vision_encode (CLIP/SigLIP tower + feature select + projector) against the Transformers oracle.

For each fixture and case, the capture's pixel_values go through `vlmxla-testtool run-program --program
vision_encode --taps` (PJRT CPU); the results form a candidate capture compared stage by stage with
the oracle at the committed f32 tolerances.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file
from vlmxla_oracle import compare, testing

CASES = ("image_text", "two_images")


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(case_names=CASES)


def _vision_stages(manifest: dict) -> list[dict]:
    return [s for s in manifest["stages"]
            if s["name"].startswith("vision_hidden_states.")
            or s["name"] in ("selected_image_features", "image_features")]


def _run_vision_encode(vlmxla_testtool, model_dir, cap_dir, work):
    ref = load_file(str(cap_dir / "stages.safetensors"))
    inputs = work / "in.safetensors"
    out = work / "out.safetensors"
    save_file({"pixel_values": np.ascontiguousarray(ref["pixel_values"], np.float32)},
              str(inputs))
    proc = subprocess.run(
        [str(vlmxla_testtool), "run-program", "--model", str(model_dir), "--program", "vision_encode",
         "--inputs", str(inputs), "--output", str(out), "--taps"],
        capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    return load_file(str(out))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("fixture", ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"])
def test_vision_encode_matches_oracle(vlmxla_testtool, captures, tmp_path, fixture, case):
    cap_dir = captures[(fixture, case)]
    manifest = json.loads((cap_dir / "manifest.json").read_text(encoding="utf-8"))
    model_dir = manifest["model"]["path"]
    stages = _vision_stages(manifest)
    names = [s["name"] for s in stages]
    # The oracle records every hidden state, the selection and the projection.
    assert "image_features" in names and "selected_image_features" in names
    assert "vision_hidden_states.0" in names

    results = _run_vision_encode(vlmxla_testtool, model_dir, cap_dir, tmp_path)
    missing = [n for n in names if n not in results]
    assert not missing, f"run-program did not produce {missing} (got {sorted(results)})"

    cand = tmp_path / "candidate"
    cand.mkdir()
    tensors = {n: np.ascontiguousarray(results[n]) for n in names}
    save_file(tensors, str(cand / "stages.safetensors"))
    cand_manifest = {
        "schema": 1,
        "stages": [{"name": n, "kind": "float", "dtype": "f32",
                    "shape": list(tensors[n].shape)} for n in names],
    }
    (cand / "manifest.json").write_text(json.dumps(cand_manifest), encoding="utf-8")

    report = compare.compare(cap_dir, cand, stages=names)
    for row in report.rows:
        print(f"{fixture}/{case} {row.stage}: max_abs={row.max_abs} pass={row.passed} "
              f"{row.detail}")
    assert report.passed, f"first divergent stage: {report.first_divergence}"
    # Two images are encoded in one call: the batch dim must be the capture's image count.
    n_images = len(manifest["case"]["images"])
    assert results["image_features"].shape[0] == n_images


def test_vision_encode_taps_off_returns_only_features(vlmxla_testtool, captures, tmp_path):
    cap_dir = captures[("tiny-llava-clip-llama", "image_text")]
    manifest = json.loads((cap_dir / "manifest.json").read_text(encoding="utf-8"))
    ref = load_file(str(cap_dir / "stages.safetensors"))
    inputs = tmp_path / "in.safetensors"
    out = tmp_path / "out.safetensors"
    save_file({"pixel_values": np.ascontiguousarray(ref["pixel_values"], np.float32)},
              str(inputs))
    proc = subprocess.run(
        [str(vlmxla_testtool), "run-program", "--model", manifest["model"]["path"], "--program",
         "vision_encode", "--inputs", str(inputs), "--output", str(out)],
        capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    results = load_file(str(out))
    assert sorted(results) == ["image_features"]
    np.testing.assert_allclose(results["image_features"], ref["image_features"],
                               atol=1e-5, rtol=1e-4)


def _variant_checkpoint(src, dst, **config_changes):
    """A copy of fixture `src` with config.json changes; linear_1 is re-seeded to fit the
    selected feature width (several feature layers are concatenated)."""
    dst.mkdir()
    for f in src.iterdir():
        if f.name not in ("config.json", "model.safetensors"):
            shutil.copy(f, dst / f.name)
    config = json.loads((src / "config.json").read_text(encoding="utf-8"))
    config.update(config_changes)
    (dst / "config.json").write_text(json.dumps(config), encoding="utf-8")
    weights = load_file(str(src / "model.safetensors"))
    layers = config["vision_feature_layer"]
    width = config["vision_config"]["hidden_size"] * (len(layers) if isinstance(layers, list)
                                                      else 1)
    w1 = weights["multi_modal_projector.linear_1.weight"]
    rng = np.random.default_rng(7)
    weights["multi_modal_projector.linear_1.weight"] = (
        rng.standard_normal((w1.shape[0], width)).astype(np.float32) * 0.1)
    save_file(weights, str(dst / "model.safetensors"))


def test_vision_encode_several_layers_full_strategy(vlmxla_testtool, captures, tmp_path):
    """vision_feature_layer as a list (concatenated on the last axis) with the "full" strategy on
    CLIP (class token kept), checked against Transformers' get_image_features on the same weights."""
    import torch
    from transformers import LlavaForConditionalGeneration

    cap_dir = captures[("tiny-llava-clip-llama", "two_images")]
    manifest = json.loads((cap_dir / "manifest.json").read_text(encoding="utf-8"))
    model_dir = tmp_path / "model"
    _variant_checkpoint(pathlib.Path(manifest["model"]["path"]), model_dir,
                        vision_feature_layer=[0, -1, 1], vision_feature_select_strategy="full")
    results = _run_vision_encode(vlmxla_testtool, model_dir, cap_dir, tmp_path)

    pixels = load_file(str(cap_dir / "stages.safetensors"))["pixel_values"]
    model = LlavaForConditionalGeneration.from_pretrained(
        str(model_dir), dtype=torch.float32, attn_implementation="eager").eval()
    with torch.no_grad():
        out = model.model.get_image_features(pixel_values=torch.from_numpy(pixels.copy()))
    expected = torch.stack(list(out.pooler_output)).numpy()
    # 26 tokens (class token kept), three layers of width 32 concatenated before the projector.
    assert results["selected_image_features"].shape == (2, 26, 96)
    assert results["image_features"].shape == expected.shape == (2, 26, 64)
    np.testing.assert_allclose(results["image_features"], expected, atol=1e-5, rtol=1e-4)
    hs = out.hidden_states
    np.testing.assert_allclose(results["selected_image_features"][..., 32:64],
                               hs[-1].numpy(), atol=1e-5, rtol=1e-4)


def test_vision_encode_rejects_out_of_range_feature_layer(vlmxla_testtool, captures, tmp_path):
    cap_dir = captures[("tiny-llava-clip-llama", "image_text")]
    manifest = json.loads((cap_dir / "manifest.json").read_text(encoding="utf-8"))
    model_dir = tmp_path / "model"
    _variant_checkpoint(pathlib.Path(manifest["model"]["path"]), model_dir,
                        vision_feature_layer=4)  # the tower has 3 layers: 4 hidden states
    ref = load_file(str(cap_dir / "stages.safetensors"))
    save_file({"pixel_values": ref["pixel_values"]}, str(tmp_path / "in.safetensors"))
    proc = subprocess.run(
        [str(vlmxla_testtool), "run-program", "--model", str(model_dir), "--program", "vision_encode",
         "--inputs", str(tmp_path / "in.safetensors"), "--output", str(tmp_path / "o.safetensors")],
        capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 1, proc.stderr
    assert "vision_feature_layer 4" in proc.stderr and "4 hidden states" in proc.stderr


@pytest.mark.parametrize("fixture", ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"])
def test_vision_encode_module_parses_and_names_every_weight(vlmxla_testtool, captures, tmp_path,
                                                            fixture):
    """@main takes pixel_values plus exactly the checkpoint's vision + projector tensors (no
    post_layernorm: LLaVA reads hidden states before it), and IREE's parser accepts the module."""
    cap_dir = captures[(fixture, "image_text")]
    manifest = json.loads((cap_dir / "manifest.json").read_text(encoding="utf-8"))
    model_dir = pathlib.Path(manifest["model"]["path"])
    ref = load_file(str(cap_dir / "stages.safetensors"))
    save_file({"pixel_values": ref["pixel_values"]}, str(tmp_path / "in.safetensors"))
    mlir = tmp_path / "vision.mlir"
    proc = subprocess.run(
        [str(vlmxla_testtool), "run-program", "--model", str(model_dir), "--program", "vision_encode",
         "--inputs", str(tmp_path / "in.safetensors"), "--output", str(tmp_path / "o.safetensors"),
         "--emit", str(mlir)],
        capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    text = mlir.read_text(encoding="utf-8")
    assert "func.func public @main(" in text
    start = text.index("@main(")
    signature = text[start:text.index("{", start)]
    weights = [k for k in load_file(str(model_dir / "model.safetensors"))
               if k.startswith(("vision_tower.", "multi_modal_projector."))
               and not k.startswith("vision_tower.post_layernorm.")]
    assert signature.count("%") == len(weights) + 1
    assert "%pixel_values: tensor<1x3x" in signature
    iree_opt = pathlib.Path(sys.executable).with_name("iree-opt")  # iree-base-compiler
    assert iree_opt.exists(), f"{iree_opt} missing: the venv lacks iree-base-compiler"
    parsed = subprocess.run([str(iree_opt), str(mlir)], capture_output=True, text=True,
                            timeout=120, check=False)
    assert parsed.returncode == 0, parsed.stderr[:2000]
    assert "stablehlo.convolution" in parsed.stdout
