"""The Qwen2-VL / Qwen2.5-VL fixtures: deterministic, laid out as Transformers saves them, token
ids from their own tokenizer, M-RoPE sections that fit the head, Qwen2.5-VL windows that really
split the case images, dtype variants that are the float32 weights cast."""

import hashlib
import json

import pytest
import torch
from PIL import Image
from safetensors.torch import load_file
from transformers import vision_utils
from vlmxla_oracle import capture, cases, families, fixtures, images, qwen, testing

QWEN = fixtures.QWEN_FIXTURE_NAMES
SPECIAL = ("<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|vision_start|>", "<|vision_end|>",
           "<|image_pad|>", "<|video_pad|>")


@pytest.fixture(scope="module")
def built():
    return testing.ensure_fixtures(QWEN)


def _digests(directory):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in directory.iterdir()}


def test_build_is_deterministic(built, tmp_path):
    name = "tiny-qwen2.5-vl"
    again = fixtures.build_fixture(name, tmp_path / name)
    assert _digests(again) == _digests(built[name])
    assert fixtures.is_current(name, built[name])


def test_names_and_families():
    assert fixtures.parse_name("tiny-qwen2.5-vl-f16") == ("tiny-qwen2.5-vl", "float16", False)
    assert fixtures.parse_name("tiny-qwen2-vl-bf16-hub") == ("tiny-qwen2-vl", "bfloat16", True)
    assert fixtures.variant_name("tiny-qwen2-vl", "bfloat16") == "tiny-qwen2-vl-bf16"
    assert fixtures.FAMILY_FIXTURES == {"llava": fixtures.FIXTURE_NAMES,
                                        "qwen2_vl": ("tiny-qwen2-vl",),
                                        "qwen2_5_vl": ("tiny-qwen2.5-vl",),
                                        "llava_next": ("tiny-llava-next",),
                                        "llava_onevision": ("tiny-llava-onevision",),
                                        "qwen3_vl": ("tiny-qwen3-vl",),
                                        "gemma3": ("tiny-gemma3", "tiny-gemma3-pas")}
    assert not set(QWEN) & set(fixtures.ALL_FIXTURE_NAMES)  # the older suites run as before
    assert {n: fixtures.spec_kind(fixtures.load_spec(n)) for n in QWEN} == {
        "tiny-qwen2-vl": "qwen2_vl", "tiny-qwen2.5-vl": "qwen2_5_vl"}


@pytest.mark.parametrize("name", QWEN)
def test_files_and_config(name, built):
    model_dir = built[name]
    spec = fixtures.load_spec(name)
    assert sorted(p.name for p in model_dir.iterdir()) == sorted(
        ["chat_template.jinja", "config.json", "generation_config.json", "model.safetensors",
         "preprocessor_config.json", "tokenizer.json", "tokenizer_config.json",
         fixtures.SPEC_HASH_FILE])
    cfg = json.loads((model_dir / "config.json").read_text())
    assert cfg["model_type"] == spec["kind"] == capture.model_kind(model_dir)
    processing = qwen.load_processing(model_dir)
    tok = processing.tokenizer
    assert all(tok.convert_tokens_to_ids(t) != tok.unk_token_id for t in SPECIAL)
    for key, token in fixtures.QWEN_TOKEN_IDS.items():
        assert cfg[key] == tok.convert_tokens_to_ids(token), key
    text = cfg["text_config"]
    assert text["vocab_size"] == len(tok) and text["bos_token_id"] is None
    assert text["eos_token_id"] == tok.convert_tokens_to_ids("<|im_end|>")
    head_dim = text["hidden_size"] // text["num_attention_heads"]
    section = text["rope_parameters"]["mrope_section"]
    assert len(section) == 3 and 2 * sum(section) == head_dim
    assert cfg["tie_word_embeddings"] == text["tie_word_embeddings"]
    gen = json.loads((model_dir / "generation_config.json").read_text())
    assert gen["eos_token_id"] == text["eos_token_id"] and gen["do_sample"] is False
    # The image processor is the PIL one, with the spec's small pixel budget.
    ip = processing.image_processor
    assert type(ip).__name__ == "Qwen2VLImageProcessorPil"
    assert (ip.size["shortest_edge"], ip.size["longest_edge"]) == (
        spec["processor"]["min_pixels"], spec["processor"]["max_pixels"])
    assert ip.patch_size == cfg["vision_config"]["patch_size"]
    assert ip.merge_size == cfg["vision_config"]["spatial_merge_size"]
    assert (model_dir / "chat_template.jinja").read_text() == spec["chat_template"]


