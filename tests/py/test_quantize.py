"""Weight quantization: the engine's quantizer (through `vlmxla quantize`) and the oracle's
(vlmxla_oracle.quantize) produce the same q and scales, byte for byte, on the fixtures' decoder
projections and LM heads (tied and untied), and choose the same tensors; the written checkpoint's compressed-tensors layout decodes back to them; the oracle's
dequantized copy holds W' exactly; bad values of --weights are refused naming the flag."""

import json
import subprocess

import numpy as np
import pytest
import torch
from safetensors.torch import load_file
from vlmxla_oracle import fixtures, quantize, testing

# One text-only fixture and one multimodal one (whose vision tower has layers of the same names,
# which must stay float), in float32 and in bfloat16 (widened to float32 before quantizing); the
# first two tie the LM head to the embedding table, the third does not.
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


# w8a8's weights are int8's, w4a8's int4's (its head int8's); their config says that each
# product's input is quantized to int8 per token at run time (compressed-tensors' dynamic
# input_activations, in every group). The w4a8 cases need a binary that knows --weights w4a8.
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
    formats = quantize.tensor_formats(model_dir, source, weights)
    config = json.loads((out / "config.json").read_text(encoding="utf-8"))
    qc = config["quantization_config"]
    assert qc["quant_method"] == "compressed-tensors"
    stored = quantize.STORED_FORMAT[weights]  # w8a8 holds int8's weights, w4a8 int4's
    assert qc["format"] == ("mixed-precision" if stored == "int4" else "int-quantized")
    # One config group per format: the projections in `weights`, the head in int8.
    written_formats = {}
    for group in qc["config_groups"].values():
        fmt = "int4" if group["weights"]["num_bits"] == 4 else "int8"
        assert group["format"] == ("pack-quantized" if fmt == "int4" else "int-quantized")
        written_formats.update({t + ".weight": fmt for t in group["targets"]})
        activations = group["input_activations"]
        if weights in quantize.ACTIVATIONS:
            assert activations["num_bits"] == 8 and activations["dynamic"] is True
            assert activations["strategy"] == "token" and activations["symmetric"] is True
        else:
            assert activations is None
    assert written_formats == formats
    text = json.loads((model_dir / "config.json").read_text())
    layers = text.get("text_config", {}).get("num_hidden_layers") or text["num_hidden_layers"]
    assert sorted(formats.values()).count(stored) == 7 * layers + (stored == "int8")
    heads = [n for n, f in formats.items() if "proj" not in n]
    assert len(heads) == 1 and formats[heads[0]] == "int8"
    tied = name != "tiny-llama-bf16"
    assert heads[0].endswith("embed_tokens.weight" if tied else "lm_head.weight")
    for n, t in source.items():
        if n not in formats:  # the vision tower, norms, an untied embedding table: as they are
            assert torch.equal(written[n], t), n
            continue
        fmt = formats[n]
        q, scales = quantize.quantize(t.to(torch.float32).numpy(), fmt)
        got_scales = written[n + "_scale"].numpy()
        assert got_scales.dtype == np.float32
        assert got_scales.reshape(scales.shape).tobytes() == scales.tobytes(), n
        if fmt == "int8":
            got_q = written[n].numpy()
            assert got_q.dtype == np.int8 and got_q.tobytes() == q.tobytes(), n
        else:
            assert n not in written
            assert written[n + "_shape"].tolist() == list(t.shape)
            assert _words_to_q(written[n + "_packed"].numpy()).tobytes() == q.tobytes(), n
        assert np.abs(q).max() <= quantize.QMAX[fmt]
        # The scales are the rows' (groups') max |W| over qmax: the largest |q| is qmax.
        assert np.abs(q).max() == quantize.QMAX[fmt]


def test_int4_packing_round_trips():
    rng = np.random.default_rng(0)
    q = rng.integers(-7, 8, size=(3, 64)).astype(np.int8)
    packed = quantize.pack_int4(q)
    assert packed.shape == (3, 32)
    lo, hi = int(q[0, 0]) & 15, int(q[0, 1]) & 15
    assert int(packed.view(np.uint8)[0, 0]) == lo | (hi << 4)
    assert np.array_equal(quantize.unpack_int4(packed), q)


