"""python -m vlmxla_bench: the whole side-by-side benchmark in one run.

Builds (once) the benchmark checkpoint in each dtype (float32; bfloat16 and float16: the same
weights rounded), measures the machine's ceilings, runs Transformers eager (float32 and bfloat16)
and `vlmxla bench --dtype D` per backend and dtype on the checkpoint stored in D, all on the same
image and prompt (one after another, never in parallel), and writes
bench/results/<date>-<machine>.json and .png. `--extra BACKEND:DTYPE:STORED[:PRESET]` adds rows
computing in DTYPE on the checkpoint stored in STORED, optionally with a compiler-flag preset
(variants.py). A system that fails is recorded with its error, never given a number.

`--shape qwen2-vl-2b` (shapes.py) benchmarks the Qwen2-VL-2B shape instead, with two images
(448x448 and 1280x720): Transformers measures both in one process; `vlmxla bench` (one image per
run) runs once per image, the first run measuring everything, the next ones the image request
(their decode is two tokens at batch 1, kept under `image_runs` but not reported). Results:
bench/results/<date>-<machine>-qwen2-vl-2b.{json,png}. `--shape qwen3-vl-2b` does the same
for Qwen3-VL-2B; `--shape gemma-3-4b` benchmarks Gemma-3-4B on one image, in bfloat16 only.

`--weights int8,int4,w8a8,w4a8` adds `vlmxla bench --weights W` rows per backend (float32 compute on
the float32 checkpoint). `--llamacpp DIR` runs llama.cpp (a build from source; not a dependency) after
the vlmxla rows on the same checkpoint converted to GGUF, image, prompt lengths and batches
(llamacpp.py): rows llama.cpp-<FORMAT> beside vlmxla's, each vlmxla row against the llama.cpp row
of its class of weights in the summary; a row that cannot run says "unavailable: why" and does not
fail the run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

from vlmxla_oracle import paths

from . import ceilings, chart, checkpoint, costs, llamacpp, report, rss_trace, shapes, variants
from .transformers_side import DEFAULT_PROMPT

REPO = pathlib.Path(__file__).resolve().parents[2]
QUICK_MODEL = shapes.SHAPES[shapes.DEFAULT_SHAPE].quick_model
# What a vlmxla run after a shape's first image measures besides its image request: as little
# decode as `vlmxla bench` allows.
SECONDARY_DECODE = {"decode_tokens": 2, "batches": "1"}
QUANTIZED_WEIGHTS = tuple(report.WEIGHTS_CLASS)  # int8, int4, w8a8, w4a8


def _log(msg: str) -> None:
    print(f"[vlmxla_bench] {msg}", file=sys.stderr, flush=True)


def _run_json(cmd: list[str], out_json: pathlib.Path | None, log: pathlib.Path,
              timeout: float, env: dict | None = None) -> dict:
    """Runs `cmd` (stderr to `log`, with `env` added to the environment) while sampling its
    memory (rss_trace); its JSON from `out_json`, else from stdout, with the trace under
    "rss_trace"."""
    with log.open("w") as err, tempfile.TemporaryFile("w+") as out:
        proc, memory, wall = rss_trace.run_traced(
            cmd, log, timeout, stdout=out, stderr=err,
            env={**os.environ, "PYTHONPATH": str(REPO / "python"), **(env or {})})
        out.seek(0)
        stdout = out.read()
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


def _plan(model_dir: pathlib.Path, prompt: str, images: dict) -> dict:
    """prompts.py's answer for a shape whose prompt follows its image (prompt lengths, image
    tokens, patch grids or anyres views), from a child."""
    proc = subprocess.run([sys.executable, "-m", "vlmxla_bench.prompts", str(model_dir), prompt,
                           *(f"{label}={path}" for label, path in images.items())],
                          check=True, stdout=subprocess.PIPE, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO / "python")})
    return json.loads(proc.stdout)


def engine_image_tokens(binary: str, model_dir: pathlib.Path, prompt: str, image: pathlib.Path,
                        context: int) -> int:
    """How many positions vlmxla's own preparation gives the image (`vlmxla prepare`: the
    lengths of its image slots, `image N: positions [a, b)`)."""
    proc = subprocess.run([binary, "prepare", "--model", str(model_dir), "--prompt", prompt,
                           "--image", str(image), "--context", str(context)],
                          check=False, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"vlmxla prepare on {image}: exit {proc.returncode}: "
                           f"{proc.stderr.strip()}")
    slots = re.findall(r"^image \d+: positions \[(\d+), (\d+)\)$", proc.stdout, re.MULTILINE)
    if not slots:
        raise RuntimeError(f"vlmxla prepare on {image} printed no image slot:\n{proc.stdout}")
    return sum(int(end) - int(begin) for begin, end in slots)


def check_image_tokens(plan: dict, engine_counts: dict[str, int]) -> dict:
    """{label: {"transformers": n, "vlmxla": n}}: the image tokens Transformers' processor and
    vlmxla's preparation give each image; an error when they differ (the systems would not be
    doing the same work)."""
    out = {label: {"transformers": im["image_tokens"], "vlmxla": engine_counts[label]}
           for label, im in plan["images"].items()}
    for label, n in out.items():
        _log(f"image tokens, image {label}: Transformers {n['transformers']}, "
             f"vlmxla {n['vlmxla']}")
    bad = {k: n for k, n in out.items() if n["transformers"] != n["vlmxla"]}
    if bad:
        raise RuntimeError(f"image token counts differ: {bad}")
    return out


def order_rows(rows: list[tuple], interleave: bool) -> list[tuple]:
    """The rows in running order: as listed (Transformers first), or, interleaved, dtype by
    dtype in order of first appearance, Transformers' row then the vlmxla rows of that dtype, so
    rows compared with each other run close together and see the same machine load."""
    if not interleave:
        return rows
    dtypes = list(dict.fromkeys(r[2] for r in rows))
    return sorted(rows, key=lambda r: (dtypes.index(r[2]), r[1] != report.TRANSFORMERS))


IMAGE_KEYS = ("ttft_image_text_seconds", "prompt_tokens_image_text", "prefill_seconds_image_text",
              "prefill_tokens_per_second")


def merge_image_runs(primary: dict, label: str, others: dict[str, dict]) -> dict:
    """One vlmxla row from its runs: `primary` (the first image's run: every figure) and
    `others` ({label: the run of that image}). Each image's figures go under "images"; the other
    runs whole under "image_runs"; peak_rss_mib is the largest run's (the run of each image under
    "peak_rss_mib_by_image"). A failed run leaves {"error": ...} for its image."""
    primary["images"] = {label: {"image": primary.get("image"),
                                 **{k: primary[k] for k in IMAGE_KEYS},
                                 "context_capacity": primary.get("context_capacity")}}
    primary["image_runs"] = others
    for other_label, r in others.items():
        primary["images"][other_label] = ({"error": r["error"]} if "error" in r else {
            "image": r.get("image"), **{k: r[k] for k in IMAGE_KEYS},
            "context_capacity": r.get("context_capacity")})
    _largest_peak(primary)
    return primary


def _largest_peak(system: dict) -> None:
    """peak_rss_mib of a row measured in several runs: the largest run's."""
    runs = {k: r for k, r in (system.get("image_runs") or {}).items() if "error" not in r}
    if not runs:
        return
    first = next(iter(system["images"]))
    own = system.get("peak_rss_mib_by_image", {}).get(first, system["peak_rss_mib"])
    by_image = {first: own, **{k: r["peak_rss_mib"] for k, r in runs.items()}}
    system["peak_rss_mib_by_image"] = by_image
    system["peak_rss_mib"] = max(by_image.values(), key=lambda p: p["total"])


