"""The oracle capture: run Transformers on one case and record every pipeline stage.

Stages are taken from Transformers' own modules through forward hooks (vision tower, projector,
language model inputs) and from the model outputs; nothing here reimplements the model. LLaVA
checkpoints go through LlavaProcessor + LlavaForConditionalGeneration; text-only Llama/Qwen2
checkpoints through their tokenizer's apply_chat_template + AutoModelForCausalLM, with the same
manifest format (the vision stages are simply absent).

Qwen2-VL / Qwen2.5-VL checkpoints go through qwen.py's preparation (the real processor when it
can be constructed, else the PIL image processor, the tokenizer and the oracle's placeholder
expansion; the manifest's processing.expansion says which) and Qwen2VLForConditionalGeneration /
Qwen2_5_VLForConditionalGeneration (eager). Their stages, in order:
  rendered_text; pixel_values f32[patches, C*T*P*P] and image_grid_thw i64[images, 3] (the
  processor's own tensors); input_ids_unexpanded, input_ids, attention_mask i64[L];
  position_ids i64[3, L] and rope_deltas i64[1] (the model's get_rope_index, checked equal to
  the positions its language model was given); vision_hidden_states.0 (the first block's input:
  the patch embedding, after Qwen2.5-VL's window permutation) and .<i+1> (block i's output),
  [patches, hidden] in the tower's own row order; image_features [image tokens, out_hidden] (the
  merger output in final order, i.e. after Qwen2.5-VL's reverse permutation: the rows scattered
  into the image pads); inputs_embeds; prefill_logits; past_key_values.<l>.key/.value; greedy
  tokens/text. The manifest's "vision_layout" holds Transformers' cu_seqlens (and, for
  Qwen2.5-VL, window_index and cu_window_seqlens) for the grids.

Dtypes: `capture(..., dtype=...)` (CLI `--dtype`) loads the checkpoint with
`from_pretrained(dtype=...)` (float32 by default; "auto" = the checkpoint's config "dtype" /
"torch_dtype") and stores every stage in the dtype Transformers produced it: in bfloat16 or
float16 the vision hidden states, selected/projected image features, inputs_embeds, K/V and
prefill_logits are BF16/F16 tensors (the logits as the model's own narrow output, not widened),
pixel_values stay float32 (the image processor's output) and ids/positions/masks int64. A narrow
capture keeps a float32 reference beside it (`f32_reference/`): the same narrow checkpoint loaded
as float32, so the difference between the two is the compute dtype's noise alone. The manifest
records "dtype" (f32/bf16/f16) and "greedy_margin": the smallest top-1 minus top-2 logit along the
greedy path (generate's raw per-step logits, widened to float32 exactly).

w8a8 and w4a8 (quantize.py): a model directory whose vlmxla_dequantized.json carries
"activations" (the w8a8 or w4a8 copy) is loaded as any other (load_model), then the forward of
each of its quantized Linear modules (the text decoder's q/k/v/o, gate/up/down projections and
lm_head, which holds the embedding table where the head is tied; not the embedding lookup) is
replaced by w8a8_linear (w8a8's modules, and w4a8's head) or w4a8_linear (w4a8's projections):
the engine's definitions of an int8 or int4 weight times an input quantized to int8 per token, in
every dtype the oracle runs (float64 included). Prefill, generate and the teacher-forced logits
all go through them. The manifest records "activations" ("int8 per token (w8a8)" or "... (w4a8)";
absent for every other capture), which is_current and compare.py's tolerance lookup read.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import pathlib
import re
import sys

from . import quantize
from .paths import resolve_image

MANIFEST_SCHEMA = 1
_DTYPE_NAMES = {
    "float64": "f64",
    "float32": "f32",
    "int64": "i64",
    "float16": "f16",
    "bfloat16": "bf16",
    "int32": "i32",
}


DTYPE_CHOICES = ("auto", "float32", "bfloat16", "float16")
# float64 is no compute dtype of the gate: measure.py's reference for float32's own noise.
SHORT_DTYPES = {"float32": "f32", "bfloat16": "bf16", "float16": "f16", "float64": "f64"}
REFERENCE_DIR = "f32_reference"
F64_REFERENCE_DIR = "f64_reference"
REASON_IMAGES_UNSUPPORTED = "images_unsupported"


def model_type(model_dir: pathlib.Path) -> str:
    """config.json's model_type."""
    from . import families

    return families.model_type(model_dir)


def model_kind(model_dir: pathlib.Path) -> str:
    """The kind of the checkpoint's family for its model_type ("llava", "text" for a plain
    Llama/Qwen2 decoder, "qwen2_vl", "qwen2_5_vl"): what selects its cases and fixture build."""
    from . import families

    return families.kind_of(model_type(model_dir))


