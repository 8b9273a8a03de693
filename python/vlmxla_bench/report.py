"""Ratios to Transformers and roofline fractions from the measured figures, and the results file.

Roofline: prefill against the machine's matmul rate in the row's compute dtype (the prompt's flops
/ that rate: numpy sgemm for float32, torch's bfloat16 / float16 matmul for those), decode against
memory (the row's weight bytes as stored, 4 or 2 bytes an element, + the batch's KV bytes in the
compute dtype, over the copy bandwidth) or compute, whichever bounds a step. A fraction of 1 would
be the machine's ceiling.

Rows: a float32 row is named by its backend alone (`pjrt-cpu`, `transformers-eager`), as before
dtypes existed; another dtype's row is `<backend>-<dtype>` (`pjrt-cpu-bfloat16`), and a compute
dtype other than the stored one `<backend>-<dtype>-on-<weights dtype>`.
"""

from __future__ import annotations

import platform
import re

from .ceilings import CEILING_KEY

TRANSFORMERS = "transformers-eager"
LLAMACPP = "llama.cpp"  # rows of llama.cpp (llamacpp.py): "system": "llama.cpp", a "format"
# The class of weights of each `vlmxla bench --weights` format (its decoder projections': the head
# is 8-bit under all), the llama.cpp row it stands beside (Q8_0, Q4_0).
WEIGHTS_CLASS = {"int8": "8-bit", "int4": "4-bit", "w8a8": "8-bit", "w4a8": "4-bit"}


def is_llamacpp(system: dict) -> bool:
    return system.get("system") == LLAMACPP


def weights_class(system: dict) -> str:
    """The class of weights a row decodes from: "32-bit", "16-bit", "8-bit" or "4-bit" (vlmxla
    `--weights int8` or `w8a8` / `int4` or `w4a8` (WEIGHTS_CLASS), llama.cpp Q8_0 / Q4_0;
    otherwise the stored dtype's width)."""
    if is_llamacpp(system):
        return system["weights_class"]
    weights = system.get("weights", "stored")
    if weights in WEIGHTS_CLASS:
        return WEIGHTS_CLASS[weights]
    return "32-bit" if dtypes_of(system)[1] == "float32" else "16-bit"


def system_name(backend: str, dtype: str, weights_dtype: str | None = None) -> str:
    """The row name of `backend` computing in `dtype` on weights stored in `weights_dtype`."""
    weights_dtype = weights_dtype or dtype
    name = backend if dtype == "float32" else f"{backend}-{dtype}"
    return name if weights_dtype == dtype else f"{name}-on-{weights_dtype}"


def dtypes_of(system: dict) -> tuple[str, str]:
    """(compute dtype, weights dtype) of a system's results (float32 for files from before)."""
    dtype = system.get("dtype", "float32")
    return dtype, system.get("weights_dtype", dtype)


def cost_key(system: dict) -> str:
    """The key of a row's costs in "costs_by_dtype": "<compute>/<stored>", and "/<format>" for a
    row whose weights were quantized at load (`--weights int8|int4|w8a8|w4a8`)."""
    weights = system.get("weights", "stored")
    return "/".join(dtypes_of(system)) + ("" if weights == "stored" else f"/{weights}")


def machine_name(cpuinfo: str, cores: int) -> str:
    """cpu-<shortened model name>-<cores>c, e.g. cpu-intel-xeon-2c (uname -n means nothing in CI)."""
    model = ""
    for line in cpuinfo.splitlines():
        if line.lower().startswith("model name"):
            model = line.split(":", 1)[1]
            break
    model = model or platform.processor() or platform.machine()
    model = re.sub(r"\((r|tm|c)\)|\bcpu\b|\bprocessor\b|@.*$|\bwith\b.*$", " ", model, flags=re.IGNORECASE)
    words = [w for w in re.split(r"[^a-z0-9]+", model.lower()) if w]
    return "cpu-" + "-".join(words[:4] or ["unknown"]) + f"-{cores}c"


