"""The gate's baselines and its "weights are held once" check.

The comparison itself is tested on synthetic measurements (every metric kind, the margins, a
missing baseline, both halves of held-once). End to end, on one fixture and case: a run records
fresh baselines and passes held-once on PJRT and IREE; the same run with a planted decode
slowdown fails naming decode_tokens_per_second; with a planted second device copy of the weights
it fails naming weights_held_once, by measurement, on both backends. The faults are planted by
FaultInjectingExecutor (tests/tools/), which the VLMXLA_TEST_PLANT_* variables install in
vlmxla-testtool: the gate runs the test tool as its vlmxla for those runs, and the product binary
knows neither the wrapper nor the variables.
"""

import json
import os
import subprocess

import pytest
from vlmxla_gate import baselines

FIXTURE = "tiny-llava-clip-llama"
CASE = "image_text"
MIB = 1 << 20


def _result(uploads=None, engine_added=1_000_000, host_added=None, **metrics) -> dict:
    """A run_case result with measurements shaped like `vlmxla validate`'s manifest."""
    w = 1_000_000
    uploads = uploads or {"language_model.a": 1, "vision_tower.b": 1}

    def side(private):
        return {"private_bytes": private}
    before = {"engine": side(100 * MIB)}
    after = {"engine": side(100 * MIB + engine_added)}
    if host_added is not None:
        before["iree_host"], after["iree_host"] = side(50 * MIB), side(50 * MIB + host_added)
    return {
        "model": FIXTURE, "backend": "pjrt-cpu", "case": CASE, "status": "pass",
        "timing": {"prefill_seconds": metrics.get("prefill", 0.04),
                   "decode_seconds": metrics.get("decode", 0.007)},
        "usage": {"completion_tokens": 8},
        "measurements": {
            "engine_peak_rss_bytes": metrics.get("rss", 300 * MIB),
            "compile": {"programs": 3, "seconds": 3.0, "cold_programs": 3, "cold_seconds": 3.0,
                        "cached_programs": 0, "cached_seconds": 0.0},
            "weights": {"bytes": w, "vision_bytes": 200_000, "decoder_bytes": 800_000,
                        "tensors": len(uploads), "max_uploads_per_tensor": max(uploads.values()),
                        "uploads": uploads},
            "weight_upload_memory": {"before": before, "after": after},
            "device_memory": {"reported": False, "detail": "not reported"},
            "prepare": {"exit_code": 0, "peak_rss_bytes": 20 * MIB},
        },
    }


def _baseline_file(tmp_path, result) -> object:
    path = tmp_path / "baselines.json"
    report = baselines.check([result], path, update=True)
    assert report["pass"], report["failures"]
    return path


def test_metrics_of_a_run():
    m = baselines.case_metrics(_result())
    assert m["decode_tokens_per_second"] == pytest.approx(7 / 0.007)  # token 1 is the prefill's
    assert m["compile_cold_seconds_per_program"] == pytest.approx(1.0)
    assert "compile_cached_seconds_per_program" not in m  # nothing came from a cache
    assert m["prepare_peak_rss_bytes"] == 20 * MIB
    assert "device_memory_bytes" not in m  # not reported: not invented


def test_within_margins_passes_and_each_regression_is_named(tmp_path):
    path = _baseline_file(tmp_path, _result())
    # Noise inside the margins (2x slower, 1.2x the memory) passes.
    assert baselines.check([_result(prefill=0.08, decode=0.014, rss=360 * MIB)], path)["pass"]
    for metric, bad in (("prefill_seconds", {"prefill": 0.5}),
                        ("decode_tokens_per_second", {"decode": 0.5}),
                        ("engine_peak_rss_bytes", {"rss": 600 * MIB})):
        report = baselines.check([_result(**bad)], path)
        assert not report["pass"]
        assert [r["metric"] for r in report["cases"][0]["regressions"]] == [metric]
        assert any(metric in f for f in report["failures"])


