"""The LLaVA-OneVision oracle: its fixture builds (a SigLIP tower read in full, a Qwen2 decoder,
anyres_max_2), one image past its tile budget is downscaled, several images in one prompt take
their base view and one newline each, and a video placeholder is refused by the engine with the
typed reason."""

import json
import math
import subprocess

import pytest
import torch
from safetensors.torch import load_file
from vlmxla_oracle import capture, families, fixtures, testing
from vlmxla_oracle.families import llava_onevision

NAME = "tiny-llava-onevision"


@pytest.fixture(scope="module")
def model_dir():
    return testing.ensure_fixtures((NAME,))[NAME]


@pytest.fixture(scope="module")
def captured(model_dir):
    return testing.ensure_captures(case_names=("image_text", "two_images"), fixture_names=(NAME,))


def _load(cap_dir):
    manifest = json.loads((cap_dir / "manifest.json").read_text(encoding="utf-8"))
    return manifest, load_file(str(cap_dir / "stages.safetensors"))


def test_fixture_is_a_onevision_checkpoint(model_dir):
    assert families.for_model_dir(model_dir) is llava_onevision
    assert fixtures.FAMILY_FIXTURES["llava_onevision"] == (NAME,)
    cfg = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    assert cfg["model_type"] == "llava_onevision"
    assert cfg["vision_config"]["model_type"] == "siglip_vision_model"
    assert cfg["text_config"]["model_type"] == "qwen2"
    assert cfg["vision_feature_select_strategy"] == "full"
    assert cfg["vision_aspect_ratio"] == "anyres_max_2"
    processor = capture.load_processor(model_dir)
    assert type(processor.image_processor).__name__ == "LlavaOnevisionImageProcessorPil"
    assert processor.num_image_tokens == 16


def test_one_image_past_its_tile_budget_is_downscaled(captured):
    _, st = _load(captured[(NAME, "image_text")])
    (rows, cols), = st["image_tile_grid"].tolist()
    side = 4  # 28 px views in 7 px patches
    h, w = st["image_sizes"][0].tolist()
    # unpad_image keeps the image's aspect on the rows x cols tile canvas ...
    canvas_h, canvas_w = rows * side, cols * side
    if w / h > canvas_w / canvas_h:
        unpadded = (canvas_h - 2 * ((canvas_h - int(round(h * canvas_w / w, 7))) // 2), canvas_w)
    else:
        unpadded = (canvas_h, canvas_w - 2 * ((canvas_w - int(round(w * canvas_h / h, 7))) // 2))
    ratio = math.sqrt(unpadded[0] * unpadded[1] / (2 * side * side))
    assert ratio > 1.1  # ... which exceeds anyres_max_2: the case exercises the downscale
    packed = (int(unpadded[0] // ratio), int(unpadded[1] // ratio))
    assert st["packed_image_feature_lens"].tolist() == [side * side + packed[0] * (packed[1] + 1)]


def test_several_images_take_their_base_view_and_a_newline(captured):
    _, st = _load(captured[(NAME, "two_images")])
    assert st["packed_image_feature_lens"].tolist() == [17, 17]
    assert st["image_features"].shape[0] == 2  # one view each went through the tower
    newline = st["packed_image_features"][16]
    assert torch.equal(st["packed_image_features"][33], newline)


def test_the_engine_refuses_a_video_placeholder(model_dir, vlmxla_bin):
    out = subprocess.run([str(vlmxla_bin), "run", "--model", str(model_dir), "--prompt",
                          "<video> What happens in this clip?", "--max-tokens", "4"],
                         capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode != 0
    assert "video" in out.stderr and "not supported" in out.stderr, out.stderr
