"""The oracle's Qwen2-VL / Qwen2.5-VL captures: every stage of the contract, with its
shape and dtype, in pipeline order; 3-axis positions from get_rope_index; the vision states in
the tower's own row order (Qwen2.5-VL: window order) and the merger output in final order, i.e.
exactly the rows scattered into the image pads; two_sizes with two different grids."""

import json

import pytest
import torch
from safetensors.torch import load_file
from vlmxla_oracle import capture, cases, compare, fixtures, measure, qwen, testing

QWEN = fixtures.QWEN_FIXTURE_NAMES
CASES = ("image_text", "two_sizes", "no_image", "malformed_placeholder")
DTYPES = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16,
          "i64": torch.int64}


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(case_names=CASES, fixture_names=QWEN)


def _load(cap_dir):
    manifest = json.loads((cap_dir / "manifest.json").read_text())
    return manifest, load_file(str(cap_dir / "stages.safetensors"))


def _config(name):
    return json.loads((testing.ensure_fixtures((name,))[name] / "config.json").read_text())


def _expected_stages(depth: int, layers: int, images: bool) -> list[str]:
    vision = ["pixel_values", "image_grid_thw"] if images else []
    tower = [f"vision_hidden_states.{i}" for i in range(depth + 1)] + ["image_features"]
    kv = [f"past_key_values.{i}.{kv}" for i in range(layers) for kv in ("key", "value")]
    return ["rendered_text", *vision, "input_ids_unexpanded", "input_ids", "attention_mask",
            "position_ids", "rope_deltas", *(tower if images else []), "inputs_embeds",
            "prefill_logits", *kv, "greedy_tokens", "greedy_text"]


