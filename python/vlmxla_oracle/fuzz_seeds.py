"""Seed corpora for the libFuzzer targets of tests/fuzz, generated (never stored in Git).

`python -m vlmxla_oracle fuzz-seeds DIR` writes DIR/<target>/<name> for each target and
DIR/tokenizers/*.json (the fixture tokenizers, which fuzz_tokenize loads). Valid samples of each
format come from the same code that builds the fixtures (tokenizers, configs, chat templates) and
from PIL (images), with a few near-misses beside them. Deterministic: same files every run.
"""

from __future__ import annotations

import base64
import io
import json
import pathlib
import shutil
import struct

import numpy as np

from . import fixtures

REPO = pathlib.Path(__file__).resolve().parents[2]
TEMPLATES_DIR = REPO / "tests" / "py" / "chat_templates"
TARGETS = (
    "safetensors",
    "model_config",
    "tokenizer_json",
    "tokenize",
    "jinja",
    "image",
    "data_uri",
    "openai_request",
)


def _safetensors(tensors: dict[str, tuple[str, list[int], bytes]], metadata=None) -> bytes:
    """A safetensors file by hand (every dtype the reader knows, not only numpy's)."""
    header: dict = {"__metadata__": metadata} if metadata else {}
    offset = 0
    data = b""
    for name, (dtype, shape, raw) in sorted(tensors.items()):
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(raw)]}
        offset += len(raw)
        data += raw
    blob = json.dumps(header, separators=(",", ":")).encode()
    blob += b" " * (-len(blob) % 8)  # the Python library pads the header to 8 bytes
    return struct.pack("<Q", len(blob)) + blob + data


def safetensors_seeds() -> dict[str, bytes]:
    f32 = np.arange(6, dtype=np.float32).tobytes()
    f16 = np.arange(4, dtype=np.float16).tobytes()
    i32 = np.array([1, -2, 3], dtype=np.int32).tobytes()
    bf16 = (np.arange(4, dtype=np.float32).view(np.uint32) >> 16).astype(np.uint16).tobytes()
    return {
        "f32.safetensors": _safetensors({"w": ("F32", [2, 3], f32)}),
        "mixed.safetensors": _safetensors(
            {
                "model.embed.weight": ("BF16", [2, 2], bf16),
                "model.norm.weight": ("F16", [4], f16),
                "ids": ("I32", [3], i32),
                "scalar": ("F32", [], f32[:4]),
                "empty": ("F32", [0, 5], b""),
            },
            metadata={"format": "pt"},
        ),
        "empty.safetensors": _safetensors({}),
        "overlap.safetensors": struct.pack("<Q", 80)
        + b'{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},'
        + b'"b":{"dtype":"F32","shape":[1],"data_offsets":[2,6]}}'[:80].ljust(80)
        + b"\0" * 8,
    }


def _tokenizers() -> dict[str, object]:
    """The fixture tokenizers (transformers PreTrainedTokenizerFast), by fixture name."""
    return {
        name: fixtures.build_tokenizer(fixtures.load_spec(name))
        for name in ("tiny-llava-clip-llama", "tiny-llava-siglip-qwen2")
    }


def config_seeds(tokenizers: dict) -> dict[str, bytes]:
    seeds = {}
    for name, tok in tokenizers.items():
        spec = fixtures.load_spec(name)
        seeds[f"{name}.json"] = fixtures.build_config(spec, tok).to_json_string().encode()
    for name, source in (
        ("tiny-llama", "tiny-llava-clip-llama"),
        ("tiny-qwen2", "tiny-llava-siglip-qwen2"),
    ):
        spec = fixtures.load_spec(name)
        seeds[f"{name}.json"] = (
            fixtures.build_text_config(spec, tokenizers[source]).to_json_string().encode()
        )
    bench = fixtures.SPEC_DIR / "bench-llava-interleave-qwen-0.5b.json"
    if bench.exists():
        seeds["bench-spec.json"] = json.dumps(
            json.loads(bench.read_text())["llava_config"]
        ).encode()
    seeds["wrong-types.json"] = b'{"model_type": 7, "text_config": {"model_type": ["llama"]}}'
    return seeds


