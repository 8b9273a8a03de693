"""Oracle capture: every stage written with the manifest's shapes and dtypes, in pipeline order."""

import json

import pytest
import torch
from safetensors.torch import load_file
from vlmxla_oracle import fixtures, testing

CASES = ("image_text", "two_images", "no_image")


@pytest.fixture(scope="session")
def captures():
    return testing.ensure_captures()


def _load(cap_dir):
    manifest = json.loads((cap_dir / "manifest.json").read_text())
    return manifest, load_file(str(cap_dir / "stages.safetensors"))


@pytest.mark.parametrize("name", fixtures.FIXTURE_NAMES)
@pytest.mark.parametrize("case", CASES)
def test_capture_writes_every_stage(name, case, captures):
    manifest, tensors = _load(captures[(name, case)])
    cfg = json.loads((testing.ensure_fixtures()[name] / "config.json").read_text())
    stages = manifest["stages"]
    names = [s["name"] for s in stages]
    assert names[0] == "rendered_text" and names[-1] == "greedy_text"
    assert set(tensors) == {s["name"] for s in stages if s["kind"] != "text"}
    for st in stages:
        if st["kind"] == "text":
            continue
        t = tensors[st["name"]]
        assert list(t.shape) == st["shape"], st["name"]
        assert {"f32": torch.float32, "i64": torch.int64}[st["dtype"]] == t.dtype, st[
            "name"
        ]
    n_img = len(manifest["case"]["images"])
    tc, vc = cfg["text_config"], cfg["vision_config"]
    n_layers_v = vc["num_hidden_layers"]
    ids = tensors["input_ids"]
    L = ids.shape[0]
    if n_img:
        assert tensors["pixel_values"].shape == (
            n_img,
            3,
            vc["image_size"],
            vc["image_size"],
        )
        assert f"vision_hidden_states.{n_layers_v}" in tensors
        assert f"vision_hidden_states.{n_layers_v + 1}" not in tensors
        per_image = tensors["selected_image_features"].shape[1]
        assert int((ids == cfg["image_token_index"]).sum()) == n_img * per_image
        assert tensors["image_features"].shape[-1] == tc["hidden_size"]
        unexpanded = tensors["input_ids_unexpanded"]
        assert int((unexpanded == cfg["image_token_index"]).sum()) == n_img
        assert unexpanded.shape[0] == L - n_img * (per_image - 1)
    else:
        assert "pixel_values" not in tensors and "image_features" not in tensors
        assert torch.equal(tensors["input_ids_unexpanded"], ids)
    assert torch.equal(tensors["position_ids"], torch.arange(L))
    assert torch.equal(tensors["attention_mask"], torch.ones(L, dtype=torch.int64))
    assert tensors["inputs_embeds"].shape == (L, tc["hidden_size"])
    assert tensors["prefill_logits"].shape == (tc["vocab_size"],)
    head_dim = tc.get("head_dim") or tc["hidden_size"] // tc["num_attention_heads"]
    for layer in range(tc["num_hidden_layers"]):
        for kv in ("key", "value"):
            assert tensors[f"past_key_values.{layer}.{kv}"].shape == (
                tc["num_key_value_heads"],
                L,
                head_dim,
            )
    greedy = tensors["greedy_tokens"]
    assert greedy.shape[0] == manifest["case"]["max_new_tokens"] == 16 or manifest["eos_hit"]
    # The first greedy token is the argmax of the recorded prefill logits.
    assert int(greedy[0]) == int(tensors["prefill_logits"].argmax())
    assert manifest["processor"]["image_processor_class"].endswith("Pil")
    assert manifest["model"]["files"]["model.safetensors"]


@pytest.mark.parametrize("name", fixtures.FIXTURE_NAMES)
def test_greedy_is_not_degenerate(name, captures):
    _, tensors = _load(captures[(name, "image_text")])
    assert len(set(tensors["greedy_tokens"][:8].tolist())) >= 3


@pytest.mark.parametrize("name", fixtures.FIXTURE_NAMES)
def test_image_features_are_merged_into_embeddings(name, captures):
    _, tensors = _load(captures[(name, "image_text")])
    cfg = json.loads((testing.ensure_fixtures()[name] / "config.json").read_text())
    mask = tensors["input_ids"] == cfg["image_token_index"]
    feats = tensors["image_features"].reshape(-1, tensors["inputs_embeds"].shape[1])
    assert torch.equal(tensors["inputs_embeds"][mask], feats)


def test_llama_rendering_and_bos(captures):
    manifest, tensors = _load(captures[("tiny-llava-clip-llama", "image_text")])
    assert manifest["rendered_text"].startswith("USER: <image>\n")
    assert manifest["rendered_text"].endswith("ASSISTANT:")
    assert manifest["processor"]["add_special_tokens"] is True
    assert int(tensors["input_ids"][0]) == 1


def test_qwen_rendering_two_images(captures):
    manifest, _ = _load(captures[("tiny-llava-siglip-qwen2", "two_images")])
    text = manifest["rendered_text"]
    assert text.startswith("<|im_start|>system\n")
    assert text.count("<image>") == 2 and text.endswith("<|im_start|>assistant\n")


@pytest.mark.parametrize("name", fixtures.FIXTURE_NAMES)
def test_malformed_placeholder_records_error(name, captures):
    cap_dir = captures[(name, "malformed_placeholder")]
    manifest = json.loads((cap_dir / "manifest.json").read_text())
    assert manifest["error"]["type"] == "ValueError"
    assert "<image>" in manifest["error"]["message"]
    assert manifest["error"]["reason"] == "placeholder_count_mismatch"
    assert not (cap_dir / "stages.safetensors").exists()


@pytest.mark.parametrize("name", fixtures.FIXTURE_NAMES)
def test_context_overflow_case_is_one_short(name, tmp_path):
    from vlmxla_oracle import cases

    model_dir = testing.ensure_fixtures()[name]
    written = cases.write_cases(model_dir, tmp_path)
    case = json.loads(written["context_overflow"].read_text())
    image_case = json.loads(written["image_text"].read_text())
    assert case["context_capacity"] == cases.expanded_length(model_dir, image_case) - 1
