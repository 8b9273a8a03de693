"""What the roofline divides by: the model's work per prompt (flops, from config.json) and the bytes
one decode step must read (the text decoder's weights as stored, 4 bytes an element in float32 and 2
in bfloat16/float16, or in the `--weights` format where a row quantizes them, and the KV rows it
attends to, in the compute dtype)."""

from __future__ import annotations

import json
import pathlib
import struct

from vlmxla_oracle import quantize

F32 = 4
DTYPE_BYTES = {"float32": 4, "bfloat16": 2, "float16": 2}


def _tensor_bytes(model_dir: pathlib.Path, elements: dict | None = None,
                  weights: str = "stored") -> dict[str, int]:
    """{tensor name: bytes} from the safetensors headers (no tensor data is read), as held under
    `weights` (vlmxla_oracle.quantize.tensor_formats: the decoder projections in that format, the
    LM head in int8, the rest as stored); `elements`, when given, receives {tensor name: element
    count}."""
    out = {}
    headers = []
    for path in sorted(model_dir.glob("*.safetensors")):
        with path.open("rb") as f:
            (n,) = struct.unpack("<Q", f.read(8))
            header = json.loads(f.read(n))
        header.pop("__metadata__", None)
        headers.append(header)
    formats = quantize.tensor_formats(model_dir, [n for h in headers for n in h], weights)
    for header in headers:
        for name, meta in header.items():
            begin, end = meta["data_offsets"]
            fmt = formats.get(name)
            out[name] = (end - begin if fmt is None
                         else quantize.held_bytes(meta["shape"], fmt, weights))
            if elements is not None:
                n = 1
                for d in meta["shape"]:
                    n *= d
                elements[name] = n
    return out


