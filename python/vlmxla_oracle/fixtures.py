"""Builds the tiny fixture checkpoints from the committed specs in fixture_configs/.

Four kinds: LLaVA fixtures (LlavaForConditionalGeneration + LlavaProcessor), LLaVA-NeXT ones
(LlavaNextForConditionalGeneration + LlavaNextProcessor, the same `llava_config` spec layout
plus image_grid_pinpoints, which the image processor shares), text-only decoders
(LlamaForCausalLM / Qwen2ForCausalLM + their tokenizer), which reuse a LLaVA fixture's tokenizer
and chat template, and Qwen2-VL / Qwen2.5-VL fixtures (Qwen2VLForConditionalGeneration /
Qwen2_5_VLForConditionalGeneration, a Qwen-style byte-level BPE tokenizer with the vision special
tokens, Qwen2VLImageProcessorPil, the Qwen2-VL chat template). Everything is written by
Transformers' own classes (save_pretrained) so the files have exactly the layout Transformers
produces; a Qwen fixture's processor class cannot be constructed without torchvision (qwen.py),
so its tokenizer (with chat_template.jinja) and image processor (preprocessor_config.json) are
saved each by its own class, as the published Qwen2-VL checkpoints lay them out.

Seeded random weights alone give greedy paths with near-ties: over 16 steps the smallest top-1 /
top-2 logit gap of a random tiny decoder is ~0.005-0.03, far inside bfloat16's own rounding noise
(~0.03-0.15 on these logits), so "greedy tokens exact in bfloat16" would be a coin toss. Each spec
therefore names an answer per standard case ("greedy_answers"), and the builder teaches the
decoder those answers (a few deterministic Adam steps on the case conversations, vision tower
and projector frozen): greedy margins become ~8 logits on every step, in every dtype.

Dtype variants: `<name>-bf16` and `<name>-f16` are the same float32 weights cast by
`from_pretrained(dtype=...)` and saved with save_pretrained (config.json "dtype" says so);
`<name>-f16-hub` / `<name>-bf16-hub` are the same again in the Hugging Face Hub layout (sharded
`model-0000i-of-0000n.safetensors` + `model.safetensors.index.json`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import pathlib
import shutil
import tempfile

from . import paths, qwen

SPEC_DIR = pathlib.Path(__file__).resolve().parent / "fixture_configs"
CORPUS_DIR = pathlib.Path(__file__).resolve().parent / "corpus"
SPEC_HASH_FILE = "vlmxla_fixture_spec.sha256"
FIXTURE_NAMES = ("tiny-llava-clip-llama", "tiny-llava-siglip-qwen2")
TEXT_FIXTURE_NAMES = ("tiny-llama", "tiny-qwen2", "tiny-qwen3", "tiny-gemma3-text")
ALL_FIXTURE_NAMES = FIXTURE_NAMES + TEXT_FIXTURE_NAMES
# The Qwen2-VL / Qwen2.5-VL fixtures run under their own gate family; the LLaVA and
# text-only suites and the dtype tests iterate ALL_FIXTURE_NAMES above, as before.
QWEN_FIXTURE_NAMES = ("tiny-qwen2-vl", "tiny-qwen2.5-vl")
# Qwen3-VL (families/qwen3_vl.py): its own gate family; built as a Qwen kind (qwen.py).
QWEN3_VL_FIXTURE_NAMES = ("tiny-qwen3-vl",)
# LLaVA-NeXT / LLaVA-OneVision (families/llava_next.py): gated under their own family.
LLAVA_NEXT_FIXTURE_NAMES = ("tiny-llava-next", "tiny-llava-onevision")
# Gemma 3 (families/gemma3.py): a `gemma3_config` spec, gated under its own family.
# tiny-gemma3-pas: pan-and-scan on (its processor cuts the wide, tall and scene images).
GEMMA3_FIXTURE_NAMES = ("tiny-gemma3", "tiny-gemma3-pas")
KNOWN_FIXTURE_NAMES = (ALL_FIXTURE_NAMES + QWEN_FIXTURE_NAMES + LLAVA_NEXT_FIXTURE_NAMES
                       + QWEN3_VL_FIXTURE_NAMES + GEMMA3_FIXTURE_NAMES)
# The multimodal gate's families: `gate --family F` runs these fixtures.
FAMILY_FIXTURES = {"llava": FIXTURE_NAMES, "qwen2_vl": ("tiny-qwen2-vl",),
                   "qwen2_5_vl": ("tiny-qwen2.5-vl",), "llava_next": ("tiny-llava-next",),
                   "llava_onevision": ("tiny-llava-onevision",),
                   "qwen3_vl": QWEN3_VL_FIXTURE_NAMES, "gemma3": GEMMA3_FIXTURE_NAMES}
QWEN_KINDS = qwen.MODEL_TYPES
# The LLaVA-like kinds: a `llava_config` spec, a LLaVA-style processor; by kind, their config,
# model and processor classes (fixtures of kind "llava" are built exactly as before).
LLAVA_CLASSES = {
    "llava": ("LlavaConfig", "LlavaForConditionalGeneration", "LlavaProcessor"),
    "llava_next": ("LlavaNextConfig", "LlavaNextForConditionalGeneration", "LlavaNextProcessor"),
    "llava_onevision": ("LlavaOnevisionConfig", "LlavaOnevisionForConditionalGeneration",
                        "LlavaOnevisionProcessor"),
}
# Compute/storage dtypes, by their torch name, with the short names manifests and suffixes use.
DTYPES = {"float32": "f32", "bfloat16": "bf16", "float16": "f16"}
NARROW_DTYPES = ("bfloat16", "float16")
HUB_SUFFIX = "-hub"
# The Hub-layout copies are sharded at a third of the weight bytes: at least 2 shards, always.
HUB_SHARDS = 3
# A text-only spec names the LLaVA spec whose text half (tokenizer, chat template) it reuses.
SHARED_FROM = "tokenizer_and_chat_template_from"
SHARED_KEYS = ("tokenizer", "chat_template", "chat_template_source")


def variant_name(name: str, dtype: str = "float32", hub: bool = False) -> str:
    """The fixture name of `name` stored in `dtype` (float32 keeps the plain name), optionally in
    the sharded Hub layout."""
    if dtype not in DTYPES:
        raise ValueError(f"unknown dtype {dtype!r}; known: {', '.join(DTYPES)}")
    out = name if dtype == "float32" and not hub else f"{name}-{DTYPES[dtype]}"
    return out + (HUB_SUFFIX if hub else "")


def parse_name(name: str) -> tuple[str, str, bool]:
    """(spec name, torch dtype name, hub layout) of a fixture name such as tiny-llama-bf16."""
    hub = name.endswith(HUB_SUFFIX)
    stem = name.removesuffix(HUB_SUFFIX) if hub else name
    for dtype, short in DTYPES.items():
        if stem.endswith(f"-{short}") and stem.removesuffix(f"-{short}") in KNOWN_FIXTURE_NAMES:
            return stem.removesuffix(f"-{short}"), dtype, hub
    if hub:
        raise FileNotFoundError(f"no fixture named {name!r}; known: "
                                f"{', '.join(KNOWN_FIXTURE_NAMES)} (+ -bf16/-f16, + -hub)")
    return name, "float32", False  # a spec of its own (fixture_configs/<name>.json)


def variant_names(names=ALL_FIXTURE_NAMES) -> tuple[str, ...]:
    """Every single-file dtype variant of `names`: float32 (the plain name), bf16, f16."""
    return tuple(variant_name(n, d) for n in names for d in DTYPES)


def _read_spec(name: str) -> dict:
    path = SPEC_DIR / f"{name}.json"
    if not path.exists():
        raise FileNotFoundError(
            f"no fixture spec {path}; known: {', '.join(KNOWN_FIXTURE_NAMES)}"
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
    """"llava", "llava_next", "llava_onevision", "text" (a plain causal decoder), "qwen2_vl" or
    "qwen2_5_vl"."""
    return spec.get("kind", "llava")


def spec_hash(name: str) -> str:
    """Hash of everything a fixture is derived from: its spec(s), the corpus, this builder, the
    cases and images it is taught to answer, and (for a variant) its dtype and layout."""
    base, dtype, hub = parse_name(name)
    if (base, dtype, hub) != (name, "float32", False):
        variant = f"{spec_hash(base)}\n{dtype}\n{'hub/' + str(HUB_SHARDS) if hub else 'single'}"
        return hashlib.sha256(variant.encode()).hexdigest()
    h = hashlib.sha256()
    if "greedy_answers" in _read_spec(name):  # taught on the standard cases' conversations
        here = pathlib.Path(__file__).resolve().parent
        # A Qwen fixture's conversations are prepared by qwen.py.
        qwen_kind = spec_kind(_read_spec(name)) in QWEN_KINDS
        for module in ("cases.py", "images.py", *(("qwen.py",) if qwen_kind else ())):
            h.update((here / module).read_bytes())
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
    # Named special tokens a processor reads off its tokenizer (Gemma 3's boi_token, eoi_token,
    # image_token), saved in tokenizer_config.json.
    if tspec.get("named_special_tokens"):
        kwargs["extra_special_tokens"] = dict(tspec["named_special_tokens"])
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=raw, **kwargs)
    return tokenizer


# --- model ----------------------------------------------------------------------------------------


def _llava_class(spec: dict, role: int):
    """The spec kind's config (0), model (1) or processor (2) class (LLAVA_CLASSES)."""
    import transformers

    return getattr(transformers, LLAVA_CLASSES[spec_kind(spec)][role])


