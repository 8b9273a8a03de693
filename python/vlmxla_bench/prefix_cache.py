"""python -m vlmxla_bench.prefix_cache: a chat's second turn about the same image, with the prefix
and image caches and without them, side by side.

On `vlmxla serve` with the bench checkpoint (checkpoint.py; `--quick`: the tiny fixture), through
the official `openai` client: turn one asks about an image, turn two repeats turn one with an
answer in the history (fixed text, so that the warm-up chat compiles exactly the programs the
measured one runs; the list of programs compiled while measuring is printed and must be empty)
and asks again. The time to first token (TTFT) of each turn is the wall time of the turn
asked with max_tokens 1 (the prefill and one sample; the server and client are on this machine),
measured once a warm-up chat about another image of the same size has compiled every program, so
no compile is timed. The same turns run on a second server started with both caches off
(`--prefix-cache-mib 0 --image-cache-mib 0`): its turn two is the uncached TTFT, and both servers'
greedy turn-two answers (16 tokens) must be the same text. Prints a table and writes JSON with
--output."""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import re
import statistics
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "py"))


def _checkpoint(quick: bool, dtype: str) -> pathlib.Path:
    from . import checkpoint

    name = "tiny-llava-siglip-qwen2" if quick else checkpoint.BENCH_SPEC
    proc = subprocess.run([sys.executable, "-m", "vlmxla_bench.checkpoint", name, dtype],
                          check=True, stdout=subprocess.PIPE, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO / "python")})
    return pathlib.Path(proc.stdout.split()[-1])


WARM_IMAGE = "second.png"
ROUND_IMAGES = ("scene.png", "wide.png", "scene_gray.png")
ANSWER = "The image shows a quiet scene with a few shapes in several colours."


def _prefill_seconds(srv) -> float:
    _, metrics = srv.get("/metrics")
    return float(re.search(r"^vlmxla_prefill_seconds_sum (\S+)$", metrics, re.MULTILINE).group(1))


def _turns(srv, client, image: pathlib.Path) -> dict:
    from test_server import _data_uri

    first = [{"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": _data_uri(image)}},
        {"type": "text", "text": "What is shown in this image? Describe it in detail."}]}]

    out = {}

    def ask(messages, max_tokens, name=None):
        p0 = _prefill_seconds(srv)
        t0 = time.perf_counter()
        r = client.chat.completions.create(model="m", messages=messages, max_tokens=max_tokens,
                                           temperature=0)
        wall = time.perf_counter() - t0
        if name:  # the engine's own prefill time (vision included), from /metrics
            out[f"{name}_prefill_s"] = _prefill_seconds(srv) - p0
        return wall, r

    out["turn1_ttft_s"], r = ask(first, 1, "turn1")
    out["turn1_prompt_tokens"] = r.usage.prompt_tokens
    # A fixed answer in the history (as a client may send any): the warm-up chat's turn two then
    # has the measured one's length, so its programs are the ones the measured chat runs.
    second = [*first, {"role": "assistant", "content": ANSWER},
              {"role": "user", "content": "Which colours stand out most?"}]
    out["turn2_ttft_s"], r = ask(second, 1, "turn2")
    out["turn2_prompt_tokens"] = r.usage.prompt_tokens
    _, r = ask(second, 16)
    out["turn2_text"] = r.choices[0].message.content
    return out


