"""Fixture checkpoints and test images: deterministic, well-shaped, loadable the way capture loads."""

import hashlib
import json
import pathlib

import numpy as np
import pytest
from PIL import Image
from vlmxla_oracle import capture, fixtures, images, testing


def _digests(directory: pathlib.Path) -> dict:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(directory.iterdir())
    }


@pytest.fixture(scope="session")
def fixture_dirs():
    return testing.ensure_fixtures()


@pytest.mark.parametrize("name", fixtures.FIXTURE_NAMES)
def test_fixture_build_is_byte_deterministic(name, tmp_path):
    a = fixtures.build_fixture(name, tmp_path / "a" / name)
    b = fixtures.build_fixture(name, tmp_path / "b" / name)
    da, db = _digests(a), _digests(b)
    assert da == db
    for required in (
        "config.json",
        "model.safetensors",
        "tokenizer.json",
        "tokenizer_config.json",
        "processor_config.json",
        "preprocessor_config.json",
        "chat_template.jinja",
        "generation_config.json",
    ):
        assert required in da, required


@pytest.mark.parametrize("name", fixtures.TEXT_FIXTURE_NAMES)
def test_text_fixture_build_is_byte_deterministic(name, tmp_path):
    a = fixtures.build_fixture(name, tmp_path / "a" / name)
    b = fixtures.build_fixture(name, tmp_path / "b" / name)
    da, db = _digests(a), _digests(b)
    assert da == db
    assert {"config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json",
            "chat_template.jinja", "generation_config.json"} <= set(da)
    # A text-only checkpoint: no processor files for anything to mistake it for a VLM.
    assert not {"processor_config.json", "preprocessor_config.json"} & set(da)


def test_text_fixture_hash_follows_the_spec_it_shares(monkeypatch, tmp_path):
    """Editing the LLaVA spec whose tokenizer and template tiny-llama reuses invalidates it."""
    before = fixtures.spec_hash("tiny-llama")
    source = fixtures.load_spec("tiny-llama")[fixtures.SHARED_FROM]
    spec_dir = tmp_path / "specs"
    spec_dir.mkdir()
    for path in fixtures.SPEC_DIR.glob("*.json"):
        (spec_dir / path.name).write_bytes(path.read_bytes())
    edited = json.loads((spec_dir / f"{source}.json").read_text())
    edited["chat_template"] += " "
    (spec_dir / f"{source}.json").write_text(json.dumps(edited))
    monkeypatch.setattr(fixtures, "SPEC_DIR", spec_dir)
    assert fixtures.spec_hash("tiny-llama") != before
    assert fixtures.load_spec("tiny-llama")["chat_template"] == edited["chat_template"]


def test_ensure_fixture_skips_when_current_and_rebuilds_on_spec_change(
    tmp_path, monkeypatch
):
    name = fixtures.FIXTURE_NAMES[0]
    path = fixtures.ensure_fixture(name, tmp_path)
    stamp = (path / "model.safetensors").stat().st_mtime_ns
    fixtures.ensure_fixture(name, tmp_path)
    assert (path / "model.safetensors").stat().st_mtime_ns == stamp
    monkeypatch.setattr(fixtures, "spec_hash", lambda n: "changed")
    assert not fixtures.is_current(name, path)
    fixtures.ensure_fixture(name, tmp_path)
    assert (path / fixtures.SPEC_HASH_FILE).read_text().strip() == "changed"


@pytest.mark.parametrize("name", fixtures.FIXTURE_NAMES)
def test_fixture_shape_rules(name, fixture_dirs):
    from transformers import AutoTokenizer

    cfg = json.loads((fixture_dirs[name] / "config.json").read_text())
    tc, vc = cfg["text_config"], cfg["vision_config"]
    assert tc["num_hidden_layers"] >= 2 and vc["num_hidden_layers"] >= 2
    assert tc["num_key_value_heads"] < tc["num_attention_heads"]
    tok = AutoTokenizer.from_pretrained(str(fixture_dirs[name]))
    assert tok.convert_tokens_to_ids("<image>") == cfg["image_token_index"]
    assert tc["vocab_size"] == len(tok)
    assert 1000 <= len(tok) <= 2100
    gen = json.loads((fixture_dirs[name] / "generation_config.json").read_text())
    assert gen["eos_token_id"] == tc["eos_token_id"] and gen.get("do_sample") is False


