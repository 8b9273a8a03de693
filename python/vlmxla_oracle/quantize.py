"""Weight quantization, the oracle's side (docs/validation.md, "Quantized weights").

The same definition as the engine's (src/vlmxla/base/quantize.h), bit for bit:
- int8: per output channel, scale[o] = max_i |W[o, i]| / 127 in float32 rounded to 8 significant
  bits (bfloat16's, to nearest even; 1 where the row is all zero), q = clamp(round_half_even(W /
  scale), -127, 127) in float32 on the weights widened to float32. The 8-bit scale makes
  float32(q) * scale exact, so W' is the same number whether or not a compiler fuses the multiply
  into an FMA.
- int4: groups of 32 inputs, scale[o, g] = max |W[o, 32g:32g+32]| / 7 (rounded likewise), q in
  [-7, 7]; packed two per byte, input 2j in byte j's low nibble and 2j + 1 in its high one (4-bit
  two's complement).
- The dequantized weight W' = float32(q) * scale, cast to the compute dtype.
- w8a8: the same int8 weights (the same tensors, q and scales as int8), and the activation
  entering each of their products (the LM head's included; an embedding lookup is no product)
  quantized to int8 per token at run time (capture.py's w8a8_linear holds that definition): the
  copy is int8's plus a marker in vlmxla_dequantized.json ("activations") that tells capture which
  Linear modules quantize their inputs.
- w4a8: int4's projections (the same tensors, q and scales as int4) with their input rows
  quantized to int8 per token exactly as w8a8's (capture.py's w4a8_linear), and w8a8's head (int8
  weights, its input rows quantized: the engine's HeadQuant(kW4A8) = kW8A8): the copy is int4's
  plus its own marker.

Which tensors (tensor_format): the text decoder's projections (q/k/v/o, gate/up/down) of every
layer in the chosen format, and the LM head in int8 per output channel under either format (the
engine's HeadQuant): `lm_head.weight`, or the embedding table where the head is tied to it (one
tensor, so the looked-up rows are the dequantized W' too). The vision tower, projector, an untied
embedding table, norms and biases stay as stored. The gate's oracle runs Transformers on a copy of
the checkpoint whose quantized tensors hold W' (dequantized_model_dir), so every stage keeps the
float tolerances and greedy tokens must be exact.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
import shutil

import numpy as np

from . import paths

# Weight-only formats, and those that quantize each product's input rows to int8 as well: w8a8
# (int8's weights: the same tensors, q and scales) and w4a8 (int4's projections, int8's head).
WEIGHT_ONLY = ("int8", "int4")
WEIGHTS = (*WEIGHT_ONLY, "w8a8", "w4a8")
# The format each --weights value holds its decoder projections in (its head is int8 under all).
STORED_FORMAT = {"int8": "int8", "int4": "int4", "w8a8": "int8", "w4a8": "int4"}
GROUP = 32
QMAX = {"int8": 127, "int4": 7}
# Outputs per block of w4a8's int4 weight as the engine holds it (base/quantize.h
# kW4A8BlockOutputs, PackW4A8Weight): the last block padded with zero q and zero scales.
W4A8_BLOCK_OUTPUTS = 16
# What a w8a8 / w4a8 copy's marker and its capture's manifest say ("activations"): the same
# int8 per-token activations, named apart because the weights they multiply are not the same.
W8A8_ACTIVATIONS = "int8 per token (w8a8)"
W4A8_ACTIVATIONS = "int8 per token (w4a8)"
ACTIVATIONS = {"w8a8": W8A8_ACTIVATIONS, "w4a8": W4A8_ACTIVATIONS}
W8A8_MODULES = ("the text decoder's q/k/v/o and gate/up/down projections of every layer, and "
                "lm_head (the embedding table's product where the head is tied; the lookup is "
                "not quantized)")
_PROJECTION = re.compile(r"layers\.\d+\.(self_attn\.[qkvo]_proj|mlp\.(gate|up|down)_proj)\.weight$")


_HEAD = re.compile(r"(^|\.)lm_head\.weight$")
_EMBED = re.compile(r"(^|\.)embed_tokens\.weight$")


def _text(name: str) -> bool:
    """Not the vision tower's (whose layers have the same names under vision_tower. / visual.)."""
    return "vision" not in name and "visual" not in name


def _check_weights(weights: str) -> None:
    if weights not in WEIGHTS:
        raise ValueError(f"weights must be one of {', '.join(WEIGHTS)} or stored, got "
                         f"{weights!r}")