@pytest.mark.parametrize("weights", quantize.WEIGHTS)
@pytest.mark.parametrize("name", ["tiny-llama", "tiny-qwen2"])
def test_dequantized_copy_holds_w_prime(weights, name):
    model_dir = testing.ensure_fixture(name)
    copy = quantize.dequantized_model_dir(model_dir, weights)
    source, deq = _tensors(model_dir), _tensors(copy)
    assert source.keys() == deq.keys()
    formats = quantize.tensor_formats(model_dir, source, weights)
    changed = 0
    for n, t in source.items():
        if n not in formats:
            assert torch.equal(deq[n], t), n
            continue
        q, s = quantize.quantize(t.numpy(), formats[n])
        assert deq[n].numpy().tobytes() == quantize.dequantize(q, s).tobytes()
        changed += not torch.equal(deq[n], t)
    assert changed == len(formats)
    # The head is quantized whether tied (tiny-qwen2: the embedding table) or not (tiny-llama).
    head = "model.embed_tokens.weight" if name == "tiny-qwen2" else "lm_head.weight"
    assert formats[head] == "int8"


def test_tensor_format_names_the_head_and_projections():
    f = quantize.tensor_format
    assert f("model.layers.3.mlp.down_proj.weight", "int4", tied=True) == "int4"
    assert f("model.embed_tokens.weight", "int4", tied=True) == "int8"
    assert f("model.embed_tokens.weight", "int4", tied=False) is None
    assert f("lm_head.weight", "int4", tied=False) == "int8"
    assert f("model.language_model.embed_tokens.weight", "int8", tied=True) == "int8"
    assert f("vision_tower.vision_model.encoder.layers.0.self_attn.q_proj.weight", "int8",
             tied=True) is None
    assert f("model.layers.0.input_layernorm.weight", "int8", tied=True) is None
    assert f("model.layers.0.mlp.up_proj.weight", "stored", tied=True) is None


@pytest.mark.parametrize("value", ["int3", "fp8", ""])
def test_bad_weights_value_names_the_flag_and_choices(vlmxla_bin, value):
    model_dir = testing.ensure_fixture("tiny-llama")
    proc = subprocess.run([str(vlmxla_bin), "run", "--model", str(model_dir), "--prompt", "hi",
                           "--weights", value], capture_output=True, text=True, check=False)
    assert proc.returncode != 0
    assert "--weights" in proc.stderr and "int8" in proc.stderr and "int4" in proc.stderr


@pytest.mark.parametrize("weights", quantize.WEIGHTS)
def test_a_written_checkpoint_runs_as_the_same_quantization_at_load(vlmxla_bin, tmp_path,
                                                                    weights):
    """`vlmxla quantize`'s copy (compressed-tensors, the head in int8 beside int4 projections in a
    mixed-precision config) runs without --weights and generates exactly what --weights on the
    float checkpoint generates: the same q and scales reach the same programs."""
    model_dir = testing.ensure_fixture("tiny-qwen2")
    out = tmp_path / "q"
    subprocess.run([str(vlmxla_bin), "quantize", "--model", str(model_dir), "--out", str(out),
                    "--weights", weights], capture_output=True, text=True, check=True)

    def run(model, *extra):
        proc = subprocess.run([str(vlmxla_bin), "run", "--model", str(model), "--prompt",
                               "Name three colours.", "--max-tokens", "12", "--quiet", *extra],
                              capture_output=True, text=True, check=False)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    assert run(out) == run(model_dir, "--weights", weights)
    other = "int4" if weights == "int8" else "int8"
    proc = subprocess.run([str(vlmxla_bin), "run", "--model", str(out), "--prompt", "hi",
                           "--weights", other], capture_output=True, text=True, check=False)
    assert proc.returncode != 0 and "already quantized" in proc.stderr
