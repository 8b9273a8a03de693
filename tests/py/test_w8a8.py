"""w8a8 on the oracle's side: int8's weights, and each decoder product's input quantized to int8
per token (vlmxla_oracle.capture.w8a8_linear, the engine's definition). The hook equals an
independent numpy implementation of that definition bit for bit (float32, bfloat16, float16 and
the float64 reference; zero rows, exact ties, a bias, a non-finite row); a w8a8 copy is int8's
copy plus a marker, which leaves int8's and int4's copies as they were; its capture hooks exactly
the decoder's projections and the LM head, says so in its manifest and is never taken for an int8
capture; compare.py reads the "w8a8/..." sections for w8a8 captures only; "w8a8" is accepted
where formats are and an unknown format is refused naming them."""

import json

import numpy as np
import pytest
import torch
from safetensors.numpy import save_file as save_np
from safetensors.torch import load_file
from vlmxla_oracle import capture, cases, compare, fixtures, quantize, testing


def _round8_f64(v: np.ndarray) -> np.ndarray:
    """float64 values rounded to 8 significant bits, half to even."""
    mantissa, exponent = np.frexp(v)
    return np.ldexp(np.rint(mantissa * 256) / 256, exponent)


def quantize_row(r: np.ndarray, wide):
    """(q int64, scale) of one row already widened to `wide` (float32 or float64), quantized to
    int8 as the definition says; None for a row holding a NaN or an infinity."""
    m = np.abs(r).max()
    if not np.isfinite(m):
        return None
    if m == 0:
        s = wide(1)
    elif wide is np.float32:
        s = quantize._round_to_bf16(np.float32(m) / np.float32(127))[()]
    else:
        s = _round8_f64(np.float64(m) / 127.0)
    return np.clip(np.rint(r / s), -127, 127).astype(np.int64), wide(s)


def reference_rows(x: np.ndarray, out: int, bias, wide, row_product) -> np.ndarray:
    """A definition row by row in numpy: x [rows, in] already widened to `wide`, each row
    quantized (quantize_row; a non-finite row's outputs NaN), row_product(q, scale) its outputs in
    `wide`, then the bias; the result in `wide` (before the compute dtype's rounding)."""
    rows = []
    for r in x:
        quantized = quantize_row(r, wide)
        if quantized is None:
            rows.append(np.full(out, np.nan, dtype=wide))
            continue
        y = row_product(*quantized)
        if bias is not None:
            y = y + bias.astype(wide)
        rows.append(y.astype(wide))
    return np.stack(rows)


def round_to_dtype(want: np.ndarray, dtype) -> np.ndarray:
    """A reference in float32 or float64 rounded to the compute dtype, as float64."""
    if dtype == torch.bfloat16:
        want = quantize._round_to_bf16(want)
    elif dtype == torch.float16:
        want = want.astype(np.float16)
    return want.astype(np.float64)


def _reference(x: np.ndarray, q_w: np.ndarray, s_w: np.ndarray, bias, wide) -> np.ndarray:
    """w8a8's definition: the integer sum in int64, times the two scales' product."""
    def row_product(q, s):
        isum = q_w.astype(np.int64) @ q  # exact
        return isum.astype(wide) * (s * s_w.astype(wide))

    return reference_rows(x, q_w.shape[0], bias, wide, row_product)


def _inputs(dtype, inp: int) -> torch.Tensor:
    """Random rows, a zero row, a row of exact ties (x / scale = k + 1/2 with an exact scale) and a
    row of one large value: [5, inp] in `dtype`."""
    g = torch.Generator().manual_seed(3)
    x = torch.randn(5, inp, generator=g, dtype=torch.float64) * 2
    x[1] = 0
    s = 2.0 ** -5  # m = 127 s: m / 127 = s exactly, already 8 bits
    x[2] = 0
    x[2, :8] = torch.tensor([127, 2.5, 3.5, -0.5, -1.5, 0.5, 126.5, -126.5]) * s
    x[3, 7] = 1e4
    return x.to(dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16, torch.float64])
