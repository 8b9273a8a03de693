"""The benchmark shapes `python -m vlmxla_bench --shape NAME` runs: which checkpoint spec, which
tiny fixture rehearses it (--quick), which images, and the defaults that differ between them.

llava-interleave-qwen-0.5b (the default, unchanged): one 317x229 image (SigLIP resizes it to 384,
729 tokens), context 768, float32 / bfloat16 / float16 rows.

qwen2-vl-2b: Qwen/Qwen2-VL-2B-Instruct's published dimensions (fixture_configs/
bench-qwen2-vl-2b.json), two images generated here, a 448x448 one (smart_resize keeps it: a 32x32
patch grid, 256 image tokens) and a 1280x720 one (resized to 1288x728: 52x92 patches, 1196 image
tokens), float32 and bfloat16 rows. `vlmxla bench` takes one image, so each vlmxla row runs it once
per image (the first run also measures text-only TTFT and decode; the others the image request
alone), and each run's context capacity is its prompt's length rounded up (`context_for`), so no
run pads its prefill far beyond its prompt.

llava-onevision-qwen2-0.5b: llava-hf/llava-onevision-qwen2-0.5b-ov-hf's published dimensions
(fixture_configs/bench-llava-onevision-qwen2-0.5b.json: SigLIP so400m/14 at 384 read in full, 26
layers; Qwen2-0.5B; its 36 image_grid_pinpoints and anyres_max_9), the same 1280x720 image: anyres
picks the 768x1536 grid, so the tower sees 2x4 tiles plus the base view (9 x 729 patches), and the
unpadded tile features (54x96, under anyres_max_9's budget: no downscale) with a newline per row
plus the base view make 5967 image tokens. Context per run from the prompt, as for Qwen2-VL;
float32 and bfloat16 rows.

qwen3-vl-2b: Qwen/Qwen3-VL-2B-Instruct's published dimensions (fixture_configs/
bench-qwen3-vl-2b.json: a 24-block, 1024-wide tower with 16-pixel patches, DeepStack features from
blocks 5, 11 and 17 added to the decoder's first three layers; a Qwen3-1.7B-shaped decoder), the
same two images as qwen2-vl-2b: smart_resize (factor 32) keeps 448x448 (28x28 patches, 196 image
tokens) and takes 1280x720 to 1280x704 (44x80 patches, 880 image tokens). Context per run from the
prompt; float32 and bfloat16 rows.

gemma-3-4b: google/gemma-3-4b-it's published dimensions (fixture_configs/bench-gemma-3-4b.json:
SigLIP so400m/14 at 896, 4096 patches pooled to 256 soft tokens; a 34-layer decoder with sliding
window 1024 on five layers of six), the 1280x720 image resized to 896x896 (pan-and-scan off, as
published): 256 image tokens. bfloat16 rows only, Transformers' included: the spec is built in
bfloat16 alone (its float32 checkpoint is ~17 GB, which the 24 GiB machines cannot build, let
alone run beside Transformers; checkpoint.py). Context per run from the prompt.
"""

from __future__ import annotations

import dataclasses
import io
import pathlib

from vlmxla_oracle import images, paths


@dataclasses.dataclass(frozen=True)
class BenchImage:
    label: str  # the results' key for this image's figures ("448x448")
    file: str  # file name under the bench image directory (or the oracle's images)
    width: int
    height: int
    seed: int  # of images._texture (unused for SCENE, the oracle's own scene.png)
    freq: float


@dataclasses.dataclass(frozen=True)
class Shape:
    name: str
    model: str  # fixture_configs/<model>.json
    quick_model: str  # the tiny fixture rehearsing the pipeline
    images: tuple[BenchImage, ...]  # the first is the primary one (the summary's image figures)
    dtypes: str  # default --dtypes
    context: int | None  # fixed context capacity, or None: per run, from its prompt
    timeout: float  # seconds one system (one run) may take by default
    family: str  # the checkpoint's model_type: "llava", "qwen2_vl", "llava_onevision"
    tag: str  # the results' file name: <date>-<machine>[-<tag>].json
    interleave: bool = False  # run the rows dtype by dtype (Transformers, then vlmxla)
    transformers_dtypes: str = "float32,bfloat16"  # default --transformers-dtypes


