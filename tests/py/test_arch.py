"""Text-only decoders (tiny-llama, tiny-qwen2, tiny-qwen3, tiny-gemma3-text) end to end: the fixtures are plain Transformers
causal LMs, the oracle captures their text and device stages in the LLaVA manifest format,
`vlmxla prepare` reproduces the ids exactly, and scripts/xla/validate_arch.sh gates them."""

import json
import subprocess

import pytest
import torch
from safetensors.torch import load_file
from vlmxla_oracle import capture, families, fixtures, testing

TEXT = fixtures.TEXT_FIXTURE_NAMES


@pytest.fixture(scope="session")
def text_dirs():
    return testing.ensure_text_fixtures()


@pytest.fixture(scope="session")
def text_captures():
    return testing.ensure_captures(case_names=families.text.CASE_NAMES, fixture_names=TEXT)


def _load(cap_dir):
    manifest = json.loads((cap_dir / "manifest.json").read_text())
    tensors = load_file(str(cap_dir / "stages.safetensors")) if "error" not in manifest else {}
    return manifest, tensors


@pytest.mark.parametrize("name", TEXT)
def test_fixture_is_a_plain_causal_lm_that_generates(name, text_dirs):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    model_dir = text_dirs[name]
    cfg = json.loads((model_dir / "config.json").read_text())
    arch = {"tiny-llama": "LlamaForCausalLM", "tiny-qwen2": "Qwen2ForCausalLM",
            "tiny-qwen3": "Qwen3ForCausalLM", "tiny-gemma3-text": "Gemma3ForCausalLM"}[name]
    model_type = name.removeprefix("tiny-").replace("-", "_")
    assert cfg["architectures"] == [arch] and cfg["model_type"] == model_type
    assert "text_config" not in cfg and "vision_config" not in cfg
    assert capture.model_kind(model_dir) == "text"
    # Weights named as Transformers saves a causal LM: no language_model. prefix.
    weights = load_file(str(model_dir / "model.safetensors"))
    assert {"model.embed_tokens.weight", "model.norm.weight",
            "model.layers.0.self_attn.q_proj.weight"} <= set(weights)
    assert not any(k.startswith("language_model.") for k in weights)
    tied = name in ("tiny-qwen2", "tiny-gemma3-text")
    assert cfg["tie_word_embeddings"] is tied
    assert ("lm_head.weight" in weights) is not tied
    # Qwen2's qkv biases
    assert ("model.layers.0.self_attn.q_proj.bias" in weights) is (name == "tiny-qwen2")
    # QK-norm (Qwen3, Gemma 3): one [head_dim] weight each for q and k; Qwen3's head_dim is the
    # config's own, not hidden_size / num_attention_heads.
    qk_norm = name in ("tiny-qwen3", "tiny-gemma3-text")
    assert ("model.layers.0.self_attn.q_norm.weight" in weights) is qk_norm
    if name == "tiny-qwen3":
        assert cfg["head_dim"] != cfg["hidden_size"] // cfg["num_attention_heads"]
        assert weights["model.layers.0.self_attn.k_norm.weight"].shape == (cfg["head_dim"],)
    # Same tokenizer and template as the LLaVA fixture's text half.
    source = fixtures.load_spec(name)[fixtures.SHARED_FROM]
    source_dir = testing.ensure_fixtures((source,))[source]
    for f in ("tokenizer.json", "chat_template.jinja"):
        assert (model_dir / f).read_bytes() == (source_dir / f).read_bytes(), f

    model = AutoModelForCausalLM.from_pretrained(str(model_dir), dtype=torch.float32).eval()
    assert type(model).__name__ == arch
    tok = AutoTokenizer.from_pretrained(str(model_dir))
    ids = tok("red boats on a lake", return_tensors="pt")["input_ids"]
    with torch.no_grad():
        out = model.generate(ids, max_new_tokens=8, do_sample=False, min_new_tokens=8)
    new = out[0, ids.shape[1]:].tolist()
    assert len(new) == 8 and len(set(new)) > 2, new  # not collapsed onto one token