def build_config(spec: dict, tokenizer):
    cfg = json.loads(json.dumps(spec["llava_config"]))
    cfg["text_config"]["vocab_size"] = len(tokenizer)
    _special_token_ids(cfg["text_config"], spec, tokenizer)
    image_id = tokenizer.convert_tokens_to_ids("<image>")
    if "<video>" in tokenizer.get_vocab():  # LLaVA-OneVision's video placeholder
        cfg["video_token_index"] = tokenizer.convert_tokens_to_ids("<video>")
    config = _llava_class(spec, 0)(image_token_index=image_id, **cfg)
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
            is_norm = "norm" in lname or ".ln_" in lname  # Qwen's merger.ln_q
            if is_norm and name.endswith("weight"):
                value = (
                    1.0 + (torch.rand(shape, generator=gen) * 2 - 1) * w["norm_jitter"]
                )
            elif name.endswith("bias"):
                value = torch.randn(shape, generator=gen) * w["bias_std"]
            elif "embed" in lname and "patch_embed" not in lname:
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
    from transformers import GenerationConfig

    torch.manual_seed(spec["seed"])
    model = _llava_class(spec, 1)(config).to(torch.float32).eval()
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
    """The spec's architecture (a causal decoder, or a Qwen VLM) from `config`, seeded."""
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
    tc = config.get_text_config()  # the config itself for a plain decoder
    model.generation_config = GenerationConfig(
        bos_token_id=getattr(tc, "bos_token_id", None),
        eos_token_id=tc.eos_token_id,
        pad_token_id=getattr(tc, "pad_token_id", None),
        do_sample=False,
    )
    return model


