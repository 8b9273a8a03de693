"""vlmxla's image decoding and CLIP/SigLIP preprocessing against PIL + Transformers (bit-exact)."""

from __future__ import annotations

import io
import json
import pathlib
import struct
import subprocess
import zlib

import numpy as np
import pytest
from PIL import Image
from safetensors.numpy import load_file
from transformers import CLIPImageProcessorPil, SiglipImageProcessorPil
from transformers.image_utils import load_image


def _texture(w: int, h: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    img = np.stack(
        [
            255 * x / max(w - 1, 1),
            255 * y / max(h - 1, 1),
            127.5 + 127.5 * np.sin(0.3 * (x + 2 * y)),
        ],
        axis=-1,
    )
    img += rng.normal(0, 25, size=img.shape)
    return np.clip(np.rint(img), 0, 255).astype(np.uint8)


def _exif(orientation: int) -> bytes:
    exif = Image.Exif()
    exif[0x0112] = orientation
    return exif.tobytes()


def _raw_png(arr: np.ndarray, interlace: bool) -> bytes:
    """A PNG written by hand: PIL writes neither Adam7-interlaced nor 48/64-bit colour PNGs."""
    h, w = arr.shape[:2]
    channels = 1 if arr.ndim == 2 else arr.shape[2]
    depth = 16 if arr.dtype == np.uint16 else 8
    color = {1: 0, 2: 4, 3: 2, 4: 6}[channels]
    data = arr.astype(">u2" if depth == 16 else np.uint8).reshape(h, w, channels)
    passes = (
        [
            (0, 0, 8, 8),
            (4, 0, 8, 8),
            (0, 4, 4, 8),
            (2, 0, 4, 4),
            (0, 2, 2, 4),
            (1, 0, 2, 2),
            (0, 1, 1, 2),
        ]
        if interlace
        else [(0, 0, 1, 1)]
    )
    raw = b""
    for xs, ys, dx, dy in passes:
        sub = data[ys::dy, xs::dx]
        if sub.shape[0] == 0 or sub.shape[1] == 0:
            continue
        for row in sub:
            raw += b"\0" + row.tobytes()

    def chunk(tag: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + tag
            + body
            + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF)
        )

    ihdr = struct.pack(">IIBBBBB", w, h, depth, color, 0, 0, 1 if interlace else 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def _write_images(d: pathlib.Path) -> list[pathlib.Path]:
    out = []

    def save(name, im, **kw):
        p = d / name
        im.save(p, **kw)
        out.append(p)

    rgb = Image.fromarray(_texture(97, 61, 1))
    save("rgb.png", rgb)
    save("tiny.png", Image.fromarray(_texture(1, 1, 2)))
    save("row.png", Image.fromarray(_texture(13, 1, 3)))
    save("big.png", Image.fromarray(_texture(1000, 700, 4)))
    rgba = Image.fromarray(np.dstack([_texture(45, 77, 5), _texture(45, 77, 6)[..., 0]]))
    save("rgba.png", rgba)
    save("l.png", rgb.convert("L"))
    save("la.png", rgba.convert("LA"))
    save("p.png", rgb.convert("P", palette=Image.Palette.ADAPTIVE, colors=37))
    p_t = rgb.convert("P", palette=Image.Palette.ADAPTIVE, colors=16)
    save("p_trns.png", p_t, transparency=3)
    # Colour keys that occur in the image: Transformers' convert_to_rgb turns those pixels white.
    save("rgb_trns.png", rgb, transparency=rgb.getpixel((5, 5)))
    save("l_trns.png", rgb.convert("L"), transparency=rgb.convert("L").getpixel((3, 3)))
    save("l1.png", rgb.convert("1"))
    g16 = (_texture(33, 29, 7)[..., 0].astype(np.uint16) * 257 // 3).astype(np.uint16)
    save("i16.png", Image.fromarray(g16))

    def raw(name, arr, interlace):
        p = d / name
        p.write_bytes(_raw_png(arr, interlace))
        out.append(p)

    tex = _texture(29, 19, 11)
    raw("interlaced_rgb.png", tex, True)
    raw("interlaced_1x1.png", tex[:1, :1], True)
    raw("interlaced_rgba.png", np.dstack([tex, tex[..., 0]]), True)
    wide = tex.astype(np.uint16) * 257 + 3
    raw("rgb48.png", wide, False)
    raw("rgba64_interlaced.png", np.dstack([wide, wide[..., 1]]), True)
    raw("la16.png", np.dstack([wide[..., 0], wide[..., 2]]), False)
    for q in (50, 90, 100):
        for sub in (0, 1, 2):
            save(f"q{q}_s{sub}.jpg", rgb, quality=q, subsampling=sub)
    save("odd.jpg", Image.fromarray(_texture(333, 221, 9)), quality=85)
    save("prog.jpg", Image.fromarray(_texture(123, 87, 10)), quality=80, progressive=True)
    save("gray.jpg", rgb.convert("L"), quality=90)
    save("cmyk.jpg", rgb.convert("CMYK"), quality=90)
    for o in range(1, 9):
        save(f"exif{o}.jpg", Image.fromarray(_texture(37, 23, 20 + o)), quality=90, exif=_exif(o))
    save("exif6.png", Image.fromarray(_texture(37, 23, 30)), exif=_exif(6))
    save("lossy.webp", rgb, quality=80)
    save("lossless.webp", rgb, lossless=True)
    save("alpha.webp", rgba, quality=70)
    save("alpha_lossless.webp", rgba, lossless=True)
    save("exif8.webp", Image.fromarray(_texture(37, 23, 31)), quality=90, exif=_exif(8))
    frames = [Image.fromarray(_texture(40, 30, 40 + i)) for i in range(3)]
    save("anim.webp", frames[0], save_all=True, append_images=frames[1:], duration=50)
    return out


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> list[pathlib.Path]:
    return _write_images(tmp_path_factory.mktemp("images"))


def _run(vlmxla_bin, config: dict, paths, tmp: pathlib.Path) -> dict:
    cfg = tmp / "preprocessor_config.json"
    cfg.write_text(json.dumps(config))
    out = tmp / "out.safetensors"
    cmd = [str(vlmxla_bin), "preprocess-image", "--config", str(cfg), "--output", str(out)]
    for p in paths:
        cmd += ["--image", str(p)]
    r = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return load_file(str(out))


CLIP_SMALL = {
    "image_processor_type": "CLIPImageProcessor",
    "size": {"shortest_edge": 34},
    "crop_size": {"height": 30, "width": 30},
}
CLIP_REAL = {
    "image_processor_type": "CLIPImageProcessor",
    "size": {"shortest_edge": 336},
    "crop_size": {"height": 336, "width": 336},
}
SIGLIP_SMALL = {"image_processor_type": "SiglipImageProcessor", "size": {"height": 32, "width": 32}}
SIGLIP_REAL = {
    "image_processor_type": "SiglipImageProcessor",
    "size": {"height": 384, "width": 384},
}


def _reference(config: dict, pil_images) -> np.ndarray:
    kwargs = {k: v for k, v in config.items() if k != "image_processor_type"}
    cls = (
        CLIPImageProcessorPil
        if config["image_processor_type"].startswith("CLIP")
        else SiglipImageProcessorPil
    )
    return cls(**kwargs)(pil_images, return_tensors="np")["pixel_values"]


def test_decode_bit_exact(vlmxla_bin, images, tmp_path):
    got = _run(vlmxla_bin, SIGLIP_SMALL, images, tmp_path)
    mismatches = []
    for i, p in enumerate(images):
        ref = np.asarray(load_image(str(p)))
        mine = got[f"decoded.{i}"]
        if mine.shape != ref.shape or not np.array_equal(mine, ref):
            diff = (
                np.abs(mine.astype(int) - ref.astype(int)).max()
                if mine.shape == ref.shape
                else "shape"
            )
            mismatches.append(f"{p.name}: {mine.shape} vs {ref.shape} maxdiff {diff}")
    print(f"decoded {len(images)} images, mismatches: {mismatches}")
    assert not mismatches


@pytest.mark.parametrize(
    "config",
    [CLIP_SMALL, CLIP_REAL, SIGLIP_SMALL, SIGLIP_REAL],
    ids=["clip34", "clip336", "siglip32", "siglip384"],
)
def test_pixel_values_match_transformers(vlmxla_bin, images, tmp_path, config):
    got = _run(vlmxla_bin, config, images, tmp_path)["pixel_values"]
    ref = _reference(config, [load_image(str(p)) for p in images])
    assert got.shape == ref.shape and got.dtype == np.float32
    max_diff = float(np.abs(got - ref).max())
    print(f"{config['image_processor_type']} {config['size']}: max |diff| = {max_diff}")
    assert max_diff <= 1e-6


@pytest.mark.parametrize(
    "size",
    [(1, 1), (7, 1000), (1000, 7), (2, 3), (500, 499), (2000, 5), (30, 80), (30, 79), (32, 32)],
)
def test_resize_bit_exact_via_siglip(vlmxla_bin, tmp_path, size):
    """Fixed-size resize without normalisation equals PIL's BICUBIC resize exactly."""
    # Tall and wide sources exercise both pass orders Pillow 13 chooses between.
    srcs = [(1000, 7), (7, 1000), (31, 17), (3, 3), (640, 480), (45, 77), (40, 100)]
    paths = []
    for i, (w, h) in enumerate(srcs):
        p = tmp_path / f"src{i}.png"
        Image.fromarray(_texture(w, h, 100 + i)).save(p)
        paths.append(p)
    for resample in (3, 2, 0):
        cfg = {
            "image_processor_type": "SiglipImageProcessor",
            "size": {"height": size[1], "width": size[0]},
            "do_rescale": False,
            "do_normalize": False,
            "resample": resample,
        }
        got = _run(vlmxla_bin, cfg, paths, tmp_path)["pixel_values"]
        for i, p in enumerate(paths):
            ref = np.asarray(Image.open(p).convert("RGB").resize(size, resample))
            assert np.array_equal(got[i].transpose(1, 2, 0), ref.astype(np.float32)), (
                f"{srcs[i]} -> {size} resample {resample}"
            )


def test_resize_random_pairs_bit_exact(vlmxla_bin, tmp_path):
    """Seeded random (source, target) sizes, up and down, both pass orders, bicubic."""
    rng = np.random.default_rng(1234)
    srcs = [(int(rng.integers(1, 300)), int(rng.integers(1, 300))) for _ in range(8)]
    paths = []
    for i, (w, h) in enumerate(srcs):
        p = tmp_path / f"r{i}.png"
        Image.fromarray(_texture(w, h, 200 + i)).save(p)
        paths.append(p)
    for _ in range(10):
        size = (int(rng.integers(1, 400)), int(rng.integers(1, 400)))
        cfg = {
            "image_processor_type": "SiglipImageProcessor",
            "size": {"height": size[1], "width": size[0]},
            "do_rescale": False,
            "do_normalize": False,
        }
        got = _run(vlmxla_bin, cfg, paths, tmp_path)["pixel_values"]
        for i, p in enumerate(paths):
            ref = np.asarray(Image.open(p).convert("RGB").resize(size, 3))
            assert np.array_equal(got[i].transpose(1, 2, 0), ref.astype(np.float32)), (
                f"{srcs[i]} -> {size}"
            )


@pytest.mark.parametrize("kind", ["png", "jpg", "webp"])
def test_truncated_and_garbage_fail_cleanly(vlmxla_bin, tmp_path, kind):
    im = Image.fromarray(_texture(64, 48, 3))
    buf = io.BytesIO()
    im.save(buf, format={"jpg": "JPEG"}.get(kind, kind.upper()))
    data = buf.getvalue()
    bad = tmp_path / f"trunc.{kind}"
    bad.write_bytes(data[: len(data) * 2 // 3])
    cfg = tmp_path / "c.json"
    cfg.write_text(json.dumps(SIGLIP_SMALL))
    r = _preprocess(vlmxla_bin, cfg, bad, tmp_path / "o.safetensors")
    assert r.returncode == 1, r.stderr
    assert str(bad) in r.stderr and "DATA_LOSS" in r.stderr, r.stderr
    garbage = tmp_path / "garbage.png"
    garbage.write_bytes(np.random.default_rng(0).integers(0, 256, 500, dtype=np.uint8).tobytes())
    r = _preprocess(vlmxla_bin, cfg, garbage, tmp_path / "o.safetensors")
    assert r.returncode == 1 and "unknown image format" in r.stderr, r.stderr


def _preprocess(vlmxla_bin, cfg, image, out) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(vlmxla_bin), "preprocess-image", "--config", str(cfg), "--image", str(image),
         "--output", str(out)],
        check=False, capture_output=True, text=True, timeout=60)
