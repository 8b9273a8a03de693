"""llama.cpp beside vlmxla in the bench (vlmxla_bench/llamacpp.py, llamacpp_convert.py).

Without llama.cpp: the decoder extraction computes the VLM's own text-only logits, the parsers
read what the real binaries print (short excerpts captured from llama.cpp 0c1e57098, kept here),
the summary puts each vlmxla row beside the llama.cpp row of its class of weights, and
`--llamacpp` at a directory without a build gives loud "unavailable" rows and a run that goes on.
With a build ($VLMXLA_LLAMACPP: a llama.cpp checkout built as bench/README.md says), one `--quick`
run end to end."""

import json
import os
import pathlib

import pytest
from vlmxla_bench import __main__ as bench_main
from vlmxla_bench import llamacpp, llamacpp_convert, report
from vlmxla_oracle import fixtures

FIXTURE = "tiny-llava-siglip-qwen2"


def test_decoder_directory_computes_the_vlms_text_only_logits(tmp_path):
    """The standalone Qwen2ForCausalLM written from the VLM's `language_model.*` tensors gives
    exactly the VLM's logits on a text-only prompt (same weights, same graph, tied head)."""
    import torch
    from transformers import AutoTokenizer, LlavaForConditionalGeneration, Qwen2ForCausalLM

    src = fixtures.ensure_fixture(FIXTURE)
    out = llamacpp_convert.write_decoder(src, tmp_path / "decoder")
    config = json.loads((out / "config.json").read_text())
    assert config["architectures"] == ["Qwen2ForCausalLM"] and config["tie_word_embeddings"]
    vlm = LlavaForConditionalGeneration.from_pretrained(src, dtype=torch.float32).eval()
    text = Qwen2ForCausalLM.from_pretrained(out, dtype=torch.float32).eval()
    tok = AutoTokenizer.from_pretrained(out)
    ids = tok("<|im_start|>user\nDescribe the image.<|im_end|>\n<|im_start|>assistant\n",
              return_tensors="pt").input_ids
    assert ids.shape[1] > 5
    with torch.no_grad():
        want = vlm(input_ids=ids).logits
        got = text(input_ids=ids).logits
    assert got.shape == want.shape
    torch.testing.assert_close(got, want, rtol=0, atol=1e-6)
    # Tied: the head is the embedding table, not a copy written beside it.
    assert text.lm_head.weight.data_ptr() == text.model.embed_tokens.weight.data_ptr()
    # The directory's chat template renders a string message as the VLM's renders [image, text]
    # once mtmd's marker and a newline lead the text.
    rendered = tok.apply_chat_template(
        [{"role": "user", "content": f"{llamacpp.MARKER}\nDescribe the image."}],
        tokenize=False, add_generation_prompt=True)
    vlm_template = (src / "chat_template.jinja").read_text()
    from jinja2 import Template
    want_text = Template(vlm_template).render(
        messages=[{"role": "user", "content": [{"type": "image"},
                                               {"type": "text", "text": "Describe the image."}]}],
        add_generation_prompt=True)
    assert rendered.replace(llamacpp.MARKER, "<image>") == want_text


def test_conversion_refuses_what_it_cannot_write(tmp_path):
    src = fixtures.ensure_fixture("tiny-llava-clip-llama")
    with pytest.raises(ValueError, match="qwen2 decoder and a siglip tower"):
        llamacpp_convert.write_decoder(src, tmp_path / "decoder")


def test_formats_follow_the_runs_dtypes():
    assert llamacpp.formats_for(["float32"]) == ["F32", "F16", "Q8_0", "Q4_0"]
    assert llamacpp.formats_for(["float32", "bfloat16", "float16"]) == [
        "F32", "BF16", "F16", "Q8_0", "Q4_0"]
    assert llamacpp.formats_for(["bfloat16"]) == ["F32", "BF16", "Q8_0", "Q4_0"]


def _row(tps: dict, prefill: float, ttft: float, **extra) -> dict:
    return {"decode": [{"batch": b, "tokens_per_second": v} for b, v in tps.items()],
            "prefill_tokens_per_second": prefill, "ttft_image_text_seconds": ttft,
            "prefill_seconds_image_text": 100 / prefill, "ttft_text_seconds": 0.5,
            "peak_rss_mib": {"total": 1000.0}, **extra}


