"""The standard case files for a model, chosen by its kind.

LLaVA: image_text, two_images, no_image, malformed_placeholder, context_overflow.
Text-only (Llama/Qwen2): no_image, context_overflow, image_on_text_model (an image given to a
model that takes none must be refused with reason "images_unsupported").
"""

from __future__ import annotations

import json
import pathlib

from . import images as images_mod

PROMPT = "What is shown in this image? Describe the colours and the stripes."
CASE_NAMES = (
    "image_text",
    "two_images",
    "no_image",
    "malformed_placeholder",
    "context_overflow",
)
TEXT_CASE_NAMES = ("no_image", "context_overflow", "image_on_text_model")


def case_names(model_dir: pathlib.Path) -> tuple[str, ...]:
    from .capture import model_kind

    return TEXT_CASE_NAMES if model_kind(model_dir) == "text" else CASE_NAMES


def expanded_length(model_dir: pathlib.Path, case: dict) -> int:
    """How many positions the case needs after placeholder expansion (Transformers' own count)."""
    from transformers.image_utils import load_image

    from .capture import build_messages, load_processor, model_kind

    if model_kind(model_dir) == "text":
        from transformers import AutoTokenizer

        tokenizer = AutoTokenizer.from_pretrained(str(model_dir))
        ids = tokenizer.apply_chat_template(
            build_messages(case), add_generation_prompt=True, tokenize=True, return_dict=True
        )["input_ids"]
        return len(ids)
    processor = load_processor(model_dir)
    rendered = processor.apply_chat_template(
        build_messages(case), add_generation_prompt=True, tokenize=False
    )
    imgs = [load_image(p) for p in case["images"]] or None
    return int(
        processor(images=imgs, text=rendered, return_tensors="pt")["input_ids"].shape[1]
    )


def _overflow(model_dir: pathlib.Path, case: dict) -> dict:
    """One position short of what the prompt needs: the engine must refuse it."""
    needed = expanded_length(pathlib.Path(model_dir), case)
    case["context_capacity"] = needed - 1
    case["expanded_length"] = needed
    case["expect_error"] = True
    return case


def text_cases(model_dir: pathlib.Path, scene: str) -> list[dict]:
    return [
        {
            "name": "no_image",
            "system": None,
            "prompt": "Tell me about red boats on a lake.",
            "images": [],
            "max_new_tokens": 8,
        },
        _overflow(model_dir, {
            "name": "context_overflow",
            "system": "You are a careful assistant.",
            "prompt": "Describe the colours and the stripes of a zebra crossing.",
            "images": [],
            "max_new_tokens": 8,
        }),
        {
            "name": "image_on_text_model",
            "system": None,
            "prompt": PROMPT,
            "images": [scene],
            "max_new_tokens": 8,
            "expect_error": True,
        },
    ]


def standard_cases(
    model_dir: pathlib.Path, image_dir: pathlib.Path | None = None
) -> list[dict]:
    from .capture import model_kind

    imgs = images_mod.write_images(image_dir)
    scene, second = str(imgs["scene.png"]), str(imgs["second.png"])
    if model_kind(model_dir) == "text":
        return text_cases(model_dir, scene)
    cases = [
        {
            "name": "image_text",
            "system": None,
            "prompt": PROMPT,
            "images": [scene],
            "max_new_tokens": 8,
        },
        {
            "name": "two_images",
            "system": "You are a careful visual assistant.",
            "prompt": "Compare the two images.",
            "images": [scene, second],
            "max_new_tokens": 8,
        },
        {
            "name": "no_image",
            "system": None,
            "prompt": "Tell me about red boats on a lake.",
            "images": [],
            "max_new_tokens": 8,
        },
        {
            "name": "malformed_placeholder",
            "system": None,
            "prompt": "Look at <image> and describe it.",
            "images": [scene],
            "max_new_tokens": 8,
            "expect_error": True,
        },
    ]
    cases.append(_overflow(model_dir, {
        "name": "context_overflow",
        "system": None,
        "prompt": PROMPT,
        "images": [scene],
        "max_new_tokens": 8,
    }))
    return cases


def write_cases(
    model_dir: pathlib.Path, out_dir: pathlib.Path
) -> dict[str, pathlib.Path]:
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = {}
    for case in standard_cases(model_dir):
        path = out_dir / f"{case['name']}.json"
        path.write_text(
            json.dumps(case, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        written[case["name"]] = path
    return written


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m vlmxla_oracle cases")
    parser.add_argument("--model", type=pathlib.Path, required=True)
    parser.add_argument("--out", type=pathlib.Path, required=True)
    args = parser.parse_args(argv)
    for name, path in write_cases(args.model, args.out).items():
        print(f"{name}: {path}")
    return 0
