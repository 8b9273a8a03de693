"""Deterministic, textured, non-square test images generated with numpy + PIL."""

from __future__ import annotations

import io
import pathlib

import numpy as np
from PIL import Image

from . import paths

IMAGE_NAMES = (
    "scene.png",
    "scene.jpg",
    "scene_rgba.png",
    "scene_gray.png",
    "second.png",
    "wide.png",
)


def _texture(width: int, height: int, seed: int, freq: float) -> np.ndarray:
    """RGB uint8: per-channel gradients + diagonal stripes + a circle + seeded noise."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    r = 255 * x / (width - 1)
    g = 255 * y / (height - 1)
    b = 127.5 + 127.5 * np.sin(freq * (x + 2 * y))
    cx, cy = width * 0.6, height * 0.4
    inside = (x - cx) ** 2 + (y - cy) ** 2 < (min(width, height) * 0.2) ** 2
    img = np.stack([r, g, b], axis=-1)
    img[inside] = 255 - img[inside]
    img += rng.normal(0.0, 18.0, size=img.shape)
    return np.clip(np.rint(img), 0, 255).astype(np.uint8)


def scene_pixels() -> np.ndarray:
    return _texture(317, 229, seed=20240616, freq=0.21)


def second_pixels() -> np.ndarray:
    # Different size and orientation (portrait), different stripes and noise.
    return _texture(203, 271, seed=7, freq=0.47)[:, ::-1, [2, 0, 1]].copy()


def wide_pixels() -> np.ndarray:
    # A small landscape strip (120x40) for the Qwen cases' two_sizes: well below the Qwen fixtures'
    # max_pixels, so smart_resize only rounds it, and both sides sit on a half (40/16 = 2.5,
    # 120/16 = 7.5): Python's round-half-to-even makes it 32x128, not 48x128.
    return _texture(120, 40, seed=1301, freq=0.33)[::-1, :, [1, 2, 0]].copy()


def write_images(out_dir: pathlib.Path | None = None) -> dict[str, pathlib.Path]:
    out = pathlib.Path(out_dir or paths.images_dir())
    out.mkdir(parents=True, exist_ok=True)
    scene = Image.fromarray(scene_pixels(), mode="RGB")
    written = {}

    def save(name: str, image: Image.Image, **kwargs) -> None:
        # Encoded in memory and replaced atomically, and only when the bytes differ: a reader
        # (a vlmxla process, another test session on the same cache) never sees a half file.
        path = out / name
        buf = io.BytesIO()
        image.save(buf, **kwargs)
        paths.write_atomic(path, buf.getvalue())
        written[name] = path

    # optimize=False and no metadata keep the encoder output byte-stable.
    save("scene.png", scene, format="PNG", optimize=False)
    save("scene.jpg", scene, format="JPEG", quality=90, subsampling=2, optimize=False)
    h, w = scene.height, scene.width
    yy, xx = np.mgrid[0:h, 0:w]
    alpha = np.clip(40 + 215 * (xx / (w - 1)) * (0.5 + 0.5 * np.cos(yy / 9.0)), 0, 255)
    rgba = np.concatenate([scene_pixels(), alpha.astype(np.uint8)[..., None]], axis=-1)
    save(
        "scene_rgba.png",
        Image.fromarray(rgba, mode="RGBA"),
        format="PNG",
        optimize=False,
    )
    save("scene_gray.png", scene.convert("L"), format="PNG", optimize=False)
    save(
        "second.png",
        Image.fromarray(second_pixels(), mode="RGB"),
        format="PNG",
        optimize=False,
    )
    save("wide.png", Image.fromarray(wide_pixels(), mode="RGB"), format="PNG", optimize=False)
    return written


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m vlmxla_oracle images")
    parser.add_argument(
        "--out", type=pathlib.Path, help="output dir (default: cache images dir)"
    )
    args = parser.parse_args(argv)
    for name, path in write_images(args.out).items():
        print(f"{name}: {path}")
    return 0