def test_summary_puts_each_vlmxla_row_beside_the_llamacpp_row_of_its_class():
    ceilings = {"matmul_gflops": 100.0, "copy_gbps": 10.0}
    costs = {"prefill_flops_image_text": 1e9, "decode_weight_bytes": 1e8,
             "decode_kv_bytes_per_sequence": 1e6, "decode_flops_per_token": 1e8}
    systems = {
        "pjrt-cpu": _row({1: 10.0, 8: 40.0}, 200.0, 2.0, backend="pjrt-cpu",
                         dtype="float32", weights_dtype="float32"),
        "pjrt-cpu-int8": _row({1: 15.0, 8: 30.0}, 150.0, 3.0, backend="pjrt-cpu",
                              dtype="float32", weights_dtype="float32", weights="int8"),
        "llama.cpp-Q8_0": _row({1: 30.0, 8: 60.0}, 300.0, 1.5, system="llama.cpp",
                               backend="llama.cpp", format="Q8_0", weights_class="8-bit",
                               dtype="q8_0", weights_dtype="q8_0",
                               file_bytes={"text": 5 << 20, "mmproj": 1 << 20}),
        "llama.cpp-F32": _row({1: 20.0, 8: 80.0}, 100.0, 4.0, system="llama.cpp",
                              backend="llama.cpp", format="F32", weights_class="32-bit",
                              dtype="float32", weights_dtype="float32",
                              file_bytes={"text": 9 << 20, "mmproj": 1 << 20}),
    }
    summary = report.summarize(systems, costs, ceilings)
    q8 = summary["llama.cpp-Q8_0"]["vlmxla_same_class"]
    assert list(q8) == ["pjrt-cpu-int8"]  # the int8 row only: its class
    assert q8["pjrt-cpu-int8"]["decode_speedup_by_batch"] == {"1": 0.5, "8": 0.5}
    assert q8["pjrt-cpu-int8"]["prefill_speedup"] == 0.5
    assert q8["pjrt-cpu-int8"]["ttft_image_text_speedup"] == 0.5
    f32 = summary["llama.cpp-F32"]["vlmxla_same_class"]
    assert list(f32) == ["pjrt-cpu"]
    assert f32["pjrt-cpu"]["decode_speedup_by_batch"] == {"1": 0.5, "8": 0.5}
    assert f32["pjrt-cpu"]["ttft_image_text_speedup"] == 2.0
    assert "decode_roofline_fraction_by_batch" not in summary["llama.cpp-Q8_0"]
    results = {"systems": systems, "summary": summary,
               "unavailable": {"llama.cpp-Q4_0": "unavailable: llama-quantize Q4_0: exit 1"}}
    table = report.table(results)
    assert "| llama.cpp-Q8_0 | Q8_0 (5 MiB + mmproj 1 MiB) |" in table
    assert "| llama.cpp-Q4_0 | unavailable: llama-quantize Q4_0: exit 1 |" in table
    against = report.table_llamacpp(results)
    assert "| pjrt-cpu-int8 | llama.cpp-Q8_0 | 8-bit | 0.50x | 0.50x | 0.50x | 0.50x |" in against
    assert "llama.cpp-Q4_0: unavailable: llama-quantize Q4_0: exit 1" in against


def test_llamacpp_at_an_empty_directory_gives_unavailable_rows_and_the_run_goes_on(
        vlmxla_bin, tmp_path, capsys):
    empty = tmp_path / "no-llama.cpp"
    empty.mkdir()
    out = tmp_path / "out"
    rc = bench_main.main(["--quick", "--bin", str(vlmxla_bin), "--out", str(out),
                          "--backends", "pjrt-cpu", "--dtypes", "float32",
                          "--transformers-dtypes", "", "--batches", "1,4",
                          "--llamacpp", str(empty)])
    assert rc == 0
    (json_path,) = out.glob("*-quick.json")
    data = json.loads(json_path.read_text())
    assert set(data["systems"]) == {"pjrt-cpu"} and data["failures"] == {}
    assert list(data["unavailable"]) == [llamacpp.row_name(f) for f in
                                         ("F32", "F16", "Q8_0", "Q4_0")]
    for why in data["unavailable"].values():
        assert why.startswith("unavailable: no llama-bench under ")
        assert "llama-batched-bench" in why and "llama-mtmd-cli" in why
    printed = capsys.readouterr()
    assert "| llama.cpp-Q8_0 | unavailable: no llama-bench under" in printed.out
    assert "llama.cpp-Q4_0 UNAVAILABLE: no llama-bench under" in printed.err


