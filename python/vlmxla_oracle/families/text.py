"""Text-only decoders (`llama`, `qwen2`, `qwen3`, `gemma3_text`) on the oracle's side: the tokenizer's
apply_chat_template and AutoModelForCausalLM, eager, with the LLaVA manifest's format (the
vision stages are absent). A case with images is recorded as the refusal Transformers gives."""

from __future__ import annotations

import pathlib

from .. import capture as cap

MODEL_TYPES = ("llama", "qwen2", "qwen3", "gemma3_text")
KINDS = {"llama": "text", "qwen2": "text", "qwen3": "text", "gemma3_text": "text"}
CASE_NAMES = ("no_image", "context_overflow", "image_on_text_model")
GENERATING_CASE_NAMES = ("no_image",)
FIXTURES = ("tiny-llama", "tiny-qwen2", "tiny-qwen3", "tiny-gemma3-text")
TOLERANCE_GROUP = None
VISION_WEIGHTS = ()  # no vision side


def capture(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path,
            dtype: str = "float32") -> dict:
    """A text-only decoder: tokenizer.apply_chat_template (which tokenizes the rendered text with
    add_special_tokens=False: the template owns the BOS) and AutoModelForCausalLM."""
    import torch
    from transformers import AutoImageProcessor, AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(model_dir))
    manifest = cap.manifest_header(model_dir, case, dtype)
    manifest["tokenizer"] = {"class": type(tokenizer).__name__, "add_special_tokens": False}
    messages = cap.build_messages(case)
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
                             "reason": cap.REASON_IMAGES_UNSUPPORTED}
        manifest["stages"] = [{"name": "rendered_text", "kind": "text"}]
        cap.write_json(out_dir / "manifest.json", manifest)
        return manifest

    inputs = tokenizer.apply_chat_template(
        messages, add_generation_prompt=True, tokenize=True, return_dict=True,
        return_tensors="pt",
    )
    inputs = {k: inputs[k] for k in ("input_ids", "attention_mask")}
    seq = inputs["input_ids"][0]
    manifest["unexpanded_length"] = int(seq.shape[0])
    cap.record_context(manifest, case, int(seq.shape[0]))

    model = cap.load_model(AutoModelForCausalLM, model_dir, dtype)
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
        cap.stage("rendered_text", kind="text"),
        # No placeholders to expand: the same ids, as its own tensor (safetensors refuses aliases).
        cap.stage("input_ids_unexpanded", seq.to(torch.int64).clone()),
        cap.stage("input_ids", seq.to(torch.int64)),
        cap.stage("attention_mask", inputs["attention_mask"][0].to(torch.int64)),
        cap.stage("position_ids", positions.to(torch.int64)),
    ]
    return cap.finish(model, inputs, out, recorded["inputs_embeds"][0], case, tokenizer, manifest,
                      stages, out_dir)


