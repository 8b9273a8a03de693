"""The emitted prefill program (embedding merge, decoder, LM head) against the Transformers oracle.

For each fixture and case, the oracle's expanded ids and image features go into
`vlmxla-testtool run-program --program prefill --taps` on PJRT CPU; its results are written as a candidate
capture and compared stage by stage with the committed float32 tolerances. The program writes the
prompt's keys and values into rows 0..L-1 of the slot's KV cache (capacity C >= L), and a prompt
padded to a larger length bucket gives the same logits and cache rows as its exact length.
"""

import json
import pathlib
import subprocess
import sys

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file
from vlmxla_oracle import compare, paths, testing

STAGES = ["inputs_embeds", "prefill_logits", "past_key_values.*"]
IREE_COMPILE = pathlib.Path(sys.executable).parent / "iree-compile"
CASES = ["no_image", "image_text", "two_images"]


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(case_names=tuple(CASES))


def _prefill_inputs(ref: dict, image_token_id: int, hidden: int) -> dict:
    ids = ref["input_ids"].astype(np.int64).reshape(-1)
    is_image = ids == image_token_id
    # Running index of image tokens: the k-th image token reads feature row k.
    feature_index = np.where(is_image, np.cumsum(is_image) - 1, 0).astype(np.int64)
    if "image_features" in ref:
        features = ref["image_features"].astype(np.float32).reshape(-1, hidden)
    else:
        features = np.zeros((1, hidden), np.float32)
    assert int(is_image.sum()) in (0, features.shape[0])
    return {"input_ids": ids, "feature_index": feature_index, "image_features": features,
            "length": np.array(ids.size, np.int32)}


def _run_prefill(vlmxla_testtool, model_dir, inputs: dict, work, *extra):
    work.mkdir(parents=True, exist_ok=True)
    save_file(inputs, str(work / "inputs.safetensors"))
    proc = subprocess.run(
        [str(vlmxla_testtool), "run-program", "--model", str(model_dir), "--program", "prefill",
         "--inputs", str(work / "inputs.safetensors"), "--output", str(work / "out.safetensors"),
         *extra],
        check=False, capture_output=True, text=True, timeout=300)
    results = load_file(str(work / "out.safetensors")) if proc.returncode == 0 else None
    return proc, results


def _cache_names(layers: int) -> list[str]:
    return [f"kv.{i}.{kv}" for i in range(layers) for kv in ("key", "value")]


