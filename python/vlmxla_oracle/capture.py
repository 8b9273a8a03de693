"""The oracle capture: run Transformers on one case and record every pipeline stage.

Stages are taken from Transformers' own modules through forward hooks (vision tower, projector,
language model inputs) and from the model outputs; nothing here reimplements the model. LLaVA
checkpoints go through LlavaProcessor + LlavaForConditionalGeneration; text-only Llama/Qwen2
checkpoints through their tokenizer's apply_chat_template + AutoModelForCausalLM, with the same
manifest format (the vision stages are simply absent).
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
import sys

MANIFEST_SCHEMA = 1
_DTYPE_NAMES = {
    "float32": "f32",
    "int64": "i64",
    "float16": "f16",
    "bfloat16": "bf16",
    "int32": "i32",
}


TEXT_MODEL_TYPES = ("llama", "qwen2")
REASON_IMAGES_UNSUPPORTED = "images_unsupported"


def model_kind(model_dir: pathlib.Path) -> str:
    """"llava" or "text" (a plain Llama/Qwen2 causal decoder), from config.json's model_type."""
    config = json.loads((pathlib.Path(model_dir) / "config.json").read_text(encoding="utf-8"))
    model_type = config.get("model_type")
    if model_type == "llava":
        return "llava"
    if model_type in TEXT_MODEL_TYPES:
        return "text"
    raise ValueError(f"{model_dir}: model_type {model_type!r} is neither llava nor "
                     f"{'/'.join(TEXT_MODEL_TYPES)}")


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
    """LlavaProcessor with the PIL image-processor backend; fails if another backend comes back."""
    from transformers import AutoProcessor

    processor = AutoProcessor.from_pretrained(str(model_dir), backend="pil")
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
        "patch_size": processor.patch_size,
        "vision_feature_select_strategy": processor.vision_feature_select_strategy,
        "num_additional_image_tokens": processor.num_additional_image_tokens,
        "image_token": processor.image_token,
        "image_token_id": processor.image_token_id,
        "add_special_tokens": tokenizer_add_special_tokens(processor),
    }


def _versions() -> dict:
    import PIL
    import torch
    import transformers

    return {
        "transformers": transformers.__version__,
        "torch": torch.__version__,
        "pillow": PIL.__version__,
        # A change to the capture code invalidates cached captures.
        "capture_sha256": hashlib.sha256(pathlib.Path(__file__).read_bytes()).hexdigest(),
    }


def is_current(manifest_path: pathlib.Path, model_dir, case: dict) -> bool:
    """True when a cached capture was made by this code, from this model, for this case."""
    if not manifest_path.exists():
        return False
    old = json.loads(manifest_path.read_text(encoding="utf-8"))
    return (old.get("oracle") == _versions() and old.get("case") == case
            and old.get("model", {}).get("files") == model_files(model_dir))


class _Recorder:
    """Forward hooks that keep the first call's tensors (the prefill), then go quiet."""

    def __init__(self, model):
        self.data = {}
        inner = model.model
        self.handles = [
            inner.multi_modal_projector.register_forward_hook(self._projector),
            inner.language_model.register_forward_pre_hook(self._lm, with_kwargs=True),
        ]

    def _projector(self, module, args, output):
        if "selected_image_features" not in self.data:
            self.data["selected_image_features"] = args[0].detach().clone()
            self.data["image_features"] = output.detach().clone()

    def _lm(self, module, args, kwargs):
        if "inputs_embeds" not in self.data:
            self.data["inputs_embeds"] = kwargs["inputs_embeds"].detach().clone()
            pos = kwargs.get("position_ids")
            self.data["position_ids"] = None if pos is None else pos.detach().clone()

    def close(self):
        for h in self.handles:
            h.remove()


def error_reason(message: str) -> str:
    """The engine's error category for a Transformers failure, so compare can match categories."""
    if re.search(r"number of .*image.* tokens|image tokens .* images", message, re.IGNORECASE):
        return "placeholder_count_mismatch"
    return "oracle_error"


def _stage(name, tensor=None, kind=None):
    return {"name": name, "tensor": tensor, "kind": kind}


