"""Weight quantization: the engine's quantizer (through `vlmxla quantize`) and the oracle's
(vlmxla_oracle.quantize) produce the same q and scales, byte for byte, on the fixtures' decoder
projections; the written checkpoint's compressed-tensors layout decodes back to them; the oracle's
dequantized copy holds W' exactly; bad values of --weights are refused naming the flag."""

import json
import subprocess

import numpy as np
import pytest
import torch
from safetensors.torch import load_file
from vlmxla_oracle import fixtures, quantize, testing

# One text-only fixture and one multimodal one (whose vision tower has layers of the same names,
# which must stay float), in float32 and in bfloat16 (widened to float32 before quantizing).
MODELS = ("tiny-qwen2", "tiny-llava-siglip-qwen2", "tiny-llama-bf16")


def _tensors(model_dir) -> dict:
    out = {}
    for path in fixtures.weight_files(model_dir):
        out.update(load_file(str(path)))
    return out


def _words_to_q(words: np.ndarray) -> np.ndarray:
    """compressed-tensors' pack-quantized int32 words -> q int8 [out, in] (value k of a word in
    bits 4k..4k+3, as q + 8)."""
    u = words.view(np.uint32)
    nibbles = (u[..., None] >> (4 * np.arange(8, dtype=np.uint32))) & 15
    return (nibbles.reshape(words.shape[0], -1).astype(np.int16) - 8).astype(np.int8)


@pytest.mark.parametrize("weights", quantize.WEIGHTS)
@pytest.mark.parametrize("name", MODELS)
def test_engine_and_oracle_quantize_bit_identically(vlmxla_bin, tmp_path, name, weights):
    model_dir = testing.ensure_fixture(name)
    out = tmp_path / "q"
    proc = subprocess.run([str(vlmxla_bin), "quantize", "--model", str(model_dir), "--out",
                           str(out), "--weights", weights], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    source = _tensors(model_dir)
    written = _tensors(out)
    expected = sorted(n for n in source if quantize.is_quantized(n))
    config = json.loads((out / "config.json").read_text(encoding="utf-8"))
    qc = config["quantization_config"]
    assert qc["quant_method"] == "compressed-tensors"
    assert qc["format"] == ("pack-quantized" if weights == "int4" else "int-quantized")
    targets = qc["config_groups"]["group_0"]["targets"]
    assert sorted(t + ".weight" for t in targets) == expected
    layers = json.loads((model_dir / "config.json").read_text()).get("text_config", {})
    assert len(expected) == 7 * (layers.get("num_hidden_layers")
                                 or json.loads((model_dir / "config.json").read_text())
                                 ["num_hidden_layers"])
    for n, t in source.items():
        if n not in expected:  # the vision tower, norms, embeddings, head: copied as they are
            assert torch.equal(written[n], t), n
            continue
        q, scales = quantize.quantize(t.to(torch.float32).numpy(), weights)
        got_scales = written[n + "_scale"].numpy()
        assert got_scales.dtype == np.float32
        assert got_scales.reshape(scales.shape).tobytes() == scales.tobytes(), n
        if weights == "int8":
            got_q = written[n].numpy()
            assert got_q.dtype == np.int8 and got_q.tobytes() == q.tobytes(), n
        else:
            assert n not in written
            assert written[n + "_shape"].tolist() == list(t.shape)
            assert _words_to_q(written[n + "_packed"].numpy()).tobytes() == q.tobytes(), n
        assert np.abs(q).max() <= quantize.QMAX[weights]
        # The scales are the rows' (groups') max |W| over qmax: the largest |q| is qmax.
        assert np.abs(q).max() == quantize.QMAX[weights]


def test_int4_packing_round_trips():
    rng = np.random.default_rng(0)
    q = rng.integers(-7, 8, size=(3, 64)).astype(np.int8)
    packed = quantize.pack_int4(q)
    assert packed.shape == (3, 32)
    lo, hi = int(q[0, 0]) & 15, int(q[0, 1]) & 15
    assert int(packed.view(np.uint8)[0, 0]) == lo | (hi << 4)
    assert np.array_equal(quantize.unpack_int4(packed), q)


@pytest.mark.parametrize("weights", quantize.WEIGHTS)
def test_dequantized_copy_holds_w_prime(weights):
    model_dir = testing.ensure_fixture("tiny-llama")
    copy = quantize.dequantized_model_dir(model_dir, weights)
    source, deq = _tensors(model_dir), _tensors(copy)
    assert source.keys() == deq.keys()
    changed = 0
    for n, t in source.items():
        if not quantize.is_quantized(n):
            assert torch.equal(deq[n], t), n
            continue
        q, s = quantize.quantize(t.numpy(), weights)
        assert deq[n].numpy().tobytes() == quantize.dequantize(q, s).tobytes()
        changed += not torch.equal(deq[n], t)
    assert changed > 0


@pytest.mark.parametrize("value", ["int3", "fp8", ""])
def test_bad_weights_value_names_the_flag_and_choices(vlmxla_bin, value):
    model_dir = testing.ensure_fixture("tiny-llama")
    proc = subprocess.run([str(vlmxla_bin), "run", "--model", str(model_dir), "--prompt", "hi",
                           "--weights", value], capture_output=True, text=True, check=False)
    assert proc.returncode != 0
    assert "--weights" in proc.stderr and "int8" in proc.stderr and "int4" in proc.stderr
