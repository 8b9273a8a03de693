"""LLaVA-OneVision (`llava_onevision`) on the oracle's side: LlavaOnevisionProcessor (the PIL image
processor) and LlavaOnevisionForConditionalGeneration, eager. What it adds to LLaVA-NeXT
(llava_next.py, whose capture and stages it shares): a SigLIP tower read in full, the
anyres_max_N downscale of an image's tile features (bilinear, when they exceed N tiles' worth),
and the several-images rule (each image of a multi-image prompt is padded to a square and takes
its base view and one image_newline). The engine's side is src/vlmxla/models/llava_next/."""

from __future__ import annotations

import pathlib

from . import llava_next

MODEL_TYPES = ("llava_onevision",)
KINDS = {"llava_onevision": "llava_onevision"}
CASE_NAMES = llava_next.CASE_NAMES
GENERATING_CASE_NAMES = llava_next.GENERATING_CASE_NAMES
FIXTURES = ("tiny-llava-onevision",)
TOLERANCE_GROUP = "llava_onevision"  # measure-tolerances --group llava_onevision
VISION_WEIGHTS = llava_next.VISION_WEIGHTS
# The processor takes a prompt's images as one sample (a flat list reads as one image per sample,
# which would skip the several-images rule); the fixture is taught the same way.
NESTED_IMAGES = True


# processor_config.json's fields of LlavaOnevisionProcessor beside its two parts.
PROCESSOR_FIELDS = ("num_image_tokens", "vision_feature_select_strategy", "vision_aspect_ratio",
                    "image_token", "video_token")


def _processor_class():
    from transformers import LlavaOnevisionProcessor

    class WithoutVideo(LlavaOnevisionProcessor):
        """LlavaOnevisionProcessor with no video processor: Transformers builds none without
        torchvision, and the oracle (like the engine) takes no video. Its image expansion is the
        class's own."""

        def check_argument_for_proper_class(self, argument_name, argument):
            if argument_name == "video_processor" and argument is None:
                return None
            return super().check_argument_for_proper_class(argument_name, argument)

    return WithoutVideo


def make_processor(image_processor, tokenizer, chat_template: str, **fields):
    return _processor_class()(image_processor=image_processor, tokenizer=tokenizer,
                              video_processor=None, chat_template=chat_template, **fields)


def save_processor(processor, out_dir: pathlib.Path) -> None:
    """What save_pretrained writes for the class (it cannot save a None part): the tokenizer,
    the image processor, the chat template and processor_config.json."""
    import json

    processor.tokenizer.save_pretrained(out_dir)
    processor.image_processor.save_pretrained(out_dir)
    (pathlib.Path(out_dir) / "chat_template.jinja").write_text(processor.chat_template,
                                                               encoding="utf-8")
    config = {"processor_class": "LlavaOnevisionProcessor",
              **{k: getattr(processor, k) for k in PROCESSOR_FIELDS}}
    (pathlib.Path(out_dir) / "processor_config.json").write_text(json.dumps(config, indent=2),
                                                                 encoding="utf-8")


def load_processor(model_dir: pathlib.Path):
    import json

    from transformers import AutoImageProcessor, AutoTokenizer

    model_dir = pathlib.Path(model_dir)
    config = json.loads((model_dir / "processor_config.json").read_text(encoding="utf-8"))
    template = (model_dir / "chat_template.jinja").read_text(encoding="utf-8")
    return make_processor(AutoImageProcessor.from_pretrained(str(model_dir), backend="pil"),
                          AutoTokenizer.from_pretrained(str(model_dir)), template,
                          **{k: config[k] for k in PROCESSOR_FIELDS if k in config})


def capture(model_dir: pathlib.Path, case: dict, out_dir: pathlib.Path, dtype: str) -> dict:
    from transformers import LlavaOnevisionForConditionalGeneration

    def pack(model, features, sizes):
        return model.model.pack_image_features(
            features, sizes, image_newline=model.model.image_newline,
            vision_aspect_ratio=model.config.vision_aspect_ratio)

    return llava_next.capture_anyres(model_dir, case, out_dir, dtype,
                                     LlavaOnevisionForConditionalGeneration, pack,
                                     onevision=NESTED_IMAGES)