def test_missing_baseline_is_recorded_not_failed(tmp_path):
    # No file at all (a user's --baselines FILE not written yet): correctness alone decides.
    report = baselines.check([_result()], tmp_path / "none.json")
    assert report["pass"] and not report["failures"]
    row = report["cases"][0]
    assert row["status"] == baselines.NO_BASELINE == "recorded, no baseline to compare"
    assert row["metrics"] == baselines.case_metrics(_result())  # every figure is still reported
    assert report["no_baseline"] == [f"{FIXTURE}/pjrt-cpu/cpu/{CASE}"]
    # A file with other entries only: the same.
    path = _baseline_file(tmp_path, {**_result(), "case": "other"})
    assert baselines.check([_result()], path)["cases"][0]["status"] == baselines.NO_BASELINE
    # Held-once still applies to a run without a baseline.
    doubled = baselines.check([_result(engine_added=2_000_000)], tmp_path / "none.json")
    assert not doubled["pass"] and "weights_held_once" in doubled["failures"][0]


def test_baselines_are_keyed_by_dtype(tmp_path):
    f32, bf16 = _result(), {**_result(prefill=0.5), "dtype": "bf16"}
    path = _baseline_file(tmp_path, f32)
    # A float32 entry is not a bfloat16 baseline: the bf16 run is recorded, not compared.
    report = baselines.check([bf16], path)
    assert report["pass"] and report["cases"][0]["status"] == baselines.NO_BASELINE
    assert report["cases"][0]["key"] == f"{FIXTURE}/pjrt-cpu/cpu/{CASE}/bf16"
    # Recording it puts it under "dtypes"/bf16 and leaves the float32 entry as it was.
    before = json.loads(path.read_text())["fixtures"]
    assert baselines.check([bf16], path, update=True)["pass"]
    data = json.loads(path.read_text())
    assert data["fixtures"] == before
    assert data["dtypes"]["bf16"][FIXTURE]["pjrt-cpu/cpu"][CASE]["prefill_seconds"] == 0.5
    # Each dtype is then compared with its own entry.
    assert baselines.check([f32, bf16], path)["pass"]
    slow = baselines.check([{**_result(prefill=5.0), "dtype": "bf16"}], path)
    assert not slow["pass"] and "/bf16: prefill_seconds regressed" in slow["failures"][0]
    slow32 = baselines.check([_result(prefill=0.5)], path)  # 0.5 s is bf16's, not f32's
    assert not slow32["pass"]


def test_a_run_under_an_isa_cap_is_not_compared_with_native_figures(tmp_path):
    # The AVX2 leg runs other programs than the ones the CPU entries were measured with: its
    # runs get their own key, so a native entry is no baseline for them (nor theirs for native).
    native, capped = _result(), {**_result(prefill=5.0), "isa_cap": "avx2"}
    path = _baseline_file(tmp_path, native)
    report = baselines.check([capped], path)
    assert report["pass"], report["failures"]
    assert report["cases"][0]["key"] == f"{FIXTURE}/pjrt-cpu/cpu-avx2/{CASE}"
    assert report["cases"][0]["status"] == baselines.NO_BASELINE
    # Without the cap the same slow run is compared, and fails.
    assert not baselines.check([{**capped, "isa_cap": None}], path)["pass"]


def test_baselines_are_keyed_by_backend_and_device_kind(tmp_path):
    cpu = _result()
    h200 = {**_result(prefill=5.0, rss=4000 * MIB), "backend": "pjrt-cuda",
            "device_kind": "NVIDIA H200"}
    path = _baseline_file(tmp_path, cpu)
    assert list(json.loads(path.read_text())["fixtures"][FIXTURE]) == ["pjrt-cpu/cpu"]
    # The CPU's figures are no baseline for a GPU: recorded, passes on correctness.
    report = baselines.check([h200], path)
    assert report["pass"], report["failures"]
    row = report["cases"][0]
    assert row["status"] == baselines.NO_BASELINE
    assert row["key"] == f"{FIXTURE}/pjrt-cuda/NVIDIA H200/{CASE}"
    assert row["metrics"]["prefill_seconds"] == 5.0
    # Recorded under its own key, then compared with it (and only it).
    assert baselines.check([h200], path, update=True)["pass"]
    data = json.loads(path.read_text())
    assert data["schema"] == 2
    assert set(data["fixtures"][FIXTURE]) == {"pjrt-cpu/cpu", "pjrt-cuda/NVIDIA H200"}
    assert baselines.check([cpu, h200], path)["pass"]
    slower = baselines.check([{**h200, **_result(prefill=50.0), "backend": "pjrt-cuda",
                               "device_kind": "NVIDIA H200"}], path)
    assert not slower["pass"] and "prefill_seconds regressed" in slower["failures"][0]
    other_card = baselines.check([{**h200, "device_kind": "NVIDIA H100 80GB HBM3"}], path)
    assert other_card["pass"] and other_card["cases"][0]["status"] == baselines.NO_BASELINE


