"""w4a8 on the oracle's side: int4's weights (the same tensors, q and scales) with each decoder
product's input rows quantized to int8 per token as w8a8 quantizes them
(vlmxla_oracle.capture.w4a8_linear, base/quantize.h's definition above kW4A8BlockOutputs), and
w8a8's head. The hook equals an independent numpy implementation of that definition bit for bit
(float32, bfloat16, float16 and the float64 reference; a zero row, a NaN row, exact ties, an
all-zero weight group, a bias), summing the groups in order with one float32 rounding each; a
w4a8 copy is int4's copy plus its own marker; its capture hooks the decoder's projections with
w4a8_linear and the LM head with w8a8_linear (int8 q), says so in its manifest and is never taken
for an int4 or a w8a8 capture; compare.py reads the "w4a8/..." sections (and "w4a8-tie/f32" for a
float32 near-tie) for w4a8 captures; the gate, measure, the bench and the quality tool take
"w4a8"; the weights-held bytes count the engine's blocks of 16 outputs with bfloat16 scales.

The tests at the end (test_engine_*) run build/vlmxla and need a binary whose --weights takes
w4a8; every other test here needs none."""

import json

import numpy as np
import pytest
import torch
from safetensors.torch import load_file
from test_w8a8 import (
    _capture_dir,
    _inputs,
    check_measured_sections,
    lookup_bound,
    margin_manifests,
    reference_rows,
    round_to_dtype,
)
from vlmxla_oracle import capture, cases, compare, fixtures, quantize, testing

GROUP = quantize.GROUP


