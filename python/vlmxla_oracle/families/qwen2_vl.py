"""Qwen2-VL (`qwen2_vl`) and Qwen2.5-VL (`qwen2_5_vl`) on the oracle's side: qwen.py's
preparation (the processor, or the placeholder expansion the oracle does in its place) and
Qwen2VLForConditionalGeneration / Qwen2_5_VLForConditionalGeneration, eager. The stages are
listed in capture.py's docstring."""

from __future__ import annotations

import pathlib

from .. import capture as cap
from .. import qwen
from .llava import Recorder

MODEL_TYPES = ("qwen2_vl", "qwen2_5_vl")  # qwen.py also prepares qwen3_vl (families/qwen3_vl.py)
KINDS = {t: t for t in MODEL_TYPES}
CASE_NAMES = ("image_text", "two_images", "no_image", "malformed_placeholder", "two_sizes",
              "context_overflow")
GENERATING_CASE_NAMES = ("image_text", "two_images", "no_image", "two_sizes")
FIXTURES = ("tiny-qwen2-vl", "tiny-qwen2.5-vl")
TOLERANCE_GROUP = "qwen"  # measured on these fixtures (measure-tolerances --group qwen)
# Checkpoint names of the vision side (tower and merger), for the weight accounting.
VISION_WEIGHTS = ("visual.",)


class QwenRecorder(Recorder):
    """Forward hooks on a Qwen2-VL / Qwen2.5-VL model that keep the first call's tensors: the
    first vision block's input and every block's output (the tower's row order), the tower's
    pooled (merger, final-order) output, and the language model's inputs (_Recorder._lm)."""

    def __init__(self, model):  # its own hooks, not the LLaVA projector's
        self.data = {}
        inner = model.model
        visual = inner.visual
        self.handles = [
            visual.blocks[0].register_forward_pre_hook(self._first_block),
            visual.register_forward_hook(self._tower),
            inner.language_model.register_forward_pre_hook(self._lm, with_kwargs=True),
        ]
        for i, block in enumerate(visual.blocks):
            self.handles.append(block.register_forward_hook(self._block(i)))

    def _first_block(self, module, args):
        self.data.setdefault("vision_hidden_states.0", args[0].detach().clone())

    def _block(self, i):
        def hook(module, args, output):
            self.data.setdefault(f"vision_hidden_states.{i + 1}", output.detach().clone())
        return hook

    def _tower(self, module, args, output):
        # get_image_features splits pooler_output per image after this hook: clone it now.
        self.data.setdefault("image_features", output.pooler_output.detach().clone())

    def vision_stages(self, model, inputs) -> list[dict]:
        """The vision side's stages, in the tower's order: every block's input and output, then
        the merged image features."""
        depth = len(model.model.visual.blocks)
        stages = [cap.stage(f"vision_hidden_states.{i}", self.data[f"vision_hidden_states.{i}"])
                  for i in range(depth + 1)]
        stages.append(cap.stage("image_features", self.data["image_features"]))
        return stages


def qwen_vision_layout(config, image_grid_thw) -> dict:
    """Transformers' own packing of the grids (transformers.vision_utils): cu_seqlens, and for
    Qwen2.5-VL window_index (merge units, the tower's row order) and cu_window_seqlens."""
    from transformers import vision_utils

    vc = config.vision_config
    out = {"cu_seqlens": vision_utils.get_vision_cu_seqlens(image_grid_thw).tolist()}
    if config.model_type == "qwen2_5_vl":
        window_index, cu_window = vision_utils.get_vision_window_index(
            image_grid_thw, spatial_merge_size=vc.spatial_merge_size, window_size=vc.window_size,
            patch_size=vc.patch_size)
        out.update(window_index=window_index.tolist(), cu_window_seqlens=cu_window.tolist(),
                   fullatt_block_indexes=list(vc.fullatt_block_indexes))
    return out


def capture(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path,
            dtype: str = "float32", recorder_class: type = QwenRecorder) -> dict:
    """A Qwen2-VL / Qwen2.5-VL checkpoint (or Qwen3-VL, with its recorder_class): qwen.py's
    preparation and the model, eager."""
    import torch
    from transformers.image_utils import load_image

    from ..paths import resolve_image

    if case.get("videos"):
        raise qwen.VideoUnsupported(f"{case['name']}: video input is not supported (the oracle "
                                    f"and vlmxla take images only)")
    processing = qwen.load_processing(model_dir)
    tokenizer = processing.tokenizer
    manifest = cap.manifest_header(model_dir, case, dtype)
    manifest["processing"] = qwen.summary(processing)
    rendered = qwen.render(processing, cap.build_messages(case))
    manifest["rendered_text"] = rendered
    images = [load_image(str(resolve_image(p))) for p in case.get("images", [])]
    unexpanded = tokenizer(rendered)["input_ids"]
    manifest["unexpanded_length"] = len(unexpanded)
    try:
        inputs = qwen.prepare(processing, rendered, images)
    except qwen.VideoUnsupported:
        raise
    except (ValueError, TypeError, RuntimeError) as err:  # malformed input: record what HF says
        manifest["error"] = {"type": type(err).__name__, "message": str(err),
                             "reason": cap.error_reason(str(err))}
        manifest["stages"] = [{"name": "rendered_text", "kind": "text"}]
        cap.write_json(out_dir / "manifest.json", manifest)
        return manifest

    seq = inputs["input_ids"][0]
    cap.record_context(manifest, case, int(seq.shape[0]))
    model = cap.load_model(qwen.model_class(cap.model_type(model_dir)), model_dir, dtype)
    grid = inputs.get("image_grid_thw")
    if grid is not None:
        manifest["vision_layout"] = qwen_vision_layout(model.config, grid)
    recorder = recorder_class(model)
    with torch.no_grad():
        out = model(**inputs, use_cache=True, return_dict=True)
        positions, deltas = model.model.get_rope_index(
            inputs["input_ids"], mm_token_type_ids=inputs["mm_token_type_ids"],
            image_grid_thw=grid, attention_mask=inputs["attention_mask"])
    recorder.close()
    rec = recorder.data
    used = rec.get("position_ids")  # None: the language model counted 0..L-1 on all three axes
    used = torch.arange(seq.shape[0]).expand(3, 1, -1) if used is None else used
    if not torch.equal(used.to(torch.int64), positions.to(torch.int64)):
        raise RuntimeError(f"{case['name']}: get_rope_index disagrees with the positions the "
                           f"language model was given")
    stages = [cap.stage("rendered_text", kind="text")]
    if grid is not None:
        stages.append(cap.stage("pixel_values", inputs["pixel_values"].float().contiguous()))
        stages.append(cap.stage("image_grid_thw", grid.to(torch.int64).clone()))
    stages += [
        cap.stage("input_ids_unexpanded", torch.tensor(unexpanded, dtype=torch.int64)),
        cap.stage("input_ids", seq.to(torch.int64)),
        cap.stage("attention_mask", inputs["attention_mask"][0].to(torch.int64)),
        cap.stage("position_ids", positions[:, 0].to(torch.int64).contiguous()),
        cap.stage("rope_deltas", deltas.reshape(-1).to(torch.int64).clone()),
    ]
    if grid is not None:
        stages += recorder.vision_stages(model, inputs)
    return cap.finish(model, inputs, out, rec["inputs_embeds"][0], case, tokenizer, manifest,
                      stages, out_dir)