TEXTS = [
    "Hello world",
    "USER: <image>\nWhat is in the picture? ASSISTANT: A cat.",
    "  leading spaces\tand\ttabs\n\nnew lines  ",
    "caf\u00e9 na\u00efve \u65e5\u672c\u8a9e \U0001f600 \u0301 combining",
    "<s></s><unk><|im_start|>user\n<|im_end|><|endoftext|>",
    "1234567890 3.14159 -42 don't I'll we've",
]


def tokenizer_seeds(
    tokenizers: dict,
) -> tuple[dict[str, bytes], dict[str, bytes], dict[str, bytes]]:
    """(tokenizer_json seeds, tokenize seeds, the tokenizer files fuzz_tokenize loads)."""
    files = {f"{n}.json": t.backend_tokenizer.to_str().encode() for n, t in tokenizers.items()}
    json_seeds = dict(files)
    for n, blob in files.items():
        json_seeds[f"{n}+text"] = blob + b"\0" + TEXTS[1].encode()
    lines = TEXTS + fixtures.corpus_lines()[:20]
    tokenize = {}
    for i, text in enumerate(lines):
        for k in range(len(files)):
            flags = (i % 4) << 4  # add_special_tokens, skip_special_tokens
            tokenize[f"text{i:02d}-{k}"] = bytes([k | flags]) + text.encode()
    tokenize["invalid-utf8"] = b"\x00ab\xff\xfe\xc3(\xe2\x82"
    tokenize["ids"] = b"\x01" + struct.pack("<8i", 1, 2, 3, 100, 200, 0, 5, 9)
    return json_seeds, tokenize, files


def jinja_seeds() -> dict[str, bytes]:
    seeds = {p.name: p.read_bytes() for p in sorted(TEMPLATES_DIR.glob("*.jinja"))}
    for name in fixtures.FIXTURE_NAMES:
        seeds[f"{name}.jinja"] = fixtures.load_spec(name)["chat_template"].encode()
    seeds["features.jinja"] = (
        b"{% macro m(x, y=2) %}{{ x ~ y }}{% endmacro %}{% set ns = namespace(n=0) %}"
        b"{% for m2 in messages if m2.role != 'system' %}{% set ns.n = ns.n + 1 %}"
        b"{{ loop.index }}:{{ m2.role | upper }} {{ m(1) }} {{ '%d' | format(3) }}"
        b"{{ m2.content if m2.content is string else m2.content | map(attribute='type') | join(',') }}"
        b"{% endfor %}{{ ns.n }}{{ 'a,b'.split(',') | tojson }}{{ range(3) | list | length }}"
        b"{%- if add_generation_prompt %}{{ bos_token }}{% endif -%}{# c #}{% raw %}{{x}}{% endraw %}"
    )
    return seeds


def _encode(image, **kwargs) -> bytes:
    buf = io.BytesIO()
    image.save(buf, **kwargs)
    return buf.getvalue()


def image_seeds() -> dict[str, bytes]:
    from PIL import Image

    rng = np.random.default_rng(12)
    rgb = Image.fromarray(rng.integers(0, 256, (6, 8, 3), dtype=np.uint8), mode="RGB")
    rgba = Image.fromarray(rng.integers(0, 256, (5, 7, 4), dtype=np.uint8), mode="RGBA")
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: rotate 90 CW
    palette = rgb.convert("P", palette=Image.Palette.ADAPTIVE, colors=4)
    palette.info["transparency"] = 0
    grey16 = Image.fromarray(np.arange(48, dtype=np.uint16).reshape(6, 8) * 1000)
    return {
        "rgb.png": _encode(rgb, format="PNG"),
        "rgba.png": _encode(rgba, format="PNG"),
        "grey.png": _encode(rgb.convert("L"), format="PNG"),
        "grey16.png": _encode(grey16, format="PNG"),
        "palette-trns.png": _encode(palette, format="PNG", transparency=0),
        "exif.png": _encode(rgb, format="PNG", exif=exif.tobytes()),
        "interlaced.png": _encode(rgb, format="PNG", interlace=1),
        "rgb.jpg": _encode(rgb, format="JPEG", quality=90),
        "exif.jpg": _encode(rgb, format="JPEG", exif=exif.tobytes()),
        "progressive.jpg": _encode(rgb, format="JPEG", progressive=True),
        "grey.jpg": _encode(rgb.convert("L"), format="JPEG"),
        "cmyk.jpg": _encode(rgb.convert("CMYK"), format="JPEG"),
        "lossy.webp": _encode(rgb, format="WEBP", quality=80),
        "lossless-alpha.webp": _encode(rgba, format="WEBP", lossless=True),
        "exif.webp": _encode(rgb, format="WEBP", exif=exif.tobytes()),
    }