def _answer_batch(spec: dict, tokenizer, processor) -> list[dict]:
    """Teacher-forced sequences: each standard generating case's prompt (as the oracle builds
    it) followed by the first `answer_tokens` tokens of the spec's answer for that case. For a
    Qwen fixture `processor` is a qwen.Processing (the oracle's preparation)."""
    from transformers.image_utils import load_image

    from . import cases as cases_mod
    from . import families
    from . import images as images_mod
    from .capture import build_messages

    teach = spec["greedy_answers"]
    imgs = images_mod.write_images()
    scene, second, wide = (str(imgs[n]) for n in ("scene.png", "second.png", "wide.png"))
    batch = []
    for case in cases_mod.generating_cases(spec_kind(spec), scene, second, wide):
        answer = tokenizer(teach["answers"][case["name"]], add_special_tokens=False)["input_ids"]
        answer = answer[: teach["answer_tokens"]]
        if len(answer) < cases_mod.MAX_NEW_TOKENS:
            raise ValueError(f"{spec['name']}: the answer for {case['name']} has {len(answer)} "
                             f"tokens, fewer than the {cases_mod.MAX_NEW_TOKENS} the gate decodes")
        messages = build_messages(case)
        if isinstance(processor, qwen.Processing):
            images = [load_image(p) for p in case["images"]]
            inputs = qwen.prepare(processor, qwen.render(processor, messages), images)
            ids = inputs.pop("input_ids")[0].tolist()
            types = inputs.pop("mm_token_type_ids")[0].tolist()
            extra = {k: inputs[k] for k in ("pixel_values", "image_grid_thw") if k in inputs}
            extra["mm_token_type_ids"] = [types + [0] * len(answer)]
        elif processor is None:
            ids = tokenizer.apply_chat_template(messages, add_generation_prompt=True,
                                                tokenize=True, return_dict=True)["input_ids"]
            extra = {}
        else:
            rendered = processor.apply_chat_template(messages, add_generation_prompt=True,
                                                     tokenize=False)
            images = [load_image(p) for p in case["images"]] or None
            # As the oracle hands them over (a family that reads a prompt's images as one
            # sample: LLaVA-OneVision's several-images rule).
            nested = images and getattr(_family_of(spec), "NESTED_IMAGES", False)
            inputs = processor(images=[images] if nested else images, text=rendered,
                               return_tensors="pt", **families.call_kwargs(processor))
            ids = inputs["input_ids"][0].tolist()
            # LLaVA-NeXT's model also needs each image's size (its tile grid), OneVision's the
            # images per sample.
            extra = {k: inputs[k] for k in ("pixel_values", "image_sizes", "batch_num_images")
                     if images and k in inputs}
            if "token_type_ids" in inputs:  # Gemma 3: which positions are image soft tokens
                extra["token_type_ids"] = [inputs["token_type_ids"][0].tolist() + [0] * len(answer)]
        batch.append({"input_ids": [ids + answer], "labels": [[-100] * len(ids) + answer],
                      **extra})
    return batch


