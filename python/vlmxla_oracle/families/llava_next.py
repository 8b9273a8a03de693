"""LLaVA-NeXT (`llava_next`) on the oracle's side: LlavaNextProcessor (the PIL image-processor
backend) and LlavaNextForConditionalGeneration, eager. The engine's side is
src/vlmxla/models/llava_next/; the gate runs it as `--family llava_next`.

An image becomes views: one base view (the whole image resized) and the tiles of the grid
image_grid_pinpoints picks for its aspect ratio. The tower and projector run on every view; the
model then packs each image's tiles into one feature map, removes the rows/columns that are
padding for the image's aspect ratio, appends image_newline after every row, and puts the base
view's features first. Each <image> expands to that packed length (LlavaNextProcessor).

Stages, in order: rendered_text; pixel_values f32[images, views, 3, H, W] (the processor's own,
zero views padding the images with fewer tiles); image_sizes i64[images, 2] (H, W);
image_tile_grid i64[images, 2] (the tile rows and columns the pinpoints chose: the tiling);
input_ids_unexpanded, input_ids, attention_mask, position_ids; vision_hidden_states.<i>
[all views, tokens, hidden] (every layer of the tower over the unpadded views, images in order:
the tower); selected_image_features and image_features (the projector's input and output per
view); packed_image_features [image tokens, text hidden] (what pack_image_features returns, every
image's rows concatenated: the unpadding and newlines) and packed_image_feature_lens i64[images];
then the shared inputs_embeds, prefill_logits, K/V and greedy stages."""

from __future__ import annotations

import pathlib

from .. import capture as cap
from .llava import Recorder, prepare, token_stages

MODEL_TYPES = ("llava_next",)
KINDS = {"llava_next": "llava_next"}
CASE_NAMES = ("image_text", "two_images", "no_image", "malformed_placeholder", "two_aspects",
              "context_overflow")
GENERATING_CASE_NAMES = ("image_text", "two_images", "no_image", "two_aspects")
FIXTURES = ("tiny-llava-next",)
TOLERANCE_GROUP = "llava_next"  # measured on FIXTURES (measure-tolerances --group llava_next)
# Checkpoint names of the vision side (tower, projector, image_newline), for the weight accounting.
VISION_WEIGHTS = ("vision_tower.", "multi_modal_projector.", "image_newline")


def view_counts(model, image_sizes, base_only: bool = False) -> list[int]:
    """Views per image (base + tiles), by the model's own rule; 1 each when `base_only`
    (LLaVA-OneVision's several images in one prompt)."""
    from transformers.models.llava_next.modeling_llava_next import image_size_to_num_patches

    config = model.config
    if base_only:
        return [1] * len(image_sizes)
    return [image_size_to_num_patches(size, config.image_grid_pinpoints,
                                      config.vision_config.image_size) for size in image_sizes]


def tile_grids(model, image_sizes):
    """i64[images, 2]: the tile rows and columns of each image, by the model's own rule."""
    import torch
    from transformers.models.llava_next.modeling_llava_next import get_anyres_image_grid_shape

    config = model.config
    return torch.tensor([get_anyres_image_grid_shape(size, config.image_grid_pinpoints,
                                                     config.vision_config.image_size)
                         for size in image_sizes], dtype=torch.int64)


def capture(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path, dtype: str) -> dict:
    from transformers import LlavaNextForConditionalGeneration

    def pack(model, features, sizes):
        return model.model.pack_image_features(
            features, sizes, model.config.vision_feature_select_strategy, model.model.image_newline)

    return capture_anyres(model_dir, case, out_dir, dtype, LlavaNextForConditionalGeneration,
                          pack, onevision=False)


def capture_anyres(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path, dtype: str,
                   model_class, pack, onevision: bool) -> dict:
    """The capture of an anyres family: `model_class` its ...ForConditionalGeneration, `pack`
    (model, per-image projected views, image_sizes) -> its pack_image_features' (features, lens);
    `onevision`: several images of one prompt take their base view only."""
    import torch

    processor, manifest, unexpanded, inputs = prepare(model_dir, case, out_dir, dtype,
                                                      nested=onevision)
    if inputs is None:
        return manifest
    manifest["processor"]["image_grid_pinpoints"] = processor.image_processor.image_grid_pinpoints

    model = cap.load_model(model_class, model_dir, dtype)
    images = "pixel_values" in inputs
    recorder = Recorder(model)
    with torch.no_grad():
        out = model(**inputs, use_cache=True, return_dict=True)
        if images:
            sizes = inputs["image_sizes"]
            counts = view_counts(model, sizes, base_only=onevision and len(sizes) > 1)
            # The views the model's forward runs (each image's, without the batch padding),
            # through the same tower module asked for every layer.
            views = torch.cat([pv[:n] for pv, n in zip(inputs["pixel_values"], counts)])
            vision = model.model.vision_tower(views.to(model.dtype), output_hidden_states=True,
                                              return_dict=True)
    recorder.close()
    rec = recorder.data

    stages = [cap.stage("rendered_text", kind="text")]
    if images:
        stages += [
            cap.stage("pixel_values", inputs["pixel_values"].float().contiguous()),
            cap.stage("image_sizes", sizes.to(torch.int64)),
            cap.stage("image_tile_grid", tile_grids(model, sizes)),
        ]
    stages += token_stages(inputs, unexpanded, rec)
    if images:
        with torch.no_grad():  # the model's own packing, on the projector output it produced
            packed, lens = pack(model, torch.split(rec["image_features"], counts), sizes)
        for i, h in enumerate(vision.hidden_states):
            stages.append(cap.stage(f"vision_hidden_states.{i}", h))
        stages += [
            cap.stage("selected_image_features", rec["selected_image_features"]),
            cap.stage("image_features", rec["image_features"]),
            cap.stage("packed_image_features", torch.cat(packed)),
            cap.stage("packed_image_feature_lens", lens.to(torch.int64)),
        ]
    return cap.finish(model, inputs, out, rec["inputs_embeds"][0], case, processor.tokenizer,
                      manifest, stages, out_dir)
