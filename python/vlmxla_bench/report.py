"""Ratios to Transformers and roofline fractions from the measured figures, and the results file.

Roofline: prefill against the machine's float32 matmul rate (the prompt's flops / that rate), decode
against memory (weight bytes + the batch's KV bytes, over the copy bandwidth) or compute, whichever
bounds a step. A fraction of 1 would be the machine's ceiling.
"""

from __future__ import annotations

import platform
import re

TRANSFORMERS = "transformers-eager"


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
    flops_rate = ceilings["matmul_gflops"] * 1e9
    bandwidth = ceilings["copy_gbps"] * 1e9
    ideal_prefill = costs["prefill_flops_image_text"] / flops_rate
    out = {
        "prefill_ideal_seconds": ideal_prefill,
        "prefill_roofline_fraction": ideal_prefill / system["prefill_seconds_image_text"],
        "decode_roofline_tokens_per_second_by_batch": {},
        "decode_roofline_fraction_by_batch": {},
    }
    for d in system["decode"]:
        b = d["batch"]
        memory = (costs["decode_weight_bytes"] + b * costs["decode_kv_bytes_per_sequence"]) / bandwidth
        compute = b * costs["decode_flops_per_token"] / flops_rate
        ideal = b / max(memory, compute)
        out["decode_roofline_tokens_per_second_by_batch"][str(b)] = ideal
        out["decode_roofline_fraction_by_batch"][str(b)] = d["tokens_per_second"] / ideal
    return out


def summarize(systems: dict[str, dict], costs: dict, ceilings: dict) -> dict:
    """{backend: ratios to Transformers + roofline fractions}; Transformers gets its fractions."""
    ref = systems.get(TRANSFORMERS)
    summary = {}
    for name, s in systems.items():
        entry = rooflines(s, costs, ceilings)
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
        summary[name] = entry
    return summary


def table(results: dict) -> str:
    """A Markdown table of the absolute figures, with ratios to Transformers in parentheses."""
    systems, summary = results["systems"], results["summary"]
    batches = [d["batch"] for d in next(iter(systems.values()))["decode"]]
    head = ["system", "TTFT img+text s", "TTFT text s", "prefill tok/s"]
    head += [f"decode b{b} tok/s" for b in batches] + ["peak RSS GiB", "prefill roofline",
                                                         f"decode b{batches[0]} roofline"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, s in systems.items():
        e = summary[name]

        def ratio(key, sub=None, e=e):
            v = e.get(key) if sub is None else e.get(key, {}).get(sub)
            return f" ({v:.2f}x)" if v is not None else ""

        cells = [name,
                 f"{s['ttft_image_text_seconds']:.2f}{ratio('ttft_image_text_speedup_vs_transformers')}",
                 f"{s['ttft_text_seconds']:.3f}{ratio('ttft_text_speedup_vs_transformers')}",
                 f"{s['prefill_tokens_per_second']:.1f}{ratio('prefill_speedup_vs_transformers')}"]
        for d in s["decode"]:
            cells.append(f"{d['tokens_per_second']:.2f}"
                         f"{ratio('decode_speedup_vs_transformers_by_batch', str(d['batch']))}")
        cells.append(f"{s['peak_rss_mib']['total'] / 1024:.2f}")
        cells.append(f"{e['prefill_roofline_fraction']:.0%}")
        cells.append(f"{e['decode_roofline_fraction_by_batch'][str(batches[0])]:.0%}")
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)