def _serve(binary, model_dir, args, caches: bool) -> dict:
    from test_server import Server, _client
    from vlmxla_oracle import testing

    images = testing.ensure_images()
    extra = [] if caches else ["--prefix-cache-mib", "0", "--image-cache-mib", "0"]
    srv = Server(binary, model_dir, *args, *extra)
    try:
        srv.wait_ready()
        client = _client(srv)
        client.timeout = 3600
        _turns(srv, client, images[WARM_IMAGE])  # compiles what the measured chats run
        compiled_at = len(srv.log)
        # Each round a new image: its turn one misses both caches, its turn two follows at once,
        # so the two see the same load on a shared machine.
        result = {"rounds": [_turns(srv, client, images[name]) for name in ROUND_IMAGES]}
        for key in ("turn1_ttft_s", "turn2_ttft_s", "turn1_prefill_s", "turn2_prefill_s"):
            result[key] = statistics.median(r[key] for r in result["rounds"])
        result["turn2_vs_turn1"] = statistics.median(
            r["turn2_ttft_s"] / r["turn1_ttft_s"] for r in result["rounds"])
        # A compile inside the measured chat would be timed: none may happen.
        result["compiled_while_measuring"] = [line.strip() for line in srv.log[compiled_at:]
                                              if "compiled" in line]
        _, metrics = srv.get("/metrics")
        result["metrics"] = {k: int(v) for k, v in re.findall(
            r"^vlmxla_((?:prefix|image)_cache_\w+) (\d+)$", metrics, re.MULTILINE)}
        return result
    finally:
        srv.stop()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="the tiny fixture (a rehearsal)")
    p.add_argument("--backend", default="pjrt-cpu")
    p.add_argument("--dtype", default="float32", help="checkpoint and compute dtype")
    p.add_argument("--context", default="1024")
    p.add_argument("--output", type=pathlib.Path)
    a = p.parse_args(argv)
    binary = REPO / "build" / "vlmxla"
    model_dir = _checkpoint(a.quick, a.dtype)
    args = ["--backend", a.backend, "--dtype", a.dtype, "--context", a.context, "--max-batch", "1",
            "--model-id", "m"]
    cached = _serve(binary, model_dir, args, caches=True)
    plain = _serve(binary, model_dir, args, caches=False)
    isa = sorted(set(re.findall(r"avx512[a-z_0-9]*", pathlib.Path("/proc/cpuinfo").read_text())))
    report = {"model": str(model_dir), "backend": a.backend, "dtype": a.dtype,
              "machine": platform.processor() or platform.machine(), "isa": isa,
              "cached": cached, "uncached": plain,
              "turn2_vs_turn1": cached["turn2_vs_turn1"],
              "turn2_cached_vs_uncached": cached["turn2_ttft_s"] / plain["turn2_ttft_s"],
              "same_text": all(c["turn2_text"] == u["turn2_text"]
                               for c, u in zip(cached["rounds"], plain["rounds"], strict=True))}
    print(f"{model_dir.name} on {a.backend}, {a.dtype}; ISA: {' '.join(isa) or 'no AVX-512'}")
    print(f"{'':28}{'caches on':>12}{'caches off':>12}")
    for key, label in (("turn1_ttft_s", "turn 1 TTFT (s)"), ("turn1_prefill_s", "  of which prefill (s)"),
                       ("turn2_ttft_s", "turn 2 TTFT (s)"), ("turn2_prefill_s", "  of which prefill (s)")):
        print(f"{label:28}{cached[key]:12.3f}{plain[key]:12.3f}")
    first = cached["rounds"][0]
    print(f"{'prompt tokens, turn 1 / 2':28}{first['turn1_prompt_tokens']:>6}/"
          f"{first['turn2_prompt_tokens']:<5}")
    print(f"medians of {len(ROUND_IMAGES)} rounds; per round, turn 2 / turn 1 with caches: "
          + ", ".join(f"{r['turn2_ttft_s'] / r['turn1_ttft_s']:.3f}x" for r in cached["rounds"]))
    print(f"turn 2 / turn 1 with caches: {report['turn2_vs_turn1']:.3f}x; turn 2 cached / "
          f"uncached: {report['turn2_cached_vs_uncached']:.3f}x")
    print(f"turn 2 greedy text identical to the uncached run, every round: {report['same_text']}")
    print(f"compiled while measuring: {cached['compiled_while_measuring']} (caches on), "
          f"{plain['compiled_while_measuring']} (off)")
    print(f"cache metrics: {cached['metrics']}")
    if a.output:
        a.output.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0 if report["same_text"] and not cached["compiled_while_measuring"] else 1


if __name__ == "__main__":
    sys.exit(main())
