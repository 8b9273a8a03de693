"""Builds the tiny fixture checkpoints from the committed specs in fixture_configs/.

Two kinds: LLaVA fixtures (LlavaForConditionalGeneration + LlavaProcessor) and text-only decoders
(LlamaForCausalLM / Qwen2ForCausalLM + their tokenizer), which reuse a LLaVA fixture's tokenizer
and chat template. Everything is written by Transformers' own classes (save_pretrained) so the
files have exactly the layout Transformers produces.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import pathlib
import shutil
import tempfile

from . import paths

SPEC_DIR = pathlib.Path(__file__).resolve().parent / "fixture_configs"
CORPUS_DIR = pathlib.Path(__file__).resolve().parent / "corpus"
SPEC_HASH_FILE = "vlmxla_fixture_spec.sha256"
FIXTURE_NAMES = ("tiny-llava-clip-llama", "tiny-llava-siglip-qwen2")
TEXT_FIXTURE_NAMES = ("tiny-llama", "tiny-qwen2")
ALL_FIXTURE_NAMES = FIXTURE_NAMES + TEXT_FIXTURE_NAMES
# A text-only spec names the LLaVA spec whose text half (tokenizer, chat template) it reuses.
SHARED_FROM = "tokenizer_and_chat_template_from"
SHARED_KEYS = ("tokenizer", "chat_template", "chat_template_source")


def _read_spec(name: str) -> dict:
    path = SPEC_DIR / f"{name}.json"
    if not path.exists():
        raise FileNotFoundError(
            f"no fixture spec {path}; known: {', '.join(ALL_FIXTURE_NAMES)}"
        )
    return json.loads(path.read_text(encoding="utf-8"))


def load_spec(name: str) -> dict:
    spec = _read_spec(name)
    if SHARED_FROM in spec:
        source = _read_spec(spec[SHARED_FROM])
        for key in SHARED_KEYS:
            spec.setdefault(key, source[key])
    return spec


def spec_kind(spec: dict) -> str:
    """"llava" or "text" (a plain causal decoder)."""
    return spec.get("kind", "llava")


def spec_hash(name: str) -> str:
    """Hash of everything a fixture is derived from: its spec(s), the corpus and this builder."""
    h = hashlib.sha256()
    h.update((SPEC_DIR / f"{name}.json").read_bytes())
    shared = _read_spec(name).get(SHARED_FROM)
    if shared:
        h.update((SPEC_DIR / f"{shared}.json").read_bytes())
    for path in sorted(CORPUS_DIR.glob("*.txt")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    h.update(pathlib.Path(__file__).read_bytes())
    return h.hexdigest()


def corpus_lines() -> list[str]:
    lines = []
    for path in sorted(CORPUS_DIR.glob("*.txt")):
        lines.extend(
            line
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()
        )
    return lines


# --- tokenizers -----------------------------------------------------------------------------------


def _sentencepiece_bpe(spec: dict):
    """Llama-style BPE: '▁' metaspace, <unk>/<s>/</s>, <0x00>..<0xFF> byte fallback."""
    from tokenizers import (
        Tokenizer,
        decoders,
        models,
        normalizers,
        pre_tokenizers,
        processors,
    )
    from tokenizers.trainers import BpeTrainer

    unk, bos, eos = spec["unk_token"], spec["bos_token"], spec["eos_token"]
    byte_tokens = [f"<0x{b:02X}>" for b in range(256)]
    base = [unk, bos, eos] + byte_tokens

    # No limit_alphabet: the trainer breaks count ties in that cut in hash order (not byte-stable).
    # Learn merges per word (Metaspace split), like SentencePiece's split_by_whitespace.
    trainer_tok = Tokenizer(models.BPE(unk_token=unk))
    trainer_tok.pre_tokenizer = pre_tokenizers.Metaspace(
        replacement="▁", prepend_scheme="first"
    )
    trainer = BpeTrainer(
        vocab_size=spec["vocab_size"] - len(base),
        special_tokens=[],
        show_progress=False,
    )
    trainer_tok.train_from_iterator(corpus_lines(), trainer=trainer)
    trained = json.loads(trainer_tok.to_str())["model"]

    vocab = {tok: i for i, tok in enumerate(base)}
    for tok, _ in sorted(trained["vocab"].items(), key=lambda kv: kv[1]):
        if tok not in vocab:
            vocab[tok] = len(vocab)
    merges = [
        tuple(m) if isinstance(m, list) else tuple(m.split(" "))
        for m in trained["merges"]
    ]

    tok = Tokenizer(
        models.BPE(
            vocab=vocab, merges=merges, unk_token=unk, byte_fallback=True, fuse_unk=True
        )
    )
    # The classic Llama tokenizer.json pipeline: prepend ▁, spaces -> ▁, no pre-tokenizer.
    tok.normalizer = normalizers.Sequence(
        [normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")]
    )
    tok.decoder = decoders.Sequence(
        [
            decoders.Replace("▁", " "),
            decoders.ByteFallback(),
            decoders.Fuse(),
            decoders.Strip(" ", 1, 0),
        ]
    )
    from tokenizers import AddedToken

    tok.add_special_tokens(
        [AddedToken(t, special=True, normalized=False) for t in (unk, bos, eos)]
    )
    tok.add_special_tokens(
        [
            AddedToken(t, special=True, normalized=False)
            for t in spec["extra_special_tokens"]
        ]
    )
    bos_id = tok.token_to_id(bos)
    tok.post_processor = processors.TemplateProcessing(
        single=f"{bos}:0 $A:0",
        pair=f"{bos}:0 $A:0 {bos}:1 $B:1",
        special_tokens=[(bos, bos_id)],
    )
    return tok


def _byte_level_bpe(spec: dict):
    """Qwen2-style byte-level BPE: NFC, Split(regex) then ByteLevel(use_regex=False)."""
    from tokenizers import (
        AddedToken,
        Regex,
        Tokenizer,
        decoders,
        models,
        normalizers,
        pre_tokenizers,
        processors,
    )
    from tokenizers.trainers import BpeTrainer

    tok = Tokenizer(models.BPE())
    tok.normalizer = normalizers.NFC()
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(
                Regex(spec["split_pattern"]), behavior="isolated", invert=False
            ),
            pre_tokenizers.ByteLevel(
                add_prefix_space=False, trim_offsets=False, use_regex=False
            ),
        ]
    )
    tok.decoder = decoders.ByteLevel()
    tok.post_processor = processors.ByteLevel(trim_offsets=False)
    trainer = BpeTrainer(
        vocab_size=spec["vocab_size"] - len(spec["special_tokens"]),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        special_tokens=[],
        show_progress=False,
    )
    tok.train_from_iterator(corpus_lines(), trainer=trainer)
    tok.add_special_tokens(
        [AddedToken(t, special=True, normalized=False) for t in spec["special_tokens"]]
    )
    return tok


def build_tokenizer(spec: dict):
    from transformers import PreTrainedTokenizerFast

    tspec = spec["tokenizer"]
    if tspec["kind"] == "sentencepiece_bpe":
        raw = _sentencepiece_bpe(tspec)
    elif tspec["kind"] == "byte_level_bpe":
        raw = _byte_level_bpe(tspec)
    else:
        raise ValueError(f"unknown tokenizer kind {tspec['kind']!r}")
    kwargs = {
        k: tspec[k]
        for k in ("unk_token", "bos_token", "eos_token", "pad_token")
        if tspec.get(k)
    }
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=raw, **kwargs)
    return tokenizer


# --- model ----------------------------------------------------------------------------------------


def build_config(spec: dict, tokenizer):
    from transformers import LlavaConfig

    cfg = json.loads(json.dumps(spec["llava_config"]))
    cfg["text_config"]["vocab_size"] = len(tokenizer)
    _special_token_ids(cfg["text_config"], spec, tokenizer)
    image_id = tokenizer.convert_tokens_to_ids("<image>")
    config = LlavaConfig(image_token_index=image_id, **cfg)
    return config


def _init_weights(model, spec: dict) -> None:
    """Deterministic re-init of every parameter so greedy decoding is not degenerate.

    Why not the default init: std 0.02 everywhere makes a tiny random model collapse to one token.
    Matrices get N(0, gain/sqrt(fan_in)), embeddings N(0, embedding_std), biases N(0, bias_std),
    norm weights 1 + U(-jitter, jitter), norm biases N(0, bias_std).
    """
    import torch

    w = spec["weight_init"]
    gen = torch.Generator().manual_seed(spec["seed"])
    with torch.no_grad():
        for name, param in sorted(model.named_parameters(), key=lambda kv: kv[0]):
            shape = tuple(param.shape)
            lname = name.lower()
            is_norm = "norm" in lname
            if is_norm and name.endswith("weight"):
                value = (
                    1.0 + (torch.rand(shape, generator=gen) * 2 - 1) * w["norm_jitter"]
                )
            elif name.endswith("bias"):
                value = torch.randn(shape, generator=gen) * w["bias_std"]
            elif "embed" in lname and "patch_embedding" not in lname:
                value = torch.randn(shape, generator=gen) * w["embedding_std"]
            elif len(shape) >= 2:
                fan_in = math.prod(shape[1:])
                value = torch.randn(shape, generator=gen) * (
                    w["matrix_gain"] / math.sqrt(fan_in)
                )
            else:
                value = torch.randn(shape, generator=gen) * w["bias_std"]
            param.copy_(value.to(param.dtype))


def build_model(spec: dict, config):
    import torch
    from transformers import GenerationConfig, LlavaForConditionalGeneration

    torch.manual_seed(spec["seed"])
    model = LlavaForConditionalGeneration(config).to(torch.float32).eval()
    _init_weights(model, spec)
    tc = config.text_config
    model.generation_config = GenerationConfig(
        bos_token_id=getattr(tc, "bos_token_id", None),
        eos_token_id=tc.eos_token_id,
        pad_token_id=getattr(tc, "pad_token_id", None),
        do_sample=False,
    )
    return model


def _special_token_ids(cfg: dict, spec: dict, tokenizer) -> None:
    tspec = spec["tokenizer"]
    for key in ("bos_token", "eos_token", "pad_token"):
        if tspec.get(key):
            cfg[f"{key}_id"] = tokenizer.convert_tokens_to_ids(tspec[key])


def build_text_config(spec: dict, tokenizer):
    """LlamaConfig / Qwen2Config from the spec's text_config, sized to the tokenizer."""
    from transformers import CONFIG_MAPPING

    cfg = json.loads(json.dumps(spec["text_config"]))
    model_type = cfg.pop("model_type")
    cfg["vocab_size"] = len(tokenizer)
    _special_token_ids(cfg, spec, tokenizer)
    return CONFIG_MAPPING[model_type](**cfg)