def teach_answers(model, spec: dict, tokenizer, processor) -> None:
    """A few deterministic Adam steps (one thread) on the standard cases' conversations so the
    decoder answers each with the spec's text by a wide margin. The vision tower and projector
    stay as seeded (LLaVA's vision_tower + multi_modal_projector, LLaVA-NeXT's image_newline too,
    Qwen's visual tower with its merger): only the decoder (embeddings, layers, norm, LM head) learns."""
    import torch

    teach = spec.get("greedy_answers")
    if not teach:
        return
    batch = _answer_batch(spec, tokenizer, processor)
    frozen = ("vision_tower.", "multi_modal_projector.", "visual.", "image_newline")
    params = [p for n, p in model.named_parameters() if not n.removeprefix("model.").startswith(frozen)]
    for p in model.parameters():
        p.requires_grad_(False)
    for p in params:
        p.requires_grad_(True)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # the same reduction order on any machine
    try:
        optimizer = torch.optim.Adam(params, lr=teach["lr"])
        model.train()
        for _ in range(teach["steps"]):
            loss = sum(model(**{k: torch.as_tensor(v) for k, v in item.items()}).loss
                       for item in batch)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    finally:
        torch.set_num_threads(threads)
        model.eval()
        for p in model.parameters():
            p.requires_grad_(True)


