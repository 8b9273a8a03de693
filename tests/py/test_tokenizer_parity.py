"""Parity of `vlmxla tokenize` with Hugging Face `tokenizers`: ids, decode, skip-special decode and
streaming decode, on tokenizers trained here (byte-level BPE and SentencePiece-style BPE) and on
the fixture tokenizers when they can be built."""

from __future__ import annotations

import json
import pathlib
import random
import subprocess

import pytest
from tokenizers import (
    AddedToken,
    Regex,
    Tokenizer,
    decoders,
    models,
    normalizers,
    pre_tokenizers,
    processors,
    trainers,
)

CORPUS_DIR = pathlib.Path(__file__).resolve().parents[2] / "python" / "vlmxla_oracle" / "corpus"
QWEN2_PATTERN = (
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"
    r"|\s*[\r\n]+|\s+(?!\S)|\s+"
)
N_STRINGS = 3000

# Every Unicode White_Space character plus the near misses where regex engines disagree.
SPACES = [
    chr(c)
    for c in [
        9,
        10,
        11,
        12,
        13,
        32,
        0x85,
        0xA0,
        0x1680,
        *range(0x2000, 0x200B),
        0x2028,
        0x2029,
        0x202F,
        0x205F,
        0x3000,
        0x1C,
        0x1D,
        0x1E,
        0x1F,
        0x180E,
        0x200B,
        0xFEFF,
    ]
]
SCRIPTS = [
    (0x41, 0x5A),
    (0x61, 0x7A),
    (0xC0, 0xFF),
    (0x391, 0x3C9),
    (0x410, 0x44F),
    (0x5D0, 0x5EA),
    (0x627, 0x64A),
    (0x905, 0x939),
    (0xE01, 0xE30),
    (0x4E00, 0x4E80),
    (0xAC00, 0xAC80),
    (0x3041, 0x3096),
    (0x30A1, 0x30FA),
    (0x10A0, 0x10C5),
]
EMOJI = ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇺🇸", "🇯🇵", "❤️", "🤖", "👩🏿‍💻", "🧑‍🚀"]
DIGITS = list("0123456789") + ["٣", "५", "５", "²", "½"]
CODE = [
    "def f(x):\n    return x+1\n",
    "for (int i = 0; i < n; ++i) {}",
    "a->b",
    "x == y != z",
    "#include <vector>",
    '{"k": [1, 2]}',
    "\t\tif x:\n",
    "SELECT * FROM t;",
    "//",
    "~/.bashrc",
]
CONTRACTIONS = ["don't", "DON'T", "I'M", "we'Ll", "she's", "THEY'RE", "it'S", "you'VE", "'d", "'"]


