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
from vlmxla_bench import checkpoint, report, shapes
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
        native = {"float32": ceil["matmul_gflops"], "bfloat16": ceil["matmul_gflops_bfloat16"],
                  "float16": ceil["matmul_gflops_float16"]}[s["dtype"]]
        # A dtype slower than float32 on this CPU is bounded by float32 (it can be widened).
        rate = max(native, ceil["matmul_gflops"])
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


# --- the Qwen2-VL-2B shape: spec, tokenizer, images, costs, driver options (fast: no run) ------


def test_qwen_spec_builds_the_published_qwen2_vl_2b():
    """The spec's config, built on the meta device, is Qwen2-VL-2B-Instruct's: 2,208,985,600
    parameters (the published model's count), a 151936-row tied table, the published vision
    token ids, and a tokenizer of the published 151657 ids."""
    import torch
    import transformers
    from vlmxla_oracle import fixtures

    spec = fixtures.load_spec(shapes.SHAPES["qwen2-vl-2b"].model)
    tokenizer = checkpoint.qwen_tokenizer(spec)
    assert len(tokenizer) == 151657
    config = fixtures.build_qwen_config(spec, tokenizer)
    config.text_config.vocab_size = spec["text_vocab_size"]
    with torch.device("meta"):
        model = transformers.Qwen2VLForConditionalGeneration(config)
    assert sum(p.numel() for p in model.parameters()) == 2_208_985_600
    assert model.lm_head.weight is model.get_input_embeddings().weight
    assert (config.image_token_id, config.video_token_id, config.vision_start_token_id,
            config.vision_end_token_id) == (151655, 151656, 151652, 151653)
    assert config.text_config.eos_token_id == 151645
    assert config.text_config.rope_parameters["mrope_section"] == [16, 24, 24]


def test_qwen_tokenizer_puts_the_special_tokens_at_the_published_ids():
    from vlmxla_oracle import fixtures

    spec = fixtures.load_spec(shapes.SHAPES["qwen2-vl-2b"].model)
    tokenizer = checkpoint.qwen_tokenizer(spec)
    for token, tid in spec["special_token_ids"].items():
        assert tokenizer.convert_tokens_to_ids(token) == tid, token
    text = ("<|im_start|>user\n<|vision_start|><|image_pad|><|image_pad|><|vision_end|>"
            "Describe the image.<|im_end|>\n<|im_start|>assistant\n")
    ids = tokenizer(text)["input_ids"]
    assert ids[:5] == [151644, tokenizer.convert_tokens_to_ids("user"), 198, 151652, 151655]
    assert ids.count(151655) == 2
    assert tokenizer.decode(ids) == text
    # Ordinary text only ever yields trained ids: the placeholders are unreachable.
    trained = spec["tokenizer"]["vocab_size"] - len(spec["tokenizer"]["special_tokens"])
    words = " ".join(fixtures.corpus_lines()[:200])
    assert max(tokenizer(words)["input_ids"]) < trained


