"""python -m vlmxla_bench.ab: batch-1 decode of several configurations, interleaved (A B C A B C
...), so that a machine whose load drifts (other jobs) biases every configuration alike. Each
round runs `vlmxla run` once per configuration on a text prompt (no image: no vision tower to
compile) and reads its summary line (decode tok/s over the generated tokens after the first,
prefill ms); memory from /proc (rss_trace). A configuration is BACKEND:DTYPE:STORED[:PRESET], as
the main driver's --extra.

This measures decode at batch 1 with a small context (64 positions by default), the figure the
dtype question turns on, in a minute per configuration instead of the full benchmark's ten; the
full benchmark (python -m vlmxla_bench) stays the reference for everything else.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import time

from vlmxla_oracle import paths

from . import checkpoint, rss_trace, variants

REPO = pathlib.Path(__file__).resolve().parents[2]
SUMMARY = re.compile(r"generated (\d+), finish (\w+), prefill ([0-9.]+) ms, decode ([0-9.]+) tok/s")


def run_once(bin_path: str, model_dir: pathlib.Path, backend: str, dtype: str, env: dict,
             tokens: int, context: int, log: pathlib.Path) -> dict:
    cmd = [bin_path, "run", "--model", str(model_dir), "--prompt", "Describe the image.",
           "--max-tokens", str(tokens), "--context", str(context), "--backend", backend,
           "--dtype", dtype, "--temperature", "1", "--seed", "1"]
    t0 = time.perf_counter()
    with log.open("w") as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err,
                                env={**os.environ, "PYTHONPATH": str(REPO / "python"), **env})
        memory = rss_trace.trace(proc, log)
        proc.wait()
    wall = time.perf_counter() - t0
    lines = log.read_text(errors="replace").strip().splitlines()
    m = SUMMARY.search(lines[-1]) if lines else None
    if proc.returncode != 0 or m is None:
        return {"error": f"exit {proc.returncode}: " + " | ".join(lines[-2:]), "wall_seconds": wall}
    return {"generated": int(m.group(1)), "finish": m.group(2),
            "prefill_ms": float(m.group(3)), "decode_tokens_per_second": float(m.group(4)),
            "peak_rss_mib": rss_trace.peaks(memory), "wall_seconds": wall,
            "load_average_after": os.getloadavg()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vlmxla_bench.ab")
    p.add_argument("configs", nargs="+", metavar="BACKEND:DTYPE:STORED[:PRESET]")
    p.add_argument("--model", default=checkpoint.BENCH_SPEC)
    p.add_argument("--bin", default=os.environ.get("VLMXLA_BIN", str(REPO / "build" / "vlmxla")))
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--tokens", type=int, default=32, help="tokens generated per run")
    p.add_argument("--context", type=int, default=64)
    p.add_argument("--output", type=pathlib.Path, required=True, help="results JSON")
    args = p.parse_args(argv)

    configs = []
    for spec in args.configs:
        parts = spec.split(":")
        if len(parts) not in (3, 4):
            p.error(f"{spec!r}: expected BACKEND:DTYPE:STORED[:PRESET]")
        configs.append((spec, parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else None))
    work = paths.cache_dir() / "bench" / "work" / "ab"
    work.mkdir(parents=True, exist_ok=True)
    dirs = {d: checkpoint.ensure_checkpoint(args.model, dtype=d)
            for d in dict.fromkeys(c[3] for c in configs)}
    runs = {c[0]: [] for c in configs}
    load_start = os.getloadavg()
    for r in range(args.rounds):
        for spec, backend, dtype, stored, preset in configs:
            env = variants.environment(preset, work)
            safe = re.sub(r"[^A-Za-z0-9.+-]", "_", spec)
            out = run_once(args.bin, dirs[stored], backend, dtype, env, args.tokens,
                           args.context, work / f"{safe}.{r}.log")
            runs[spec].append(out)
            print(f"[ab] round {r} {spec}: "
                  + (out.get("error") or f"decode {out['decode_tokens_per_second']:.2f} tok/s, "
                     f"prefill {out['prefill_ms']:.0f} ms, peak "
                     f"{out['peak_rss_mib']['total']:.0f} MiB, load "
                     f"{out['load_average_after'][0]:.1f}"), file=sys.stderr, flush=True)
    summary = {}
    for spec, rs in runs.items():
        ok = [x for x in rs if "error" not in x]
        if ok:
            summary[spec] = {
                "decode_tokens_per_second_median":
                    statistics.median(x["decode_tokens_per_second"] for x in ok),
                "decode_tokens_per_second_all": [x["decode_tokens_per_second"] for x in ok],
                "prefill_ms_median": statistics.median(x["prefill_ms"] for x in ok),
                "peak_rss_mib_median": statistics.median(x["peak_rss_mib"]["total"] for x in ok),
                "preset": variants.describe(next(c[4] for c in configs if c[0] == spec)),
            }
    result = {"date": time.strftime("%Y-%m-%d"), "model": args.model, "rounds": args.rounds,
              "tokens": args.tokens, "context": args.context,
              "load_average_start": load_start, "load_average_end": os.getloadavg(),
              "checkpoints": {d: str(v) for d, v in dirs.items()},
              "summary": summary, "runs": runs}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    for spec, s in summary.items():
        print(f"| {spec} | {s['decode_tokens_per_second_median']:.2f} | "
              + " / ".join(f"{v:.2f}" for v in s["decode_tokens_per_second_all"])
              + f" | {s['prefill_ms_median']:.0f} | {s['peak_rss_mib_median']:.0f} |")
    return 0 if len(summary) == len(configs) else 3


if __name__ == "__main__":
    sys.exit(main())