def test_a_file_keyed_by_backend_alone_still_gates_the_cpu(tmp_path):
    # Schema 1 (before device kinds): every entry was measured on the CPU.
    metrics = baselines.case_metrics(_result())
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"schema": 1, "fixtures": {FIXTURE: {"pjrt-cpu": {CASE: metrics}}},
                                "dtypes": {"bf16": {FIXTURE: {"iree-cpu": {CASE: metrics}}}}}))
    assert baselines.check([_result()], path)["cases"][0]["status"] == "compared"
    slow = baselines.check([_result(prefill=5.0)], path)
    assert not slow["pass"] and "prefill_seconds regressed" in slow["failures"][0]
    bf16 = {**_result(prefill=5.0), "backend": "iree-cpu", "dtype": "bf16"}
    assert not baselines.check([bf16], path)["pass"]


def test_committed_baselines_are_keyed_by_device():
    data = json.loads(baselines.BASELINES_PATH.read_text())
    assert data["schema"] == baselines.SCHEMA == 2
    tables = [data["fixtures"], *data.get("dtypes", {}).values()]
    keys = {k for t in tables for by_backend in t.values() for k in by_backend}
    assert keys and keys <= {"pjrt-cpu/cpu", "iree-cpu/cpu"}, keys


def _checkpoint(tmp_path, shapes: dict, dtype: str = "float32") -> object:
    import torch
    from safetensors.torch import save_file
    d = tmp_path / "ckpt"
    d.mkdir(parents=True)
    save_file({k: torch.zeros(v, dtype=getattr(torch, dtype)) for k, v in shapes.items()},
              str(d / "model.safetensors"))
    return d


def test_the_committed_margins_are_the_defaults_and_a_missing_field_takes_its_default(tmp_path):
    """The gate holds runs to baselines.json's margins: they must say what DEFAULT_MARGINS says
    (the held-once slack once lived only in the defaults and the gate never applied it), and a
    file written before a field existed gets the field's default."""
    committed = baselines.load(baselines.BASELINES_PATH)["margins"]
    for kind, default in baselines.DEFAULT_MARGINS.items():
        assert committed[kind] == default, kind
    old = tmp_path / "baselines.json"
    old.write_text(json.dumps({"schema": baselines.SCHEMA, "fixtures": {},
                               "margins": {"held_once": {"ratio": 1.5, "why": "before slack"}}}))
    margins = baselines.load(old)["margins"]
    assert margins["held_once"] == {"ratio": 1.5, "slack_bytes": 64 << 10, "why": "before slack"}
    assert margins["time"] == baselines.DEFAULT_MARGINS["time"]


