"""vlmxla's Qwen2-VL image processor and vision layout against Transformers (bit-exact).

`vlmxla preprocess-image` on non-square images of several sizes and modes (RGB PNG/JPEG, RGBA,
L, palette with and without transparency, 1x1, strips up to the 200:1 aspect limit) under several
preprocessor configs (defaults, v5 `size`, older min/max_pixels, down- and up-scaling) must give
Qwen2VLImageProcessorPil's pixel_values and image_grid_thw exactly. With --model-config it also
writes the vision program's layout, compared with Transformers' own vision_utils
(get_vision_position_ids, get_vision_cu_seqlens, get_vision_window_index) for Qwen2-VL and
Qwen2.5-VL.
"""

from __future__ import annotations

import json
import pathlib
import subprocess

import numpy as np
import pytest
import torch
from PIL import Image
from safetensors.numpy import load_file
from transformers import Qwen2VLImageProcessorPil
from transformers.image_utils import load_image
from transformers.vision_utils import (
    get_vision_cu_seqlens,
    get_vision_position_ids,
    get_vision_window_index,
)
from vlmxla_oracle.images import _texture


def _images(d: pathlib.Path) -> list[pathlib.Path]:
    out = []

    def save(name, im, **kw):
        p = d / name
        im.save(p, **kw)
        out.append(p)

    rgb = Image.fromarray(_texture(317, 229, 1, 0.21))
    save("rgb.png", rgb)
    save("rgb.jpg", rgb, quality=90)
    rgba = Image.fromarray(np.dstack([_texture(45, 77, 2, 0.3), _texture(45, 77, 3, 0.1)[..., 0]]))
    save("rgba.png", rgba)
    save("l.png", Image.fromarray(_texture(123, 61, 4, 0.4)).convert("L"))
    small = Image.fromarray(_texture(97, 41, 5, 0.5))
    save("p.png", small.convert("P", palette=Image.Palette.ADAPTIVE, colors=37))
    save("p_trns.png", small.convert("P", palette=Image.Palette.ADAPTIVE, colors=16),
         transparency=3)
    save("tiny.png", Image.fromarray(_texture(2, 2, 6, 0.2)))
    # 70 / 28 = 2.5 and 98 / 28 = 3.5: Python's round goes to even (2 and 4).
    save("ties.png", Image.fromarray(_texture(70, 98, 12, 0.2)))
    save("odd.png", Image.fromarray(_texture(333, 221, 7, 0.15)))
    save("big.png", Image.fromarray(_texture(1000, 700, 8, 0.05)))
    save("strip.png", Image.fromarray(_texture(1000, 7, 9, 0.3)))  # 142:1
    save("limit.png", Image.fromarray(_texture(5, 1000, 10, 0.3)))  # exactly 200:1
    return out


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> list[pathlib.Path]:
    return _images(tmp_path_factory.mktemp("qwen_images"))


def _run(vlmxla_bin, config: dict, paths, tmp: pathlib.Path, *extra: str):
    cfg = tmp / "preprocessor_config.json"
    cfg.write_text(json.dumps(config))
    out = tmp / "out.safetensors"
    cmd = [str(vlmxla_bin), "preprocess-image", "--config", str(cfg), "--output", str(out)]
    for p in paths:
        cmd += ["--image", str(p)]
    r = subprocess.run(cmd + list(extra), check=False, capture_output=True, text=True, timeout=60)
    return r, (load_file(str(out)) if r.returncode == 0 else None)


def _reference(config: dict, paths) -> dict:
    processor = Qwen2VLImageProcessorPil.from_dict(dict(config))
    return processor([load_image(str(p)) for p in paths], return_tensors="np")


QWEN = {"image_processor_type": "Qwen2VLImageProcessor"}
CONFIGS = {
    # The class defaults: min 56*56, max 28*28*1280.
    "defaults": QWEN,
    # Qwen/Qwen2-VL-2B-Instruct's file: older top-level min/max_pixels.
    "published": {**QWEN, "min_pixels": 3136, "max_pixels": 12845056, "patch_size": 14,
                  "temporal_patch_size": 2, "merge_size": 2,
                  "image_mean": [0.48145466, 0.4578275, 0.40821073],
                  "image_std": [0.26862954, 0.26130258, 0.27577711],
                  "processor_class": "Qwen2VLProcessor"},
    # v5's names, a small max_pixels: most images scale down (and the strips hit the factor floor).
    "small_max": {**QWEN, "size": {"shortest_edge": 784, "longest_edge": 28 * 28 * 64}},
    # A large min_pixels: every image scales up.
    "large_min": {**QWEN, "size": {"shortest_edge": 28 * 28 * 120, "longest_edge": 28 * 28 * 2000}},
    # Other geometry and normalisation: patch 16, merge 1, three frames, bilinear, mean/std 0.5.
    "other_geometry": {**QWEN, "patch_size": 16, "merge_size": 1, "temporal_patch_size": 3,
                       "resample": 2, "image_mean": 0.5, "image_std": 0.5,
                       "size": {"shortest_edge": 1024, "longest_edge": 200000}},
}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_pixel_values_and_grid_match_transformers(vlmxla_bin, images, tmp_path, name):
    config = CONFIGS[name]
    r, got = _run(vlmxla_bin, config, images, tmp_path)
    assert r.returncode == 0, r.stderr
    ref = _reference(config, images)
    assert np.array_equal(got["image_grid_thw"], ref["image_grid_thw"]), (
        got["image_grid_thw"].tolist(), ref["image_grid_thw"].tolist())
    assert got["pixel_values"].dtype == np.float32
    assert got["pixel_values"].shape == ref["pixel_values"].shape
    diff = np.abs(got["pixel_values"] - ref["pixel_values"])
    print(f"{name}: {len(images)} images, {ref['pixel_values'].shape[0]} patches, "
          f"grids {ref['image_grid_thw'][:, 1:].tolist()}, max |diff| = {float(diff.max())}")
    assert np.array_equal(got["pixel_values"], ref["pixel_values"])