def test_llama_tokenizer_is_sentencepiece_style_with_byte_fallback(fixture_dirs):
    data = json.loads(
        (fixture_dirs["tiny-llava-clip-llama"] / "tokenizer.json").read_text()
    )
    vocab = data["model"]["vocab"]
    assert data["model"]["byte_fallback"] is True
    assert [vocab[t] for t in ("<unk>", "<s>", "</s>", "<0x00>", "<0xFF>")] == [
        0,
        1,
        2,
        3,
        258,
    ]
    assert any(t.startswith("▁") and len(t) > 2 for t in vocab)
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(str(fixture_dirs["tiny-llava-clip-llama"]))
    ids = tok("zebra ☃", add_special_tokens=True)["input_ids"]
    assert ids[0] == 1  # BOS
    assert any(
        3 <= i <= 258 for i in ids
    )  # the snowman is not in the corpus: byte fallback
    assert tok.decode(ids, skip_special_tokens=True) == "zebra ☃"


def test_qwen_tokenizer_is_byte_level_with_chatml_specials(fixture_dirs):
    data = json.loads(
        (fixture_dirs["tiny-llava-siglip-qwen2"] / "tokenizer.json").read_text()
    )
    kinds = [p["type"] for p in data["pre_tokenizer"]["pretokenizers"]]
    assert (
        kinds == ["Split", "ByteLevel"]
        and data["pre_tokenizer"]["pretokenizers"][1]["use_regex"] is False
    )
    assert data["normalizer"]["type"] == "NFC"
    specials = {t["content"] for t in data["added_tokens"] if t["special"]}
    assert specials == {"<|endoftext|>", "<|im_start|>", "<|im_end|>", "<image>"}
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(str(fixture_dirs["tiny-llava-siglip-qwen2"]))
    text = "Ωμέγα 😀 x=42;"
    assert tok.decode(tok(text)["input_ids"]) == text
    assert tok.eos_token == "<|im_end|>"


@pytest.mark.parametrize("name", fixtures.FIXTURE_NAMES)
def test_pil_backend_loads_and_is_what_capture_uses(name, fixture_dirs):
    from transformers.models.clip.image_processing_pil_clip import CLIPImageProcessorPil
    from transformers.models.siglip.image_processing_pil_siglip import (
        SiglipImageProcessorPil,
    )

    processor = capture.load_processor(fixture_dirs[name])
    expected = CLIPImageProcessorPil if "clip" in name else SiglipImageProcessorPil
    assert type(processor.image_processor) is expected
    assert (
        capture.processor_summary(processor)["image_processor_class"]
        == expected.__name__
    )


def test_clip_processor_crops(fixture_dirs):
    proc = capture.load_processor(fixture_dirs["tiny-llava-clip-llama"]).image_processor
    assert proc.size["shortest_edge"] > proc.crop_size["height"] and proc.do_center_crop


def test_images_are_deterministic_and_textured(tmp_path):
    a, b = images.write_images(tmp_path / "a"), images.write_images(tmp_path / "b")
    assert set(a) == set(images.IMAGE_NAMES)
    for name in a:
        assert a[name].read_bytes() == b[name].read_bytes(), name
    scene = Image.open(a["scene.png"])
    second = Image.open(a["second.png"])
    assert scene.mode == "RGB" and scene.size == (317, 229)
    assert second.mode == "RGB" and second.size == (203, 271)
    assert Image.open(a["scene_gray.png"]).mode == "L"
    assert Image.open(a["scene.jpg"]).format == "JPEG"
    px = np.asarray(scene).astype(np.int32)
    assert px.std() > 30 and len(np.unique(px.reshape(-1, 3), axis=0)) > 10000
    rgba = np.asarray(Image.open(a["scene_rgba.png"]))
    assert rgba.shape[2] == 4 and rgba[..., 3].min() < 80 and rgba[..., 3].max() > 200
    assert not np.array_equal(np.asarray(second)[:229, :203], px[:229, :203])