def rooflines(system: dict, costs: dict, ceilings: dict) -> dict:
    ceiling = CEILING_KEY[dtypes_of(system)[0]]
    if ceiling not in ceilings:  # a results file from before the narrow ceilings
        ceiling = "matmul_gflops"
    # A narrow dtype can always be computed widened to float32, so float32's rate bounds it from
    # below: a CPU without float16 arithmetic gives torch's float16 matmul 0.4 GFLOP/s, which
    # would put every float16 row at thousands of percent of its "roofline".
    if ceilings[ceiling] < ceilings["matmul_gflops"]:
        ceiling = "matmul_gflops"
    flops_rate = ceilings[ceiling] * 1e9
    bandwidth = ceilings["copy_gbps"] * 1e9
    ideal_prefill = costs["prefill_flops_image_text"] / flops_rate
    out = {
        "matmul_ceiling": ceiling,
        "matmul_ceiling_gflops": ceilings[ceiling],
        "decode_weight_bytes": costs["decode_weight_bytes"],
        "decode_weight_bytes_per_element": costs.get("decode_weight_bytes_per_element", 4.0),
        "decode_kv_bytes_per_sequence": costs["decode_kv_bytes_per_sequence"],
        "prefill_ideal_seconds": ideal_prefill,
        "prefill_roofline_fraction": ideal_prefill / system["prefill_seconds_image_text"],
        "decode_roofline_tokens_per_second_by_batch": {},
        "decode_roofline_fraction_by_batch": {},
    }
    by_image = costs.get("prefill_flops_by_image") or {}
    measured = {k: im for k, im in (system.get("images") or {}).items()
                if k in by_image and "prefill_seconds_image_text" in im}
    if len(by_image) > 1 and measured:
        out["prefill_roofline_fraction_by_image"] = {
            k: by_image[k] / flops_rate / im["prefill_seconds_image_text"]
            for k, im in measured.items()}
    for d in system["decode"]:
        b = d["batch"]
        memory = (costs["decode_weight_bytes"] + b * costs["decode_kv_bytes_per_sequence"]) / bandwidth
        compute = b * costs["decode_flops_per_token"] / flops_rate
        ideal = b / max(memory, compute)
        out["decode_roofline_tokens_per_second_by_batch"][str(b)] = ideal
        out["decode_roofline_fraction_by_batch"][str(b)] = d["tokens_per_second"] / ideal
    return out


def summarize(systems: dict[str, dict], costs: dict, ceilings: dict,
              system_costs: dict[str, dict] | None = None) -> dict:
    """{system: ratios to Transformers (float32 eager) + roofline fractions}; Transformers gets its
    fractions. `system_costs` gives a row its own costs (its stored weights' bytes, KV in its
    compute dtype); rows without one use `costs`. A row in another dtype than float32 also gets
    its ratios to the float32 row of the same backend (`*_vs_float32`)."""
    ref = systems.get(TRANSFORMERS)
    summary = {}
    for name, s in systems.items():
        # llama.cpp's rows: no roofline (their formats' bytes and kernels are not the costs'
        # model), but each vlmxla row of the same class of weights measured against them.
        entry = (_against_llamacpp(s, systems) if is_llamacpp(s) else
                 rooflines(s, (system_costs or {}).get(name, costs), ceilings))
        entry["dtype"], entry["weights_dtype"] = dtypes_of(s)
        base = systems.get(s.get("backend", name))
        if base is not None and base is not s and dtypes_of(base) == ("float32", "float32"):
            base_decode = {d["batch"]: d["tokens_per_second"] for d in base["decode"]}
            entry.update({
                "float32_row": s["backend"],
                "decode_speedup_vs_float32_by_batch": {
                    str(d["batch"]): d["tokens_per_second"] / base_decode[d["batch"]]
                    for d in s["decode"] if d["batch"] in base_decode},
                "prefill_speedup_vs_float32":
                    s["prefill_tokens_per_second"] / base["prefill_tokens_per_second"],
                "ttft_image_text_speedup_vs_float32":
                    base["ttft_image_text_seconds"] / s["ttft_image_text_seconds"],
                "peak_rss_ratio_vs_float32":
                    s["peak_rss_mib"]["total"] / base["peak_rss_mib"]["total"],
            })
        if ref is not None and name != TRANSFORMERS:
            ref_decode = {d["batch"]: d["tokens_per_second"] for d in ref["decode"]}
            by_batch = {str(d["batch"]): d["tokens_per_second"] / ref_decode[d["batch"]]
                        for d in s["decode"] if d["batch"] in ref_decode}
            entry.update({
                "prefill_speedup_vs_transformers":
                    s["prefill_tokens_per_second"] / ref["prefill_tokens_per_second"],
                # The headline decode ratio is at the smallest batch (one interactive user).
                "decode_speedup_vs_transformers": by_batch[min(by_batch, key=int)],
                "decode_speedup_vs_transformers_by_batch": by_batch,
                "ttft_image_text_speedup_vs_transformers":
                    ref["ttft_image_text_seconds"] / s["ttft_image_text_seconds"],
                "ttft_text_speedup_vs_transformers":
                    ref["ttft_text_seconds"] / s["ttft_text_seconds"],
                "peak_memory_ratio_vs_transformers":
                    s["peak_rss_mib"]["total"] / ref["peak_rss_mib"]["total"],
            })
            ref_images, images = ref.get("images") or {}, s.get("images") or {}
            both = [k for k in images if "error" not in images[k]
                    and "error" not in ref_images.get(k, {"error": 1})]
            if len(images) > 1 and both:
                entry["ttft_image_text_speedup_vs_transformers_by_image"] = {
                    k: ref_images[k]["ttft_image_text_seconds"]
                    / images[k]["ttft_image_text_seconds"] for k in both}
                entry["prefill_speedup_vs_transformers_by_image"] = {
                    k: images[k]["prefill_tokens_per_second"]
                    / ref_images[k]["prefill_tokens_per_second"] for k in both}
        same = systems.get(system_name(TRANSFORMERS, entry["dtype"], entry["weights_dtype"]))
        if same is not None and same is not s:
            entry["vs_transformers_same_dtype"] = _ratios(s, same)
        summary[name] = entry
    return summary