def capture(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path) -> dict:
    import torch
    from transformers import LlavaForConditionalGeneration
    from transformers.image_utils import load_image

    torch.set_num_threads(2)
    torch.use_deterministic_algorithms(True)
    model_dir = pathlib.Path(model_dir)
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if model_kind(model_dir) == "text":
        return _capture_text(model_dir, case, out_dir)

    processor = load_processor(model_dir)
    tokenizer = processor.tokenizer
    manifest = _manifest_header(model_dir, case)
    manifest["processor"] = processor_summary(processor)
    messages = build_messages(case)
    rendered = processor.apply_chat_template(
        messages, add_generation_prompt=True, tokenize=False
    )
    manifest["rendered_text"] = rendered
    images = [load_image(str(p)) for p in case.get("images", [])]
    add_special = manifest["processor"]["add_special_tokens"]
    unexpanded = tokenizer(rendered, add_special_tokens=add_special)["input_ids"]
    manifest["unexpanded_length"] = len(unexpanded)

    try:
        inputs = processor(images=images or None, text=rendered, return_tensors="pt")
    except (
        ValueError,
        TypeError,
        RuntimeError,
    ) as err:  # malformed input: record what HF says
        manifest["error"] = {"type": type(err).__name__, "message": str(err),
                             "reason": error_reason(str(err))}
        manifest["stages"] = [{"name": "rendered_text", "kind": "text"}]
        _write_json(out_dir / "manifest.json", manifest)
        return manifest

    _context(manifest, case, int(inputs["input_ids"].shape[1]))

    model = LlavaForConditionalGeneration.from_pretrained(
        str(model_dir), dtype=torch.float32, attn_implementation="eager"
    ).eval()
    recorder = _Recorder(model)
    with torch.no_grad():
        out = model(**inputs, use_cache=True, return_dict=True)
        if "pixel_values" in inputs:
            # Inside the forward, v5 keeps only the selected vision layer, so ask the same tower
            # module for every layer in a separate call (same weights, same inputs).
            vision = model.model.vision_tower(
                inputs["pixel_values"], output_hidden_states=True, return_dict=True
            )
    recorder.close()
    rec = recorder.data

    seq = inputs["input_ids"][0]
    positions = rec.get("position_ids")
    positions = torch.arange(seq.shape[0]) if positions is None else positions[0]
    stages = [_stage("rendered_text", kind="text")]
    if "pixel_values" in inputs:
        stages.append(
            _stage("pixel_values", inputs["pixel_values"].float().contiguous())
        )
    stages += [
        _stage("input_ids_unexpanded", torch.tensor(unexpanded, dtype=torch.int64)),
        _stage("input_ids", seq.to(torch.int64)),
        _stage("attention_mask", inputs["attention_mask"][0].to(torch.int64)),
        _stage("position_ids", positions.to(torch.int64)),
    ]
    if "pixel_values" in inputs:
        for i, h in enumerate(vision.hidden_states):
            stages.append(_stage(f"vision_hidden_states.{i}", h))
        stages.append(_stage("selected_image_features", rec["selected_image_features"]))
        stages.append(_stage("image_features", rec["image_features"]))
    stages.append(_stage("inputs_embeds", rec["inputs_embeds"][0]))
    stages.append(_stage("prefill_logits", out.logits[0, -1]))
    _add_kv_and_greedy(model, inputs, case, tokenizer, manifest, stages, out.past_key_values)
    _save(stages, manifest, out_dir)
    return manifest


def _add_kv_and_greedy(model, inputs, case, tokenizer, manifest, stages, cache) -> None:
    """Every layer's K/V from the prefill, then greedy decoding with Transformers' generate."""
    import torch

    for layer_idx, layer in enumerate(cache.layers):
        stages.append(_stage(f"past_key_values.{layer_idx}.key", layer.keys[0]))
        stages.append(_stage(f"past_key_values.{layer_idx}.value", layer.values[0]))
    seq_len = int(inputs["input_ids"].shape[1])
    max_new = int(case.get("max_new_tokens", 8))
    eos = model.generation_config.eos_token_id
    eos_ids = set(eos if isinstance(eos, list) else [eos]) - {None}
    with torch.no_grad():
        generated = model.generate(
            **inputs,
            max_new_tokens=max_new,
            do_sample=False,
            num_beams=1,
            pad_token_id=model.generation_config.pad_token_id or next(iter(eos_ids), 0),
        )
    greedy = generated[0, seq_len:].to(torch.int64)
    stages.append(_stage("greedy_tokens", greedy))
    stages.append(_stage("greedy_text", kind="text"))
    manifest["greedy_text"] = tokenizer.decode(
        greedy.tolist(), skip_special_tokens=True
    )
    manifest["eos_hit"] = bool(any(int(t) in eos_ids for t in greedy.tolist()))
    manifest["eos_token_ids"] = sorted(int(e) for e in eos_ids)


def _save(stages: list[dict], manifest: dict, out_dir: pathlib.Path) -> None:
    from safetensors.torch import save_file

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
    _write_json(out_dir / "manifest.json", manifest)


