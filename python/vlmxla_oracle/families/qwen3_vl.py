"""Qwen3-VL (`qwen3_vl`, dense) on the oracle's side: qwen.py's preparation (Qwen3VLProcessor
expands images as Qwen2VLProcessor does, and cannot be built without torchvision either) and
Qwen3VLForConditionalGeneration, eager, through qwen2_vl.capture with a recorder that also names
Qwen3-VL's own mechanics:

- vision_interp_indices / vision_interp_weights: the four taps and bilinear weights per patch with
  which the learned square position table is resampled to the image's grid (Transformers'
  get_vision_interpolation_indices_and_weights, align_corners=True, in merge-block order), and
  vision_pos_embeds, the resampled embeddings added to the patch embeddings;
- deepstack_features.K: the features of DeepStack merger K (the hidden states after vision block
  deepstack_visual_indexes[K] through their own post-shuffle-norm merger), in the prompt's image
  order: what the decoder adds to its hidden states at the image positions after layer K.
"""

from __future__ import annotations

import pathlib

from .. import capture as cap
from . import qwen2_vl

MODEL_TYPES = ("qwen3_vl",)
KINDS = {"qwen3_vl": "qwen3_vl"}
CASE_NAMES = qwen2_vl.CASE_NAMES
GENERATING_CASE_NAMES = qwen2_vl.GENERATING_CASE_NAMES
FIXTURES = ("tiny-qwen3-vl",)
TOLERANCE_GROUP = "qwen3_vl"  # measure-tolerances --group qwen3_vl
VISION_WEIGHTS = ("model.visual.",)


class Qwen3VLRecorder(qwen2_vl.QwenRecorder):
    """QwenRecorder's hooks, and what the language model is handed for DeepStack."""

    def _tower(self, module, args, output):
        super()._tower(module, args, output)
        # get_image_features splits these per image after this hook: clone them now.
        for k, feature in enumerate(output.deepstack_features):
            self.data.setdefault(f"deepstack_features.{k}", feature.detach().clone())

    def vision_stages(self, model, inputs) -> list[dict]:
        import torch
        from transformers import vision_utils

        visual = model.model.visual
        grid = inputs["image_grid_thw"]
        indices, weights = vision_utils.get_vision_interpolation_indices_and_weights(
            grid, num_grid_per_side=visual.num_grid_per_side, mode=visual.interpolation_mode,
            align_corners=visual.interpolation_align_corners,
            spatial_merge_size=visual.config.spatial_merge_size)
        with torch.no_grad():  # Qwen3VLVisionModel.forward's own expression
            pos = (visual.pos_embed(indices) * weights[:, :, None]).sum(1)
        stages = [cap.stage("vision_interp_indices", indices.to(torch.int64).contiguous()),
                  cap.stage("vision_interp_weights", weights.float().contiguous()),
                  cap.stage("vision_pos_embeds", pos.detach().clone())]
        stages += super().vision_stages(model, inputs)
        for k in range(len(visual.deepstack_visual_indexes)):
            stages.append(cap.stage(f"deepstack_features.{k}", self.data[f"deepstack_features.{k}"]))
        return stages


def capture(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path,
            dtype: str = "float32") -> dict:
    """A Qwen3-VL checkpoint: qwen2_vl.capture with Qwen3-VL's recorder."""
    return qwen2_vl.capture(model_dir, case, out_dir, dtype, recorder_class=Qwen3VLRecorder)