@pytest.mark.parametrize("with_bias", [False, True])
def test_hook_equals_the_definition_bit_for_bit(dtype, with_bias):
    rng = np.random.default_rng(7)
    inp, out = 96, 40
    w = (rng.standard_normal((out, inp)) * 0.1).astype(np.float32)
    w[5] = 0  # an all-zero row: scale 1, q 0
    q_w, s_w = quantize.quantize(w, "int8")
    bias = torch.from_numpy(rng.standard_normal(out).astype(np.float32)).to(dtype) \
        if with_bias else None
    x = _inputs(dtype, inp)
    got = capture.w8a8_linear(x, torch.from_numpy(q_w), torch.from_numpy(s_w), bias)
    assert got.dtype == dtype and got.shape == (5, out)
    wide = np.float64 if dtype == torch.float64 else np.float32
    want = _reference(x.to(torch.float64).numpy().astype(wide), q_w, s_w,
                      None if bias is None else bias.to(torch.float64).numpy(), wide)
    assert got.to(torch.float64).numpy().tobytes() == round_to_dtype(want, dtype).tobytes()
    # Leading dimensions are rows too, and one row alone is computed the same.
    batched = capture.w8a8_linear(x.reshape(1, 5, inp), torch.from_numpy(q_w),
                                  torch.from_numpy(s_w), bias)
    assert torch.equal(batched.reshape(5, out), got)
    one = capture.w8a8_linear(x[4:5], torch.from_numpy(q_w), torch.from_numpy(s_w), bias)
    assert torch.equal(one, got[4:5])


def test_ties_round_half_to_even_and_special_rows():
    q, s = capture.w8a8_quantize_rows(_inputs(torch.float32, 16))
    assert s[1] == 1 and not q[1].any()  # the zero row
    assert s[2] == 2.0 ** -5
    assert q[2, :8].tolist() == [127, 2, 4, 0, -2, 0, 126, -126]
    assert q[3, 7] == 127 and (q[3].abs() <= 127).all()
    bad = torch.tensor([[1.0, float("nan")], [float("inf"), 0.0], [0.25, -3.0]])
    q, s = capture.w8a8_quantize_rows(bad)
    assert torch.isnan(s[:2]).all() and not q[:2].any()
    # 3 / 127 rounded to 8 bits, and the row's max maps to -127.
    assert s[2] == float(quantize._round_to_bf16(np.float32(3) / np.float32(127)))
    assert q[2, 1] == -127
    y = capture.w8a8_linear(bad, torch.ones(1, 2, dtype=torch.int8), torch.ones(1))
    assert torch.isnan(y[:2]).all() and torch.isfinite(y[2]).all()


def test_round_to_8_bits_matches_bfloat16_rounding():
    rng = np.random.default_rng(1)
    v = np.abs(rng.standard_normal(10000)).astype(np.float32) * 1e-3
    v[:4] = [1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8, 0, 2.0 ** -130]  # ties to even, zero, subnormal
    got = capture.round_to_8_bits(torch.from_numpy(v)).numpy()
    assert got.tobytes() == quantize._round_to_bf16(v).tobytes()
    d = np.abs(rng.standard_normal(10000)) * 1e-3
    got64 = capture.round_to_8_bits(torch.from_numpy(d)).numpy()
    assert got64.tobytes() == _round8_f64(d).tobytes()


# w4a8 (test_w4a8.py) holds int4's projections and int8's head, as w8a8 holds int8's.
@pytest.mark.parametrize(("weights", "stored"), [("w8a8", "int8"), ("w4a8", "int4")])
def test_w8a8_is_accepted_and_unknown_formats_are_refused_naming_them(weights, stored):
    assert weights in quantize.WEIGHTS and quantize.STORED_FORMAT[weights] == stored
    w = np.random.default_rng(0).standard_normal((4, 64)).astype(np.float32)
    q8, s8 = quantize.quantize(w, stored)
    q, s = quantize.quantize(w, weights)
    assert q.tobytes() == q8.tobytes() and s.tobytes() == s8.tobytes()
    if weights == "w8a8":  # w4a8's blocks: test_w4a8
        assert quantize.held_bytes((4, 64), "w8a8") == quantize.held_bytes((4, 64), "int8")
    f = quantize.tensor_format
    assert f("model.layers.0.mlp.down_proj.weight", weights, tied=True) == stored
    assert f("model.embed_tokens.weight", weights, tied=True) == "int8"
    assert f("lm_head.weight", weights, tied=False) == "int8"
    assert f("vision_tower.vision_model.encoder.layers.0.self_attn.q_proj.weight", weights,
             tied=True) is None
    model_dir = testing.ensure_fixture("tiny-qwen2")
    names = load_file(str(fixtures.weight_files(model_dir)[0])).keys()
    assert quantize.tensor_formats(model_dir, names, weights) == \
        quantize.tensor_formats(model_dir, names, stored)
    for call in (lambda: f("model.layers.0.mlp.up_proj.weight", "fp8", tied=True),
                 lambda: quantize.tensor_formats(model_dir, names, "fp8"),
                 lambda: quantize.quantize(w, "fp8"), lambda: quantize.held_bytes((4, 64), "fp8")):
        with pytest.raises(ValueError, match="int8, int4, w8a8, w4a8"):
            call()


