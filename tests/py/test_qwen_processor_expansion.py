"""The oracle's Qwen2-VL / Qwen2.5-VL placeholder expansion (qwen.py: what the oracle does where
Transformers cannot build the processor class without torchvision) pinned to Transformers' own
processor code. The real Qwen2VLProcessor / Qwen2_5_VLProcessor is built with only the class check
of its absent video processor stubbed (the one lookup that needs torchvision); everything else is
Transformers' code: the class's __init__ and __call__ (validate_inputs, the PIL image processor,
replace_image_token, get_text_with_replacements, the tokenizer, create_mm_token_type_ids)."""

import dataclasses
import importlib.util
from unittest import mock

import numpy as np
import pytest
import torch
import transformers
from PIL import Image
from transformers.processing_utils import ProcessorMixin
from vlmxla_oracle import capture, qwen, testing

CLASSES = ("Qwen2VLProcessor", "Qwen2_5_VLProcessor")
# (height, width) of the images of one prompt: the fixture's processor (patch 8, merge 2,
# min_pixels 1024, max_pixels 6144) turns them into different grids: rounding half to even
# (40x120 -> 4x16 patches), the min_pixels path (20x20 -> 4x4), the max_pixels path, exact
# multiples, a tall strip.
IMAGE_SETS = (
    [(40, 120)],
    [(229, 317), (271, 203)],
    [(20, 20), (64, 48), (300, 90)],
    [(16, 160), (96, 64), (40, 120), (33, 77)],
)


@pytest.fixture(scope="module")
def processing():
    model_dir = testing.ensure_fixtures(("tiny-qwen2-vl",))["tiny-qwen2-vl"]
    return qwen.load_processing(model_dir)


@pytest.fixture(scope="module")
def oracle(processing):
    """The oracle's own expansion, whatever load_processing found."""
    return dataclasses.replace(processing, processor=None)


def _real(cls_name: str, processing):
    cls = getattr(transformers, cls_name)
    check = ProcessorMixin.check_argument_for_proper_class

    def without_video_lookup(self, name, arg):
        if name == "video_processor" and arg is None:
            return None  # the VIDEO_PROCESSOR_MAPPING lookup that fails without torchvision
        return check(self, name, arg)

    with mock.patch.object(ProcessorMixin, "check_argument_for_proper_class",
                           without_video_lookup):
        return cls(image_processor=processing.image_processor, tokenizer=processing.tokenizer,
                   video_processor=None, chat_template=processing.chat_template)


def _images(sizes):
    rng = np.random.default_rng(len(sizes))
    return [Image.fromarray(rng.integers(0, 256, (h, w, 3), dtype=np.uint8)) for h, w in sizes]


def _prompt(processing, n_images: int) -> str:
    content = [{"type": "image"} for _ in range(n_images)]
    content.append({"type": "text", "text": "Describe the pictures."})
    return qwen.render(processing, [{"role": "user", "content": content}])


def test_the_oracle_falls_back_on_the_torchvision_trap_only(processing):
    if importlib.util.find_spec("torchvision") is not None:
        assert processing.processor is not None  # the real class builds: nothing to stand in for
        return
    # The trap qwen.py describes, from Transformers itself.
    with pytest.raises(AttributeError, match="VIDEO_PROCESSOR_MAPPING.*_extra_content"):
        transformers.Qwen2VLProcessor(image_processor=processing.image_processor,
                                      tokenizer=processing.tokenizer, video_processor=None)
    assert processing.processor is None
    assert processing.expansion["by"] == "oracle"
    assert any("_extra_content" in f for f in processing.expansion["failures"])
    assert "replace_image_token" in processing.expansion["rule"]
    # Anything else that goes wrong is not swallowed.
    assert not qwen._video_processor_failure(AttributeError("'NoneType' has no attribute 'x'"))
    assert not qwen._video_processor_failure(ImportError("No module named 'tokenizers'"))


@pytest.mark.parametrize("cls_name", CLASSES)
@pytest.mark.parametrize("sizes", IMAGE_SETS, ids=lambda s: "+".join(f"{h}x{w}" for h, w in s))
def test_expansion_is_transformers_own(cls_name, sizes, processing, oracle):
    real = _real(cls_name, processing)
    images = _images(sizes)
    text = _prompt(processing, len(images))
    want = real(images=images, text=text, return_tensors="pt")
    got = qwen.prepare(oracle, text, images)
    assert set(got) == set(want) == {"input_ids", "attention_mask", "mm_token_type_ids",
                                     "pixel_values", "image_grid_thw"}
    for key in want:
        assert torch.equal(got[key], want[key].to(got[key].dtype)), key
    grids = want["image_grid_thw"].tolist()
    pads = int((want["input_ids"] == real.image_token_id).sum())
    assert pads == sum(t * h * w for t, h, w in grids) // 4
    assert int(want["mm_token_type_ids"].sum()) == pads  # 1 on every image pad, 0 elsewhere


def test_the_sets_cover_several_grids(processing):
    grids = {tuple(g) for sizes in IMAGE_SETS
             for g in processing.image_processor(_images(sizes))["image_grid_thw"].tolist()}
    assert len(grids) >= 8, grids
    assert (1, 4, 16) in grids  # 40x120: 2.5 and 7.5 patches-of-16 round half to even


@pytest.mark.parametrize("cls_name", CLASSES)
def test_replace_image_token_on_grids(cls_name, processing):
    """Grids no image gives (t > 1, odd merged sides) through the class's own method."""
    real = _real(cls_name, processing)
    grids = [[1, 2, 2], [2, 6, 4], [3, 2, 6], [1, 10, 8], [4, 14, 22]]
    inputs = {"image_grid_thw": torch.tensor(grids)}
    for i, grid in enumerate(grids):
        assert qwen.expand_placeholders(qwen.IMAGE_TOKEN, [grid], 2) == \
            real.replace_image_token(inputs, image_idx=i)
    text = "a" + qwen.IMAGE_TOKEN + "b" + qwen.IMAGE_TOKEN + "c"
    want, _ = real.get_text_with_replacements(
        [text], [real.replace_image_token(inputs, image_idx=i) for i in (3, 1)])
    assert qwen.expand_placeholders(text, [grids[3], grids[1]], 2) == want[0]


@pytest.mark.parametrize("text, n_images, reason", [
    ("Look at <|image_pad|> and <|image_pad|>.", 1, "placeholder_count_mismatch"),
    ("No image here.", 1, "placeholder_count_mismatch"),
    ("Look at <|vision_start|><|image_pad|><|vision_end|>.", 0, None),
    ("A clip: <|vision_start|><|video_pad|><|vision_end|>.", 0, None),
])
def test_placeholder_errors_are_the_processors(text, n_images, reason, processing, oracle):
    real = _real("Qwen2VLProcessor", processing)
    images = _images([(64, 48)] * n_images) or None
    with pytest.raises(ValueError) as want:
        real(images=images, text=text, return_tensors="pt")
    with pytest.raises(ValueError) as got:
        qwen.prepare(oracle, text, images or [])
    assert str(got.value) == str(want.value)
    if reason:  # the category the gate matches vlmxla's refusal against
        assert capture.error_reason(str(got.value)) == reason


def test_video_input_is_refused(oracle):
    with pytest.raises(qwen.VideoUnsupported, match="images only"):
        qwen.prepare(oracle, "x", [], videos=[np.zeros((2, 16, 16, 3), np.uint8)])
