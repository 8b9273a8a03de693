"""`vlmxla serve` under hostile input, end to end on loopback against the real binary: bodies capped
after chunked framing and gzip are undone (with the server's peak memory watched), a huge prompt
refused before it is tokenized, a FIFO among the media files, and slow clients that must not starve
/health. Each check is bounded in time and size; memory is the server's peak RSS (VmHWM, reset
through /proc/PID/clear_refs before each request)."""

from __future__ import annotations

import gzip
import json
import os
import pathlib
import select
import socket
import threading
import time
import urllib.error
import urllib.request
from typing import Self

import pytest
from test_server import FIXTURE, serving
from vlmxla_oracle import testing

LIMIT = 1 << 20  # --max-body-bytes


@pytest.fixture(scope="module")
def media_dir(tmp_path_factory) -> pathlib.Path:
    d = tmp_path_factory.mktemp("media")
    os.mkfifo(d / "pipe.png")
    return d


@pytest.fixture(scope="module")
def server(vlmxla_bin, media_dir):
    model_dir = testing.ensure_fixtures()[FIXTURE]
    flags = ("--max-body-bytes", str(LIMIT), "--allowed-media-dir", str(media_dir))
    with serving(vlmxla_bin, model_dir, *flags) as srv:
        yield srv


@pytest.fixture(scope="module")
def roomy_server(vlmxla_bin):
    """Default limits (64 MiB bodies), for a prompt bigger than LIMIT."""
    with serving(vlmxla_bin, testing.ensure_fixtures()[FIXTURE]) as srv:
        yield srv


def _port(server) -> int:
    return int(server.url.rsplit(":", 1)[1])


class PeakRss:
    """The server's peak RSS growth over a block, in bytes (VmHWM after resetting it)."""

    def __init__(self, pid: int):
        self.pid = pid

    def _status(self, key: str) -> int:
        for line in pathlib.Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
        raise KeyError(key)

    def __enter__(self) -> Self:
        pathlib.Path(f"/proc/{self.pid}/clear_refs").write_text("5")  # VmHWM := VmRSS
        self.base = self._status("VmRSS")
        return self

    def __exit__(self, *exc) -> None:
        self.growth = self._status("VmHWM") - self.base