def test_gate_and_measure_take_w8a8_and_refuse_others(capsys, tmp_path):
    from vlmxla_gate import gate
    from vlmxla_oracle import measure

    # Accepted by the parser: the run then stops at the missing binary.
    assert gate.main(["--weights", "w8a8", "--vlmxla", str(tmp_path / "none")]) == 2
    with pytest.raises(SystemExit):
        gate.main(["--weights", "fp8", "--vlmxla", str(tmp_path / "none")])
    err = capsys.readouterr().err
    assert "--weights" in err and "int8" in err and "int4" in err and "w8a8" in err
    with pytest.raises(SystemExit):
        measure.main(["--weights", "fp8"])
    assert "w8a8" in capsys.readouterr().err
    assert measure.main(["--weights", "w8a8", "--group", "qwen"]) == 2


def test_w8a8_copy_is_int8s_plus_a_marker_and_int8_int4_copies_are_unchanged():
    model_dir = testing.ensure_fixture("tiny-qwen2")
    copies = {w: quantize.dequantized_model_dir(model_dir, w) for w in quantize.WEIGHTS}
    source = {}
    for path in fixtures.weight_files(model_dir):
        source.update(load_file(str(path)))
    formats = quantize.tensor_formats(model_dir, source, "int8")
    for w in quantize.WEIGHT_ONLY:  # as before w8a8: W' of each quantized tensor, no marker
        info = json.loads((copies[w] / "vlmxla_dequantized.json").read_text())
        assert set(info) == {"source", "weights", "quantized_tensors", "stamp"}
        assert quantize.activation_marker(copies[w]) is None
        deq = {}
        for path in fixtures.weight_files(copies[w]):
            deq.update(load_file(str(path)))
        for n, t in source.items():
            fmt = quantize.tensor_format(n, w, tied=True)
            if fmt is None:
                assert torch.equal(deq[n], t)
            else:
                q, s = quantize.quantize(t.numpy(), fmt)
                assert deq[n].numpy().tobytes() == quantize.dequantize(q, s).tobytes(), n
    assert quantize.activation_marker(copies["w8a8"]) == quantize.W8A8_ACTIVATIONS
    assert quantize.dequantized_info(copies["w8a8"])["quantized_tensors"] == len(formats)
    for f in copies["int8"].iterdir():  # every other file byte for byte int8's
        if f.name != "vlmxla_dequantized.json":
            assert (copies["w8a8"] / f.name).read_bytes() == f.read_bytes(), f.name


