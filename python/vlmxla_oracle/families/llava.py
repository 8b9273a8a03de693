"""LLaVA (`llava`) on the oracle's side: LlavaProcessor (the PIL image-processor backend) and
LlavaForConditionalGeneration, eager. Placeholders: each <image> expands to the processor's fixed
token count (LlavaProcessor). Stages: the shared ones plus pixel_values f32[n, 3, H, W],
vision_hidden_states.<i> (every layer of the tower, asked of the same tower module),
selected_image_features (the projector's input) and image_features (its output)."""

from __future__ import annotations

import pathlib

from .. import capture as cap

MODEL_TYPES = ("llava",)
# The kind each model_type is (capture.model_kind): what selects the cases and the fixture build.
KINDS = {"llava": "llava"}
# The case names of the standard suite (cases.py writes them), and those that decode.
CASE_NAMES = ("image_text", "two_images", "no_image", "malformed_placeholder", "context_overflow")
GENERATING_CASE_NAMES = ("image_text", "two_images", "no_image")
FIXTURES = ("tiny-llava-clip-llama", "tiny-llava-siglip-qwen2")
TOLERANCE_GROUP = None  # the plain sections of tolerances.json
# Checkpoint names of the vision side (tower and projector), for the weight accounting.
VISION_WEIGHTS = ("vision_tower.", "multi_modal_projector.")


class Recorder:
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



def prepare(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path, dtype: str,
            nested: bool = False):
    """The processor's side of a LLaVA-style case (llava, llava_next): (processor, manifest, the
    unexpanded ids, the processor's inputs). `nested` hands the processor the prompt's images as
    one sample's list (LLaVA-OneVision's processor reads a flat list as one image per sample).
    When Transformers refuses the case, the inputs are None and the manifest, with its error, is
    already written."""
    from transformers.image_utils import load_image

    from .. import families
    from ..paths import resolve_image

    processor = cap.load_processor(model_dir)
    manifest = cap.manifest_header(model_dir, case, dtype)
    manifest["processor"] = cap.processor_summary(processor)
    messages = cap.build_messages(case)
    rendered = processor.apply_chat_template(
        messages, add_generation_prompt=True, tokenize=False
    )
    manifest["rendered_text"] = rendered
    images = [load_image(str(resolve_image(p))) for p in case.get("images", [])]
    add_special = manifest["processor"]["add_special_tokens"]
    unexpanded = processor.tokenizer(rendered, add_special_tokens=add_special)["input_ids"]
    manifest["unexpanded_length"] = len(unexpanded)

    try:
        batch = ([images] if nested else images) if images else None
        inputs = processor(images=batch, text=rendered, return_tensors="pt",
                           **families.call_kwargs(processor))
    except (
        ValueError,
        TypeError,
        RuntimeError,
    ) as err:  # malformed input: record what HF says
        manifest["error"] = {"type": type(err).__name__, "message": str(err),
                             "reason": cap.error_reason(str(err))}
        manifest["stages"] = [{"name": "rendered_text", "kind": "text"}]
        cap.write_json(out_dir / "manifest.json", manifest)
        return processor, manifest, unexpanded, None

    cap.record_context(manifest, case, int(inputs["input_ids"].shape[1]))
    return processor, manifest, unexpanded, inputs


def token_stages(inputs, unexpanded, rec) -> list[dict]:
    """input_ids_unexpanded, input_ids, attention_mask and position_ids (the language model's
    own, else 0..L-1) of a LLaVA-style prefill."""
    import torch

    seq = inputs["input_ids"][0]
    positions = rec.get("position_ids")
    positions = torch.arange(seq.shape[0]) if positions is None else positions[0]
    return [
        cap.stage("input_ids_unexpanded", torch.tensor(unexpanded, dtype=torch.int64)),
        cap.stage("input_ids", seq.to(torch.int64)),
        cap.stage("attention_mask", inputs["attention_mask"][0].to(torch.int64)),
        cap.stage("position_ids", positions.to(torch.int64)),
    ]


def run_model(model_class, model_dir: pathlib.Path, inputs, dtype: str, recorder_class=None):
    """(model, prefill output, the tower's every hidden state or None, the recorded tensors) of
    `model_class` (eager, in `dtype`) on the prefill `inputs`, hooked by `recorder_class`."""
    import torch

    model = cap.load_model(model_class, model_dir, dtype)
    recorder = (recorder_class or Recorder)(model)
    vision = None
    with torch.no_grad():
        out = model(**inputs, use_cache=True, return_dict=True)
        if "pixel_values" in inputs:
            # Inside the forward, v5 keeps only the selected vision layer, so ask the same tower
            # module for every layer in a separate call (same weights, same inputs).
            vision = model.model.vision_tower(
                inputs["pixel_values"], output_hidden_states=True, return_dict=True
            )
    recorder.close()
    return model, out, vision, recorder.data


def capture(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path, dtype: str) -> dict:
    from transformers import LlavaForConditionalGeneration

    processor, manifest, unexpanded, inputs = prepare(model_dir, case, out_dir, dtype)
    if inputs is None:
        return manifest

    model, out, vision, rec = run_model(LlavaForConditionalGeneration, model_dir, inputs, dtype)

    stages = [cap.stage("rendered_text", kind="text")]
    if "pixel_values" in inputs:
        stages.append(
            cap.stage("pixel_values", inputs["pixel_values"].float().contiguous())
        )
    stages += token_stages(inputs, unexpanded, rec)
    if "pixel_values" in inputs:
        for i, h in enumerate(vision.hidden_states):
            stages.append(cap.stage(f"vision_hidden_states.{i}", h))
        stages.append(cap.stage("selected_image_features", rec["selected_image_features"]))
        stages.append(cap.stage("image_features", rec["image_features"]))
    return cap.finish(model, inputs, out, rec["inputs_embeds"][0], case, processor.tokenizer,
                      manifest, stages, out_dir)
