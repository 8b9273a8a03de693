"""Qwen2-VL, Qwen2.5-VL and Qwen3-VL on the oracle's side: the processor, or the placeholder
expansion the oracle does in its place (Qwen3VLProcessor expands images exactly as
Qwen2VLProcessor does: replace_image_token is the same t*h*w // merge_size**2 pads).

Transformers 5.23 cannot build Qwen2VLProcessor / Qwen2_5_VLProcessor / Qwen3VLProcessor without
torchvision:
`AutoProcessor.from_pretrained` fails loading the video processor (ImportError: "Video processor
cannot be loaded - requested pil backend is not available"), and constructing the class from its
parts with no video processor fails in ProcessorMixin's class check, which looks the video
processor up in VIDEO_PROCESSOR_MAPPING: `AttributeError: type object 'VIDEO_PROCESSOR_MAPPING'
has no attribute '_extra_content'`. The image processor (Qwen2VLImageProcessorPil), the
tokenizer, the chat template and the model all work. So `load_processing` tries the real
processor both ways first and, on exactly those failures, keeps Transformers for everything it
can still do and does the one thing the processor class adds itself, the way the class does it:

- the placeholder checks of ProcessorMixin.validate_inputs (same ValueError messages);
- each `<|image_pad|>` of the rendered text, in order, becomes t*h*w / merge_size**2 pads for
  image i (Qwen2VLProcessor.replace_image_token + ProcessorMixin.get_text_with_replacements);
- the expanded text is tokenized with the tokenizer's defaults (the processor's text kwargs);
- mm_token_type_ids: 1 on image pads, 2 on video pads, else 0 (create_mm_token_type_ids).

The capture's manifest records which of the two did the expansion and why
(`processing.expansion`). tests/py/test_qwen_processor_expansion.py pins the oracle's expansion
to Transformers' own Qwen2VLProcessor.__call__ on several grid sizes. Video input is out of scope:
`prepare` refuses it (VideoUnsupported).
"""

from __future__ import annotations

import dataclasses
import pathlib

MODEL_TYPES = ("qwen2_vl", "qwen2_5_vl", "qwen3_vl")
IMAGE_TOKEN = "<|image_pad|>"
VIDEO_TOKEN = "<|video_pad|>"
# The attribute whose absence is the torchvision-less processor failure (constructing the class).
PROCESSOR_TRAP = "_extra_content"
PROCESSOR_CLASSES = {"qwen2_vl": "Qwen2VLProcessor", "qwen2_5_vl": "Qwen2_5_VLProcessor",
                     "qwen3_vl": "Qwen3VLProcessor"}
EXPANSION_RULE = ("each <|image_pad|> in order -> t*h*w // merge_size**2 <|image_pad|> for image i "
                  "(Qwen2VLProcessor.replace_image_token via ProcessorMixin."
                  "get_text_with_replacements); mm_token_type_ids 1 on image pads, 2 on video pads")


class VideoUnsupported(ValueError):
    """Video input: the oracle (and vlmxla) take images only."""


def model_class(model_type: str):
    import transformers

    return {"qwen2_vl": transformers.Qwen2VLForConditionalGeneration,
            "qwen2_5_vl": transformers.Qwen2_5_VLForConditionalGeneration,
            "qwen3_vl": transformers.Qwen3VLForConditionalGeneration}[model_type]


@dataclasses.dataclass
class Processing:
    tokenizer: object
    image_processor: object
    chat_template: str
    processor: object | None  # the real Qwen2VLProcessor when it could be constructed
    expansion: dict  # who expands the placeholders, and why

    @property
    def merge_size(self) -> int:
        return int(self.image_processor.merge_size)

    def token_id(self, token: str) -> int:
        tid = self.tokenizer.convert_tokens_to_ids(token)
        if tid is None or tid == self.tokenizer.unk_token_id:
            raise ValueError(f"the tokenizer has no {token}")
        return int(tid)