def checkpoint_dtype(model_dir: pathlib.Path) -> str:
    """The checkpoint's stored dtype as its config.json says ("dtype", else the older
    "torch_dtype", top level then text_config), float32 when absent: what `--dtype auto` means."""
    config = json.loads((pathlib.Path(model_dir) / "config.json").read_text(encoding="utf-8"))
    for cfg in (config, config.get("text_config") or {}):
        for key in ("dtype", "torch_dtype"):
            value = cfg.get(key)
            if isinstance(value, str):
                value = value.removeprefix("torch.")
                if value not in SHORT_DTYPES:
                    raise ValueError(f"{model_dir}: config {key} {value!r} is not one of "
                                     f"{', '.join(SHORT_DTYPES)}")
                return value
    return "float32"


def resolve_dtype(model_dir: pathlib.Path, dtype: str | None) -> str:
    """A torch dtype name from a --dtype value (None and "auto" follow the checkpoint)."""
    if dtype in (None, "auto"):
        return checkpoint_dtype(model_dir)
    if dtype not in SHORT_DTYPES:
        raise ValueError(f"unknown dtype {dtype!r}; choose from {', '.join(DTYPE_CHOICES)}")
    return dtype


def reference_dir(out_dir: pathlib.Path) -> pathlib.Path:
    """Where a narrow-dtype capture keeps its float32 reference."""
    return pathlib.Path(out_dir) / REFERENCE_DIR


