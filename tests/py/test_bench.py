"""The benchmark pipeline end to end on the tiny fixture (--quick sizes): `vlmxla bench` on both
backends in every dtype (each on the checkpoint stored in it), Transformers eager in float32 and
bfloat16, the ceilings, the results JSON and the PNG chart. No timing assertions: the figures are
checked for shape and internal consistency, not for speed."""

import json
import math
import struct
import zlib

import pytest
from vlmxla_bench import __main__ as bench_main
from vlmxla_bench import checkpoint, report
from vlmxla_oracle import paths

BACKENDS = ("pjrt-cpu", "iree-cpu")
DTYPES = ("float32", "bfloat16", "float16")
TRANSFORMERS_DTYPES = ("float32", "bfloat16")
BATCHES = (1, 4, 8)
# Rows: float32 under the plain names (as before dtypes), the others suffixed.
ROWS = {report.TRANSFORMERS: ("float32", "float32"),
        "transformers-eager-bfloat16": ("bfloat16", "bfloat16"),
        **{report.system_name(b, d): (d, d) for b in BACKENDS for d in DTYPES}}


@pytest.fixture(scope="module")
def results(tmp_path_factory, vlmxla_bin):
    out = tmp_path_factory.mktemp("bench")
    rc = bench_main.main(["--quick", "--bin", str(vlmxla_bin), "--out", str(out),
                          "--backends", ",".join(BACKENDS)])
    work = paths.cache_dir() / "bench" / "work"
    assert rc == 0, [p.read_text()[-2000:] for p in work.glob("*.log")]
    (json_path,) = out.glob("*-quick.json")
    (png_path,) = out.glob("*-quick.png")
    return json.loads(json_path.read_text()), png_path, json_path


def test_file_names_carry_date_and_machine(results):
    data, png_path, json_path = results
    assert data["machine"]["name"].startswith("cpu-")
    assert data["machine"]["name"].endswith(f"-{data['machine']['cores']}c")
    assert json_path.name == f"{data['date']}-{data['machine']['name']}-quick.json"
    assert png_path.stem == json_path.stem


def test_every_system_has_every_figure(results):
    data, _, _ = results
    assert set(data["systems"]) == set(ROWS)
    assert data["failures"] == {}
    for name, (dtype, weights) in ROWS.items():
        s = data["systems"][name]
        assert (s["dtype"], s["weights_dtype"]) == (dtype, weights), name
        assert s["rss_trace"]["peak"]["total_rss_mib"] > 0, name
    for name, s in data["systems"].items():
        for key in ("ttft_image_text_seconds", "ttft_text_seconds", "prefill_tokens_per_second",
                    "prefill_seconds_image_text"):
            assert s[key] > 0 and math.isfinite(s[key]), (name, key)
        assert [d["batch"] for d in s["decode"]] == list(BATCHES)
        for d in s["decode"]:
            assert d["tokens"] > 0 and d["tokens"] % d["batch"] == 0, (name, d)
            assert d["tokens_per_second"] == pytest.approx(d["tokens"] / d["seconds"])
        assert s["peak_rss_mib"]["total"] >= s["peak_rss_mib"]["self"] > 0
        # The image prompt carries the image's tokens; prefill throughput is derived from it.
        assert s["prompt_tokens_image_text"] > s["prompt_tokens_text"]
        assert s["prefill_tokens_per_second"] == pytest.approx(
            s["prompt_tokens_image_text"] / s["prefill_seconds_image_text"])
    # Same inputs on every side: the same prompt lengths.
    lengths = {(s["prompt_tokens_image_text"], s["prompt_tokens_text"])
               for s in data["systems"].values()}
    assert len(lengths) == 1
    # IREE runs in a runtime host process, whose memory is counted.
    assert data["systems"]["iree-cpu"]["peak_rss_mib"]["children"] > 0


def test_summary_ratios_follow_the_absolute_figures(results):
    data, _, _ = results
    systems, summary, ref = data["systems"], data["summary"], data["systems"][report.TRANSFORMERS]
    ref_decode = {d["batch"]: d["tokens_per_second"] for d in ref["decode"]}
    for backend in BACKENDS:
        s, e = systems[backend], summary[backend]
        assert e["prefill_speedup_vs_transformers"] == pytest.approx(
            s["prefill_tokens_per_second"] / ref["prefill_tokens_per_second"])
        for d in s["decode"]:
            assert e["decode_speedup_vs_transformers_by_batch"][str(d["batch"])] == pytest.approx(
                d["tokens_per_second"] / ref_decode[d["batch"]])
        assert e["decode_speedup_vs_transformers"] == (
            e["decode_speedup_vs_transformers_by_batch"]["1"])
        assert e["ttft_image_text_speedup_vs_transformers"] == pytest.approx(
            ref["ttft_image_text_seconds"] / s["ttft_image_text_seconds"])
    assert "prefill_speedup_vs_transformers" not in summary[report.TRANSFORMERS]
    # A narrow row also has its ratios to its own backend's float32 row.
    for name, (dtype, _) in ROWS.items():
        e = summary[name]
        if dtype == "float32":
            assert "peak_rss_ratio_vs_float32" not in e, name
            continue
        s, base = systems[name], systems[e["float32_row"]]
        assert e["float32_row"] == s["backend"] and base["dtype"] == "float32"
        assert e["peak_rss_ratio_vs_float32"] == pytest.approx(
            s["peak_rss_mib"]["total"] / base["peak_rss_mib"]["total"])
        assert e["decode_speedup_vs_float32_by_batch"]["1"] == pytest.approx(
            s["decode"][0]["tokens_per_second"] / base["decode"][0]["tokens_per_second"])