def _without_llamacpp(results: dict) -> dict:
    """The results the chart draws: its panels show rooflines, which llama.cpp rows lack."""
    return {**results, "systems": {n: s for n, s in results["systems"].items()
                                   if not report.is_llamacpp(s)}}


def rederive(path: pathlib.Path) -> int:
    """Recomputes a results file's derived figures from what it recorded: each system's peak from
    its rss_trace (VmHWM), then the summary, the chart and the table. For a file written before
    the peak came from the trace; the measurements themselves are not touched."""
    results = json.loads(path.read_text(encoding="utf-8"))
    for s in results["systems"].values():
        rss_trace.use_traced_peaks(s)
        for r in (s.get("image_runs") or {}).values():
            rss_trace.use_traced_peaks(r)
        s.pop("peak_rss_mib_by_image", None)
        _largest_peak(s)
    by_dtype = results.get("costs_by_dtype", {})
    system_costs = {n: by_dtype.get(report.cost_key(s), results["costs"])
                    for n, s in results["systems"].items()}
    results["summary"] = report.summarize(results["systems"], results["costs"],
                                          results["ceilings"], system_costs)
    results.setdefault("rederived", []).append(
        {"date": datetime.date.today().isoformat(),
         "what": "peak_rss_mib from rss_trace VmHWM (getrusage figure kept as "
                 "peak_rss_mib_getrusage); summary, chart and table recomputed by that "
                 "date's report.py"})
    path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    chart.write_chart(_without_llamacpp(results), path.with_suffix(".png"))
    print(report.table(results))
    same = report.table_same_dtype(results)
    if same:
        print("\nAgainst Transformers eager in the same dtype:\n" + same)
    return 0


