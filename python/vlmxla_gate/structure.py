"""What a model's device programs must look like, derived independently of the emitter.

From a model directory's config.json (names and shapes as Transformers defines them) and its
safetensors headers (the checkpoint's own dtypes and shapes), the expected signature of
vision_encode, prefill and decode; and, from an emitted module, its signature (parsed from the
MLIR text) and its op inventory. tests/py/test_structure.py holds the two against each other.
"""

from __future__ import annotations

import collections
import dataclasses
import json
import pathlib
import re
import struct

# Safetensors dtype names -> MLIR element types (the ones the programs can bind).
_ST_DTYPES = {"F32": "f32", "BF16": "bf16", "F16": "f16", "I32": "i32", "I64": "i64", "BOOL": "i1"}


@dataclasses.dataclass(frozen=True)
class Tensor:
    name: str
    dtype: str
    dims: tuple[int, ...]


@dataclasses.dataclass
class Signature:
    """A program's @main: inputs (in order) then weights, results in order, and which input
    updates which result in place (`tf.aliasing_output`)."""

    inputs: list[Tensor]
    weights: list[Tensor]
    results: list[Tensor]
    aliases: dict[str, int]


# --- the model directory ---------------------------------------------------------------------


def load_config(model_dir) -> dict:
    return json.loads((pathlib.Path(model_dir) / "config.json").read_text(encoding="utf-8"))


def text_config(config: dict) -> dict:
    """The decoder's config: nested for LLaVA, the whole config for a text-only checkpoint."""
    return config["text_config"] if config.get("model_type") == "llava" else config


def checkpoint_tensors(model_dir) -> dict[str, Tensor]:
    """Every tensor of the checkpoint (all shards) from the safetensors headers alone."""
    model_dir = pathlib.Path(model_dir)
    index = model_dir / "model.safetensors.index.json"
    if index.exists():
        weight_map = json.loads(index.read_text(encoding="utf-8"))["weight_map"]
        files = sorted(set(weight_map.values()))
    else:
        files = ["model.safetensors"]
    out = {}
    for name in files:
        with open(model_dir / name, "rb") as f:
            (size,) = struct.unpack("<Q", f.read(8))
            header = json.loads(f.read(size))
        for key, info in header.items():
            if key == "__metadata__":
                continue
            dtype = _ST_DTYPES.get(info["dtype"], info["dtype"])
            out[key] = Tensor(key, dtype, tuple(info["shape"]))
    return out


# --- checkpoint names each program needs (Transformers' module names) ------------------------


def _head_dim(tc: dict) -> int:
    return tc.get("head_dim") or tc["hidden_size"] // tc["num_attention_heads"]


def is_gemma3(tc: dict) -> bool:
    return tc["model_type"] == "gemma3_text"


def has_qk_norm(tc: dict) -> bool:
    """Per-head RMSNorm of q and k (self_attn.q_norm / k_norm): Gemma 3 and Qwen3."""
    return is_gemma3(tc) or tc["model_type"] == "qwen3"


def sliding_layers(tc: dict) -> list[bool]:
    """Per decoder layer, whether it is a sliding-window layer (Gemma 3's layer_types, or every
    sliding_window_pattern-th layer global); none for the other decoders."""
    n = tc["num_hidden_layers"]
    if not is_gemma3(tc):
        return [False] * n
    if tc.get("layer_types"):
        return [t == "sliding_attention" for t in tc["layer_types"]]
    pattern = tc.get("sliding_window_pattern", tc.get("_sliding_window_pattern", 6))
    return [(i + 1) % pattern != 0 for i in range(n)]


def kv_rows(tc: dict, layer: int, capacity: int) -> int:
    """Rows of a layer's KV cache: a sliding layer whose window is shorter than the capacity keeps
    a ring of sliding_window rows."""
    window = tc.get("sliding_window") or 0
    ring = sliding_layers(tc)[layer] and window < capacity
    return window if ring else capacity


def _feature_layers(config: dict) -> list[int]:
    layer = config["vision_feature_layer"]
    return list(layer) if isinstance(layer, (list, tuple)) else [layer]


