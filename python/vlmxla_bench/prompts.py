"""What each request of a shape whose prompt length depends on its image (Qwen2-VL / Qwen2.5-VL,
LLaVA-OneVision) will be, before any system runs: the prompt length with each image and without
one, each image's image-token count, and what the vision tower sees (Qwen: the patch grid; anyres:
the views, each of the tower's fixed patch count), as Transformers prepares them for the oracle
(transformers_side.preparation). The driver sizes each `vlmxla bench` run's context from it, checks
every system saw these lengths, and counts each image's vision flops from its patches. Run in a
child process (`python -m vlmxla_bench.prompts MODEL_DIR PROMPT LABEL=IMAGE...`, JSON on stdout)
so the driver never imports torch."""

from __future__ import annotations

import json
import pathlib
import sys


def _vision_input(inputs: dict, config: dict) -> dict:
    """What the tower sees: Qwen's t*h*w patch grid, or (anyres) the views of pixel_values
    [1, views, 3, H, W] at the tower's fixed (image_size / patch_size)^2 patches each."""
    if "image_grid_thw" in inputs:
        grid = [int(x) for x in inputs["image_grid_thw"][0]]
        return {"grid_thw": grid, "patches": grid[0] * grid[1] * grid[2]}
    v = config["vision_config"]
    views = int(inputs["pixel_values"].shape[1]) if inputs["pixel_values"].dim() == 5 else 1
    return {"views": views, "patches": views * (v["image_size"] // v["patch_size"]) ** 2}


def measure(model_dir: pathlib.Path, prompt: str, images: list[tuple[str, pathlib.Path]]) -> dict:
    from PIL import Image

    from .transformers_side import image_token_id, preparation

    config = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    _, prepared = preparation(model_dir)
    image_token = image_token_id(model_dir)
    out = {"text_tokens": int(prepared(prompt, None)["input_ids"].shape[1]), "images": {}}
    for label, path in images:
        with Image.open(path) as im:
            image = im.convert("RGB")
        inputs = prepared(prompt, image)
        out["images"][label] = {"image": str(path), "image_size": list(image.size),
                                "prompt_tokens": int(inputs["input_ids"].shape[1]),
                                **_vision_input(inputs, config),
                                "image_tokens": int((inputs["input_ids"] == image_token).sum())}
    return out


if __name__ == "__main__":
    from .transformers_side import _images_arg

    print(json.dumps(measure(pathlib.Path(sys.argv[1]), sys.argv[2],
                             _images_arg(",".join(sys.argv[3:]))), indent=2))
