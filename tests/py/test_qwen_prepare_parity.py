"""`vlmxla prepare` on tiny Qwen2-VL / Qwen2.5-VL model directories against Transformers.

The test builds each model with Transformers (a byte-level BPE tokenizer with the Qwen special
tokens, the published Qwen2-VL chat template, Qwen2VLImageProcessorPil) and saves it. The oracle
renders with the tokenizer's apply_chat_template and processes images with
Qwen2VLImageProcessorPil. Qwen2VLProcessor cannot be built here without torchvision, so the test
expands each <|image_pad|> as its replace_image_token does (grid.prod() // merge_size**2 pads) and
tokenizes as its __call__ does. Positions come from the model's own get_rope_index. Rendered
text, ids, pixel_values, image_grid_thw, the [3, L] positions and rope_deltas must match
exactly. Video placeholders and context overflow are typed errors.
"""

from __future__ import annotations

import json
import pathlib
import re
import subprocess

import numpy as np
import pytest
import torch
from PIL import Image
from safetensors.numpy import load_file
from transformers import (
    Qwen2_5_VLConfig,
    Qwen2_5_VLForConditionalGeneration,
    Qwen2VLConfig,
    Qwen2VLForConditionalGeneration,
    Qwen2VLImageProcessorPil,
)
from transformers.image_utils import load_image
from vlmxla_oracle import fixtures
from vlmxla_oracle.images import _texture

# Qwen/Qwen2-VL-2B-Instruct's chat_template (also Qwen2.5-VL's).
CHAT_TEMPLATE = (
    "{% set image_count = namespace(value=0) %}{% set video_count = namespace(value=0) %}"
    "{% for message in messages %}{% if loop.first and message['role'] != 'system' %}"
    "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n{% endif %}"
    "<|im_start|>{{ message['role'] }}\n{% if message['content'] is string %}"
    "{{ message['content'] }}<|im_end|>\n{% else %}{% for content in message['content'] %}"
    "{% if content['type'] == 'image' or 'image' in content or 'image_url' in content %}"
    "{% set image_count.value = image_count.value + 1 %}{% if add_vision_id %}Picture "
    "{{ image_count.value }}: {% endif %}<|vision_start|><|image_pad|><|vision_end|>"
    "{% elif content['type'] == 'video' or 'video' in content %}"
    "{% set video_count.value = video_count.value + 1 %}{% if add_vision_id %}Video "
    "{{ video_count.value }}: {% endif %}<|vision_start|><|video_pad|><|vision_end|>"
    "{% elif 'text' in content %}{{ content['text'] }}{% endif %}{% endfor %}<|im_end|>\n"
    "{% endif %}{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|vision_start|>", "<|vision_end|>",
           "<|image_pad|>", "<|video_pad|>"]
MIN_PIXELS, MAX_PIXELS = 28 * 28 * 4, 28 * 28 * 96


@pytest.fixture(scope="module")
def tokenizer():
    spec = {
        "kind": "byte_level_bpe",
        "vocab_size": 400,
        "split_pattern": r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}"
                         r"\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+",
        "special_tokens": SPECIAL,
        "eos_token": "<|im_end|>",
        "pad_token": "<|endoftext|>",
    }
    tok = fixtures.build_tokenizer({"tokenizer": spec})
    tok.chat_template = CHAT_TEMPLATE
    return tok


def _build(tok, family: str, out: pathlib.Path):
    ids = {f"{k}_token_id": tok.convert_tokens_to_ids(t) for k, t in
           [("image", "<|image_pad|>"), ("video", "<|video_pad|>"),
            ("vision_start", "<|vision_start|>"), ("vision_end", "<|vision_end|>")]}
    text = {"hidden_size": 32, "intermediate_size": 64, "num_hidden_layers": 1,
            "num_attention_heads": 2, "num_key_value_heads": 1, "vocab_size": len(tok),
            "max_position_embeddings": 4096, "bos_token_id": None,
            "eos_token_id": tok.convert_tokens_to_ids("<|im_end|>"),
            "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0,
                                "mrope_section": [2, 3, 3]}}
    vision = {"depth": 1, "num_heads": 2, "patch_size": 14, "spatial_merge_size": 2,
              "temporal_patch_size": 2}
    if family == "qwen2_vl":
        config = Qwen2VLConfig(text_config=text, vision_config=vision | {"embed_dim": 16,
                                                                        "hidden_size": 32}, **ids)
        model = Qwen2VLForConditionalGeneration(config)
    else:
        config = Qwen2_5_VLConfig(text_config=text, vision_config=vision | {
            "hidden_size": 16, "intermediate_size": 32, "out_hidden_size": 32,
            "window_size": 56, "fullatt_block_indexes": [0]}, **ids)
        model = Qwen2_5_VLForConditionalGeneration(config)
    model.eval()
    model.save_pretrained(out)
    tok.save_pretrained(out)
    processor = Qwen2VLImageProcessorPil(min_pixels=MIN_PIXELS, max_pixels=MAX_PIXELS)
    processor.save_pretrained(out)
    return model, processor


