"""LLaVA-NeXT / LLaVA-OneVision "anyres" host side against Transformers (PIL backend).

`vlmxla preprocess-image` must return the processor's pixel_values and image_sizes exactly, and
its feature layout (anyres.feature_source.N, anyres.blend_*.N) must reproduce the model's own
pack_image_features / unpad_image applied to tower features whose values name their row.
"""

from __future__ import annotations

import functools
import json
import pathlib
import subprocess
import types

import numpy as np
import pytest
import torch
from PIL import Image
from safetensors.numpy import load_file
from transformers import LlavaNextImageProcessorPil, LlavaOnevisionImageProcessorPil
from transformers.models.llava_next.modeling_llava_next import (
    LlavaNextModel,
    image_size_to_num_patches,
)
from transformers.models.llava_next.processing_llava_next import LlavaNextProcessor
from transformers.models.llava_onevision.modeling_llava_onevision import LlavaOnevisionModel
from transformers.models.llava_onevision.processing_llava_onevision import (
    LlavaOnevisionProcessor,
)

TILE = 28  # the tower's image_size: the tile edge
PATCH = 7  # the tower's patch: 4 x 4 feature rows per view
PINPOINTS = [[28, 56], [56, 28], [56, 56], [28, 84], [84, 28], [56, 84], [28, 28]]
# (width, height): wide, tall, tiny, smaller than every pinpoint, square, near-square, a 1-pixel
# row, exact pinpoint sizes.
SIZES = [(97, 61), (61, 97), (1, 1), (20, 13), (40, 40), (300, 290), (13, 1), (56, 28), (84, 57),
         (9, 200), (123, 45)]

NEXT = {
    "image_processor_type": "LlavaNextImageProcessor",
    "size": {"shortest_edge": TILE},
    "crop_size": {"height": TILE, "width": TILE},
    "image_grid_pinpoints": PINPOINTS,
}
# Pinpoints that are not multiples of the tile (edge tiles are cut short and resized/cropped
# back), bilinear resampling, a larger crop than the resize and non-CLIP normalisation.
NEXT_ODD = {
    "image_processor_type": "LlavaNextImageProcessorPil",
    "size": {"shortest_edge": 24},
    "crop_size": {"height": 30, "width": 30},
    "resample": 2,
    "image_mean": [0.5, 0.5, 0.5],
    "image_std": [0.5, 0.5, 0.5],
    "image_grid_pinpoints": [[40, 70], [70, 40], [45, 45]],
}
ONEVISION = {
    "image_processor_type": "LlavaOnevisionImageProcessor",
    "size": {"height": TILE, "width": TILE},
    "image_mean": [0.5, 0.5, 0.5],
    "image_std": [0.5, 0.5, 0.5],
    "image_grid_pinpoints": PINPOINTS,
}
VISION = {"image_size": TILE, "patch_size": PATCH}
NEXT_MODEL = {
    "model_type": "llava_next",
    "image_grid_pinpoints": PINPOINTS,
    "vision_config": {"model_type": "clip_vision_model", **VISION},
}
# anyres_max_1: every image of more than about one tile's features is downscaled.
ONEVISION_MODEL = {
    "model_type": "llava_onevision",
    "image_grid_pinpoints": PINPOINTS,
    "vision_aspect_ratio": "anyres_max_1",
    "vision_config": {"model_type": "siglip_vision_model", **VISION},
}


