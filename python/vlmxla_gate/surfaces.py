"""The gate's surface stage: what a user sees must reproduce the oracle's greedy text exactly.

One non-streaming CLI request (`vlmxla run`) and one streaming server request (`vlmxla serve`,
asked through the official `openai` client, with the raw SSE stream checked as well): text
exact, finish reason, one completion id, `role` first, exactly one finish, the usage chunk last
with empty choices, then `data: [DONE]`. The client's request asks for `logprobs` with five
`top_logprobs`: their bytes must spell the text (but for the space a SentencePiece tokenizer's
first token carries), each greedy token must be its step's most likely,
and the first token's log-probability must equal the oracle's log-softmax of its prefill logits
within twice the prefill_logits bound (a log-softmax moves by at most the logit's own error plus
the log-sum-exp's).

The raw request comes first on a fresh server and asks for the same logprobs; the client's request
repeats it, so the server's prefix and image caches serve it (the server prefills in chunks of
16 positions here, so a fixture's short prompt leaves whole chunks in the prefix cache). The repeat must equal the first
run exactly: every token, log-probability and top-5 list (`cached_repeat_exact`). The row records
the cache hits the repeat saw (`/metrics`), so the report says which cases the caches served.

Both take the run's compute dtype (`dtype`, passed as `--dtype`; None passes nothing: the
checkpoint's stored dtype, the binary's default).
"""

from __future__ import annotations

import base64
import http.client
import json
import mimetypes
import pathlib
import re
import subprocess
import time

from safetensors import safe_open

# The server surface prefills in chunks this long (the server's default is 128), so a fixture's
# short prompt spans whole chunks that the prefix cache keeps and the repeat continues from.
SURFACE_PREFILL_CHUNK = 16


def _expected(ref: pathlib.Path) -> dict:
    manifest = json.loads((ref / "manifest.json").read_text(encoding="utf-8"))
    # safe_open: a narrow capture's other tensors are BF16, which numpy cannot hold.
    with safe_open(str(ref / "stages.safetensors"), framework="np") as f:
        tokens = f.get_tensor("greedy_tokens")
    return {"text": manifest["greedy_text"], "tokens": int(tokens.size),
            "finish": "stop" if manifest.get("eos_hit") else "length",
            "prompt_tokens": int(manifest["expanded_length"]),
            "prompt_tokens_logical": int(manifest["unexpanded_length"]),
            "case": manifest["case"]}


def _row(surface: str, checks: dict, detail: str | None = None) -> dict:
    return {"surface": surface, "pass": all(checks.values()), "checks": checks,
            "detail": detail}


def dtype_args(dtype: str | None) -> list[str]:
    return [] if dtype is None else ["--dtype", dtype]


def weights_args(weights: str = "stored") -> list[str]:
    """--weights int8 / int4 / w8a8 / w4a8; nothing for the stored weights (the binary's
    default)."""
    return [] if weights == "stored" else ["--weights", weights]


def backend_args(backend: str, plugin: str | None = None) -> list[str]:
    """--backend, --plugin for the PJRT backends when one is given, and what holds the backend to
    an ISA cap (vlmxla_oracle.isa; pjrt-cpu's is in XLA_FLAGS)."""
    from vlmxla_oracle import isa

    return ["--backend", backend] + (["--plugin", str(plugin)]
                                     if plugin and backend.startswith("pjrt") else []) + \
        isa.vlmxla_args(backend)


def image_path(path: str) -> str:
    """A case's image path as a file name: relative ones are under the cache directory."""
    from vlmxla_oracle.paths import resolve_image

    return str(resolve_image(path))


def cli_surface(vlmxla_bin, model_dir, backend: str, ref: pathlib.Path,
                dtype: str | None = None, plugin: str | None = None,
                weights: str = "stored") -> dict:
    exp = _expected(ref)
    case = exp["case"]
    cmd = [str(vlmxla_bin), "run", "--model", str(model_dir), *backend_args(backend, plugin),
           "--prompt", case["prompt"], "--max-tokens", str(case.get("max_new_tokens", 8)),
           "--quiet", *dtype_args(dtype), *weights_args(weights)]
    if case.get("system"):
        cmd += ["--system", case["system"]]
    for image in case.get("images", []):
        cmd += ["--image", image_path(image)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False)
    if proc.returncode != 0:
        return _row("cli", {"exit_ok": False}, proc.stderr.strip()[-1000:])
    summary = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else ""
    checks = {
        "text_exact": proc.stdout == exp["text"] + "\n",
        "generated_tokens": f"generated {exp['tokens']}," in summary,
        "finish_reason": f"finish {exp['finish']}," in summary,
        "prompt_tokens": f"prompt tokens {exp['prompt_tokens']} " in summary,
    }
    return _row("cli", checks, None if all(checks.values()) else
                f"stdout={proc.stdout!r} summary={summary!r}")


