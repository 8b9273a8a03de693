"""Builds the shape-faithful benchmark checkpoint (published llava-interleave-qwen-0.5b dimensions,
seeded random float32 weights) into the cache, once, with the fixture builder's own machinery, and
its bfloat16 and float16 variants: the same weights rounded (torch's round-to-nearest-even cast,
`from_pretrained(dtype=...)`), written by `save_pretrained`, so config.json says `"dtype":
"bfloat16"` (or float16) exactly as a Hub checkpoint stored in that type does.

Why padded vocabulary: the reused tokenizer is tiny, but the embedding table (tied to the LM head)
must have the published 152000 rows so prefill and decode do the real model's work. The rows past
the tokenizer are zero, so greedy argmax stays inside the tokenizer's ids (same compute: dense
float32 kernels do not skip zeros).

The Qwen2-VL shape (bench-qwen2-vl-2b) reuses the tiny Qwen2-VL fixture's byte-level BPE and chat
template, with the special tokens at the published ids (the spec's `special_token_ids`:
<|endoftext|> 151643, <|im_start|> 151644, <|im_end|> 151645, ..., <|vision_start|> 151652,
<|image_pad|> 151655, <|video_pad|> 151656) and the ids between the trained vocabulary and 151643
filled with placeholder entries no merge produces (`<|bench_unused_N|>`), so the tokenizer has the
published 151657 ids and decodes each of them; embedding rows 151657..151935 are zero. The
Qwen3-VL shape (bench-qwen3-vl-2b) is built the same way from the tiny Qwen3-VL fixture's.

A spec with a `stored_dtype` (bench-gemma-3-4b: bfloat16) is built in that dtype directly and in
no other: its float32 checkpoint (~17 GB) would not fit a 24 GiB machine's memory while building,
and a float32 request is refused with that reason. Its builder (`_build_direct`) never holds a
float32 copy of the model: the model is constructed in the stored dtype and each parameter is
filled by rows, a float32 chunk of at most CHUNK_ELEMENTS at a time, then written in shards of at
most SHARD_BYTES. Its tokenizer (`gemma_tokenizer`) is the tiny Gemma 3 fixture's SentencePiece-
style BPE with every special token at the published id (<pad> 0, <eos> 1, <bos> 2, <unk> 3,
<start_of_turn> 105, <end_of_turn> 106, <start_of_image> 255999, <end_of_image> 256000,
<image_soft_token> 262144), the trained entries on the lowest free ids and placeholders
(`<bench_unused_N>`) on the rest, so it has the published 262145 ids; embedding rows
262145..262207 are zero.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import pathlib
import shutil
import sys

from vlmxla_oracle import fixtures, paths

BENCH_SPEC = "bench-llava-interleave-qwen-0.5b"
# Stored dtypes of the benchmark checkpoints, with the suffix of their directory names.
DTYPES = {"float32": "", "bfloat16": "-bf16", "float16": "-f16"}
# A direct (stored_dtype) build: float32 elements generated at a time, and the shard size.
CHUNK_ELEMENTS = 1 << 24
SHARD_BYTES = 1 << 31


def spec_hash(name: str) -> str:
    """What the float32 checkpoint is derived from: the spec (fixture builder included) and the
    builder below (its source only, so editing the dtype variants does not rebuild 3.6 GB)."""
    h = hashlib.sha256(fixtures.spec_hash(name).encode())
    for f in (_build, _build_qwen, qwen_tokenizer):
        h.update(inspect.getsource(f).encode())
    if stored_dtype(name):  # built directly in that dtype: by these too
        for f in (_build_direct, _fill_by_rows, gemma_tokenizer):
            h.update(inspect.getsource(f).encode())
    return h.hexdigest()


def stored_dtype(name: str) -> str | None:
    """The one dtype a bench spec is built in (its `stored_dtype`), or None: float32, and the
    narrow variants converted from it. A fixture has none."""
    if name in fixtures.KNOWN_FIXTURE_NAMES:
        return None
    return fixtures.load_spec(name).get("stored_dtype")


def variant_hash(base_marker: str, dtype: str) -> str:
    """A dtype variant's marker: its float32 source's marker, the dtype and the converter."""
    h = hashlib.sha256(f"{base_marker}\n{dtype}\n".encode())
    h.update(inspect.getsource(_narrow).encode())
    return h.hexdigest()


def qwen_tokenizer(spec: dict):
    """The spec's tokenizer (the shared tiny byte-level BPE) with its special tokens at
    spec["special_token_ids"] and placeholder entries filling the ids below the first of them."""
    import json as json_mod

    from tokenizers import Tokenizer
    from transformers import PreTrainedTokenizerFast

    tspec, ids = spec["tokenizer"], spec["special_token_ids"]
    missing = [t for t in tspec["special_tokens"] if t not in ids]
    if missing:
        raise ValueError(f"{spec['name']}: special_token_ids lacks {missing}")
    raw = json_mod.loads(fixtures._byte_level_bpe(tspec).to_str())
    vocab = raw["model"]["vocab"]
    first = min(ids.values())
    if len(vocab) > first or sorted(ids.values()) != list(range(first, first + len(ids))):
        raise ValueError(f"{spec['name']}: special ids must follow the {len(vocab)} trained ids "
                         "contiguously")
    for i in range(len(vocab), first):
        vocab[f"<|bench_unused_{i}|>"] = i
    template = dict(raw["added_tokens"][0])  # special, not normalized: as the tiny fixture's
    raw["added_tokens"] = [{**template, "id": i, "content": t}
                           for t, i in sorted(ids.items(), key=lambda kv: kv[1])]
    kwargs = {k: tspec[k] for k in ("unk_token", "bos_token", "eos_token", "pad_token")
              if tspec.get(k)}
    return PreTrainedTokenizerFast(tokenizer_object=Tokenizer.from_str(json_mod.dumps(raw)),
                                   **kwargs)


def gemma_tokenizer(spec: dict):
    """The spec's tokenizer (the shared tiny SentencePiece-style BPE) with each special token at
    spec["special_token_ids"], the other entries on the lowest free ids, and placeholder entries
    on every id left below the largest special id."""
    from tokenizers import Tokenizer
    from transformers import PreTrainedTokenizerFast

    tspec, ids = spec["tokenizer"], spec["special_token_ids"]
    raw = json.loads(fixtures._sentencepiece_bpe(tspec).to_str())
    missing = sorted({t["content"] for t in raw["added_tokens"]} - set(ids))
    if missing:
        raise ValueError(f"{spec['name']}: special_token_ids lacks {missing}")
    old = raw["model"]["vocab"]
    taken = set(ids.values())
    free = (i for i in range(max(taken) + 1) if i not in taken)
    vocab = {t: next(free) for t, _ in sorted(old.items(), key=lambda kv: kv[1]) if t not in ids}
    vocab.update({f"<bench_unused_{i}>": i for i in free})
    vocab.update(ids)
    raw["model"]["vocab"] = dict(sorted(vocab.items(), key=lambda kv: kv[1]))
    for t in raw["added_tokens"]:
        t["id"] = ids[t["content"]]
    raw["added_tokens"].sort(key=lambda t: t["id"])
    for t in raw["post_processor"]["special_tokens"].values():  # the <bos> the template adds
        t["ids"] = [ids[tok] for tok in t["tokens"]]
    kwargs = {k: tspec[k] for k in ("unk_token", "bos_token", "eos_token", "pad_token")
              if tspec.get(k)}
    if tspec.get("named_special_tokens"):
        kwargs["extra_special_tokens"] = dict(tspec["named_special_tokens"])
    return PreTrainedTokenizerFast(tokenizer_object=Tokenizer.from_str(json.dumps(raw)), **kwargs)


def _fill_by_rows(model, spec: dict) -> None:
    """Every parameter drawn by the fixture builder's rule (fixtures._init_weights: norms 1 +
    U(-jitter, jitter), biases N(0, bias_std), embeddings N(0, embedding_std), matrices N(0,
    gain / sqrt(fan_in))), seeded, in the model's own dtype: a float32 chunk of at most
    CHUNK_ELEMENTS rows at a time, so no float32 copy of a whole tensor is ever held."""
    import math

    import torch

    w = spec["weight_init"]
    gen = torch.Generator().manual_seed(spec["seed"])
    with torch.no_grad():
        for name, param in sorted(model.named_parameters(), key=lambda kv: kv[0]):
            lname = name.lower()
            target = param.view(1, -1) if param.dim() < 2 else param
            if ("norm" in lname or ".ln_" in lname) and name.endswith("weight"):
                def draw(shape):
                    return 1.0 + (torch.rand(shape, generator=gen) * 2 - 1) * w["norm_jitter"]
            else:
                if name.endswith("bias") or param.dim() < 2:
                    std = w["bias_std"]
                elif "embed" in lname and "patch_embed" not in lname:
                    std = w["embedding_std"]
                else:
                    std = w["matrix_gain"] / math.sqrt(math.prod(param.shape[1:]))

                def draw(shape, std=std):
                    return torch.randn(shape, generator=gen).mul_(std)
            row = math.prod(target.shape[1:])
            step = max(1, CHUNK_ELEMENTS // row)
            for begin in range(0, target.shape[0], step):
                chunk = target[begin:begin + step]
                chunk.copy_(draw(tuple(chunk.shape)))


def _build_direct(name: str, spec: dict, out_dir: pathlib.Path) -> pathlib.Path:
    """A Gemma 3 spec's checkpoint built in its stored_dtype alone (see the module's doc)."""
    import torch
    from transformers import GenerationConfig

    if fixtures.spec_kind(spec) != "gemma3":
        raise ValueError(f"{name}: stored_dtype is built for Gemma 3 specs only, not "
                         f"{fixtures.spec_kind(spec)!r}")
    dtype = getattr(torch, spec["stored_dtype"])
    tokenizer = gemma_tokenizer(spec)
    config = fixtures.build_gemma3_config(spec, tokenizer)
    vocab = int(spec["text_vocab_size"])
    if vocab < len(tokenizer):
        raise ValueError(f"{name}: text_vocab_size {vocab} < tokenizer size {len(tokenizer)}")
    config.text_config.vocab_size = vocab
    cls = fixtures._model_class("gemma3")
    torch.manual_seed(spec["seed"])
    model = cls._from_config(config, dtype=dtype).eval()
    _fill_by_rows(model, spec)
    with torch.no_grad():
        model.get_input_embeddings().weight[len(tokenizer):].zero_()
    tc = config.text_config
    model.generation_config = GenerationConfig(bos_token_id=tc.bos_token_id,
                                               eos_token_id=tc.eos_token_id,
                                               pad_token_id=tc.pad_token_id, do_sample=False)
    processor = fixtures.build_gemma3_processor(spec, tokenizer)

    with fixtures.atomic_dir(out_dir, out_dir.name) as tmp:
        model.save_pretrained(tmp, safe_serialization=True, max_shard_size=SHARD_BYTES)
        del model
        processor.save_pretrained(tmp)
        processor.image_processor.save_pretrained(tmp)
        fixtures._canonicalize_json(tmp)
        declared = json.loads((tmp / "config.json").read_text(encoding="utf-8")).get("dtype")
        if declared != spec["stored_dtype"]:
            raise RuntimeError(f"{name}: save_pretrained wrote dtype {declared!r}, not "
                               f"{spec['stored_dtype']!r}")
        (tmp / fixtures.SPEC_HASH_FILE).write_text(spec_hash(name) + "\n", encoding="utf-8")
    return out_dir


def _build_qwen(name: str, spec: dict, out_dir: pathlib.Path) -> pathlib.Path:
    import torch

    tokenizer = qwen_tokenizer(spec)
    config = fixtures.build_qwen_config(spec, tokenizer)
    vocab = int(spec["text_vocab_size"])
    if vocab < len(tokenizer):
        raise ValueError(f"{name}: text_vocab_size {vocab} < tokenizer size {len(tokenizer)}")
    config.text_config.vocab_size = vocab
    model = fixtures.build_text_model(spec, config)
    with torch.no_grad():
        model.get_input_embeddings().weight[len(tokenizer):].zero_()
    processing = fixtures.build_qwen_processing(spec, tokenizer)  # sets the chat template

    with fixtures.atomic_dir(out_dir, name) as tmp:
        model.save_pretrained(tmp, safe_serialization=True)
        del model
        tokenizer.save_pretrained(tmp)  # tokenizer.json, tokenizer_config.json, chat_template.jinja
        processing.image_processor.save_pretrained(tmp)  # preprocessor_config.json
        fixtures._canonicalize_json(tmp)
        (tmp / fixtures.SPEC_HASH_FILE).write_text(spec_hash(name) + "\n", encoding="utf-8")
    return out_dir


def _build(name: str, out_dir: pathlib.Path) -> pathlib.Path:
    import torch

    spec = fixtures.load_spec(name)
    if fixtures.spec_kind(spec) in fixtures.QWEN_KINDS:
        return _build_qwen(name, spec, out_dir)
    # A LLaVA-like kind (llava, llava_onevision): its config, model and processor classes are
    # the fixture builder's for that kind (fixtures.LLAVA_CLASSES), sized to the published vocab.
    tokenizer = fixtures.build_tokenizer(spec)
    vocab = int(spec.get("text_vocab_size", len(tokenizer)))
    if vocab < len(tokenizer):
        raise ValueError(f"{name}: text_vocab_size {vocab} < tokenizer size {len(tokenizer)}")
    config = fixtures.build_config(spec, tokenizer)
    config.text_config.vocab_size = vocab
    model = fixtures.build_model(spec, config)
    with torch.no_grad():
        model.get_input_embeddings().weight[len(tokenizer):].zero_()
    processor = fixtures.build_processor(spec, tokenizer)
    family = fixtures._family_of(spec)

    with fixtures.atomic_dir(out_dir, name) as tmp:
        model.save_pretrained(tmp, safe_serialization=True)
        if hasattr(family, "save_processor"):  # a processor class save_pretrained cannot save
            family.save_processor(processor, tmp)
        else:
            processor.save_pretrained(tmp)
            processor.image_processor.save_pretrained(tmp)
        fixtures._canonicalize_json(tmp)
        (tmp / fixtures.SPEC_HASH_FILE).write_text(spec_hash(name) + "\n", encoding="utf-8")
    return out_dir


def _narrow(src: pathlib.Path, out_dir: pathlib.Path, dtype: str, marker: str) -> pathlib.Path:
    """`src`'s weights cast to `dtype` by Transformers itself (from_pretrained(dtype=...) rounds
    each float32 tensor to nearest even as it loads; only the narrow copy is ever held, ~1.8 GB
    for the bench model) and saved with save_pretrained; every other file (tokenizer, processor,
    chat template) copied unchanged."""
    import torch
    from vlmxla_oracle import capture

    cls = fixtures._model_class(capture.model_kind(src))  # the kind's class, as fixtures use
    model = cls.from_pretrained(str(src), dtype=getattr(torch, dtype))
    weights = {"model.safetensors", "model.safetensors.index.json", "config.json",
               "generation_config.json", fixtures.SPEC_HASH_FILE}
    with fixtures.atomic_dir(out_dir, out_dir.name) as tmp:
        for f in sorted(src.iterdir()):
            if f.is_file() and f.name not in weights and not f.name.endswith(".safetensors"):
                shutil.copy2(f, tmp / f.name)
        model.save_pretrained(tmp, safe_serialization=True)
        del model
        fixtures._canonicalize_json(tmp)
        declared = json.loads((tmp / "config.json").read_text(encoding="utf-8")).get("dtype")
        if declared != dtype:
            raise RuntimeError(f"{out_dir.name}: save_pretrained wrote dtype {declared!r}, "
                               f"not {dtype!r}")
        (tmp / fixtures.SPEC_HASH_FILE).write_text(marker + "\n", encoding="utf-8")
    return out_dir


def _is_current(out_dir: pathlib.Path, marker: str) -> bool:
    path = out_dir / fixtures.SPEC_HASH_FILE
    return path.exists() and path.read_text(encoding="utf-8").strip() == marker


def ensure_checkpoint(name: str = BENCH_SPEC, force: bool = False,
                      dtype: str = "float32") -> pathlib.Path:
    """The benchmark checkpoint directory stored in `dtype`, built when missing or stale. A tiny
    fixture name (tiny-llava-siglip-qwen2) is served by the fixture builder instead (its narrow
    variants are converted from it into the bench cache, next to the bench model's); so is a tiny
    Qwen fixture (tiny-qwen2-vl, the Qwen2-VL shape's --quick)."""
    if dtype not in DTYPES:
        raise ValueError(f"unknown dtype {dtype!r}; known: {', '.join(DTYPES)}")
    only = stored_dtype(name)
    if only:
        if dtype != only:
            raise ValueError(
                f"{name} is built in {only} only (its spec's stored_dtype): its float32 "
                f"checkpoint would not fit this machine's memory while building, and every "
                f"other dtype would be converted from it; asked for {dtype} (run the shape "
                f"with --dtypes {only} --transformers-dtypes {only})")
        out_dir = paths.cache_dir() / "bench" / f"{name}{DTYPES[dtype]}"
        if force or not _is_current(out_dir, spec_hash(name)):
            _build_direct(name, fixtures.load_spec(name), out_dir)
        return out_dir
    if name in fixtures.KNOWN_FIXTURE_NAMES:
        base = fixtures.ensure_fixture(name, force=force)
    else:
        base = paths.cache_dir() / "bench" / name
        if force or not _is_current(base, spec_hash(name)):
            _build(name, base)
    if dtype == "float32":
        return base
    out_dir = paths.cache_dir() / "bench" / f"{name}{DTYPES[dtype]}"
    marker = variant_hash((base / fixtures.SPEC_HASH_FILE).read_text(encoding="utf-8").strip(),
                          dtype)
    if force or not _is_current(out_dir, marker):
        _narrow(base, out_dir, dtype, marker)
    return out_dir


if __name__ == "__main__":
    # python -m vlmxla_bench.checkpoint [NAME [DTYPE...]]: builds and prints the directories.
    spec = sys.argv[1] if len(sys.argv) > 1 else BENCH_SPEC
    for d in sys.argv[2:] or ["float32"]:
        print(ensure_checkpoint(spec, dtype=d))