def corpus_lines() -> list[str]:
    lines = []
    for path in sorted(CORPUS_DIR.glob("*.txt")):
        lines += [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
    return lines or ["the quick brown fox jumps over the lazy dog", "hello world 123"]


def random_strings(seed: int, added: list[str]) -> list[str]:
    rng = random.Random(seed)
    lines = corpus_lines()
    words = [w for ln in lines for w in ln.split()]

    def letter() -> str:
        lo, hi = rng.choice(SCRIPTS)
        return chr(rng.randint(lo, hi))

    def atom() -> str:
        k = rng.randrange(12)
        if k == 0:
            return "".join(letter() for _ in range(rng.randint(1, 8)))
        if k == 1:
            return letter() + "".join(
                chr(rng.randint(0x300, 0x36F)) for _ in range(rng.randint(1, 3))
            )
        if k == 2:
            return rng.choice(EMOJI)
        if k == 3:
            return "".join(rng.choice(SPACES) for _ in range(rng.randint(1, 4)))
        if k == 4:
            return "".join(rng.choice(DIGITS) for _ in range(rng.randint(1, 6)))
        if k == 5:
            return rng.choice(CODE)
        if k == 6:
            return rng.choice(CONTRACTIONS)
        if k == 7:
            return rng.choice(added)
        if k == 8:
            return rng.choice(lines)
        if k == 9:
            return "".join(letter() for _ in range(rng.randint(60, 300)))
        return rng.choice(words)

    out = ["", " ", "  ", "\n", added[0], " " + added[0] + " ", added[0] + added[0]]
    while len(out) < N_STRINGS:
        n = rng.randint(1, 8)
        glue = [rng.choice(["", " ", " ", "\n", rng.choice(SPACES)]) for _ in range(n)]
        out.append("".join(atom() + g for g in glue))
    return out


def added_token_list() -> list[AddedToken]:
    return [
        AddedToken("<image>", special=True, normalized=False),
        AddedToken("<|im_start|>", special=True, normalized=False),
        AddedToken("<|im_end|>", special=True, normalized=False),
        AddedToken("<tool>", special=False, normalized=False, lstrip=True, rstrip=True),
        AddedToken("[mask]", special=False, normalized=True),
    ]


def train_byte_level(tmp: pathlib.Path, gpt2: bool) -> pathlib.Path:
    tok = Tokenizer(models.BPE())
    if gpt2:
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    else:
        tok.normalizer = normalizers.NFC()
        tok.pre_tokenizer = pre_tokenizers.Sequence(
            [
                pre_tokenizers.Split(Regex(QWEN2_PATTERN), behavior="isolated", invert=False),
                pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
            ]
        )
    tok.decoder = decoders.ByteLevel()
    tok.post_processor = processors.ByteLevel(trim_offsets=False)
    trainer = trainers.BpeTrainer(
        vocab_size=700,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        special_tokens=["<|endoftext|>"],
        show_progress=False,
    )
    tok.train_from_iterator(corpus_lines() * 3, trainer)
    tok.add_tokens(added_token_list())
    path = tmp / ("gpt2.json" if gpt2 else "qwen2.json")
    tok.save(str(path))
    return path


def train_sentencepiece(tmp: pathlib.Path, style: str) -> pathlib.Path:
    tok = Tokenizer(models.BPE(unk_token="<unk>", byte_fallback=True, fuse_unk=True))
    if style == "normalizer":
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
    else:
        scheme = "first" if style == "metaspace_first" else "always"
        tok.pre_tokenizer = pre_tokenizers.Metaspace(
            replacement="▁", prepend_scheme=scheme, split=style == "metaspace_first"
        )
        tok.decoder = decoders.Metaspace(replacement="▁", prepend_scheme=scheme)
    trainer = trainers.BpeTrainer(
        vocab_size=500,
        special_tokens=["<unk>", "<s>", "</s>"],
        limit_alphabet=80,
        show_progress=False,
    )
    text = [ln.replace(" ", "▁") for ln in corpus_lines()] * 3
    tok.train_from_iterator(text, trainer)
    # Llama keeps the 256 <0xNN> byte tokens in the model vocabulary, not as added tokens.
    data = json.loads(tok.to_str())
    vocab = data["model"]["vocab"]
    for b in range(256):
        vocab.setdefault(f"<0x{b:02X}>", len(vocab))
    tok = Tokenizer.from_str(json.dumps(data))
    tok.post_processor = processors.TemplateProcessing(single="<s> $A", special_tokens=[("<s>", 1)])
    tok.add_tokens(added_token_list())
    path = tmp / f"sp_{style}.json"
    tok.save(str(path))
    return path


def run_cli(
    vlmxla_bin, tok_path: pathlib.Path, requests: list[dict], tmp: pathlib.Path
) -> list[dict]:
    inp, out = tmp / "in.jsonl", tmp / "out.jsonl"
    inp.write_text("".join(json.dumps(r) + "\n" for r in requests), encoding="utf-8")
    proc = subprocess.run(  # noqa: PLW1510 (the return code is asserted with stderr below)
        [
            str(vlmxla_bin),
            "tokenize",
            "--tokenizer",
            str(tok_path),
            "--input",
            str(inp),
            "--output",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return [json.loads(ln) for ln in out.read_text(encoding="utf-8").split("\n") if ln]


def check_parity(vlmxla_bin, tok_path: pathlib.Path, tmp: pathlib.Path, seed: int) -> None:
    ref = Tokenizer.from_file(str(tok_path))
    added = [t.content for t in ref.get_added_tokens_decoder().values()]
    texts = random_strings(seed, added)
    rng = random.Random(seed + 1)
    requests = [{"text": t, "add_special_tokens": rng.random() < 0.5} for t in texts]
    # Decode-only requests: random ids (bytes that form no character, special tokens) both ways.
    vsize = ref.get_vocab_size()
    # A few ids past the vocabulary, which decoding ignores.
    id_seqs = [[rng.randrange(vsize + 3) for _ in range(rng.randint(0, 30))] for _ in range(500)]
    requests += [{"ids": ids, "skip_special_tokens": i % 2 == 1} for i, ids in enumerate(id_seqs)]
    results = run_cli(vlmxla_bin, tok_path, requests, tmp)
    assert len(results) == len(requests)
    mismatches = []
    for req, res in zip(requests, results):
        assert "error" not in res, (req, res)
        if "text" in req:
            want_ids = ref.encode(req["text"], add_special_tokens=req["add_special_tokens"]).ids
            stream_skip = False
        else:
            want_ids = req["ids"]
            stream_skip = req["skip_special_tokens"]
        want = {
            "ids": want_ids,
            "decoded": ref.decode(want_ids, skip_special_tokens=False),
            "decoded_skip_special": ref.decode(want_ids, skip_special_tokens=True),
            "stream_decoded": ref.decode(want_ids, skip_special_tokens=stream_skip),
        }
        for key, value in want.items():
            if res[key] != value:
                mismatches.append((key, req, res[key], value))
    assert not mismatches, f"{len(mismatches)} of {len(requests)} mismatch; first: {mismatches[:3]}"
    print(f"{tok_path.name}: {len(texts)} texts and {len(id_seqs)} id sequences match")


@pytest.mark.parametrize("style", ["qwen2", "gpt2"])
def test_byte_level_bpe_parity(vlmxla_bin, tmp_path, style):
    path = train_byte_level(tmp_path, gpt2=style == "gpt2")
    check_parity(vlmxla_bin, path, tmp_path, seed=11 if style == "qwen2" else 12)


@pytest.mark.parametrize("style", ["normalizer", "metaspace_first", "metaspace_always"])
def test_sentencepiece_bpe_parity(vlmxla_bin, tmp_path, style):
    path = train_sentencepiece(tmp_path, style)
    check_parity(vlmxla_bin, path, tmp_path, seed=21 + len(style))


def test_fixture_tokenizers_parity(vlmxla_bin, tmp_path):
    from vlmxla_oracle import testing

    fixtures = testing.ensure_fixtures()
    paths = [d / "tokenizer.json" for d in fixtures.values() if (d / "tokenizer.json").exists()]
    assert paths, f"no tokenizer.json in fixtures {fixtures}"
    for i, path in enumerate(paths):
        check_parity(vlmxla_bin, path, tmp_path, seed=31 + i)


def test_cli_reports_errors_per_line(vlmxla_bin, tmp_path):
    path = train_byte_level(tmp_path, gpt2=False)
    results = run_cli(vlmxla_bin, path, [{"nothing": 1}, {"ids": ["x"]}, {"text": "ok"}], tmp_path)
    assert results[0]["error"]["reason"] == "invalid_request"
    assert results[1]["error"]["reason"] == "invalid_request"
    assert Tokenizer.from_file(str(path)).encode("ok").ids == results[2]["ids"]