def _manifest_header(model_dir: pathlib.Path, case: dict) -> dict:
    return {
        "schema": MANIFEST_SCHEMA,
        "oracle": _versions(),
        "model": {
            "path": str(model_dir),
            "name": model_dir.name,
            "files": model_files(model_dir),
        },
        "case": case,
    }


def _context(manifest: dict, case: dict, needed: int) -> None:
    manifest["expanded_length"] = needed
    if "context_capacity" in case:
        cap = int(case["context_capacity"])
        manifest["context"] = {"capacity": cap, "needed": needed, "exceeds": needed > cap}


def _capture_text(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path) -> dict:
    """A text-only decoder: tokenizer.apply_chat_template (which tokenizes the rendered text with
    add_special_tokens=False: the template owns the BOS) and AutoModelForCausalLM."""
    import torch
    from transformers import AutoImageProcessor, AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(model_dir))
    manifest = _manifest_header(model_dir, case)
    manifest["tokenizer"] = {"class": type(tokenizer).__name__, "add_special_tokens": False}
    messages = build_messages(case)
    rendered = tokenizer.apply_chat_template(
        messages, add_generation_prompt=True, tokenize=False
    )
    manifest["rendered_text"] = rendered
    if case.get("images"):
        # Transformers has no way to feed an image to this checkpoint: it ships no image processor
        # and its model takes no pixel_values. Record what loading one says.
        try:
            AutoImageProcessor.from_pretrained(str(model_dir))
            err_type, message = "ValueError", f"{model_dir.name} is a text-only model"
        except (OSError, ValueError, KeyError) as err:
            err_type, message = type(err).__name__, str(err)
        manifest["error"] = {"type": err_type, "message": message,
                             "reason": REASON_IMAGES_UNSUPPORTED}
        manifest["stages"] = [{"name": "rendered_text", "kind": "text"}]
        _write_json(out_dir / "manifest.json", manifest)
        return manifest

    inputs = tokenizer.apply_chat_template(
        messages, add_generation_prompt=True, tokenize=True, return_dict=True,
        return_tensors="pt",
    )
    inputs = {k: inputs[k] for k in ("input_ids", "attention_mask")}
    seq = inputs["input_ids"][0]
    manifest["unexpanded_length"] = int(seq.shape[0])
    _context(manifest, case, int(seq.shape[0]))

    model = AutoModelForCausalLM.from_pretrained(
        str(model_dir), dtype=torch.float32, attn_implementation="eager"
    ).eval()
    recorded = {}

    def embeds_hook(module, args, output):
        recorded.setdefault("inputs_embeds", output.detach().clone())

    def positions_hook(module, args, kwargs):
        pos = kwargs.get("position_ids")
        recorded.setdefault("position_ids", None if pos is None else pos.detach().clone())

    handles = [model.get_input_embeddings().register_forward_hook(embeds_hook),
               model.model.register_forward_pre_hook(positions_hook, with_kwargs=True)]
    with torch.no_grad():
        out = model(**inputs, use_cache=True, return_dict=True)
    for h in handles:
        h.remove()
    positions = recorded.get("position_ids")
    positions = torch.arange(seq.shape[0]) if positions is None else positions[0]
    stages = [
        _stage("rendered_text", kind="text"),
        # No placeholders to expand: the same ids, as its own tensor (safetensors refuses aliases).
        _stage("input_ids_unexpanded", seq.to(torch.int64).clone()),
        _stage("input_ids", seq.to(torch.int64)),
        _stage("attention_mask", inputs["attention_mask"][0].to(torch.int64)),
        _stage("position_ids", positions.to(torch.int64)),
        _stage("inputs_embeds", recorded["inputs_embeds"][0]),
        _stage("prefill_logits", out.logits[0, -1]),
    ]
    _add_kv_and_greedy(model, inputs, case, tokenizer, manifest, stages, out.past_key_values)
    _save(stages, manifest, out_dir)
    return manifest


def _write_json(path: pathlib.Path, data: dict) -> None:
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
    args = parser.parse_args(argv)
    if not (args.model / "config.json").exists():
        print(
            f"error: {args.model} is not a model directory (no config.json)",
            file=sys.stderr,
        )
        return 1
    case = json.loads(args.case.read_text(encoding="utf-8"))
    manifest = capture(args.model, case, args.out)
    if "error" in manifest:
        print(
            f"{case['name']}: Transformers raised {manifest['error']['type']} (recorded)"
        )
    else:
        print(
            f"{case['name']}: {len(manifest['stages'])} stages, greedy {manifest['greedy_text']!r}"
        )
    return 0
