"""The Qwen2-VL / Qwen2.5-VL device programs against Transformers eager float32.

Tiny seeded `Qwen2VLForConditionalGeneration` and `Qwen2_5_VLForConditionalGeneration` models are
saved to a temporary directory; `vlmxla-testtool run-program` builds each program from that
config.json, binds the checkpoint's tensors by name and runs it on PJRT CPU. The vision program's
inputs are laid out here from Transformers' own helpers (get_vision_position_ids, cu_seqlens,
get_vision_window_index), as the host's QwenVisionLayout must lay them out:
  - the vision tower's hidden states and the merger output, two images of different sizes packed
    in one patch bucket with padding rows;
  - padding never changes a real row: one image alone in its exact bucket and in a larger one;
  - packed images never see each other: changing one image leaves every row of the other
    bit-identical;
  - prefill with get_rope_index's three-axis positions (logits and every layer's K/V), and a
    decode step at rotary position KV row + rope_delta.
Stages are compared with the f32 tolerances of python/vlmxla_oracle/tolerances.json.
"""

import subprocess

import numpy as np
import pytest
import torch
import transformers
from safetensors.numpy import load_file, save_file
from transformers import vision_utils
from vlmxla_oracle import compare, fixtures

TOLERANCES = compare.load_tolerances()
IMAGE, VIDEO, START, END = 90, 91, 92, 93  # special token ids of the tiny vocabulary (96)
GRIDS = [(1, 6, 10), (1, 8, 4)]  # [t, h, w] in patches: two images of different sizes
TEXT_CONFIG = {
    "vocab_size": 96, "hidden_size": 64, "intermediate_size": 96, "num_hidden_layers": 2,
    "num_attention_heads": 4, "num_key_value_heads": 2, "max_position_embeddings": 256,
    "rms_norm_eps": 1e-6, "bos_token_id": 94, "eos_token_id": 95,
    "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0, "mrope_section": [2, 3, 3]},
}
VISION_CONFIG = {  # patch_dim = 3 * 2 * 4 * 4 = 96, head_dim 16
    "qwen2_vl": {"depth": 2, "embed_dim": 32, "hidden_size": 64, "num_heads": 2, "mlp_ratio": 2,
                 "patch_size": 4, "temporal_patch_size": 2, "spatial_merge_size": 2},
    # window_size 16 = 2 merged units of 2 patches of 4 pixels: windows of 2x2 merged units, the
    # middle block windowed, the others full.
    "qwen2_5_vl": {"depth": 3, "hidden_size": 32, "intermediate_size": 48, "num_heads": 2,
                   "out_hidden_size": 64, "patch_size": 4, "temporal_patch_size": 2,
                   "spatial_merge_size": 2, "window_size": 16, "fullatt_block_indexes": [0, 2]},
}
WEIGHT_INIT = {"seed": 1313, "weight_init": {"matrix_gain": 1.0, "embedding_std": 0.2,
                                             "bias_std": 0.1, "norm_jitter": 0.1}}


def _tol(stage: str):
    tol, why = compare.lookup_tolerance(TOLERANCES, "f32", "f32", stage)
    assert tol is not None, why
    return tol


def _assert_close(got, want, stage: str, label: str) -> float:
    atol, rtol = _tol(stage)
    got, want = np.asarray(got, np.float32), np.asarray(want, np.float32)
    assert got.shape == want.shape, f"{label}: {got.shape} vs {want.shape}"
    diff = float(np.max(np.abs(got - want))) if got.size else 0.0
    print(f"{label}: max_abs {diff:.3g} (atol {atol}, rtol {rtol})")
    np.testing.assert_allclose(got, want, atol=atol, rtol=rtol, err_msg=label)
    return diff


