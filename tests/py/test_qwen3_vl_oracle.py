"""The oracle's Qwen3-VL side (families/qwen3_vl.py, tiny-qwen3-vl): the fixture is a plain
Qwen3VLForConditionalGeneration with DeepStack layers, interleaved M-RoPE and a position table
resampled to each grid; the capture names those mechanics (vision_interp_*, vision_pos_embeds,
deepstack_features.K), each checked here against an independent computation."""

import json

import pytest
import torch
import torch.nn.functional as F
from safetensors.torch import load_file
from vlmxla_oracle import capture, families, fixtures, qwen, testing

NAME = "tiny-qwen3-vl"


@pytest.fixture(scope="module")
def model_dir():
    return testing.ensure_fixtures((NAME,))[NAME]


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(case_names=families.qwen3_vl.CASE_NAMES, fixture_names=(NAME,))


def _load(cap_dir):
    manifest = json.loads((cap_dir / "manifest.json").read_text())
    return manifest, load_file(str(cap_dir / "stages.safetensors"))


def _config(model_dir):
    return json.loads((model_dir / "config.json").read_text())


def test_family_registry_and_fixture(model_dir):
    assert families.for_model_type("qwen3_vl") is families.qwen3_vl
    assert families.qwen2_vl.MODEL_TYPES == ("qwen2_vl", "qwen2_5_vl")
    assert fixtures.FAMILY_FIXTURES["qwen3_vl"] == (NAME,)
    cfg = _config(model_dir)
    assert cfg["architectures"] == ["Qwen3VLForConditionalGeneration"]
    vc, tc = cfg["vision_config"], cfg["text_config"]
    assert vc["patch_size"] == 16 and vc["deepstack_visual_indexes"] == [0, 1]
    assert vc["num_position_embeddings"] == 36
    rope = tc["rope_parameters"]
    assert rope["mrope_interleaved"] is True and rope["mrope_section"] == [6, 5, 5]
    assert tc["head_dim"] * tc["num_attention_heads"] != tc["hidden_size"]
    weights = load_file(str(model_dir / "model.safetensors"))
    assert "model.language_model.layers.0.self_attn.q_norm.weight" in weights
    assert weights["model.visual.pos_embed.weight"].shape == (36, vc["hidden_size"])
    merged = vc["hidden_size"] * 4
    for k in range(2):  # DeepStack mergers norm after the 2x2 shuffle
        assert weights[f"model.visual.deepstack_merger_list.{k}.norm.weight"].shape == (merged,)
    assert weights["model.visual.merger.norm.weight"].shape == (vc["hidden_size"],)
    pre = json.loads((model_dir / "preprocessor_config.json").read_text())
    assert pre["patch_size"] == 16 and pre["merge_size"] == 2


def test_generating_cases_answer_as_taught(captures):
    spec = fixtures.load_spec(NAME)
    for case in families.qwen3_vl.GENERATING_CASE_NAMES:
        manifest, _ = _load(captures[(NAME, case)])
        answer = spec["greedy_answers"]["answers"][case]
        assert answer.startswith(manifest["greedy_text"].strip()[:20]), (case, manifest)
        assert manifest["greedy_margin"]["min"] > 1.0, case