# Qwen2-VL / Qwen2.5-VL: config token ids -> the tokenizer's token.
QWEN_TOKEN_IDS = {"image_token_id": "<|image_pad|>", "video_token_id": "<|video_pad|>",
                  "vision_start_token_id": "<|vision_start|>",
                  "vision_end_token_id": "<|vision_end|>"}


def build_qwen_config(spec: dict, tokenizer):
    """Qwen2VLConfig / Qwen2_5_VLConfig (the nested v5 layout) from the spec's qwen_config, sized
    to the tokenizer, with the vision token ids the tokenizer gives."""
    from transformers import CONFIG_MAPPING

    cfg = json.loads(json.dumps(spec["qwen_config"]))
    text = cfg["text_config"]
    text["vocab_size"] = len(tokenizer)
    # The text config's own defaults are Qwen's 151k-vocab ids: state every special id.
    for key in ("bos_token", "eos_token", "pad_token"):
        text[f"{key}_id"] = None
    _special_token_ids(text, spec, tokenizer)
    text.setdefault("tie_word_embeddings", cfg.get("tie_word_embeddings", False))
    for key, token in QWEN_TOKEN_IDS.items():
        tid = tokenizer.convert_tokens_to_ids(token)
        if tid is None or tid == tokenizer.unk_token_id:
            raise ValueError(f"{spec['name']}: the tokenizer has no {token}")
        cfg[key] = tid
    return CONFIG_MAPPING[spec_kind(spec)](**cfg)


def build_qwen_processing(spec: dict, tokenizer):
    """The fixture's preparation as the oracle does it (qwen.Processing): the PIL image processor
    from the spec, the tokenizer with the chat template, the oracle's placeholder expansion."""
    from transformers.models.qwen2_vl.image_processing_pil_qwen2_vl import (
        Qwen2VLImageProcessorPil,
    )

    p = dict(spec["processor"])
    if p.pop("class") != "Qwen2VLImageProcessorPil":
        raise ValueError(f"{spec['name']}: processor.class must be Qwen2VLImageProcessorPil")
    image_processor = Qwen2VLImageProcessorPil(**p)
    tokenizer.chat_template = spec["chat_template"]
    return qwen.Processing(tokenizer, image_processor, spec["chat_template"], None,
                           {"by": "oracle", "rule": qwen.EXPANSION_RULE})


# Gemma 3: config token ids -> the tokenizer's token.
GEMMA3_TOKEN_IDS = {"boi_token_index": "<start_of_image>", "eoi_token_index": "<end_of_image>",
                    "image_token_index": "<image_soft_token>"}


def build_gemma3_config(spec: dict, tokenizer):
    """Gemma3Config from the spec's gemma3_config, sized to the tokenizer, with the image token
    ids the tokenizer gives."""
    from transformers import Gemma3Config

    cfg = json.loads(json.dumps(spec["gemma3_config"]))
    text = cfg["text_config"]
    text["vocab_size"] = len(tokenizer)
    _special_token_ids(text, spec, tokenizer)
    for key, token in GEMMA3_TOKEN_IDS.items():
        tid = tokenizer.convert_tokens_to_ids(token)
        if tid is None or tid == tokenizer.unk_token_id:
            raise ValueError(f"{spec['name']}: the tokenizer has no {token}")
        cfg[key] = tid
    return Gemma3Config(**cfg)


def build_gemma3_processor(spec: dict, tokenizer):
    """Gemma3Processor: the spec's PIL image processor, the tokenizer (with its boi/eoi/image
    tokens), the chat template, mm_tokens_per_image soft tokens per image."""
    from transformers import Gemma3Processor
    from transformers.models.gemma3.image_processing_pil_gemma3 import Gemma3ImageProcessorPil

    p = dict(spec["processor"])
    if p.pop("class") != "Gemma3ImageProcessorPil":
        raise ValueError(f"{spec['name']}: processor.class must be Gemma3ImageProcessorPil")
    return Gemma3Processor(image_processor=Gemma3ImageProcessorPil(**p), tokenizer=tokenizer,
                           chat_template=spec["chat_template"],
                           image_seq_length=spec["gemma3_config"]["mm_tokens_per_image"])