def test_aspect_ratio_beyond_200_is_refused_like_transformers(vlmxla_bin, tmp_path):
    p = tmp_path / "too_wide.png"
    Image.fromarray(_texture(1001, 5, 11, 0.3)).save(p)
    with pytest.raises(ValueError, match="aspect ratio"):
        _reference(QWEN, [p])
    r, _ = _run(vlmxla_bin, QWEN, [p], tmp_path)
    assert r.returncode == 1, r.stderr
    assert "1001x5" in r.stderr and "aspect ratio" in r.stderr and "200" in r.stderr, r.stderr
    assert "image_aspect_ratio_unsupported" in r.stderr, r.stderr


def _model_config(tmp: pathlib.Path, family: str) -> pathlib.Path:
    vision = {"depth": 1, "num_heads": 2, "patch_size": 14, "spatial_merge_size": 2,
              "temporal_patch_size": 2}
    if family == "qwen2_vl":
        vision |= {"embed_dim": 16, "hidden_size": 32}
    else:
        vision |= {"hidden_size": 16, "intermediate_size": 32, "out_hidden_size": 32,
                   "window_size": 112, "fullatt_block_indexes": [0]}
    text = {"hidden_size": 32, "num_attention_heads": 2, "num_key_value_heads": 1,
            "intermediate_size": 64, "num_hidden_layers": 1, "vocab_size": 100,
            "rope_parameters": {"rope_type": "default", "mrope_section": [2, 3, 3]}}
    p = tmp / f"{family}.json"
    p.write_text(json.dumps({"model_type": family, "text_config": text, "vision_config": vision}))
    return p


def _segments(cu: torch.Tensor, rows: int) -> np.ndarray:
    """Row -> index of the cu_seqlens segment holding it."""
    cu = cu.numpy()
    return np.searchsorted(cu, np.arange(rows), side="right") - 1


@pytest.mark.parametrize("family", ["qwen2_vl", "qwen2_5_vl"])
def test_vision_layout_matches_transformers(vlmxla_bin, images, tmp_path, family):
    # Grids of several shapes: partial windows on both axes, windows that fit exactly, one token.
    config = CONFIGS["small_max"]
    bucket = 4096
    r, got = _run(vlmxla_bin, config, images, tmp_path, "--model-config",
                  str(_model_config(tmp_path, family)), "--bucket", str(bucket))
    assert r.returncode == 0, r.stderr
    grid = torch.from_numpy(got["image_grid_thw"])
    n = int(grid.prod(-1).sum())
    merge, unit = 2, 4
    pos = get_vision_position_ids(grid, merge).numpy()
    cu = get_vision_cu_seqlens(grid)
    if family == "qwen2_5_vl":
        window_index, cu_window = get_vision_window_index(grid, spatial_merge_size=merge,
                                                          window_size=112, patch_size=14)
        window_index = window_index.numpy()
    else:
        window_index, cu_window = np.arange(n // unit), cu
    order = (window_index[:, None] * unit + np.arange(unit)).reshape(-1)
    assert np.array_equal(got["layout.patch_order"], order)
    rotary = np.zeros((bucket, 2), dtype=np.int64)
    rotary[:n] = pos[order]
    assert np.array_equal(got["layout.rotary_hw"], rotary)
    full = np.full(bucket, -1)
    full[:n] = _segments(cu, n)
    window = np.full(bucket, -1)
    window[:n] = _segments(cu_window, n)
    assert np.array_equal(got["layout.full_segment"], full)
    assert np.array_equal(got["layout.window_segment"], window)
    merged = np.arange(bucket // unit)
    merged[: n // unit] = np.argsort(window_index)
    assert np.array_equal(got["layout.merged_order"], merged)
    windows = int(window.max()) + 1
    print(f"{family}: {len(images)} images, {n} patches, {int(full.max()) + 1} frames, "
          f"{windows} windows, {int((order != np.arange(n)).sum())} rows moved")
    if family == "qwen2_5_vl":
        assert windows > len(images)  # the windows really split the images