@pytest.fixture(scope="module", params=["qwen2_vl", "qwen2_5_vl"])
def model(request, tokenizer, tmp_path_factory):
    out = tmp_path_factory.mktemp(request.param)
    m, processor = _build(tokenizer, request.param, out)
    return {"dir": out, "model": m, "processor": processor, "tok": tokenizer}


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> dict[str, pathlib.Path]:
    d = tmp_path_factory.mktemp("qwen_prepare_images")
    out = {}
    for name, (w, h, seed) in {"wide": (317, 229, 1), "tall": (120, 290, 2),
                               "small": (30, 40, 3)}.items():
        out[name] = d / f"{name}.png"
        Image.fromarray(_texture(w, h, seed, 0.2)).save(out[name])
    rgba = np.dstack([_texture(90, 61, 4, 0.3), _texture(90, 61, 5, 0.1)[..., 0]])
    out["rgba"] = d / "rgba.png"
    Image.fromarray(rgba).save(out["rgba"])
    return out


def _oracle(m, system, prompt: str, paths) -> dict:
    tok, processor = m["tok"], m["processor"]
    content = [{"type": "image"} for _ in paths] + [{"type": "text", "text": prompt}]
    messages = ([{"role": "system", "content": system}] if system else []) + [
        {"role": "user", "content": content}]
    rendered = tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    out = {"rendered": rendered, "unexpanded": tok(rendered)["input_ids"]}
    text, grid = rendered, None
    if paths:
        processed = processor([load_image(str(p)) for p in paths], return_tensors="np")
        grid = processed["image_grid_thw"]
        out["pixel_values"], out["grid"] = processed["pixel_values"], grid
        # Qwen2VLProcessor.replace_image_token, applied in order to each <|image_pad|>.
        counts = iter(int(g.prod()) // processor.merge_size**2 for g in grid)
        text = re.sub(re.escape("<|image_pad|>"), lambda _: "<|image_pad|>" * next(counts), text)
    ids = torch.tensor([tok(text)["input_ids"]])
    out["ids"] = ids[0].tolist()
    image_id = m["model"].config.image_token_id
    mm_types = (ids == image_id).int()
    pos, deltas = m["model"].model.get_rope_index(
        ids, mm_types, image_grid_thw=None if grid is None else torch.from_numpy(grid),
        attention_mask=torch.ones_like(ids))
    out["positions"] = pos[:, 0].tolist()
    out["delta"] = int(deltas.reshape(-1)[0])
    return out


def _prepare(vlmxla_bin, model_dir, system, prompt, paths, out: pathlib.Path, *extra):
    cmd = [str(vlmxla_bin), "prepare", "--model", str(model_dir), "--prompt", prompt,
           "--output", str(out), *extra]
    if system:
        cmd += ["--system", system]
    for p in paths:
        cmd += ["--image", str(p)]
    return subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=60)


def _printed(stdout: str, key: str):
    for line in stdout.splitlines():
        if line.startswith(key + ": "):
            return json.loads(line[len(key) + 2:])
    raise AssertionError(f"no '{key}:' line in {stdout!r}")


CASES = {
    "one_image": (None, "What is in the picture?", ["wide"]),
    "two_images_system": ("Answer briefly.", "Compare them.", ["tall", "wide"]),
    "three_images_rgba": (None, "And these?", ["small", "rgba", "tall"]),
    "text_only": ("Be kind.", "Hello there, how are you?", []),
}


@pytest.mark.parametrize("case", list(CASES))
def test_prepare_matches_transformers(vlmxla_bin, model, images, tmp_path, case):
    system, prompt, names = CASES[case]
    paths = [images[n] for n in names]
    ref = _oracle(model, system, prompt, paths)
    proc = _prepare(vlmxla_bin, model["dir"], system, prompt, paths, tmp_path / "out")
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    stages = load_file(str(tmp_path / "out" / "stages.safetensors"))
    assert manifest["rendered_text"] == ref["rendered"]
    assert stages["input_ids_unexpanded"].tolist() == ref["unexpanded"]
    assert stages["input_ids"].tolist() == ref["ids"]
    assert _printed(proc.stdout, "rope_position_ids") == ref["positions"]
    assert _printed(proc.stdout, "rope_deltas") == ref["delta"]
    if paths:
        assert _printed(proc.stdout, "image_grid_thw") == ref["grid"].tolist()
        assert np.array_equal(stages["pixel_values"], ref["pixel_values"])
    print(f"{model['dir'].name} {case}: {len(ref['ids'])} ids, grids "
          f"{ref.get('grid', np.zeros((0, 3))).tolist()}, rope_delta {ref['delta']}")


def test_video_and_context_errors_are_typed(vlmxla_bin, model, images, tmp_path):
    video = _prepare(vlmxla_bin, model["dir"], None,
                     "<|vision_start|><|video_pad|><|vision_end|>What happens?", [],
                     tmp_path / "video")
    assert video.returncode == 1
    assert "video input is not supported" in video.stderr, video.stderr
    assert "[video_unsupported]" in video.stderr, video.stderr
    ref = _oracle(model, None, "Hi", [images["wide"]])
    over = _prepare(vlmxla_bin, model["dir"], None, "Hi", [images["wide"]], tmp_path / "over",
                    "--context", str(len(ref["ids"]) - 1))
    assert over.returncode == 1
    assert (f"prompt needs {len(ref['ids'])} positions but context capacity is "
            f"{len(ref['ids']) - 1}") in over.stderr, over.stderr
    assert "[context_length_exceeded]" in over.stderr, over.stderr
    extra = _prepare(vlmxla_bin, model["dir"], None, "<|image_pad|> twice", [images["wide"]],
                     tmp_path / "extra")
    assert extra.returncode == 1
    assert "prompt has 2 image placeholders (<|image_pad|>) but 1 image was given" in extra.stderr