@pytest.mark.parametrize("name", QWEN)
@pytest.mark.parametrize("case", ("image_text", "two_sizes", "no_image"))
def test_capture_writes_every_stage(name, case, captures):
    manifest, t = _load(captures[(name, case)])
    cfg = _config(name)
    vc, tc = cfg["vision_config"], cfg["text_config"]
    hidden = vc.get("embed_dim", vc["hidden_size"])
    out_hidden = vc.get("out_hidden_size", vc["hidden_size"])
    images = bool(manifest["case"]["images"])
    assert manifest["family"] == cfg["model_type"]
    names = [s["name"] for s in manifest["stages"]]
    assert names == _expected_stages(vc["depth"], tc["num_hidden_layers"], images)
    assert set(t) == {s["name"] for s in manifest["stages"] if s["kind"] != "text"}
    for st in manifest["stages"]:
        if st["kind"] != "text":
            assert list(t[st["name"]].shape) == st["shape"] and \
                t[st["name"]].dtype == DTYPES[st["dtype"]], st["name"]
    L = manifest["expanded_length"]
    assert t["input_ids"].shape == t["attention_mask"].shape == (L,)
    assert t["position_ids"].shape == (3, L) and t["rope_deltas"].shape == (1,)
    assert int(t["rope_deltas"][0]) == int(t["position_ids"].max()) + 1 - L
    head_dim = tc["hidden_size"] // tc["num_attention_heads"]
    assert t["past_key_values.0.key"].shape == (tc["num_key_value_heads"], L, head_dim)
    assert t["inputs_embeds"].shape == (L, tc["hidden_size"])
    assert t["prefill_logits"].shape == (tc["vocab_size"],)
    assert t["greedy_tokens"].shape == (cases.MAX_NEW_TOKENS,)
    if not images:
        assert torch.equal(t["position_ids"], torch.arange(L).expand(3, L))
        assert int(t["rope_deltas"][0]) == 0
        return
    grid = t["image_grid_thw"]
    patches = int(grid.prod(-1).sum())
    patch_dim = 3 * vc["temporal_patch_size"] * vc["patch_size"] ** 2
    assert grid.shape == (len(manifest["case"]["images"]), 3) and grid.dtype == torch.int64
    assert t["pixel_values"].shape == (patches, patch_dim)
    assert t["pixel_values"].dtype == torch.float32
    for i in range(vc["depth"] + 1):
        assert t[f"vision_hidden_states.{i}"].shape == (patches, hidden)
    assert t["image_features"].shape == (patches // 4, out_hidden)
    assert int((t["input_ids"] == cfg["image_token_id"]).sum()) == patches // 4
    assert manifest["vision_layout"]["cu_seqlens"] == [0, *grid.prod(-1).cumsum(0).tolist()]
    assert manifest["processing"]["expansion"]["by"] in ("oracle", "Qwen2VLProcessor",
                                                         "Qwen2_5_VLProcessor")


@pytest.mark.parametrize("name", QWEN)
def test_two_sizes_packs_two_different_grids(name, captures):
    manifest, t = _load(captures[(name, "two_sizes")])
    grid = t["image_grid_thw"].tolist()
    assert len(grid) == 2 and grid[0] != grid[1] and grid[0][1:] != grid[1][:0:-1]
    assert grid == [[1, 4, 16], [1, 8, 10]]
    cu = manifest["vision_layout"]["cu_seqlens"]
    assert cu == [0, 64, 144]
    if name == "tiny-qwen2.5-vl":
        layout = manifest["vision_layout"]
        windows = layout["cu_window_seqlens"]
        assert set(cu) <= set(windows) and len(windows) > len(cu)  # windows never straddle images
        assert sorted(layout["window_index"]) == list(range(144 // 4))


@pytest.mark.parametrize("name", QWEN)
def test_positions_follow_the_grids(name, captures):
    """Text runs count up by one on all three axes; an image's pads hold (t, h, w) of its merged
    grid offset by the position it starts at; the text after it resumes at start + max(h, w)."""
    _, t = _load(captures[(name, "two_sizes")])
    ids = t["input_ids"]
    expect = testing.check_qwen_positions(ids, t["position_ids"], _config(name)["image_token_id"],
                                          t["image_grid_thw"].tolist())
    assert int(t["rope_deltas"][0]) == expect - len(ids)


@pytest.mark.parametrize("name", QWEN)
def test_merger_rows_are_the_scattered_image_rows(name, captures):
    _, t = _load(captures[(name, "two_sizes")])
    cfg = _config(name)
    weights = load_file(str(testing.ensure_fixtures((name,))[name] / "model.safetensors"))
    is_pad = t["input_ids"] == cfg["image_token_id"]
    assert torch.equal(t["inputs_embeds"][is_pad], t["image_features"])
    embed = weights["model.embed_tokens.weight"]  # the legacy names 5.23 saves
    assert torch.equal(t["inputs_embeds"][~is_pad], embed[t["input_ids"][~is_pad]])


@pytest.mark.parametrize("name", QWEN)
def test_vision_states_are_in_the_towers_row_order(name, captures):
    """vision_hidden_states.0 is the patch embedding of pixel_values (one matmul over patch_dim),
    its rows in Transformers' window order for Qwen2.5-VL (window_index over 2x2 merge units),
    in patch order for Qwen2-VL."""
    manifest, t = _load(captures[(name, "two_sizes")])
    weights = load_file(str(testing.ensure_fixtures((name,))[name] / "model.safetensors"))
    w = weights["visual.patch_embed.proj.weight"]
    embedded = t["pixel_values"].double() @ w.reshape(w.shape[0], -1).double().T
    order = manifest["vision_layout"].get("window_index")
    if order is not None:
        embedded = embedded.reshape(-1, 4, w.shape[0])[order].reshape(-1, w.shape[0])
    else:
        assert name == "tiny-qwen2-vl"
    got = t["vision_hidden_states.0"].double()
    assert (got - embedded).abs().max().item() < 1e-4
    if order is not None:  # not the identity, so the check above tells the two orders apart
        assert (got - t["pixel_values"].double() @ w.reshape(w.shape[0], -1).double().T
                ).abs().max().item() > 1e-2


@pytest.mark.parametrize("name", QWEN)
def test_malformed_placeholder_records_the_processors_error(name, captures):
    manifest = json.loads((captures[(name, "malformed_placeholder")] / "manifest.json").read_text())
    err = manifest["error"]
    assert err["type"] == "ValueError" and err["reason"] == "placeholder_count_mismatch"
    assert "Found total 2 <|image_pad|> tokens and 1 images" in err["message"]
    assert [s["name"] for s in manifest["stages"]] == ["rendered_text"]


def test_video_is_refused(tmp_path):
    model_dir = testing.ensure_fixtures(("tiny-qwen2-vl",))["tiny-qwen2-vl"]
    case = {"name": "video", "prompt": "What happens?", "images": [], "videos": ["clip.mp4"]}
    with pytest.raises(qwen.VideoUnsupported, match="video input is not supported"):
        capture.capture(model_dir, case, tmp_path / "cap")


def test_narrow_capture_keeps_its_dtypes():
    caps = testing.ensure_captures(case_names=("two_sizes",), fixture_names=("tiny-qwen2.5-vl",),
                                   dtype="bfloat16")
    cap = caps[("tiny-qwen2.5-vl", "two_sizes")]
    manifest, _ = _load(cap)
    assert manifest["dtype"] == "bf16"
    for st in manifest["stages"]:
        if st["kind"] == "text":
            continue
        if st["name"] == "pixel_values":
            assert st["dtype"] == "f32"
        elif st["kind"] == "int":
            assert st["dtype"] == "i64", st["name"]
        else:
            assert st["dtype"] == "bf16", st["name"]
    ref = json.loads((capture.reference_dir(cap) / "manifest.json").read_text())
    assert ref["dtype"] == "f32" and [s["name"] for s in ref["stages"]] == \
        [s["name"] for s in manifest["stages"]]


def test_every_computed_stage_has_a_measured_qwen_bound(captures):
    """Each float stage but the host's pixel_values finds its bound in a qwen/ section, in every
    dtype; and float32's own noise on one run (the checkpoint in float64), measured on this
    machine, sits inside half of the committed float32 bound. The bound is 4x the largest noise
    measured over the ISAs we reach (measure.py --isa); half of it leaves a machine whose kernels
    sum in yet another order twice the measured noise before this test calls the bound stale."""
    table = compare.load_tolerances()
    manifest, _ = _load(captures[("tiny-qwen2.5-vl", "two_sizes")])
    group = compare.tolerance_group(manifest)
    assert group == "qwen"
    for key in ("f32", "bf16", "f16", "bf16->f32", "f16->f32"):
        assert f"{group}/{key}" in table
    for st in manifest["stages"]:
        if st["kind"] != "float" or st["name"] == "pixel_values":
            continue
        for short in ("f32", "bf16", "f16"):
            cand = "f32" if st["name"] == "prefill_logits" else short
            sec = table[f"{group}/{short}" if cand == short else f"{group}/{short}->f32"]
            own = [p for p in sec if not p.startswith("_") and
                   compare.fnmatch.fnmatchcase(st["name"], p)]
            assert own, (short, st["name"])
            assert compare.lookup_tolerance(table, short, cand, st["name"], group)[0] == (
                sec[own[0]]["atol"], sec[own[0]]["rtol"])
    cap = captures[("tiny-qwen2.5-vl", "two_sizes")]
    model_dir = testing.ensure_fixtures(("tiny-qwen2.5-vl",))["tiny-qwen2.5-vl"]
    ref = capture.ensure_f64_reference(model_dir, manifest["case"], cap)
    noise = measure.capture_noise(cap, measure.UNIT_ROUNDOFF["f32"], ref)
    assert noise and all(n["max_abs"] > 0 for n in noise.values())  # f32 is not f64
    for stage, n in noise.items():
        atol, _ = compare.lookup_tolerance(table, "f32", "f32", stage, group)[0]
        assert 2 * n["atol_fit"] <= atol, (stage, n, atol)