def _reference(x: np.ndarray, q_w: np.ndarray, s_w: np.ndarray, bias, wide) -> np.ndarray:
    """The definition in numpy: per row, isum[o, g] over each group's 32 inputs in int64
    (exact), acc = acc + isum[o, g] * scale_w[o, g] for g in order in `wide` (one rounding a
    group), y = acc * scale_x, then the bias."""
    out, inp = q_w.shape
    w_groups = q_w.astype(np.int64).reshape(out, inp // GROUP, GROUP)

    def row_product(q, s):
        isum = (w_groups * q.reshape(1, inp // GROUP, GROUP)).sum(-1)  # [out, groups], exact
        acc = np.zeros(out, dtype=wide)
        for g in range(inp // GROUP):
            acc = (acc + isum[:, g].astype(wide) * s_w[:, g].astype(wide)).astype(wide)
        return (acc * s).astype(wide)

    return reference_rows(x, out, bias, wide, row_product)


def _weights(out: int = 40, inp: int = 96):
    """An int4 weight with an all-zero group (scale 1, q 0) and an all-zero row."""
    rng = np.random.default_rng(7)
    w = (rng.standard_normal((out, inp)) * 0.1).astype(np.float32)
    w[3, GROUP:2 * GROUP] = 0
    w[5] = 0
    q_w, s_w = quantize.quantize(w, "int4")
    assert np.abs(q_w).max() == 7 and s_w[3, 1] == 1 and not q_w[5].any()
    return q_w, s_w


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16, torch.float64])
@pytest.mark.parametrize("with_bias", [False, True])
def test_hook_equals_the_definition_bit_for_bit(dtype, with_bias):
    inp, out = 96, 40
    q_w, s_w = _weights(out, inp)
    rng = np.random.default_rng(8)
    bias = torch.from_numpy(rng.standard_normal(out).astype(np.float32)).to(dtype) \
        if with_bias else None
    # w8a8's rows (random, zero, exact ties, one large value) and a NaN row.
    x = torch.cat([_inputs(torch.float64, inp), torch.randn(1, inp, dtype=torch.float64)])
    x[5, 17] = float("nan")
    x = x.to(dtype)
    got = capture.w4a8_linear(x, torch.from_numpy(q_w), torch.from_numpy(s_w), bias)
    assert got.dtype == dtype and got.shape == (6, out)
    wide = np.float64 if dtype == torch.float64 else np.float32
    want = _reference(x.to(torch.float64).numpy().astype(wide), q_w, s_w,
                      None if bias is None else bias.to(torch.float64).numpy(), wide)
    # Bit for bit (NaN equal to NaN, whatever its sign: the NaN row).
    np.testing.assert_array_equal(got.to(torch.float64).numpy(), round_to_dtype(want, dtype))
    assert torch.isnan(got[5]).all() and torch.isfinite(got[:5]).all()
    if bias is None:
        assert not got[1].any()  # the zero row: scale 1, q 0
    # Leading dimensions are rows too, one row alone is computed the same, and so is a split of
    # the outputs into blocks (the LM-sized weights' path).
    batched = capture.w4a8_linear(x.reshape(2, 3, inp), torch.from_numpy(q_w),
                                  torch.from_numpy(s_w), bias)
    torch.testing.assert_close(batched.reshape(6, out), got, rtol=0, atol=0, equal_nan=True)
    one = capture.w4a8_linear(x[4:5], torch.from_numpy(q_w), torch.from_numpy(s_w), bias)
    assert torch.equal(one, got[4:5])


def test_output_blocks_do_not_change_the_result(monkeypatch):
    q_w, s_w = _weights()
    x = torch.randn(7, 96, generator=torch.Generator().manual_seed(1))
    whole = capture.w4a8_linear(x, torch.from_numpy(q_w), torch.from_numpy(s_w))
    monkeypatch.setattr(capture, "_INTEGER_SUM_VALUES", 7 * 3 * 5)  # blocks of 5 outputs
    assert torch.equal(capture.w4a8_linear(x, torch.from_numpy(q_w), torch.from_numpy(s_w)),
                       whole)


def test_groups_are_summed_in_order_with_one_float32_rounding_each():
    """A row of 127s (scale_x 1, q_x 127) against one output whose groups give exact products
    A = 28448 * 2^10, 127 * 2^-7 = 0.9921875 and -A: in group order float32 rounds A + 0.99 to A
    (half an ulp of A is 1), so the result is 0; float64 keeps the 0.99. Any other order of the
    three (say the two large ones first) would give 0.99 in float32 too."""
    q_w = np.zeros((1, 3 * GROUP), dtype=np.int8)
    q_w[0, :GROUP] = 7
    q_w[0, GROUP] = 1
    q_w[0, 2 * GROUP:] = -7
    s_w = np.array([[2.0 ** 10, 2.0 ** -7, 2.0 ** 10]], dtype=np.float32)
    x = torch.full((1, 3 * GROUP), 127.0)
    q, s = capture.w8a8_quantize_rows(x)
    assert s.item() == 1 and (q == 127).all()
    got = capture.w4a8_linear(x, torch.from_numpy(q_w), torch.from_numpy(s_w))
    assert got.item() == 0.0
    wide = capture.w4a8_linear(x.double(), torch.from_numpy(q_w), torch.from_numpy(s_w))
    assert wide.item() == 0.9921875


def test_a_bad_weight_shape_is_refused():
    with pytest.raises(ValueError, match="multiple of 32"):
        capture.w4a8_linear(torch.ones(1, 40), torch.ones(2, 40, dtype=torch.int8),
                            torch.ones(2, 1))


def test_held_bytes_count_the_engines_blocks_of_16_outputs_with_bf16_scales():
    """PackW4A8Weight holds [ceil(out / 16), in / 32, 256] bytes of nibbles and [ceil(out / 16),
    in / 32, 16] bfloat16 scales (DeclareDecoderWeights' parameters); the head is int8's."""
    assert quantize.held_bytes((40, 64), "int4", "w4a8") == 3 * 2 * 256 + 3 * 2 * 16 * 2
    assert quantize.held_bytes((48, 64), "w4a8") == 3 * 2 * 256 + 3 * 2 * 16 * 2
    assert quantize.held_bytes((40, 64), "int4") == 40 * 32 + 4 * 40 * 2
    assert quantize.held_bytes((40, 64), "int8", "w4a8") == quantize.held_bytes((40, 64), "int8")
    with pytest.raises(ValueError, match="w4a8"):
        quantize.held_bytes((40, 64), "int4", "fp4")


def test_bench_costs_read_the_w4a8_blocks():
    """The bench's decode bytes under w4a8: int4's, with each projection as the engine holds it
    (held_bytes: out padded to 16, two-byte scales) and the tied head in int8."""
    from vlmxla_bench import costs

    model_dir = testing.ensure_fixture("tiny-llava-siglip-qwen2")
    shapes = {}
    for path in fixtures.weight_files(model_dir):
        shapes.update({n: tuple(t.shape) for n, t in load_file(str(path)).items()})
    formats = quantize.tensor_formats(model_dir, shapes, "w4a8")
    delta = sum(quantize.held_bytes(shapes[n], "int4", "w4a8") - quantize.held_bytes(shapes[n],
                                                                                     "int4")
                for n, fmt in formats.items() if fmt == "int4")
    assert delta != 0
    got = {w: costs.model_costs(model_dir, 20, 10, 12, weights=w)["decode_weight_bytes"]
           for w in ("int4", "w4a8")}
    assert got["w4a8"] - got["int4"] == delta


def test_gate_measure_bench_and_quality_take_w4a8(capsys, tmp_path):
    import argparse

    from vlmxla_bench import __main__ as bench
    from vlmxla_bench import report
    from vlmxla_gate import gate, quality
    from vlmxla_oracle import measure

    # Accepted by the gate's parser: the run then stops at the missing binary.
    assert gate.main(["--weights", "w4a8", "--vlmxla", str(tmp_path / "none")]) == 2
    with pytest.raises(SystemExit):
        gate.main(["--weights", "w4a16", "--vlmxla", str(tmp_path / "none")])
    assert "w4a8" in capsys.readouterr().err
    assert measure.main(["--weights", "w4a8", "--group", "qwen"]) == 2
    assert quality.parse_formats("w4a8,int4,w4a8") == ["w4a8", "int4"]
    with pytest.raises(argparse.ArgumentTypeError, match="w4a8"):
        quality.parse_formats("w4a16")
    assert "w4a8" in bench.QUANTIZED_WEIGHTS
    assert report.weights_class({"weights": "w4a8"}) == "4-bit"  # beside llama.cpp's Q4_0
    assert report.weights_class({"weights": "w8a8"}) == "8-bit"
    assert report.cost_key({"dtype": "float32", "weights": "w4a8"}) == "float32/float32/w4a8"


def _tensors(model_dir) -> dict:
    out = {}
    for path in fixtures.weight_files(model_dir):
        out.update(load_file(str(path)))
    return out


def test_w4a8_copy_is_int4s_plus_its_own_marker():
    model_dir = testing.ensure_fixture("tiny-qwen2")
    w4a8 = quantize.dequantized_model_dir(model_dir, "w4a8")
    int4 = quantize.dequantized_model_dir(model_dir, "int4")
    info = quantize.dequantized_info(w4a8)
    assert info["weights"] == "w4a8"
    assert info["activations"]["format"] == quantize.W4A8_ACTIVATIONS
    assert quantize.activation_marker(w4a8) == quantize.W4A8_ACTIVATIONS
    assert quantize.W4A8_ACTIVATIONS != quantize.W8A8_ACTIVATIONS
    assert quantize.activation_marker(int4) is None
    assert info["quantized_tensors"] == quantize.dequantized_info(int4)["quantized_tensors"]
    for f in int4.iterdir():  # every other file byte for byte int4's
        if f.name != "vlmxla_dequantized.json":
            assert (w4a8 / f.name).read_bytes() == f.read_bytes(), f.name


@pytest.mark.parametrize(("name", "head"), [("tiny-llama", "lm_head.weight"),
                                            ("tiny-qwen2", "model.embed_tokens.weight")])
def test_projections_are_hooked_as_w4a8_and_the_head_as_w8a8(name, head):
    """The loaded copy (untied head: tiny-llama; tied: tiny-qwen2) hooks the 7 projections of
    each layer with w4a8_linear on the copy's int4 q and scales and the LM head with w8a8_linear
    on its int8 ones, in float32 and bfloat16; nothing else."""
    from transformers import AutoModelForCausalLM

    copy = quantize.dequantized_model_dir(testing.ensure_fixture(name), "w4a8")
    stored = _tensors(copy)
    for dtype in ("float32", "bfloat16"):
        model = capture.load_model(AutoModelForCausalLM, copy, dtype)
        w4 = [n for n, m in model.named_modules() if getattr(m, "w4a8", False)]
        w8 = [n for n, m in model.named_modules() if getattr(m, "w8a8", False)]
        layers = model.config.num_hidden_layers
        assert len(w4) == 7 * layers and all("proj" in n for n in w4)
        assert w8 == ["lm_head"]
        assert w4 + w8 == capture.w8a8_module_names(model)
        g = torch.Generator().manual_seed(0)
        proj = model.model.layers[0].mlp.down_proj
        q, s = quantize.quantize(stored["model.layers.0.mlp.down_proj.weight"].numpy(), "int4")
        x = torch.randn(3, proj.in_features, generator=g, dtype=torch.float64)
        x = x.to(getattr(torch, dtype))
        with torch.no_grad():
            assert torch.equal(proj(x), capture.w4a8_linear(x, torch.from_numpy(q),
                                                            torch.from_numpy(s)))
        q, s = quantize.quantize(stored[head].numpy(), "int8")
        x = torch.randn(3, model.lm_head.in_features, generator=g, dtype=torch.float64)
        x = x.to(getattr(torch, dtype))
        with torch.no_grad():
            got = model.lm_head(x)
        assert torch.equal(got, capture.w8a8_linear(x, torch.from_numpy(q), torch.from_numpy(s)))


def test_w4a8_capture_is_its_own_and_records_it(tmp_path):
    """tiny-qwen2: a w4a8 capture says so in its manifest (and its activation margin), differs
    from int4's and w8a8's, and none is current for another's copy."""
    model_dir = testing.ensure_fixture("tiny-qwen2")
    copies = {w: quantize.dequantized_model_dir(model_dir, w) for w in ("w4a8", "int4", "w8a8")}
    case = json.loads(cases.write_cases(copies["w4a8"], tmp_path / "cases")["no_image"]
                      .read_text())
    manifests = {w: capture.capture(d, case, tmp_path / w) for w, d in copies.items()}
    assert manifests["w4a8"]["activations"] == quantize.W4A8_ACTIVATIONS
    assert "activations" not in manifests["int4"]
    assert manifests["w4a8"]["activation_margin"]["values"] > 10000
    assert compare.activation_group(manifests["int4"]) is None
    assert compare.activation_group({**manifests["w4a8"], "activation_margin": None}) == "w4a8"
    for w, d in copies.items():
        for other in copies:
            assert capture.is_current(tmp_path / other / "manifest.json", d, case) == (w == other)
    logits = {w: load_file(str(tmp_path / w / "stages.safetensors"))["prefill_logits"]
              for w in copies}
    assert not torch.equal(logits["w4a8"], logits["int4"])
    assert not torch.equal(logits["w4a8"], logits["w8a8"])


def test_a_w4a8_capture_reads_the_w4a8_sections():
    """Against the committed table: a w4a8 capture's decoder stages read "w4a8/<section>" in
    bf16 and f16 (the logits "w4a8/<dtype>->f32"), float32's sections in float32, and
    "w4a8-tie/f32" (w4a8/bf16's K/V and logits bounds) when it is a float32 activation near-tie;
    its vision side reads what it reads without w4a8; a w8a8 capture keeps w8a8's."""
    table = compare.load_tolerances()
    near, far, narrow = margin_manifests(quantize.W4A8_ACTIVATIONS)
    assert compare.activation_group(near) == "w4a8-tie"
    assert compare.activation_group(far) == compare.activation_group(narrow) == "w4a8"

    def bound(manifest, ref, cand, stage):
        return lookup_bound(table, manifest, ref, cand, stage)

    def entry(section, stage):
        return table[section][stage]["atol"], table[section][stage]["rtol"]

    kv, logits = "past_key_values.0.key", "prefill_logits"
    for dtype in ("bf16", "f16"):
        m = {**narrow, "dtype": dtype}
        assert bound(m, dtype, dtype, kv) == entry(f"w4a8/{dtype}", "past_key_values.*")
        assert bound(m, dtype, "f32", logits) == entry(f"w4a8/{dtype}->f32", logits)
        assert bound(m, dtype, dtype, "image_features") == entry(dtype, "image_features")
    assert bound(far, "f32", "f32", kv) == entry("f32", "past_key_values.*")
    assert bound(far, "f32", "f32", logits) == entry("f32", logits)
    assert bound(near, "f32", "f32", kv) == entry("w4a8/bf16", "past_key_values.*")
    assert bound(near, "f32", "f32", logits) == entry("w4a8/bf16->f32", logits)
    assert bound(near, "f32", "f32", "image_features") == entry("f32", "image_features")
    assert entry("w4a8-tie/f32", "past_key_values.*") == entry("w4a8/bf16", "past_key_values.*")
    assert entry("w4a8-tie/f32", logits) == entry("w4a8/bf16->f32", logits)
    assert "w4a8/f32" not in table
    w8a8 = {**narrow, "activations": quantize.W8A8_ACTIVATIONS}
    assert bound(w8a8, "bf16", "f32", logits) == entry("w8a8/bf16->f32", logits)


def test_compare_holds_a_w4a8_capture_to_its_bounds(tmp_path):
    table = {"f32": {"prefill_logits": {"atol": 1e-5, "rtol": 0}},
             "w8a8/f32": {"prefill_logits": {"atol": 0.5, "rtol": 0}},
             "w4a8/f32": {"prefill_logits": {"atol": 0.8, "rtol": 0}}}
    logits = np.linspace(-3, 3, 16, dtype=np.float32)
    cand = _capture_dir(tmp_path / "cand", logits + np.float32(0.6), None)  # beyond w8a8's
    ref = _capture_dir(tmp_path / "w4a8", logits, quantize.W4A8_ACTIVATIONS)
    report = compare.compare(ref, cand, table)
    assert report.passed and report.rows[0].atol == 0.8
    ref = _capture_dir(tmp_path / "w8a8", logits, quantize.W8A8_ACTIVATIONS)
    report = compare.compare(ref, cand, table)
    assert not report.passed and report.rows[0].atol == 0.5


def test_committed_w4a8_sections_are_the_measured_noise_times_the_factor():
    """As test_w8a8's for `measure-tolerances --weights w4a8`: the committed "w4a8/..." sections
    hold the decoder's stages only and each bound covers FACTOR x the noise measured here on
    today's fixtures' w4a8 copies, at most 25% looser. In float32 (no section of its own:
    measure.W4A8_F32_WHY) the noise of each capture that is no activation near-tie fits the
    float32 sections, and a near-tie's the flip bounds (w4a8-tie/f32). 30 captures of tiny
    fixtures and their references, cached."""
    from vlmxla_oracle import measure

    table = compare.load_tolerances()
    result = check_measured_sections("w4a8", table)
    caps = testing.ensure_captures(case_names=("image_text", "two_images", "no_image"),
                                   fixture_names=fixtures.FIXTURE_NAMES, weights="w4a8")
    caps.update(testing.ensure_captures(case_names=("no_image",),
                                        fixture_names=fixtures.TEXT_FIXTURE_NAMES,
                                        weights="w4a8"))
    u = measure.UNIT_ROUNDOFF["f32"]
    for run in (r for r in result["runs"] if r["dtype"] == "f32"):
        manifest = json.loads((caps[(run["fixture"], run["case"])] / "manifest.json")
                              .read_text())
        section = "w4a8-tie/f32" if compare.activation_near_tie(manifest) else "f32"
        for stage, noise in run["stages"].items():
            pattern = measure._pattern(stage)
            if pattern in measure.W8A8_PATTERNS:
                want = measure._proposed(noise, result["factor"], u)
                assert want["atol"] <= table[section][pattern]["atol"], (run["fixture"],
                                                                         run["case"], stage)


# ------------------------------------------------------------------------------------------------
# Engine tests: these run build/vlmxla (the vlmxla_bin fixture) and need a binary whose --weights
# takes w4a8. (test_quantize.py's engine tests take every quantize.WEIGHTS value, w4a8 included.)

def test_engine_takes_w4a8(vlmxla_bin):
    import subprocess

    proc = subprocess.run([str(vlmxla_bin), "run", "--help"], capture_output=True, text=True,
                          check=False)
    assert "w4a8" in proc.stdout + proc.stderr


def test_engine_w4a8_gate_passes_on_both_cpu_backends(repo_dir, vlmxla_bin, tmp_path):
    """The text-only gate under --weights w4a8 (tiny-qwen2, no_image, float32, pjrt-cpu and
    iree-cpu, surfaces on): every stage within the w4a8 bounds the oracle's capture reads,
    greedy tokens exact, the weights held once in the engine's blocks (the expected bytes
    count them: baselines.expected_weights), and the quality figures against the float model.
    tiny-qwen2's no_image is a float32 w4a8 activation near-tie (an activation 12.9 float32
    roundings from a tie, measured): its decoder stages are held to the flip bounds."""
    import subprocess

    report_path = tmp_path / "r.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_arch.sh"), "--fixture", "tiny-qwen2", "--dtype",
         "float32", "--case", "no_image", "--backend", "all", "--weights", "w4a8", "--report",
         str(report_path), "--vlmxla", str(vlmxla_bin)],
        check=False, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    report = json.loads(report_path.read_text())
    assert report["pass"] and report["weights"] == "w4a8"
    assert {c["backend"] for c in report["cases"]} == {"pjrt-cpu", "iree-cpu"}
    for c in report["cases"]:
        assert c["status"] == "pass" and c["weights"] == "w4a8", c
        assert c["activation_margin"]["values"] > 10000
    assert report["top1_agreement"] is not None and report["mean_kl"] >= 0