def tensor_format(name: str, weights: str, tied: bool) -> str | None:
    """The format `name` is quantized to under `weights` (one of WEIGHTS): "int8" or "int4",
    None where it stays as stored: a text decoder projection takes `weights`' stored format (int8
    for w8a8, int4 for w4a8), the LM head int8 (the embedding table when `tied`, else
    lm_head.weight)."""
    if weights == "stored" or not _text(name):
        return None
    _check_weights(weights)
    if _PROJECTION.search(name):
        return STORED_FORMAT[weights]
    if (_EMBED if tied else _HEAD).search(name):
        return "int8"
    return None


def ties_head(model_dir: pathlib.Path) -> bool:
    """Whether Transformers ties the model's LM head to its embedding table (its config's
    tie_word_embeddings, with the model type's default)."""
    from transformers import AutoConfig

    return bool(getattr(AutoConfig.from_pretrained(str(model_dir)), "tie_word_embeddings", False))


def tensor_formats(model_dir: pathlib.Path, names, weights: str) -> dict[str, str]:
    """{name: format} for those of `names` held quantized under `weights` (tensor_format); an
    unknown `weights` is refused naming the formats."""
    if weights == "stored":
        return {}
    _check_weights(weights)
    tied = ties_head(model_dir)
    return {n: f for n in names if (f := tensor_format(n, weights, tied)) is not None}