def test_hooked_modules_use_the_copys_q_and_scales_in_every_dtype():
    """tiny-llama (an untied head): the loaded model's hooked Linear modules are the 7 projections
    of each layer and lm_head, none of the embedding or norms, and each computes the definition
    with the q and scales of the copy's float32 W', whatever dtype the model is loaded in."""
    from transformers import AutoModelForCausalLM

    copy = quantize.dequantized_model_dir(testing.ensure_fixture("tiny-llama"), "w8a8")
    stored = {}
    for path in fixtures.weight_files(copy):
        stored.update(load_file(str(path)))
    for dtype in ("float32", "bfloat16", "float64"):
        model = capture.load_model(AutoModelForCausalLM, copy, dtype)
        hooked = [n for n, m in model.named_modules() if getattr(m, "w8a8", False)]
        assert hooked == capture.w8a8_module_names(model)
        layers = model.config.num_hidden_layers
        assert len(hooked) == 7 * layers + 1 and hooked[-1] == "lm_head"
        assert not any("embed" in n or "norm" in n for n in hooked)
        head = model.lm_head
        q, s = quantize.quantize(stored["lm_head.weight"].numpy(), "int8")
        x = torch.randn(3, head.in_features, generator=torch.Generator().manual_seed(0),
                        dtype=torch.float64).to(getattr(torch, dtype))
        with torch.no_grad():
            got = head(x)
        want = capture.w8a8_linear(x, torch.from_numpy(q), torch.from_numpy(s))
        assert torch.equal(got, want)
        plain = torch.nn.functional.linear(x, head.weight)
        assert not torch.equal(got, plain)  # the activations are quantized


def test_w8a8_capture_is_its_own_and_records_it(tmp_path):
    """tiny-qwen2 (tied head): a w8a8 capture says so in its manifest, differs from int8's, and
    neither is current for the other's copy; the teacher-forced logits come from the same hooked
    model (forced on its own greedy tokens they equal its greedy step logits)."""
    model_dir = testing.ensure_fixture("tiny-qwen2")
    w8a8 = quantize.dequantized_model_dir(model_dir, "w8a8")
    int8 = quantize.dequantized_model_dir(model_dir, "int8")
    case = json.loads(cases.write_cases(w8a8, tmp_path / "cases")["no_image"].read_text())
    m8 = capture.capture(int8, case, tmp_path / "int8")
    first = capture.capture(w8a8, case, tmp_path / "first")
    tokens = load_file(str(tmp_path / "first" / "stages.safetensors"))["greedy_tokens"].tolist()
    manifest = capture.capture(w8a8, {**case, "teacher_tokens": tokens}, tmp_path / "w8a8")
    assert manifest["activations"] == quantize.W8A8_ACTIVATIONS and "activations" not in m8
    assert capture.is_current(tmp_path / "w8a8" / "manifest.json", w8a8,
                              {**case, "teacher_tokens": tokens})
    assert not capture.is_current(tmp_path / "int8" / "manifest.json", w8a8, case)
    assert not capture.is_current(tmp_path / "first" / "manifest.json", int8, case)
    a = load_file(str(tmp_path / "w8a8" / "stages.safetensors"))["prefill_logits"]
    b = load_file(str(tmp_path / "int8" / "stages.safetensors"))["prefill_logits"]
    assert not torch.equal(a, b)
    assert first["greedy_text"] == manifest["greedy_text"]
    steps = load_file(str(tmp_path / "w8a8" / capture.STEP_LOGITS_FILE))
    assert torch.equal(steps["teacher_forced"], steps["greedy"])
    assert compare.activation_group(manifest) == "w8a8"
    assert compare.activation_group(m8) is None


TABLE = {
    "f32": {"prefill_logits": {"atol": 1e-5, "rtol": 0}, "pixel_values": {"atol": 1e-6, "rtol": 0}},
    "bf16->f32": {"prefill_logits": {"atol": 0.1, "rtol": 0}},
    "qwen/f32": {"prefill_logits": {"atol": 2e-5, "rtol": 0}},
    "w8a8/f32": {"prefill_logits": {"atol": 1e-2, "rtol": 0}},
    "w8a8/bf16->f32": {"prefill_logits": {"atol": 0.5, "rtol": 0}},
}


def test_lookup_reads_w8a8_sections_for_w8a8_captures_only():
    look = compare.lookup_tolerance
    w8a8 = compare.activation_group({"activations": quantize.W8A8_ACTIVATIONS})
    assert w8a8 == "w8a8" and compare.activation_group({}) is None
    assert compare.activation_group({"activations": "something else"}) is None
    assert look(TABLE, "f32", "f32", "prefill_logits", None, w8a8)[0] == (1e-2, 0)
    assert look(TABLE, "f32", "f32", "prefill_logits", "qwen", w8a8)[0] == (1e-2, 0)
    assert look(TABLE, "bf16", "f32", "prefill_logits", None, w8a8)[0] == (0.5, 0)
    # Stages w8a8 has no entry for read the family's and the plain sections as before.
    assert look(TABLE, "f32", "f32", "pixel_values", "qwen", w8a8)[0] == (1e-6, 0)
    assert look(TABLE, "f32", "f32", "prefill_logits", "qwen")[0] == (2e-5, 0)
    assert look(TABLE, "f32", "f32", "prefill_logits")[0] == (1e-5, 0)


