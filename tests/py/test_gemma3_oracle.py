"""The Gemma 3 oracle and fixture: the fixture is a Gemma3ForConditionalGeneration whose sliding
window is shorter than its image run, the processor's expansion (boi, the soft tokens, eoi and the
"\\n\\n" around them) is what the capture records, the projector's stages hold the pooled soft
tokens as Transformers pools them, and the image rows skip the embedding scale (pan-and-scan:
test_gemma3_pan_and_scan.py)."""

import json

import pytest
import torch
from safetensors.torch import load_file
from vlmxla_oracle import capture, families, fixtures, testing
from vlmxla_oracle.families import gemma3

NAME = "tiny-gemma3"


@pytest.fixture(scope="module")
def model_dir():
    return testing.ensure_fixtures((NAME,))[NAME]


@pytest.fixture(scope="module")
def captured(model_dir):
    return testing.ensure_captures(case_names=("two_images",), fixture_names=(NAME,))


def _load(cap_dir):
    manifest = json.loads((cap_dir / "manifest.json").read_text(encoding="utf-8"))
    return manifest, load_file(str(cap_dir / "stages.safetensors"))


def test_fixture_windows_are_shorter_than_the_image_run(model_dir):
    assert families.for_model_dir(model_dir) is gemma3
    assert fixtures.FAMILY_FIXTURES["gemma3"] == (NAME, "tiny-gemma3-pas")
    cfg = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    text, vision = cfg["text_config"], cfg["vision_config"]
    assert cfg["model_type"] == "gemma3" and vision["model_type"] == "siglip_vision_model"
    patches = (vision["image_size"] // vision["patch_size"]) ** 2
    tokens = cfg["mm_tokens_per_image"]
    assert int(tokens ** 0.5) ** 2 == tokens < patches
    assert text["sliding_window"] < tokens
    assert {"sliding_attention", "full_attention"} <= set(text["layer_types"])
    processor = capture.load_processor(model_dir)
    assert type(processor.image_processor).__name__ == "Gemma3ImageProcessorPil"
    assert processor.image_seq_length == tokens


def test_collapse_image_runs_keeps_one_token_per_run():
    assert gemma3.collapse_image_runs([1, 9, 9, 9, 2, 9, 3, 9, 9], 9) == [1, 9, 2, 9, 3, 9]
    assert gemma3.collapse_image_runs([9, 9], 9) == [9]


def test_capture_records_the_expansion_and_the_pooled_soft_tokens(model_dir, captured):
    manifest, st = _load(captured[(NAME, "two_images")])
    cfg = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    tokens, boi, eoi, soft = (cfg[k] for k in ("mm_tokens_per_image", "boi_token_index",
                                               "eoi_token_index", "image_token_index"))
    ids = st["input_ids"].tolist()
    starts = [i for i, t in enumerate(ids) if t == boi]
    assert len(starts) == 2
    for s in starts:  # boi, the soft tokens, eoi
        assert ids[s + 1:s + 1 + tokens] == [soft] * tokens and ids[s + 1 + tokens] == eoi
    assert st["input_ids_unexpanded"].tolist() == gemma3.collapse_image_runs(ids, soft)
    assert manifest["unexpanded_length"] == len(ids) - 2 * (tokens - 1)
    # AvgPool2d on the 6 x 6 patch grid in 2 x 2 windows, as the pooled stage holds it.
    last = st["vision_last_hidden_state"]
    n, p, d = last.shape
    side, grid = int(tokens ** 0.5), int(p ** 0.5)
    k = grid // side
    pooled = last.reshape(n, side, k, side, k, d).mean(dim=(2, 4)).reshape(n, tokens, d)
    torch.testing.assert_close(st["pooled_image_features"], pooled, rtol=1e-6, atol=1e-6)
    assert st["image_features"].shape == (2, tokens, cfg["text_config"]["hidden_size"])
    # The image rows of inputs_embeds are the projected features, unscaled.
    rows = [i for i, t in enumerate(ids) if t == soft]
    features = st["image_features"]
    torch.testing.assert_close(st["inputs_embeds"][rows], features.reshape(-1, features.shape[-1]),
                               rtol=0, atol=0)