def test_chat_template_is_qwen2_vls(built):
    processing = qwen.load_processing(built["tiny-qwen2-vl"])
    pad = "<|vision_start|><|image_pad|><|vision_end|>"
    one = qwen.render(processing, [{"role": "user", "content": [
        {"type": "image"}, {"type": "text", "text": "Hi."}]}])
    assert one == (f"<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
                   f"<|im_start|>user\n{pad}Hi.<|im_end|>\n<|im_start|>assistant\n")
    two = qwen.render(processing, [
        {"role": "system", "content": [{"type": "text", "text": "Be brief."}]},
        {"role": "user", "content": [{"type": "text", "text": "A"}, {"type": "image"},
                                     {"type": "text", "text": "B"}, {"type": "image"}]}])
    assert two == (f"<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nA{pad}B{pad}"
                   f"<|im_end|>\n<|im_start|>assistant\n")


def test_case_images_have_different_grids_and_windows_split_them(built):
    """The images of two_sizes come out at different grids, and Qwen2.5-VL's windows cut each
    into several attention windows (one of them partial)."""
    model_dir = built["tiny-qwen2.5-vl"]
    processing = qwen.load_processing(model_dir)
    imgs = images.write_images()
    out = processing.image_processor([Image.open(imgs[n]) for n in ("wide.png", "scene.png")])
    grid = out["image_grid_thw"]
    assert grid.tolist() == [[1, 4, 16], [1, 8, 10]]  # 40x120 rounds half to even; 229x317 shrinks
    for g in grid.tolist():
        assert g[1] != g[2] and g[1] * g[2] < 100  # non-square, tens of patches
    vc = json.loads((model_dir / "config.json").read_text())["vision_config"]
    assert 0 < len(vc["fullatt_block_indexes"]) < vc["depth"]
    window_index, cu = vision_utils.get_vision_window_index(
        grid, spatial_merge_size=vc["spatial_merge_size"], window_size=vc["window_size"],
        patch_size=vc["patch_size"])
    sizes = torch.diff(cu).tolist()
    assert len(sizes) > 2 * len(grid) and len(set(sizes)) > 1, sizes
    assert window_index.tolist() != sorted(window_index.tolist())  # rows really move


def test_cases_of_the_qwen_kinds(built):
    for name in QWEN:
        assert cases.case_names(built[name]) == families.qwen2_vl.CASE_NAMES
    assert families.qwen2_vl.CASE_NAMES == ("image_text", "two_images", "no_image",
                                     "malformed_placeholder", "two_sizes", "context_overflow")
    std = {c["name"]: c for c in cases.standard_cases(built["tiny-qwen2-vl"])}
    assert std["two_sizes"]["images"] == ["images/wide.png", "images/scene.png"]
    assert std["malformed_placeholder"]["expect_error"] is True
    overflow = std["context_overflow"]
    assert overflow["context_capacity"] == overflow["expanded_length"] - 1


@pytest.mark.parametrize("dtype", ("bfloat16", "float16"))
def test_dtype_variant_is_the_float32_weights_cast(dtype):
    name = "tiny-qwen2.5-vl"
    base = testing.ensure_fixtures((name,))[name]
    variant = testing.ensure_fixtures((name,), dtype)[name]
    assert variant.name == fixtures.variant_name(name, dtype)
    assert capture.checkpoint_dtype(variant) == dtype
    ref, got = load_file(str(base / "model.safetensors")), load_file(
        str(variant / "model.safetensors"))
    assert set(got) == set(ref)
    want = getattr(torch, dtype)
    assert all(got[k].dtype == want and torch.equal(got[k], ref[k].to(want)) for k in ref)
    for path in base.iterdir():
        if path.name not in ("config.json", "model.safetensors", fixtures.SPEC_HASH_FILE):
            assert (variant / path.name).read_bytes() == path.read_bytes(), path.name
