"""What each request of a Qwen2-VL / Qwen2.5-VL shape will be, before any system runs: the prompt
length with each image and without one, and each image's patch grid (Transformers' image processor
and tokenizer, as qwen.py prepares them for the oracle). The driver sizes each `vlmxla bench` run's
context from it, checks every system saw these lengths, and counts each image's vision flops from
its grid. Run in a child process (`python -m vlmxla_bench.prompts MODEL_DIR PROMPT LABEL=IMAGE...`,
JSON on stdout) so the driver never imports torch."""

from __future__ import annotations

import json
import pathlib
import sys


def measure(model_dir: pathlib.Path, prompt: str, images: list[tuple[str, pathlib.Path]]) -> dict:
    from PIL import Image
    from vlmxla_oracle import qwen

    from .transformers_side import _messages

    processing = qwen.load_processing(model_dir)

    def prepared(image) -> dict:
        text = qwen.render(processing, _messages(prompt, image is not None))
        return qwen.prepare(processing, text, [image] if image is not None else [])

    out = {"text_tokens": int(prepared(None)["input_ids"].shape[1]), "images": {}}
    for label, path in images:
        with Image.open(path) as im:
            image = im.convert("RGB")
        inputs = prepared(image)
        grid = [int(x) for x in inputs["image_grid_thw"][0]]
        out["images"][label] = {"image": str(path), "image_size": list(image.size),
                                "prompt_tokens": int(inputs["input_ids"].shape[1]),
                                "grid_thw": grid, "patches": grid[0] * grid[1] * grid[2],
                                "image_tokens": grid[0] * grid[1] * grid[2]
                                // processing.merge_size ** 2}
    return out


if __name__ == "__main__":
    from .transformers_side import _images_arg

    print(json.dumps(measure(pathlib.Path(sys.argv[1]), sys.argv[2],
                             _images_arg(",".join(sys.argv[3:]))), indent=2))
