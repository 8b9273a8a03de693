"""`vlmxla preprocess-image` on damaged images: every failure is exactly one line on stderr that
names the file, and a success prints nothing. The corpus is made here: PNGs, JPEGs and WebPs,
seeded truncations and bit flips of each, and damage that makes the decoder libraries warn rather
than fail (a bad CRC or a bad value in an ancillary PNG chunk, data after IEND, stray bytes
between JPEG markers). libpng, libjpeg and libwebp print their own warnings to stderr unless told
otherwise; such a line beside ours was the two-line failure this guards against."""

from __future__ import annotations

import io
import json
import pathlib
import struct
import subprocess
import zlib
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from PIL import Image, PngImagePlugin
from test_image_parity import SIGLIP_SMALL, _texture

PREFIX = b"vlmxla preprocess-image: "


def _png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    chunks, p = [], 8
    while p < len(data):
        (n,) = struct.unpack(">I", data[p : p + 4])
        chunks.append((data[p + 4 : p + 8], data[p + 8 : p + 8 + n]))
        p += 12 + n
    return chunks


def _png(chunks: list[tuple[bytes, bytes]], bad_crc: bytes = b"") -> bytes:
    """A PNG from (type, data) chunks; the chunk of type `bad_crc` gets a wrong CRC."""
    out = b"\x89PNG\r\n\x1a\n"
    for tag, body in chunks:
        crc = zlib.crc32(tag + body) ^ (0xFFFFFFFF if tag == bad_crc else 0)
        out += struct.pack(">I", len(body)) + tag + body + struct.pack(">I", crc)
    return out


def _bases() -> dict[str, bytes]:
    rgb = Image.fromarray(_texture(40, 30, 7))
    out = {}
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "a text chunk for the mutations to hit")
    buf = io.BytesIO()
    rgb.save(buf, format="PNG", pnginfo=info)
    out["rgb.png"] = buf.getvalue()
    buf = io.BytesIO()
    rgb.convert("P", palette=Image.Palette.ADAPTIVE, colors=16).save(buf, format="PNG")
    out["palette.png"] = buf.getvalue()
    for name, kw in (("baseline.jpg", {}), ("progressive.jpg", {"progressive": True})):
        buf = io.BytesIO()
        exif = Image.Exif()
        exif[0x0112] = 6
        rgb.save(buf, format="JPEG", quality=90, exif=exif.tobytes(), **kw)
        out[name] = buf.getvalue()
    for name, kw in (("lossy.webp", {"quality": 80}), ("lossless.webp", {"lossless": True})):
        buf = io.BytesIO()
        rgb.save(buf, format="WEBP", **kw)
        out[name] = buf.getvalue()
    return out


def _warning_cases(bases: dict[str, bytes]) -> dict[str, bytes]:
    """Damage the decoders survive: each of these decodes, most with a warning from the library
    (the warning each gave to a reader with libpng's or libjpeg's default handlers is noted)."""
    chunks = _png_chunks(bases["rgb.png"])
    assert [t for t, _ in chunks] == [b"IHDR", b"tEXt", b"IDAT", b"IEND"], chunks
    ihdr, text, idat, iend = chunks
    gamma = (b"gAMA", struct.pack(">I", 45455))
    jpeg = bases["baseline.jpg"]
    sos = jpeg.index(b"\xff\xda")
    return {
        # "tEXt: CRC error" (an ancillary chunk's CRC is a benign error).
        "ancillary-crc.png": _png(chunks, bad_crc=b"tEXt"),
        # Never read by libpng (PIL ignores it too).
        "after-iend.png": bases["rgb.png"] + b"trailing bytes after IEND" * 4,
        # "pHYs: invalid"
        "short-phys.png": _png([ihdr, (b"pHYs", bytes(8)), idat, iend]),
        # "sRGB: ... invalid sRGB rendering intent"
        "srgb-intent.png": _png([ihdr, (b"sRGB", b"\x07"), idat, iend]),
        # "gAMA: gamma value out of range"
        "zero-gamma.png": _png([ihdr, (b"gAMA", bytes(4)), idat, iend]),
        # "gAMA: duplicate"
        "two-gamma.png": _png([ihdr, gamma, gamma, idat, iend]),
        # "iCCP: too short"
        "bad-iccp.png": _png([ihdr, (b"iCCP", b"x\0\0" + zlib.compress(b"junk" * 30)), idat, iend]),
        # A second zlib stream after the image's.
        "surplus-idat.png": _png([ihdr, text, idat, (b"IDAT", zlib.compress(bytes(999))), iend]),
        # "Corrupt JPEG data: 4 extraneous bytes before marker 0xda"
        "extraneous.jpg": jpeg[:sos] + b"\x00\x01\x02\x03" + jpeg[sos:],
    }