# Excerpts of what llama.cpp 0c1e57098 printed in a `--quick --llamacpp` run on the tiny fixture
# (paths shortened; llama-bench's JSON objects cut to the fields read and a few beside them).
BATCHED_BENCH = """\
$ llama-batched-bench -m text-Q8_0.gguf -t 2 -c 232 -npp 15 -ntg 12 -npl 1,4,8 --output-format jsonl
0.00.009.114 W llama_context: n_ctx is not divisible by n_seq_max - rounding down to 2048
{"n_kv_max": 2048, "n_batch": 2048, "n_ubatch": 512, "flash_attn": -1, "is_pp_shared": 0, \
"n_gpu_layers": -1, "n_threads": 2, "n_threads_batch": 2, "pp": 15, "tg": 12, "pl": 1, \
"n_kv": 27, "t_pp": 0.000789, "speed_pp": 19011.406250, "t_tg": 0.000941, \
"speed_tg": 12752.390625, "t": 0.001730, "speed": 15606.936523}
{"n_kv_max": 2048, "n_batch": 2048, "n_ubatch": 512, "flash_attn": -1, "is_pp_shared": 0, \
"n_gpu_layers": -1, "n_threads": 2, "n_threads_batch": 2, "pp": 15, "tg": 12, "pl": 8, \
"n_kv": 216, "t_pp": 0.001205, "speed_pp": 99585.062500, "t_tg": 0.021190, \
"speed_tg": 4530.438965, "t": 0.022395, "speed": 9645.009766}
"""
LLAMA_BENCH = """\
$ llama-bench -m text-Q8_0.gguf -t 2 -p 32,15 -n 0 -r 1 -o json
[
  {
    "build_commit": "0c1e57098",
    "cpu_info": "AMD EPYC",
    "model_type": "qwen2 ?B Q8_0",
    "model_size": 175840,
    "n_threads": 2,
    "n_prompt": 32,
    "n_gen": 0,
    "avg_ns": 298894,
    "avg_ts": 107061.366237,
    "samples_ns": [ 298894 ]
  },
  {
    "build_commit": "0c1e57098",
    "cpu_info": "AMD EPYC",
    "model_type": "qwen2 ?B Q8_0",
    "model_size": 175840,
    "n_threads": 2,
    "n_prompt": 15,
    "n_gen": 0,
    "avg_ns": 221014,
    "avg_ts": 67869.003049,
    "samples_ns": [ 221014 ]
  }
]
"""
MTMD_CLI = """\
0.00.042.490 I main: loading model: text-F32.gguf
0.00.045.561 I encoding mtmd batch, n_chunks = 1 (done = 1, total = 3)
0.00.050.093 I mtmd batch encoding done in 4 ms
0.00.050.110 I decoding image batch 1/1, n_tokens_batch = 16
0.00.058.429 I image decoded (batch 1/1) in 9 ms

A

0.00.062.569 I llama_perf_context_print:        load time =      21.46 ms
0.00.062.579 I llama_perf_context_print: prompt eval time =      16.96 ms /    32 tokens (    0.53 \
ms per token,  1886.46 tokens per second)
0.00.062.580 I llama_perf_context_print:        eval time =       0.00 ms /     1 runs   (    0.00 \
ms per token,      inf tokens per second)
0.00.062.581 I llama_perf_context_print:       total time =      28.16 ms /    33 tokens
"""


def test_batched_bench_output_gives_decode_per_batch():
    got = llamacpp.parse_batched_bench(BATCHED_BENCH)
    assert sorted(got) == [1, 8]
    assert got[8]["tokens"] == 96 and got[8]["prompt_tokens"] == 15
    assert got[8]["seconds"] == pytest.approx(0.021190)
    assert got[8]["tokens_per_second"] == pytest.approx(4530.438965)
    assert got[8]["tokens_per_second"] == pytest.approx(96 / 0.021190, rel=1e-4)
    assert got[1]["threads"] == 2
    with pytest.raises(ValueError, match="no result line"):
        llamacpp.parse_batched_bench(BATCHED_BENCH.split("{", 1)[0])