def test_qwen_tokenizer_matches_vlmxla_tokenize(vlmxla_bin, tmp_path):
    """vlmxla's own tokenizer reads the bench tokenizer.json as Transformers does: the same ids
    for chat text, the same decoding of special, placeholder and trained ids."""
    import subprocess

    from vlmxla_oracle import fixtures

    tokenizer = checkpoint.qwen_tokenizer(fixtures.load_spec("bench-qwen2-vl-2b"))
    tokenizer.save_pretrained(tmp_path)
    texts = [("<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n"
              "<|vision_start|><|image_pad|><|vision_end|>Describe the image.<|im_end|>\n"),
             *fixtures.corpus_lines()[:20]]
    id_lists = [[5, 1392, 1393, 100000, 151642, 151643, 151655, 151656]]
    requests = ([{"text": t, "add_special_tokens": True} for t in texts]
                + [{"ids": ids, "skip_special_tokens": False} for ids in id_lists])
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(r) + "\n" for r in requests))
    proc = subprocess.run([str(vlmxla_bin), "tokenize", "--tokenizer",
                           str(tmp_path / "tokenizer.json"), "--input", str(tmp_path / "in.jsonl"),
                           "--output", str(tmp_path / "out.jsonl")],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    got = [json.loads(ln) for ln in (tmp_path / "out.jsonl").read_text().splitlines()]
    for text, res in zip(texts, got):
        assert res["ids"] == tokenizer(text)["input_ids"], text
    assert got[-1]["decoded"] == tokenizer.decode(id_lists[0])
    assert "<|bench_unused_100000|>" in got[-1]["decoded"]


def test_bench_images_are_deterministic_pngs_of_their_sizes(tmp_path, monkeypatch):
    from PIL import Image

    monkeypatch.setenv("VLMXLA_CACHE", str(tmp_path))
    shape = shapes.SHAPES["qwen2-vl-2b"]
    first = {im.label: shapes.write_image(im).read_bytes() for im in shape.images}
    for im in shape.images:
        path = shapes.write_image(im)
        assert path.read_bytes() == first[im.label]  # the same bytes again
        assert path.parent == tmp_path / "bench" / "images"
        with Image.open(path) as pic:
            assert (pic.format, pic.mode, pic.size) == ("PNG", "RGB", (im.width, im.height))
    assert [im.label for im in shape.images] == ["448x448", "1280x720"]


def test_context_for_rounds_the_longer_need_up():
    assert shapes.context_for(281, 30, 16) == 320
    assert shapes.context_for(320, 30, 16) == 320
    assert shapes.context_for(40, 30, 16) == 64  # the text decode needs 48
    assert shapes.context_for(20, 60, 16) == 128  # 78 for decode beats the 20-token prompt
    assert shapes.context_for(1221, 30, 0) == 1280  # no decode in this run


def test_qwen_vision_flops_match_torch_flop_counter():
    """costs' Qwen2-VL vision count (patch embed, blocks, merger) equals what torch's flop
    counter sees the tiny Qwen2-VL tower do on a 6x10 patch grid."""
    import torch
    import transformers
    from torch.utils.flop_counter import FlopCounterMode
    from vlmxla_bench import costs
    from vlmxla_oracle import fixtures

    spec = fixtures.load_spec("tiny-qwen2-vl")
    config = fixtures.build_qwen_config(spec, fixtures.build_tokenizer(spec))
    config.vision_config._attn_implementation = "eager"
    model = transformers.Qwen2VLForConditionalGeneration(config).eval()
    v = config.vision_config
    grid = torch.tensor([[1, 6, 10]])
    patches = 60
    pixels = torch.randn(patches, v.in_channels * v.temporal_patch_size * v.patch_size ** 2)
    with torch.no_grad(), FlopCounterMode(display=False) as counter:
        model.model.visual(pixels, grid_thw=grid)
    flops, n = costs._vision_flops(json.loads(config.to_json_string()), patches)
    assert n == patches
    assert flops == counter.get_total_flops()


def test_driver_options_follow_the_shape():
    _, llava = bench_main.parse_args([])
    assert (llava.shape, llava.model, llava.dtypes, llava.context, llava.timeout) == (
        "llava-interleave-qwen-0.5b", checkpoint.BENCH_SPEC, "float32,bfloat16,float16", 768,
        1800)
    _, qwen = bench_main.parse_args(["--shape", "qwen2-vl-2b"])
    assert (qwen.model, qwen.dtypes, qwen.context, qwen.timeout) == (
        "bench-qwen2-vl-2b", "float32,bfloat16", None, 7200)
    _, quick = bench_main.parse_args(["--shape", "qwen2-vl-2b", "--quick"])
    assert (quick.model, quick.decode_tokens, quick.context) == ("tiny-qwen2-vl", 12, None)
    _, quick_llava = bench_main.parse_args(["--quick"])
    assert (quick_llava.model, quick_llava.context) == (bench_main.QUICK_MODEL, 64)
    _, given = bench_main.parse_args(["--shape", "qwen2-vl-2b", "--context", "2048",
                                      "--dtypes", "bfloat16", "--timeout", "60"])
    assert (given.context, given.dtypes, given.timeout) == (2048, "bfloat16", 60)


def _run(ttft: float, tokens: int, prefill: float, total: float, decode=(1,)) -> dict:
    return {"ttft_image_text_seconds": ttft, "prompt_tokens_image_text": tokens,
            "prefill_seconds_image_text": prefill, "prefill_tokens_per_second": tokens / prefill,
            "ttft_text_seconds": 0.1, "prompt_tokens_text": 30, "context_capacity": 64,
            "decode": [{"batch": b, "tokens": 8 * b, "seconds": 2.0,
                        "tokens_per_second": 4.0 * b} for b in decode],
            "peak_rss_mib": {"self": total, "children": 0.0, "total": total}}


def test_a_row_of_several_runs_keeps_each_image_and_the_largest_peak():
    row = bench_main.merge_image_runs(
        _run(2.0, 290, 1.5, 9000.0, (1, 4)), "448x448",
        {"1280x720": _run(10.0, 1230, 9.0, 11000.0), "9x9": {"error": "exit 1: oom"}})
    assert row["images"]["448x448"]["ttft_image_text_seconds"] == 2.0
    assert row["images"]["1280x720"]["prompt_tokens_image_text"] == 1230
    assert row["images"]["9x9"] == {"error": "exit 1: oom"}
    assert row["peak_rss_mib"]["total"] == 11000.0
    assert row["peak_rss_mib_by_image"]["448x448"]["total"] == 9000.0
    # The row's headline figures stay the first image's; its decode the first run's.
    assert row["ttft_image_text_seconds"] == 2.0 and len(row["decode"]) == 2


def test_summary_and_table_by_image():
    ref = _run(4.0, 290, 3.0, 10000.0, (1, 4))
    ref["images"] = {"448x448": {k: ref[k] for k in bench_main.IMAGE_KEYS},
                     "1280x720": {k: v for k, v in _run(30.0, 1230, 25.0, 0).items()
                                  if k in bench_main.IMAGE_KEYS}}
    ref.update(backend=report.TRANSFORMERS, dtype="float32")
    row = bench_main.merge_image_runs(_run(2.0, 290, 1.5, 9000.0, (1, 4)), "448x448",
                                      {"1280x720": _run(10.0, 1230, 5.0, 11000.0)})
    row.update(backend="pjrt-cpu", dtype="float32")
    half = bench_main.merge_image_runs(_run(1.0, 290, 0.5, 4500.0, (1, 4)), "448x448",
                                       {"1280x720": {"error": "timed out"}})
    half.update(backend="pjrt-cpu", dtype="bfloat16")
    ref16 = {**ref, "dtype": "bfloat16", "ttft_text_seconds": 0.05,
             "peak_rss_mib": {"self": 5000.0, "children": 0.0, "total": 5000.0},
             "images": {"448x448": {**ref["images"]["448x448"], "ttft_image_text_seconds": 0.5},
                        "1280x720": ref["images"]["1280x720"]}}
    systems = {report.TRANSFORMERS: ref, "transformers-eager-bfloat16": ref16, "pjrt-cpu": row,
               "pjrt-cpu-bfloat16": half}
    cost = {"prefill_flops_image_text": 1e12, "decode_weight_bytes": 6e9,
            "decode_kv_bytes_per_sequence": 1e6, "decode_flops_per_token": 3e9,
            "prefill_flops_by_image": {"448x448": 1e12, "1280x720": 6e12}}
    ceil = {"matmul_gflops": 200.0, "matmul_gflops_bfloat16": 800.0, "copy_gbps": 10.0}
    summary = report.summarize(systems, cost, ceil)
    e = summary["pjrt-cpu"]
    assert e["ttft_image_text_speedup_vs_transformers_by_image"] == {"448x448": 2.0,
                                                                     "1280x720": 3.0}
    assert e["prefill_speedup_vs_transformers_by_image"]["1280x720"] == pytest.approx(5.0)
    assert e["prefill_roofline_fraction_by_image"]["1280x720"] == pytest.approx(
        6e12 / 200e9 / 5.0)
    assert e["ttft_image_text_speedup_vs_transformers"] == 2.0  # the first image's, as before
    assert list(summary["pjrt-cpu-bfloat16"]["ttft_image_text_speedup_vs_transformers_by_image"]
                ) == ["448x448"]
    lines = report.table({"systems": systems, "summary": summary}).splitlines()
    assert "TTFT 448x448 img+text s | TTFT 1280x720 img+text s | TTFT text s" in lines[0]
    pjrt = next(ln for ln in lines if ln.startswith("| pjrt-cpu |"))
    assert "| 2.00 (2.00x) | 10.00 (3.00x) |" in pjrt
    bf16 = next(ln for ln in lines if ln.startswith("| pjrt-cpu-bfloat16 |"))
    assert bf16.count("failed") == 2  # its 1280x720 TTFT and prefill
    # Each row also against Transformers in its own dtype (the ratios above are all against
    # Transformers float32).
    same = summary["pjrt-cpu-bfloat16"]["vs_transformers_same_dtype"]
    assert same["row"] == "transformers-eager-bfloat16"
    assert same["ttft_image_text_speedup_by_image"] == {"448x448": 0.5}
    assert same["ttft_text_speedup"] == pytest.approx(0.5)
    assert same["peak_memory_ratio"] == pytest.approx(4500.0 / 5000.0)
    assert summary["pjrt-cpu"]["vs_transformers_same_dtype"]["row"] == report.TRANSFORMERS
    assert "vs_transformers_same_dtype" not in summary["transformers-eager-bfloat16"]
    same_lines = report.table_same_dtype({"systems": systems, "summary": summary}).splitlines()
    assert same_lines[0].startswith("| system | against | TTFT 448x448 img+text |")
    assert "| pjrt-cpu-bfloat16 | transformers-eager-bfloat16 | 0.50x | failed | 0.50x |" in (
        same_lines[3])


def test_a_narrow_dtype_slower_than_float32_takes_the_float32_ceiling():
    from vlmxla_bench.report import rooflines
    costs = {"prefill_flops_image_text": 1e12, "decode_weight_bytes": 1e9,
             "decode_kv_bytes_per_sequence": 1e6, "decode_flops_per_token": 1e9}
    system = {"dtype": "float16", "weights_dtype": "float16", "prefill_seconds_image_text": 10.0,
              "decode": [{"batch": 1, "tokens_per_second": 10.0}]}
    ceilings = {"matmul_gflops": 200.0, "matmul_gflops_bfloat16": 400.0,
                "matmul_gflops_float16": 0.4, "copy_gbps": 25.0}
    r = rooflines(system, costs, ceilings)
    assert r["matmul_ceiling"] == "matmul_gflops" and r["matmul_ceiling_gflops"] == 200.0
    assert r["prefill_roofline_fraction"] == pytest.approx(1e12 / 200e9 / 10.0)
    # A faster native rate is kept.
    r = rooflines(dict(system, dtype="bfloat16", weights_dtype="bfloat16"), costs, ceilings)
    assert r["matmul_ceiling"] == "matmul_gflops_bfloat16" and r["matmul_ceiling_gflops"] == 400.0


# --- the Qwen3-VL-2B and Gemma-3-4B shapes: specs, tokenizers, costs, driver options ---------


def test_qwen3_spec_builds_the_published_qwen3_vl_2b():
    """On the meta device the spec's model has 2,127,532,032 parameters, counted by hand from
    the dims: the decoder 1,720,574,976 (the tied 151936 x 2048 table 311,164,928; 28 layers of
    50,336,000: q and o 2048x2048, k and v 2048x1024, the 128-wide q/k norms, a 3 x 2048 x 6144
    MLP, two norms; the final norm 2048) and the tower 406,957,056 (the 3x2x16x16 conv with
    bias 1,573,888; 2304 x 1024 positions; 24 blocks of 12,596,224; the merger 25,174,016 and
    three DeepStack mergers of 25,180,160, whose norm is 4096 wide): ~2.1B, as published."""
    import torch
    import transformers
    from vlmxla_oracle import fixtures

    spec = fixtures.load_spec(shapes.SHAPES["qwen3-vl-2b"].model)
    tokenizer = checkpoint.qwen_tokenizer(spec)
    assert len(tokenizer) == 151657
    config = fixtures.build_qwen_config(spec, tokenizer)
    config.text_config.vocab_size = spec["text_vocab_size"]
    assert config.model_type == shapes.SHAPES["qwen3-vl-2b"].family == "qwen3_vl"
    with torch.device("meta"):
        model = transformers.Qwen3VLForConditionalGeneration(config)
    text = 151936 * 2048 + 28 * 50_336_000 + 2048
    vision = 1_573_888 + 2304 * 1024 + 24 * 12_596_224 + 25_174_016 + 3 * 25_180_160
    assert (text, vision) == (1_720_574_976, 406_957_056)
    total = sum(p.numel() for p in model.parameters())
    assert total == text + vision == 2_127_532_032
    assert round(total / 1e9, 1) == 2.1
    assert model.lm_head.weight is model.get_input_embeddings().weight
    assert (config.image_token_id, config.video_token_id, config.vision_start_token_id,
            config.vision_end_token_id) == (151655, 151656, 151652, 151653)
    assert config.text_config.eos_token_id == 151645
    rope = config.text_config.rope_parameters
    assert (rope["mrope_section"], rope["mrope_interleaved"], rope["rope_theta"]) == (
        [24, 20, 20], True, 5e6)
    assert config.vision_config.deepstack_visual_indexes == [5, 11, 17]


def test_gemma3_spec_builds_the_published_gemma_3_4b():
    """On the meta device the spec's model has 4,300,079,472 parameters, counted by hand: the
    decoder 3,880,263,168 (the tied 262208 x 2560 table 671,252,480; 34 layers of 94,382,592:
    q and o 2560x2048, k and v 2560x1024, the 256-wide q/k norms, a 3 x 2560 x 10240 MLP, four
    norms; the final norm), SigLIP at 896 px 416,866,032 (27 layers of 15,239,504, the patch
    conv 678,528, 4096 x 1152 positions, the post-norm) and the projector 2,950,272 (1152 x 2560
    and its 1152-wide norm): ~4.3B, as published. Every sixth layer is global."""
    import torch
    from vlmxla_oracle import fixtures

    spec = fixtures.load_spec(shapes.SHAPES["gemma-3-4b"].model)
    tokenizer = checkpoint.gemma_tokenizer(spec)
    config = fixtures.build_gemma3_config(spec, tokenizer)
    config.text_config.vocab_size = spec["text_vocab_size"]
    assert config.model_type == shapes.SHAPES["gemma-3-4b"].family == "gemma3"
    with torch.device("meta"):
        model = fixtures._model_class("gemma3")(config)
    text = 262208 * 2560 + 34 * 94_382_592 + 2560
    vision = 27 * 15_239_504 + 678_528 + 4096 * 1152 + 2304
    assert (text, vision) == (3_880_263_168, 416_866_032)
    total = sum(p.numel() for p in model.parameters())
    assert total == text + vision + 1152 * 2560 + 1152 == 4_300_079_472
    assert round(total / 1e9, 1) == 4.3
    assert model.lm_head.weight is model.get_input_embeddings().weight
    assert (config.boi_token_index, config.eoi_token_index, config.image_token_index) == (
        255999, 256000, 262144)
    assert config.mm_tokens_per_image == 256
    tc = config.text_config
    assert (tc.bos_token_id, tc.eos_token_id, tc.pad_token_id) == (2, 106, 0)
    assert [i for i, t in enumerate(tc.layer_types) if t == "full_attention"] == [
        5, 11, 17, 23, 29]
    assert (tc.sliding_window, tc.query_pre_attn_scalar, tc.head_dim) == (1024, 256, 256)
    assert tc.rope_parameters == {
        "full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1e6},
        "sliding_attention": {"rope_type": "default", "rope_theta": 1e4}}


def test_gemma3_tokenizer_puts_the_special_tokens_at_the_published_ids():
    """Every special token at its published id, 262145 ids in all; ordinary text is split as
    the tiny fixture's tokenizer splits it (the same pieces, at other ids) and decodes alike."""
    from vlmxla_oracle import fixtures

    spec = fixtures.load_spec("bench-gemma-3-4b")
    tokenizer = checkpoint.gemma_tokenizer(spec)
    tiny = fixtures.build_tokenizer(fixtures.load_spec("tiny-gemma3"))
    assert len(tokenizer) == 262145
    for token, tid in spec["special_token_ids"].items():
        assert tokenizer.convert_tokens_to_ids(token) == tid, token
    assert (tokenizer.boi_token, tokenizer.image_token) == ("<start_of_image>",
                                                             "<image_soft_token>")
    text = ("<start_of_turn>user\n<start_of_image>Describe the image.<end_of_turn>\n"
            "<start_of_turn>model\n")
    ids = tokenizer(text)["input_ids"]
    assert ids[:2] == [2, 105] and 255999 in ids and ids.count(106) == 1
    for line in [text, *fixtures.corpus_lines()[:50]]:
        mine, theirs = tokenizer(line)["input_ids"], tiny(line)["input_ids"]
        assert tokenizer.convert_ids_to_tokens(mine) == tiny.convert_ids_to_tokens(theirs)
        assert tokenizer.decode(mine) == tiny.decode(theirs)
    words = " ".join(fixtures.corpus_lines()[:200])
    pieces = tokenizer.convert_ids_to_tokens(tokenizer(words)["input_ids"])
    assert not [t for t in pieces if t.startswith("<bench_unused_")]  # never reached
    assert tokenizer.convert_ids_to_tokens(200000) == "<bench_unused_200000>"


def test_gemma3_checkpoint_is_built_in_bfloat16_alone(tmp_path, monkeypatch):
    """A float32 (or float16) request for the bf16-only spec is refused naming the spec and the
    dtype; the direct builder, run on the spec cut to one layer a side and a 300-row table,
    writes bf16 tensors only (never a float32 one), config dtype bfloat16, the padded rows zero,
    the same bytes twice (seeded), and a marker ensure_checkpoint accepts."""
    import copy

    import torch
    from safetensors.torch import load_file
    from vlmxla_oracle import fixtures

    monkeypatch.setenv("VLMXLA_CACHE", str(tmp_path))
    name = "bench-gemma-3-4b"
    assert checkpoint.stored_dtype(name) == "bfloat16"
    assert checkpoint.stored_dtype("bench-qwen3-vl-2b") is None
    for dtype in ("float32", "float16"):
        with pytest.raises(ValueError, match=f"{name} is built in bfloat16 only.*{dtype}"):
            checkpoint.ensure_checkpoint(name, dtype=dtype)
    spec = copy.deepcopy(fixtures.load_spec(name))
    gemma = spec["gemma3_config"]
    gemma["vision_config"].update(num_hidden_layers=1, hidden_size=32, intermediate_size=64,
                                  num_attention_heads=2, image_size=56)
    gemma["text_config"].update(num_hidden_layers=2, hidden_size=64, intermediate_size=96,
                                num_attention_heads=2, num_key_value_heads=1, head_dim=32)
    gemma["mm_tokens_per_image"] = 4
    spec["text_vocab_size"] = 262145 + 300
    out = []
    for i in range(2):
        d = checkpoint._build_direct(name, spec, tmp_path / f"out{i}")
        cfg = json.loads((d / "config.json").read_text())
        assert cfg["dtype"] == "bfloat16" and cfg["text_config"]["vocab_size"] == 262445
        tensors = {}
        for f in sorted(d.glob("*.safetensors")):
            tensors.update(load_file(f))
        assert {t.dtype for t in tensors.values()} == {torch.bfloat16}
        table = tensors["language_model.model.embed_tokens.weight"]
        assert table.shape == (262445, 64)
        assert not table[262145:].any() and table[:262145].any()
        assert (d / "tokenizer.json").exists() and (d / "preprocessor_config.json").exists()
        out.append(tensors)
    assert out[0].keys() == out[1].keys()
    assert all(torch.equal(out[0][k], out[1][k]) for k in out[0])
    (tmp_path / "bench").mkdir(exist_ok=True)
    (tmp_path / "out0").rename(tmp_path / "bench" / f"{name}-bf16")
    assert checkpoint._is_current(tmp_path / "bench" / f"{name}-bf16",
                                  checkpoint.spec_hash(name))


def test_qwen3_and_gemma3_vision_flops_match_torch_flop_counter():
    """costs' Qwen3-VL count (patch embed, blocks, the merger and the DeepStack mergers) and
    Gemma 3's (SigLIP's grid, one projection of the pooled tokens) equal what torch's flop
    counter sees the tiny towers do."""
    import torch
    import transformers
    from torch.utils.flop_counter import FlopCounterMode
    from vlmxla_bench import costs
    from vlmxla_oracle import fixtures

    spec = fixtures.load_spec("tiny-qwen3-vl")
    config = fixtures.build_qwen_config(spec, fixtures.build_tokenizer(spec))
    config.vision_config._attn_implementation = "eager"
    model = transformers.Qwen3VLForConditionalGeneration(config).eval()
    v = config.vision_config
    pixels = torch.randn(60, v.in_channels * v.temporal_patch_size * v.patch_size ** 2)
    with torch.no_grad(), FlopCounterMode(display=False) as counter:
        model.model.visual(pixels, grid_thw=torch.tensor([[1, 6, 10]]))
    assert costs._vision_flops(json.loads(config.to_json_string()), 60) == (
        counter.get_total_flops(), 60)

    spec = fixtures.load_spec("tiny-gemma3")
    config = fixtures.build_gemma3_config(spec, fixtures.build_tokenizer(spec))
    config.vision_config._attn_implementation = "eager"
    model = transformers.Gemma3ForConditionalGeneration(config).eval()
    v = config.vision_config
    with torch.no_grad(), FlopCounterMode(display=False) as counter:
        model.model.get_image_features(torch.randn(1, 3, v.image_size, v.image_size))
    assert costs._vision_flops(json.loads(config.to_json_string()), None) == (
        counter.get_total_flops(), (v.image_size // v.patch_size) ** 2)


def test_driver_options_of_the_qwen3_and_gemma3_shapes():
    _, qwen3 = bench_main.parse_args(["--shape", "qwen3-vl-2b"])
    assert (qwen3.model, qwen3.dtypes, qwen3.transformers_dtypes, qwen3.context,
            qwen3.timeout) == ("bench-qwen3-vl-2b", "float32,bfloat16", "float32,bfloat16",
                               None, 7200)
    _, quick = bench_main.parse_args(["--shape", "qwen3-vl-2b", "--quick"])
    assert (quick.model, quick.decode_tokens, quick.context) == ("tiny-qwen3-vl", 12, None)
    assert [im.label for im in shapes.SHAPES["qwen3-vl-2b"].images] == ["448x448", "1280x720"]
    _, gemma = bench_main.parse_args(["--shape", "gemma-3-4b"])
    assert (gemma.model, gemma.dtypes, gemma.transformers_dtypes, gemma.context) == (
        "bench-gemma-3-4b", "bfloat16", "bfloat16", None)
    _, quick = bench_main.parse_args(["--shape", "gemma-3-4b", "--quick"])
    assert (quick.model, quick.dtypes, quick.context) == ("tiny-gemma3", "bfloat16", None)
    assert shapes.SHAPES["gemma-3-4b"].images == (shapes.WIDE,)
    _, given = bench_main.parse_args(["--shape", "gemma-3-4b", "--transformers-dtypes", ""])
    assert given.transformers_dtypes == ""
    _, default = bench_main.parse_args([])
    assert default.transformers_dtypes == "float32,bfloat16"  # the other shapes keep theirs
    assert {s.tag for s in shapes.SHAPES.values()} >= {"qwen3-vl-2b", "gemma-3-4b"}


@pytest.mark.parametrize("shape", ["qwen3-vl-2b", "gemma-3-4b"])
def test_quick_run_of_the_shape(shape, vlmxla_bin, tmp_path):
    """`--shape S --quick`: the whole pipeline on the shape's tiny fixture, every row of the
    shape's dtypes present with its figures, the plan's image tokens equal on both sides."""
    rc = bench_main.main(["--shape", shape, "--quick", "--bin", str(vlmxla_bin),
                          "--out", str(tmp_path), "--batches", "1,4"])
    work = paths.cache_dir() / "bench" / "work" / f"{shape}-quick"
    assert rc == 0, [p.read_text()[-2000:] for p in work.glob("*.log")]
    (json_path,) = tmp_path.glob(f"*-{shapes.SHAPES[shape].tag}-quick.json")
    data = json.loads(json_path.read_text())
    assert data["shape"] == shape and data["failures"] == {}
    dtypes = shapes.SHAPES[shape].dtypes.split(",")
    want = {report.system_name(b, d) for b in (*BACKENDS, report.TRANSFORMERS)
            for d in dtypes}
    assert set(data["systems"]) == want
    labels = [im.label for im in shapes.SHAPES[shape].images]
    assert list(data["image_tokens"]) == labels
    for counts in data["image_tokens"].values():
        assert counts["transformers"] == counts["vlmxla"] > 0
    for name, s in data["systems"].items():
        assert set(s["images"]) == set(labels), name
        assert [d["batch"] for d in s["decode"]] == [1, 4], name
        assert s["prompt_tokens_image_text"] > s["prompt_tokens_text"], name


def test_a_quantized_row_reads_its_weights_in_their_format():
    """A `--weights int8|int4` row's decode bytes are the decoder as it is held: each projection
    [out, in] in one byte an element plus a float32 scale per output row (int8), or half a byte
    plus a float32 scale per 32 (int4); the tied embedding table, which is the head, in int8 under
    both; norms as stored. Counted here
    from the safetensors tensors themselves, independently of costs.py's header walk."""
    from safetensors import safe_open
    from vlmxla_bench import costs
    from vlmxla_oracle import testing

    model_dir = testing.ensure_fixture("tiny-llava-siglip-qwen2")
    expect = {"stored": 0, "int8": 0, "int4": 0}
    with safe_open(str(model_dir / "model.safetensors"), "np") as f:
        for name in f.keys():  # noqa: SIM118 - a safetensors file handle, not a dict
            if "language_model" not in name and "lm_head" not in name:
                continue
            t = f.get_tensor(name)
            expect["stored"] += t.nbytes
            # A projection in the row's format; the tied table (the head) in int8 in both.
            head = name.endswith("embed_tokens.weight")
            projection = name.endswith("proj.weight")
            if head or projection:
                out, inp = t.shape
                expect["int8"] += out * inp + 4 * out
                expect["int4"] += (out * inp + 4 * out if head
                                   else out * inp // 2 + 4 * (out * inp // 32))
            else:
                expect["int8"] += t.nbytes
                expect["int4"] += t.nbytes
    got = {w: costs.model_costs(model_dir, 20, 10, 12, weights=w)["decode_weight_bytes"]
           for w in expect}
    assert got == expect
    assert got["int4"] < got["int8"] < got["stored"]
    # Each row finds its own costs: the key names the format where the weights were quantized.
    assert report.cost_key({"dtype": "float32", "weights": "int8"}) == "float32/float32/int8"
    assert report.cost_key({"dtype": "bfloat16", "weights": "stored"}) == "bfloat16/bfloat16"
    with pytest.raises(ValueError, match="int3"):
        costs.model_costs(model_dir, 20, 10, 12, weights="int3")
