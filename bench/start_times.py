"""Cold and warm start: seconds from process start to the first token, for `vlmxla run` and
`vlmxla serve`, on each backend, with an empty cache of compiled programs (cold) and then with the
cache the cold start filled (warm). Prints them side by side and writes them as JSON.

    PYTHONPATH=python .venv/bin/python bench/start_times.py [--model DIR] [--backends ...]
        [--out bench/results/start-times-<date>-<machine>.json]

`run`: `vlmxla run --stream`; the first token is the first byte of the answer on stdout. `serve`:
the first SSE chunk with content of a streaming chat request, sent as soon as /health answers
200. Both send a short text prompt and ask for 4 tokens, so that the figure is the cost of
starting, not of a long prefill (`--image` adds the bench's 317x229 scene: then vision_encode and
a ~750-token prefill are part of it). Each start gets its own $VLMXLA_CACHE: cold is its first
start, warm the second. The weight read and the compile seconds are the engine's own figures (its
"loaded N weights (M MB) in S s" and "compiled NAME in S s" progress lines). A benchmark, not a
test: it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))

from vlmxla_bench import checkpoint, report, shapes
from vlmxla_bench.transformers_side import DEFAULT_PROMPT

LOADED = re.compile(r"loaded \d+ weights \(\d+ MB\) in ([0-9.]+) s")
COMPILED = re.compile(r"compiled \S+ in ([0-9.]+) s")
SHORT_PROMPT = "Say hello."


def _isa() -> list[str]:
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        text = f.read()
    return sorted(set(re.findall(r"\bavx512[a-z_0-9]*", text)))


def _cpu_model() -> str:
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor()


def _engine_figures(stderr: str) -> dict:
    m = LOADED.search(stderr)
    compiles = [float(s) for s in COMPILED.findall(stderr)]
    return {"weight_read_s": float(m.group(1)) if m else None, "programs": len(compiles),
            "compile_s": round(sum(compiles), 3)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def time_run(binary: str, common: list[str], env: dict, timeout: float) -> dict:
    start = time.monotonic()
    proc = subprocess.Popen([binary, "run", *common, "--stream"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    first = proc.stdout.read(1)
    ttft = time.monotonic() - start if first else None
    _, err = proc.communicate(timeout=timeout)
    wall = time.monotonic() - start
    stderr = err.decode(errors="replace")
    if proc.returncode != 0:
        return {"error": f"exit {proc.returncode}: {stderr.strip().splitlines()[-1:]}"}
    return {"first_token_s": ttft, "wall_s": wall, **_engine_figures(stderr)}


def time_serve(binary: str, common: list[str], env: dict, timeout: float, image: str | None,
               prompt: str) -> dict:
    with tempfile.TemporaryFile() as log:
        return _time_serve(binary, common, env, timeout, image, prompt, log)


def _time_serve(binary, common, env, timeout, image, prompt, log) -> dict:
    port = _free_port()
    start = time.monotonic()
    media = ["--allowed-media-dir", str(pathlib.Path(image).parent)] if image else []
    proc = subprocess.Popen([binary, "serve", *common, "--port", str(port), *media],
                            stdout=subprocess.DEVNULL, stderr=log, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            if proc.poll() is not None:
                log.seek(0)
                return {"error": f"serve exited {proc.returncode}: "
                                 f"{log.read().decode(errors='replace')[-400:]}"}
            if time.monotonic() - start > timeout:
                return {"error": f"not ready in {timeout} s"}
            try:
                with urllib.request.urlopen(base + "/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            time.sleep(0.05)
        ready = time.monotonic() - start
        body = {"model": pathlib.Path(common[1]).name, "stream": True, "max_tokens": 4, "temperature": 0,
                "messages": [{"role": "user", "content": [
                    *([{"type": "image_url", "image_url": {"url": "file://" + image}}]
                      if image else []),
                    {"type": "text", "text": prompt}]}]}
        req = urllib.request.Request(base + "/v1/chat/completions", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
        ttft = None
        with urllib.request.urlopen(req, timeout=timeout) as r:
            for line in r:
                if not line.startswith(b"data: {"):
                    continue
                chunk = json.loads(line[6:])
                choices = chunk.get("choices") or [{}]
                if choices[0].get("delta", {}).get("content"):
                    ttft = time.monotonic() - start
                    break
        log.seek(0)
        return {"ready_s": ready, "first_token_s": ttft,
                **_engine_figures(log.read().decode(errors="replace"))}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", default=None,
                   help="checkpoint directory (default: the bench checkpoint, built if missing)")
    p.add_argument("--bin", default=os.environ.get("VLMXLA_BIN", str(REPO / "build" / "vlmxla")))
    p.add_argument("--backends", default="pjrt-cpu,iree-cpu")
    p.add_argument("--commands", default="run,serve")
    p.add_argument("--context", type=int, default=768)
    p.add_argument("--image", action="store_true",
                   help="send the bench's image with the bench's prompt (default: a short text)")
    p.add_argument("--timeout", type=float, default=1800)
    p.add_argument("--note", default="", help="what else ran on the machine")
    p.add_argument("--out", type=pathlib.Path, default=None)
    args = p.parse_args(argv)

    model = args.model or str(checkpoint.ensure_checkpoint())
    image, prompt = None, SHORT_PROMPT
    if args.image:
        image = str(shapes.write_image(shapes.SHAPES[shapes.DEFAULT_SHAPE].images[0]))
        prompt = DEFAULT_PROMPT
    common = ["--model", model, "--context", str(args.context)]
    run_args = [*common, *(["--image", image] if image else []), "--prompt", prompt,
                "--max-tokens", "4"]
    rows = []
    for backend in args.backends.split(","):
        for command in args.commands.split(","):
            cache = tempfile.mkdtemp(prefix="vlmxla-start-")
            env = {**os.environ, "VLMXLA_CACHE": cache}
            row = {"backend": backend, "command": command}
            for phase in ("cold", "warm"):
                if command == "run":
                    got = time_run(args.bin, [*run_args, "--backend", backend], env, args.timeout)
                else:
                    got = time_serve(args.bin, [*common, "--backend", backend], env,
                                     args.timeout, image, prompt)
                row[phase] = got
                print(f"[start] {backend} {command} {phase}: {got}", file=sys.stderr, flush=True)
            shutil.rmtree(cache, ignore_errors=True)
            rows.append(row)

    def fmt(v):
        return "-" if v is None else f"{v:.2f}"

    print("seconds from process start to the first token; weights: the engine's weight read; "
          "compile: its compile (or cache load) seconds")
    print(f"{'backend':9} {'command':7} {'cold':>8} {'warm':>8} {'warm/cold':>9} "
          f"{'weights':>8} {'compile cold':>12} {'compile warm':>12} {'warm - weights':>14}")
    for r in rows:
        c, w = r["cold"].get("first_token_s"), r["warm"].get("first_token_s")
        ratio = f"{w / c:.2f}" if c and w else "-"
        weights = r["warm"].get("weight_read_s")
        rest = w - weights if w is not None and weights is not None else None
        print(f"{r['backend']:9} {r['command']:7} {fmt(c):>8} {fmt(w):>8} {ratio:>9} "
              f"{fmt(weights):>8} {fmt(r['cold'].get('compile_s')):>12} "
              f"{fmt(r['warm'].get('compile_s')):>12} {fmt(rest):>14}")
    machine = {"cpu": _cpu_model(), "cores": os.cpu_count(), "avx512": _isa(),
               "note": args.note}
    print(f"machine: {machine['cpu']}, {machine['cores']} cores, "
          f"avx512: {' '.join(machine['avx512']) or 'none'}")
    result = {"date": datetime.date.today().isoformat(), "model": model,
              "context": args.context, "prompt": prompt, "image": image, "machine": machine,
              "rows": rows}
    out = args.out
    if out is None:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            name = report.machine_name(f.read(), os.cpu_count() or 0)
        out = REPO / "bench" / "results" / f"{result['date']}-{name}-start-times.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0 if all("error" not in r[ph] for r in rows for ph in ("cold", "warm")) else 1


if __name__ == "__main__":
    sys.exit(main())