def build_processor(spec: dict, tokenizer):
    from transformers.models.clip.image_processing_pil_clip import CLIPImageProcessorPil
    from transformers.models.llava_next.image_processing_pil_llava_next import (
        LlavaNextImageProcessorPil,
    )
    from transformers.models.llava_onevision.image_processing_pil_llava_onevision import (
        LlavaOnevisionImageProcessorPil,
    )
    from transformers.models.siglip.image_processing_pil_siglip import (
        SiglipImageProcessorPil,
    )

    p = dict(spec["processor"])
    cls = {
        "CLIPImageProcessorPil": CLIPImageProcessorPil,
        "SiglipImageProcessorPil": SiglipImageProcessorPil,
        "LlavaNextImageProcessorPil": LlavaNextImageProcessorPil,
        "LlavaOnevisionImageProcessorPil": LlavaOnevisionImageProcessorPil,
    }[p.pop("class")]
    if "image_grid_pinpoints" in spec["llava_config"]:  # the tiling's grids: one list for both
        p["image_grid_pinpoints"] = spec["llava_config"]["image_grid_pinpoints"]
    if "num_image_tokens" in p:  # LlavaOnevisionProcessor: tokens per view, and anyres_max_N
        from .families import llava_onevision

        tokens = p.pop("num_image_tokens")
        return llava_onevision.make_processor(
            cls(**p), tokenizer, spec["chat_template"], num_image_tokens=tokens,
            vision_feature_select_strategy=spec["llava_config"]["vision_feature_select_strategy"],
            vision_aspect_ratio=spec["llava_config"]["vision_aspect_ratio"])
    patch_size = p.pop("patch_size")
    extra = p.pop("num_additional_image_tokens")
    image_processor = cls(**p)
    return _llava_class(spec, 2)(
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


def _finish_dir(tmp: pathlib.Path, name: str) -> None:
    _canonicalize_json(tmp)
    tmp.chmod(0o755)
    for path in tmp.iterdir():
        path.chmod(0o644)
    (tmp / SPEC_HASH_FILE).write_text(spec_hash(name) + "\n", encoding="utf-8")


def _family_of(spec: dict):
    from . import families

    return families.by_kind(spec_kind(spec))


def _model_class(kind: str):
    import transformers

    if kind in QWEN_KINDS:
        return qwen.model_class(kind)
    if kind == "text":
        return transformers.AutoModelForCausalLM
    if kind == "gemma3":
        return transformers.Gemma3ForConditionalGeneration
    return getattr(transformers, LLAVA_CLASSES[kind][1])


def weight_files(model_dir: pathlib.Path) -> list[pathlib.Path]:
    """The checkpoint's safetensors files: model.safetensors, or the shards the index names."""
    model_dir = pathlib.Path(model_dir)
    index = model_dir / "model.safetensors.index.json"
    if index.exists():
        shards = json.loads(index.read_text(encoding="utf-8"))["weight_map"].values()
        return [model_dir / f for f in sorted(set(shards))]
    return [model_dir / "model.safetensors"]


def _build_variant(name: str, out_dir: pathlib.Path) -> pathlib.Path:
    """The float32 fixture's weights in another dtype and/or the sharded Hub layout, written by
    from_pretrained(dtype=...) + save_pretrained; tokenizer/processor files copied verbatim."""
    import torch

    from .capture import model_kind

    base, dtype, hub = parse_name(name)
    base_dir = ensure_fixture(base, pathlib.Path(out_dir).parent)
    model = _model_class(model_kind(base_dir)).from_pretrained(
        str(base_dir), dtype=getattr(torch, dtype)).eval()
    kwargs = {}
    if hub:
        total = sum(p.numel() * p.element_size() for p in model.parameters())
        kwargs["max_shard_size"] = max(1, total // HUB_SHARDS)
    with atomic_dir(out_dir, name) as tmp:
        model.save_pretrained(tmp, safe_serialization=True, **kwargs)
        written = {p.name for p in tmp.iterdir()}
        for path in sorted(base_dir.iterdir()):
            if path.name not in written and path.name not in (SPEC_HASH_FILE, "model.safetensors"):
                shutil.copyfile(path, tmp / path.name)
        if hub and len(weight_files(tmp)) < 2:
            raise RuntimeError(f"{name}: expected a sharded checkpoint, got {sorted(written)}")
        _finish_dir(tmp, name)
    return pathlib.Path(out_dir)


def build_fixture(name: str, out_dir: pathlib.Path) -> pathlib.Path:
    import torch

    torch.use_deterministic_algorithms(True)
    if parse_name(name) != (name, "float32", False):
        return _build_variant(name, out_dir)
    spec = load_spec(name)
    tokenizer = build_tokenizer(spec)
    if spec_kind(spec) == "text":
        model = build_text_model(spec, build_text_config(spec, tokenizer))
        tokenizer.chat_template = spec["chat_template"]
        processor = None
    elif spec_kind(spec) == "gemma3":
        model = build_text_model(spec, build_gemma3_config(spec, tokenizer))
        processor = build_gemma3_processor(spec, tokenizer)
    elif spec_kind(spec) in QWEN_KINDS:
        # build_text_model takes the architecture the spec names, checked against the config.
        model = build_text_model(spec, build_qwen_config(spec, tokenizer))
        processor = build_qwen_processing(spec, tokenizer)
    else:
        model = build_model(spec, build_config(spec, tokenizer))
        processor = build_processor(spec, tokenizer)
    teach_answers(model, spec, tokenizer, processor)

    with atomic_dir(out_dir, name) as tmp:
        model.save_pretrained(tmp, safe_serialization=True)
        if processor is None:
            tokenizer.save_pretrained(tmp)
        elif spec_kind(spec) in QWEN_KINDS:
            tokenizer.save_pretrained(tmp)  # tokenizer.json, tokenizer_config.json, chat_template.jinja
            processor.image_processor.save_pretrained(tmp)  # preprocessor_config.json
        elif hasattr(_family_of(spec), "save_processor"):
            _family_of(spec).save_processor(processor, tmp)  # a class save_pretrained cannot save
        else:
            processor.save_pretrained(tmp)
            # 5.23 nests the image processor in processor_config.json only; many published
            # checkpoints (the pinned real one included) also carry preprocessor_config.json.
            processor.image_processor.save_pretrained(tmp)
        _finish_dir(tmp, name)
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
    parser.add_argument("--name", help="build only this fixture: " + ", ".join(KNOWN_FIXTURE_NAMES)
                        + ", or a dtype variant (NAME-bf16, NAME-f16), or a sharded Hub-layout "
                        "copy (NAME-f16-hub, NAME-bf16-hub)")
    parser.add_argument("--dtypes", action="store_true",
                        help="also build the bf16 and f16 variants of every fixture")
    parser.add_argument(
        "--force", action="store_true", help="rebuild even when up to date"
    )
    parser.add_argument(
        "--out", type=pathlib.Path, help="root dir (default: cache fixtures dir)"
    )
    args = parser.parse_args(argv)
    names = [args.name] if args.name else (
        variant_names(KNOWN_FIXTURE_NAMES) if args.dtypes else KNOWN_FIXTURE_NAMES)
    for name in names:
        out_dir = pathlib.Path(args.out or paths.fixtures_dir()) / name
        state = (
            "rebuilt" if args.force or not is_current(name, out_dir) else "up to date"
        )
        path = ensure_fixture(name, args.out, force=args.force)
        print(f"{name}: {path} ({state})")
    return 0