def test_held_once_counts_bytes_as_held(tmp_path):
    # A bfloat16 checkpoint: 200,000 decoder + 50,000 vision elements = 500,000 bytes held.
    shapes = {"language_model.a": (200_000,), "vision_tower.b": (50_000,)}
    d = _checkpoint(tmp_path / "bf16", shapes, "bfloat16")
    uploads = {"language_model.a": 1, "vision_tower.b": 1}
    exp = baselines.expected_weights(d, uploads, "bf16")
    assert (exp["bytes"], exp["decoder_bytes"], exp["vision_bytes"]) == (500_000, 400_000, 100_000)
    assert exp["held_dtype"] == "bf16"
    # A float32 checkpoint computed in bf16 is held rounded to bf16 (2 bytes each); computed in
    # f32, as stored (4 bytes); a bf16 one computed in f32 stays bf16 (widened in the program).
    d32 = _checkpoint(tmp_path / "f32", shapes)
    exp32 = baselines.expected_weights(d32, uploads, "bf16")
    assert exp32["bytes"] == 500_000 and exp32["held_dtype"] == "bf16"
    assert baselines.expected_weights(d32, uploads, "f32")["bytes"] == 1_000_000
    assert baselines.expected_weights(d, uploads, "f32")["held_dtype"] == "bf16"

    def run(engine_added, reported_bytes, reported_decoder, model=d):
        r = _result(uploads=uploads, engine_added=engine_added)
        r["measurements"]["weights"].update(bytes=reported_bytes, decoder_bytes=reported_decoder)
        r["expected_weights"] = baselines.expected_weights(model, uploads, "bf16")
        return baselines.held_once(r, baselines.DEFAULT_MARGINS)

    assert run(500_000, 500_000, 400_000)["pass"]
    assert run(500_000, 500_000, 400_000, d32)["pass"]
    assert not run(1_000_000, 1_000_000, 800_000, d32)["pass"]  # held as stored: not rounded
    # A float32 copy of the bf16 weights kept beside them on the host: 3x the bytes held,
    # whatever the engine claims its weights weigh.
    thrice = run(1_500_000, 1_000_000, 800_000)
    assert not thrice["pass"] and not thrice["measurement"]["pass"]
    assert not thrice["structure"]["counts_match"]
    assert thrice["measurement"]["weight_bytes"] == 500_000
    # Counts that are not the held type's fail by structure even when memory fits.
    assert not run(500_000, 500_000, 800_000)["structure"]["pass"]
    # Weights as small as the quantized tiny-qwen2's (170,720 bytes): the pages the engine's and
    # the IREE host's allocators add (87,328 bytes over one copy, measured) pass; a second copy
    # with the same noise does not.
    small = _checkpoint(tmp_path / "small", {"language_model.a": (42_680,)})
    small_uploads = {"language_model.a": 1}

    def held(engine_added, host_added):
        r = _result(uploads=small_uploads, engine_added=engine_added, host_added=host_added)
        r["measurements"]["weights"].update(bytes=170_720, decoder_bytes=170_720)
        r["expected_weights"] = baselines.expected_weights(small, small_uploads, "f32")
        return baselines.held_once(r, baselines.DEFAULT_MARGINS)

    assert held(61_440, 196_608)["pass"]
    assert not held(61_440, 196_608 + 170_720)["pass"]
    # A decoder tensor never uploaded fails by structure.
    d2 = _checkpoint(tmp_path / "2", {"language_model.a": (10,), "language_model.c": (10,)})
    exp = baselines.expected_weights(d2, {"language_model.a": 1}, "f32")
    assert exp["decoder_tensors_not_uploaded"] == ["language_model.c"]


def _gate(repo_dir, vlmxla_bin, tmp_path, backend, baseline_file, *extra, env=None,
          dtypes=("float32",)):
    report_path = tmp_path / f"r-{backend}-{len(list(tmp_path.iterdir()))}.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_llava_reference.sh"), "--fixture", FIXTURE,
         "--case", CASE, "--backend", backend, "--baselines", str(baseline_file),
         "--report", str(report_path), "--vlmxla", str(vlmxla_bin), *extra,
         *[a for d in dtypes for a in ("--dtype", d)]],
        check=False, capture_output=True, text=True, timeout=600,
        env={**os.environ, **(env or {})})
    return proc, json.loads(report_path.read_text())


# Held-once applies in every compute dtype: float32 and a narrow one.
HELD_DTYPES = ("float32", "bfloat16")


@pytest.fixture(scope="module")
def recorded(repo_dir, vlmxla_bin, tmp_path_factory):
    """backend -> (baseline file, report) of one clean gate run with --update-baselines, in
    float32 and bfloat16."""
    runs = {}

    def get(backend):
        if backend not in runs:
            tmp = tmp_path_factory.mktemp(backend)
            path = tmp / "baselines.json"
            proc, report = _gate(repo_dir, vlmxla_bin, tmp, backend, path, "--update-baselines",
                                 dtypes=HELD_DTYPES)
            assert proc.returncode == 0, proc.stdout + proc.stderr
            runs[backend] = (path, report)
        return runs[backend]
    return get


