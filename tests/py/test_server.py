"""`vlmxla serve` end to end on the tiny-llava-clip-llama fixture, through the official `openai`
client: greedy text equals the oracle's capture, usage counts effective and logical prompt tokens,
streams are well formed, and 8 concurrent streaming clients each get what they get alone."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import pathlib
import queue
import re
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request

import openai
import pytest
from vlmxla_oracle import paths, testing

FIXTURE = "tiny-llava-clip-llama"
LOAD_TIMEOUT_S = 600  # weights upload + first compiles on a shared 2-core machine


def _data_uri(path: pathlib.Path) -> str:
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


class Server:
    """A `vlmxla serve --port 0` process; its stderr is drained on a thread so it never blocks."""

    def __init__(self, binary: pathlib.Path, model_dir: pathlib.Path, *extra: str):
        self.proc = subprocess.Popen(
            [str(binary), "serve", "--model", str(model_dir), "--port", "0", *extra],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.log: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()
        self.url = self._wait_listening()

    def _drain(self) -> None:
        for line in self.proc.stderr:
            self.log.append(line)
            self.lines.put(line)
        self.lines.put("")  # EOF

    def _wait_listening(self) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=deadline - time.monotonic())
            except queue.Empty:
                break
            m = re.search(r"listening on (http://\S+)", line)
            if m:
                return m.group(1)
            if not line:
                break
        self.stop()
        pytest.fail("vlmxla serve never printed 'listening on':\n" + "".join(self.log))

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=30) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def wait_ready(self) -> None:
        status, body = self.get("/health")
        if status == 503:
            assert json.loads(body)["status"] in ("loading", "ok", "error")
        deadline = time.monotonic() + LOAD_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail("vlmxla serve exited while loading:\n" + "".join(self.log))
            status, body = self.get("/health")
            if status == 200:
                assert json.loads(body) == {"status": "ok"}
                return
            time.sleep(0.2)  # an external process: polling is the only way to see it load
        pytest.fail("the model did not load in time:\n" + "".join(self.log))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="module")
def captures():
    return testing.ensure_captures(("image_text", "two_images", "no_image"))


@contextlib.contextmanager
def serving(binary: pathlib.Path, model_dir: pathlib.Path, *extra: str):
    """A ready server for the block; it must then stop cleanly on SIGTERM."""
    srv = Server(binary, model_dir, *extra)
    try:
        srv.wait_ready()
        yield srv
    finally:
        srv.stop()
    assert srv.proc.returncode == 0, "".join(srv.log)


@pytest.fixture(scope="module")
def server(vlmxla_bin, captures):
    with serving(vlmxla_bin, testing.ensure_fixtures()[FIXTURE], "--max-batch", "4") as srv:
        yield srv


@pytest.fixture(scope="module")
def model_id(server) -> str:
    status, body = server.get("/v1/models")
    assert status == 200
    models = json.loads(body)["data"]
    assert len(models) == 1
    return models[0]["id"]


def _manifest(captures, case: str) -> dict:
    return json.loads((captures[(FIXTURE, case)] / "manifest.json").read_text(encoding="utf-8"))


def _messages(case: dict) -> list[dict]:
    """The case as OpenAI messages, in the order the oracle builds it (images, then text)."""
    messages = []
    if case.get("system"):
        messages.append({"role": "system", "content": case["system"]})
    parts = [
        {"type": "image_url", "image_url": {"url": _data_uri(paths.resolve_image(p))}}
        for p in case["images"]
    ]
    parts.append({"type": "text", "text": case["prompt"]})
    messages.append({"role": "user", "content": parts})
    return messages


def _client(server) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.url + "/v1", api_key="unused", max_retries=0)


def _async_client(server) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=server.url + "/v1", api_key="unused", max_retries=0)


def _expected_finish(m: dict) -> str:
    return "stop" if m["eos_hit"] else "length"


def test_loading_then_health_and_models(server, model_id):
    assert server.get("/health")[0] == 200
    assert model_id == FIXTURE


def test_sync_chat_greedy_equals_oracle(server, model_id, captures):
    m = _manifest(captures, "image_text")
    resp = _client(server).chat.completions.create(
        model=model_id,
        messages=_messages(m["case"]),
        max_tokens=m["case"]["max_new_tokens"],
        temperature=0,
    )
    assert resp.object == "chat.completion"
    choice = resp.choices[0]
    assert choice.message.role == "assistant"
    assert choice.message.content == m["greedy_text"]
    assert choice.finish_reason == _expected_finish(m)
    # Effective positions (image tokens included) as OpenAI counts; the logical count as an
    # extension.
    assert resp.usage.prompt_tokens == m["expanded_length"]
    assert resp.usage.completion_tokens == m["case"]["max_new_tokens"]
    assert resp.usage.total_tokens == resp.usage.prompt_tokens + resp.usage.completion_tokens
    assert resp.usage.model_extra["vlmxla"]["prompt_tokens_logical"] == m["unexpanded_length"]


def test_sync_stream_equals_oracle(server, model_id, captures):
    m = _manifest(captures, "image_text")
    stream = _client(server).chat.completions.create(
        model=model_id,
        messages=_messages(m["case"]),
        max_tokens=m["case"]["max_new_tokens"],
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    assert chunks[0].choices[0].delta.role == "assistant"
    assert len({c.id for c in chunks}) == 1
    assert len({c.created for c in chunks}) == 1
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    finishes = [
        c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason
    ]
    assert finishes == [_expected_finish(m)]
    assert chunks[-1].choices == []
    assert chunks[-1].usage.prompt_tokens == m["expanded_length"]
    assert chunks[-1].usage.completion_tokens == m["case"]["max_new_tokens"]
    assert all(c.usage is None for c in chunks[:-1])
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == m["greedy_text"]


def test_async_stream_and_not(server, model_id, captures):
    m = _manifest(captures, "image_text")
    n = m["case"]["max_new_tokens"]

    async def run():
        client = _async_client(server)
        full = await client.chat.completions.create(
            model=model_id, messages=_messages(m["case"]), max_tokens=n
        )
        stream = await client.chat.completions.create(
            model=model_id, messages=_messages(m["case"]), max_tokens=n, stream=True
        )
        parts = [c.choices[0].delta.content or "" async for c in stream if c.choices]
        await client.close()
        return full.choices[0].message.content, "".join(parts)

    full, streamed = asyncio.run(run())
    assert full == m["greedy_text"]
    assert streamed == m["greedy_text"]


def test_concurrent_streams_equal_solo_runs(server, model_id, captures):
    cases = [_manifest(captures, c) for c in ("image_text", "two_images", "no_image")]
    client = _client(server)
    solo = []
    for m in cases:
        r = client.chat.completions.create(
            model=model_id, messages=_messages(m["case"]), max_tokens=m["case"]["max_new_tokens"]
        )
        assert r.choices[0].message.content == m["greedy_text"], m["case"]["name"]
        solo.append(r.choices[0].message.content)

    async def one(client, i):
        m = cases[i % len(cases)]
        stream = await client.chat.completions.create(
            model=model_id,
            messages=_messages(m["case"]),
            max_tokens=m["case"]["max_new_tokens"],
            stream=True,
            stream_options={"include_usage": True},
        )
        text, usage = "", None
        async for c in stream:
            if c.choices:
                text += c.choices[0].delta.content or ""
            if c.usage:
                usage = c.usage
        return i, text, usage

    async def run():
        client = _async_client(server)
        out = await asyncio.gather(*(one(client, i) for i in range(8)))
        await client.close()
        return out

    for i, text, usage in asyncio.run(run()):
        m = cases[i % len(cases)]
        assert text == solo[i % len(cases)], f"client {i} ({m['case']['name']})"
        assert usage.prompt_tokens == m["expanded_length"]
        assert usage.model_extra["vlmxla"]["prompt_tokens_logical"] == m["unexpanded_length"]


def test_text_completions(server, model_id):
    client = _client(server)
    full = client.completions.create(model=model_id, prompt="red boats on a lake", max_tokens=4)
    assert full.object == "text_completion"
    assert full.usage.completion_tokens <= 4
    assert full.choices[0].finish_reason in ("stop", "length")
    streamed = "".join(
        c.choices[0].text
        for c in client.completions.create(
            model=model_id, prompt="red boats on a lake", max_tokens=4, stream=True
        )
        if c.choices
    )
    assert streamed == full.choices[0].text


def test_errors_come_in_openai_envelope(server, model_id, captures):
    client = _client(server)
    m = _manifest(captures, "image_text")
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(model=model_id, messages=_messages(m["case"]), n=5)
    assert e.value.body["param"] == "n"  # more choices than --max-batch 4
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(
            model=model_id, messages=_messages(m["case"]), max_tokens=10**7
        )
    assert e.value.body["code"] == "context_length_exceeded"
    bad = [
        {
            "role": "user",
            "content": [
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
                {"type": "text", "text": "hi"},
            ],
        }
    ]
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(model=model_id, messages=bad, stream=True)
    assert e.value.body["code"] == "invalid_image"
    # An <image> typed into the text with no image: the placeholder count does not match.
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(
            model=model_id, messages=[{"role": "user", "content": "Look at <image> now."}]
        )
    assert e.value.body["code"] == "placeholder_count_mismatch"
    assert server.get("/health")[0] == 200


def test_metrics_count_requests(server, model_id):
    _client(server).completions.create(model=model_id, prompt="hello", max_tokens=1)
    status, text = server.get("/metrics")
    assert status == 200
    values = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            values[name] = float(value)
    assert values["vlmxla_requests_total"] >= 1
    assert values["vlmxla_generation_tokens_total"] >= 1
    assert values['vlmxla_http_responses_total{code="200"}'] >= 1
    assert values["vlmxla_ready"] == 1