def _capture_dir(root, logits: np.ndarray, activations: str | None):
    root.mkdir()
    manifest = {"schema": compare.SCHEMA, "dtype": "f32",
                "stages": [{"name": "prefill_logits", "kind": "float", "dtype": "f32",
                            "shape": list(logits.shape)}]}
    if activations:
        manifest["activations"] = activations
    (root / "manifest.json").write_text(json.dumps(manifest))
    save_np({"prefill_logits": logits}, str(root / "stages.safetensors"))
    return root


def test_compare_holds_a_w8a8_capture_to_the_w8a8_bounds(tmp_path):
    logits = np.linspace(-3, 3, 16, dtype=np.float32)
    moved = logits + np.float32(1e-3)  # beyond f32's bound, within w8a8's
    cand = _capture_dir(tmp_path / "cand", moved, None)
    ref = _capture_dir(tmp_path / "w8a8", logits, quantize.W8A8_ACTIVATIONS)
    report = compare.compare(ref, cand, TABLE)
    assert report.passed and report.rows[0].atol == 1e-2
    plain = _capture_dir(tmp_path / "plain", logits, None)
    report = compare.compare(plain, cand, TABLE)
    assert not report.passed and report.first_divergence == "prefill_logits"


def test_committed_w8a8_sections_are_the_measured_noise_times_the_factor():
    """As test_dtypes' test of the plain sections, for `measure-tolerances --weights w8a8`: the
    committed "w8a8/..." sections hold the decoder's stages only, and each bound covers FACTOR x
    the noise measured here on today's fixtures' w8a8 copies and is at most 25% looser (the
    committed ones keep the larger of two ISAs'). About a minute: 30 captures of tiny fixtures
    and their references, cached."""
    from vlmxla_oracle import measure

    table = compare.load_tolerances()
    result = check_measured_sections("w8a8", table)
    # float32 reads the float32 sections (measure.W8A8_F32_WHY): the w8a8 noise measured here
    # must fit within them.
    for pattern, g in result["dtypes"]["f32"]["patterns"].items():
        if pattern in measure.W8A8_PATTERNS:
            for k in ("atol", "rtol"):
                assert g["proposed"][k] <= table["f32"][pattern][k], (pattern, k, g["proposed"])


def check_measured_sections(weights: str, table: dict) -> dict:
    """Measures `weights`' copies of the fixtures as `measure-tolerances --weights` does and
    asserts the committed "<weights>/..." sections: the four narrow ones, no float32 one, only the
    decoder's stages, each FACTOR x the noise measured now (testing.check_committed_sections).
    Returns the measurement."""
    from vlmxla_oracle import measure

    result = measure.measure(measure.fixtures_mod.ALL_FIXTURE_NAMES, measure.GROUP_DTYPES,
                             weights=weights)
    proposed = measure.sections(result)
    assert sorted(proposed) == sorted(f"{weights}/{k}" for k in ("bf16", "bf16->f32", "f16",
                                                                  "f16->f32"))
    assert f"{weights}/f32" not in table
    for key in proposed:
        assert {p for p in table[key] if not p.startswith("_")} <= set(measure.W8A8_PATTERNS)
    testing.check_committed_sections(proposed, table, result["factor"])
    return result


def test_tie_margin_is_the_nearest_activation_to_a_rounding_tie():
    """record_tie_margin on a hand-checked row: max 127 gives scale 1, so v = x; 10.500002 (as
    float32: 10.5 + 1.907e-6) is the nearest to a tie; 127 itself (half a step from 127.5) and
    3.2 are farther; a clamped value (beyond 127.5) counts for nothing."""
    ties = {"recording": True, "min_rel": float("inf"), "min_q": float("inf"), "values": 0}
    x = torch.tensor([[127.0, 10.500002, 3.2]], dtype=torch.float32)
    capture.record_tie_margin(x, ties)
    near = float(np.float32(10.500002)) - 10.5
    assert ties["values"] == 3
    assert ties["min_q"] == pytest.approx(0.5 - near if near > 0.5 else near, rel=1e-9)
    assert ties["min_rel"] == pytest.approx(near / float(np.float32(10.500002)), rel=1e-9)


