"""python -m vlmxla_bench: the whole side-by-side benchmark in one run.

Builds (once) the benchmark checkpoint in each dtype (float32; bfloat16 and float16: the same
weights rounded), measures the machine's ceilings, runs Transformers eager (float32 and bfloat16)
and `vlmxla bench --dtype D` per backend and dtype on the checkpoint stored in D, all on the same
image and prompt (one after another, never in parallel), and writes
bench/results/<date>-<machine>.json and .png. `--extra BACKEND:DTYPE:STORED[:PRESET]` adds rows
computing in DTYPE on the checkpoint stored in STORED, optionally with a compiler-flag preset
(variants.py). A system that fails is recorded with its error, never given a number.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import threading
import time

from vlmxla_oracle import images, paths

from . import ceilings, chart, checkpoint, costs, report, rss_trace, variants
from .transformers_side import DEFAULT_PROMPT

REPO = pathlib.Path(__file__).resolve().parents[2]
QUICK_MODEL = "tiny-llava-siglip-qwen2"


def _log(msg: str) -> None:
    print(f"[vlmxla_bench] {msg}", file=sys.stderr, flush=True)


def _run_json(cmd: list[str], out_json: pathlib.Path | None, log: pathlib.Path,
              timeout: float, env: dict | None = None) -> dict:
    """Runs `cmd` (stderr to `log`, with `env` added to the environment) while sampling its
    memory (rss_trace); its JSON from `out_json`, else from stdout, with the trace under
    "rss_trace"."""
    t0 = time.perf_counter()
    with log.open("w") as err, tempfile.TemporaryFile("w+") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, text=True,
                                env={**os.environ, "PYTHONPATH": str(REPO / "python"),
                                     **(env or {})})
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        try:
            memory = rss_trace.trace(proc, log)
        finally:
            timer.cancel()
            proc.wait()
        out.seek(0)
        stdout = out.read()
    wall = time.perf_counter() - t0
    if wall >= timeout:
        tail = log.read_text(errors="replace").strip().splitlines()[-2:]
        return {"error": f"timed out after {timeout:.0f} s; last: " + " | ".join(tail),
                "wall_seconds": wall}
    if proc.returncode != 0:
        tail = log.read_text(errors="replace").strip().splitlines()[-3:]
        return {"error": f"exit {proc.returncode}: " + " | ".join(tail), "wall_seconds": wall}
    data = json.loads(out_json.read_text() if out_json else stdout)
    data["wall_seconds"] = wall
    data["rss_trace"] = memory
    rss_trace.use_traced_peaks(data)
    return data


def _ensure_checkpoints(model: str, dtypes) -> dict[str, pathlib.Path]:
    """{dtype: checkpoint dir}, built in a child process: building the float32 checkpoint holds
    ~7 GB, which this driver must not keep (every system it starts would inherit it)."""
    proc = subprocess.run([sys.executable, "-m", "vlmxla_bench.checkpoint", model, *dtypes],
                          check=True, stdout=subprocess.PIPE, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO / "python")})
    dirs = [pathlib.Path(line) for line in proc.stdout.splitlines() if line.strip()]
    return dict(zip(dtypes, dirs, strict=True))


def rederive(path: pathlib.Path) -> int:
    """Recomputes a results file's derived figures from what it recorded: each system's peak from
    its rss_trace (VmHWM), then the summary, the chart and the table. For a file written before
    the peak came from the trace; the measurements themselves are not touched."""
    results = json.loads(path.read_text(encoding="utf-8"))
    for s in results["systems"].values():
        rss_trace.use_traced_peaks(s)
    by_dtype = results.get("costs_by_dtype", {})
    system_costs = {n: by_dtype.get("/".join(report.dtypes_of(s)), results["costs"])
                    for n, s in results["systems"].items()}
    results["summary"] = report.summarize(results["systems"], results["costs"],
                                          results["ceilings"], system_costs)
    results.setdefault("rederived", []).append(
        {"date": datetime.date.today().isoformat(),
         "what": "peak_rss_mib from rss_trace VmHWM (getrusage figure kept as "
                 "peak_rss_mib_getrusage); summary recomputed"})
    path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    chart.write_chart(results, path.with_suffix(".png"))
    print(report.table(results))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vlmxla_bench")
    p.add_argument("--model", default=checkpoint.BENCH_SPEC,
                   help="checkpoint spec (default: the shape-faithful llava-interleave-qwen-0.5b)")
    p.add_argument("--bin", default=os.environ.get("VLMXLA_BIN", str(REPO / "build" / "vlmxla")))
    p.add_argument("--backends", default="pjrt-cpu,iree-cpu")
    p.add_argument("--dtypes", default="float32,bfloat16,float16",
                   help="vlmxla compute dtypes, each on the checkpoint stored in it")
    p.add_argument("--transformers-dtypes", default="float32,bfloat16",
                   help="Transformers eager dtypes ('' for none)")
    p.add_argument("--extra", action="append", default=[],
                   metavar="BACKEND:DTYPE:STORED[:PRESET]",
                   help="an extra vlmxla row: --dtype DTYPE on the checkpoint stored in STORED, "
                        f"optionally with a flag preset ({', '.join(variants.PRESETS)})")
    p.add_argument("--decode-tokens", type=int, default=16)
    p.add_argument("--batches", default="1,4,8")
    p.add_argument("--context", type=int, default=768,
                   help="context capacity (768: the image prompt's bucket)")
    p.add_argument("--prompt", default=DEFAULT_PROMPT)
    p.add_argument("--quick", action="store_true",
                   help=f"pipeline check: {QUICK_MODEL}, 12 decode tokens, small ceilings")
    p.add_argument("--out", type=pathlib.Path, default=REPO / "bench" / "results")
    p.add_argument("--timeout", type=float, default=1800,
                   help="seconds each system may take (load, compile, measure)")
    p.add_argument("--note", default="", help="free text recorded with the machine (e.g. load)")
    p.add_argument("--rederive", type=pathlib.Path, metavar="RESULTS.json",
                   help="run nothing: recompute RESULTS.json's peaks (from its memory traces), "
                        "summary, chart and table")
    args = p.parse_args(argv)
    if args.rederive:
        return rederive(args.rederive)
    if args.quick:
        args.model, args.decode_tokens, args.context = QUICK_MODEL, 12, 64
    batches = [int(b) for b in args.batches.split(",")]
    threads = len(os.sched_getaffinity(0))
    cores = os.cpu_count() or threads

    def split(text: str) -> list[str]:
        out = [x for x in text.split(",") if x]
        for d in out:
            if d not in checkpoint.DTYPES:
                p.error(f"unknown dtype {d!r}; known: {', '.join(checkpoint.DTYPES)}")
        return out

    # Rows: (name, backend, compute dtype, stored dtype, preset); Transformers has no preset.
    rows = [(report.system_name(report.TRANSFORMERS, d), report.TRANSFORMERS, d, d, None)
            for d in split(args.transformers_dtypes)]
    for backend in [b for b in args.backends.split(",") if b]:
        rows += [(report.system_name(backend, d), backend, d, d, None) for d in split(args.dtypes)]
    for spec in args.extra:
        parts = spec.split(":")
        if len(parts) not in (3, 4) or not all(parts[:3]):
            p.error(f"--extra {spec!r}: expected BACKEND:DTYPE:STORED[:PRESET]")
        backend, dtype, stored = parts[:3]
        preset = parts[3] if len(parts) == 4 and parts[3] else None
        split(f"{dtype},{stored}")
        if preset and preset not in variants.PRESETS:
            p.error(f"--extra {spec!r}: unknown preset; known: {', '.join(variants.PRESETS)}")
        name = report.system_name(backend, dtype, stored) + (f"+{preset}" if preset else "")
        rows.append((name, backend, dtype, stored, preset))

    model_dirs = _ensure_checkpoints(args.model, list(dict.fromkeys(r[3] for r in rows)))
    image = images.write_images()["scene.png"]
    work = paths.cache_dir() / "bench" / "work"  # per-system logs and JSON, outside Git
    work.mkdir(parents=True, exist_ok=True)
    load_start = os.getloadavg()
    _log(f"models {', '.join(str(m) for m in model_dirs.values())}; load average {load_start}")

    _log("ceilings: float32 / bfloat16 / float16 matmul rates and copy bandwidth")
    ceil = ceilings.measure(quick=args.quick)
    _log(f"  {ceil['matmul_gflops']:.1f} GFLOP/s float32, "
         f"{ceil['matmul_gflops_bfloat16']:.1f} bfloat16, {ceil['matmul_gflops_float16']:.1f} "
         f"float16; {ceil['copy_gbps']:.1f} GB/s")

    systems, failures, stage_load, row_of = {}, {}, {}, {}
    for name, backend, dtype, stored, preset in rows:
        model_dir = model_dirs[stored]
        row_of[name] = (backend, dtype, stored, preset)
        if backend == report.TRANSFORMERS:
            _log(f"transformers eager {dtype}")
            r = _run_json([sys.executable, "-m", "vlmxla_bench.transformers_side",
                           str(model_dir), str(image), str(threads), str(args.decode_tokens),
                           args.batches, args.prompt, dtype],
                          None, work / f"{name}.log", args.timeout)
        else:
            env = variants.environment(preset, work)
            _log(f"vlmxla bench --backend {backend} --dtype {dtype} on {model_dir.name}"
                 + (f" ({variants.describe(preset)})" if preset else ""))
            out_json = work / f"{name}.json"
            out_json.unlink(missing_ok=True)
            r = _run_json([args.bin, "bench", "--model", str(model_dir), "--image", str(image),
                           "--prompt", args.prompt, "--backend", backend, "--dtype", dtype,
                           "--context", str(args.context), "--decode-tokens",
                           str(args.decode_tokens), "--batches", args.batches, "--output",
                           str(out_json)], out_json, work / f"{name}.log", args.timeout, env)
            if preset:
                r["preset"] = {"name": preset, "what": variants.describe(preset)}
            if "error" not in r and (r.get("dtype"), r.get("weights_dtype")) != (dtype, stored):
                r = {"error": f"asked --dtype {dtype} on {stored} weights, vlmxla reports "
                              f"{r.get('dtype')} on {r.get('weights_dtype')}",
                     "wall_seconds": r["wall_seconds"]}
        stage_load[name] = os.getloadavg()
        (failures if "error" in r else systems)[name] = r
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

    def model_costs(stored: str, kv_dtype: str) -> dict:
        c = costs.model_costs(model_dirs[stored], ref["prompt_tokens_image_text"],
                              ref["prompt_tokens_text"],
                              ref["prompt_tokens_text"] + args.decode_tokens, kv_dtype)
        c["prefill_tokens_image_text"] = ref["prompt_tokens_image_text"]
        return c

    # "costs": the float32 checkpoint's, as before dtypes; each row also gets its own (weights as
    # stored, KV in its compute dtype) in "costs_by_dtype" under "<compute>/<stored>".
    costs_by_dtype = {f"{d}/{w}": model_costs(w, d)
                      for d, w in dict.fromkeys(report.dtypes_of(s) for s in systems.values())}
    cost = costs_by_dtype.get("float32/float32") or model_costs(
        "float32" if "float32" in model_dirs else next(iter(model_dirs)), "float32")
    system_costs = {n: costs_by_dtype["/".join(report.dtypes_of(s))] for n, s in systems.items()}

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
                     "context_capacity": args.context, "dtype": "float32",
                     "dtypes": split(args.dtypes),
                     "transformers_dtypes": split(args.transformers_dtypes),
                     "extra": args.extra, "repetitions": 1,
                     "checkpoints": {d: str(m) for d, m in model_dirs.items()},
                     "rows": {n: {"backend": b, "dtype": d, "weights_dtype": w, "preset": pr}
                              for n, (b, d, w, pr) in row_of.items()}},
        "definitions": {
            "ttft": "decoded image + message -> first token; processor/Prepare included, "
                    "image file decoding excluded (both sides)",
            "prefill_tokens_per_second": "prompt tokens incl. image tokens / (vision encode + "
                                         "decoder prefill) seconds of the image+text request",
            "decode_tokens_per_second": "tokens sampled while all N sequences decode together "
                                        "/ that time",
            "peak_rss_mib": "VmHWM (/proc/PID/status, sampled every 0.2 s until exit) of the "
                            "process, plus (IREE) its runtime host's; the process's own getrusage "
                            "figure is kept as peak_rss_mib_getrusage (Linux carries ru_maxrss "
                            "over fork+exec from the driver, see rss_trace.py)",
            "roofline": "prefill: flops / measured matmul rate in the row's compute dtype "
                        "(summary.<row>.matmul_ceiling names it); decode: max(weight bytes as "
                        "stored (4 or 2 per element) + KV bytes in the compute dtype / copy "
                        "bandwidth, flops / that matmul rate)",
            "rows": "float32 rows are named by the backend alone; <backend>-<dtype> computes "
                    "in dtype on the checkpoint stored in it; -on-<stored> when the two differ; "
                    "+<preset> with a compiler-flag preset (vlmxla_bench/variants.py)",
        },
        "ceilings": ceil,
        "costs": cost,
        "costs_by_dtype": costs_by_dtype,
        "systems": systems,
        "failures": {k: v["error"] for k, v in failures.items()},
    }
    results["summary"] = report.summarize(systems, cost, ceil, system_costs)
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