def _against_llamacpp(row: dict, systems: dict) -> dict:
    """A llama.cpp row's summary: its format, class of weights and files, and under
    "vlmxla_same_class" each vlmxla row of that class against it (> 1: vlmxla faster)."""
    out = {"format": row["format"], "weights_class": row["weights_class"],
           "file_bytes": row["file_bytes"], "vlmxla_same_class": {}}
    decode = {d["batch"]: d["tokens_per_second"] for d in row["decode"]}
    for name, s in systems.items():
        if is_llamacpp(s) or s.get("backend") == TRANSFORMERS or \
                weights_class(s) != row["weights_class"]:
            continue
        out["vlmxla_same_class"][name] = {
            "decode_speedup_by_batch": {str(d["batch"]): d["tokens_per_second"] / decode[d["batch"]]
                                        for d in s["decode"] if d["batch"] in decode},
            "prefill_speedup": s["prefill_tokens_per_second"] / row["prefill_tokens_per_second"],
            "ttft_image_text_speedup": row["ttft_image_text_seconds"]
            / s["ttft_image_text_seconds"],
        }
    return out


def table_llamacpp(results: dict) -> str:
    """Each vlmxla row against each llama.cpp row of its class of weights (summary's
    vlmxla_same_class; > 1: vlmxla faster), then the llama.cpp rows that did not run."""
    systems, summary = results["systems"], results["summary"]
    lines = []
    for name, s in systems.items():
        if not is_llamacpp(s):
            continue
        for vname, r in summary[name]["vlmxla_same_class"].items():
            if not lines:
                batches = list(r["decode_speedup_by_batch"])
                head = (["vlmxla row", "against", "class", "TTFT img+text", "prefill"]
                        + [f"decode b{b}" for b in batches])
                lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            cells = [vname, name, s["weights_class"], f"{r['ttft_image_text_speedup']:.2f}x",
                     f"{r['prefill_speedup']:.2f}x"]
            cells += [f"{x:.2f}x" for x in r["decode_speedup_by_batch"].values()]
            lines.append("| " + " | ".join(cells) + " |")
    for name, why in (results.get("unavailable") or {}).items():
        lines.append(f"{name}: {why}")
    return "\n".join(lines)


