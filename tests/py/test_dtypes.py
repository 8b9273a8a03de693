"""bfloat16 and float16 on the oracle's side: the fixtures' dtype variants hold exactly the float32
fixtures' weights cast by Transformers (config.json saying so), the Hub-layout copies are sharded
with an index, a narrow capture stores every stage in the dtype Transformers produced it and keeps
a float32 reference, the committed narrow tolerances are the measured noise times the stated
factor (re-measured here from the captures), and no fixture has a near-tie on its greedy path in
any dtype (every top-1/top-2 margin is well outside what the logits tolerance lets move)."""

import hashlib
import json

import pytest
import torch
from safetensors import safe_open
from safetensors.torch import load_file
from vlmxla_gate import gate
from vlmxla_oracle import capture, cases, compare, fixtures, measure, testing

NARROW = {"bfloat16": torch.bfloat16, "float16": torch.float16}
SHORT = {"float32": "f32", "bfloat16": "bf16", "float16": "f16"}


def _tensors(model_dir) -> dict:
    out = {}
    for path in fixtures.weight_files(model_dir):
        out.update(load_file(str(path)))
    return out


@pytest.mark.parametrize("dtype", NARROW)
@pytest.mark.parametrize("name", fixtures.ALL_FIXTURE_NAMES)
def test_variant_is_the_float32_weights_cast(name, dtype):
    base = testing.ensure_fixtures((name,))[name]
    variant = testing.ensure_fixtures((name,), dtype)[name]
    assert variant.name == f"{name}-{SHORT[dtype]}" and variant.parent == base.parent
    cfg = json.loads((variant / "config.json").read_text())
    assert cfg["dtype"] == dtype and capture.checkpoint_dtype(variant) == dtype
    assert capture.checkpoint_dtype(base) == "float32"
    # Same architecture: only the dtype fields differ (Transformers also writes them into the
    # sub-configs of a narrow LLaVA), and every one of them names the variant's dtype.
    base_cfg = json.loads((base / "config.json").read_text())
    dtypes = []

    def strip(cfg):
        if isinstance(cfg, dict):
            dtypes.append(cfg.get("dtype"))
            return {k: strip(v) for k, v in cfg.items() if k != "dtype"}
        return cfg
    assert strip(cfg) == strip(base_cfg)
    assert {d for d in dtypes[:len(dtypes) // 2] if d} == {dtype}
    weights, ref = _tensors(variant), _tensors(base)
    assert set(weights) == set(ref)
    for key, t in weights.items():
        assert t.dtype == NARROW[dtype], key
        assert torch.equal(t, ref[key].to(NARROW[dtype])), key  # round-to-nearest-even cast
    # Tokenizer, template and processor files are the float32 fixture's, byte for byte.
    for path in base.iterdir():
        if path.name not in ("config.json", "model.safetensors", fixtures.SPEC_HASH_FILE):
            assert (variant / path.name).read_bytes() == path.read_bytes(), path.name


def test_variant_build_is_deterministic(tmp_path):
    name = fixtures.variant_name("tiny-qwen2", "bfloat16")
    a = fixtures.ensure_fixture(name, tmp_path / "a")
    b = fixtures.build_fixture(name, tmp_path / "b" / name)
    digests = [{p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in d.iterdir()}
               for d in (a, b)]
    assert digests[0] == digests[1]
    assert fixtures.is_current(name, a)
    assert fixtures.spec_hash(name) != fixtures.spec_hash("tiny-qwen2") != \
        fixtures.spec_hash(fixtures.variant_name("tiny-qwen2", "float16"))


def test_names():
    assert fixtures.variant_name("tiny-llama") == "tiny-llama"
    assert fixtures.variant_name("tiny-llama", "float16", hub=True) == "tiny-llama-f16-hub"
    assert fixtures.parse_name("tiny-llava-clip-llama-bf16") == \
        ("tiny-llava-clip-llama", "bfloat16", False)
    assert fixtures.parse_name("tiny-qwen2-f16-hub") == ("tiny-qwen2", "float16", True)
    assert fixtures.parse_name("tiny-qwen2") == ("tiny-qwen2", "float32", False)
    with pytest.raises(FileNotFoundError):
        fixtures.parse_name("nope-hub")


@pytest.mark.parametrize("dtype", NARROW)
def test_hub_layout_copy_is_sharded_with_an_index(dtype):
    name = fixtures.variant_name("tiny-llava-clip-llama", dtype, hub=True)
    hub = testing.ensure_fixture(name)
    single = testing.ensure_fixtures(("tiny-llava-clip-llama",), dtype)["tiny-llava-clip-llama"]
    index = json.loads((hub / "model.safetensors.index.json").read_text())
    shards = sorted(set(index["weight_map"].values()))
    assert len(shards) >= 2 and not (hub / "model.safetensors").exists()
    assert all((hub / s).exists() for s in shards)
    assert shards[0].startswith("model-00001-of-")
    # The index maps every tensor to the shard that holds it, and the weights are the variant's.
    for shard in shards:
        with safe_open(str(hub / shard), framework="pt") as f:
            held = list(f.keys())  # a safe_open handle is not iterable
            assert held and all(index["weight_map"][k] == shard for k in held)
    assert set(index["weight_map"]) == set(_tensors(single))
    ref = _tensors(single)
    assert all(torch.equal(t, ref[k]) for k, t in _tensors(hub).items())
    assert json.loads((hub / "config.json").read_text())["dtype"] == dtype


@pytest.fixture(scope="module")
def narrow_captures():
    """{(dtype, fixture, case): capture dir} for every fixture's decoding cases in every dtype."""
    out = {}
    for dtype in ("float32", *NARROW):
        for name in fixtures.ALL_FIXTURE_NAMES:
            kind = fixtures.spec_kind(fixtures.load_spec(name))
            caps = testing.ensure_captures(case_names=cases.generating_case_names(kind),
                                           fixture_names=(name,), dtype=dtype)
            out.update({(dtype, n, c): d for (n, c), d in caps.items()})
    return out


@pytest.mark.parametrize("dtype", NARROW)
def test_narrow_capture_stores_stages_as_produced(dtype, narrow_captures):
    cap = narrow_captures[(dtype, "tiny-llava-clip-llama", "image_text")]
    manifest = json.loads((cap / "manifest.json").read_text())
    assert manifest["dtype"] == SHORT[dtype] and manifest["checkpoint_dtype"] == dtype
    kinds = {s["name"]: s.get("dtype") for s in manifest["stages"]}
    for stage, want in kinds.items():
        if stage in ("rendered_text", "greedy_text"):
            continue
        if stage == "pixel_values":
            assert want == "f32"  # the image processor's output, in every dtype
        elif stage.startswith(("input_ids", "attention_mask", "position_ids", "greedy_tokens")):
            assert want == "i64", stage
        else:
            assert want == SHORT[dtype], stage
    ref = capture.reference_dir(cap)
    ref_manifest = json.loads((ref / "manifest.json").read_text())
    assert ref_manifest["dtype"] == "f32" and ref_manifest["case"] == manifest["case"]
    assert {s["name"] for s in ref_manifest["stages"]} == set(kinds)
    assert manifest["f32_reference"]["path"] == capture.REFERENCE_DIR
    with safe_open(str(cap / "stages.safetensors"), framework="pt") as f:
        logits = f.get_tensor("prefill_logits")
        greedy = f.get_tensor("greedy_tokens")
    with safe_open(str(ref / "stages.safetensors"), framework="pt") as f:
        ref_logits = f.get_tensor("prefill_logits")
    assert logits.dtype == NARROW[dtype] and ref_logits.dtype == torch.float32
    # A narrow run is not float32 in disguise, yet close to it.
    diff = (logits.float() - ref_logits).abs().max().item()
    assert 0 < diff < 0.5
    # The margin is the prefill's top-1 minus top-2, then each decode step's.
    top = logits.float().topk(2).values
    margin = manifest["greedy_margin"]
    assert margin["steps"][0] == pytest.approx((top[0] - top[1]).item(), abs=1e-6)
    assert len(margin["steps"]) == len(greedy) == 16
    assert margin["min"] == pytest.approx(min(margin["steps"]), abs=1e-5)
    assert int(greedy[0]) == int(logits.argmax())


def test_capture_cli_auto_follows_the_checkpoint(tmp_path, repo_dir):
    import subprocess
    import sys

    model_dir = testing.ensure_fixtures(("tiny-qwen2",), "float16")["tiny-qwen2"]
    written = cases.write_cases(model_dir, tmp_path / "cases")
    proc = subprocess.run([sys.executable, "-m", "vlmxla_oracle", "capture", "--model",
                           str(model_dir), "--case", str(written["no_image"]), "--out",
                           str(tmp_path / "cap"), "--dtype", "auto"],
                          check=False, capture_output=True, text=True, timeout=600,
                          env={"PYTHONPATH": str(repo_dir / "python"), "PATH": "/usr/bin:/bin",
                               "VLMXLA_CACHE": str(tmp_path / "cache")})
    assert proc.returncode == 0, proc.stderr
    assert "(f16)" in proc.stdout and "smallest top-1/top-2 margin" in proc.stdout
    manifest = json.loads((tmp_path / "cap" / "manifest.json").read_text())
    assert manifest["dtype"] == "f16"
    assert (tmp_path / "cap" / capture.REFERENCE_DIR / "manifest.json").exists()
    case = json.loads(written["no_image"].read_text())
    assert capture.is_current(tmp_path / "cap" / "manifest.json", model_dir, case, "auto")
    assert not capture.is_current(tmp_path / "cap" / "manifest.json", model_dir, case, "float32")


def test_committed_tolerances_are_the_measured_noise_times_the_factor(narrow_captures):
    """Re-measures the oracle's narrow-dtype noise from the captures and holds the committed
    sections to it: every bound covers FACTOR x the noise envelope of today's fixtures (else
    re-run `measure-tolerances --write`), and none is more than 25% looser than that (a stale
    bound from other fixtures would be)."""
    result = measure.measure()
    table = compare.load_tolerances()
    proposed = measure.sections(result)
    assert result["factor"] == measure.FACTOR == 4.0
    testing.check_committed_sections(proposed, table)
    # The noise is real: bf16 is noisier than f16 on every stage, and nothing is exact.
    for pattern, g in result["dtypes"]["bf16"]["patterns"].items():
        f16 = result["dtypes"]["f16"]["patterns"][pattern]
        assert g["max_abs"] > f16["max_abs"] > 0, pattern


@pytest.mark.parametrize("dtype", ("float32", *NARROW))
def test_no_fixture_has_a_near_tie(dtype, narrow_captures):
    """Greedy exactness only proves something where the top-1/top-2 margin is outside what the
    logits tolerance lets either logit move (twice the bound). The fixtures are taught their
    answers so that it is, by a wide margin, on every one of the 16 steps."""
    table = compare.load_tolerances()
    for (d, name, case), cap in narrow_captures.items():
        if d != dtype:
            continue
        manifest = json.loads((cap / "manifest.json").read_text())
        summary = gate.margin_summary(manifest, SHORT[dtype], table)
        assert len(manifest["greedy_margin"]["steps"]) == 16, (name, case)
        assert not summary["near_tie"], (name, case, summary)
        assert summary["min"] > 5 * summary["logits_bound"], (name, case, summary)


def test_greedy_answers_are_the_taught_text(narrow_captures):
    for (dtype, name, case), cap in narrow_captures.items():
        manifest = json.loads((cap / "manifest.json").read_text())
        answer = fixtures.load_spec(name)["greedy_answers"]["answers"][case]
        assert answer.startswith(manifest["greedy_text"].strip()[:20]), (dtype, name, case)
        assert len(manifest["greedy_text"]) > 30  # 16 tokens of it, not a degenerate repeat


def test_noise_fit_and_rounding():
    import numpy as np

    r = np.array([0.0, 1.0, -4.0, 10.0])
    c = np.array([0.01, 1.0, -4.05, 10.2])
    n = measure.stage_noise(r, c, u=0.01)
    assert n["max_abs"] == pytest.approx(0.2)
    # |d| - u|r|: 0.01, 0, 0.01, 0.1 -> the envelope's atol is 0.1
    assert n["atol_fit"] == pytest.approx(0.1)
    assert n["max_rel"] > 1e3  # where r = 0: max_rel says little, hence the fitted envelope
    for x in (0.3412, 0.35, 0.0853 * 4, 1.234e-5, 7.0):
        up = measure._round_up(x)
        assert up >= x and up <= x * 1.1
    assert measure._round_up(0.3412) == 0.35 and measure._round_up(0) == 0.0


def test_committed_table_is_in_the_writers_form():
    """tolerances.json is exactly what `measure-tolerances --write` writes (so a re-measurement
    diff shows only numbers), and the writer keeps the hand-written sections."""
    text = compare.DEFAULT_TOLERANCES.read_text()
    table = json.loads(text)
    assert measure.dump_table(table) == text
    assert list(table)[:3] == ["_why", "f32", "i64->i32"]