def parse_args(argv: list[str] | None = None) -> tuple[argparse.ArgumentParser,
                                                       argparse.Namespace]:
    """The parser and the arguments, with the shape's defaults filled in where none was given
    (--quick: the shape's tiny fixture, 12 decode tokens, and LLaVA's context 64)."""
    p = argparse.ArgumentParser(prog="python -m vlmxla_bench")
    p.add_argument("--shape", choices=sorted(shapes.SHAPES), default=shapes.DEFAULT_SHAPE,
                   help="what to benchmark (shapes.py): its checkpoint spec, images and defaults")
    p.add_argument("--model", default=None,
                   help="checkpoint spec (default: the shape's, e.g. the shape-faithful "
                        "llava-interleave-qwen-0.5b)")
    p.add_argument("--bin", default=os.environ.get("VLMXLA_BIN", str(REPO / "build" / "vlmxla")))
    p.add_argument("--backends", default="pjrt-cpu,iree-cpu")
    p.add_argument("--dtypes", default=None,
                   help="vlmxla compute dtypes, each on the checkpoint stored in it (default: the "
                        "shape's: float32,bfloat16,float16 for LLaVA, float32,bfloat16 for Qwen)")
    p.add_argument("--transformers-dtypes", default=None,
                   help="Transformers eager dtypes ('' for none; default: the shape's, "
                        "float32,bfloat16, or bfloat16 alone for gemma-3-4b)")
    p.add_argument("--extra", action="append", default=[],
                   metavar="BACKEND:DTYPE:STORED[:PRESET]",
                   help="an extra vlmxla row: --dtype DTYPE on the checkpoint stored in STORED, "
                        f"optionally with a flag preset ({', '.join(variants.PRESETS)})")
    p.add_argument("--weights", default="",
                   help="extra vlmxla rows with quantized text-decoder weights: `vlmxla bench "
                        "--weights W` for W in this list (int8, int4, w8a8, w4a8), per backend, "
                        "computing in float32 on the float32 checkpoint (rows <backend>-<W>)")
    p.add_argument("--llamacpp", type=pathlib.Path, default=None, metavar="DIR",
                   help="also run llama.cpp (a build from source, bench/README.md \"llama.cpp "
                        "beside vlmxla\") on the same checkpoint converted to GGUF (llamacpp.py): "
                        "rows llama.cpp-<FORMAT>; a missing binary or a failed conversion makes "
                        "its rows 'unavailable: why' and the run goes on")
    p.add_argument("--llamacpp-formats", default=None,
                   help="llama.cpp formats (default: F32, the 16-bit one of each narrow dtype, "
                        "F16 when there is none, Q8_0, Q4_0)")
    p.add_argument("--decode-tokens", type=int, default=16)
    p.add_argument("--batches", default="1,4,8")
    p.add_argument("--context", type=int, default=None,
                   help="context capacity (LLaVA: 768, the image prompt's bucket; Qwen: each "
                        "run's prompt rounded up to 64)")
    p.add_argument("--prompt", default=DEFAULT_PROMPT)
    p.add_argument("--quick", action="store_true",
                   help="pipeline check: the shape's tiny fixture (LLaVA: "
                        f"{QUICK_MODEL}), 12 decode tokens, small ceilings")
    p.add_argument("--out", type=pathlib.Path, default=REPO / "bench" / "results")
    p.add_argument("--timeout", type=float, default=None,
                   help="seconds each system (each vlmxla run) may take: load, compile, measure "
                        "(default: the shape's, LLaVA 1800, Qwen 7200)")
    p.add_argument("--interleave", action=argparse.BooleanOptionalAction, default=None,
                   help="run the rows dtype by dtype, Transformers then vlmxla (default: the "
                        "shape's; the LLaVA and Qwen shapes run Transformers' rows first)")
    p.add_argument("--note", default="", help="free text recorded with the machine (e.g. load)")
    p.add_argument("--rederive", type=pathlib.Path, metavar="RESULTS.json",
                   help="run nothing: recompute RESULTS.json's peaks (from its memory traces), "
                        "summary, chart and table")
    args = p.parse_args(argv)
    shape = shapes.SHAPES[args.shape]
    args.model = args.model or shape.model
    args.dtypes = shape.dtypes if args.dtypes is None else args.dtypes
    if args.transformers_dtypes is None:
        args.transformers_dtypes = shape.transformers_dtypes
    args.timeout = args.timeout or shape.timeout
    if args.interleave is None:
        args.interleave = shape.interleave
    if args.context is None:
        args.context = shape.context
    if args.quick:
        args.model, args.decode_tokens = shape.quick_model, 12
        args.context = 64 if shape.context else None
    return p, args