@pytest.mark.parametrize("name", TEXT)
def test_capture_has_text_and_device_stages(name, text_dirs, text_captures):
    from transformers import AutoTokenizer

    manifest, tensors = _load(text_captures[(name, "no_image")])
    cfg = json.loads((text_dirs[name] / "config.json").read_text())
    layers = cfg["num_hidden_layers"]
    kv = [f"past_key_values.{i}.{w}" for i in range(layers) for w in ("key", "value")]
    assert [s["name"] for s in manifest["stages"]] == [
        "rendered_text", "input_ids_unexpanded", "input_ids", "attention_mask", "position_ids",
        "inputs_embeds", "prefill_logits", *kv, "greedy_tokens", "greedy_text"]
    n = tensors["input_ids"].shape[0]
    head_dim = cfg.get("head_dim") or cfg["hidden_size"] // cfg["num_attention_heads"]
    for layer, kind in enumerate(cfg.get("layer_types") or ["full_attention"] * layers):
        # A sliding layer's cache keeps the prompt's last sliding_window - 1 positions, and the
        # fixture's prompt is longer than its window.
        rows = n if kind == "full_attention" else cfg["sliding_window"] - 1
        assert rows < n or kind == "full_attention"
        assert tensors[f"past_key_values.{layer}.key"].shape == (
            cfg["num_key_value_heads"], rows, head_dim)
    assert tensors["prefill_logits"].shape == (cfg["vocab_size"],)
    assert torch.equal(tensors["position_ids"], torch.arange(n))
    embed = load_file(str(text_dirs[name] / "model.safetensors"))["model.embed_tokens.weight"]
    if cfg["model_type"] == "gemma3_text":  # embeddings scaled by sqrt(hidden_size)
        embed = embed * torch.tensor(cfg["hidden_size"] ** 0.5, dtype=embed.dtype)
    assert torch.equal(tensors["inputs_embeds"], embed[tensors["input_ids"]])
    # Ids are tokenizer.apply_chat_template's: the rendered text with no special tokens added.
    tok = AutoTokenizer.from_pretrained(str(text_dirs[name]))
    want = tok(manifest["rendered_text"], add_special_tokens=False)["input_ids"]
    assert tensors["input_ids"].tolist() == want
    assert manifest["tokenizer"]["add_special_tokens"] is False
    assert tensors["greedy_tokens"].shape[0] >= 1
    assert manifest["greedy_text"] == tok.decode(tensors["greedy_tokens"].tolist(),
                                                 skip_special_tokens=True)

    over, _ = _load(text_captures[(name, "context_overflow")])
    assert over["context"]["exceeds"] and over["context"]["capacity"] == over["expanded_length"] - 1
    img, _ = _load(text_captures[(name, "image_on_text_model")])
    assert img["error"]["reason"] == "images_unsupported"
    assert [s["name"] for s in img["stages"]] == ["rendered_text"]


@pytest.mark.parametrize("name", TEXT)
def test_prepare_matches_capture_exactly(name, text_dirs, text_captures, vlmxla_bin, tmp_path):
    for case_name in families.text.CASE_NAMES:
        ref = text_captures[(name, case_name)]
        ref_manifest, ref_tensors = _load(ref)
        out = tmp_path / case_name
        proc = subprocess.run(
            [str(vlmxla_bin), "prepare", "--model", str(text_dirs[name]), "--case",
             _case_file(tmp_path, ref_manifest["case"]), "--output", str(out)],
            check=False, capture_output=True, text=True, timeout=120)
        cand = json.loads((out / "manifest.json").read_text())
        if case_name == "no_image":
            assert proc.returncode == 0, proc.stderr
            assert cand["rendered_text"] == ref_manifest["rendered_text"]
            got = load_file(str(out / "stages.safetensors"))
            for stage in ("input_ids_unexpanded", "input_ids", "attention_mask", "position_ids"):
                assert got[stage].tolist() == ref_tensors[stage].tolist(), stage
            assert "pixel_values" not in got
        elif case_name == "context_overflow":
            assert proc.returncode == 1
            ctx = ref_manifest["context"]
            assert cand["error"]["reason"] == "context_length_exceeded"
            assert cand["error"]["message"] == (f"prompt needs {ctx['needed']} positions but "
                                                f"context capacity is {ctx['capacity']}")
        else:
            assert proc.returncode == 1
            assert cand["error"]["reason"] == ref_manifest["error"]["reason"]