def test_stages_name_the_new_mechanics(captures, model_dir):
    manifest, t = _load(captures[(NAME, "two_sizes")])
    cfg = _config(model_dir)
    names = [s["name"] for s in manifest["stages"]]
    depth = cfg["vision_config"]["depth"]
    tower = (["vision_interp_indices", "vision_interp_weights", "vision_pos_embeds"]
             + [f"vision_hidden_states.{i}" for i in range(depth + 1)]
             + ["image_features", "deepstack_features.0", "deepstack_features.1"])
    start = names.index("vision_interp_indices")
    assert names[start:start + len(tower)] == tower
    assert names[start + len(tower)] == "inputs_embeds"
    grids = t["image_grid_thw"].tolist()
    assert grids[0] != grids[1]  # two_sizes: two different grids
    patches = sum(a * b * c for a, b, c in grids)
    assert t["vision_interp_indices"].shape == (patches, 4)
    assert t["vision_pos_embeds"].shape == (patches, cfg["vision_config"]["hidden_size"])
    for k in range(2):
        assert t[f"deepstack_features.{k}"].shape == t["image_features"].shape == (
            patches // 4, cfg["text_config"]["hidden_size"])


def test_pos_embeds_are_the_bilinear_resample_in_merge_block_order(captures, model_dir):
    """F.interpolate(bilinear, align_corners=True) of the square table to each grid, rows then
    taken in 2x2 merge-block order: the same numbers as the capture's gather of 4 weighted taps."""
    _, t = _load(captures[(NAME, "two_sizes")])
    table = load_file(str(model_dir / "model.safetensors"))["model.visual.pos_embed.weight"]
    side, dim = 6, table.shape[1]
    grid_table = table.double().T.reshape(1, dim, side, side)
    rows = []
    for _, h, w in t["image_grid_thw"].tolist():
        img = F.interpolate(grid_table, size=(h, w), mode="bilinear", align_corners=True)[0]
        img = img.permute(1, 2, 0).reshape(h // 2, 2, w // 2, 2, dim).permute(0, 2, 1, 3, 4)
        rows.append(img.reshape(h * w, dim))
    want = torch.cat(rows)
    assert (t["vision_pos_embeds"].double() - want).abs().max().item() < 1e-5
    weights = t["vision_interp_weights"]
    assert torch.allclose(weights.sum(1), torch.ones(weights.shape[0]), atol=1e-6)
    assert int(t["vision_interp_indices"].min()) >= 0
    assert int(t["vision_interp_indices"].max()) < side * side


def test_deepstack_features_are_their_mergers_of_the_listed_blocks(captures, model_dir):
    """deepstack_features.K = merger K (LayerNorm over the 2x2-shuffled rows, fc1, exact GELU,
    fc2) of the hidden states after block deepstack_visual_indexes[K], written out here."""
    _, t = _load(captures[(NAME, "two_sizes")])
    w = load_file(str(model_dir / "model.safetensors"))
    cfg = _config(model_dir)["vision_config"]
    for k, block in enumerate(cfg["deepstack_visual_indexes"]):
        p = f"model.visual.deepstack_merger_list.{k}."
        x = t[f"vision_hidden_states.{block + 1}"].double().reshape(-1, 4 * cfg["hidden_size"])
        x = F.layer_norm(x, (x.shape[1],), w[p + "norm.weight"].double(),
                         w[p + "norm.bias"].double(), eps=1e-6)
        x = F.linear(x, w[p + "linear_fc1.weight"].double(), w[p + "linear_fc1.bias"].double())
        x = F.linear(F.gelu(x), w[p + "linear_fc2.weight"].double(),
                     w[p + "linear_fc2.bias"].double())
        got = t[f"deepstack_features.{k}"].double()
        assert (got - x).abs().max().item() < 1e-4 * max(1.0, x.abs().max().item()), k
    # The two mergers are different functions of different blocks.
    assert not torch.allclose(t["deepstack_features.0"], t["deepstack_features.1"])


def test_image_features_scatter_into_the_pads(captures, model_dir):
    _, t = _load(captures[(NAME, "two_sizes")])
    cfg = _config(model_dir)
    is_pad = t["input_ids"] == cfg["image_token_id"]
    assert int(is_pad.sum()) == t["image_features"].shape[0]
    assert torch.equal(t["inputs_embeds"][is_pad], t["image_features"])


def test_positions_follow_the_grids(captures, model_dir):
    """Qwen3-VL's get_rope_index for images: text counts up on all three axes; an image's pads
    hold (t, h, w) of its merged grid from the position it starts at; text resumes at start +
    max(h, w)."""
    _, t = _load(captures[(NAME, "two_sizes")])
    ids = t["input_ids"]
    expect = testing.check_qwen_positions(ids, t["position_ids"],
                                          _config(model_dir)["image_token_id"],
                                          t["image_grid_thw"].tolist())
    assert int(t["rope_deltas"][0]) == expect - len(ids)


def test_malformed_placeholder_and_video_are_refused(captures, model_dir, tmp_path):
    path = captures[(NAME, "malformed_placeholder")] / "manifest.json"
    manifest = json.loads(path.read_text())
    assert manifest["error"]["reason"] == "placeholder_count_mismatch"
    case = {"name": "video", "prompt": "What happens?", "images": [], "videos": ["clip.mp4"]}
    with pytest.raises(qwen.VideoUnsupported, match="video input is not supported"):
        capture.capture(model_dir, case, tmp_path / "cap")