class Model:
    """A tiny saved model of one family and the run-program calls on it."""

    def __init__(self, family: str, directory, testtool):
        cls = {"qwen2_vl": (transformers.Qwen2VLConfig, transformers.Qwen2VLForConditionalGeneration),
               "qwen2_5_vl": (transformers.Qwen2_5_VLConfig,
                              transformers.Qwen2_5_VLForConditionalGeneration)}[family]
        config = cls[0](text_config=dict(TEXT_CONFIG), vision_config=dict(VISION_CONFIG[family]),
                        image_token_id=IMAGE, video_token_id=VIDEO, vision_start_token_id=START,
                        vision_end_token_id=END)
        config._attn_implementation = "eager"
        torch.manual_seed(0)
        self.model = cls[1](config).eval()
        fixtures._init_weights(self.model, WEIGHT_INIT)
        self.model.save_pretrained(directory)
        self.family, self.dir, self.testtool = family, directory, testtool
        self.vision = self.model.config.vision_config
        self.windowed = family == "qwen2_5_vl"
        self.unit = self.vision.spatial_merge_size ** 2
        self.patch_dim = (self.vision.in_channels * self.vision.temporal_patch_size
                          * self.vision.patch_size ** 2)
        self.runs = 0

    def run(self, program: str, inputs: dict, tmp_path, *extra) -> dict:
        self.runs += 1
        work = tmp_path / f"{program}{self.runs}"
        work.mkdir()
        save_file(inputs, str(work / "in.safetensors"))
        proc = subprocess.run(
            [str(self.testtool), "run-program", "--model", str(self.dir), "--program", program,
             "--inputs", str(work / "in.safetensors"), "--output", str(work / "out.safetensors"),
             *extra], check=False, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        return load_file(str(work / "out.safetensors"))

    # --- the vision layout, computed as Transformers computes it ---

    def layout(self, grids, bucket: int) -> dict:
        """The vision program's index inputs for `grids` packed into `bucket` rows, and the order
        of its input rows (patch_order: row i is Transformers' patch patch_order[i])."""
        thw = torch.tensor(grids)
        merge = self.vision.spatial_merge_size
        pos = vision_utils.get_vision_position_ids(thw, merge)  # [n, 2] (h, w)
        n = pos.shape[0]
        assert bucket >= n and bucket % self.unit == 0
        cu = vision_utils.get_vision_cu_seqlens(thw)
        if self.windowed:
            window_index, cu_window = vision_utils.get_vision_window_index(
                thw, merge, self.vision.window_size, self.vision.patch_size)
            patch_order = (window_index[:, None] * self.unit + torch.arange(self.unit)).reshape(-1)
            merged_order = torch.argsort(window_index)
        else:
            patch_order, cu_window, merged_order = torch.arange(n), cu, torch.arange(n // self.unit)

        def segments(bounds):
            seg = np.full(bucket, -1, np.int32)
            for k in range(len(bounds) - 1):
                seg[int(bounds[k]):int(bounds[k + 1])] = k
            return seg

        rotary = np.zeros((bucket, 2), np.int32)
        rotary[:n] = pos[patch_order].numpy()
        merged = np.arange(bucket // self.unit, dtype=np.int32)
        merged[:n // self.unit] = merged_order.numpy()
        out = {"rotary_hw": rotary, "full_segment": segments(cu)}
        if self.windowed:
            out["window_segment"] = segments(cu_window)
            out["merged_order"] = merged
            assert len(cu_window) > len(cu) + 1, "the test needs several windows per image"
        return out, patch_order.numpy(), n

    def vision_inputs(self, pixels: np.ndarray, grids, bucket: int) -> tuple[dict, np.ndarray]:
        inputs, order, n = self.layout(grids, bucket)
        px = np.zeros((bucket, self.patch_dim), np.float32)
        px[:n] = pixels[order]
        inputs["pixel_values"] = px
        return inputs, order

    def oracle_vision(self, pixels: np.ndarray, grids) -> dict:
        with torch.no_grad():
            out = self.model.model.visual(torch.from_numpy(pixels), grid_thw=torch.tensor(grids),
                                          output_hidden_states=True)
        states = [h.numpy() for h in out.hidden_states]
        np.testing.assert_array_equal(states[-1], out.last_hidden_state.numpy())
        return {"image_features": out.pooler_output.numpy(), "states": states}


def _pixels(grids, seed: int) -> np.ndarray:
    rows = sum(t * h * w for t, h, w in grids)
    return np.random.default_rng(seed).standard_normal((rows, 96)).astype(np.float32)


@pytest.fixture(scope="module", params=["qwen2_vl", "qwen2_5_vl"])
def model(request, tmp_path_factory, vlmxla_testtool):
    return Model(request.param, tmp_path_factory.mktemp(request.param), vlmxla_testtool)


def test_vision_tower_and_merger_match_transformers(model, tmp_path):
    """Two images of different sizes packed in one bucket with 4 padding rows: every block's
    hidden states (the tower's row order) and the merger output (final order) against eager."""
    pixels = _pixels(GRIDS, 1)
    n = pixels.shape[0]
    inputs, order = model.vision_inputs(pixels, GRIDS, n + model.unit)
    got = model.run("vision_encode", inputs, tmp_path, "--taps")
    want = model.oracle_vision(pixels, GRIDS)
    depth = model.vision.depth
    assert set(got) == {"image_features"} | {f"vision_hidden_states.{i}" for i in range(depth + 1)}
    assert len(want["states"]) == depth + 1
    for i, state in enumerate(want["states"]):
        _assert_close(got[f"vision_hidden_states.{i}"][:n], state, "vision_hidden_states.*",
                      f"{model.family} vision_hidden_states.{i}")
    tokens = n // model.unit
    _assert_close(got["image_features"][:tokens], want["image_features"], "image_features",
                  f"{model.family} image_features")
    if model.windowed:  # the rows really were reordered, and gathered back
        assert not np.array_equal(order, np.arange(n))


def test_vision_padding_never_changes_a_real_row(model, tmp_path):
    """Padding rows (segment -1) never reach a real row: whatever the padding rows hold, every
    real row is bit-identical. The same image in its exact bucket and in one twice as large agrees
    to float32 reduction order only (the softmax sums and the probs . V products run over N keys,
    the masked ones adding exact zeros, and XLA groups a longer sum differently: ~1e-6 here), so
    that comparison takes the f32 tolerances."""
    grids = GRIDS[:1]
    pixels = _pixels(grids, 2)
    n = pixels.shape[0]
    exact = model.run("vision_encode", model.vision_inputs(pixels, grids, n)[0], tmp_path, "--taps")
    inputs = model.vision_inputs(pixels, grids, 2 * n)[0]
    padded = model.run("vision_encode", inputs, tmp_path, "--taps")
    rng = np.random.default_rng(7)
    inputs["pixel_values"][n:] = rng.standard_normal((n, model.patch_dim)) * 3
    inputs["rotary_hw"][n:] = rng.integers(0, 50, (n, 2))
    garbage = model.run("vision_encode", inputs, tmp_path, "--taps")
    assert padded["image_features"].shape[0] == 2 * exact["image_features"].shape[0]
    for name, value in exact.items():
        rows = value.shape[0]
        np.testing.assert_array_equal(garbage[name][:rows], padded[name][:rows], err_msg=name)
        assert not np.array_equal(garbage[name][rows:], padded[name][rows:]), name
        stage = "image_features" if name == "image_features" else "vision_hidden_states.*"
        _assert_close(padded[name][:rows], value, stage,
                      f"{model.family} {name}: bucket {n} vs {2 * n}")
    want = model.oracle_vision(pixels, grids)
    _assert_close(exact["image_features"], want["image_features"], "image_features",
                  f"{model.family} image_features (one image)")


def test_vision_attention_in_query_blocks(model, tmp_path):
    """The engine runs a large image's attention in blocks of query rows
    (ProgramCommonOptions::attention_block_scores): 96 rows in 16 blocks of 6 here, each block
    taking its rows of the segment mask. Every row keeps its unblocked value to float32 GEMM
    order (a smaller product may be summed in another order: ~1e-6 here) and Transformers' within
    the tolerances, and the program really has the blocks."""
    pixels = _pixels(GRIDS, 5)
    n = pixels.shape[0]
    inputs = model.vision_inputs(pixels, GRIDS, n + model.unit)[0]
    whole = model.run("vision_encode", inputs, tmp_path, "--taps", "--attention-block-scores", "0",
                      "--emit", str(tmp_path / "whole.mlir"))
    blocked = model.run("vision_encode", inputs, tmp_path, "--taps", "--attention-block-scores",
                        "256", "--emit", str(tmp_path / "blocked.mlir"))
    dots = [(tmp_path / f).read_text().count("stablehlo.dot_general")
            for f in ("whole.mlir", "blocked.mlir")]
    assert dots[1] == dots[0] + 2 * 15 * model.vision.depth, dots  # 2 products per extra block
    assert set(blocked) == set(whole)
    for name in whole:  # a block given another block's mask rows would be off by ~0.1
        np.testing.assert_allclose(blocked[name], whole[name], atol=1e-5, rtol=1e-5, err_msg=name)
    want = model.oracle_vision(pixels, GRIDS)
    _assert_close(blocked["image_features"][:n // model.unit], want["image_features"],
                  "image_features", f"{model.family} image_features (blocked attention)")


def test_packed_images_never_see_each_other(model, tmp_path):
    """Changing the second image's pixels leaves every row of the first bit-identical (and changes
    the second's)."""
    pixels = _pixels(GRIDS, 3)
    first = GRIDS[0][0] * GRIDS[0][1] * GRIDS[0][2]
    changed = pixels.copy()
    changed[first:] = _pixels(GRIDS, 4)[first:]
    bucket = pixels.shape[0] + model.unit
    a = model.run("vision_encode", model.vision_inputs(pixels, GRIDS, bucket)[0], tmp_path, "--taps")
    b = model.run("vision_encode", model.vision_inputs(changed, GRIDS, bucket)[0], tmp_path,
                  "--taps")
    tokens = first // model.unit
    for name in a:
        rows = tokens if name == "image_features" else first  # the first image's rows come first
        np.testing.assert_array_equal(a[name][:rows], b[name][:rows], err_msg=name)
        assert not np.array_equal(a[name][rows:rows + 4], b[name][rows:rows + 4]), name


def _prompt(grids) -> np.ndarray:
    """Text, then each image as <vision_start> pads <vision_end>, then text."""
    rng = np.random.default_rng(5)
    ids = list(rng.integers(0, 88, 5))
    for t, h, w in grids:
        ids += [START] + [IMAGE] * (t * h * w // 4) + [END] + list(rng.integers(0, 88, 3))
    return np.array(ids, np.int64)


def test_prefill_and_decode_take_mrope_positions(model, tmp_path):
    """Prefill with get_rope_index's [3, L] positions in a padded length bucket, then one decode
    step at rotary position L + rope_delta, against the eager model with its cache."""
    ids = _prompt(GRIDS)
    length = ids.size
    pixels = _pixels(GRIDS, 6)
    m = model.model
    ids_t = torch.from_numpy(ids)[None]
    mm_types = (ids_t == IMAGE).int()
    grid_t = torch.tensor(GRIDS)
    with torch.no_grad():
        positions, deltas = m.model.get_rope_index(ids_t, mm_types, image_grid_thw=grid_t)
        features = torch.cat(m.model.get_image_features(torch.from_numpy(pixels), grid_t)
                             .pooler_output).numpy()
        out = m(input_ids=ids_t, pixel_values=torch.from_numpy(pixels), image_grid_thw=grid_t,
                mm_token_type_ids=mm_types, position_ids=positions, use_cache=True)
    positions = positions[:, 0].numpy().astype(np.int32)  # [3, L]
    delta = int(deltas.reshape(-1)[0])
    # The three axes differ on the image tokens, and decode's rotation differs from its KV row.
    assert not np.array_equal(positions[1], positions[2]) and delta != 0

    bucket, capacity = length + 3, length + 4
    is_image = ids == IMAGE
    rope = np.zeros((3, bucket), np.int32)
    rope[:, :length] = positions
    inputs = {
        "input_ids": np.concatenate([ids, np.zeros(3, np.int64)]).astype(np.int32),
        "feature_index": np.concatenate([np.where(is_image, np.cumsum(is_image) - 1, 0),
                                         np.zeros(3, np.int64)]).astype(np.int32),
        "image_features": features, "length": np.array(length, np.int32), "rope_positions": rope,
    }
    got = model.run("prefill", inputs, tmp_path, "--taps", "--capacity", str(capacity))
    want_logits = out.logits[0, -1].numpy()
    _assert_close(got["prefill_logits"], want_logits, "prefill_logits",
                  f"{model.family} prefill_logits")
    layers = m.config.text_config.num_hidden_layers
    for layer in range(layers):
        cache = out.past_key_values.layers[layer]
        for kv, want in (("key", cache.keys[0]), ("value", cache.values[0])):
            _assert_close(got[f"kv.{layer}.{kv}"][:, :length], want.numpy(), "past_key_values.*",
                          f"{model.family} past_key_values.{layer}.{kv}")

    token = int(np.argmax(want_logits))
    assert int(np.argmax(got["prefill_logits"])) == token
    with torch.no_grad():
        step = m(input_ids=torch.tensor([[token]]), past_key_values=out.past_key_values,
                 position_ids=torch.full((3, 1, 1), length + delta), use_cache=True)
    decode_inputs = {"tokens": np.array([token], np.int32), "positions": np.array([length], np.int32),
                     "rope_positions": np.array([length + delta], np.int32)}
    for layer in range(layers):
        for kv in ("key", "value"):
            decode_inputs[f"kv.0.{layer}.{kv}"] = got[f"kv.{layer}.{kv}"]
    dec = model.run("decode", decode_inputs, tmp_path)
    _assert_close(dec["logits"][0], step.logits[0, -1].numpy(), "prefill_logits",
                  f"{model.family} decode logits")
    for layer in range(layers):
        cache = step.past_key_values.layers[layer]
        for kv, want in (("key", cache.keys[0]), ("value", cache.values[0])):
            _assert_close(dec[f"kv.0.{layer}.{kv}"][:, length], want[:, length].numpy(),
                          "past_key_values.*", f"{model.family} decode {kv} row, layer {layer}")