def _round_to_bf16(x: np.ndarray) -> np.ndarray:
    """float32 values rounded to 8 significant bits (bfloat16's), to nearest even, as float32."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return bits.astype(np.uint32).view(np.float32)


def held_bytes(shape, fmt: str, weights: str | None = None) -> int:
    """The bytes an [out, in] tensor quantized to `fmt` (tensor_format's "int8" / "int4", or a
    --weights value, which stands for its projections' format) takes as the engine holds it under
    `weights` (default: `fmt`): int8 one a value and a float32 scale per row, int4 two values a
    byte and a float32 scale per group of 32 (w8a8: int8's). w4a8 holds its int4 projections in
    blocks of W4A8_BLOCK_OUTPUTS outputs (PackW4A8Weight: out rounded up to whole blocks) with
    bfloat16 scales, two bytes a group (exact: the scales have 8 significant bits)."""
    weights = weights or fmt
    if fmt not in QMAX:
        _check_weights(fmt)
        fmt = STORED_FORMAT[fmt]
    _check_weights(weights)
    out, inp = shape
    if fmt == "int8":
        return out * inp + 4 * out
    if weights == "w4a8":
        out = -(-out // W4A8_BLOCK_OUTPUTS) * W4A8_BLOCK_OUTPUTS
        return out * inp // 2 + 2 * (out * inp // GROUP)
    return out * inp // 2 + 4 * (out * inp // GROUP)


def quantize(w: np.ndarray, weights: str) -> tuple[np.ndarray, np.ndarray]:
    """(q int8 [out, in], scales float32 [out] or [out, in / 32]) of a float [out, in] weight
    (w8a8's weights are int8's, w4a8's int4's)."""
    if weights not in WEIGHTS:
        raise ValueError(f"weights must be one of {', '.join(WEIGHTS)}, got {weights!r}")
    weights = STORED_FORMAT[weights]
    w = np.asarray(w, dtype=np.float32)
    if w.ndim != 2:
        raise ValueError(f"quantize needs a 2-D [out, in] weight, got shape {w.shape}")
    qmax = np.float32(QMAX[weights])
    out, inp = w.shape
    if weights == "int4":
        if inp % GROUP:
            raise ValueError(f"int4 needs the input dimension to be a multiple of {GROUP}, "
                             f"got {w.shape}")
        w = w.reshape(out, inp // GROUP, GROUP)
    m = np.abs(w).max(axis=-1)
    scales = np.where(m == 0, np.float32(1), _round_to_bf16(m / qmax)).astype(np.float32)
    q = np.clip(np.rint(w / scales[..., None]), -qmax, qmax).astype(np.int8)
    return q.reshape(out, inp), scales


def pack_int4(q: np.ndarray) -> np.ndarray:
    """int8 [out, in] in [-7, 7] -> int8 [out, in / 2]: input 2j in byte j's low nibble."""
    u = q.astype(np.uint8)
    return ((u[:, 0::2] & 15) | ((u[:, 1::2] & 15) << 4)).astype(np.uint8).view(np.int8)


def unpack_int4(packed: np.ndarray) -> np.ndarray:
    """The inverse of pack_int4."""
    u = packed.view(np.uint8)
    lo = (u & 15).astype(np.int8)
    hi = (u >> 4).astype(np.int8)
    q = np.empty((u.shape[0], u.shape[1] * 2), dtype=np.int8)
    q[:, 0::2] = np.where(lo >= 8, lo - 16, lo)
    q[:, 1::2] = np.where(hi >= 8, hi - 16, hi)
    return q


def dequantize(q: np.ndarray, scales: np.ndarray) -> np.ndarray:
    """W' = float32(q) * scale, float32 [out, in]."""
    out, inp = q.shape
    if scales.ndim == 1:
        return q.astype(np.float32) * scales[:, None]
    groups = scales.shape[1]
    wide = q.astype(np.float32).reshape(out, groups, inp // groups) * scales[..., None]
    return wide.reshape(out, inp)


def _source_stamp(model_dir: pathlib.Path) -> str:
    h = hashlib.sha256()
    h.update(pathlib.Path(__file__).read_bytes())
    for f in sorted(model_dir.iterdir()):
        if f.is_file():
            st = f.stat()
            h.update(f"{f.name}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def dequantized_model_dir(model_dir: pathlib.Path, weights: str) -> pathlib.Path:
    """A copy of `model_dir` (cached under $VLMXLA_CACHE/dequantized) whose quantized tensors
    (tensor_format: the decoder projections and the LM head) hold W' in float32 (exact: an 8-bit
    scale times q needs no rounding), the other tensors and files as they are. Transformers
    loaded with dtype D casts W' to D, as the engine casts it in its programs. w8a8's copy holds
    int8's tensors (w4a8's int4's), and its vlmxla_dequantized.json carries "activations"
    (activation_marker), which capture.py reads to quantize the inputs of those Linear modules;
    int8's and int4's json has no such key."""
    model_dir = pathlib.Path(model_dir)
    out = paths.cache_dir() / "dequantized" / f"{model_dir.name}-{weights}"
    stamp = _source_stamp(model_dir)
    if (out / "vlmxla_dequantized.json").exists():
        info = json.loads((out / "vlmxla_dequantized.json").read_text(encoding="utf-8"))
        if info.get("stamp") == stamp:
            return out
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    count = 0
    tied = ties_head(model_dir)
    for f in sorted(model_dir.iterdir()):
        if not f.is_file():
            continue
        if f.suffix != ".safetensors":
            shutil.copy2(f, out / f.name)
            continue
        tensors = _load_any(f)
        for name, t in tensors.items():
            fmt = tensor_format(name, weights, tied)
            if fmt is not None:
                q, s = quantize(_to_f32(t), fmt)
                tensors[name] = dequantize(q, s)
                count += 1
        _save_any(tensors, out / f.name)
    info = {"source": str(model_dir), "weights": weights, "quantized_tensors": count,
            "stamp": stamp}
    if weights in ACTIVATIONS:
        info["activations"] = {"format": ACTIVATIONS[weights], "modules": W8A8_MODULES}
    (out / "vlmxla_dequantized.json").write_text(json.dumps(info, indent=1) + "\n",
                                                 encoding="utf-8")
    return out


def dequantized_info(model_dir: pathlib.Path) -> dict | None:
    """A dequantized copy's vlmxla_dequantized.json (None for any other model directory)."""
    path = pathlib.Path(model_dir) / "vlmxla_dequantized.json"
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def activation_marker(model_dir: pathlib.Path) -> str | None:
    """W8A8_ACTIVATIONS where `model_dir` is a w8a8 copy, W4A8_ACTIVATIONS where it is a w4a8
    one (the Linear modules of W8A8_MODULES take int8 per-token activations in both), None for
    any other checkpoint."""
    info = dequantized_info(model_dir) or {}
    return (info.get("activations") or {}).get("format")


def _to_f32(t) -> np.ndarray:
    import torch

    return t.to(torch.float32).numpy()


def _load_any(path: pathlib.Path) -> dict:
    """Every tensor of a safetensors file as torch tensors (bfloat16 included)."""
    from safetensors.torch import load_file

    return load_file(str(path))


def _save_any(tensors: dict, path: pathlib.Path) -> None:
    import torch
    from safetensors.torch import save_file

    save_file({k: (torch.from_numpy(v) if isinstance(v, np.ndarray) else v).contiguous()
               for k, v in tensors.items()}, str(path), metadata={"format": "pt"})