def _texture(w: int, h: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    img = np.stack([255 * x / max(w - 1, 1), 255 * y / max(h - 1, 1),
                    127.5 + 127.5 * np.sin(0.3 * (x + 2 * y))], axis=-1)
    img += rng.normal(0, 25, size=img.shape)
    return np.clip(np.rint(img), 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> list[pathlib.Path]:
    d = tmp_path_factory.mktemp("anyres_images")
    out = []
    for i, (w, h) in enumerate(SIZES):
        p = d / f"img{i}_{w}x{h}.png"
        Image.fromarray(_texture(w, h, i)).save(p)
        out.append(p)
    # A colour key (convert_to_rgb turns it white) and a JPEG.
    rgb = Image.fromarray(_texture(50, 31, 99))
    rgb.save(d / "trns.png", transparency=rgb.getpixel((4, 4)))
    rgb.save(d / "photo.jpg", quality=90)
    return out + [d / "trns.png", d / "photo.jpg"]


def _run(vlmxla_bin, tmp: pathlib.Path, config: dict, paths, model: dict | None = None,
         extra=()) -> dict:
    cfg = tmp / "preprocessor_config.json"
    cfg.write_text(json.dumps(config))
    out = tmp / "out.safetensors"
    cmd = [str(vlmxla_bin), "preprocess-image", "--config", str(cfg), "--output", str(out),
           *extra]
    if model is not None:
        (tmp / "config.json").write_text(json.dumps(model))
        cmd += ["--model-config", str(tmp / "config.json")]
    for p in paths:
        cmd += ["--image", str(p)]
    r = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return load_file(str(out))


def _pil(paths):
    return [Image.open(p) for p in paths]


def _kwargs(config: dict) -> dict:
    return {k: v for k, v in config.items() if k != "image_processor_type"}


@pytest.mark.parametrize("config", [NEXT, NEXT_ODD], ids=["next", "next_odd_pinpoints"])
def test_next_pixels_match_transformers(vlmxla_bin, images, tmp_path, config):
    got = _run(vlmxla_bin, tmp_path, config, images)
    ref = LlavaNextImageProcessorPil(**_kwargs(config))(_pil(images), return_tensors="np")
    assert got["pixel_values"].shape == ref["pixel_values"].shape, (
        got["pixel_values"].shape, ref["pixel_values"].shape)
    assert got["pixel_values"].dtype == np.float32
    max_diff = float(np.abs(got["pixel_values"] - ref["pixel_values"]).max())
    print(f"{config['image_processor_type']}: pixel_values {got['pixel_values'].shape}, "
          f"max |diff| = {max_diff}")
    assert max_diff <= 1e-6  # test_image_parity.py's bound (it is 0 in practice)
    np.testing.assert_array_equal(got["image_sizes"], ref["image_sizes"])


def test_onevision_pixels_match_transformers(vlmxla_bin, images, tmp_path):
    single = _run(vlmxla_bin, tmp_path, ONEVISION, images)
    ref = LlavaOnevisionImageProcessorPil(**_kwargs(ONEVISION))(_pil(images), return_tensors="np")
    assert single["pixel_values"].shape == ref["pixel_values"].shape
    assert float(np.abs(single["pixel_values"] - ref["pixel_values"]).max()) <= 1e-6
    np.testing.assert_array_equal(single["image_sizes"], ref["image_sizes"])
    # Several images in one prompt: each is padded to a square (image_mean background) and takes
    # the base view only.
    multi = _run(vlmxla_bin, tmp_path, ONEVISION, images[:4], extra=["--multi-image"])
    ref = LlavaOnevisionImageProcessorPil(**_kwargs(ONEVISION))([_pil(images[:4])],
                                                                return_tensors="np")
    assert multi["pixel_values"].shape == ref["pixel_values"].shape == (4, 1, 3, TILE, TILE)
    assert float(np.abs(multi["pixel_values"] - ref["pixel_values"]).max()) <= 1e-6
    np.testing.assert_array_equal(multi["image_sizes"], ref["image_sizes"])
    # One image in the prompt is tiled as usual (batch_num_images == 1).
    alone = _run(vlmxla_bin, tmp_path, ONEVISION, images[:1], extra=["--multi-image"])
    views = image_size_to_num_patches(SIZES[0][::-1], PINPOINTS, TILE)
    assert alone["pixel_values"].shape == (1, views, 3, TILE, TILE)
    np.testing.assert_array_equal(alone["pixel_values"][0], single["pixel_values"][0, :views])


def _model_self(model_cfg: dict):
    vision = types.SimpleNamespace(**VISION)
    config = types.SimpleNamespace(vision_config=vision,
                                   image_grid_pinpoints=model_cfg["image_grid_pinpoints"])
    return types.SimpleNamespace(config=config)


def _row_coded_features(num_views: list[int], dim: int):
    """Per image [views, rows, dim] with every value equal to its tower row index."""
    rows = (TILE // PATCH) ** 2
    return [torch.arange(v * rows, dtype=torch.float64).reshape(v, rows, 1).expand(v, rows, dim)
            for v in num_views]


def _num_views(got: dict) -> list[int]:
    """Views per image as get_image_features counts them (image_size_to_num_patches)."""
    return [image_size_to_num_patches(s.tolist(), PINPOINTS, TILE) for s in got["image_sizes"]]


def test_next_layout_matches_pack_image_features(vlmxla_bin, images, tmp_path):
    got = _run(vlmxla_bin, tmp_path, NEXT, images, model=NEXT_MODEL)
    sizes = torch.from_numpy(got["image_sizes"])
    views = _num_views(got)
    packed, lens = LlavaNextModel.pack_image_features(
        _model_self(NEXT_MODEL), _row_coded_features(views, 2), sizes, "default",
        image_newline=torch.full((2,), -1.0, dtype=torch.float64))
    processor = types.SimpleNamespace(
        image_processor=types.SimpleNamespace(image_grid_pinpoints=PINPOINTS),
        patch_size=PATCH, num_additional_image_tokens=1)
    processor._get_unpadded_features = functools.partial(
        LlavaNextProcessor._get_unpadded_features, processor)
    for i, ref in enumerate(packed):
        source = got[f"anyres.feature_source.{i}"]
        assert source.dtype == np.int32
        np.testing.assert_array_equal(source, ref[:, 0].numpy().astype(np.int32),
                                      err_msg=f"image {i} {tuple(sizes[i].tolist())}")
        assert f"anyres.blend_source.{i}" not in got
        # The processor's placeholder count (less the class token) equals the layout's length.
        count = LlavaNextProcessor._get_number_of_features(processor, *sizes[i].tolist(),
                                                           TILE, TILE) - 1
        assert count == len(source) == int(lens[i])
    print(f"layouts: {[int(n) for n in lens]} features")


def test_onevision_layout_matches_pack_image_features(vlmxla_bin, images, tmp_path):
    got = _run(vlmxla_bin, tmp_path, ONEVISION, images, model=ONEVISION_MODEL)
    sizes = torch.from_numpy(got["image_sizes"])
    views = _num_views(got)
    rows = (TILE // PATCH) ** 2
    dim = 8
    gen = torch.Generator().manual_seed(0)
    feats = [torch.randn(v, rows, dim, generator=gen, dtype=torch.float32) for v in views]
    newline = torch.randn(dim, generator=gen, dtype=torch.float32)
    packed, _ = LlavaOnevisionModel.pack_image_features(
        _model_self(ONEVISION_MODEL), feats, sizes, image_newline=newline,
        vision_aspect_ratio=ONEVISION_MODEL["vision_aspect_ratio"])
    processor = types.SimpleNamespace(
        image_processor=types.SimpleNamespace(image_grid_pinpoints=PINPOINTS),
        num_image_tokens=rows, vision_aspect_ratio=ONEVISION_MODEL["vision_aspect_ratio"])
    processor._get_unpadded_features = functools.partial(
        LlavaOnevisionProcessor._get_unpadded_features, processor)
    downscaled = 0
    worst = 0.0
    for i, ref in enumerate(packed):
        source = got[f"anyres.feature_source.{i}"]
        tower = feats[i].reshape(-1, dim).numpy()
        mine = np.empty((len(source), dim), dtype=np.float32)
        copy = source >= 0
        mine[copy] = tower[source[copy]]
        mine[source == -1] = newline.numpy()
        blended = source == -2
        if blended.any():
            downscaled += 1
            src = got[f"anyres.blend_source.{i}"]
            w = got[f"anyres.blend_weight.{i}"]
            assert src.shape == w.shape == (int(blended.sum()), 4)
            a, b, c, d = (tower[src[:, k]] for k in range(4))
            h0, h1, w0, w1 = (w[:, k : k + 1] for k in range(4))
            mine[blended] = (a * w0 + b * w1) * h0 + (c * w0 + d * w1) * h1
        ref = ref.numpy()
        assert mine.shape == ref.shape, (i, mine.shape, ref.shape)
        np.testing.assert_array_equal(mine[~blended], ref[~blended])
        worst = max(worst, float(np.abs(mine - ref).max()))
        count = LlavaOnevisionProcessor._get_number_of_features(processor, *sizes[i].tolist(),
                                                                TILE, TILE)
        assert count == len(source)
    print(f"{downscaled} of {len(packed)} images downscaled; blend max |diff| = {worst}")
    assert downscaled >= 3  # the downscale path is exercised, not only the copies
    assert worst <= 1e-6  # float32 blends of unit-scale values; the order is PyTorch's


def test_onevision_multi_image_layout(vlmxla_bin, images, tmp_path):
    got = _run(vlmxla_bin, tmp_path, ONEVISION, images[:3], model=ONEVISION_MODEL,
               extra=["--multi-image"])
    rows = (TILE // PATCH) ** 2
    for i in range(3):
        # get_image_features runs one view per image; pack_image_features appends one newline.
        np.testing.assert_array_equal(got[f"anyres.feature_source.{i}"],
                                      np.r_[np.arange(rows), -1].astype(np.int32))


def _stderr_of_failure(vlmxla_bin, tmp: pathlib.Path, config: dict, *extra: str) -> str:
    cfg = tmp / "preprocessor_config.json"
    cfg.write_text(json.dumps(config))
    cmd = [str(vlmxla_bin), "preprocess-image", "--config", str(cfg), "--output",
           str(tmp / "o.safetensors"), *extra]
    r = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=60)
    assert r.returncode != 0, f"{cmd} succeeded"
    return r.stderr


def test_anyres_errors_name_the_input(vlmxla_bin, images, tmp_path):
    image = ["--image", str(images[0])]
    err = _stderr_of_failure(vlmxla_bin, tmp_path, dict(NEXT, image_grid_pinpoints=[[28, 0]]),
                             *image)
    assert "image_grid_pinpoints" in err and "[[28,0]]" in err, err
    # A model pinpoint that is not whole tiles cannot be packed (Transformers' view() fails).
    (tmp_path / "config.json").write_text(json.dumps(dict(NEXT_MODEL,
                                                          image_grid_pinpoints=[[30, 60]])))
    err = _stderr_of_failure(vlmxla_bin, tmp_path, NEXT, *image, "--model-config",
                             str(tmp_path / "config.json"))
    assert "not a multiple of the tower's image_size 28" in err, err
    err = _stderr_of_failure(vlmxla_bin, tmp_path, NEXT, *image, "--multi-image")
    assert "LlavaOnevision" in err, err