def _ratios(s: dict, ref: dict) -> dict:
    """Speed-ups of row `s` over Transformers row `ref` (> 1: `s` is faster; memory: s / ref)."""
    ref_decode = {d["batch"]: d["tokens_per_second"] for d in ref["decode"]}
    ref_images, images = ref.get("images") or {}, s.get("images") or {}
    both = [k for k in images if "error" not in images[k]
            and "error" not in ref_images.get(k, {"error": 1})]
    return {
        "row": system_name(TRANSFORMERS, *dtypes_of(ref)),
        "ttft_image_text_speedup_by_image": {
            k: ref_images[k]["ttft_image_text_seconds"] / images[k]["ttft_image_text_seconds"]
            for k in both},
        "prefill_speedup_by_image": {
            k: images[k]["prefill_tokens_per_second"] / ref_images[k]["prefill_tokens_per_second"]
            for k in both},
        "ttft_text_speedup": ref["ttft_text_seconds"] / s["ttft_text_seconds"],
        "decode_speedup_by_batch": {str(d["batch"]): d["tokens_per_second"] / ref_decode[d["batch"]]
                                    for d in s["decode"] if d["batch"] in ref_decode},
        "peak_memory_ratio": s["peak_rss_mib"]["total"] / ref["peak_rss_mib"]["total"],
    }