def build_text_model(spec: dict, config):
    import torch
    import transformers
    from transformers import GenerationConfig

    cls = getattr(transformers, spec["architecture"])
    if cls.config_class.model_type != config.model_type:
        raise ValueError(
            f"{spec['name']}: {spec['architecture']} is for {cls.config_class.model_type}, "
            f"not {config.model_type}"
        )
    torch.manual_seed(spec["seed"])
    model = cls(config).to(torch.float32).eval()
    _init_weights(model, spec)
    model.generation_config = GenerationConfig(
        bos_token_id=getattr(config, "bos_token_id", None),
        eos_token_id=config.eos_token_id,
        pad_token_id=getattr(config, "pad_token_id", None),
        do_sample=False,
    )
    return model


def build_processor(spec: dict, tokenizer):
    from transformers import LlavaProcessor
    from transformers.models.clip.image_processing_pil_clip import CLIPImageProcessorPil
    from transformers.models.siglip.image_processing_pil_siglip import (
        SiglipImageProcessorPil,
    )

    p = dict(spec["processor"])
    cls = {
        "CLIPImageProcessorPil": CLIPImageProcessorPil,
        "SiglipImageProcessorPil": SiglipImageProcessorPil,
    }[p.pop("class")]
    patch_size = p.pop("patch_size")
    extra = p.pop("num_additional_image_tokens")
    image_processor = cls(**p)
    return LlavaProcessor(
        image_processor=image_processor,
        tokenizer=tokenizer,
        chat_template=spec["chat_template"],
        patch_size=patch_size,
        vision_feature_select_strategy=spec["llava_config"][
            "vision_feature_select_strategy"
        ],
        num_additional_image_tokens=extra,
    )