SCENE = BenchImage("scene", "scene.png", 317, 229, 0, 0.0)  # the oracle's images.scene_pixels()
WIDE = BenchImage("1280x720", "bench-1280x720.png", 1280, 720, 720, 0.07)
SQUARE = BenchImage("448x448", "bench-448x448.png", 448, 448, 448, 0.19)

SHAPES = {
    "llava-interleave-qwen-0.5b": Shape(
        name="llava-interleave-qwen-0.5b", model="bench-llava-interleave-qwen-0.5b",
        quick_model="tiny-llava-siglip-qwen2", images=(SCENE,),
        dtypes="float32,bfloat16,float16", context=768, timeout=1800, family="llava",
        tag=""),
    "qwen2-vl-2b": Shape(
        name="qwen2-vl-2b", model="bench-qwen2-vl-2b", quick_model="tiny-qwen2-vl",
        images=(SQUARE, WIDE), dtypes="float32,bfloat16", context=None, timeout=7200,
        family="qwen2_vl", tag="qwen2-vl-2b"),
    "llava-onevision-qwen2-0.5b": Shape(
        name="llava-onevision-qwen2-0.5b", model="bench-llava-onevision-qwen2-0.5b",
        quick_model="tiny-llava-onevision", images=(WIDE,), dtypes="float32,bfloat16",
        context=None, timeout=3600, family="llava_onevision", tag="onevision",
        interleave=True),
    "qwen3-vl-2b": Shape(
        name="qwen3-vl-2b", model="bench-qwen3-vl-2b", quick_model="tiny-qwen3-vl",
        images=(SQUARE, WIDE), dtypes="float32,bfloat16", context=None, timeout=7200,
        family="qwen3_vl", tag="qwen3-vl-2b"),
    "gemma-3-4b": Shape(
        name="gemma-3-4b", model="bench-gemma-3-4b", quick_model="tiny-gemma3", images=(WIDE,),
        dtypes="bfloat16", context=None, timeout=7200, family="gemma3", tag="gemma-3-4b",
        transformers_dtypes="bfloat16"),
}
DEFAULT_SHAPE = "llava-interleave-qwen-0.5b"
# The context of a run whose capacity follows its prompt: the prompt (and the text-only decode
# requests: their prompt + the decoded tokens) rounded up to this.
CONTEXT_ROUND = 64


def context_for(prompt_tokens: int, text_tokens: int = 0, decode_tokens: int = 0) -> int:
    """The smallest multiple of CONTEXT_ROUND holding the image prompt and, when this run
    decodes, the text prompt plus the decoded tokens (+2: `vlmxla bench` decodes two more)."""
    need = max(prompt_tokens, text_tokens + decode_tokens + 2 if decode_tokens else 0)
    return -(-need // CONTEXT_ROUND) * CONTEXT_ROUND


def image_dir() -> pathlib.Path:
    return paths.cache_dir() / "bench" / "images"


def write_image(image: BenchImage) -> pathlib.Path:
    """The image's PNG (deterministic: seeded texture, no metadata), written once into the bench
    cache; the LLaVA shape's scene is the oracle's own scene.png."""
    if image is SCENE:
        return images.write_images()["scene.png"]
    from PIL import Image

    path = image_dir() / image.file
    buf = io.BytesIO()
    Image.fromarray(images._texture(image.width, image.height, image.seed, image.freq),
                    mode="RGB").save(buf, format="PNG", optimize=False)
    paths.write_atomic(path, buf.getvalue())  # replaced whole: no reader sees half
    return path
