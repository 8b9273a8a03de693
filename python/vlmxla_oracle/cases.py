"""The standard case files for a model, chosen by its kind.

LLaVA: image_text, two_images, no_image, malformed_placeholder, context_overflow.
Qwen2-VL / Qwen2.5-VL: the same five (the malformed placeholder is a literal <|image_pad|> in the
user text) plus two_sizes: two non-square images at different resolutions in one prompt, so the
two images have different patch grids (and token counts) in one packed vision batch.
LLaVA-NeXT: LLaVA's five plus two_aspects: a wide strip and a portrait image in one prompt, so
the two images tile into different grids (1x3 and 2x2 views on the tiny fixture) and unpad to
different token counts.
Text-only (Llama/Qwen2): no_image, context_overflow, image_on_text_model (an image given to a
model that takes none must be refused with reason "images_unsupported").

Cases name their images relative to the cache directory ("images/scene.png"): a case, and the
oracle captures that record it, mean the same on any machine whose cache holds the same images.
"""

from __future__ import annotations

import hashlib
import json
import pathlib

from . import images as images_mod
from . import qwen
from .capture import build_messages, input_hashes, load_processor, model_kind, sha256_file
from .paths import cache_dir, relative_to_cache, resolve_image, write_atomic

PROMPT = "What is shown in this image? Describe the colours and the stripes."
QWEN_KINDS = qwen.MODEL_TYPES


def _family(kind: str):
    from . import families

    return families.by_kind(kind)


def kind_case_names(kind: str) -> tuple[str, ...]:
    """The standard case names of a model kind (capture.model_kind): its family's."""
    return _family(kind).CASE_NAMES


def generating_case_names(kind: str) -> tuple[str, ...]:
    """The cases of a model kind that decode (no expected error): its family's."""
    from . import families

    return families.by_kind(kind).GENERATING_CASE_NAMES


def case_names(model_dir: pathlib.Path) -> tuple[str, ...]:
    return kind_case_names(model_kind(model_dir))


def expanded_length(model_dir: pathlib.Path, case: dict) -> int:
    """How many positions the case needs after placeholder expansion (Transformers' own count)."""
    from transformers.image_utils import load_image

    if model_kind(model_dir) in QWEN_KINDS:
        processing = qwen.load_processing(model_dir)
        imgs = [load_image(str(resolve_image(p))) for p in case["images"]]
        rendered = qwen.render(processing, build_messages(case))
        return int(qwen.prepare(processing, rendered, imgs)["input_ids"].shape[1])
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
    imgs = [load_image(str(resolve_image(p))) for p in case["images"]] or None
    from . import families

    return int(processor(images=imgs, text=rendered, return_tensors="pt",
                         **families.call_kwargs(processor))["input_ids"].shape[1])


# Files of a model directory the count cannot depend on (the weights): left out of its key, so a
# real checkpoint's gigabytes are not hashed for it.
_WEIGHT_SUFFIXES = (".safetensors", ".bin")
# What else decides the count besides the model's other files, the case and its images.
_LENGTH_LIBRARIES = ("transformers", "tokenizers", "pillow")


def _length_key(model_dir: pathlib.Path, case: dict) -> str:
    """sha256 of everything Transformers' count of a case depends on: the model's files but its
    weights, the case and its images' bytes, the code that counts (this file and the oracle's
    capture code, capture._capture_sha256) and the libraries' versions."""
    from importlib import metadata

    from . import capture

    key = {
        "model": {p.name: sha256_file(p) for p in sorted(model_dir.iterdir())
                  if p.is_file() and not p.name.startswith(".")
                  and not p.name.endswith(_WEIGHT_SUFFIXES)},
        "case": case,
        "inputs": input_hashes(case),
        "code": [sha256_file(pathlib.Path(__file__)), capture._capture_sha256()],
        "versions": {lib: metadata.version(lib) for lib in _LENGTH_LIBRARIES},
    }
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()


def cached_expanded_length(model_dir: pathlib.Path, case: dict) -> int:
    """expanded_length, kept in $VLMXLA_CACHE/expanded-lengths by _length_key: every gate run and
    test writes the overflow case of each model, and counting it loads Transformers' processor,
    which a run whose captures are all current needs for nothing else."""
    path = cache_dir() / "expanded-lengths" / f"{_length_key(model_dir, case)}.json"
    try:
        return int(json.loads(path.read_text(encoding="utf-8"))["expanded_length"])
    except (OSError, ValueError, KeyError, TypeError):
        pass  # not counted yet (or an unreadable entry): count it, and keep the count
    needed = expanded_length(model_dir, case)
    write_atomic(path, json.dumps({"expanded_length": needed}) + "\n")  # gates run side by side
    return needed