def vision_weight_shapes(config: dict) -> dict[str, tuple[int, ...]]:
    """vision_encode's weights: the tower's embeddings and every encoder layer (LLaVA asks for all
    hidden states), the projector; not the tower's post_layernorm or head, which LLaVA never
    runs."""
    vc = config["vision_config"]
    clip = vc["model_type"] == "clip_vision_model"
    d, f = vc["hidden_size"], vc["intermediate_size"]
    c, p = vc.get("num_channels", 3), vc["patch_size"]
    patches = (vc["image_size"] // p) ** 2
    pre = "vision_tower."
    w = {}
    if clip:
        w[pre + "embeddings.class_embedding"] = (d,)
    w[pre + "embeddings.patch_embedding.weight"] = (d, c, p, p)
    if not clip:
        w[pre + "embeddings.patch_embedding.bias"] = (d,)
    w[pre + "embeddings.position_embedding.weight"] = (patches + (1 if clip else 0), d)
    if clip:
        w[pre + "pre_layrnorm.weight"] = (d,)
        w[pre + "pre_layrnorm.bias"] = (d,)
    for i in range(vc["num_hidden_layers"]):
        lp = f"{pre}encoder.layers.{i}."
        for norm in ("layer_norm1", "layer_norm2"):
            w[f"{lp}{norm}.weight"] = (d,)
            w[f"{lp}{norm}.bias"] = (d,)
        for proj in ("q_proj", "k_proj", "v_proj", "out_proj"):
            w[f"{lp}self_attn.{proj}.weight"] = (d, d)
            w[f"{lp}self_attn.{proj}.bias"] = (d,)
        w[f"{lp}mlp.fc1.weight"] = (f, d)
        w[f"{lp}mlp.fc1.bias"] = (f,)
        w[f"{lp}mlp.fc2.weight"] = (d, f)
        w[f"{lp}mlp.fc2.bias"] = (d,)
    text_d = config["text_config"]["hidden_size"]
    bias = config.get("multimodal_projector_bias", True)
    w["multi_modal_projector.linear_1.weight"] = (text_d, d * len(_feature_layers(config)))
    w["multi_modal_projector.linear_2.weight"] = (text_d, text_d)
    if bias:
        w["multi_modal_projector.linear_1.bias"] = (text_d,)
        w["multi_modal_projector.linear_2.bias"] = (text_d,)
    return w


def decoder_weight_shapes(config: dict) -> dict[str, tuple[int, ...]]:
    """prefill's and decode's weights: the whole Llama/Qwen2 decoder and its LM head (unless tied
    to the embedding table). Biases as Transformers' LlamaAttention/Qwen2Attention declare them."""
    tc = text_config(config)
    llava = config.get("model_type") == "llava"
    prefix = "language_model." if llava else ""
    hidden, inter, vocab = tc["hidden_size"], tc["intermediate_size"], tc["vocab_size"]
    heads, kvh, hd = tc["num_attention_heads"], tc["num_key_value_heads"], _head_dim(tc)
    if tc["model_type"] == "qwen2":
        qkv_bias, o_bias, mlp_bias = True, False, False
    else:
        qkv_bias = o_bias = bool(tc.get("attention_bias", False))
        mlp_bias = bool(tc.get("mlp_bias", False))
    m = prefix + "model."
    w = {m + "embed_tokens.weight": (vocab, hidden)}
    for i in range(tc["num_hidden_layers"]):
        lp = f"{m}layers.{i}."
        w[lp + "input_layernorm.weight"] = (hidden,)
        w[lp + "post_attention_layernorm.weight"] = (hidden,)
        for proj, out_dim in (("q_proj", heads * hd), ("k_proj", kvh * hd), ("v_proj", kvh * hd)):
            w[f"{lp}self_attn.{proj}.weight"] = (out_dim, hidden)
            if qkv_bias:
                w[f"{lp}self_attn.{proj}.bias"] = (out_dim,)
        w[lp + "self_attn.o_proj.weight"] = (hidden, heads * hd)
        if o_bias:
            w[lp + "self_attn.o_proj.bias"] = (hidden,)
        if has_qk_norm(tc):
            w[lp + "self_attn.q_norm.weight"] = (hd,)
            w[lp + "self_attn.k_norm.weight"] = (hd,)
        if is_gemma3(tc):  # the sandwich norms
            w[lp + "pre_feedforward_layernorm.weight"] = (hidden,)
            w[lp + "post_feedforward_layernorm.weight"] = (hidden,)
        for proj, shape in (("gate_proj", (inter, hidden)), ("up_proj", (inter, hidden)),
                            ("down_proj", (hidden, inter))):
            w[f"{lp}mlp.{proj}.weight"] = shape
            if mlp_bias:
                w[f"{lp}mlp.{proj}.bias"] = (shape[0],)
    w[m + "norm.weight"] = (hidden,)
    tied = config.get("tie_word_embeddings", tc.get("tie_word_embeddings", False))
    if not tied:
        w[prefix + "lm_head.weight"] = (vocab, hidden)
    return w


def bind_weights(model_dir, shapes: dict[str, tuple[int, ...]]) -> list[Tensor]:
    """The checkpoint's own tensors for `shapes`' names, checking that each exists with the shape
    the config implies (a mismatch means this module's idea of the architecture is wrong)."""
    ckpt = checkpoint_tensors(model_dir)
    out = []
    for name, dims in shapes.items():
        if name not in ckpt:
            raise KeyError(f"{model_dir}: checkpoint has no tensor {name!r}")
        t = ckpt[name]
        if t.dims != tuple(dims):
            raise ValueError(f"{name}: checkpoint shape {t.dims}, config implies {tuple(dims)}")
        out.append(t)
    return out


def unused_checkpoint_tensors(model_dir) -> set[str]:
    """Checkpoint tensors no program binds (for LLaVA: only the tower's post_layernorm/head)."""
    config = load_config(model_dir)
    used = set(decoder_weight_shapes(config))
    if config.get("model_type") == "llava":
        used |= set(vision_weight_shapes(config))
    return set(checkpoint_tensors(model_dir)) - used


# --- expected signatures ---------------------------------------------------------------------


def expected_vision_encode(model_dir, num_images: int, taps: bool = False) -> Signature:
    config = load_config(model_dir)
    vc = config["vision_config"]
    clip = vc["model_type"] == "clip_vision_model"
    n, d, size = num_images, vc["hidden_size"], vc["image_size"]
    positions = (size // vc["patch_size"]) ** 2 + (1 if clip else 0)
    tokens = positions - (1 if config["vision_feature_select_strategy"] == "default" else 0)
    text_d = config["text_config"]["hidden_size"]
    inputs = [Tensor("pixel_values", "f32", (n, vc.get("num_channels", 3), size, size))]
    results = [Tensor("image_features", "f32", (n, tokens, text_d))]
    if taps:
        for i in range(vc["num_hidden_layers"] + 1):
            results.append(Tensor(f"vision_hidden_states.{i}", "f32", (n, positions, d)))
        sel = d * len(_feature_layers(config))
        results.append(Tensor("selected_image_features", "f32", (n, tokens, sel)))
    weights = bind_weights(model_dir, vision_weight_shapes(config))
    return Signature(inputs, weights, results, {})


def _kv_dims(tc: dict, rows: int) -> tuple[int, int, int]:
    return (tc["num_key_value_heads"], rows, _head_dim(tc))


def expected_prefill(model_dir, seq_len: int, num_image_features: int, capacity: int,
                     taps: bool = False) -> Signature:
    config = load_config(model_dir)
    tc = text_config(config)
    layers, hidden = tc["num_hidden_layers"], tc["hidden_size"]
    inputs = [
        Tensor("input_ids", "i32", (seq_len,)),
        Tensor("feature_index", "i32", (seq_len,)),
        Tensor("image_features", "f32", (num_image_features, hidden)),
        Tensor("length", "i32", ()),
    ]
    results = [Tensor("prefill_logits", "f32", (tc["vocab_size"],))]
    aliases = {}
    for layer in range(layers):
        cache = _kv_dims(tc, kv_rows(tc, layer, capacity))
        for kv in ("key", "value"):
            name = f"kv.{layer}.{kv}"
            inputs.append(Tensor(name, "f32", cache))
            aliases[name] = len(results)
            results.append(Tensor(name, "f32", cache))
    if taps:
        results.append(Tensor("inputs_embeds", "f32", (seq_len, hidden)))
        for layer in range(layers):
            # A ring layer's tap is its ring; the others' the prompt's fresh rows.
            rows = kv_rows(tc, layer, capacity)
            rows = rows if rows < capacity else seq_len
            for kv in ("key", "value"):
                results.append(
                    Tensor(f"past_key_values.{layer}.{kv}", "f32", _kv_dims(tc, rows)))
    weights = bind_weights(model_dir, decoder_weight_shapes(config))
    return Signature(inputs, weights, results, aliases)


def expected_decode(model_dir, batch: int, capacity: int) -> Signature:
    config = load_config(model_dir)
    tc = text_config(config)
    inputs = [Tensor("tokens", "i32", (batch,)), Tensor("positions", "i32", (batch,))]
    results = [Tensor("logits", "f32", (batch, tc["vocab_size"]))]
    aliases = {}
    for slot in range(batch):
        for layer in range(tc["num_hidden_layers"]):
            cache = _kv_dims(tc, kv_rows(tc, layer, capacity))
            for kv in ("key", "value"):
                name = f"kv.{slot}.{layer}.{kv}"
                inputs.append(Tensor(name, "f32", cache))
                aliases[name] = len(results)
                results.append(Tensor(name, "f32", cache))
    weights = bind_weights(model_dir, decoder_weight_shapes(config))
    return Signature(inputs, weights, results, aliases)


# --- the emitted module ----------------------------------------------------------------------

_TENSOR = re.compile(r"tensor<((?:\d+x)*)([a-z]+\d*)>")


def parse_tensor_type(text: str) -> tuple[str, tuple[int, ...]]:
    """"tensor<2x3xf32>" -> ("f32", (2, 3)); "tensor<i32>" -> ("i32", ())."""
    m = _TENSOR.fullmatch(text.strip())
    if not m:
        raise ValueError(f"not a static tensor type: {text!r}")
    dims = tuple(int(d) for d in m.group(1).split("x") if d)
    return m.group(2), dims


def _split_top(text: str) -> list[str]:
    """Splits on commas outside <>, (), {} and []."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "<({[":
            depth += 1
        elif ch in ">)}]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


@dataclasses.dataclass
class MainSignature:
    """@main as the MLIR text declares it: per argument its type and `tf.aliasing_output`."""

    arg_types: list[tuple[str, tuple[int, ...]]]
    arg_aliases: list[int | None]
    result_types: list[tuple[str, tuple[int, ...]]]


def parse_main(mlir: str) -> MainSignature:
    start = mlir.find("@main(")
    if start < 0:
        raise ValueError("module has no @main")
    i = start + len("@main(")
    depth = 1
    j = i
    while depth:
        depth += {"(": 1, ")": -1}.get(mlir[j], 0)
        j += 1
    args_text = mlir[i:j - 1]
    rest = mlir[j:].lstrip()
    if not rest.startswith("->"):
        raise ValueError("@main declares no results")
    rest = rest[2:].lstrip()
    if rest.startswith("("):
        depth, k = 1, 1
        while depth:
            depth += {"(": 1, ")": -1}.get(rest[k], 0)
            k += 1
        results_text = rest[1:k - 1]
    else:
        results_text = rest[: rest.index("{")]
    arg_types, arg_aliases = [], []
    for arg in _split_top(args_text):
        m = re.match(r"\s*%[\w$.-]+\s*:\s*(tensor<[^>]*>)\s*(\{.*\})?\s*$", arg, re.DOTALL)
        if not m:
            raise ValueError(f"cannot parse @main argument {arg!r}")
        arg_types.append(parse_tensor_type(m.group(1)))
        alias = re.search(r"tf\.aliasing_output\s*=\s*(\d+)", m.group(2) or "")
        arg_aliases.append(int(alias.group(1)) if alias else None)
    result_types = []
    for res in _split_top(results_text):
        m = re.match(r"\s*(tensor<[^>]*>)", res)
        if not m:
            raise ValueError(f"cannot parse @main result {res!r}")
        result_types.append(parse_tensor_type(m.group(1)))
    return MainSignature(arg_types, arg_aliases, result_types)


def emitted_signature(signature_json: dict, mlir: str) -> Signature:
    """The signature `vlmxla emit` reports (FILE.mlir.json), after checking that it describes
    the MLIR text: same argument/result count, types and aliases in the same order."""
    main = parse_main(mlir)
    params, results = signature_json["params"], signature_json["results"]
    if len(params) != len(main.arg_types) or len(results) != len(main.result_types):
        raise ValueError(
            f"signature JSON has {len(params)} params / {len(results)} results, @main has "
            f"{len(main.arg_types)} / {len(main.result_types)}")
    inputs, weights, aliases = [], [], {}
    for k, (p, (dtype, dims)) in enumerate(zip(params, main.arg_types)):
        t = Tensor(p["name"], p["dtype"], tuple(p["dims"]))
        if (t.dtype, t.dims) != (dtype, dims):
            raise ValueError(f"param {k} {t} but @main declares {dtype}{list(dims)}")
        (weights if p["kind"] == "weight" else inputs).append(t)
        if main.arg_aliases[k] is not None:
            aliases[p["name"]] = main.arg_aliases[k]
    out = []
    for k, (r, (dtype, dims)) in enumerate(zip(results, main.result_types)):
        t = Tensor(r["name"], r["dtype"], tuple(r["dims"]))
        if (t.dtype, t.dims) != (dtype, dims):
            raise ValueError(f"result {k} {t} but @main declares {dtype}{list(dims)}")
        out.append(t)
    kinds = [p["kind"] for p in params]
    if "weight" in kinds and "input" in kinds[kinds.index("weight"):]:
        raise ValueError("an input parameter follows a weight parameter")
    return Signature(inputs, weights, out, aliases)


# --- op inventory ------------------------------------------------------------------------------

# Generic-form op names, as `iree-opt --mlir-print-op-generic` prints every op.
_GENERIC_OP = re.compile(r'"([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_.]*)"\(')
_OP_RESULT = re.compile(r'=\s*"([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_.]*)"\(.*?->\s*(tensor<[^>]*>)\s*$')


def op_counts(generic_mlir: str) -> collections.Counter:
    """{op name: occurrences} over the whole module, nested regions included."""
    return collections.Counter(_GENERIC_OP.findall(generic_mlir))


def op_results(generic_mlir: str, op: str) -> list[tuple[str, tuple[int, ...]]]:
    """The result type of every single-result `op` in a generically printed module."""
    out = []
    for line in generic_mlir.splitlines():
        m = _OP_RESULT.search(line)
        if m and m.group(1) == op:
            out.append(parse_tensor_type(m.group(2)))
    return out


def uses_erf_gelu(config: dict) -> bool:
    """Whether a LLaVA model computes GELU with erf (chlo.erf) anywhere in vision_encode."""
    acts = [config.get("projector_hidden_act"), config["vision_config"].get("hidden_act")]
    return "gelu" in acts


def expected_counts(config: dict, program: str, batch: int = 1,
                    taps: bool = False) -> dict[str, int]:
    """Exact counts of the ops whose number follows from the architecture alone: a missing or
    duplicated layer, norm, activation or cache write changes one of them."""
    if program == "vision_encode":
        vc = config["vision_config"]
        # The emitter writes only the ops a result reaches: without taps, the encoder layers up
        # to the deepest selected hidden state (hidden_states[k] follows layer k); with taps,
        # every layer's output is a result.
        states = vc["num_hidden_layers"] + 1
        layers = (vc["num_hidden_layers"] if taps else
                  max(k % states for k in _feature_layers(config)))
        clip = vc["model_type"] == "clip_vision_model"
        act = vc["hidden_act"]
        proj_act = config.get("projector_hidden_act")
        per_act = {
            "chlo.erf": ("gelu",),
            "stablehlo.tanh": ("gelu_pytorch_tanh", "gelu_new", "gelu_fast"),
            "stablehlo.logistic": ("quick_gelu", "silu", "swish"),
        }
        counts = {
            # q, k, v, out projections, q.k and probs.v, fc1, fc2 per layer; the projector's two.
            "stablehlo.dot_general": 8 * layers + 2,
            "stablehlo.convolution": 1,
            # layer_norm1/2 per layer, CLIP's pre_layrnorm; post_layernorm is never used.
            "stablehlo.rsqrt": 2 * layers + (1 if clip else 0),
            "stablehlo.custom_call": 0,
        }
        for op, names in per_act.items():
            counts[op] = (layers if act in names else 0) + (1 if proj_act in names else 0)
        return counts
    tc = text_config(config)
    layers = tc["num_hidden_layers"]
    counts = {
        # RMSNorm: input and post-attention per layer, the final norm.
        "stablehlo.rsqrt": 2 * layers + 1,
        # SiLU in each layer's MLP.
        "stablehlo.logistic": layers,
        "stablehlo.custom_call": 0,
        "chlo.erf": 0,
        "stablehlo.convolution": 0,
    }
    if has_qk_norm(tc):  # the q and k norms per layer
        counts["stablehlo.rsqrt"] += 2 * layers
    if is_gemma3(tc):
        # Four norms and the q/k norms per layer, the final norm; GELU (tanh form) in each MLP
        # and the logits' soft-cap (attn_logit_softcapping is never applied: Gemma3Attention
        # passes no softcap to its attention function).
        counts["stablehlo.rsqrt"] += 2 * layers  # and the two sandwich norms
        counts["stablehlo.logistic"] = 0
        counts["stablehlo.tanh"] = layers + (1 if tc.get("final_logit_softcapping") else 0)
    if program == "prefill":
        # q, k, v, o, gate, up, down per layer + q.k and probs.v; the LM head.
        counts["stablehlo.dot_general"] = 9 * layers + 1
        # One write per cache (K and V of each layer).
        counts["stablehlo.dynamic_update_slice"] = 2 * layers
    elif program == "decode":
        # Projections batched across slots; attention one q.k and one probs.v per slot.
        counts["stablehlo.dot_general"] = (7 + 2 * batch) * layers + 1
        # One row write per slot's cache.
        counts["stablehlo.dynamic_update_slice"] = 2 * layers * batch
    else:
        raise ValueError(f"unknown program {program!r}")
    return counts