def test_llama_bench_json_gives_prompt_rates_by_length():
    got = llamacpp.parse_llama_bench(LLAMA_BENCH)
    assert sorted(got) == [15, 32]
    assert got[32]["tokens_per_second"] == pytest.approx(107061.366237)
    assert got[32]["seconds"] == pytest.approx(298894e-9)
    assert got[15]["build_commit"] == "0c1e57098" and got[15]["model_size"] == 175840
    with pytest.raises(ValueError, match="no JSON array"):
        llamacpp.parse_llama_bench("error: failed to load model\n")


def test_mtmd_cli_log_gives_image_ttft():
    got = llamacpp.parse_mtmd(MTMD_CLI)
    assert got["image_tokens"] == 16 and got["prompt_tokens"] == 32
    assert got["image_encode_seconds"] == pytest.approx(0.004)
    assert got["prompt_eval_seconds"] == pytest.approx(0.01696)
    assert got["ttft_seconds"] == pytest.approx(0.004 + 0.01696)
    # A run whose logger stopped before the timings (seen at 0c1e57098): an error, no number.
    cut = MTMD_CLI.split("\nA\n")[0]
    with pytest.raises(ValueError, match="no prompt eval time"):
        llamacpp.parse_mtmd(cut)
    with pytest.raises(ValueError, match="no image encode time"):
        llamacpp.parse_mtmd(MTMD_CLI.replace("mtmd batch encoding done", "encoding failed"))


def _fake_tools(tmp_path, repack_crashes: bool, plain_crashes: bool) -> dict:
    """llama.cpp's three tools as scripts printing the outputs above; each dies by SIGILL with
    weight repacking on (the default) when `repack_crashes`, and with it off when
    `plain_crashes`."""
    tools = {}
    for tool, output, off in (("llama-batched-bench", BATCHED_BENCH, "--no-repack"),
                              ("llama-bench", LLAMA_BENCH, "--repack 0"),
                              ("llama-mtmd-cli", MTMD_CLI, "--no-repack")):
        (tmp_path / f"{tool}.out").write_text(output)
        crash = "kill -ILL $$"
        script = tmp_path / tool
        script.write_text(
            "#!/bin/sh\n"
            f'case " $* " in *" {off} "*) {crash if plain_crashes else ":"} ;;'
            f" *) {crash if repack_crashes else ':'} ;; esac\n"
            f"cat {tmp_path / f'{tool}.out'}\n")
        script.chmod(0o755)
        tools[tool] = script
    return tools


@pytest.mark.parametrize("plain_crashes", [False, True])
def test_a_row_whose_repacked_kernels_crash_runs_again_without_repacking(tmp_path, plain_crashes):
    """A llama.cpp build whose repacked CPU kernels die on this CPU (SIGILL in Q8_0 and Q4_0 on a
    Sapphire Rapids VM) gives its row with the weights as stored, and says so; a tool that dies
    either way gives an unavailable row naming both tries."""
    (tmp_path / "text.gguf").write_bytes(b"gguf")
    (tmp_path / "mmproj.gguf").write_bytes(b"gguf")
    work = tmp_path / "work"
    work.mkdir()
    row = llamacpp.run_format(
        "Q8_0", tmp_path / "text.gguf", tmp_path / "mmproj.gguf",
        _fake_tools(tmp_path, repack_crashes=True, plain_crashes=plain_crashes), "0c1e57098",
        image=tmp_path / "image.png", label="scene", prompt="Describe the image.",
        prompt_tokens_text=15, prompt_tokens_image_text=32, decode_tokens=16, batches=[1, 8],
        threads=2, work=work, timeout=60)
    if plain_crashes:
        assert row["error"].startswith("unavailable: llama-batched-bench exit -4"), row
        assert "(after weight repacking off (--no-repack): with it, llama-batched-bench exit -4" \
            in row["error"], row
        return
    assert "error" not in row, row
    assert row["repack"] is False
    assert row["repack_off_why"].startswith(
        "weight repacking off (--no-repack): with it, llama-batched-bench exit -4"), row
    assert row["decode"][1]["tokens_per_second"] == pytest.approx(4530.438965)
    assert row["ttft_image_text_seconds"] == pytest.approx(0.004 + 0.01696)
    command = (work / "llama.cpp-Q8_0.batched-bench.log").read_text().splitlines()[0]
    assert command.startswith("$ ") and command.endswith(" --no-repack"), command


