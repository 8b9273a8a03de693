"""vlmxla_gate.quality: the quantized formats' next-token quality against the unquantized model
over N decoded tokens, Transformers only (the gate's capture and next_token_quality). On the tiny
Qwen2 fixture: the report's fields and sane values (w8a8's and w4a8's copies apart from int8's
and int4's), an unknown format refused naming the choices, and EOS (case "ignore_eos"): decoding
goes on past it by default, teacher-forced through it, and --stop-at-eos reports the early
stop."""

import json
import shutil

import pytest
from safetensors.torch import load_file
from vlmxla_gate import quality
from vlmxla_oracle import capture, quantize, testing


def _greedy(work) -> list[int]:
    return load_file(str(work / "float" / "stages.safetensors"))["greedy_tokens"].tolist()


def test_reports_each_format_over_the_decoded_positions(tmp_path, capsys):
    model = testing.ensure_fixture("tiny-qwen2")
    work, out = tmp_path / "work", tmp_path / "report.json"
    rc = quality.main(["--model", str(model), "--weights", "w8a8,int8", "--tokens", "8",
                       "--work", str(work), "--report", str(out)])
    assert rc == 0
    report = json.loads(out.read_text())
    decoded = len(_greedy(work))
    assert decoded == 8 and report["float"]["positions"] == decoded
    assert report["case"]["max_new_tokens"] == 8 and report["case"]["ignore_eos"] is True
    assert list(report["formats"]) == ["w8a8", "int8"]
    for r in report["formats"].values():
        assert r["positions"] == decoded
        assert 0 <= r["top1_agreement"] <= 1
        assert r["top1_agree"] == round(r["top1_agreement"] * decoded)
        assert 0 <= r["mean_kl"] <= r["max_kl"]
        assert r["seconds"] >= 0 and r["cached"] is False
    # The copies are the gate's: w8a8's quantizes activations, so it differs from int8's.
    assert report["formats"]["w8a8"]["mean_kl"] != report["formats"]["int8"]["mean_kl"]
    printed = capsys.readouterr().out
    assert "w8a8" in printed and "int8" in printed and "top1" in printed
    # A second run reuses the captures (capture.is_current) and reports the same numbers.
    assert quality.main(["--model", str(model), "--weights", "int8", "--tokens", "8",
                         "--work", str(work), "--report", str(out)]) == 0
    again = json.loads(out.read_text())
    assert again["float"]["cached"] and again["formats"]["int8"]["cached"]
    assert again["formats"]["int8"]["mean_kl"] == report["formats"]["int8"]["mean_kl"]


def test_w4a8_is_measured_on_its_own_copy(tmp_path):
    """w4a8 (int4's weights, int8 per-token activations) is a format of the tool's: its copy
    quantizes activations, so its figures differ from int4's over the same decoded positions."""
    model = testing.ensure_fixture("tiny-qwen2")
    out = tmp_path / "report.json"
    assert quality.main(["--model", str(model), "--weights", "w4a8,int4", "--tokens", "6",
                         "--work", str(tmp_path / "work"), "--report", str(out)]) == 0
    report = json.loads(out.read_text())
    assert list(report["formats"]) == ["w4a8", "int4"]
    w4a8, int4 = report["formats"]["w4a8"], report["formats"]["int4"]
    assert w4a8["positions"] == int4["positions"] == 6
    assert 0 <= w4a8["mean_kl"] <= w4a8["max_kl"] and w4a8["mean_kl"] != int4["mean_kl"]


def test_unknown_format_is_refused_naming_the_choices(capsys):
    model = testing.ensure_fixture("tiny-qwen2")
    with pytest.raises(SystemExit) as exc:
        quality.main(["--model", str(model), "--weights", "int8,fp4", "--tokens", "8"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "'fp4'" in err and ", ".join(quantize.WEIGHTS) in err


def test_eos_is_decoded_past_by_default_and_reported_with_stop_at_eos(tmp_path, monkeypatch):
    """A copy of the fixture whose EOS is the token it decodes first: by default the decode goes
    on to --tokens (ignore_eos) and the format is teacher-forced through the EOS; --stop-at-eos
    stops after that one token and says so."""
    source = testing.ensure_fixture("tiny-qwen2")
    first = tmp_path / "first"
    assert quality.main(["--model", str(source), "--weights", "int8", "--tokens", "4",
                         "--work", str(first)]) == 0
    eos = _greedy(first)[0]
    model = tmp_path / "tiny-qwen2-eos"
    shutil.copytree(source, model)
    gen = json.loads((model / "generation_config.json").read_text())
    (model / "generation_config.json").write_text(json.dumps({**gen, "eos_token_id": eos}))
    monkeypatch.setenv("VLMXLA_CACHE", str(tmp_path / "cache"))  # the copy's dequantized dirs

    on, stop = tmp_path / "on.json", tmp_path / "stop.json"
    assert quality.main(["--model", str(model), "--weights", "int8", "--tokens", "6",
                         "--work", str(tmp_path / "w-on"), "--report", str(on)]) == 0
    report = json.loads(on.read_text())
    assert report["float"]["positions"] == 6 and report["float"]["eos_step"] == 0
    assert not report["float"]["stopped_early_at_eos"]
    assert report["formats"]["int8"]["positions"] == 6  # forced through the EOS
    assert _greedy(tmp_path / "w-on")[0] == eos

    assert quality.main(["--model", str(model), "--weights", "int8", "--tokens", "6",
                         "--stop-at-eos", "--work", str(tmp_path / "w-stop"),
                         "--report", str(stop)]) == 0
    report = json.loads(stop.read_text())
    assert "ignore_eos" not in report["case"]
    assert report["float"]["positions"] == 1 and report["float"]["stopped_early_at_eos"]
    assert report["formats"]["int8"]["positions"] == 1


def test_a_case_without_ignore_eos_is_captured_as_before(tmp_path):
    """The case field is only honoured when set: a case without it still stops at EOS and its
    manifest's case is unchanged (is_current compares the case as given)."""
    model = testing.ensure_fixture("tiny-qwen2")
    case = quality.build_case("Tell me about red boats on a lake.", None, 4, ignore_eos=False)
    assert "ignore_eos" not in case
    manifest = capture.capture(model, case, tmp_path / "cap")
    assert manifest["case"] == case
    assert capture.is_current(tmp_path / "cap" / "manifest.json", model, case)
    assert not capture.is_current(tmp_path / "cap" / "manifest.json", model,
                                  {**case, "ignore_eos": True})
