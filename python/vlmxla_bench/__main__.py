"""python -m vlmxla_bench: the whole side-by-side benchmark in one run.

Builds (once) the benchmark checkpoint, measures the machine's ceilings, runs Transformers eager and
`vlmxla bench` per backend on the same image and prompt (one after another, never in parallel),
and writes bench/results/<date>-<machine>.json and .png. A backend that fails is recorded with its
error, never given a number.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import subprocess
import sys
import time

from vlmxla_oracle import images, paths

from . import ceilings, chart, checkpoint, costs, report
from .transformers_side import DEFAULT_PROMPT

REPO = pathlib.Path(__file__).resolve().parents[2]
QUICK_MODEL = "tiny-llava-siglip-qwen2"


def _log(msg: str) -> None:
    print(f"[vlmxla_bench] {msg}", file=sys.stderr, flush=True)


def _run_json(cmd: list[str], out_json: pathlib.Path | None, log: pathlib.Path,
              timeout: float) -> dict:
    """Runs `cmd` (stderr to `log`); its JSON from `out_json`, else from stdout."""
    t0 = time.perf_counter()
    try:
        with log.open("w") as err:
            proc = subprocess.run(cmd, check=False, stdout=subprocess.PIPE, stderr=err,
                                  text=True, timeout=timeout,
                                  env={**os.environ, "PYTHONPATH": str(REPO / "python")})
    except subprocess.TimeoutExpired:
        tail = log.read_text(errors="replace").strip().splitlines()[-2:]
        return {"error": f"timed out after {timeout:.0f} s; last: " + " | ".join(tail),
                "wall_seconds": time.perf_counter() - t0}
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        tail = log.read_text(errors="replace").strip().splitlines()[-3:]
        return {"error": f"exit {proc.returncode}: " + " | ".join(tail), "wall_seconds": wall}
    data = json.loads(out_json.read_text() if out_json else proc.stdout)
    data["wall_seconds"] = wall
    return data


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vlmxla_bench")
    p.add_argument("--model", default=checkpoint.BENCH_SPEC,
                   help="checkpoint spec (default: the shape-faithful llava-interleave-qwen-0.5b)")
    p.add_argument("--bin", default=os.environ.get("VLMXLA_BIN", str(REPO / "build" / "vlmxla")))
    p.add_argument("--backends", default="pjrt-cpu,iree-cpu")
    p.add_argument("--decode-tokens", type=int, default=16)
    p.add_argument("--batches", default="1,4,8")
    p.add_argument("--context", type=int, default=768,
                   help="context capacity (768: the image prompt's bucket)")
    p.add_argument("--prompt", default=DEFAULT_PROMPT)
    p.add_argument("--quick", action="store_true",
                   help=f"pipeline check: {QUICK_MODEL}, 4 decode tokens, small ceilings")
    p.add_argument("--out", type=pathlib.Path, default=REPO / "bench" / "results")
    p.add_argument("--timeout", type=float, default=1800,
                   help="seconds each system may take (load, compile, measure)")
    p.add_argument("--note", default="", help="free text recorded with the machine (e.g. load)")
    args = p.parse_args(argv)
    if args.quick:
        args.model, args.decode_tokens, args.context = QUICK_MODEL, 4, 64
    batches = [int(b) for b in args.batches.split(",")]
    threads = len(os.sched_getaffinity(0))
    cores = os.cpu_count() or threads

    model_dir = checkpoint.ensure_checkpoint(args.model)
    image = images.write_images()["scene.png"]
    work = paths.cache_dir() / "bench" / "work"  # per-system logs and JSON, outside Git
    work.mkdir(parents=True, exist_ok=True)
    load_start = os.getloadavg()
    _log(f"model {model_dir}; load average {load_start}")

    _log("ceilings: float32 matmul rate and copy bandwidth")
    ceil = ceilings.measure(quick=args.quick)
    _log(f"  {ceil['matmul_gflops']:.1f} GFLOP/s, {ceil['copy_gbps']:.1f} GB/s")

    systems, failures, stage_load = {}, {}, {}
    _log("transformers eager")
    hf = _run_json([sys.executable, "-m", "vlmxla_bench.transformers_side", str(model_dir),
                    str(image), str(threads), str(args.decode_tokens), args.batches,
                    args.prompt],
                   None, work / "transformers.log", args.timeout)
    stage_load[report.TRANSFORMERS] = os.getloadavg()
    (failures if "error" in hf else systems)[report.TRANSFORMERS] = hf
    for backend in [b for b in args.backends.split(",") if b]:
        _log(f"vlmxla bench --backend {backend}")
        out_json = work / f"{backend}.json"
        out_json.unlink(missing_ok=True)
        r = _run_json([args.bin, "bench", "--model", str(model_dir), "--image", str(image),
                       "--prompt", args.prompt, "--backend", backend,
                       "--context", str(args.context), "--decode-tokens",
                       str(args.decode_tokens), "--batches", args.batches, "--output",
                       str(out_json)], out_json, work / f"{backend}.log", args.timeout)
        stage_load[backend] = os.getloadavg()
        (failures if "error" in r else systems)[backend] = r
        _log(f"  {r.get('error') or 'ok'}")
    for name, f in failures.items():
        _log(f"FAILED {name}: {f['error']}")
    if not systems:
        return 1

    ref = next(iter(systems.values()))
    for name, s in systems.items():
        for key in ("prompt_tokens_image_text", "prompt_tokens_text"):
            if s[key] != ref[key]:
                raise RuntimeError(f"{name} saw {s[key]} {key}, not {ref[key]}: inputs differ")
    cost = costs.model_costs(model_dir, ref["prompt_tokens_image_text"],
                             ref["prompt_tokens_text"],
                             ref["prompt_tokens_text"] + args.decode_tokens)
    cost["prefill_tokens_image_text"] = ref["prompt_tokens_image_text"]

    cpuinfo = pathlib.Path("/proc/cpuinfo").read_text(errors="replace")
    machine = report.machine_name(cpuinfo, cores)
    date = datetime.date.today().isoformat()
    results = {
        "date": date,
        "model": args.model,
        "model_spec": f"python/vlmxla_oracle/fixture_configs/{args.model}.json",
        "quick": args.quick,
        "machine": {
            "name": machine,
            "cpu": next((ln.split(":", 1)[1].strip() for ln in cpuinfo.splitlines()
                         if ln.startswith("model name")), "unknown"),
            "cores": cores,
            "threads": threads,
            "load_average_start": load_start,
            "load_average_after": stage_load,
            "load_average_end": os.getloadavg(),
            "note": args.note,
        },
        "settings": {"prompt": args.prompt, "image": image.name,
                     "decode_tokens": args.decode_tokens, "batches": batches,
                     "context_capacity": args.context, "dtype": "float32", "repetitions": 1},
        "definitions": {
            "ttft": "decoded image + message -> first token; processor/Prepare included, "
                    "image file decoding excluded (both sides)",
            "prefill_tokens_per_second": "prompt tokens incl. image tokens / (vision encode + "
                                         "decoder prefill) seconds of the image+text request",
            "decode_tokens_per_second": "tokens sampled while all N sequences decode together "
                                        "/ that time",
            "peak_rss_mib": "getrusage max RSS: the process, plus (IREE) its runtime host",
            "roofline": "prefill: flops / measured matmul rate; decode: max(weight + KV bytes "
                        "/ copy bandwidth, flops / matmul rate)",
        },
        "ceilings": ceil,
        "costs": cost,
        "systems": systems,
        "failures": {k: v["error"] for k, v in failures.items()},
    }
    results["summary"] = report.summarize(systems, cost, ceil)
    args.out.mkdir(parents=True, exist_ok=True)
    stem = f"{date}-{machine}" + ("-quick" if args.quick else "")
    json_path = args.out / f"{stem}.json"
    json_path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    png_path = chart.write_chart(results, args.out / f"{stem}.png")
    print(report.table(results))
    _log(f"wrote {json_path} and {png_path}")
    return 0 if not failures else 3


if __name__ == "__main__":
    sys.exit(main())