def _check_pil(image_processor) -> None:
    name = type(image_processor).__name__
    if not name.endswith("Pil"):
        raise RuntimeError(f"expected a PIL image processor backend, got {name}")


def _video_processor_failure(err: Exception) -> bool:
    """The torchvision-less failures of the processor class (and nothing else)."""
    msg = str(err)
    if isinstance(err, AttributeError):
        return PROCESSOR_TRAP in msg and "VIDEO_PROCESSOR_MAPPING" in msg
    return isinstance(err, ImportError) and ("Video processor" in msg or "VideoProcessor" in msg)


def load_processing(model_dir: pathlib.Path) -> Processing:
    """The real processor (PIL image backend) when Transformers can build it, by
    AutoProcessor.from_pretrained or, failing that, by constructing the class from the
    tokenizer and the PIL image processor with no video processor; when both fail for want of
    the video processor, the tokenizer, the PIL image processor and the chat template with the
    oracle's expansion (Processing.expansion says which, and why)."""
    import json

    import transformers
    from transformers import AutoImageProcessor, AutoProcessor, AutoTokenizer

    model_type = json.loads((pathlib.Path(model_dir) / "config.json").read_text())["model_type"]
    try:
        processor = AutoProcessor.from_pretrained(str(model_dir), backend="pil")
    except (AttributeError, ImportError) as err:
        if not _video_processor_failure(err):
            raise
        failures = [f"AutoProcessor.from_pretrained: {type(err).__name__}: {err}"]
        tokenizer = AutoTokenizer.from_pretrained(str(model_dir))
        image_processor = AutoImageProcessor.from_pretrained(str(model_dir), backend="pil")
        _check_pil(image_processor)
        if not tokenizer.chat_template:
            raise FileNotFoundError(f"{model_dir}: no chat template (chat_template.jinja)") from err
        cls = getattr(transformers, PROCESSOR_CLASSES[model_type])
        try:
            processor = cls(image_processor=image_processor, tokenizer=tokenizer,
                            video_processor=None, chat_template=tokenizer.chat_template)
        except (AttributeError, ImportError) as err2:
            if not _video_processor_failure(err2):
                raise
            failures.append(f"{cls.__name__}(image_processor, tokenizer, video_processor=None): "
                            f"{type(err2).__name__}: {err2}")
            return Processing(tokenizer, image_processor, tokenizer.chat_template, None, {
                "by": "oracle",
                "why": ("Transformers cannot build the processor class without torchvision (its "
                        "video processor); its image processor, tokenizer, chat template and "
                        "model are used, and the oracle expands the placeholders as the class "
                        "does"),
                "failures": failures,
                "rule": EXPANSION_RULE})
    _check_pil(processor.image_processor)
    return Processing(processor.tokenizer, processor.image_processor, processor.chat_template,
                      processor, {"by": type(processor).__name__})


def render(processing: Processing, messages: list[dict]) -> str:
    """The chat template rendered with the generation prompt (Transformers' renderer either way:
    the processor's apply_chat_template, else the tokenizer's with the same template)."""
    owner = processing.processor or processing.tokenizer
    return owner.apply_chat_template(messages, chat_template=processing.chat_template,
                                     add_generation_prompt=True, tokenize=False)


def check_placeholders(text: str, num_images: int, num_videos: int = 0) -> None:
    """ProcessorMixin.validate_inputs' placeholder counts, with its messages."""
    n_images = text.count(IMAGE_TOKEN)
    if num_images:
        if n_images != num_images:
            raise ValueError(
                f"The total number of {IMAGE_TOKEN} tokens in the prompts should be the same as "
                f"the number of images passed. Found total {n_images} {IMAGE_TOKEN} tokens and "
                f"{num_images} images.")
    elif n_images:
        raise ValueError(f"Found {n_images} {IMAGE_TOKEN} tokens in the text but no images were "
                         f"passed.")
    n_videos = text.count(VIDEO_TOKEN)
    if not num_videos and n_videos:
        raise ValueError(f"Found {n_videos} {VIDEO_TOKEN} tokens in the text but no videos were "
                         f"passed.")