def sha256_file(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def model_files(model_dir: pathlib.Path) -> dict[str, str]:
    return {
        p.name: sha256_file(p)
        for p in sorted(model_dir.iterdir())
        if p.is_file() and not p.name.startswith(".")
    }


def build_messages(case: dict) -> list[dict]:
    """The conversation, exactly as the C++ side builds it."""
    messages = []
    if case.get("system"):
        messages.append(
            {"role": "system", "content": [{"type": "text", "text": case["system"]}]}
        )
    content = [{"type": "image"} for _ in case.get("images", [])]
    content.append({"type": "text", "text": case["prompt"]})
    messages.append({"role": "user", "content": content})
    return messages


def load_processor(model_dir: pathlib.Path):
    """LlavaProcessor with the PIL image-processor backend; fails if another backend comes back.
    A family whose processor class also wants a video processor, which Transformers cannot build
    without torchvision, loads it its own way (its module's load_processor)."""
    from transformers import AutoProcessor

    from . import families

    try:
        processor = AutoProcessor.from_pretrained(str(model_dir), backend="pil")
    except (AttributeError, ImportError):
        family = families.for_model_dir(model_dir)
        if not hasattr(family, "load_processor"):
            raise
        processor = family.load_processor(model_dir)
    name = type(processor.image_processor).__name__
    if not name.endswith("Pil"):
        raise RuntimeError(f"expected a PIL image processor backend, got {name}")
    return processor


def tokenizer_add_special_tokens(processor) -> bool:
    """The add_special_tokens flag the processor's own tokenizer call uses (tokenizer default when unset)."""
    text_kwargs = processor._merge_kwargs(
        tokenizer_init_kwargs=processor.tokenizer.init_kwargs
    )["text_kwargs"]
    return bool(text_kwargs.get("add_special_tokens", True))


def processor_summary(processor) -> dict:
    ip = processor.image_processor
    crop = (
        getattr(ip, "crop_size", None) if getattr(ip, "do_center_crop", False) else None
    )
    return {
        "class": type(processor).__name__,
        "image_processor_class": type(ip).__name__,
        "tokenizer_class": type(processor.tokenizer).__name__,
        "size": dict(ip.size) if ip.size is not None else None,
        "do_center_crop": bool(getattr(ip, "do_center_crop", False)),
        "crop_size": dict(crop) if crop else None,
        "resample": int(ip.resample),
        "image_mean": [float(x) for x in ip.image_mean],
        "image_std": [float(x) for x in ip.image_std],
        "rescale_factor": float(ip.rescale_factor),
        "do_convert_rgb": bool(getattr(ip, "do_convert_rgb", False)),
        # LlavaOnevisionProcessor has num_image_tokens in place of the last two.
        "patch_size": getattr(processor, "patch_size", None),
        "vision_feature_select_strategy": getattr(processor, "vision_feature_select_strategy",
                                                  None),  # Gemma3Processor has none
        "num_additional_image_tokens": getattr(processor, "num_additional_image_tokens", None),
        **({"num_image_tokens": processor.num_image_tokens}
           if hasattr(processor, "num_image_tokens") else {}),
        "image_token": processor.image_token,
        "image_token_id": processor.image_token_id,
        "add_special_tokens": tokenizer_add_special_tokens(processor),
    }


LIBRARIES = ("transformers", "torch", "pillow")


def _capture_sha256() -> str:
    """This file, qwen.py (the Qwen preparation) and the family modules: the code that decides
    what is captured."""
    here = pathlib.Path(__file__).parent
    h = hashlib.sha256()
    for path in [here / "capture.py", here / "qwen.py", *sorted((here / "families").glob("*.py"))]:
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _cpu_capability() -> str:
    import torch

    return torch.backends.cpu.get_cpu_capability()


def _versions() -> dict:
    import PIL
    import torch
    import transformers

    return {
        "transformers": transformers.__version__,
        "torch": torch.__version__,
        "pillow": PIL.__version__,
        # The kernels torch dispatched to (AVX512, AVX2, ...: isa.py); a capture made under
        # another ISA is not current.
        "cpu_capability": _cpu_capability(),
        # A change to the capture code invalidates cached captures.
        "capture_sha256": _capture_sha256(),
    }


def input_hashes(case: dict) -> dict[str, str]:
    """sha256 of every input file a case names (its images), keyed as the case names them."""
    return {p: sha256_file(resolve_image(p)) for p in case.get("images", [])}


def version_drift(manifest: dict) -> dict[str, dict]:
    """The libraries whose version here differs from the one a capture was made with:
    {name: {"captured": v, "here": v}}. Reported, not a reason to recapture."""
    here = _versions()
    old = manifest.get("oracle") or {}
    return {lib: {"captured": old.get(lib), "here": here[lib]} for lib in LIBRARIES
            if old.get(lib) != here[lib]}


def is_current(manifest_path: pathlib.Path, model_dir, case: dict, dtype: str = "float32") -> bool:
    """True when a cached capture was made by this code, from this model, for this case and its
    input files (by hash), in this dtype, with this model's activation quantization (w8a8, w4a8
    or none: a w8a8 capture is never taken for an int8 one, nor a w4a8 one for an int4 one) (and,
    for a narrow dtype, its float32 reference is current too). Another transformers/torch/pillow
    version is no reason to recapture: the gate reports it (version_drift)."""
    manifest_path = pathlib.Path(manifest_path)
    if not manifest_path.exists():
        return False
    old = json.loads(manifest_path.read_text(encoding="utf-8"))
    dtype = resolve_dtype(model_dir, dtype)
    try:
        inputs = input_hashes(case)
    except OSError:
        return False  # an input is missing: capture() will say which
    oracle = old.get("oracle") or {}
    current = (oracle.get("capture_sha256") == _capture_sha256()
               and oracle.get("cpu_capability") == _cpu_capability()
               and old.get("case") == case and old.get("inputs") == inputs
               and old.get("dtype") == SHORT_DTYPES[dtype]
               and old.get("activations") == quantize.activation_marker(model_dir)
               and old.get("model", {}).get("files") == model_files(model_dir))
    if current and dtype not in ("float32", "float64") and "error" not in old:
        ref = reference_dir(manifest_path.parent) / "manifest.json"
        return is_current(ref, model_dir, case, "float32")
    return current


def load_model(model_class, model_dir: pathlib.Path, dtype: str):
    """`model_class` from `model_dir` in `dtype`, eager, in eval mode: how every family loads its
    model. A w8a8 or w4a8 copy's quantized Linear modules then take int8 per-token activations
    (quantize_activations)."""
    import torch

    model = model_class.from_pretrained(
        str(model_dir), dtype=getattr(torch, dtype), attn_implementation="eager").eval()
    if quantize.activation_marker(model_dir) is not None:
        quantize_activations(model, model_class, model_dir, dtype)
    return model


_W8A8_PROJECTION = re.compile(r"layers\.\d+\.(self_attn\.[qkvo]_proj|mlp\.(gate|up|down)_proj)$")
_W8A8_HEAD = re.compile(r"(^|\.)lm_head$")


def w8a8_module_names(model) -> list[str]:
    """The Linear modules of `model` whose inputs w8a8 and w4a8 quantize: the text decoder's
    projections (quantize._PROJECTION's, by module name; not the vision tower's of the same names)
    and the LM head (tied or not: where it is tied its weight is the embedding table, and the
    lookup, which is no product, stays as it is)."""
    import torch

    return [n for n, m in model.named_modules()
            if isinstance(m, torch.nn.Linear) and quantize._text(n)
            and (_W8A8_PROJECTION.search(n) or _W8A8_HEAD.search(n))]


def quantize_activations(model, model_class, model_dir: pathlib.Path, dtype: str) -> list[str]:
    """Replaces the forward of each of w8a8_module_names(model) by its format's product with its
    weight's q and scales, and returns those names: w8a8_linear with int8 q for a w8a8 copy's
    modules and a w4a8 copy's head, w4a8_linear with int4 q for a w4a8 copy's projections (the
    copy's "weights", quantize.tensor_format). q and the scales are quantize.quantize(W', format)
    of the copy's float32 W' (= float32(q) * scale exactly, so quantizing it again gives the same
    q and scales back: its row's or group's max is qmax * scale); a model loaded in float32 or
    float64 holds W' exactly, a narrow one does not (W' has up to 15 significant bits), so those
    are read from the same checkpoint loaded once more in float32. Every hooked weight must be
    such a W', and there must be as many as the copy quantized: a module the copy did not quantize
    is refused."""
    import numpy as np
    import torch

    info = quantize.dequantized_info(model_dir)
    weights = info["weights"]
    names = w8a8_module_names(model)
    if len(names) != info.get("quantized_tensors"):
        raise RuntimeError(f"{model_dir}: {weights} hooks {len(names)} Linear modules but the "
                           f"copy quantized {info.get('quantized_tensors')} tensors: {names}")
    source = model
    if dtype not in ("float32", "float64"):
        source = model_class.from_pretrained(str(model_dir), dtype=torch.float32).eval()
    modules = dict(model.named_modules())
    wide = dict(source.named_modules())
    # How near a rounding tie the activations come (record_tie_margin), until the greedy decode
    # is done: add_kv_and_greedy writes it to the manifest as "activation_margin".
    model.w8a8_ties = {"recording": True, "min_rel": float("inf"), "min_q": float("inf"),
                       "values": 0}
    for name in names:
        fmt = quantize.STORED_FORMAT[weights] if _W8A8_PROJECTION.search(name) else "int8"
        w = wide[name].weight.detach().to(torch.float32).numpy()
        q, scales = quantize.quantize(w, fmt)
        if quantize.dequantize(q, scales).tobytes() != w.tobytes():
            raise RuntimeError(f"{model_dir}: {name}.weight is not an {fmt} W' = float32(q) * "
                               f"scale: {weights} hooks only the quantized copy's modules")
        _hook_product(modules[name], "w4a8" if fmt == "int4" else "w8a8",
                      torch.from_numpy(np.ascontiguousarray(q)), torch.from_numpy(scales),
                      model.w8a8_ties)
    del source
    return names


def _hook_product(module, product: str, q_w, scale_w, ties: dict) -> None:
    """module.forward = w8a8_linear or w4a8_linear (`product`) with this q and these scales (and
    the module's own bias), recording into `ties` how near its inputs come to a rounding tie. The
    module's attribute named `product` is set (module.w8a8 / module.w4a8), where a test or a
    reader asks which modules are hooked and how."""
    linear = {"w8a8": w8a8_linear, "w4a8": w4a8_linear}[product]

    def forward(x):
        return linear(x, q_w, scale_w, module.bias, ties)

    module.forward = forward
    setattr(module, product, True)


# The values w8a8_linear and w4a8_linear hold at once in float64 while they sum integers: output
# channels are taken in blocks so that only a block of q (and of the integer sums) is widened at
# a time (the LM head of a real checkpoint is 10^8 values).
_W8A8_BLOCK = 4096
_INTEGER_SUM_VALUES = 1 << 24


def round_to_8_bits(x):
    """A float32 or float64 tensor of non-negative finite values rounded to 8 significant bits,
    half to even: float32 through bfloat16's bit pattern (quantize._round_to_bf16's arithmetic,
    the engine's), float64 on its own significand (frexp, whose mantissa times 2^8 is exact)."""
    import torch

    if x.dtype == torch.float32:
        # Non-negative and finite: the bits stay below 2^31 through the rounding.
        bits = x.view(torch.int32)
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & ~0xFFFF
        return bits.view(torch.float32)
    mantissa, exponent = torch.frexp(x)
    return torch.ldexp(torch.round(mantissa * 256) / 256, exponent.to(x.dtype))


def w8a8_quantize_rows(x):
    """(q_x, scale_x) of x [..., in] quantized to int8 per row (w8a8_linear's first steps), in
    float32 (float64 for a float64 x): q_x [rows, in] holds the integers, scale_x [rows]."""
    import torch

    wide = torch.float64 if x.dtype == torch.float64 else torch.float32
    xr = x.reshape(-1, x.shape[-1]).to(wide)
    m = xr.abs().amax(dim=-1) if xr.shape[-1] else torch.zeros(xr.shape[0], dtype=wide)
    finite = torch.isfinite(m)
    # A true division by a tensor of 127s (no scalar path that could multiply by 1/127).
    scale_x = round_to_8_bits(torch.where(finite, m, 0) / torch.full_like(m, 127))
    scale_x = torch.where(m == 0, torch.ones_like(m), scale_x)
    scale_x = torch.where(finite, scale_x, torch.full_like(m, float("nan")))
    safe = torch.where(finite, scale_x, torch.ones_like(m))
    q_x = torch.clamp(torch.round(xr / safe[:, None]), -127, 127)
    # A row so small that its scale rounds to 0: x / 0 is +-Inf (clamped to +-127) and 0 / 0 NaN,
    # which the engine's q holds as 0.
    q_x = torch.nan_to_num(q_x, nan=0.0)
    return torch.where(finite[:, None], q_x, torch.zeros_like(q_x)), scale_x


def record_tie_margin(x, ties: dict, scale_x=None) -> None:
    """Updates `ties` with how near x's quantized values come to a rounding tie: for v = x /
    scale_x (w8a8_quantize_rows' division, in float64 here) not clamped, the distance of v from
    the nearest k + 1/2 ("min_q", in steps) and that distance over max(|v|, 1) ("min_rel"): the
    relative change of x that would round v the other way. An engine whose x differs from the
    oracle's by float noise of that relative size may round one activation a whole step apart
    (a "flip"): its products then move by scale_x * |W|, far beyond float32's bounds. `scale_x`:
    the rows' scales where the caller has them (w8a8_linear), else computed here."""
    import torch

    if scale_x is None:
        _, scale_x = w8a8_quantize_rows(x)
    xr = x.reshape(-1, x.shape[-1]).to(torch.float64)
    v = xr / scale_x.to(torch.float64)[:, None]
    keep = torch.isfinite(v) & (v.abs() < 127.5)
    if not bool(keep.any()):
        return
    d = ((v - torch.floor(v)) - 0.5).abs()[keep]
    rel = d / torch.clamp(v.abs()[keep], min=1.0)
    ties["min_q"] = min(ties["min_q"], float(d.min()))
    ties["min_rel"] = min(ties["min_rel"], float(rel.min()))
    ties["values"] += int(keep.sum())


def _activation_product(x, product, bias, ties: dict | None):
    """The steps w8a8_linear and w4a8_linear share: x [..., in] quantized per row
    (w8a8_quantize_rows; its tie margin recorded into `ties` while recording), then
    product(q_x float64 [rows, in], scale_x [rows], wide) -> y [rows, out] in `wide` (float32, or
    float64 for a float64 x), the bias added in `wide`, one rounding to x's dtype."""
    import torch

    wide = torch.float64 if x.dtype == torch.float64 else torch.float32
    q_x, scale_x = w8a8_quantize_rows(x)
    if ties is not None and ties["recording"]:
        record_tie_margin(x, ties, scale_x)  # the scales just computed, not a second quantization
    y = product(q_x.to(torch.float64), scale_x, wide)
    if bias is not None:
        y = y + bias.to(wide)
    return y.to(x.dtype).reshape(*x.shape[:-1], y.shape[-1])


def w8a8_linear(x, q_w, scale_w, bias=None, ties: dict | None = None):
    """The engine's w8a8 product y = x W^T (+ bias) for int8 q_w [out, in] and its float32 scales
    [out], x [..., in] in the run's compute dtype. Per row r of x, in float32 (float64 for a
    float64 x: measure.py's reference, the same steps in float64):
    m = max |x[r]|; scale_x = 1 where m == 0, else float32(m / 127) rounded to 8 significant bits,
    NaN (and q = 0) where m is not finite; q_x = clamp(round_half_even(x / scale_x), -127, 127);
    isum[r, o] = sum_i q_x[r, i] q_w[o, i] exactly (integers in float64: |isum| < 2^53);
    y = float32(isum) * float32(scale_x * scale_w[o]) (the scale product exact: 8 + 8 bits), plus
    the bias in float32, then one rounding to x's dtype. `ties`: the model's record_tie_margin
    state, updated while it is recording."""
    import torch

    def product(q_x, scale_x, wide):
        out = q_w.shape[0]
        isum = torch.empty((q_x.shape[0], out), dtype=torch.float64)
        for o in range(0, out, _W8A8_BLOCK):
            isum[:, o:o + _W8A8_BLOCK] = q_x @ q_w[o:o + _W8A8_BLOCK].to(torch.float64).T
        return isum.to(wide) * (scale_x[:, None] * scale_w.to(wide)[None, :])

    return _activation_product(x, product, bias, ties)


def w4a8_linear(x, q_w, scale_w, bias=None, ties: dict | None = None):
    """The engine's w4a8 product y = x W^T (+ bias) for int4 q_w [out, in] (integers in [-7, 7],
    any integer dtype) and its float32 scales [out, in / 32] (base/quantize.h, above
    kW4A8BlockOutputs), x [..., in] in the run's compute dtype. x's rows are quantized exactly as
    w8a8_linear's (q_x, scale_x); then per row r and output o, in float32 (float64 for a float64
    x: measure.py's reference):
    isum[r, o, g] = sum over group g's 32 inputs of q_x[r, i] q_w[o, i], exact (integers in
    float64); acc = sum over g in group order of float(isum[r, o, g]) * scale_w[o, g] (each
    product exact: |isum| < 2^15 and an 8-bit scale), one rounding per group, as the engine's host
    kernel adds them (other backends add the groups in another float32 order);
    y = acc * scale_x[r], plus the bias, then one rounding to x's dtype. Outputs are taken in
    blocks so that the float64 integer sums held at once stay bounded. `ties`: as w8a8_linear's."""
    import torch

    out, inp = q_w.shape
    groups = inp // quantize.GROUP
    if inp % quantize.GROUP or tuple(scale_w.shape) != (out, groups):
        raise ValueError(f"w4a8 needs q_w [out, in] with in a multiple of {quantize.GROUP} and "
                         f"scales [out, in / {quantize.GROUP}], got {tuple(q_w.shape)} and "
                         f"{tuple(scale_w.shape)}")

    def product(q_x, scale_x, wide):
        rows = q_x.shape[0]
        y = torch.empty((rows, out), dtype=wide)
        block = max(1, _INTEGER_SUM_VALUES // max(1, rows * groups))
        x_groups = q_x.reshape(rows, groups, quantize.GROUP).transpose(0, 1)  # [g, rows, 32]
        for o in range(0, out, block):
            w = q_w[o:o + block].to(torch.float64).reshape(-1, groups, quantize.GROUP)
            isum = torch.bmm(x_groups, w.permute(1, 2, 0)).to(wide)  # [g, rows, outputs]
            s = scale_w[o:o + block].to(wide).T  # [g, outputs]
            acc = torch.zeros((rows, w.shape[0]), dtype=wide)
            for g in range(groups):
                acc = acc + isum[g] * s[g]
            y[:, o:o + block] = acc * scale_x[:, None]
        return y

    return _activation_product(x, product, bias, ties)


def error_reason(message: str) -> str:
    """The engine's error category for a Transformers failure, so compare can match categories."""
    if re.search(r"number of .*image.* tokens|image tokens .* images", message, re.IGNORECASE):
        return "placeholder_count_mismatch"
    return "oracle_error"


def stage(name, tensor=None, kind=None):
    return {"name": name, "tensor": tensor, "kind": kind}


def capture(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path,
            dtype: str = "float32", reference: bool = True) -> dict:
    """Runs Transformers on one case in `dtype` (float32, bfloat16, float16 or "auto") and writes
    every stage to out_dir; a narrow dtype also writes its float32 reference (unless `reference`
    is False) to reference_dir(out_dir)."""
    import shutil

    import torch

    torch.set_num_threads(2)
    torch.use_deterministic_algorithms(True)
    model_dir = pathlib.Path(model_dir)
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    dtype = resolve_dtype(model_dir, dtype)
    (out_dir / "manifest.json").unlink(missing_ok=True)  # never half old, half new
    shutil.rmtree(reference_dir(out_dir), ignore_errors=True)
    if dtype != "float32" and reference:
        ref = _capture_one(model_dir, case, reference_dir(out_dir), "float32")
    manifest = _capture_one(model_dir, case, out_dir, dtype)
    if dtype != "float32" and reference and "error" not in manifest:
        manifest["f32_reference"] = {
            "path": REFERENCE_DIR, "greedy_text": ref.get("greedy_text"),
            "greedy_margin": ref.get("greedy_margin"),
            "note": "the same checkpoint loaded as float32: the compute dtype's noise alone"}
        write_json(out_dir / "manifest.json", manifest)
    elif dtype != "float32":
        shutil.rmtree(reference_dir(out_dir), ignore_errors=True)
    return manifest


def ensure_f64_reference(model_dir: pathlib.Path, case: dict, cap_dir: pathlib.Path) -> pathlib.Path:
    """cap_dir/f64_reference: the case with the checkpoint loaded as float64 (recaptured when not
    current), the reference measure.py holds a float32 capture's own noise against."""
    ref = pathlib.Path(cap_dir) / F64_REFERENCE_DIR
    if not is_current(ref / "manifest.json", model_dir, case, "float64"):
        import shutil

        shutil.rmtree(ref, ignore_errors=True)
        _capture_one(pathlib.Path(model_dir), case, ref, "float64")
    return ref


def _capture_one(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path, dtype: str) -> dict:
    from . import families

    out_dir.mkdir(parents=True, exist_ok=True)
    return families.for_model_dir(model_dir).capture(model_dir, case, out_dir, dtype)


def finish(model, inputs, out, inputs_embeds, case, tokenizer, manifest, stages,
           out_dir: pathlib.Path) -> dict:
    """The stages every family ends with: inputs_embeds, the last position's prefill_logits, each
    layer's K/V and the greedy decode; then the capture is written."""
    stages.append(stage("inputs_embeds", inputs_embeds))
    stages.append(stage("prefill_logits", out.logits[0, -1]))
    add_kv_and_greedy(model, inputs, case, tokenizer, manifest, stages, out.past_key_values)
    save(stages, manifest, out_dir)
    return manifest


def add_kv_and_greedy(model, inputs, case, tokenizer, manifest, stages, cache) -> None:
    """Every layer's K/V from the prefill, then greedy decoding with Transformers' generate."""
    import torch

    for layer_idx, layer in enumerate(cache.layers):
        stages.append(stage(f"past_key_values.{layer_idx}.key", layer.keys[0]))
        stages.append(stage(f"past_key_values.{layer_idx}.value", layer.values[0]))
    seq_len = int(inputs["input_ids"].shape[1])
    max_new = int(case.get("max_new_tokens", 8))
    eos = model.generation_config.eos_token_id
    eos_ids = set(eos if isinstance(eos, list) else [eos]) - {None}
    with torch.no_grad(), _eos_ignored(model, bool(case.get("ignore_eos"))):
        generated = model.generate(
            **inputs,
            max_new_tokens=max_new,
            do_sample=False,
            num_beams=1,
            pad_token_id=model.generation_config.pad_token_id or next(iter(eos_ids), 0),
            output_logits=True,
            return_dict_in_generate=True,
        )
    greedy = generated.sequences[0, seq_len:].to(torch.int64)
    manifest["greedy_margin"] = greedy_margin(generated.logits, greedy.tolist())
    ties = getattr(model, "w8a8_ties", None)
    if ties is not None:
        # The prefill's and the greedy decode's activations: what the engine quantizes too (not
        # the teacher-forced pass below).
        ties["recording"] = False
        manifest["activation_margin"] = {k: ties[k] for k in ("min_rel", "min_q", "values")}
    # Each step's next-token logits (float32) on the greedy path, and with case["teacher_tokens"]
    # (the gate's quantized runs: the unquantized model's greedy tokens) those of the same model
    # fed those tokens instead: what top1_agreement and mean_kl compare. Kept beside the stages
    # (STEP_LOGITS_FILE), not among them: vlmxla captures no such stage.
    step_logits = {"greedy": torch.stack([lg[0].float() for lg in generated.logits])}
    if case.get("teacher_tokens"):
        step_logits["teacher_forced"] = teacher_forced_logits(model, inputs, case["teacher_tokens"])
    manifest[_STEP_LOGITS_KEY] = step_logits
    stages.append(stage("greedy_tokens", greedy))
    stages.append(stage("greedy_text", kind="text"))
    manifest["greedy_text"] = tokenizer.decode(
        greedy.tolist(), skip_special_tokens=True
    )
    manifest["eos_hit"] = bool(any(int(t) in eos_ids for t in greedy.tolist()))
    manifest["eos_token_ids"] = sorted(int(e) for e in eos_ids)


STEP_LOGITS_FILE = "step_logits.safetensors"
_STEP_LOGITS_KEY = "_step_logits"


@contextlib.contextmanager
def _eos_ignored(model, ignore: bool = True):
    """With `ignore`, model.generate does not stop at EOS inside the block: the EOS token is
    emitted like any other and decoding goes on to max_new_tokens (the engine's ignore_eos; no
    logit is changed, so greedy stays the raw argmax). Case field "ignore_eos" (the quality tool's
    long decodes); absent, generate is called exactly as before."""
    if not ignore:
        yield
        return
    config = model.generation_config
    eos = config.eos_token_id
    config.eos_token_id = None  # generate fills an unset value from here, so clear it here
    try:
        yield
    finally:
        config.eos_token_id = eos


def teacher_forced_logits(model, inputs, tokens: list[int]):
    """The model's next-token logits (float32 [len(tokens), vocab]) at each step of a generation
    forced to emit `tokens`: step i sees the prompt and tokens[:i]."""
    import torch
    from transformers import LogitsProcessor, LogitsProcessorList

    class Force(LogitsProcessor):
        def __call__(self, input_ids, scores):
            step = input_ids.shape[1] - int(inputs["input_ids"].shape[1])
            forced = torch.full_like(scores, float("-inf"))
            forced[:, tokens[step]] = 0
            return forced

    # Forced through any EOS among `tokens` (an ignore_eos decode's): exactly len(tokens) steps.
    with torch.no_grad(), _eos_ignored(model):
        out = model.generate(**inputs, max_new_tokens=len(tokens),
                             do_sample=False, num_beams=1, logits_processor=LogitsProcessorList(
                                 [Force()]), output_logits=True, return_dict_in_generate=True,
                             pad_token_id=0)
    return torch.stack([lg[0].float() for lg in out.logits])


def greedy_margin(step_logits, tokens: list[int]) -> dict:
    """The smallest top-1 minus top-2 logit over the greedy steps (each step's raw logits, the
    model's own dtype widened to float32 exactly), where it happens, and every step's margin."""
    per_step = []
    for step, logits in enumerate(step_logits):
        top = logits[0].float().topk(2)
        per_step.append({"step": step, "margin": float(top.values[0] - top.values[1]),
                         "top1": float(top.values[0]), "top1_token": int(top.indices[0]),
                         "top2_token": int(top.indices[1])})
        if per_step[-1]["top1_token"] != tokens[step]:
            # argmax ties resolve to the lower id in both torch and vlmxla; a tie is a margin 0.
            per_step[-1]["margin"] = 0.0
    worst = min(per_step, key=lambda s: s["margin"])
    return {"min": worst["margin"], "step": worst["step"], "top1": worst["top1"],
            "top1_token": worst["top1_token"], "top2_token": worst["top2_token"],
            "steps": [round(s["margin"], 6) for s in per_step]}


def save(stages: list[dict], manifest: dict, out_dir: pathlib.Path) -> None:
    from safetensors.torch import save_file

    step_logits = manifest.pop(_STEP_LOGITS_KEY, None)
    if step_logits is not None:
        save_file({k: v.contiguous() for k, v in step_logits.items()},
                  str(out_dir / STEP_LOGITS_FILE), metadata={"format": "pt"})

    tensors = {}
    for st in stages:
        if st["kind"] == "text":
            continue
        t = st["tensor"].detach().contiguous()
        tensors[st["name"]] = t
        st["dtype"] = _DTYPE_NAMES[str(t.dtype).removeprefix("torch.")]
        st["shape"] = list(t.shape)
        st["kind"] = "float" if t.is_floating_point() else "int"
    save_file(tensors, str(out_dir / "stages.safetensors"), metadata={"format": "pt"})
    manifest["stages"] = [
        {k: v for k, v in st.items() if k != "tensor"} for st in stages
    ]
    write_json(out_dir / "manifest.json", manifest)


def manifest_header(model_dir: pathlib.Path, case: dict, dtype: str = "float32") -> dict:
    return {
        "schema": MANIFEST_SCHEMA,
        "oracle": _versions(),
        # The checkpoint's model_type: compare.py reads the family's tolerance sections by it.
        "family": model_type(model_dir),
        "dtype": SHORT_DTYPES[dtype],
        "checkpoint_dtype": checkpoint_dtype(model_dir),
        # A w8a8 / w4a8 copy's activation quantization (compare.py reads its sections by it);
        # absent for every other checkpoint, so their manifests are as before.
        **({"activations": marker}
           if (marker := quantize.activation_marker(model_dir)) is not None else {}),
        "model": {
            "path": str(model_dir),
            "name": model_dir.name,
            "files": model_files(model_dir),
        },
        "case": case,
        "inputs": input_hashes(case),
    }


def record_context(manifest: dict, case: dict, needed: int) -> None:
    manifest["expanded_length"] = needed
    if "context_capacity" in case:
        cap = int(case["context_capacity"])
        manifest["context"] = {"capacity": cap, "needed": needed, "exceeds": needed > cap}


def write_json(path: pathlib.Path, data: dict) -> None:
    path.write_text(
        json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m vlmxla_oracle capture")
    parser.add_argument(
        "--model", type=pathlib.Path, required=True, help="HF model directory"
    )
    parser.add_argument(
        "--case", type=pathlib.Path, required=True, help="case JSON file"
    )
    parser.add_argument(
        "--out", type=pathlib.Path, required=True, help="output directory"
    )
    parser.add_argument(
        "--dtype", default="float32", choices=DTYPE_CHOICES,
        help="compute dtype of the oracle run (default float32; auto = the checkpoint's config "
             "dtype); a narrow dtype also writes a float32 reference to OUT/" + REFERENCE_DIR,
    )
    parser.add_argument(
        "--no-reference", action="store_true",
        help="skip the float32 reference of a bfloat16/float16 capture",
    )
    args = parser.parse_args(argv)
    if not (args.model / "config.json").exists():
        print(
            f"error: {args.model} is not a model directory (no config.json)",
            file=sys.stderr,
        )
        return 1
    case = json.loads(args.case.read_text(encoding="utf-8"))
    manifest = capture(args.model, case, args.out, dtype=args.dtype,
                       reference=not args.no_reference)
    if "error" in manifest:
        print(
            f"{case['name']}: Transformers raised {manifest['error']['type']} (recorded)"
        )
    else:
        margin = manifest["greedy_margin"]
        print(
            f"{case['name']} ({manifest['dtype']}): {len(manifest['stages'])} stages, greedy "
            f"{manifest['greedy_text']!r}, smallest top-1/top-2 margin {margin['min']:.4g} at "
            f"step {margin['step']}"
        )
    return 0
