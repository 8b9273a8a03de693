"""What the roofline divides by: the model's work per prompt (flops, from config.json) and the bytes
one decode step must read (the text decoder's weights as stored, 4 bytes an element in float32 and 2
in bfloat16/float16, and the KV rows it attends to, in the compute dtype)."""

from __future__ import annotations

import json
import pathlib
import struct

F32 = 4
DTYPE_BYTES = {"float32": 4, "bfloat16": 2, "float16": 2}


def _tensor_bytes(model_dir: pathlib.Path, elements: dict | None = None) -> dict[str, int]:
    """{tensor name: bytes} from the safetensors headers (no tensor data is read); `elements`, when
    given, receives {tensor name: element count}."""
    out = {}
    for path in sorted(model_dir.glob("*.safetensors")):
        with path.open("rb") as f:
            (n,) = struct.unpack("<Q", f.read(8))
            header = json.loads(f.read(n))
        for name, meta in header.items():
            if name != "__metadata__":
                begin, end = meta["data_offsets"]
                out[name] = end - begin
                if elements is not None:
                    n = 1
                    for d in meta["shape"]:
                        n *= d
                    elements[name] = n
    return out


def model_costs(model_dir: pathlib.Path, image_prompt_tokens: int, text_prompt_tokens: int,
                decode_position: int, kv_dtype: str = "float32") -> dict:
    """Flops and bytes of the checkpoint in `model_dir` (its weights' bytes as stored); the KV
    cache is counted in `kv_dtype` (the compute dtype: vlmxla and torch keep KV in it)."""
    model_dir = pathlib.Path(model_dir)
    cfg = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    v, t = cfg["vision_config"], cfg["text_config"]
    # Vision tower over the image's patches (SigLIP: no class token) and the projector.
    patches = (v["image_size"] // v["patch_size"]) ** 2
    d, inter, layers = v["hidden_size"], v["intermediate_size"], v["num_hidden_layers"]
    vision = 2 * patches * 3 * v["patch_size"] ** 2 * d
    vision += layers * (2 * patches * (4 * d * d + 2 * d * inter) + 4 * patches * patches * d)
    dt = t["hidden_size"]
    vision += 2 * patches * (d * dt + dt * dt)

    def decoder_flops(n: int) -> int:
        heads, kv = t["num_attention_heads"], t["num_key_value_heads"]
        hd = t.get("head_dim") or dt // heads
        proj = dt * heads * hd * 2 + dt * kv * hd * 2  # q, o; k, v
        mlp = 3 * dt * t["intermediate_size"]
        attn = 2 * n * n * heads * hd  # causal: half of the 4 n^2 d of a dense attention
        return t["num_hidden_layers"] * (2 * n * (proj + mlp) + attn) + 2 * dt * t["vocab_size"]

    elements = {}
    sizes = _tensor_bytes(model_dir, elements)
    text = [k for k in sizes if "language_model" in k or "lm_head" in k]
    text_bytes = sum(sizes[k] for k in text)
    heads, kv = t["num_attention_heads"], t["num_key_value_heads"]
    hd = t.get("head_dim") or dt // heads
    kv_bytes = 2 * t["num_hidden_layers"] * kv * hd * decode_position * DTYPE_BYTES[kv_dtype]
    return {
        "weight_bytes_total": sum(sizes.values()),
        "decode_weight_bytes": text_bytes,
        "decode_weight_bytes_per_element": text_bytes / max(1, sum(elements[k] for k in text)),
        "kv_dtype": kv_dtype,
        "decode_kv_bytes_per_sequence": kv_bytes,
        "decode_flops_per_token": decoder_flops(1),
        "prefill_flops_image_text": vision + decoder_flops(image_prompt_tokens),
        "prefill_flops_text": decoder_flops(text_prompt_tokens),
        "image_patches": patches,
    }