def _connect(server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", _port(server)), timeout=30)


def _read_response(sock: socket.socket, timeout: float = 20) -> tuple[int, dict]:
    """Status and JSON body of one response that ends with the connection (or its length)."""
    sock.settimeout(timeout)
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except (TimeoutError, ConnectionResetError):
            break
        if not chunk:
            break
        data += chunk
        head, sep, body = data.partition(b"\r\n\r\n")
        if sep and b"content-length:" in head.lower():
            length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
            if len(body) >= length:
                break
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 "), data[:200]
    return int(head[9:12]), json.loads(body)


def _headers(extra: str) -> bytes:
    return (
        "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/json\r\n" + extra + "\r\n"
    ).encode()


def _assert_413(status: int, body: dict) -> None:
    assert status == 413, body
    assert body["error"]["code"] == "request_too_large"
    assert str(LIMIT) in body["error"]["message"]


def _offer_chunked(server, offer: int, chunk: bytes) -> tuple[int, int, dict, int]:
    """Sends `chunk` (framing included) over and over, up to `offer` bytes, until the server
    answers. Returns the bytes sent, the answer's status and body, and the peak RSS growth."""
    sock = _connect(server)
    sock.sendall(_headers("Transfer-Encoding: chunked\r\n"))
    sock.setblocking(False)
    sent = 0
    with PeakRss(server.proc.pid) as rss:
        view = memoryview(chunk)
        deadline = time.monotonic() + 120
        while sent < offer and time.monotonic() < deadline:
            readable, writable, _ = select.select([sock], [sock], [], 1.0)
            if readable:
                break
            if writable:
                try:
                    n = sock.send(view[sent % len(chunk) :])
                except (BrokenPipeError, ConnectionResetError):
                    break
                sent += n
        status, body = _read_response(sock)
    sock.close()
    return sent, status, body, rss.growth


def test_chunked_body_over_limit_is_413_before_it_ends(server):
    """16 MiB offered in 64 KiB chunks against a 1 MiB limit: the answer comes while the client is
    still sending, and the server's memory never grows by the body's size."""
    offer = 16 << 20
    sent, status, body, growth = _offer_chunked(server, offer, b"10000\r\n" + b" " * 65536 + b"\r\n")
    assert sent < offer, "the server never answered while the body was still coming"
    _assert_413(status, body)
    assert growth < 6 << 20, f"peak RSS grew by {growth} bytes"


def test_200_mb_chunked_body_costs_at_most_the_limit(roomy_server):
    """200 MB offered in 64 KiB chunks against the default 64 MiB limit: refused once 64 MiB have
    arrived, and the body buffer never holds more than the limit (std::string's own growth, and
    the copy at its last step, took the peak up by 127 MiB)."""
    offer = 200_000_000
    sent, status, body, growth = _offer_chunked(
        roomy_server, offer, b"10000\r\n" + b" " * 65536 + b"\r\n"
    )
    assert sent < offer, "the server never answered while the body was still coming"
    assert status == 413, body
    assert body["error"]["code"] == "request_too_large"
    assert str(64 << 20) in body["error"]["message"]
    print(f"{sent >> 20} MiB sent, peak RSS growth {growth >> 20} MiB")
    assert growth < 100_000_000, f"peak RSS grew by {growth >> 20} MiB"


def test_endless_chunk_size_line_is_refused_lean(roomy_server):
    """200 MB of chunk-size line that never ends: httplib gathers a line whole in a growing
    string, which took the peak up by 240 MiB before the wire cap; a line is now capped at 16 KiB
    and refused as malformed framing."""
    offer = 200_000_000
    sent, status, body, growth = _offer_chunked(roomy_server, offer, b"1" * 65536)
    print(f"{sent >> 20} MiB sent, peak RSS growth {growth >> 20} MiB")
    assert sent < offer, "the server never answered while the line was still coming"
    assert status == 400, body
    assert body["error"]["code"] == "invalid_body"
    assert "chunked framing exceeds 16384 bytes" in body["error"]["message"]
    assert growth < 6 << 20, f"peak RSS grew by {growth >> 20} MiB"


def test_gzip_body_is_limited_after_inflating(server):
    """A 16 KiB gzip body that inflates to 16 MiB is refused once 1 MiB is inflated."""
    bomb = gzip.compress(b"[" + b" " * (16 << 20) + b"]", compresslevel=9)
    assert len(bomb) < 64 << 10
    sock = _connect(server)
    with PeakRss(server.proc.pid) as rss:
        sock.sendall(_headers(f"Content-Encoding: gzip\r\nContent-Length: {len(bomb)}\r\n") + bomb)
        status, body = _read_response(sock)
    sock.close()
    _assert_413(status, body)
    assert "gzip" in body["error"]["message"]
    assert rss.growth < 6 << 20, f"peak RSS grew by {rss.growth} bytes"


@pytest.mark.parametrize("route", ["/v1/completions", "/v1/chat/completions"])
def test_huge_prompt_is_refused_early_and_lean(roomy_server, route):
    """A 10 MB prompt used to cost ~70x its size and seconds of tokenizing before
    context_length_exceeded; its byte length alone now says it cannot fit."""
    text = ("the quick brown fox jumps over the lazy dog " * 240000)[: 10 << 20]
    if route == "/v1/completions":
        payload = {"prompt": text, "max_tokens": 4}
    else:
        payload = {"messages": [{"role": "user", "content": text}], "max_tokens": 4}
    data = json.dumps(payload).encode()
    req = urllib.request.Request(
        roomy_server.url + route, data=data, headers={"Content-Type": "application/json"}
    )
    with PeakRss(roomy_server.proc.pid) as rss, pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(req, timeout=60)
    body = json.loads(e.value.read())
    assert e.value.code == 400, body
    assert body["error"]["code"] == "context_length_exceeded"
    assert "capacity is 512" in body["error"]["message"]
    # The body itself, parsed JSON and the rendered prompt are a few copies of 10 MB; tokenizing
    # it used to add ~600 MB more.
    assert rss.growth < 100 << 20, f"peak RSS grew by {rss.growth >> 20} MiB"


def test_fifo_in_media_dir_is_refused_at_once(server, media_dir):
    """A FIFO under --allowed-media-dir used to pin a handler thread in open() forever."""
    payload = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "image_url", "image_url": {"url": str(media_dir / "pipe.png")}},
                    {"type": "text", "text": "what is this?"},
                ],
            }
        ],
        "max_tokens": 2,
    }
    req = urllib.request.Request(
        server.url + "/v1/chat/completions",
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json"},
    )
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(req, timeout=20)
    body = json.loads(e.value.read())
    assert e.value.code == 400, body
    assert body["error"]["code"] == "image_url_forbidden"
    assert "pipe.png" in body["error"]["message"] and "FIFO" in body["error"]["message"]