def _case_file(tmp_path, case: dict) -> str:
    path = tmp_path / f"{case['name']}.case.json"
    path.write_text(json.dumps(case))
    return str(path)


def _validate(repo_dir, vlmxla_bin, tmp_path, *args):
    report_path = tmp_path / "report.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_arch.sh"), *args, "--report", str(report_path),
         "--vlmxla", str(vlmxla_bin)],
        check=False, capture_output=True, text=True, timeout=600)
    assert report_path.exists(), proc.stdout + proc.stderr
    return proc, json.loads(report_path.read_text())


def test_validate_arch_pjrt_passes_every_stage(repo_dir, vlmxla_bin, reused_gate, tmp_path):
    # Under scripts/test.sh, its arch gate step's report (every dtype, both backends; the pjrt-cpu
    # cases are checked here); alone, a run in float32 on pjrt-cpu.
    proc, report = reused_gate("ARCH", set(TEXT)) or _validate(
        repo_dir, vlmxla_bin, tmp_path, "--backend", "pjrt-cpu", "--dtype", "float32")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert report["pass"] is True and report["suite"] == "arch"
    assert "f32" in report["dtypes"]
    assert "scripts/xla/validate_llava_reference.sh" in proc.stdout
    got = {(c["model"], c["case"], c["dtype"]): c for c in report["cases"]
           if c["backend"] == "pjrt-cpu"}
    assert set(got) == {(m, c, d) for m in TEXT for c in families.text.CASE_NAMES
                        for d in report["dtypes"]}
    for model in TEXT:
        for dtype in report["dtypes"]:
            run = got[(model, "no_image", dtype)]
            assert run["status"] == "pass", run
            checked = {s["stage"]: s for s in run["stages"]}
            assert set(checked) >= {"compute_dtype", "rendered_text", "input_ids",
                                    "position_ids", "inputs_embeds", "prefill_logits",
                                    "past_key_values.1.key", "past_key_values.1.value",
                                    "greedy_tokens", "greedy_text"}
            assert not any(name.startswith(("pixel_values", "vision_")) for name in checked)
            assert all(s["pass"] for s in checked.values())
            assert checked["greedy_tokens"]["max_abs"] == 0
            assert checked["greedy_tokens"]["shape"] == [16]
            assert checked["past_key_values.1.key"]["dtype"] == dtype
            for case_name in ("context_overflow", "image_on_text_model"):
                assert got[(model, case_name, dtype)]["status"] == "pass", \
                    got[(model, case_name, dtype)]


def test_validate_arch_fails_when_vlmxla_produces_nothing(repo_dir, tmp_path):
    # A "vlmxla" that writes nothing: no stage and no expected error can be confirmed.
    proc, report = _validate(repo_dir, "/bin/false", tmp_path, "--backend", "pjrt-cpu",
                             "--fixture", "tiny-qwen2")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert report["pass"] is False and report["first_divergence"] is not None
    assert {c["case"] for c in report["cases"]} == set(families.text.CASE_NAMES)
    assert {c["dtype"] for c in report["cases"]} == {"f32", "bf16", "f16"}
    assert all(c["status"] == "fail" for c in report["cases"]), report["cases"]