def test_the_ci_w8a8_case_is_no_activation_near_tie(tmp_path):
    """scripts/test.sh's w8a8 gate (tiny-qwen2, no_image, float32) must not hinge on a rounding
    tie: every quantized activation of its prefill and greedy decode lies more than
    ACTIVATION_TIE_ROUNDINGS float32 roundings (relative) from one, so the engine's float noise
    cannot round one a step the other way on any CPU. tiny-llama's no_image, by contrast, has an
    activation 1.2 roundings from a tie: the check tells the two apart (and only in float32)."""
    from vlmxla_gate import gate

    got = {}
    for name in ("tiny-qwen2", "tiny-llama"):
        w8a8 = quantize.dequantized_model_dir(testing.ensure_fixture(name), "w8a8")
        case = json.loads(cases.write_cases(w8a8, tmp_path / name)["no_image"].read_text())
        manifest = capture.capture(w8a8, case, tmp_path / name / "cap")
        got[name] = manifest["activation_margin"]
        assert got[name]["values"] > 10000, got[name]
    qwen = gate.activation_margin_summary({"activation_margin": got["tiny-qwen2"]}, "f32")
    llama = gate.activation_margin_summary({"activation_margin": got["tiny-llama"]}, "f32")
    assert not qwen["near_tie"] and llama["near_tie"], (qwen, llama)
    assert not gate.activation_margin_summary({"activation_margin": got["tiny-llama"]},
                                              "bf16")["near_tie"]


def margin_manifests(activations: str) -> tuple[dict, dict, dict]:
    """LLaVA reference manifests of an activation format: a float32 near-tie (3 roundings from a
    tie), a float32 one 40 roundings away, and a bf16 one at a tie."""
    u = compare.F32_ROUNDING
    base = {"activations": activations, "family": "llava"}
    return ({**base, "dtype": "f32", "activation_margin": {"min_rel": 3 * u}},
            {**base, "dtype": "f32", "activation_margin": {"min_rel": 40 * u}},
            {**base, "dtype": "bf16", "activation_margin": {"min_rel": 0.0}})


def lookup_bound(table: dict, manifest: dict, ref: str, cand: str, stage: str):
    """(atol, rtol) a reference `manifest`'s stage reads (its family's and activations' groups);
    None where no section has it."""
    tol, _ = compare.lookup_tolerance(table, ref, cand, stage, compare.tolerance_group(manifest),
                                      compare.activation_group(manifest))
    return tol


def test_a_float32_activation_near_tie_reads_the_flip_bounds():
    """A float32 w8a8 capture within ACTIVATION_TIE_ROUNDINGS of a tie holds its decoder stages
    to "w8a8-tie/f32" (the flip bounds); one farther from a tie keeps float32's bounds, a bf16
    one its w8a8/bf16 section whatever its margin, and the vision side of each the sections it
    reads without w8a8."""
    table = compare.load_tolerances()
    near, far, narrow = margin_manifests(quantize.W8A8_ACTIVATIONS)
    assert compare.activation_group(near) == "w8a8-tie"
    assert compare.activation_group(far) == compare.activation_group(narrow) == "w8a8"

    def bound(manifest, dtype, stage):
        return lookup_bound(table, manifest, dtype, dtype, stage)

    kv = "past_key_values.0.key"
    assert bound(near, "f32", kv) == (table["w8a8-tie/f32"]["past_key_values.*"]["atol"],
                                      table["w8a8-tie/f32"]["past_key_values.*"]["rtol"])
    assert bound(far, "f32", kv) == (table["f32"]["past_key_values.*"]["atol"],
                                     table["f32"]["past_key_values.*"]["rtol"])
    assert bound(narrow, "bf16", kv)[0] == table["w8a8/bf16"]["past_key_values.*"]["atol"]
    assert bound(near, "f32", "image_features") == bound(far, "f32", "image_features")
