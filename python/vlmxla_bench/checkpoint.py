"""Builds the shape-faithful benchmark checkpoint (published llava-interleave-qwen-0.5b dimensions,
seeded random float32 weights) into the cache, once, with the fixture builder's own machinery.

Why padded vocabulary: the reused tokenizer is tiny, but the embedding table (tied to the LM head)
must have the published 152000 rows so prefill and decode do the real model's work. The rows past
the tokenizer are zero, so greedy argmax stays inside the tokenizer's ids (same compute: dense
float32 kernels do not skip zeros).
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import sys

from vlmxla_oracle import fixtures, paths

BENCH_SPEC = "bench-llava-interleave-qwen-0.5b"


def spec_hash(name: str) -> str:
    h = hashlib.sha256(fixtures.spec_hash(name).encode())
    h.update(pathlib.Path(__file__).read_bytes())
    return h.hexdigest()


def _build(name: str, out_dir: pathlib.Path) -> pathlib.Path:
    import torch
    from transformers import LlavaConfig

    spec = fixtures.load_spec(name)
    tokenizer = fixtures.build_tokenizer(spec)
    cfg = json.loads(json.dumps(spec["llava_config"]))
    vocab = int(spec.get("text_vocab_size", len(tokenizer)))
    if vocab < len(tokenizer):
        raise ValueError(f"{name}: text_vocab_size {vocab} < tokenizer size {len(tokenizer)}")
    cfg["text_config"]["vocab_size"] = vocab
    fixtures._special_token_ids(cfg["text_config"], spec, tokenizer)
    config = LlavaConfig(image_token_index=tokenizer.convert_tokens_to_ids("<image>"), **cfg)
    model = fixtures.build_model(spec, config)
    with torch.no_grad():
        model.get_input_embeddings().weight[len(tokenizer):].zero_()
    processor = fixtures.build_processor(spec, tokenizer)

    with fixtures.atomic_dir(out_dir, name) as tmp:
        model.save_pretrained(tmp, safe_serialization=True)
        processor.save_pretrained(tmp)
        processor.image_processor.save_pretrained(tmp)
        fixtures._canonicalize_json(tmp)
        (tmp / fixtures.SPEC_HASH_FILE).write_text(spec_hash(name) + "\n", encoding="utf-8")
    return out_dir


def ensure_checkpoint(name: str = BENCH_SPEC, force: bool = False) -> pathlib.Path:
    """The benchmark checkpoint directory, built when missing or stale. A tiny fixture name
    (tiny-llava-siglip-qwen2) is served by the fixture builder instead."""
    if name in fixtures.ALL_FIXTURE_NAMES:
        return fixtures.ensure_fixture(name, force=force)
    out_dir = paths.cache_dir() / "bench" / name
    marker = out_dir / fixtures.SPEC_HASH_FILE
    current = marker.exists() and marker.read_text(encoding="utf-8").strip() == spec_hash(name)
    if force or not current:
        _build(name, out_dir)
    return out_dir


if __name__ == "__main__":
    print(ensure_checkpoint(sys.argv[1] if len(sys.argv) > 1 else BENCH_SPEC))
