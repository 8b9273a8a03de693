"""The server's sampling features end to end on the tiny-llava-clip-llama fixture, through the
official `openai` client: log-probabilities (chat and legacy shapes, streaming and not, with an
image) against the oracle's prefill logits, n choices sharing one prefill and each equal to a solo
run with seed + i, penalties and logit_bias against a numpy re-implementation on the oracle's
logits, a mixed batch equal to each request alone, and /tokenize and /detokenize."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import numpy as np
import pytest
from safetensors.numpy import load_file
from test_server import FIXTURE, _async_client, _client, _manifest, _messages, serving
from vlmxla_oracle import testing


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(("image_text",))


@pytest.fixture(scope="module")
def server(vlmxla_bin, captures):
    with serving(vlmxla_bin, testing.ensure_fixtures()[FIXTURE], "--max-batch", "4") as srv:
        yield srv


@pytest.fixture(scope="module")
def case(captures):
    m = _manifest(captures, "image_text")
    stages = load_file(str(captures[(FIXTURE, "image_text")] / "stages.safetensors"))
    return m, stages


def _log_softmax(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    m = x.max()
    return x - m - np.log(np.exp(x - m).sum())


def _post(server, path: str, body: dict) -> tuple[int, dict]:
    req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_greedy_logprobs_equal_the_oracles_log_softmax_streaming_and_not(server, case):
    m, stages = case
    logits = stages["prefill_logits"].reshape(-1)
    want = _log_softmax(logits)
    greedy0 = int(stages["greedy_tokens"].reshape(-1)[0])
    client = _client(server)
    kwargs = {"model": FIXTURE, "messages": _messages(m["case"]), "max_tokens": 6, "temperature": 0,
                  "logprobs": True, "top_logprobs": 5}
    full = client.chat.completions.create(**kwargs)
    content = full.choices[0].logprobs.content
    assert len(content) == full.usage.completion_tokens
    first = content[0]
    assert abs(first.logprob - want[greedy0]) < 1e-4
    # The alternatives are the five largest of the oracle's logits, in order.
    top_ids = np.argsort(-want, kind="stable")[:5]
    assert [round(t.logprob, 4) for t in first.top_logprobs] == \
        [round(float(want[i]), 4) for i in top_ids]
    # Greedy: each token is its own most likely alternative.
    for t in content:
        assert t.top_logprobs[0].bytes == t.bytes and t.top_logprobs[0].logprob == t.logprob

    streamed = []
    for chunk in client.chat.completions.create(**kwargs, stream=True):
        if chunk.choices and chunk.choices[0].logprobs:
            streamed.extend(chunk.choices[0].logprobs.content)
    assert [(t.bytes, round(t.logprob, 5)) for t in streamed] == \
        [(t.bytes, round(t.logprob, 5)) for t in content]

    # The legacy completions shape, on a text prompt.
    text = client.completions.create(model=FIXTURE, prompt="red boats", max_tokens=4,
                                     temperature=0, logprobs=2)
    lp = text.choices[0].logprobs
    assert len(lp.tokens) == len(lp.token_logprobs) == len(lp.top_logprobs) == \
        len(lp.text_offset) == text.usage.completion_tokens
    assert lp.text_offset[0] == 0 and lp.text_offset == sorted(lp.text_offset)
    for logprob, top in zip(lp.token_logprobs, lp.top_logprobs):
        assert len(top) <= 2 and max(top.values()) == pytest.approx(logprob, abs=1e-6)


def test_n_choices_share_the_prompt_and_each_equals_a_solo_run(server, case):
    m, _ = case
    client = _client(server)
    kwargs = {"model": FIXTURE, "messages": _messages(m["case"]), "max_tokens": 8, "temperature": 2.0}
    three = client.chat.completions.create(**kwargs, n=3, seed=11)
    assert [c.index for c in three.choices] == [0, 1, 2]
    assert three.usage.prompt_tokens == m["expanded_length"]  # once, not three times
    solos = [client.chat.completions.create(**kwargs, seed=11 + i) for i in range(3)]
    for i, solo in enumerate(solos):
        assert three.choices[i].message.content == solo.choices[0].message.content, i
        assert three.choices[i].finish_reason == solo.choices[0].finish_reason
    assert three.usage.completion_tokens == sum(s.usage.completion_tokens for s in solos)
    assert len({c.message.content for c in three.choices}) > 1, "the seeds differ"

    texts = {0: "", 1: "", 2: ""}
    for chunk in client.chat.completions.create(**kwargs, n=3, seed=11, stream=True):
        for c in chunk.choices:
            texts[c.index] += c.delta.content or ""
    assert [texts[i] for i in range(3)] == [c.message.content for c in three.choices]


def test_penalties_and_bias_follow_a_numpy_reimplementation(server, case):
    m, stages = case
    logits = stages["prefill_logits"].reshape(-1).astype(np.float64)
    prompt_ids = stages["input_ids"].reshape(-1)
    greedy0 = int(np.argmax(logits))
    client = _client(server)
    base = {"model": FIXTURE, "messages": _messages(m["case"]), "temperature": 0, "logprobs": True}

    # logit_bias -100 on the greedy token excludes it: the next best of the biased logits wins.
    biased = logits.copy()
    biased[greedy0] -= 100
    r = client.chat.completions.create(**base, max_tokens=1, logit_bias={str(greedy0): -100})
    first = r.choices[0].logprobs.content[0]
    want = _log_softmax(biased)
    assert abs(first.logprob - want[int(np.argmax(biased))]) < 1e-4
    assert abs(first.logprob - want[greedy0]) > 1  # it is not the excluded token's

    # repetition_penalty over the prompt's tokens, on the first step.
    rep = logits.copy()
    seen = np.unique(prompt_ids)
    rep[seen] = np.where(rep[seen] > 0, rep[seen] / 1.8, rep[seen] * 1.8)
    r = client.chat.completions.create(**base, max_tokens=1,
                                       extra_body={"repetition_penalty": 1.8})
    assert abs(r.choices[0].logprobs.content[0].logprob - _log_softmax(rep)[np.argmax(rep)]) < 1e-4

    # The frequency penalty over a greedy run. This fixture is so peaked that +-2 changes no
    # token, and its run repeats none; so each step's sampled token is never penalised itself,
    # while the tokens before it are: a positive penalty takes their mass away and raises the
    # sampled token's log-probability, a negative one lowers it, and the first step is untouched.
    def run(penalty):
        r = client.chat.completions.create(**base, max_tokens=16, frequency_penalty=penalty)
        content = r.choices[0].logprobs.content
        return [tuple(t.bytes) for t in content], np.array([t.logprob for t in content])

    plain_ids, plain = run(0)
    assert len(set(plain_ids)) == len(plain_ids), "the greedy run repeats: the premise is gone"
    for penalty, sign in ((2, 1), (-2, -1)):
        ids, lps = run(penalty)
        assert ids == plain_ids
        assert abs(lps[0] - plain[0]) < 1e-5
        assert np.all(sign * (lps[1:] - plain[1:]) >= -1e-6)
        assert sign * (lps[1:] - plain[1:]).sum() > 1e-4


def test_a_mixed_batch_gives_each_request_what_it_gets_alone(server, case):
    m, _ = case
    msgs = _messages(m["case"])
    requests = [
        {"messages": msgs, "max_tokens": 10, "temperature": 0.8, "seed": 3, "frequency_penalty": 1.2,
             "presence_penalty": 0.4, "logit_bias": {"5": 3}},
        {"messages": msgs, "max_tokens": 10, "temperature": 0, "logprobs": True, "top_logprobs": 3},
        {"messages": [{"role": "user", "content": "tell me about boats"}], "max_tokens": 10,
             "temperature": 0},
        {"messages": msgs, "max_tokens": 10, "temperature": 1.0, "seed": 9,
             "extra_body": {"repetition_penalty": 1.3}},
    ]

    def summary(resp):
        c = resp.choices[0]
        lps = [(tuple(t.bytes), round(t.logprob, 5)) for t in c.logprobs.content] \
            if c.logprobs else None
        return c.message.content, c.finish_reason, lps

    client = _client(server)
    alone = [summary(client.chat.completions.create(model=FIXTURE, **r)) for r in requests]

    async def together():
        async with _async_client(server) as ac:
            return await asyncio.gather(*[ac.chat.completions.create(model=FIXTURE, **r)
                                          for r in requests])

    batched = [summary(r) for r in asyncio.run(together())]
    assert batched == alone


def test_tokenize_and_detokenize(server, case):
    m, stages = case
    status, t = _post(server, "/tokenize", {"model": FIXTURE, "prompt": "red boats"})
    assert status == 200 and t["count"] == len(t["tokens"]) > 0
    assert t["max_model_len"] > 0
    status, d = _post(server, "/detokenize", {"tokens": t["tokens"]})
    assert status == 200 and "red boats" in d["prompt"]
    status, plain = _post(server, "/tokenize", {"prompt": "red boats", "add_special_tokens": False})
    assert status == 200 and plain["count"] <= t["count"]
    # Messages: the ids a chat completion prefills, the image expanded.
    status, chat = _post(server, "/tokenize", {"messages": _messages(m["case"])})
    assert status == 200, chat
    assert chat["count"] == m["expanded_length"]
    assert chat["tokens"] == [int(i) for i in stages["input_ids"].reshape(-1)]
    status, err = _post(server, "/detokenize", {"tokens": [10**9]})
    assert status == 400 and err["error"]["param"] == "tokens"
