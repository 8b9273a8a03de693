"""Gemma 3 (`gemma3`) on the oracle's side: Gemma3Processor (Gemma3ImageProcessorPil) and
Gemma3ForConditionalGeneration, eager. Placeholders: the chat template writes <start_of_image> per
image, which the processor replaces in the text by "\\n\\n", <start_of_image>, mm_tokens_per_image
<image_soft_token>s, <end_of_image> and "\\n\\n" before it tokenizes. The vision side is the SigLIP
tower's last_hidden_state (after its post_layernorm), average-pooled on the patch grid to
mm_tokens_per_image soft tokens, mm_soft_emb_norm ((1 + w) RMSNorm) and mm_input_projection_weight
([vision, text]: x @ W). In the decoder one image's soft tokens see each other both ways during
prefill (token_type_ids). Stages: LLaVA's, with the projector's own steps named:
vision_last_hidden_state (the projector's input), pooled_image_features (after the average pool),
normed_image_features (after the norm) and image_features (after the projection).

Pan-and-scan: where the checkpoint's image processor has do_pan_and_scan true, each image is the
image and then its crops, one run of soft tokens each, introduced by "Here is the original image
... and here are some crops to help you see better ...". Gemma3Processor (5.23) hands its own
defaults (do_pan_and_scan False, 256, 4, 1.2) to the image processor whatever
preprocessor_config.json says, so the oracle passes the checkpoint's settings on every call
(processor_call_kwargs), as the engine reads them from the file."""

from __future__ import annotations

import pathlib

from .. import capture as cap
from . import llava

MODEL_TYPES = ("gemma3",)
KINDS = {"gemma3": "gemma3"}
CASE_NAMES = ("image_text", "two_images", "no_image", "malformed_placeholder", "context_overflow",
              "two_aspects")
GENERATING_CASE_NAMES = ("image_text", "two_images", "no_image", "two_aspects")
FIXTURES = ("tiny-gemma3", "tiny-gemma3-pas")
TOLERANCE_GROUP = "gemma3"  # measure-tolerances --group gemma3
VISION_WEIGHTS = ("vision_tower.", "multi_modal_projector.")
# What the chat template writes for an image (cases.py writes it literally in the malformed case).
IMAGE_PLACEHOLDER = "<start_of_image>"
# The processors processor_call_kwargs speaks for (families.call_kwargs).
PROCESSOR_CLASSES = ("Gemma3Processor",)
PAN_AND_SCAN_FIELDS = ("pan_and_scan_min_crop_size", "pan_and_scan_max_num_crops",
                       "pan_and_scan_min_ratio_to_activate")


def processor_call_kwargs(processor) -> dict:
    """The image processor's own pan-and-scan settings as call arguments (none when it is off):
    without them Gemma3Processor's class defaults win over the checkpoint's file."""
    ip = processor.image_processor
    if not getattr(ip, "do_pan_and_scan", None):
        return {}
    out = {"do_pan_and_scan": True}
    for key in PAN_AND_SCAN_FIELDS:
        if getattr(ip, key, None) is not None:
            out[key] = getattr(ip, key)
    return out


class Recorder(llava.Recorder):
    """LLaVA's hooks (the projector's input, here the tower's last_hidden_state, and output; the
    language model's inputs_embeds) and one on the projector's norm: the first call's tensors."""

    def __init__(self, model):
        super().__init__(model)
        norm = model.model.multi_modal_projector.mm_soft_emb_norm
        self.handles.append(norm.register_forward_hook(self._norm))

    def _norm(self, module, args, output):
        if "normed_image_features" not in self.data:
            self.data["pooled_image_features"] = args[0].detach().clone()
            self.data["normed_image_features"] = output.detach().clone()


def collapse_image_runs(ids: list[int], image_token_id: int) -> list[int]:
    """`ids` with every run of `image_token_id` cut to its first token."""
    return [t for i, t in enumerate(ids)
            if t != image_token_id or i == 0 or ids[i - 1] != image_token_id]


def capture(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path, dtype: str) -> dict:
    from transformers import Gemma3ForConditionalGeneration

    processor, manifest, unexpanded, inputs = llava.prepare(model_dir, case, out_dir, dtype)
    if inputs is None:
        return manifest
    inputs = {k: v for k, v in inputs.items() if k != "num_crops"}
    # The prompt with one soft token per image (what the engine expands): the processor's own ids
    # with each run of soft tokens collapsed to one, so the text it wrote around each image (the
    # "\n\n", boi, eoi) is tokenized as the processor tokenized it.
    unexpanded = collapse_image_runs(inputs["input_ids"][0].tolist(),
                                     processor.tokenizer.image_token_id)
    manifest["unexpanded_length"] = len(unexpanded)

    model, out, vision, rec = llava.run_model(Gemma3ForConditionalGeneration, model_dir, inputs,
                                              dtype, Recorder)

    stages = [cap.stage("rendered_text", kind="text")]
    if "pixel_values" in inputs:
        stages.append(cap.stage("pixel_values", inputs["pixel_values"].float().contiguous()))
    stages += llava.token_stages(inputs, unexpanded, rec)
    if "pixel_values" in inputs:
        for i, h in enumerate(vision.hidden_states):
            stages.append(cap.stage(f"vision_hidden_states.{i}", h))
        stages.append(cap.stage("vision_last_hidden_state", rec["selected_image_features"]))
        for name in ("pooled_image_features", "normed_image_features", "image_features"):
            stages.append(cap.stage(name, rec[name]))
    return cap.finish(model, inputs, out, rec["inputs_embeds"][0], case, processor.tokenizer,
                      manifest, stages, out_dir)