def test_roofline_fractions_follow_ceilings_and_costs(results):
    data, _, _ = results
    ceil = data["ceilings"]
    assert ceil["matmul_gflops"] > 0 and ceil["copy_gbps"] > 0
    assert ceil["matmul_gflops_bfloat16"] > 0 and ceil["matmul_gflops_float16"] > 0
    f32 = data["costs_by_dtype"]["float32/float32"]
    assert data["costs"] == f32
    for key, cost in data["costs_by_dtype"].items():
        dtype, weights = key.split("/")
        assert cost["decode_weight_bytes"] < cost["weight_bytes_total"]
        # The narrow checkpoints hold the same elements in 2 bytes instead of 4.
        width = {"float32": 4, "bfloat16": 2, "float16": 2}
        assert cost["decode_weight_bytes_per_element"] == width[weights]
        assert cost["decode_weight_bytes"] * 4 == f32["decode_weight_bytes"] * width[weights]
        assert cost["decode_kv_bytes_per_sequence"] * 4 == (
            f32["decode_kv_bytes_per_sequence"] * width[dtype])
    for name, s in data["systems"].items():
        e = data["summary"][name]
        cost = data["costs_by_dtype"][f"{s['dtype']}/{s['weights_dtype']}"]
        rate = {"float32": ceil["matmul_gflops"], "bfloat16": ceil["matmul_gflops_bfloat16"],
                "float16": ceil["matmul_gflops_float16"]}[s["dtype"]]
        assert e["matmul_ceiling_gflops"] == rate
        ideal = cost["prefill_flops_image_text"] / (rate * 1e9)
        assert e["prefill_roofline_fraction"] == pytest.approx(
            ideal / s["prefill_seconds_image_text"])
        for d in s["decode"]:
            b = d["batch"]
            step = max((cost["decode_weight_bytes"] + b * cost["decode_kv_bytes_per_sequence"])
                       / (ceil["copy_gbps"] * 1e9),
                       b * cost["decode_flops_per_token"] / (rate * 1e9))
            assert e["decode_roofline_fraction_by_batch"][str(b)] == pytest.approx(
                d["tokens_per_second"] * step / b)


def test_chart_is_a_valid_png(results):
    _, png_path, _ = results
    blob = png_path.read_bytes()
    assert blob[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(blob) < 300_000
    # Walk the chunks: every CRC matches, IHDR first, IEND last.
    pos, chunks = 8, []
    while pos < len(blob):
        (length,) = struct.unpack(">I", blob[pos:pos + 4])
        kind = blob[pos + 4:pos + 8]
        body = blob[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", blob[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, kind
        chunks.append(kind)
        pos += 12 + length
    assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND" and b"IDAT" in chunks
    width, height = struct.unpack(">II", blob[16:24])
    assert width >= 600 and height >= 400


def test_narrow_checkpoints_are_the_float32_weights_rounded(results):
    import json as json_mod

    import torch
    from safetensors.torch import load_file

    f32 = checkpoint.ensure_checkpoint(bench_main.QUICK_MODEL)
    ref = load_file(f32 / "model.safetensors")
    for dtype in ("bfloat16", "float16"):
        d = checkpoint.ensure_checkpoint(bench_main.QUICK_MODEL, dtype=dtype)
        assert d != f32
        cfg = json_mod.loads((d / "config.json").read_text())
        assert cfg["dtype"] == dtype and cfg["text_config"]["dtype"] == dtype
        got = load_file(d / "model.safetensors")
        assert got.keys() == ref.keys()
        for k, v in ref.items():
            assert got[k].dtype == getattr(torch, dtype), k
            assert torch.equal(got[k], v.to(getattr(torch, dtype))), k


def test_machine_name_is_short_and_stable():
    cpuinfo = "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Platinum 8480+ CPU @ 2.00GHz\n"
    assert report.machine_name(cpuinfo, 16) == "cpu-intel-xeon-platinum-8480-16c"
    assert report.machine_name("model name\t: AMD EPYC 9654 96-Core Processor\n", 2) == (
        "cpu-amd-epyc-9654-96-2c")


def _trace(names: dict, maxima: dict) -> dict:
    return {"samples": [{"t": 0.0, "stage": "", "total_rss_mib": 1.0, "processes": {}}],
            "children_names": names, "max_vmhwm_mib": maxima}


def test_peaks_count_the_runtime_host_even_when_its_name_was_lost():
    """The IREE host is the child counted in the total; when a host's name was never read
    (it exited between samples: "?"), the largest child stands in for it rather than being
    dropped (the 2026-12-05 run's iree-cpu float16 row reported 0.53 GiB without its host)."""
    from vlmxla_bench import rss_trace
    named = _trace({"child 1": "python -m vlmxla_iree.host", "child 2": "python3"},
                   {"self": 500.0, "child 1": 1900.0, "child 2": 90.0})
    assert rss_trace.peaks(named)["total"] == 2400.0
    lost = _trace({"child 1": "?", "child 2": "python3"},
                  {"self": 500.0, "child 1": 1900.0, "child 2": 90.0})
    assert rss_trace.peaks(lost)["total"] == 2400.0
    assert rss_trace.peaks(lost)["other_children_max"] == 90.0
    # A process with only known, non-host children (compiler runs) has no host.
    compiles = _trace({"child 2": "python3"}, {"self": 500.0, "child 2": 90.0})
    assert rss_trace.peaks(compiles)["total"] == 500.0
