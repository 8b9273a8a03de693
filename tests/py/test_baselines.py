"""The gate's baselines and its "weights are held once" check.

The comparison itself is tested on synthetic measurements (every metric kind, the margins, a
missing baseline, both halves of held-once). End to end, on one fixture and case: a run records
fresh baselines and passes held-once on PJRT and IREE; the same run with a planted decode
slowdown fails naming decode_tokens_per_second; with a planted duplicate of the decoder weights
it fails naming weights_held_once, by structure and by measurement, on both backends.
"""

import json
import os
import subprocess

import pytest
from vlmxla_oracle import baselines

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


def test_missing_baseline_fails(tmp_path):
    report = baselines.check([_result()], tmp_path / "none.json")
    assert not report["pass"]
    assert "--update-baselines" in report["failures"][0]


def test_held_once_structure_and_measurement(tmp_path):
    path = _baseline_file(tmp_path, _result())
    once = baselines.check([_result()], path)["cases"][0]["held_once"]
    assert once["pass"] and once["measurement"]["ratio"] == pytest.approx(1.0)
    # A tensor uploaded twice fails by structure even when memory looks fine.
    twice = baselines.check([_result(uploads={"language_model.a": 2})], path)
    assert not twice["pass"]
    assert twice["cases"][0]["held_once"]["structure"]["uploaded_more_than_once"] == \
        ["language_model.a"]
    assert "weights_held_once" in twice["failures"][0]
    # A second copy in memory (the mmap kept beside the device copy) fails by measurement.
    doubled = baselines.check([_result(engine_added=2_000_000)], path)
    assert not doubled["cases"][0]["held_once"]["measurement"]["pass"]
    # IREE: the host holds the copy; an engine that keeps one too fails.
    assert baselines.held_once(_result(engine_added=10_000, host_added=1_000_000),
                               baselines.DEFAULT_MARGINS)["pass"]
    assert not baselines.held_once(_result(engine_added=1_000_000, host_added=1_000_000),
                                   baselines.DEFAULT_MARGINS)["pass"]


def test_committed_baselines_cover_the_gate():
    data = json.loads(baselines.BASELINES_PATH.read_text())
    for kind in ("time", "throughput", "memory", "held_once"):
        assert data["margins"][kind]["ratio"] > 1 and data["margins"][kind]["why"]
    # Both suites: the LLaVA gate's fixtures and the text-only architecture gate's.
    for fixture, names in (("tiny-llava-clip-llama", {"image_text", "two_images", "no_image"}),
                           ("tiny-llava-siglip-qwen2", {"image_text", "two_images", "no_image"}),
                           ("tiny-llama", {"no_image"}), ("tiny-qwen2", {"no_image"})):
        for backend in ("pjrt-cpu", "iree-cpu"):
            cases = data["fixtures"][fixture][backend]
            assert set(cases) == names
            for metrics in cases.values():
                assert set(metrics) <= set(baselines.METRIC_KINDS)
                assert {"prefill_seconds", "decode_tokens_per_second", "prepare_peak_rss_bytes",
                        "engine_peak_rss_bytes"} <= set(metrics)
                if backend == "iree-cpu":
                    assert "iree_host_peak_rss_bytes" in metrics


def _gate(repo_dir, vlmxla_bin, tmp_path, backend, baseline_file, *extra, env=None):
    report_path = tmp_path / f"r-{backend}-{len(list(tmp_path.iterdir()))}.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_llava_reference.sh"), "--fixture", FIXTURE,
         "--case", CASE, "--backend", backend, "--baselines", str(baseline_file),
         "--report", str(report_path), "--vlmxla", str(vlmxla_bin), *extra],
        check=False, capture_output=True, text=True, timeout=600,
        env={**os.environ, **(env or {})})
    return proc, json.loads(report_path.read_text())


@pytest.fixture(scope="module")
def recorded(repo_dir, vlmxla_bin, tmp_path_factory):
    """backend -> (baseline file, report) of one clean gate run with --update-baselines."""
    runs = {}

    def get(backend):
        if backend not in runs:
            tmp = tmp_path_factory.mktemp(backend)
            path = tmp / "baselines.json"
            proc, report = _gate(repo_dir, vlmxla_bin, tmp, backend, path, "--update-baselines")
            assert proc.returncode == 0, proc.stdout + proc.stderr
            runs[backend] = (path, report)
        return runs[backend]
    return get


@pytest.mark.parametrize("backend", ["pjrt-cpu", "iree-cpu"])
def test_gate_fails_on_planted_duplicate_weights(repo_dir, vlmxla_bin, tmp_path, recorded,
                                                 backend):
    path, report = recorded(backend)
    row = report["baselines"]["cases"][0]
    once = row["held_once"]
    assert once["pass"], once
    assert once["structure"]["max_uploads_per_tensor"] == 1
    # One copy: the upload added about the weight bytes, not twice.
    assert 0.5 < once["measurement"]["ratio"] < 1.5, once
    if backend == "iree-cpu":
        assert once["measurement"]["device_added_bytes"] == once["measurement"]["weight_bytes"]
    assert json.loads(path.read_text())["fixtures"][FIXTURE][backend][CASE] == row["metrics"]

    proc, report = _gate(repo_dir, vlmxla_bin, tmp_path, backend, path,
                         env={"VLMXLA_TEST_PLANT_DUPLICATE_WEIGHTS": "1"})
    assert proc.returncode == 1, proc.stdout
    assert report["pass"] is False
    assert report["cases"][0]["status"] == "pass"  # the stages still agree: only memory is wrong
    once = report["baselines"]["cases"][0]["held_once"]
    assert not once["structure"]["pass"]
    twice = once["structure"]["uploaded_more_than_once"]
    assert twice and all(n.startswith("language_model.") for n in twice), twice
    assert not once["measurement"]["pass"], once["measurement"]
    assert any("weights_held_once" in f for f in report["baselines"]["failures"])
    assert "weights_held_once" in proc.stdout


def test_gate_fails_on_planted_slowdown(repo_dir, vlmxla_bin, tmp_path, recorded):
    path, _ = recorded("pjrt-cpu")
    proc, report = _gate(repo_dir, vlmxla_bin, tmp_path, "pjrt-cpu", path,
                         env={"VLMXLA_TEST_PLANT_SLOWDOWN_MS": "150"})
    assert proc.returncode == 1, proc.stdout
    regressions = report["baselines"]["cases"][0]["regressions"]
    assert "decode_tokens_per_second" in [r["metric"] for r in regressions]
    assert "decode_tokens_per_second regressed" in proc.stdout
    assert report["baselines"]["cases"][0]["held_once"]["pass"]
