"""Bad input through `vlmxla prepare`: each is a clear error (exit 1, a message naming the input
and the limit), never a crash, and enormous images are refused before any allocation."""

from __future__ import annotations

import io
import json
import resource
import struct
import subprocess
import zlib

import pytest
from PIL import Image
from vlmxla_oracle import testing

FIXTURE = "tiny-llava-clip-llama"


@pytest.fixture(scope="module")
def model_dir():
    return testing.ensure_fixtures()[FIXTURE]


@pytest.fixture(scope="module")
def good_png(tmp_path_factory):
    path = tmp_path_factory.mktemp("img") / "good.png"
    Image.radial_gradient("L").convert("RGB").resize((40, 30)).save(path)
    return path


def _run(vlmxla_bin, model_dir, *args, memory_limit_mb: int | None = None):
    def limit():
        if memory_limit_mb:
            cap = memory_limit_mb << 20
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    proc = subprocess.run([str(vlmxla_bin), "prepare", "--model", str(model_dir), *args],
                          check=False, capture_output=True, text=True, timeout=60,
                          preexec_fn=limit)
    assert proc.returncode >= 0, f"crashed with signal {-proc.returncode}: {proc.stderr}"
    return proc


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_header_only(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    # A well-formed start: the decoder sees a valid header and only the first row of data.
    idat = _png_chunk(b"IDAT", zlib.compress(b"\0" * 64))
    return b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr) + idat + _png_chunk(b"IEND", b"")


def _jpeg_bytes(size=(64, 48)) -> bytes:
    buf = io.BytesIO()
    Image.linear_gradient("L").convert("RGB").resize(size).save(buf, "JPEG", quality=90)
    return buf.getvalue()


def _jpeg_with_dims(width: int, height: int) -> bytes:
    data = bytearray(_jpeg_bytes())
    sof = data.find(b"\xff\xc0")
    assert sof > 0
    struct.pack_into(">HH", data, sof + 5, height, width)
    return bytes(data)


def test_good_image_is_accepted(vlmxla_bin, model_dir, good_png):
    proc = _run(vlmxla_bin, model_dir, "--prompt", "hi", "--image", str(good_png))
    assert proc.returncode == 0, proc.stderr
    assert "pixel_values: f32 [1, 3, 30, 30]" in proc.stdout


@pytest.mark.parametrize("name,make", [
    ("truncated.png", lambda good: good[: len(good) // 2]),
    ("truncated.jpg", lambda good: _jpeg_bytes()[:300]),
    ("garbage.png", lambda good: b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4),
    ("garbage.bin", lambda good: b"this is not an image at all" * 10),
    ("empty.png", lambda good: b""),
    ("zero_width.png", lambda good: _png_header_only(0, 10)),
    ("zero_height.jpg", lambda good: _jpeg_with_dims(64, 0)),
])
def test_corrupt_images_are_clear_errors(vlmxla_bin, model_dir, good_png, tmp_path, name, make):
    path = tmp_path / name
    path.write_bytes(make(good_png.read_bytes()))
    proc = _run(vlmxla_bin, model_dir, "--prompt", "hi", "--image", str(path))
    assert proc.returncode == 1, proc.stdout
    assert "vlmxla prepare:" in proc.stderr and proc.stderr.count("\n") <= 2, proc.stderr
    assert str(path) in proc.stderr or name.split(".")[1].upper() in proc.stderr.upper()


@pytest.mark.parametrize("name,data", [
    ("huge.png", _png_header_only(100_000, 100_000)),
    ("huge.jpg", _jpeg_with_dims(65_000, 65_000)),
])
def test_enormous_dimensions_rejected_before_allocating(vlmxla_bin, model_dir, tmp_path, name,
                                                        data):
    path = tmp_path / name
    path.write_bytes(data)
    # 100000 x 100000 RGB would need 30 GB; under a 1 GiB address-space cap an attempt to
    # allocate it fails differently from the limit check this asserts.
    proc = _run(vlmxla_bin, model_dir, "--prompt", "hi", "--image", str(path),
                memory_limit_mb=1024)
    assert proc.returncode == 1
    assert "OUT_OF_RANGE" in proc.stderr, proc.stderr
    assert "65000" in proc.stderr or "100000" in proc.stderr, proc.stderr


def test_missing_image_file(vlmxla_bin, model_dir, tmp_path):
    proc = _run(vlmxla_bin, model_dir, "--prompt", "hi", "--image", str(tmp_path / "nope.png"))
    assert proc.returncode == 1 and "nope.png" in proc.stderr


def test_two_placeholders_one_image(vlmxla_bin, model_dir, good_png, tmp_path):
    out = tmp_path / "out"
    proc = _run(vlmxla_bin, model_dir, "--prompt", "compare <image> with this", "--image",
                str(good_png), "--output", str(out))
    assert proc.returncode == 1
    assert "prompt has 2 image placeholders (<image>) but 1 image was given" in proc.stderr
    err = json.loads((out / "manifest.json").read_text())["error"]
    assert err["reason"] == "placeholder_count_mismatch"


def test_placeholder_without_image(vlmxla_bin, model_dir):
    proc = _run(vlmxla_bin, model_dir, "--prompt", "what is <image>?")
    assert proc.returncode == 1
    assert "prompt has 1 image placeholder (<image>) but 0 images were given" in proc.stderr


def test_oversize_prompt_names_both_numbers(vlmxla_bin, model_dir, good_png):
    proc = _run(vlmxla_bin, model_dir, "--prompt", "hello", "--image", str(good_png),
                "--context", "16")
    assert proc.returncode == 1
    assert "context capacity is 16" in proc.stderr and "[context_length_exceeded]" in proc.stderr
    needed = int(proc.stderr.split("prompt needs ")[1].split(" ")[0])
    assert needed > 16
    ok = _run(vlmxla_bin, model_dir, "--prompt", "hello", "--image", str(good_png),
              "--context", str(needed))
    assert ok.returncode == 0, ok.stderr
    assert f"{needed} effective (capacity {needed})" in ok.stdout


@pytest.mark.parametrize("args,needle", [
    (["--prompt", "x", "--context", "0"], "--context must be positive"),
    (["--prompt", "x", "--context", "ten"], "--context expects an integer"),
    (["--prompt", "x", "--bogus", "1"], "unknown flag --bogus"),
    ([], "--prompt (or --case) is required"),
])
def test_bad_flags(vlmxla_bin, model_dir, args, needle):
    proc = _run(vlmxla_bin, model_dir, *args)
    assert proc.returncode in (1, 2)
    assert needle in proc.stderr, proc.stderr


def test_missing_model_dir(vlmxla_bin, tmp_path):
    proc = _run(vlmxla_bin, tmp_path / "no-model", "--prompt", "x")
    assert proc.returncode == 1 and "no-model" in proc.stderr