def table_same_dtype(results: dict) -> str:
    """Each vlmxla row against Transformers eager in its own dtype (summary's
    vs_transformers_same_dtype): speed-ups (> 1: vlmxla faster), memory as a ratio."""
    systems, summary = results["systems"], results["summary"]
    rows_in = [(n, summary[n]["vs_transformers_same_dtype"]) for n in systems
               if "vs_transformers_same_dtype" in summary[n]]
    if not rows_in:
        return ""
    labels = list(rows_in[0][1]["ttft_image_text_speedup_by_image"])
    batches = list(rows_in[0][1]["decode_speedup_by_batch"])
    head = (["system", "against"] + [f"TTFT {k} img+text" for k in labels] + ["TTFT text"]
            + [f"decode b{b}" for b in batches] + ["peak memory"])
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, r in rows_in:
        cells = [name, r["row"]]
        cells += [f"{r['ttft_image_text_speedup_by_image'][k]:.2f}x"
                  if k in r["ttft_image_text_speedup_by_image"] else "failed" for k in labels]
        cells.append(f"{r['ttft_text_speedup']:.2f}x")
        cells += [f"{r['decode_speedup_by_batch'][b]:.2f}x" for b in batches]
        cells.append(f"{r['peak_memory_ratio']:.2f}x")
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def table(results: dict) -> str:
    """A Markdown table of the absolute figures, with ratios to Transformers in parentheses, and
    each row's dtypes, roofline fractions and the matmul ceiling its prefill fraction uses."""
    systems, summary = results["systems"], results["summary"]
    batches = [d["batch"] for d in next(iter(systems.values()))["decode"]]
    labels = list(next(iter(systems.values())).get("images") or {})
    if len(labels) > 1:  # a shape with several images: a TTFT and a prefill rate per image
        return _table_by_image(results, labels, batches)
    head = ["system", "compute / weights", "TTFT img+text s", "TTFT text s", "prefill tok/s"]
    head += [f"decode b{b} tok/s" for b in batches] + [
        "peak RSS GiB (x f32)", "prefill roofline (ceiling)",
        "decode " + " / ".join(f"b{b}" for b in batches) + " roofline"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, s in systems.items():
        e = summary[name]

        def ratio(key, sub=None, e=e):
            v = e.get(key) if sub is None else e.get(key, {}).get(sub)
            return f" ({v:.2f}x)" if v is not None else ""

        cells = [name, _weights_cell(s),
                 f"{s['ttft_image_text_seconds']:.2f}{ratio('ttft_image_text_speedup_vs_transformers')}",
                 f"{s['ttft_text_seconds']:.3f}{ratio('ttft_text_speedup_vs_transformers')}",
                 f"{s['prefill_tokens_per_second']:.1f}{ratio('prefill_speedup_vs_transformers')}"]
        for d in s["decode"]:
            cells.append(f"{d['tokens_per_second']:.2f}"
                         f"{ratio('decode_speedup_vs_transformers_by_batch', str(d['batch']))}")
        rss = e.get("peak_rss_ratio_vs_float32")
        cells.append(f"{s['peak_rss_mib']['total'] / 1024:.2f}"
                     + (f" ({rss:.2f}x)" if rss is not None else ""))
        if is_llamacpp(s):  # no roofline for llama.cpp's formats
            cells += ["-", "-"]
        else:
            cells.append(f"{e['prefill_roofline_fraction']:.0%} "
                         f"({e.get('matmul_ceiling_gflops', 0):.0f} GFLOP/s)")
            cells.append(" / ".join(f"{e['decode_roofline_fraction_by_batch'][str(b)]:.0%}"
                                    for b in batches))
        rows.append("| " + " | ".join(cells) + " |")
    for name, why in (results.get("unavailable") or {}).items():
        rows.append("| " + " | ".join([name, why] + [""] * (len(head) - 2)) + " |")
    return "\n".join(rows)


def _weights_cell(s: dict) -> str:
    """The table's "compute / weights" cell: the dtypes, vlmxla's quantized weights, or
    llama.cpp's format with its files' size."""
    if is_llamacpp(s):
        files = s["file_bytes"]
        return (f"{s['format']} ({files['text'] / 2**20:.0f} MiB + mmproj "
                f"{files['mmproj'] / 2**20:.0f} MiB)")
    compute, weights = dtypes_of(s)
    quantized = s.get("weights", "stored")
    return f"{compute} / {weights}" + ("" if quantized == "stored" else f" ({quantized})")


def _table_by_image(results: dict, labels: list[str], batches: list[int]) -> str:
    """table() for a shape with several images: TTFT with each image, text-only TTFT, the prefill
    rate of each image's request, decode, peak memory and the rooflines. A run that failed for an
    image says so in its cells."""
    systems, summary = results["systems"], results["summary"]
    head = (["system", "compute / weights"] + [f"TTFT {k} img+text s" for k in labels]
            + ["TTFT text s"] + [f"prefill tok/s {k}" for k in labels]
            + [f"decode b{b} tok/s" for b in batches]
            + ["peak RSS GiB (x f32)",
               "prefill roofline " + " / ".join(labels) + " (ceiling)",
               "decode " + " / ".join(f"b{b}" for b in batches) + " roofline"])
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, s in systems.items():
        e = summary[name]

        def ratio(v):
            return f" ({v:.2f}x)" if v is not None else ""

        compute, weights = dtypes_of(s)
        images = s.get("images") or {}
        cells = [name, f"{compute} / {weights}"]
        ttft_x = e.get("ttft_image_text_speedup_vs_transformers_by_image", {})
        prefill_x = e.get("prefill_speedup_vs_transformers_by_image", {})
        for k in labels:
            im = images.get(k, {"error": "not run"})
            cells.append("failed" if "error" in im else
                         f"{im['ttft_image_text_seconds']:.2f}{ratio(ttft_x.get(k))}")
        cells.append(f"{s['ttft_text_seconds']:.3f}"
                     f"{ratio(e.get('ttft_text_speedup_vs_transformers'))}")
        for k in labels:
            im = images.get(k, {"error": "not run"})
            cells.append("failed" if "error" in im else
                         f"{im['prefill_tokens_per_second']:.1f}{ratio(prefill_x.get(k))}")
        by_batch = e.get("decode_speedup_vs_transformers_by_batch", {})
        for d in s["decode"]:
            cells.append(f"{d['tokens_per_second']:.2f}{ratio(by_batch.get(str(d['batch'])))}")
        rss = e.get("peak_rss_ratio_vs_float32")
        cells.append(f"{s['peak_rss_mib']['total'] / 1024:.2f}"
                     + (f" ({rss:.2f}x)" if rss is not None else ""))
        fractions = e.get("prefill_roofline_fraction_by_image", {})
        cells.append(" / ".join(f"{fractions[k]:.0%}" if k in fractions else "-" for k in labels)
                     + f" ({e.get('matmul_ceiling_gflops', 0):.0f} GFLOP/s)")
        cells.append(" / ".join(f"{e['decode_roofline_fraction_by_batch'][str(b)]:.0%}"
                                for b in batches))
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)