def _data_uri(path: str) -> str:
    mime = mimetypes.guess_type(path)[0] or "application/octet-stream"
    return f"data:{mime};base64," + base64.b64encode(pathlib.Path(path).read_bytes()).decode()


def _messages(case: dict) -> list[dict]:
    parts = [{"type": "image_url", "image_url": {"url": _data_uri(image_path(p))}}
             for p in case.get("images", [])]
    parts.append({"type": "text", "text": case["prompt"]})
    msgs = [{"role": "system", "content": case["system"]}] if case.get("system") else []
    return msgs + [{"role": "user", "content": parts}]


class Server:
    """`vlmxla serve` on a free loopback port, for the duration of a `with` block."""

    def __init__(self, vlmxla_bin, model_dir, backend: str, extra: tuple[str, ...] = (),
                 plugin: str | None = None):
        self.cmd = [str(vlmxla_bin), "serve", "--model", str(model_dir),
                    *backend_args(backend, plugin),
                    "--host", "127.0.0.1", "--port", "0", *extra]
        self.proc = None
        self.port = None
        self.log: list[str] = []

    def __enter__(self):
        self.proc = subprocess.Popen(self.cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     text=True)
        deadline = time.monotonic() + 600
        while self.port is None:
            line = self.proc.stderr.readline()
            if not line:
                raise RuntimeError("vlmxla serve exited: " + "".join(self.log)[-1000:])
            self.log.append(line)
            m = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
            if m:
                self.port = int(m.group(1))
            if time.monotonic() > deadline:
                raise RuntimeError("vlmxla serve did not start listening")
        while self.get("/health")[0] != 200:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("vlmxla serve never became healthy")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def get(self, path: str) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request("GET", path)
            r = conn.getresponse()
            return r.status, r.read()
        except OSError:
            return 0, b""
        finally:
            conn.close()

    def post_sse(self, path: str, body: dict) -> tuple[int, list[str]]:
        """The raw `data:` payloads of a streamed response, in order."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        try:
            conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
            r = conn.getresponse()
            raw = r.read().decode("utf-8")
        finally:
            conn.close()
        return r.status, [line[len("data: "):] for line in raw.split("\n")
                          if line.startswith("data: ")]


def check_sse(events: list[str], exp: dict) -> dict:
    """Framing of one streamed chat completion, as OpenAI sends it."""
    done = bool(events) and events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]] if done else []
    with_choices = [c for c in chunks if c.get("choices")]
    finishes = [c for c in with_choices if c["choices"][0].get("finish_reason")]
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in with_choices)
    usage = chunks[-1] if chunks else {}
    return {
        "done_last": done,
        "one_id": len({c.get("id") for c in chunks}) == 1,
        "object": all(c.get("object") == "chat.completion.chunk" for c in chunks),
        "role_first": bool(with_choices)
        and with_choices[0]["choices"][0]["delta"].get("role") == "assistant",
        "one_finish": len(finishes) == 1 and finishes[0] is with_choices[-1],
        "finish_reason": bool(finishes) and finishes[0]["choices"][0]["finish_reason"]
        == exp["finish"],
        "usage_last": usage.get("choices") == [] and usage.get("usage") is not None,
        "usage_counts": (usage.get("usage") or {}).get("completion_tokens") == exp["tokens"]
        and (usage.get("usage") or {}).get("prompt_tokens") == exp["prompt_tokens"],
        "raw_text_exact": text == exp["text"],
    }


def openai_client_missing() -> str | None:
    """Why the official `openai` client cannot be used here, or None when it can."""
    try:
        import openai  # noqa: F401
    except ImportError as e:
        return f"the openai package is not installed ({e}); install its wheel to run this check"
    return None


def _logprob_checks(logprobs: list, text: str, ref: pathlib.Path) -> dict:
    """The streamed logprobs against the text and the oracle (the module's docstring)."""
    from vlmxla_oracle import compare

    from vlmxla_gate.gate import logits_bound

    manifest = json.loads((ref / "manifest.json").read_text(encoding="utf-8"))
    with safe_open(str(ref / "stages.safetensors"), framework="pt") as f:
        logits = f.get_tensor("prefill_logits").float().reshape(-1)
        greedy0 = int(f.get_tensor("greedy_tokens").reshape(-1)[0])
    want = float(logits.log_softmax(-1)[greedy0])
    bound = logits_bound(compare.load_tolerances(), manifest["dtype"], float(logits.max()),
                         compare.tolerance_group(manifest), compare.activation_group(manifest))
    spelled = b"".join(bytes(t.bytes or []) for t in logprobs)
    # A SentencePiece tokenizer's first token carries the word's space ("▁A" -> b" A"), which the
    # detokenized text drops at its start, as Transformers' decode does.
    spells = spelled in (text.encode("utf-8"), b" " + text.encode("utf-8"))
    return {
        "openai_logprobs_spell_text": bool(logprobs) and spells,
        "openai_logprobs_greedy": bool(logprobs) and all(
            t.top_logprobs and abs(max(a.logprob for a in t.top_logprobs) - t.logprob) < 1e-6
            for t in logprobs),
        "openai_logprobs_oracle": bool(logprobs) and bound is not None
        and abs(logprobs[0].logprob - want) <= 2 * bound,
    }


def server_surface(vlmxla_bin, model_dir, backend: str, ref: pathlib.Path,
                   dtype: str | None = None, plugin: str | None = None,
                   weights: str = "stored") -> dict:
    """The streaming server request. Without the `openai` package the raw SSE checks still run;
    the surface is then `unavailable` (naming why) if they pass, never passed."""
    exp = _expected(ref)
    no_client = openai_client_missing()
    case = exp["case"]
    model = pathlib.Path(model_dir).name
    body = {"model": model, "messages": _messages(case), "stream": True,
            "stream_options": {"include_usage": True}, "temperature": 0,
            "max_tokens": int(case.get("max_new_tokens", 8)), "logprobs": True,
            "top_logprobs": 5}
    try:
        extra = (*dtype_args(dtype), *weights_args(weights), "--prefill-chunk",
                 str(SURFACE_PREFILL_CHUNK))
        with Server(vlmxla_bin, model_dir, backend, extra, plugin) as server:
            status, events = server.post_sse("/v1/chat/completions", body)
            checks = {"status_200": status == 200, **check_sse(events, exp)}
            first = _raw_logprobs(events)
            hits_before = _cache_hits(server)
            if no_client:
                failed = [k for k, v in checks.items() if not v]
                if failed:
                    return _row("server", checks, f"failed checks: {failed}; {no_client}")
                row = _row("server", checks, f"raw SSE checks passed; the official client was "
                                             f"not run: {no_client}")
                row.update({"pass": None, "status": "unavailable"})
                return row
            # The official client, streaming, must see the same text.
            import openai

            client = openai.OpenAI(base_url=server.base_url, api_key="unused")
            stream = client.chat.completions.create(
                model=model, messages=body["messages"], stream=True,
                stream_options={"include_usage": True}, temperature=0,
                max_tokens=body["max_tokens"], logprobs=True, top_logprobs=5)
            text, usage, logprobs = "", None, []
            try:
                for chunk in stream:
                    if chunk.choices:
                        text += chunk.choices[0].delta.content or ""
                        if chunk.choices[0].logprobs and chunk.choices[0].logprobs.content:
                            logprobs.extend(chunk.choices[0].logprobs.content)
                    if chunk.usage is not None:
                        usage = chunk.usage
            except openai.APIError as e:  # an error event in the stream: a failed check
                checks["openai_stream_no_error"] = False
                return _row("server", checks, f"the stream ended in an error: {e}"[-1000:])
            checks["openai_text_exact"] = text == exp["text"]
            checks["openai_usage"] = usage is not None and usage.completion_tokens == exp["tokens"]
            checks.update(_logprob_checks(logprobs, text, ref))
            checks["cached_repeat_exact"] = bool(first) and first == [
                (t.token, t.logprob, [(a.token, a.logprob) for a in t.top_logprobs])
                for t in logprobs]
            hits_after = _cache_hits(server)
            cache_hits = {k: hits_after[k] - hits_before.get(k, 0) for k in hits_after}
            status, _ = server.get("/health")
            checks["healthy_after"] = status == 200
    except (RuntimeError, OSError) as e:
        return _row("server", {"started": False}, str(e)[-1000:])
    failed = [k for k, v in checks.items() if not v]
    row = _row("server", checks, f"failed checks: {failed}" if failed else None)
    row["repeat_cache_hits"] = cache_hits
    return row


def _raw_logprobs(events: list[str]) -> list[tuple]:
    """(token, logprob, [(token, logprob)] of the top list) per generated token of a raw stream."""
    out = []
    for e in events:
        if e == "[DONE]":
            continue
        for choice in json.loads(e).get("choices") or []:
            for t in (choice.get("logprobs") or {}).get("content") or []:
                out.append((t["token"], t["logprob"],
                            [(a["token"], a["logprob"]) for a in t["top_logprobs"]]))
    return out


def _cache_hits(server: Server) -> dict[str, int]:
    """The server's prefix- and image-cache hit counters (`/metrics`)."""
    status, text = server.get("/metrics")
    body = text.decode() if status == 200 else ""
    hits = {}
    for name in ("prefix_cache", "image_cache"):
        m = re.search(rf"^vlmxla_{name}_hits_total (\d+)", body, re.MULTILINE)
        hits[name] = int(m.group(1)) if m else -1
    return hits