def _canonicalize_json(directory: pathlib.Path) -> None:
    """Rewrite JSON files with sorted keys so the bytes do not depend on dict insertion order."""
    for path in sorted(directory.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(
            json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )


@contextlib.contextmanager
def atomic_dir(out_dir, name: str):
    """A temporary sibling of out_dir to fill; it replaces out_dir only when the block succeeds,
    so a reader never sees a half-written checkpoint."""
    out_dir = pathlib.Path(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = pathlib.Path(tempfile.mkdtemp(prefix=f".{name}.", dir=out_dir.parent))
    try:
        yield tmp
        if out_dir.exists():
            shutil.rmtree(out_dir)
        tmp.rename(out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def build_fixture(name: str, out_dir: pathlib.Path) -> pathlib.Path:
    import torch

    torch.use_deterministic_algorithms(True)
    spec = load_spec(name)
    tokenizer = build_tokenizer(spec)
    if spec_kind(spec) == "text":
        model = build_text_model(spec, build_text_config(spec, tokenizer))
        tokenizer.chat_template = spec["chat_template"]
        processor = None
    else:
        model = build_model(spec, build_config(spec, tokenizer))
        processor = build_processor(spec, tokenizer)

    with atomic_dir(out_dir, name) as tmp:
        model.save_pretrained(tmp, safe_serialization=True)
        if processor is None:
            tokenizer.save_pretrained(tmp)
        else:
            processor.save_pretrained(tmp)
            # 5.23 nests the image processor in processor_config.json only; many published
            # checkpoints (the pinned real one included) also carry preprocessor_config.json.
            processor.image_processor.save_pretrained(tmp)
        _canonicalize_json(tmp)
        tmp.chmod(0o755)
        for path in tmp.iterdir():
            path.chmod(0o644)
        (tmp / SPEC_HASH_FILE).write_text(spec_hash(name) + "\n", encoding="utf-8")
    return pathlib.Path(out_dir)


def is_current(name: str, out_dir: pathlib.Path) -> bool:
    marker = pathlib.Path(out_dir) / SPEC_HASH_FILE
    return marker.exists() and marker.read_text(encoding="utf-8").strip() == spec_hash(
        name
    )


def ensure_fixture(
    name: str, out_root: pathlib.Path | None = None, force: bool = False
) -> pathlib.Path:
    out_dir = pathlib.Path(out_root or paths.fixtures_dir()) / name
    if force or not is_current(name, out_dir):
        build_fixture(name, out_dir)
    return out_dir


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m vlmxla_oracle fixtures")
    parser.add_argument("--name", choices=ALL_FIXTURE_NAMES, help="build only this fixture")
    parser.add_argument(
        "--force", action="store_true", help="rebuild even when up to date"
    )
    parser.add_argument(
        "--out", type=pathlib.Path, help="root dir (default: cache fixtures dir)"
    )
    args = parser.parse_args(argv)
    for name in [args.name] if args.name else ALL_FIXTURE_NAMES:
        out_dir = pathlib.Path(args.out or paths.fixtures_dir()) / name
        state = (
            "rebuilt" if args.force or not is_current(name, out_dir) else "up to date"
        )
        path = ensure_fixture(name, args.out, force=args.force)
        print(f"{name}: {path} ({state})")
    return 0