def _overflow(model_dir: pathlib.Path, case: dict) -> dict:
    """One position short of what the prompt needs: the engine must refuse it."""
    needed = cached_expanded_length(pathlib.Path(model_dir), case)
    case["context_capacity"] = needed - 1
    case["expanded_length"] = needed
    case["expect_error"] = True
    return case


# Greedy tokens per case: enough that a narrow-dtype run proves more than a lucky prefix (the
# gate requires them exact in float32, bfloat16 and float16).
MAX_NEW_TOKENS = 16


def _case(name: str, prompt: str, images: list[str], system: str | None = None, **extra) -> dict:
    return {"name": name, "system": system, "prompt": prompt, "images": images,
            "max_new_tokens": MAX_NEW_TOKENS, **extra}


def base_cases(kind: str, scene: str, second: str, wide: str | None = None) -> list[dict]:
    """The standard cases of a model kind ("llava", "text", "qwen2_vl", "qwen2_5_vl") before the
    context-overflow case (which needs the model to count its prompt): the conversations
    fixtures.py also teaches the fixtures to answer. `wide` (images.wide_pixels) is the Qwen
    kinds' second resolution and LLaVA-NeXT's second aspect ratio."""
    if kind in QWEN_KINDS:
        if wide is None:
            raise ValueError(f"the {kind} cases need the wide image")
        return [*_image_cases(scene, second, qwen.IMAGE_TOKEN),
                _case("two_sizes", "Describe both pictures: the strip first, then the scene.",
                      [wide, scene])]
    if kind == "text":
        return [
            _case("no_image", "Tell me about red boats on a lake.", []),
            _case("image_on_text_model", PROMPT, [scene], expect_error=True),
        ]
    if "two_aspects" in kind_case_names(kind):  # LLaVA-NeXT, -OneVision, Gemma 3
        if wide is None:
            raise ValueError(f"the {kind} cases need the wide image")
        placeholder = getattr(_family(kind), "IMAGE_PLACEHOLDER", "<image>")
        return [*_image_cases(scene, second, placeholder),
                _case("two_aspects", "Describe both pictures: the strip first, then the other.",
                      [wide, second])]
    return _image_cases(scene, second, "<image>")


def _image_cases(scene: str, second: str, placeholder: str) -> list[dict]:
    """A multimodal model's four standard cases; the malformed one writes the model's image
    placeholder literally into the user's text (two placeholders for one image)."""
    return [
        _case("image_text", PROMPT, [scene]),
        _case("two_images", "Compare the two images.", [scene, second],
              system="You are a careful visual assistant."),
        _case("no_image", "Tell me about red boats on a lake.", []),
        _case("malformed_placeholder", f"Look at {placeholder} and describe it.", [scene],
              expect_error=True),
    ]


def _overflow_case(kind: str, scene: str) -> dict:
    if kind == "text":
        return _case("context_overflow", "Describe the colours and the stripes of a zebra crossing.",
                     [], system="You are a careful assistant.")
    return _case("context_overflow", PROMPT, [scene])


def generating_cases(kind: str, scene: str, second: str, wide: str | None = None) -> list[dict]:
    """The cases whose greedy answer the gate compares (no expected error)."""
    return [c for c in base_cases(kind, scene, second, wide) if not c.get("expect_error")]


def standard_cases(
    model_dir: pathlib.Path, image_dir: pathlib.Path | None = None
) -> list[dict]:
    imgs = images_mod.write_images(image_dir)
    scene, second, wide = (relative_to_cache(imgs[n]) for n in ("scene.png", "second.png",
                                                                 "wide.png"))
    kind = model_kind(model_dir)
    cases = base_cases(kind, scene, second, wide)
    overflow = _overflow(model_dir, _overflow_case(kind, scene))
    # Historical order: text models list the overflow before image_on_text_model.
    cases.insert(1 if kind == "text" else len(cases), overflow)
    return cases


def write_cases(
    model_dir: pathlib.Path, out_dir: pathlib.Path
) -> dict[str, pathlib.Path]:
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = {}
    for case in standard_cases(model_dir):
        path = out_dir / f"{case['name']}.json"
        # Rewritten in place, a case file could be read half-written by a vlmxla process that
        # another test worker or gate started on the same cache.
        write_atomic(path, json.dumps(case, indent=2, ensure_ascii=False) + "\n")
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