def main(argv: list[str] | None = None) -> int:
    p, args = parse_args(argv)
    if args.rederive:
        return rederive(args.rederive)
    shape = shapes.SHAPES[args.shape]
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
    weights_of = {}  # row name: its `vlmxla bench --weights` (rows without one: stored)
    for w in [w for w in args.weights.split(",") if w]:
        if w not in QUANTIZED_WEIGHTS:
            p.error(f"--weights {w!r}: expected one of {', '.join(QUANTIZED_WEIGHTS)}")
        for backend in [b for b in args.backends.split(",") if b]:
            name = f"{report.system_name(backend, 'float32')}-{w}"
            weights_of[name] = w
            rows.append((name, backend, "float32", "float32", None))
    llamacpp_formats = None
    if args.llamacpp is not None:
        llamacpp_formats = ([f for f in args.llamacpp_formats.split(",") if f]
                            if args.llamacpp_formats is not None
                            else llamacpp.formats_for(split(args.dtypes)))
        for f in llamacpp_formats:
            if f not in llamacpp.FORMAT_DTYPE:
                p.error(f"--llamacpp-formats: unknown format {f!r}; known: "
                        f"{', '.join(llamacpp.FORMAT_DTYPE)}")
    rows = order_rows(rows, args.interleave)

    model_dirs = _ensure_checkpoints(args.model, list(dict.fromkeys(r[3] for r in rows)))
    image_paths = {im.label: shapes.write_image(im) for im in shape.images}
    first_label = next(iter(image_paths))
    image = image_paths[first_label]
    work = paths.cache_dir() / "bench" / "work"  # per-system logs and JSON, outside Git
    if args.shape != shapes.DEFAULT_SHAPE:  # its own logs, and a rehearsal's apart
        work = work / (args.shape + ("-quick" if args.quick else ""))
    work.mkdir(parents=True, exist_ok=True)
    load_start = os.getloadavg()
    _log(f"models {', '.join(str(m) for m in model_dirs.values())}; load average {load_start}")
    # The requests' lengths and grids (a shape whose prompt follows its image: Qwen, anyres),
    # and each vlmxla run's context capacity.
    plan = (_plan(next(iter(model_dirs.values())), args.prompt, image_paths)
            if shape.context is None else None)
    contexts = {}
    for i, label in enumerate(image_paths):
        if args.context:
            contexts[label] = args.context
        else:
            contexts[label] = shapes.context_for(
                plan["images"][label]["prompt_tokens"], plan["text_tokens"],
                args.decode_tokens if i == 0 else SECONDARY_DECODE["decode_tokens"])
    if plan:
        _log("prompts: text " + str(plan["text_tokens"]) + " tokens; " + "; ".join(
            f"{k} {v['prompt_tokens']} tokens ("
            + (f"grid {v['grid_thw']}" if "grid_thw" in v else f"{v['views']} views")
            + f", {v['image_tokens']} image tokens), context {contexts[k]}"
            for k, v in plan["images"].items()))
        image_tokens = check_image_tokens(plan, {
            label: engine_image_tokens(args.bin, next(iter(model_dirs.values())), args.prompt,
                                       path, contexts[label])
            for label, path in image_paths.items()})
    else:
        image_tokens = None

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
            images_arg = (str(image) if len(image_paths) == 1 else
                          ",".join(f"{k}={v}" for k, v in image_paths.items()))
            r = _run_json([sys.executable, "-m", "vlmxla_bench.transformers_side",
                           str(model_dir), images_arg, str(threads), str(args.decode_tokens),
                           args.batches, args.prompt, dtype],
                          None, work / f"{name}.log", args.timeout)
            if "error" not in r and len(image_paths) == 1:  # one image: its given label
                r["images"] = {first_label: r["images"].pop("image")}
        else:
            env = variants.environment(preset, work)
            runs = {}
            for i, (label, path) in enumerate(image_paths.items()):
                decode = ({"decode_tokens": args.decode_tokens, "batches": args.batches}
                          if i == 0 else SECONDARY_DECODE)
                _log(f"vlmxla bench --backend {backend} --dtype {dtype} on {model_dir.name}"
                     + (f", image {label}, context {contexts[label]}"
                        if len(image_paths) > 1 else "")
                     + (f" ({variants.describe(preset)})" if preset else ""))
                stem = name if i == 0 else f"{name}.{label}"
                out_json = work / f"{stem}.json"
                out_json.unlink(missing_ok=True)
                run = _run_json([args.bin, "bench", "--model", str(model_dir), "--image",
                                 str(path), "--prompt", args.prompt, "--backend", backend,
                                 "--dtype", dtype, "--context", str(contexts[label]),
                                 "--decode-tokens", str(decode["decode_tokens"]), "--batches",
                                 decode["batches"], "--output", str(out_json)]
                                + (["--weights", weights_of[name]] if name in weights_of else []),
                                out_json, work / f"{stem}.log", args.timeout, env)
                if "error" not in run:
                    run["image"] = str(path)
                    if run.get("weights", "stored") != weights_of.get(name, "stored"):
                        run = {"error": f"asked --weights {weights_of.get(name, 'stored')}, "
                                        f"vlmxla reports {run.get('weights')}",
                               "wall_seconds": run["wall_seconds"]}
                    elif (run.get("dtype"), run.get("weights_dtype")) != (dtype, stored):
                        run = {"error": f"asked --dtype {dtype} on {stored} weights, vlmxla "
                                        f"reports {run.get('dtype')} on "
                                        f"{run.get('weights_dtype')}",
                               "wall_seconds": run["wall_seconds"]}
                runs[label] = run
                if i == 0:
                    stage_load[name] = os.getloadavg()
                    if "error" in run:
                        break  # no row without its first run
                else:
                    stage_load[f"{name} {label}"] = os.getloadavg()
                    if "error" in run:
                        failures[f"{name} {label}"] = run
                        _log(f"  {label}: {run['error']}")
            r = runs.pop(first_label)
            if "error" not in r and len(image_paths) > 1:
                r = merge_image_runs(r, first_label, runs)
            elif "error" not in r:
                r["images"] = {first_label: {"image": str(image),
                                             **{k: r[k] for k in IMAGE_KEYS}}}
            if preset:
                r["preset"] = {"name": preset, "what": variants.describe(preset)}
        stage_load.setdefault(name, os.getloadavg())  # a vlmxla row: after its first run
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
        for label, im in s["images"].items():
            want = (plan["images"][label]["prompt_tokens"] if plan else
                    ref["images"][label].get("prompt_tokens_image_text"))
            if "error" not in im and im["prompt_tokens_image_text"] != want:
                raise RuntimeError(f"{name} saw {im['prompt_tokens_image_text']} prompt tokens "
                                   f"with image {label}, not {want}: inputs differ")
    for name, s in systems.items():  # the image tokens Transformers' model was fed
        for label, im in s["images"].items():
            if image_tokens and im.get("image_tokens", image_tokens[label]["transformers"]) \
                    != image_tokens[label]["transformers"]:
                raise RuntimeError(f"{name} fed {im['image_tokens']} image tokens for image "
                                   f"{label}, not {image_tokens[label]['transformers']}")
    if plan and ref["prompt_tokens_text"] != plan["text_tokens"]:
        raise RuntimeError(f"the systems saw {ref['prompt_tokens_text']} text-only tokens, the "
                           f"processor gives {plan['text_tokens']}")
    image_requests = {label: {"prompt_tokens": (plan["images"][label]["prompt_tokens"] if plan
                                                else ref["prompt_tokens_image_text"]),
                              "patches": plan["images"][label]["patches"] if plan else None}
                      for label in image_paths}

    # llama.cpp on the same checkpoint, image, prompt lengths, decode tokens and batches, after
    # the vlmxla rows (llamacpp.py); its rows join `systems` once the costs are computed.
    llama_rows, unavailable, llama_info = {}, {}, None
    if args.llamacpp is not None:
        llama_rows, unavailable, llama_info = llamacpp.run_all(
            args.llamacpp.resolve(), model_dirs, llamacpp_formats, image=image,
            label=first_label, prompt=args.prompt, prompt_tokens_text=ref["prompt_tokens_text"],
            prompt_tokens_image_text=ref["prompt_tokens_image_text"],
            decode_tokens=args.decode_tokens, batches=batches, threads=threads,
            work=work, timeout=args.timeout)
        stage_load[llamacpp.SYSTEM] = os.getloadavg()
        for name, r in llama_rows.items():
            if r["prompt_tokens_image_text"] != ref["prompt_tokens_image_text"]:
                _log(f"NOTE {name}: llama.cpp evaluated {r['prompt_tokens_image_text']} prompt "
                     f"tokens with the image, vlmxla {ref['prompt_tokens_image_text']}")

    def model_costs(stored: str, kv_dtype: str, weights: str = "stored") -> dict:
        c = costs.model_costs(model_dirs[stored], ref["prompt_tokens_image_text"],
                              ref["prompt_tokens_text"],
                              ref["prompt_tokens_text"] + args.decode_tokens, kv_dtype,
                              image_requests[first_label]["patches"], image_requests, weights)
        c["prefill_tokens_image_text"] = ref["prompt_tokens_image_text"]
        c["prefill_tokens_by_image"] = {k: v["prompt_tokens"] for k, v in image_requests.items()}
        return c

    # "costs": the float32 checkpoint's, as before dtypes; each row also gets its own (weights as
    # stored or in its --weights format, KV in its compute dtype) in "costs_by_dtype" under
    # report.cost_key: "<compute>/<stored>[/<format>]".
    row_of_key = {report.cost_key(s): s for s in systems.values()}  # one row per distinct key
    costs_by_dtype = {}
    for key, s in row_of_key.items():
        compute, stored = report.dtypes_of(s)
        costs_by_dtype[key] = model_costs(stored, compute, s.get("weights", "stored"))
    cost = costs_by_dtype.get("float32/float32") or model_costs(
        "float32" if "float32" in model_dirs else next(iter(model_dirs)), "float32")
    system_costs = {n: costs_by_dtype[report.cost_key(s)] for n, s in systems.items()}
    systems.update(llama_rows)

    cpuinfo = pathlib.Path("/proc/cpuinfo").read_text(errors="replace")
    machine = report.machine_name(cpuinfo, cores)
    # Run under scripts/as_cpu.sh: every library (and every row) saw the older CPU it names.
    posed_as = os.environ.get("VLMXLA_CPUID_MASK") or None
    if posed_as:
        machine += f"-as-{posed_as}"
    date = datetime.date.today().isoformat()
    results = {
        "date": date,
        "shape": args.shape,
        "model": args.model,
        "model_spec": f"python/vlmxla_oracle/fixture_configs/{args.model}.json",
        "quick": args.quick,
        "machine": {
            "name": machine,
            "cpu": next((ln.split(":", 1)[1].strip() for ln in cpuinfo.splitlines()
                         if ln.startswith("model name")), "unknown"),
            "isa": sorted(set(re.findall(r"\b(avx512[a-z_0-9]*|amx_[a-z0-9]+|avx2)\b", cpuinfo))),
            "posed_as": posed_as,
            "cores": cores,
            "threads": threads,
            "load_average_start": load_start,
            "load_average_after": stage_load,
            "load_average_end": os.getloadavg(),
            "note": args.note,
        },
        "settings": {"prompt": args.prompt, "image": image.name,
                     "images": {k: {"file": v.name, "path": str(v),
                                    "context_capacity": contexts[k],
                                    **({"plan": plan["images"][k]} if plan else {})}
                                for k, v in image_paths.items()},
                     "text_prompt_tokens": plan["text_tokens"] if plan else None,
                     "decode_tokens": args.decode_tokens, "batches": batches,
                     "context_capacity": contexts[first_label], "dtype": "float32",
                     "dtypes": split(args.dtypes),
                     "transformers_dtypes": split(args.transformers_dtypes),
                     "extra": args.extra, "repetitions": 1,
                     "checkpoints": {d: str(m) for d, m in model_dirs.items()},
                     "rows": {n: {"backend": b, "dtype": d, "weights_dtype": w, "preset": pr,
                                  "weights": weights_of.get(n, "stored")}
                              for n, (b, d, w, pr) in row_of.items()},
                     "llamacpp_formats": llamacpp_formats},
        "definitions": {
            "ttft": "decoded image + message -> first token; processor/Prepare included, "
                    "image file decoding excluded (both sides)",
            "images": "ttft_image_text_seconds / prefill_* are the first image's; every "
                      "image's under systems.<row>.images.<label> (a vlmxla row: one `vlmxla "
                      "bench` run per image, each with its own context capacity; peak_rss_mib "
                      "is the largest run's)",
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
                    "+<preset> with a compiler-flag preset (vlmxla_bench/variants.py); "
                    "<backend>-int8 / -int4 / -w8a8 / -w4a8: `vlmxla bench --weights "
                    "int8|int4|w8a8|w4a8` on the float32 checkpoint (their roofline still "
                    "counts 4-byte weights); llama.cpp-<FORMAT>: llama.cpp on the checkpoint "
                    "converted to that GGUF format",
            "llama.cpp": "decode: llama-batched-bench S_TG (-npp text prompt tokens, -ntg "
                         "decode tokens, -npl batch); image TTFT and prefill tok/s: "
                         "llama-mtmd-cli's image encode + prompt eval (its image loading, "
                         "resizing and tokenizing untimed, so excluded); text TTFT: text "
                         "prompt tokens / llama-bench's prompt rate at that length; "
                         "decoder_prefill_tokens_per_second: llama-bench -p at both prompt "
                         "lengths; peak RSS: the larger VmHWM of batched-bench and mtmd-cli; "
                         "file_bytes: the GGUF files (the format's weight memory); no roofline",
        },
        "ceilings": ceil,
        "costs": cost,
        "costs_by_dtype": costs_by_dtype,
        "systems": systems,
        "failures": {k: v["error"] for k, v in failures.items()},
        # llama.cpp rows that did not run, and why (they do not fail the run: llama.cpp is not
        # part of vlmxla); where its build and files are.
        "unavailable": unavailable,
        "llamacpp": llama_info,
        "image_tokens": image_tokens,
    }
    results["summary"] = report.summarize(systems, cost, ceil, system_costs)
    args.out.mkdir(parents=True, exist_ok=True)
    stem = (f"{date}-{machine}" + (f"-{shape.tag}" if shape.tag else "")
            + ("-quick" if args.quick else ""))
    json_path = args.out / f"{stem}.json"
    json_path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    png_path = chart.write_chart(_without_llamacpp(results), args.out / f"{stem}.png")
    print(report.table(results))
    same = report.table_same_dtype(results)
    if same:
        print("\nAgainst Transformers eager in the same dtype:\n" + same)
    against = report.table_llamacpp(results)
    if against:
        print("\nvlmxla against llama.cpp, same class of weights (> 1: vlmxla faster):\n"
              + against)
    for name, why in unavailable.items():
        _log(llamacpp.loud(name, why))
    _log(f"wrote {json_path} and {png_path}")
    return 0 if not failures else 3


if __name__ == "__main__":
    sys.exit(main())
