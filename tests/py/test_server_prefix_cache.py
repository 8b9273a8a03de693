"""The prefix cache and the image cache end to end, through the official `openai` client: a chat's
second turn about the same image (its first turn's KV restored, the image not encoded again), a
new question about that image (the image cache), a repeat and plain text requests, run at once
under continuous batching, give the same text and log-probabilities on a server with both caches
as on one with both off (`--prefix-cache-mib 0 --image-cache-mib 0`), exactly, greedy and seeded,
and /metrics counts the hits. Qwen2-VL (M-RoPE: the suffix's positions follow the prefix's image)
in every dtype on both CPU backends, LLaVA on pjrt-cpu in float32 and iree-cpu in bfloat16, and
Qwen3-VL (an image's DeepStack rows cached with its feature rows) on pjrt-cpu in float32 and
iree-cpu in bfloat16; and quantized weights (`--weights int8`: a tied LLaVA, whose quantized
embedding table is dequantized in every prefill program; `--weights int4`: Qwen2-VL)."""

from __future__ import annotations

import concurrent.futures
import re
import subprocess

import pytest
from test_server import _client, _data_uri, serving
from vlmxla_oracle import testing
from vlmxla_oracle.fixtures import QWEN3_VL_FIXTURE_NAMES, QWEN_FIXTURE_NAMES

# Exact in every dtype, tokens and log-probabilities alike: with the same chunks
# (--prefill-chunk, small enough that turn one holds whole chunks) a cached run computes every
# value as the uncached run does, whichever requests share its decode steps.
CHUNK = "16"
CONFIGS = [
    *[("tiny-qwen2-vl", b, d, "stored") for b in ("pjrt-cpu", "iree-cpu")
      for d in ("float32", "bfloat16", "float16")],
    ("tiny-llava-clip-llama", "pjrt-cpu", "float32", "stored"),
    ("tiny-llava-clip-llama", "iree-cpu", "bfloat16", "stored"),
    ("tiny-qwen3-vl", "pjrt-cpu", "float32", "stored"),
    ("tiny-qwen3-vl", "iree-cpu", "bfloat16", "stored"),
    ("tiny-llava-siglip-qwen2", "pjrt-cpu", "float32", "int8"),
    ("tiny-qwen2-vl", "pjrt-cpu", "float32", "int4"),
]


def _model_dir(name: str):
    if name in QWEN_FIXTURE_NAMES:
        return testing.ensure_fixtures(QWEN_FIXTURE_NAMES)[name]
    if name in QWEN3_VL_FIXTURE_NAMES:
        return testing.ensure_fixtures(QWEN3_VL_FIXTURE_NAMES)[name]
    return testing.ensure_fixtures()[name]


def _user(image: str | None, text: str) -> dict:
    parts = [{"type": "image_url", "image_url": {"url": _data_uri(image)}}] if image else []
    return {"role": "user", "content": [*parts, {"type": "text", "text": text}]}


def _ask(client, model: str, messages: list[dict], *, stream: bool = False, **sampling) -> dict:
    kwargs = {"model": model, "messages": messages, "max_tokens": 8, "logprobs": True,
              "top_logprobs": 3, **sampling}
    if not stream:
        r = client.chat.completions.create(**kwargs)
        c = r.choices[0]
        return {"text": c.message.content, "finish": c.finish_reason,
                "logprobs": [(t.token, t.logprob, [(a.token, a.logprob) for a in t.top_logprobs])
                             for t in c.logprobs.content],
                "prompt_tokens": r.usage.prompt_tokens}
    text, logprobs, finish = "", [], None
    for chunk in client.chat.completions.create(**kwargs, stream=True,
                                                stream_options={"include_usage": True}):
        for c in chunk.choices:
            text += c.delta.content or ""
            finish = c.finish_reason or finish
            if c.logprobs:
                logprobs += [(t.token, t.logprob, [(a.token, a.logprob) for a in t.top_logprobs])
                             for t in c.logprobs.content]
    return {"text": text, "finish": finish, "logprobs": logprobs}