def test_slow_clients_do_not_starve_health(server):
    """70 connections that each send a header byte every second used to hold all 64 HTTP threads
    (every byte restarted the read timeout), so /health and real requests timed out. Now /health is
    answered on a reserve thread, a real request gets a clear 503 or is served, and every slow
    connection is cut at its header deadline (10 s by default)."""
    slow = []
    for _ in range(70):
        s = _connect(server)
        s.sendall(b"GET /health HTTP/1.1\r\nX-Slow: ")
        slow.append(s)
    stop = threading.Event()
    closed = set()

    def trickle():
        while not stop.is_set() and len(closed) < len(slow):
            for i, s in enumerate(slow):
                if i in closed:
                    continue
                try:
                    s.setblocking(False)
                    try:
                        if s.recv(4096) == b"":
                            closed.add(i)
                            continue
                    except BlockingIOError:
                        pass
                    s.send(b"a")
                except OSError:
                    closed.add(i)
            stop.wait(1.0)

    t = threading.Thread(target=trickle, daemon=True)
    t.start()
    try:
        t0 = time.monotonic()
        status, body = server.get("/health")
        assert status == 200, body
        assert time.monotonic() - t0 < 10
        req = urllib.request.Request(
            server.url + "/v1/completions",
            data=json.dumps({"prompt": "hello", "max_tokens": 1}).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                assert r.status == 200
        except urllib.error.HTTPError as e:
            assert e.code == 503
            assert json.loads(e.read())["error"]["code"] == "too_many_connections"
        # Every slow connection is cut at its header deadline, however steadily it trickles: the
        # trickling thread ends once the server has closed them all.
        t.join(timeout=40)
        assert len(closed) == len(slow), f"{len(slow) - len(closed)} slow connections still open"
    finally:
        stop.set()
        t.join()
        for s in slow:
            s.close()
    assert server.get("/health")[0] == 200


def test_models_and_metrics_answer_while_loading(vlmxla_bin):
    """/v1/models and /metrics read the engine's info while its Load() runs on another thread
    (a data race, before info() waited for Load to publish what it reads: run this under the
    ThreadSanitizer build to see it). Polled from the moment the server listens until it is
    ready, every answer is well formed, and the loaded fields appear only once /health is 200."""
    from test_server import Server

    srv = Server(vlmxla_bin, testing.ensure_fixtures()[FIXTURE])
    try:
        polls = ready = 0
        deadline = time.monotonic() + 120
        while not ready and time.monotonic() < deadline:
            health, _ = srv.get("/health")
            status, body = srv.get("/v1/models")
            assert status == 200, body
            models = json.loads(body)["data"]
            assert [m["id"] for m in models] == [FIXTURE]
            status, text = srv.get("/metrics")
            assert status == 200
            if health == 200:  # ready never goes back
                assert "vlmxla_ready 1" in text
            polls += 1
            ready = health == 200
        assert ready, "".join(srv.log)
        assert polls >= 2, "the model loaded before the first poll: nothing was raced"
        assert "vlmxla_ready 1" in srv.get("/metrics")[1]
    finally:
        srv.stop()
    assert srv.proc.returncode == 0, "".join(srv.log)