def data_uri_seeds(images: dict[str, bytes]) -> dict[str, bytes]:
    png = base64.b64encode(images["rgb.png"]).decode()
    webp = base64.urlsafe_b64encode(images["lossy.webp"]).decode().rstrip("=")
    return {
        "png": f"data:image/png;base64,{png}".encode(),
        "webp-urlsafe": f"data:image/webp;base64,{webp}".encode(),
        "jpeg-params": b"data:image/jpeg;charset=utf-8;base64,/9j/4AAQ",
        "not-base64": b"data:image/png,%89PNG",
        "ipv4": b"192.168.1.20",
        "ipv6-mapped": b"::ffff:127.0.0.1",
        "ipv6-6to4": b"2002:0a00:0001::1",
        "public": b"93.184.216.34",
    }


def openai_seeds(images: dict[str, bytes]) -> dict[str, bytes]:
    png = "data:image/png;base64," + base64.b64encode(images["rgb.png"]).decode()
    chat = {
        "model": "tiny-llava",
        "messages": [
            {"role": "system", "content": "You are a helpful assistant."},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "What is in these images?"},
                    {"type": "image_url", "image_url": {"url": png, "detail": "auto"}},
                    {"type": "image_url", "image_url": {"url": "https://example.com/cat.jpg"}},
                ],
            },
            {"role": "assistant", "content": "Two cats."},
            {"role": "user", "content": "And now?"},
        ],
        "max_tokens": 32,
        "temperature": 0.7,
        "top_p": 0.9,
        "seed": 1234,
        "stop": ["\n\n", "END"],
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    text = {
        "model": "tiny-llava",
        "prompt": "Once upon a time",
        "max_tokens": 8,
        "temperature": 0,
        "stop": ".",
    }
    return {
        "chat.json": json.dumps(chat).encode(),
        "chat-min.json": b'{"messages":[{"role":"user","content":"hi"}]}',
        "completion.json": json.dumps(text).encode(),
        "refused.json": b'{"messages":[{"role":"user","content":"x"}],"n":2,"logprobs":true}',
    }


def write_seeds(out: pathlib.Path) -> dict[str, int]:
    tokenizers = _tokenizers()
    tok_json, tokenize, tok_files = tokenizer_seeds(tokenizers)
    images = image_seeds()
    corpora = {
        "safetensors": safetensors_seeds(),
        "model_config": config_seeds(tokenizers),
        "tokenizer_json": tok_json,
        "tokenize": tokenize,
        "jinja": jinja_seeds(),
        "image": images,
        "data_uri": data_uri_seeds(images),
        "openai_request": openai_seeds(images),
        "tokenizers": tok_files,
    }
    counts = {}
    for target, files in corpora.items():
        d = out / target
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        for name, data in files.items():
            (d / name).write_bytes(data)
        counts[target] = len(files)
    return counts


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m vlmxla_oracle fuzz-seeds")
    parser.add_argument("out", type=pathlib.Path, help="directory: one subdirectory per target")
    args = parser.parse_args(argv)
    for target, n in write_seeds(args.out).items():
        print(f"{target}: {n} seeds")
    return 0