def test_version_line_gives_the_commit(tmp_path):
    fake = tmp_path / "llama-batched-bench"
    fake.write_text("#!/bin/sh\necho 'version: 0.5.0-dev (build 0, commit 0c1e57098)' >&2\n"
                    "echo 'built with GNU 12.2.0 for Linux x86_64' >&2\n")
    fake.chmod(0o755)
    assert llamacpp.commit_of({"llama-batched-bench": fake}) == "0c1e57098"
    fake.write_text("#!/bin/sh\necho 'version: 4123 (34af94cd)'\n")
    assert llamacpp.commit_of({"llama-batched-bench": fake}) == "34af94cd"


LLAMACPP = os.environ.get("VLMXLA_LLAMACPP")


def test_quick_run_beside_llamacpp(vlmxla_bin, tmp_path):
    """`--quick --llamacpp $VLMXLA_LLAMACPP`: every format converted and run on the tiny fixture,
    its rows beside vlmxla's with the same prompt lengths and image tokens."""
    if not LLAMACPP or not (pathlib.Path(LLAMACPP) / "build" / "bin" / "llama-mtmd-cli").is_file():
        pytest.skip("llama.cpp not built here: set VLMXLA_LLAMACPP to a llama.cpp checkout built "
                    "as bench/README.md (\"llama.cpp beside vlmxla\") says")
    rc = bench_main.main(["--quick", "--bin", str(vlmxla_bin), "--out", str(tmp_path),
                          "--backends", "pjrt-cpu", "--dtypes", "float32,bfloat16",
                          "--transformers-dtypes", "", "--weights", "int8",
                          "--llamacpp", LLAMACPP])
    assert rc == 0
    (json_path,) = tmp_path.glob("*-quick.json")
    data = json.loads(json_path.read_text())
    assert data["unavailable"] == {}
    formats = ["F32", "BF16", "Q8_0", "Q4_0"]
    assert data["settings"]["llamacpp_formats"] == formats
    ref = data["systems"]["pjrt-cpu"]
    for fmt in formats:
        s = data["systems"][llamacpp.row_name(fmt)]
        assert s["system"] == "llama.cpp" and s["format"] == fmt
        assert s["commit"] == data["llamacpp"]["commit"] != "unknown"
        assert s["file_bytes"]["text"] > 0 and s["file_bytes"]["mmproj"] > 0
        assert [d["batch"] for d in s["decode"]] == [1, 4, 8]
        for d in s["decode"]:
            assert d["tokens"] == d["batch"] * 12 and d["tokens_per_second"] > 0
        assert s["prompt_tokens_image_text"] == ref["prompt_tokens_image_text"]
        assert s["prompt_tokens_text"] == ref["prompt_tokens_text"]
        assert s["image_tokens"] == 16  # the tiny tower's 4x4 patches
        assert s["ttft_image_text_seconds"] > 0 and s["ttft_text_seconds"] > 0
        assert set(s["decoder_prefill_tokens_per_second"]) == {
            str(ref["prompt_tokens_image_text"]), str(ref["prompt_tokens_text"])}
    sizes = {f: data["systems"][llamacpp.row_name(f)]["file_bytes"]["text"] for f in formats}
    assert sizes["F32"] > sizes["BF16"] > sizes["Q8_0"] > sizes["Q4_0"]
    summary = data["summary"]
    assert list(summary["llama.cpp-Q8_0"]["vlmxla_same_class"]) == ["pjrt-cpu-int8"]
    assert list(summary["llama.cpp-BF16"]["vlmxla_same_class"]) == ["pjrt-cpu-bfloat16"]
    assert summary["llama.cpp-Q4_0"]["vlmxla_same_class"] == {}