def _vision_flops(cfg: dict, patches: int | None) -> tuple[int, int]:
    """(flops of the vision tower + projector over one image, its patch count). LLaVA: the
    tower's fixed grid (SigLIP: no class token) and the two-layer projector, once per view where
    `patches` counts several (anyres: the tiles and the base view); Gemma 3: the tower's grid and
    one projection of the pooled soft tokens. Qwen2-VL / Qwen3-VL: `patches` (the image's t*h*w
    grid, which the image's size decides), the conv3d patch embedding as one matmul, full
    attention within the image, the 2x2 merger's two layers (Qwen3-VL: and each DeepStack
    merger's)."""
    v = cfg["vision_config"]
    if cfg.get("model_type") == "qwen2_vl":
        if not patches:
            raise ValueError("a Qwen2-VL image's flops need its patch count (image_grid_thw)")
        d = v["embed_dim"]
        inter = int(d * v["mlp_ratio"])
        unit = v["spatial_merge_size"] ** 2
        flops = 2 * patches * v["in_channels"] * v["temporal_patch_size"] * v["patch_size"] ** 2 * d
        flops += v["depth"] * (2 * patches * (4 * d * d + 2 * d * inter)
                               + 4 * patches * patches * d)
        flops += 2 * (patches // unit) * ((unit * d) ** 2 + unit * d * v["hidden_size"])
        return flops, patches
    if cfg.get("model_type") == "qwen3_vl":
        # As Qwen2-VL's, with its names (hidden_size, intermediate_size, out_hidden_size) and
        # a merger per DeepStack layer besides the final one (each 2x2 merge's two layers).
        if not patches:
            raise ValueError("a Qwen3-VL image's flops need its patch count (image_grid_thw)")
        d, inter = v["hidden_size"], v["intermediate_size"]
        unit = v["spatial_merge_size"] ** 2
        mergers = 1 + len(v.get("deepstack_visual_indexes") or [])
        flops = 2 * patches * v["in_channels"] * v["temporal_patch_size"] * v["patch_size"] ** 2 * d
        flops += v["depth"] * (2 * patches * (4 * d * d + 2 * d * inter)
                               + 4 * patches * patches * d)
        flops += mergers * 2 * (patches // unit) * ((unit * d) ** 2
                                                    + unit * d * v["out_hidden_size"])
        return flops, patches
    if "image_size" not in v:
        raise ValueError(f"no flop count for model_type {cfg.get('model_type')!r}")
    t = cfg["text_config"]
    n = (v["image_size"] // v["patch_size"]) ** 2
    # anyres (LLaVA-OneVision): `patches` counts every view (the tiles and the base view), each
    # through the tower and the projector at its fixed grid; one view otherwise.
    views = patches // n if patches else 1
    if patches and patches != views * n:
        raise ValueError(f"{patches} patches are not whole views of {n}")
    d, inter, layers = v["hidden_size"], v["intermediate_size"], v["num_hidden_layers"]
    flops = 2 * n * 3 * v["patch_size"] ** 2 * d
    flops += layers * (2 * n * (4 * d * d + 2 * d * inter) + 4 * n * n * d)
    dt = t["hidden_size"]
    if cfg.get("model_type") == "gemma3":  # pooled to mm_tokens_per_image, one projection
        flops += 2 * cfg["mm_tokens_per_image"] * d * dt
    else:  # LLaVA's two-layer projector on every patch
        flops += 2 * n * (d * dt + dt * dt)
    return views * flops, views * n


def model_costs(model_dir: pathlib.Path, image_prompt_tokens: int, text_prompt_tokens: int,
                decode_position: int, kv_dtype: str = "float32", image_patches: int | None = None,
                images: dict | None = None, weights: str = "stored") -> dict:
    """Flops and bytes of the checkpoint in `model_dir` (its weights' bytes as stored); the KV
    cache is counted in `kv_dtype` (the compute dtype: vlmxla and torch keep KV in it).
    `image_patches`: the image's patch count where the model's image size varies (Qwen2-VL);
    `images`, {label: {"prompt_tokens", "patches"}}: each image's request, whose prefill flops
    come back under "prefill_flops_by_image". `weights`: the format the weights are held in
    (stored, int8, int4, w8a8, w4a8), which sets the bytes a decode step reads."""
    model_dir = pathlib.Path(model_dir)
    cfg = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    t = cfg.get("text_config", cfg)
    vision, patches = _vision_flops(cfg, image_patches)
    dt = t["hidden_size"]

    def decoder_flops(n: int) -> int:
        heads, kv = t["num_attention_heads"], t["num_key_value_heads"]
        hd = t.get("head_dim") or dt // heads
        proj = dt * heads * hd * 2 + dt * kv * hd * 2  # q, o; k, v
        mlp = 3 * dt * t["intermediate_size"]
        attn = 2 * n * n * heads * hd  # causal: half of the 4 n^2 d of a dense attention
        return t["num_hidden_layers"] * (2 * n * (proj + mlp) + attn) + 2 * dt * t["vocab_size"]

    elements = {}
    sizes = _tensor_bytes(model_dir, elements, weights)
    if cfg.get("model_type") in ("qwen2_vl", "qwen2_5_vl"):  # saved as model.layers..., visual...
        text = [k for k in sizes if not (k.startswith("visual.") or ".visual." in k)]
    else:
        text = [k for k in sizes if "language_model" in k or "lm_head" in k]
    text_bytes = sum(sizes[k] for k in text)
    heads, kv = t["num_attention_heads"], t["num_key_value_heads"]
    hd = t.get("head_dim") or dt // heads
    kv_bytes = 2 * t["num_hidden_layers"] * kv * hd * decode_position * DTYPE_BYTES[kv_dtype]
    out = {
        "weight_bytes_total": sum(sizes.values()),
        "decode_weight_bytes": text_bytes,
        "decode_weight_bytes_per_element": text_bytes / max(1, sum(elements[k] for k in text)),
        "weights": weights,
        "kv_dtype": kv_dtype,
        "decode_kv_bytes_per_sequence": kv_bytes,
        "decode_flops_per_token": decoder_flops(1),
        "prefill_flops_image_text": vision + decoder_flops(image_prompt_tokens),
        "prefill_flops_text": decoder_flops(text_prompt_tokens),
        "image_patches": patches,
    }
    if images:
        out["prefill_flops_by_image"] = {
            label: _vision_flops(cfg, im.get("patches"))[0] + decoder_flops(im["prompt_tokens"])
            for label, im in images.items()}
    return out
