"""The LLaVA-NeXT oracle: the tiny fixture builds, every case captures, and the packed (tiled,
unpadded, newline-terminated) image features are exactly what the prompt's image tokens hold."""

import json

import pytest
import torch
from safetensors.torch import load_file
from transformers import AutoTokenizer
from vlmxla_oracle import capture, cases, families, fixtures, testing
from vlmxla_oracle.families import llava_next

NAME = "tiny-llava-next"
IMAGE_CASES = ("image_text", "two_images", "two_aspects")


@pytest.fixture(scope="module")
def model_dir():
    return testing.ensure_fixtures((NAME,))[NAME]


@pytest.fixture(scope="module")
def captured(model_dir):
    return testing.ensure_captures(case_names=llava_next.CASE_NAMES, fixture_names=(NAME,))


def _load(cap_dir):
    manifest = json.loads((cap_dir / "manifest.json").read_text(encoding="utf-8"))
    if "error" in manifest:  # Transformers refused the case: no tensors
        return manifest, {}
    return manifest, load_file(str(cap_dir / "stages.safetensors"))


def test_registered_as_its_own_gate_family(model_dir):
    assert families.for_model_dir(model_dir) is llava_next
    assert capture.model_kind(model_dir) == "llava_next"
    assert cases.case_names(model_dir) == llava_next.CASE_NAMES
    assert NAME in fixtures.KNOWN_FIXTURE_NAMES
    # Gated under its own family only, with bounds measured on its own fixture.
    assert fixtures.FAMILY_FIXTURES["llava_next"] == (NAME,)
    assert NAME not in {*fixtures.ALL_FIXTURE_NAMES, *fixtures.QWEN_FIXTURE_NAMES}
    assert families.tolerance_groups()["llava_next"] == "llava_next"
    # The other families are as they were.
    assert families.llava.CASE_NAMES == ("image_text", "two_images", "no_image",
                                         "malformed_placeholder", "context_overflow")
    assert families.tolerance_groups()["qwen2_vl"] == "qwen"


def test_fixture_config(model_dir):
    cfg = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    assert cfg["model_type"] == "llava_next"
    assert cfg["architectures"] == ["LlavaNextForConditionalGeneration"]
    assert cfg["text_config"]["model_type"] == "mistral"
    assert cfg["vision_config"]["model_type"] == "clip_vision_model"
    assert any(h != w for h, w in cfg["image_grid_pinpoints"])
    processor = capture.load_processor(model_dir)
    assert type(processor).__name__ == "LlavaNextProcessor"
    assert type(processor.image_processor).__name__ == "LlavaNextImageProcessorPil"
    assert processor.image_processor.image_grid_pinpoints == cfg["image_grid_pinpoints"]


def test_every_case_captures(captured):
    for case in llava_next.CASE_NAMES:
        manifest, stages = _load(captured[(NAME, case)])
        if case == "malformed_placeholder":
            assert manifest["error"]["reason"] == "placeholder_count_mismatch"
            continue
        assert "error" not in manifest
        names = [s["name"] for s in manifest["stages"]]
        has_images = bool(manifest["case"]["images"])
        for stage in ("pixel_values", "image_sizes", "image_tile_grid", "vision_hidden_states.0",
                      "image_features", "packed_image_features"):
            assert (stage in names) == has_images, (case, stage)
        assert {"inputs_embeds", "prefill_logits", "greedy_tokens"} <= set(stages)
    overflow, _ = _load(captured[(NAME, "context_overflow")])
    assert overflow["context"]["exceeds"]


def _image_token_runs(ids, image_id):
    """The lengths of the runs of image tokens in `ids`, in order (one run per image)."""
    runs, run = [], 0
    for t in ids.tolist() + [None]:
        if t == image_id:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    return runs


@pytest.mark.parametrize("case", IMAGE_CASES)
def test_packed_features_fill_the_image_tokens(captured, case):
    manifest, st = _load(captured[(NAME, case)])
    ids = st["input_ids"]
    image_id = manifest["processor"]["image_token_id"]
    runs = _image_token_runs(ids, image_id)
    assert len(runs) == len(manifest["case"]["images"])
    assert st["packed_image_feature_lens"].tolist() == runs
    packed = st["packed_image_features"]
    assert packed.shape[0] == sum(runs)
    assert torch.equal(st["inputs_embeds"][ids == image_id], packed)
    # Each image's views: its base view plus its tiles; the tower saw every one, unpadded.
    grid = st["image_tile_grid"]
    views = int((1 + grid[:, 0] * grid[:, 1]).sum())
    assert st["vision_hidden_states.0"].shape[0] == views
    assert st["image_features"].shape[0] == views
    assert st["pixel_values"].shape[:2] == (len(runs), int((1 + grid.prod(1)).max()))


def test_two_aspects_tile_and_pack_differently(captured):
    _, st = _load(captured[(NAME, "two_aspects")])
    grid = st["image_tile_grid"].tolist()
    assert grid[0] != grid[1]  # the wide strip and the portrait image: different tile grids
    lens = st["packed_image_feature_lens"].tolist()
    assert lens[0] != lens[1]
    h, w = st["image_sizes"][0].tolist()
    assert w > h and grid[0][1] > grid[0][0]  # the wide image tiles wide


@pytest.mark.parametrize("case", llava_next.GENERATING_CASE_NAMES)
def test_greedy_decodes(captured, model_dir, case):
    manifest, st = _load(captured[(NAME, case)])
    tokenizer = AutoTokenizer.from_pretrained(str(model_dir))
    tokens = st["greedy_tokens"].tolist()
    assert len(tokens) == cases.MAX_NEW_TOKENS
    text = tokenizer.decode(tokens, skip_special_tokens=True)
    assert text == manifest["greedy_text"]
    answer = fixtures.load_spec(NAME)["greedy_answers"]["answers"][case]
    assert answer.startswith(text.strip())  # the taught answer, on the captured inputs
