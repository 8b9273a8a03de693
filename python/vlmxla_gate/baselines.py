"""The gate's performance and memory baselines, and the "weights are held once" check.

Per case x backend the gate records (from `vlmxla validate`'s manifest "measurements", plus one
`vlmxla prepare` run measured from outside):

    compile_cold_seconds_per_program     iree-compile (IREE) or in-process XLA compile (PJRT)
    compile_cached_seconds_per_program   programs the cache of compiled programs answered (both)
    prefill_seconds                      vision_encode + prefill of the case, compiled beforehand
    decode_tokens_per_second             (completion tokens - 1) / decode seconds
    prepare_peak_rss_bytes               peak RSS of `vlmxla prepare` alone (its wait4 rusage)
    engine_peak_rss_bytes                VmHWM of `vlmxla validate` (the engine process) over
                                         the case (reset as it begins; a case after the first
                                         of its process starts with the engine loaded and the
                                         earlier cases' programs held)
    iree_host_peak_rss_bytes             the IREE runtime host's VmHWM (over its protocol), the
                                         host's since it started: over the cases so far
    device_memory_bytes                  the backend's own count, where it reports one

and compares them with python/vlmxla_gate/baselines.json (per fixture x backend/device kind x
case x metric, e.g. "pjrt-cpu/cpu" or "pjrt-cuda/NVIDIA H200", and per compute dtype: float32
entries under "fixtures", the others under "dtypes"/<bf16|f16>) under the file's noise margins
(a file keyed by backend alone, schema 1, reads as the CPU device's); `--update-baselines` rewrites the measured
entries. A model/backend/case/dtype with no entry is not a failure: its row says "recorded, no
baseline to compare" and carries every figure measured (`--baselines FILE` keeps a user's own).

Held once (independent of the baseline file, per case x backend):
  structure   every checkpoint tensor was uploaded exactly once (ModelRunner's upload counts);
  measurement the memory the upload added stays below weight_bytes x (1 + margin): on PJRT the
              engine's private RSS (anon + file, with the checkpoint mmap closed after upload);
              on IREE the engine's (which must hold no copy) plus the runtime host's.
  dtype       in every compute dtype the bytes are counted independently of vlmxla: the
              uploaded tensors' element counts (from the checkpoint's safetensors headers) times
              the size of the type weights are held in, which is the type the checkpoint stores
              (its float type holding most bytes: weights stay as stored, a compute dtype other
              than that converts inside the ops). vlmxla's own decoder/total counts must equal
              them and the measurement is held against them, so a bfloat16 run that keeps a
              float32 copy of a bfloat16 decoder on the host (3x) fails whatever vlmxla reports.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

BASELINES_PATH = pathlib.Path(__file__).with_name("baselines.json")

DEFAULT_MARGINS = {
    "time": {"ratio": 3.0, "slack_seconds": 0.05,
             "why": "2 shared cores: other jobs routinely slow a run 2x; a few ms of scheduling "
                    "jitter dwarfs the tiny fixtures' sub-millisecond steps, hence the slack"},
    "throughput": {"ratio": 3.0, "slack_seconds_per_token": 0.01,
                   "why": "compared as seconds per token, with the time margin's reasoning"},
    "memory": {"ratio": 1.5, "slack_bytes": 8 << 20,
               "why": "RSS moves with allocator and thread-stack noise of a few MiB, not 1.5x"},
    "held_once": {"ratio": 1.5, "slack_bytes": 64 << 10,
                  "why": "one copy measures about 1.0x the weight bytes, a second copy of the "
                         "decoder about 1.9x; 1.5x separates them with room for page rounding; "
                         "the slack is the pages two processes' allocators add whatever the "
                         "weights (87 KB over one copy of the quantized tiny-qwen2's 171 KB, "
                         "where 1.5x alone left 85 KB), under a second copy of any fixture"},
}

METRIC_KINDS = {
    "compile_cold_seconds_per_program": "time",
    "compile_cached_seconds_per_program": "time",
    "prefill_seconds": "time",
    "decode_tokens_per_second": "throughput",
    "prepare_peak_rss_bytes": "memory",
    "engine_peak_rss_bytes": "memory",
    "iree_host_peak_rss_bytes": "memory",
    "device_memory_bytes": "memory",
}


# Runs argv[1:] as a grandchild and prints its own wait4 rusage peak. Why a small launcher: a
# child's ru_maxrss starts at its forking parent's peak (exec keeps it), so forked straight from
# the gate (torch loaded) it would report the gate's size; forked from a bare `python -S` it
# starts at the launcher's few MiB (reported as the floor).
_LAUNCHER = """
import json, os, resource, sys
pid = os.fork()
if pid == 0:
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(json.dumps({"exit_code": os.waitstatus_to_exitcode(status),
                  "peak_rss_bytes": usage.ru_maxrss * 1024,
                  "floor_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""


def measure_prepare(vlmxla_bin, model_dir, case_file: pathlib.Path, out: pathlib.Path) -> dict:
    """Peak RSS of host preprocessing alone: one `vlmxla prepare` of the case, its own rusage
    from os.wait4 in a bare launcher (exact above the launcher's floor)."""
    out.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([sys.executable, "-S", "-c", _LAUNCHER, str(vlmxla_bin), "prepare",
                           "--model", str(model_dir), "--case", str(case_file), "--output",
                           str(out)], check=False, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0 or not proc.stdout.strip():
        return {"exit_code": proc.returncode, "detail": proc.stderr.strip()[-1000:]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def case_metrics(result: dict) -> dict[str, float]:
    """The compared metrics of one run_case result (absent where not measured)."""
    m = result.get("measurements") or {}
    out: dict[str, float] = {}
    compile_ = m.get("compile") or {}
    for kind in ("cold", "cached"):
        if compile_.get(f"{kind}_programs"):
            out[f"compile_{kind}_seconds_per_program"] = (compile_[f"{kind}_seconds"]
                                                          / compile_[f"{kind}_programs"])
    timing = result.get("timing") or {}
    if "prefill_seconds" in timing:
        out["prefill_seconds"] = timing["prefill_seconds"]
    steps = (result.get("usage") or {}).get("completion_tokens", 0) - 1  # token 1: prefill
    if steps > 0 and timing.get("decode_seconds", 0) > 0:
        out["decode_tokens_per_second"] = steps / timing["decode_seconds"]
    if (m.get("prepare") or {}).get("exit_code") == 0:
        out["prepare_peak_rss_bytes"] = m["prepare"]["peak_rss_bytes"]
    if "engine_peak_rss_bytes" in m:
        out["engine_peak_rss_bytes"] = m["engine_peak_rss_bytes"]
    device = m.get("device_memory") or {}
    host = device.get("host_process") or {}
    if "peak_rss_bytes" in host:
        out["iree_host_peak_rss_bytes"] = host["peak_rss_bytes"]
    if device.get("reported"):
        value = device.get("live_buffer_bytes", device.get("bytes_in_use"))
        if value is not None:
            out["device_memory_bytes"] = value
    return out


DTYPE_BYTES = {"f32": 4, "bf16": 2, "f16": 2}
_ST_FLOATS = {"F64": ("f64", 8), "F32": ("f32", 4), "BF16": ("bf16", 2), "F16": ("f16", 2)}


def _is_vision(name: str) -> bool:
    """A vision-side checkpoint tensor of any family (families' VISION_WEIGHTS), also under a
    "model." prefix."""
    from vlmxla_oracle import families

    prefixes = (p for f in families.FAMILIES for p in f.VISION_WEIGHTS)
    return any(name.startswith(p) or f".{p}" in name for p in prefixes)


def checkpoint_tensors(model_dir) -> dict[str, tuple[int, str]]:
    """{tensor name: (element count, safetensors dtype tag)} from the checkpoint's headers
    (single file or the shards model.safetensors.index.json names)."""
    from vlmxla_oracle.fixtures import weight_files

    out = {}
    for path in weight_files(pathlib.Path(model_dir)):
        with open(path, "rb") as f:
            header = json.loads(f.read(int.from_bytes(f.read(8), "little")))
        header.pop("__metadata__", None)
        for name, info in header.items():
            n = 1
            for d in info["shape"]:
                n *= int(d)
            out[name] = (n, info["dtype"])
    return out


def stored_dtype(tensors: dict[str, tuple[int, str]]) -> str:
    """The checkpoint's weight type: its float type holding the most bytes (f32/bf16/f16)."""
    by_type: dict[str, int] = {}
    for n, tag in tensors.values():
        if tag in _ST_FLOATS:
            by_type[tag] = by_type.get(tag, 0) + n * _ST_FLOATS[tag][1]
    return _ST_FLOATS[max(by_type, key=by_type.get)][0] if by_type else "f32"


def _shapes(model_dir) -> dict[str, list[int]]:
    from vlmxla_oracle.fixtures import weight_files

    out = {}
    for path in weight_files(pathlib.Path(model_dir)):
        with open(path, "rb") as f:
            header = json.loads(f.read(int.from_bytes(f.read(8), "little")))
        header.pop("__metadata__", None)
        out.update({name: [int(d) for d in info["shape"]] for name, info in header.items()})
    return out


def expected_weights(model_dir, uploads: dict, dtype: str, weights: str = "stored") -> dict:
    """What the uploaded tensors weigh as held, counted from the checkpoint rather than taken
    from vlmxla: total, decoder and vision (+ projector) bytes. Held in the run's compute dtype
    `dtype` where that is bf16 or f16 (the engine rounds wider or other-16-bit weights to it as
    they upload, as Transformers holds them), in the checkpoint's stored type under f32.
    `weights` int8 / int4: the decoder projections are held quantized (one byte per value, or
    half a byte, and a float32 scale per output row, or per group of 32), the LM head (or the
    tied embedding table) in int8 (vlmxla_oracle.quantize.tensor_formats); w8a8 holds int8's,
    w4a8 int4's in the engine's blocks of 16 outputs with bfloat16 scales
    (vlmxla_oracle.quantize.held_bytes)."""
    from vlmxla_oracle import quantize

    tensors = checkpoint_tensors(model_dir)
    shapes = _shapes(model_dir) if weights != "stored" else {}
    held = stored_dtype(tensors) if dtype == "f32" else dtype
    size = DTYPE_BYTES[held]

    formats = quantize.tensor_formats(model_dir, tensors, weights)

    def held_bytes(name: str) -> int:
        if name not in formats:
            return tensors[name][0] * size
        return quantize.held_bytes(shapes[name], formats[name], weights)

    unknown = sorted(n for n in uploads if n not in tensors)
    decoder = sum(held_bytes(n) for n in uploads if n in tensors and not _is_vision(n))
    vision = sum(held_bytes(n) for n in uploads if n in tensors and _is_vision(n))
    not_uploaded = sorted(n for n in tensors if not _is_vision(n) and n not in uploads)
    return {"dtype": dtype, "held_dtype": held, "weights": weights, "bytes": decoder + vision,
            "decoder_bytes": decoder, "vision_bytes": vision, "unknown_uploads": unknown[:20],
            "decoder_tensors_not_uploaded": not_uploaded[:20]}


def _private_delta(before: dict, after: dict, side: str) -> int | None:
    if side not in before or side not in after:
        return None
    return after[side]["private_bytes"] - before[side]["private_bytes"]


def held_once(result: dict, margins: dict) -> dict:
    """Structure and measurement of "the weights are held once" for one run_case result."""
    m = result.get("measurements") or {}
    weights = m.get("weights")
    if not weights:
        return {"pass": False, "detail": "validate reported no weight measurements"}
    ratio_limit = margins["held_once"]["ratio"]
    slack = margins["held_once"].get("slack_bytes", 0)
    twice = sorted(n for n, c in weights["uploads"].items() if c != 1)
    structure = {"pass": not twice, "tensors": weights["tensors"],
                 "max_uploads_per_tensor": weights["max_uploads_per_tensor"],
                 "uploaded_more_than_once": twice[:20]}
    expected = result.get("expected_weights")
    if expected is not None:
        # Per dtype: vlmxla's counts must be the compute dtype's, every decoder tensor uploaded.
        structure["dtype"] = expected["dtype"]
        structure["held_dtype"] = expected.get("held_dtype", expected["dtype"])
        structure["expected_decoder_bytes"] = expected["decoder_bytes"]
        structure["expected_bytes"] = expected["bytes"]
        structure["counts_match"] = (weights.get("decoder_bytes") == expected["decoder_bytes"]
                                     and weights.get("bytes") == expected["bytes"]
                                     and not expected["unknown_uploads"])
        structure["decoder_tensors_not_uploaded"] = expected["decoder_tensors_not_uploaded"]
        structure["pass"] = (structure["pass"] and structure["counts_match"]
                             and not expected["decoder_tensors_not_uploaded"])
    mem = m["weight_upload_memory"]
    engine = _private_delta(mem["before"], mem["after"], "engine")
    host = _private_delta(mem["before"], mem["after"], "iree_host")
    held = engine + (host or 0)
    # The bytes the check holds memory against: the independent count where the gate made one.
    w = expected["bytes"] if expected is not None else weights["bytes"]
    measurement = {"weight_bytes": w, "decoder_bytes": weights["decoder_bytes"],
                   "vision_bytes": weights["vision_bytes"], "engine_added_bytes": engine,
                   "held_bytes": held, "ratio": held / w if w else None,
                   "limit_ratio": ratio_limit, "limit_bytes": int(w * ratio_limit + slack)}
    ok = w > 0 and held <= w * ratio_limit + slack
    if host is not None:
        # IREE: the host holds the copy; the engine side keeps none (its staging region is
        # shared memory, not counted as private).
        measurement["iree_host_added_bytes"] = host
        measurement["engine_limit_bytes"] = int(w * (ratio_limit - 1) + slack)
        ok = ok and engine <= w * (ratio_limit - 1) + slack
        dev_before = mem["before"].get("device_live_bytes")
        dev_after = mem["after"].get("device_live_bytes")
        if dev_before is not None and dev_after is not None:
            measurement["device_added_bytes"] = dev_after - dev_before
            ok = ok and dev_after - dev_before <= w * ratio_limit
    measurement["pass"] = ok
    return {"pass": structure["pass"] and ok, "structure": structure, "measurement": measurement}


def _regressed(kind: str, value: float, base: float, margins: dict) -> str | None:
    """Why `value` regressed against `base` beyond the margin, else None."""
    if kind == "time":
        limit = base * margins["time"]["ratio"] + margins["time"]["slack_seconds"]
        return f"{value:.4g} s > limit {limit:.4g} s (baseline {base:.4g} s)" \
            if value > limit else None
    if kind == "throughput":
        per_token = 1 / value
        limit = margins["throughput"]["ratio"] / base + margins["throughput"][
            "slack_seconds_per_token"]
        return (f"{value:.4g} tokens/s ({per_token:.4g} s/token) is below the limit "
                f"{1 / limit:.4g} tokens/s (baseline {base:.4g} tokens/s)") \
            if per_token > limit else None
    limit = base * margins["memory"]["ratio"] + margins["memory"]["slack_bytes"]
    return f"{value / 2**20:.1f} MiB > limit {limit / 2**20:.1f} MiB (baseline " \
           f"{base / 2**20:.1f} MiB)" if value > limit else None


SCHEMA = 2  # 2: entries keyed by "backend/device kind"; 1: by backend (all of them CPU)


def device_key(result: dict) -> str:
    """The baseline key of a run's backend and device: "pjrt-cpu/cpu", "pjrt-cuda/NVIDIA H200",
    and "pjrt-cpu/cpu-avx2" for a run under an ISA cap (VLMXLA_MAX_ISA: the AVX2 leg), whose
    programs are other code than the native ones the CPU entries were measured with."""
    backend = result["backend"]
    kind = result.get("device_kind") or ("cpu" if backend.endswith("-cpu") else "unknown")
    cap = result.get("isa_cap")
    return f"{backend}/{kind}" + (f"-{cap}" if cap else "")


def _migrate(data: dict) -> dict:
    """Schema 1 -> 2: a backend key without a device ("pjrt-cpu") was measured on the CPU."""
    if data.get("schema", 1) >= SCHEMA:
        return data
    tables = [data.get("fixtures", {}), *data.get("dtypes", {}).values()]
    for table in tables:
        for model, by_backend in table.items():
            table[model] = {(k if "/" in k else f"{k}/cpu"): v for k, v in by_backend.items()}
    data["schema"] = SCHEMA
    return data


def load(path: pathlib.Path) -> dict:
    if not path.exists():
        return {"schema": SCHEMA, "margins": DEFAULT_MARGINS, "fixtures": {}}
    data = _migrate(json.loads(path.read_text(encoding="utf-8")))
    # The file's margins, and for any kind or field it lacks the default: a field added to
    # DEFAULT_MARGINS then takes effect in a file written before it.
    margins = data.setdefault("margins", {})
    for kind, default in DEFAULT_MARGINS.items():
        for field, value in default.items():
            margins.setdefault(kind, {}).setdefault(field, value)
    data.setdefault("fixtures", {})
    return data


NO_BASELINE = "recorded, no baseline to compare"


def _entries(data: dict, dtype: str) -> dict:
    """{model: {backend/device kind: {case: metrics}}} of one compute dtype (float32: the "fixtures" table,
    whose keys predate dtypes; others: "dtypes"/<dtype>)."""
    if dtype == "f32":
        return data["fixtures"]
    return data.setdefault("dtypes", {}).setdefault(dtype, {})


def check(results: list[dict], path: pathlib.Path, update: bool = False) -> dict:
    """report["baselines"]: per measured case the metrics, the held-once check and the
    comparison with the baseline file (or, with `update`, the entries written to it). A case
    the file has no entry for passes on correctness alone: its row says NO_BASELINE."""
    data = load(path)
    margins = {**DEFAULT_MARGINS, **data["margins"]}
    rows, failures, recorded = [], [], []
    for r in results:
        if not r.get("measurements"):
            continue  # an expected-error case, or a backend that could not run
        dtype = r.get("dtype", "f32")
        device = device_key(r)
        key = f"{r['model']}/{device}/{r['case']}" + ("" if dtype == "f32" else f"/{dtype}")
        metrics = case_metrics(r)
        once = held_once(r, margins)
        row = {"key": key, "dtype": dtype, "device": device, "metrics": metrics,
               "held_once": once,
               "regressions": [], "missing": []}
        if not once["pass"]:
            failures.append(f"{key}: weights_held_once failed: "
                            f"{json.dumps({k: once[k] for k in once if k != 'pass'})}")
        table = _entries(data, dtype)
        entry = table.get(r["model"], {}).get(device, {}).get(r["case"])
        if update:
            if r["status"] == "pass":
                table.setdefault(r["model"], {}).setdefault(device, {})[r["case"]] = metrics
                row["updated"] = True
        elif entry is None:
            row["missing"] = sorted(metrics)
            row["status"] = NO_BASELINE
            recorded.append(key)
        else:
            for name, value in sorted(metrics.items()):
                if name not in entry:
                    continue  # e.g. no cold compile this run: every program came from the cache
                why = _regressed(METRIC_KINDS[name], value, entry[name], margins)
                if why:
                    row["regressions"].append({"metric": name, "value": value,
                                               "baseline": entry[name], "detail": why})
                    failures.append(f"{key}: {name} regressed: {why}")
            row["status"] = "regressed" if row["regressions"] else "compared"
        rows.append(row)
    if update:
        data["margins"] = margins
        if not data.get("dtypes"):
            data.pop("dtypes", None)
        path.write_text(json.dumps(data, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    return {"file": str(path), "updated": update, "margins": margins, "cases": rows,
            "failures": failures, "no_baseline": recorded, "pass": not failures}