@pytest.mark.parametrize("backend", ["pjrt-cpu", "iree-cpu"])
def test_gate_fails_on_planted_duplicate_weights(repo_dir, vlmxla_testtool, tmp_path, recorded,
                                                 backend):
    path, report = recorded(backend)
    rows = {row["dtype"]: row for row in report["baselines"]["cases"]}
    assert set(rows) == {"f32", "bf16"}
    data = json.loads(path.read_text())
    for dtype, row in rows.items():
        once = row["held_once"]
        assert once["pass"], once
        assert once["structure"]["max_uploads_per_tensor"] == 1
        # Counted independently in the compute dtype: bf16 weighs half of f32.
        assert once["structure"]["dtype"] == dtype and once["structure"]["counts_match"], once
        # One copy: the upload added at most about the weight bytes, not twice. (It can add less:
        # this fixture's tensors are all under the engine's 4 MiB mmap threshold, so they come
        # from heap pages that earlier frees left resident. That the measurement sees a second
        # copy is asserted on the planted run below: its ratio exceeds this one by half a copy.)
        assert once["measurement"]["ratio"] < 1.5, once
        if backend == "iree-cpu":
            assert once["measurement"]["device_added_bytes"] == \
                once["measurement"]["weight_bytes"]
        entries = data["fixtures"] if dtype == "f32" else data["dtypes"][dtype]
        assert row["device"] == f"{backend}/cpu"
        assert entries[FIXTURE][f"{backend}/cpu"][CASE] == row["metrics"]
    assert rows["bf16"]["held_once"]["measurement"]["weight_bytes"] * 2 == \
        rows["f32"]["held_once"]["measurement"]["weight_bytes"]

    proc, report = _gate(repo_dir, vlmxla_testtool, tmp_path, backend, path,
                         env={"VLMXLA_TEST_PLANT_DUPLICATE_WEIGHTS": "1"}, dtypes=HELD_DTYPES)
    assert proc.returncode == 1, proc.stdout
    assert report["pass"] is False
    # The stages still agree: only memory is wrong.
    assert [c["status"] for c in report["cases"]] == ["pass", "pass"]
    assert {row["dtype"] for row in report["baselines"]["cases"]} == {"f32", "bf16"}
    failed = []
    for row in report["baselines"]["cases"]:
        once, clean = row["held_once"], rows[row["dtype"]]["held_once"]
        # The copy is the backend's (FaultInjectingExecutor), not the engine's: the
        # engine uploaded each tensor once, and the memory alone shows the second copy.
        assert once["structure"]["pass"], once["structure"]
        assert once["structure"]["max_uploads_per_tensor"] == 1
        if backend == "iree-cpu":  # the host counts its live buffers exactly
            assert once["measurement"]["device_added_bytes"] == \
                2 * once["measurement"]["weight_bytes"], once["measurement"]
        # At least half a second set of weights more than the clean run held.
        assert once["measurement"]["ratio"] > clean["measurement"]["ratio"] + 0.5, \
            (once["measurement"], clean["measurement"])
        if not once["measurement"]["pass"]:
            failed.append(row["key"])
    assert "f32" in {row["dtype"] for row in report["baselines"]["cases"]
                     if row["key"] in failed}, report["baselines"]
    assert all(any(key in f and "weights_held_once" in f for f in report["baselines"]["failures"])
               for key in failed)
    assert "weights_held_once" in proc.stdout


def test_gate_fails_on_planted_slowdown(repo_dir, vlmxla_testtool, tmp_path, recorded):
    path, _ = recorded("pjrt-cpu")
    proc, report = _gate(repo_dir, vlmxla_testtool, tmp_path, "pjrt-cpu", path,
                         env={"VLMXLA_TEST_PLANT_SLOWDOWN_MS": "150"})
    assert proc.returncode == 1, proc.stdout
    regressions = report["baselines"]["cases"][0]["regressions"]
    assert "decode_tokens_per_second" in [r["metric"] for r in regressions]
    assert "decode_tokens_per_second regressed" in proc.stdout
    assert report["baselines"]["cases"][0]["held_once"]["pass"]


def test_only_the_test_tool_plants_faults(vlmxla_bin, vlmxla_testtool):
    """The product binary holds neither the fault wrapper nor the names of its variables."""
    product, tool = vlmxla_bin.read_bytes(), vlmxla_testtool.read_bytes()
    assert b"VLMXLA_TEST_PLANT_" in tool
    assert b"VLMXLA_TEST_PLANT_" not in product
    assert b"FaultInjectingExecutor" not in product