def _mutations(name: str, data: bytes, rng: np.random.Generator) -> dict[str, bytes]:
    out = {}
    for i in range(12):
        cut = int(rng.integers(1, len(data)))
        out[f"{name}.trunc{i}"] = data[:cut]
    for i in range(36):
        b = bytearray(data)
        # Half the flips land in the first 128 bytes, where the headers and chunk lengths are.
        span = min(len(b), 128) if i % 2 else len(b)
        for _ in range(int(rng.integers(1, 5))):
            pos = int(rng.integers(0, span))
            b[pos] ^= 1 << int(rng.integers(0, 8))
        out[f"{name}.flip{i}"] = bytes(b)
    return out


def _run(vlmxla_bin, cfg: pathlib.Path, image: pathlib.Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(vlmxla_bin), "preprocess-image", "--config", str(cfg), "--image", str(image),
         "--output", str(image.with_suffix(".safetensors"))],
        check=False, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def outcomes(vlmxla_bin, tmp_path_factory) -> dict[str, tuple[pathlib.Path, object]]:
    d = tmp_path_factory.mktemp("mutations")
    cfg = d / "preprocessor_config.json"
    cfg.write_text(json.dumps(SIGLIP_SMALL))
    bases = _bases()
    corpus = {**bases, **_warning_cases(bases)}
    rng = np.random.default_rng(2025)
    for name, data in bases.items():
        corpus.update(_mutations(name, data, rng))
    paths = {}
    for name, data in corpus.items():
        # Keep the real extension last: the corpus is told apart by its bytes, not its name.
        stem, ext = name.split(".", 1)
        ext, _, tag = ext.partition(".")
        path = d / (f"{stem}-{tag}.{ext}" if tag else name)
        path.write_bytes(data)
        paths[name] = path
    with ThreadPoolExecutor(max_workers=2) as pool:
        procs = dict(zip(paths, pool.map(lambda p: _run(vlmxla_bin, cfg, p), paths.values())))
    return {name: (paths[name], procs[name]) for name in paths}


def test_every_failure_is_one_line_naming_the_file(outcomes):
    bad = []
    for name, (path, proc) in outcomes.items():
        err = proc.stderr
        if proc.returncode == 0:
            if err:
                bad.append(f"{name}: succeeded but printed {err!r}")
            elif not path.with_suffix(".safetensors").exists():
                bad.append(f"{name}: succeeded without writing its output")
            continue
        if proc.returncode != 1:
            bad.append(f"{name}: exit status {proc.returncode} (a failed request is 1): {err!r}")
            continue
        text = err.decode("utf-8", errors="replace")
        lines = err.count(b"\n")
        if lines != 1 or not err.endswith(b"\n"):
            bad.append(f"{name}: {lines} lines on stderr: {err!r}")
        elif not err.startswith(PREFIX) or str(path) not in text:
            bad.append(f"{name}: the line does not name {path}: {err!r}")
        elif "\ufffd" in text or not text[:-1].isprintable():
            bad.append(f"{name}: the line carries raw or control bytes: {err!r}")
    assert not bad, "\n".join(bad)


def test_the_corpus_both_fails_and_decodes_in_every_format(outcomes):
    # A corpus that only failed (or only decoded) would check one half of the rule.
    for ext in ("png", "jpg", "webp"):
        codes = {proc.returncode for path, proc in outcomes.values() if path.suffix == "." + ext}
        assert {0, 1} <= codes, (ext, codes)


@pytest.mark.parametrize("name", ["ancillary-crc.png", "after-iend.png", "short-phys.png",
                                  "srgb-intent.png", "zero-gamma.png", "two-gamma.png",
                                  "bad-iccp.png", "surplus-idat.png", "extraneous.jpg"])
def test_damage_the_decoders_warn_about_decodes_silently(outcomes, name):
    _, proc = outcomes[name]
    assert proc.returncode == 0 and proc.stderr == b"", (name, proc.returncode, proc.stderr)
