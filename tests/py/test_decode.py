"""The emitted decode program (one token per KV-cache slot) reproduces the oracle's greedy tokens.

Starting from the oracle's prefill K/V for a case, `vlmxla-testtool run-program --program decode` is run
step by step on PJRT CPU with its returned caches fed back; every step's argmax must equal the
oracle's next greedy token. Each slot's cache is its own buffers kv.<b>.<l>.key / .value
[kv_heads, C, head_dim]; a batch-3 call with three slots at different positions must give each
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


def _prefill_caches(ref: dict, layers: int, capacity: int, slot: int = 0) -> dict:
    """The oracle's prefill K/V [kv, L, hd] as slot `slot`'s caches [kv, capacity, hd], zeros
    beyond L."""
    caches = {}
    for i in range(layers):
        for kv in ("key", "value"):
            t = ref[f"past_key_values.{i}.{kv}"].astype(np.float32)
            t = t.reshape(t.shape[-3:])
            padded = np.zeros((t.shape[0], capacity, t.shape[2]), np.float32)
            padded[:, : t.shape[1]] = t
            caches[f"kv.{slot}.{i}.{kv}"] = padded
    return caches


def _as_slot(caches: dict, slot: int) -> dict:
    """Renames one slot's caches kv.<b>.<l>.* to slot `slot`."""
    return {f"kv.{slot}." + k.split(".", 2)[2]: v for k, v in caches.items()}


def _prompt_len(ref: dict) -> int:
    return int(ref["past_key_values.0.key"].shape[-2])


def _decode(vlmxla_testtool, model_dir, work, tokens, positions, caches) -> dict:
    inputs = {"tokens": np.asarray(tokens, np.int64), "positions": np.asarray(positions, np.int64)}
    inputs.update(caches)
    save_file(inputs, str(work / "in.safetensors"))
    proc = subprocess.run(
        [str(vlmxla_testtool), "run-program", "--model", str(model_dir), "--program", "decode",
         "--inputs", str(work / "in.safetensors"), "--output", str(work / "out.safetensors")],
        check=False, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return load_file(str(work / "out.safetensors"))


def _split(out: dict, layers: int, batch: int = 1):
    caches = {f"kv.{b}.{i}.{kv}": out[f"kv.{b}.{i}.{kv}"]
              for b in range(batch) for i in range(layers) for kv in ("key", "value")}
    assert set(out) == {"logits", *caches}
    return out["logits"], caches


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("fixture", FIXTURES)
def test_decode_reproduces_greedy(vlmxla_testtool, captures, fixture, case, tmp_path):
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
        out = _decode(vlmxla_testtool, model_dir, tmp_path, [greedy[s]], [length + s], caches)
        logits, caches = _split(out, layers)
        vocab = ref["prefill_logits"].size
        assert logits.shape == (1, vocab)
        assert int(np.argmax(logits[0])) == int(greedy[s + 1]), f"step {s}"
        for name, cache in caches.items():
            assert cache.shape == before[name].shape
            # Only row length + s changed; earlier rows are kept exactly.
            changed = np.any(cache != before[name], axis=(0, 2))
            assert changed[length + s], name
            assert not np.any(np.delete(changed, length + s)), name


@pytest.mark.parametrize("fixture", FIXTURES)
def test_decode_batch_matches_solo(vlmxla_testtool, captures, fixture, tmp_path):
    """Three slots at three different positions (two prompts, and the first one a step further)
    in one B=3 call equal three B=1 calls: each slot reads and writes only its own cache."""
    model_dir = paths.cache_dir() / "fixtures" / fixture
    layers = _layers(fixture)
    refs = [load_file(str(captures[(fixture, c)] / "stages.safetensors")) for c in CASES]
    lengths = [_prompt_len(r) for r in refs]
    capacity = max(lengths) + EXTRA
    greedy = [r["greedy_tokens"].reshape(-1) for r in refs]
    assert lengths[0] != lengths[1]
    first = _prefill_caches(refs[0], layers, capacity)
    out = _decode(vlmxla_testtool, model_dir, tmp_path, [greedy[0][0]], [lengths[0]], first)
    _, stepped = _split(out, layers)
    # (token, position, slot-0 caches, expected next greedy token) per slot.
    slots = [(greedy[0][0], lengths[0], first, greedy[0][1]),
             (greedy[1][0], lengths[1], _prefill_caches(refs[1], layers, capacity), greedy[1][1]),
             (greedy[0][1], lengths[0] + 1, stepped, greedy[0][2])]
    assert len({p for _, p, _, _ in slots}) == 3

    solo = []
    for token, pos, caches, _ in slots:
        solo.append(_split(_decode(vlmxla_testtool, model_dir, tmp_path, [token], [pos], caches),
                           layers))
    batch_in = {}
    for b, (_, _, caches, _) in enumerate(slots):
        batch_in.update(_as_slot(caches, b))
    logits, caches = _split(_decode(vlmxla_testtool, model_dir, tmp_path, [t for t, *_ in slots],
                                    [p for _, p, *_ in slots], batch_in), layers, batch=3)
    assert logits.shape[0] == 3
    for b, (_, _, _, want) in enumerate(slots):
        assert int(np.argmax(logits[b])) == int(np.argmax(solo[b][0][0])) == int(want)
        # Batched matmuls may accumulate in another order: float32 rounding only.
        np.testing.assert_allclose(logits[b], solo[b][0][0], atol=1e-4, rtol=1e-5)
        for name, cache in _as_slot(solo[b][1], b).items():
            np.testing.assert_allclose(caches[name], cache, atol=1e-5, rtol=1e-5, err_msg=name)


def test_decode_rejects_position_outside_cache(vlmxla_testtool, tmp_path):
    """A position at or past the capacity would be clamped by the program: the runner refuses."""
    model_dir = paths.cache_dir() / "fixtures" / FIXTURES[0]
    caches = {f"kv.0.{i}.{kv}": np.zeros((2, 8, 16), np.float32)
              for i in range(_layers(FIXTURES[0])) for kv in ("key", "value")}
    save_file({"tokens": np.array([5], np.int32), "positions": np.array([8], np.int32), **caches},
              str(tmp_path / "in.safetensors"))
    proc = subprocess.run(
        [str(vlmxla_testtool), "run-program", "--model", str(model_dir), "--program", "decode",
         "--inputs", str(tmp_path / "in.safetensors"), "--output", str(tmp_path / "out.st")],
        check=False, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert "input 'positions' holds 8 but it must be in [0, 7]" in proc.stderr, proc.stderr