def expand_placeholders(text: str, image_grid_thw, merge_size: int) -> str:
    """The i-th <|image_pad|> of `text` becomes t*h*w // merge_size**2 pads of image i."""
    grids = [tuple(int(x) for x in g) for g in image_grid_thw]
    parts = text.split(IMAGE_TOKEN)
    if len(parts) - 1 != len(grids):
        raise ValueError(f"{len(parts) - 1} {IMAGE_TOKEN} in the text for {len(grids)} grids")
    out = [parts[0]]
    for (t, h, w), rest in zip(grids, parts[1:]):
        out.append(IMAGE_TOKEN * (t * h * w // merge_size**2))
        out.append(rest)
    return "".join(out)


def mm_token_type_ids(input_ids: list[int], image_id: int, video_id: int) -> list[int]:
    return [1 if i == image_id else 2 if i == video_id else 0 for i in input_ids]


def prepare(processing: Processing, text: str, images: list, videos: list | None = None) -> dict:
    """Model inputs for one prompt (batch 1, torch tensors): input_ids, attention_mask,
    mm_token_type_ids, and pixel_values + image_grid_thw when there are images. Raises
    ValueError (as the processor does) on a placeholder count mismatch."""
    import torch

    if videos:
        raise VideoUnsupported("video input is not supported: the vlmxla oracle (and vlmxla) take "
                               "images only for Qwen2-VL / Qwen2.5-VL / Qwen3-VL")
    if processing.processor is not None:
        inputs = processing.processor(images=images or None, text=text, return_tensors="pt")
        return dict(inputs)
    check_placeholders(text, len(images))
    out = {}
    if images:
        vision = processing.image_processor(images, return_tensors="pt")
        out["pixel_values"] = vision["pixel_values"]
        out["image_grid_thw"] = vision["image_grid_thw"]
        text = expand_placeholders(text, vision["image_grid_thw"].tolist(), processing.merge_size)
    encoded = processing.tokenizer(text)
    ids = list(encoded["input_ids"])
    if ids.count(processing.token_id(IMAGE_TOKEN)) != text.count(IMAGE_TOKEN):
        raise ValueError("Mismatch in `image` token count between text and `input_ids`")
    types = mm_token_type_ids(ids, processing.token_id(IMAGE_TOKEN),
                              processing.token_id(VIDEO_TOKEN))
    out["input_ids"] = torch.tensor([ids], dtype=torch.int64)
    out["attention_mask"] = torch.tensor([list(encoded["attention_mask"])], dtype=torch.int64)
    out["mm_token_type_ids"] = torch.tensor([types], dtype=torch.int64)
    return out


def summary(processing: Processing) -> dict:
    """The manifest's `processing` block: what prepared the inputs, with which settings."""
    ip = processing.image_processor
    size = dict(ip.size) if ip.size is not None else {}
    return {
        "class": type(processing.processor).__name__ if processing.processor else None,
        "image_processor_class": type(ip).__name__,
        "tokenizer_class": type(processing.tokenizer).__name__,
        "expansion": processing.expansion,
        "min_pixels": size.get("shortest_edge"),
        "max_pixels": size.get("longest_edge"),
        "patch_size": int(ip.patch_size),
        "temporal_patch_size": int(ip.temporal_patch_size),
        "merge_size": int(ip.merge_size),
        "resample": int(ip.resample),
        "image_mean": [float(x) for x in ip.image_mean],
        "image_std": [float(x) for x in ip.image_std],
        "rescale_factor": float(ip.rescale_factor),
        "do_convert_rgb": bool(getattr(ip, "do_convert_rgb", False)),
        "image_token": IMAGE_TOKEN,
        "image_token_id": processing.token_id(IMAGE_TOKEN),
        "video_token_id": processing.token_id(VIDEO_TOKEN),
    }