def _conversation(server, model: str, images: dict) -> dict:
    """Turn one alone (it fills the caches), then five requests at once."""
    client = _client(server)
    scene, second = images["scene.png"], images["second.png"]
    first = [_user(scene, "What is in this picture?")]
    out = {"turn1": _ask(client, model, first, temperature=0)}
    turn2 = [*first, {"role": "assistant", "content": out["turn1"]["text"]},
             _user(None, "And what colours does it have?")]
    jobs = {
        "turn2_greedy": (turn2, {"temperature": 0}),
        "turn2_seeded": (turn2, {"temperature": 0.9, "seed": 5}),
        "turn2_streamed": (turn2, {"temperature": 0, "stream": True}),
        # Another system prompt: the prompt shares next to nothing with turn one, but the
        # image's features are cached.
        "same_image_new_question": ([{"role": "system", "content": "Look closely."},
                                     _user(scene, "Describe the colours.")], {"temperature": 0}),
        "other_image": ([_user(second, "What is in this picture?")], {"temperature": 0}),
        "plain_text": ([_user(None, "Say something about boats.")],
                       {"temperature": 0.7, "seed": 3}),
    }
    with concurrent.futures.ThreadPoolExecutor(len(jobs)) as pool:
        futures = {k: pool.submit(_ask, client, model, m, **kw) for k, (m, kw) in jobs.items()}
        out.update({k: f.result() for k, f in futures.items()})
    return out


def _metric(text: str, name: str) -> int | None:
    m = re.search(rf"^{name} (\d+)$", text, re.MULTILINE)
    return int(m.group(1)) if m else None


@pytest.mark.parametrize("fixture,backend,dtype,weights", CONFIGS,
                         ids=[f"{f}-{b}-{d}" + (f"-{w}" if w != "stored" else "")
                              for f, b, d, w in CONFIGS])
def test_cached_chat_equals_uncached(vlmxla_bin, fixture, backend, dtype, weights):
    images = testing.ensure_images()
    model_dir = _model_dir(fixture)
    args = ("--backend", backend, "--dtype", dtype, "--max-batch", "4", "--model-id", "m",
            "--prefill-chunk", CHUNK, "--weights", weights)
    with serving(vlmxla_bin, model_dir, *args, "--prefix-cache-mib", "0",
                 "--image-cache-mib", "0") as plain:
        want = _conversation(plain, "m", images)
        status, metrics = plain.get("/metrics")
        assert status == 200 and "prefix_cache" not in metrics and "image_cache" not in metrics
    with serving(vlmxla_bin, model_dir, *args) as cached:
        got = _conversation(cached, "m", images)
        status, metrics = cached.get("/metrics")
    assert status == 200
    for name, w in want.items():
        g = got[name]
        assert g["text"] == w["text"], name
        assert g["finish"] == w["finish"], name
        assert g["logprobs"], name
        # Tokens, log-probabilities and the alternatives: equal, not close.
        assert g["logprobs"] == w["logprobs"], name
    # Turn two's three runs start from turn one's KV (the first from turn one's entry, the others
    # from the first's); the new question about the same image takes its features from the image
    # cache. Turn one and that question find no prefix (Qwen's default system prompt gives the
    # other requests one).
    assert _metric(metrics, "vlmxla_prefix_cache_hits_total") >= 3, metrics
    assert _metric(metrics, "vlmxla_prefix_cache_misses_total") >= 2, metrics
    assert _metric(metrics, "vlmxla_image_cache_hits_total") >= 1, metrics
    assert _metric(metrics, "vlmxla_image_cache_misses_total") >= 2, metrics
    assert _metric(metrics, "vlmxla_prefix_cache_bytes") > 0, metrics
    assert _metric(metrics, "vlmxla_prefix_cache_evictions_total") == 0, metrics


@pytest.mark.parametrize("chunk", ["100", "8", "8192", "-16"])
def test_prefill_chunk_out_of_range_is_refused_naming_the_flag_and_the_limit(vlmxla_bin, chunk):
    model_dir = _model_dir("tiny-qwen2-vl")
    proc = subprocess.run([str(vlmxla_bin), "run", "--model", str(model_dir), "--prompt", "hi",
                           "--prefill-chunk", chunk],
                          check=False, capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0
    assert f"--prefill-chunk must be 0 or a power of two in [16, 4096], got {chunk}" in \
        proc.stderr, proc.stderr