def _write_candidate(out_dir, results: dict, ref_manifest: dict) -> None:
    ref_stages = {s["name"]: s for s in ref_manifest["stages"]}
    tensors, stages = {}, []
    for name, value in results.items():
        if name not in ref_stages:
            continue
        value = np.ascontiguousarray(value.reshape(ref_stages[name]["shape"]))
        tensors[name] = value
        stages.append({"name": name, "kind": "float", "dtype": "f32", "shape": list(value.shape)})
    out_dir.mkdir(parents=True, exist_ok=True)
    save_file(tensors, str(out_dir / "stages.safetensors"))
    (out_dir / "manifest.json").write_text(json.dumps({"schema": 1, "stages": stages}))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("fixture", ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"])
def test_prefill_matches_oracle(vlmxla_testtool, captures, fixture, case):
    ref_dir = captures[(fixture, case)]
    manifest = json.loads((ref_dir / "manifest.json").read_text())
    model_dir = manifest["model"]["path"]
    config = json.loads((paths.cache_dir() / "fixtures" / fixture / "config.json").read_text())
    hidden = config["text_config"]["hidden_size"]
    ref = load_file(str(ref_dir / "stages.safetensors"))

    work = paths.cache_dir() / "prefill" / fixture / case
    inputs = _prefill_inputs(ref, config["image_token_index"], hidden)
    if case != "no_image":
        assert (inputs["input_ids"] == config["image_token_index"]).sum() > 0
    length = inputs["input_ids"].size
    capacity = length + 3
    proc, results = _run_prefill(vlmxla_testtool, model_dir, inputs, work, "--taps", "--capacity",
                                 str(capacity))
    assert proc.returncode == 0, proc.stderr
    layers = config["text_config"]["num_hidden_layers"]
    assert set(results) == {"prefill_logits", "inputs_embeds", *_cache_names(layers)} | {
        f"past_key_values.{i}.{kv}" for i in range(layers) for kv in ("key", "value")}
    for name in _cache_names(layers):
        cache, fresh = results[name], results["past_" + name.replace("kv.", "key_values.")]
        assert cache.shape == (fresh.shape[0], capacity, fresh.shape[2])
        # Rows 0..L-1 hold the prompt's K/V; the rest of the (empty) cache is untouched.
        np.testing.assert_array_equal(cache[:, :length], fresh, err_msg=name)
        assert not cache[:, length:].any(), name

    cand_dir = work / "candidate"
    _write_candidate(cand_dir, results, manifest)
    report = compare.compare(ref_dir, cand_dir, stages=STAGES)
    for row in report.rows:
        print(f"{fixture}/{case} {row.stage}: max_abs={row.max_abs} {row.detail}")
    assert report.passed, compare.format_table(report)
    assert len(report.rows) == 2 + 2 * layers

    greedy = ref["greedy_tokens"].reshape(-1)
    assert int(np.argmax(results["prefill_logits"])) == int(greedy[0])


@pytest.mark.parametrize("fixture", ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"])
def test_prefill_iree_matches_pjrt(vlmxla_testtool, captures, fixture, tmp_path):
    """The same emitted module on IREE (llvm-cpu) agrees with PJRT and with the oracle."""
    import iree.runtime as rt

    ref_dir = captures[(fixture, "image_text")]
    model_dir = paths.cache_dir() / "fixtures" / fixture
    config = json.loads((model_dir / "config.json").read_text())
    ref = load_file(str(ref_dir / "stages.safetensors"))
    inputs = _prefill_inputs(ref, config["image_token_index"], config["text_config"]["hidden_size"])
    mlir, vmfb = tmp_path / "prefill.mlir", tmp_path / "prefill.vmfb"
    proc, pjrt = _run_prefill(vlmxla_testtool, model_dir, inputs, tmp_path, "--emit", str(mlir))
    assert proc.returncode == 0, proc.stderr

    emitted = json.loads((tmp_path / "prefill.mlir.params.json").read_text())
    params = emitted["params"]
    layers = config["text_config"]["num_hidden_layers"]
    inputs_named = ["input_ids", "feature_index", "image_features", "length",
                    *_cache_names(layers)]
    assert [p["name"] for p in params if p["kind"] == "input"] == inputs_named
    # Cache argument i is aliased to result 1 + i, which carries the same name.
    result_names = [r["name"] for r in emitted["results"]]
    for i, p in enumerate(params[4:4 + 2 * layers]):
        assert p["alias_result"] == 1 + i and result_names[1 + i] == p["name"]
    names = [p["name"] for p in params if p["kind"] == "weight"]
    transposed = {p["name"] for p in params if p.get("transposed")}
    # Every decoder tensor of the checkpoint is bound exactly once, nothing else.
    checkpoint = load_file(str(model_dir / "model.safetensors"))
    assert sorted(names) == sorted(k for k in checkpoint if k.startswith("language_model."))
    signature = mlir.read_text().split("\n", 2)[1]
    assert signature.startswith("func.func public @main(")
    assert signature.count("%w") == len(names)
    assert ("lm_head" in " ".join(names)) == (not config["text_config"]["tie_word_embeddings"])

    proc = subprocess.run(
        [str(IREE_COMPILE), "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu", "--iree-llvmcpu-target-cpu=host",
         str(mlir), "-o", str(vmfb)],
        check=False, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]
    length = inputs["input_ids"].size
    empty = np.zeros(pjrt["kv.0.key"].shape, np.float32)  # capacity defaults to L
    args = [inputs["input_ids"].astype(np.int32), inputs["feature_index"].astype(np.int32),
            inputs["image_features"], np.array(length, np.int32)] + [empty] * (2 * layers) + [
            np.ascontiguousarray(checkpoint[n].T) if n in transposed else checkpoint[n]
            for n in names]
    module = rt.load_vm_flatbuffer_file(str(vmfb), driver="local-task")
    out = [np.asarray(o.to_host()) for o in module.main(*args)]
    assert result_names == ["prefill_logits", *_cache_names(layers)]
    assert len(out) == len(result_names)
    for name, value in zip(result_names, out):
        np.testing.assert_allclose(value, pjrt[name], atol=1e-5, rtol=1e-4, err_msg=name)
    assert int(np.argmax(out[0])) == int(ref["greedy_tokens"].reshape(-1)[0])


@pytest.mark.parametrize("fixture", ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"])
def test_prefill_text_only_checkpoint(vlmxla_testtool, captures, fixture, tmp_path):
    """A text-only checkpoint (weights under model. / lm_head., no image token) gives the oracle's
    text-only prefill: the decoder does not depend on the llava nesting."""
    ref_dir = captures[(fixture, "no_image")]
    model_dir = paths.cache_dir() / "fixtures" / fixture
    config = json.loads((model_dir / "config.json").read_text())
    text_dir = tmp_path / "text_model"
    text_dir.mkdir()
    (text_dir / "config.json").write_text(json.dumps(config["text_config"]))
    weights = load_file(str(model_dir / "model.safetensors"))
    prefix = "language_model."
    save_file({k[len(prefix):]: v for k, v in weights.items() if k.startswith(prefix)},
              str(text_dir / "model.safetensors"))

    ref = load_file(str(ref_dir / "stages.safetensors"))
    hidden = config["text_config"]["hidden_size"]
    inputs = _prefill_inputs(ref, config["image_token_index"], hidden)
    proc, out = _run_prefill(vlmxla_testtool, text_dir, inputs, tmp_path)
    assert proc.returncode == 0, proc.stderr
    layers = config["text_config"]["num_hidden_layers"]
    assert set(out) == {"prefill_logits", *_cache_names(layers)}  # no taps asked for
    np.testing.assert_allclose(out["prefill_logits"], ref["prefill_logits"].reshape(-1),
                               atol=1e-4, rtol=1e-4)
    for i in range(layers):
        for kv in ("key", "value"):
            name, want = f"kv.{i}.{kv}", ref[f"past_key_values.{i}.{kv}"]
            np.testing.assert_allclose(out[name], want.reshape(out[name].shape),
                                       atol=1e-5, rtol=1e-4, err_msg=name)


@pytest.mark.parametrize("fixture", ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"])
def test_prefill_length_bucket_matches_exact_length(vlmxla_testtool, captures, fixture, tmp_path):
    """A prompt padded to a larger bucket L (length < L) gives the logits of position length-1
    and the K/V rows 0..length-1 of the exact-length program: padding comes after every real
    position, so causality keeps it invisible."""
    ref = load_file(str(captures[(fixture, "image_text")] / "stages.safetensors"))
    model_dir = paths.cache_dir() / "fixtures" / fixture
    config = json.loads((model_dir / "config.json").read_text())
    layers = config["text_config"]["num_hidden_layers"]
    exact = _prefill_inputs(ref, config["image_token_index"], config["text_config"]["hidden_size"])
    length, pad = exact["input_ids"].size, 7
    padded = dict(exact)
    # Padding ids that differ from every real one make a leak visible.
    padded["input_ids"] = np.concatenate([exact["input_ids"], np.arange(3, 3 + pad)])
    padded["feature_index"] = np.concatenate([exact["feature_index"], np.zeros(pad, np.int64)])
    capacity = length + pad + 2
    proc, want = _run_prefill(vlmxla_testtool, model_dir, exact, tmp_path / "exact", "--capacity",
                              str(capacity))
    assert proc.returncode == 0, proc.stderr
    proc, got = _run_prefill(vlmxla_testtool, model_dir, padded, tmp_path / "padded", "--capacity",
                             str(capacity))
    assert proc.returncode == 0, proc.stderr
    np.testing.assert_allclose(got["prefill_logits"], want["prefill_logits"], atol=1e-5,
                               rtol=1e-5)
    assert int(np.argmax(got["prefill_logits"])) == int(ref["greedy_tokens"].reshape(-1)[0])
    for name in _cache_names(layers):
        np.testing.assert_allclose(got[name][:, :length], want[name][:, :length], atol=1e-5,
                                   rtol=1e-5, err_msg=name)
        assert got[name][:, length:length + pad].any(), name  # the padding's own rows
        assert not got[name][:, length + pad:].any(), name
    # The last *bucket* position would give other logits: the dynamic slice really picks length-1.
    padded["length"] = np.array(length + pad, np.int32)
    proc, last = _run_prefill(vlmxla_testtool, model_dir, padded, tmp_path / "last", "--capacity",
                              str(capacity))
    assert proc.returncode == 0, proc.stderr
    assert np.abs(last["prefill_logits"] - want["prefill_logits"]).max() > 1e-3


def test_prefill_rejects_prompt_longer_than_cache_or_bad_length(vlmxla_testtool, tmp_path):
    model_dir = paths.cache_dir() / "fixtures" / "tiny-llava-clip-llama"
    inputs = {"input_ids": np.arange(1, 7, dtype=np.int64), "feature_index": np.zeros(6, np.int64),
              "image_features": np.zeros((1, 64), np.float32)}
    proc, _ = _run_prefill(vlmxla_testtool, model_dir, inputs, tmp_path, "--capacity", "5")
    assert proc.returncode == 1
    assert "seq_len 6 exceeds the KV cache capacity 5" in proc.stderr, proc.stderr
    for bad in (0, 7):
        proc, _ = _run_prefill(vlmxla_testtool, model_dir, {**inputs, "length": np.array(bad, np.int32)},
                               tmp_path)
        assert proc.returncode == 1
        assert f"input 'length' holds {bad} but it must be in [1, 6]" in proc.stderr, proc.stderr
