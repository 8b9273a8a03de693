"""The structured-output mask's cost on decode throughput at batch 1.

Serves a checkpoint with `vlmxla serve`, then sends one request at a time, alternating a plain
request (ignore_eos) with the same request under a JSON schema (an open string field, so that
a random-weight model keeps writing inside the string, where the mask allows the most tokens
and costs the most) and under json_object. Decode throughput is each streamed request's tokens
after the first over the time from its first to its last token, so prefill is left out. Prints
the median rates side by side and, per kind, the median over rounds of its rate over the plain
rate of the same round (the cost; negative: slower); --json writes them.

    PYTHONPATH=python .venv/bin/python -m vlmxla_bench.structured \\
        --model ~/.cache/vlmxla/bench/bench-llava-interleave-qwen-0.5b
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}


def _serve(binary: str, model: str, extra: list[str]) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([binary, "serve", "--model", model, "--port", "0", "--max-batch", "1",
                             *extra], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url: list[str] = []
    seen = threading.Event()

    def drain():
        for line in proc.stderr:
            m = re.search(r"listening on (http://\S+)", line)
            if m and not url:
                url.append(m.group(1))
                seen.set()
        seen.set()

    threading.Thread(target=drain, daemon=True).start()
    seen.wait(120)
    if not url:
        proc.kill()
        sys.exit("vlmxla serve did not start")
    deadline = time.monotonic() + 1800
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url[0] + "/health", timeout=10) as r:
                if r.status == 200:
                    return proc, url[0]
        except OSError:
            pass
        if proc.poll() is not None:
            sys.exit("vlmxla serve exited while loading")
        time.sleep(0.5)
    sys.exit("the model did not load in time")


def _decode_rate(url: str, body: dict) -> tuple[float, int]:
    """Tokens per second after the first token, and the tokens counted, of one stream."""
    req = urllib.request.Request(url + "/v1/chat/completions",
                                 data=json.dumps(dict(body, stream=True, stream_options={
                                     "include_usage": True})).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    first = last = None
    tokens = 0
    with urllib.request.urlopen(req, timeout=600) as r:
        for raw in r:
            line = raw.decode().strip()
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            chunk = json.loads(line[6:])
            if chunk.get("usage"):
                tokens = chunk["usage"]["completion_tokens"]
            if chunk["choices"] and chunk["choices"][0]["delta"].get("content"):
                now = time.perf_counter()
                first = first or now
                last = now
    if first is None or last is None or last <= first or tokens < 2:
        raise RuntimeError(f"too few tokens streamed ({tokens})")
    return (tokens - 1) / (last - first), tokens


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", required=True)
    ap.add_argument("--vlmxla", default=str(pathlib.Path(__file__).resolve().parents[2] /
                                            "build" / "vlmxla"))
    ap.add_argument("--tokens", type=int, default=64, help="max_tokens of each request")
    ap.add_argument("--reps", type=int, default=5, help="requests of each kind")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("serve_args", nargs="*", help="more `vlmxla serve` flags (after --)")
    args = ap.parse_args()

    proc, url = _serve(args.vlmxla, args.model, args.serve_args)
    try:
        base = {"messages": [{"role": "user", "content": "Write a long story."}],
                "max_tokens": args.tokens, "temperature": 0}
        kinds = {
            "plain": dict(base, ignore_eos=True),
            "json_schema": dict(base, response_format={"type": "json_schema", "json_schema": {
                "name": "story", "schema": SCHEMA}}),
            "json_object": dict(base, response_format={"type": "json_object"}),
        }
        for body in kinds.values():  # warm: compile, caches
            _decode_rate(url, body)
        rates: dict[str, list[float]] = {k: [] for k in kinds}
        counts: dict[str, list[int]] = {k: [] for k in kinds}
        for _ in range(args.reps):  # interleaved, so machine noise hits every kind alike
            for k, body in kinds.items():
                rate, n = _decode_rate(url, body)
                rates[k].append(rate)
                counts[k].append(n)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()

    # Each round runs the kinds back to back, so the ratio within a round cancels the machine's
    # slower drifts (other processes on a shared host); its median is the cost figure.
    print(f"decode tokens/s at batch 1 ({args.reps} rounds, {args.model})")
    print(f"{'request':<12} {'tokens/s':>9} {'vs plain':>9} {'tokens':>7}")
    out = {}
    for k in kinds:
        m = statistics.median(rates[k])
        paired = statistics.median(r / p for r, p in zip(rates[k], rates["plain"]))
        print(f"{k:<12} {m:9.2f} {100 * (paired - 1):+8.1f}% {statistics.median(counts[k]):7.0f}")
        out[k] = {"tokens_per_second": m, "vs_plain_paired": paired, "all": rates[k],
                  "tokens": counts[k]}
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
