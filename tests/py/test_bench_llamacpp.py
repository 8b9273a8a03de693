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
