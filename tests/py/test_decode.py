"""The emitted decode program (one token per KV-cache slot) reproduces the oracle's greedy tokens.

Starting from the oracle's prefill K/V for a case, `vlmxla run-program --program decode` is run
step by step on PJRT CPU with its returned caches fed back; every step's argmax must equal the
oracle's next greedy token. A batch-2 call with two slots at different positions must give each
slot its solo result.
"""

import json
import subprocess

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file
from vlmxla_oracle import paths, testing

FIXTURES = ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"]
CASES = ["image_text", "no_image"]
STEPS = 7
EXTRA = 8  # cache rows beyond the prompt


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(case_names=tuple(CASES))


def _layers(fixture: str) -> int:
    config = json.loads((paths.cache_dir() / "fixtures" / fixture / "config.json").read_text())
    return config["text_config"]["num_hidden_layers"]


def _prefill_caches(ref: dict, layers: int, capacity: int) -> dict:
    """The oracle's prefill K/V [kv, L, hd] as one slot [1, kv, capacity, hd], zeros beyond L."""
    caches = {}
    for i in range(layers):
        for kv in ("key", "value"):
            t = ref[f"past_key_values.{i}.{kv}"].astype(np.float32)
            t = t.reshape(t.shape[-3:])
            padded = np.zeros((1, t.shape[0], capacity, t.shape[2]), np.float32)
            padded[0, :, : t.shape[1]] = t
            caches[f"past_key_values.{i}.{kv}"] = padded
    return caches


def _prompt_len(ref: dict) -> int:
    return int(ref["past_key_values.0.key"].shape[-2])


def _decode(vlmxla_bin, model_dir, work, tokens, positions, caches) -> dict:
    inputs = {"tokens": np.asarray(tokens, np.int64), "positions": np.asarray(positions, np.int64)}
    inputs.update(caches)
    save_file(inputs, str(work / "in.safetensors"))
    proc = subprocess.run(
        [str(vlmxla_bin), "run-program", "--model", str(model_dir), "--program", "decode",
         "--inputs", str(work / "in.safetensors"), "--output", str(work / "out.safetensors")],
        check=False, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return load_file(str(work / "out.safetensors"))


def _split(out: dict, layers: int):
    caches = {f"past_key_values.{i}.{kv}": out[f"past_key_values.{i}.{kv}"]
              for i in range(layers) for kv in ("key", "value")}
    return out["logits"], caches


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("fixture", FIXTURES)
def test_decode_reproduces_greedy(vlmxla_bin, captures, fixture, case, tmp_path):
    ref_dir = captures[(fixture, case)]
    model_dir = paths.cache_dir() / "fixtures" / fixture
    ref = load_file(str(ref_dir / "stages.safetensors"))
    layers = _layers(fixture)
    greedy = ref["greedy_tokens"].reshape(-1).astype(np.int64)
    assert len(greedy) >= STEPS + 1
    assert int(np.argmax(ref["prefill_logits"].reshape(-1))) == int(greedy[0])

    length = _prompt_len(ref)
    capacity = length + EXTRA
    caches = _prefill_caches(ref, layers, capacity)
    for s in range(STEPS):
        before = {k: v.copy() for k, v in caches.items()}
        out = _decode(vlmxla_bin, model_dir, tmp_path, [greedy[s]], [length + s], caches)
        logits, caches = _split(out, layers)
        vocab = ref["prefill_logits"].size
        assert logits.shape == (1, vocab)
        assert int(np.argmax(logits[0])) == int(greedy[s + 1]), f"step {s}"
        for name, cache in caches.items():
            assert cache.shape == before[name].shape
            # Only row length + s changed; earlier rows are kept exactly.
            changed = np.any(cache != before[name], axis=(0, 1, 3))
            assert changed[length + s], name
            assert not np.any(np.delete(changed, length + s)), name


@pytest.mark.parametrize("fixture", FIXTURES)
def test_decode_batch_matches_solo(vlmxla_bin, captures, fixture, tmp_path):
    model_dir = paths.cache_dir() / "fixtures" / fixture
    layers = _layers(fixture)
    refs = [load_file(str(captures[(fixture, c)] / "stages.safetensors")) for c in CASES]
    lengths = [_prompt_len(r) for r in refs]
    capacity = max(lengths) + EXTRA
    solo_caches = [_prefill_caches(r, layers, capacity) for r in refs]
    tokens = [int(r["greedy_tokens"].reshape(-1)[0]) for r in refs]
    assert lengths[0] != lengths[1]

    solo = []
    for i in range(2):
        out = _decode(vlmxla_bin, model_dir, tmp_path, [tokens[i]], [lengths[i]], solo_caches[i])
        solo.append(_split(out, layers))
    batch = {k: np.concatenate([solo_caches[0][k], solo_caches[1][k]]) for k in solo_caches[0]}
    logits, caches = _split(_decode(vlmxla_bin, model_dir, tmp_path, tokens, lengths, batch),
                            layers)
    assert logits.shape[0] == 2
    for i in range(2):
        assert int(np.argmax(logits[i])) == int(np.argmax(solo[i][0][0]))
        assert int(np.argmax(logits[i])) == int(refs[i]["greedy_tokens"].reshape(-1)[1])
        # Batched matmuls may accumulate in another order: float32 rounding only.
        np.testing.assert_allclose(logits[i], solo[i][0][0], atol=1e-4, rtol=1e-5)
        for name in caches:
            np.testing.assert_allclose(caches[name][i], solo[i][1][name][0], atol=1e-5,
                                       rtol=1e-5, err_msg=name)
